#!/usr/bin/env python3
"""A video story in the viewer (issue 23's targets), on an 80x24 pseudo-terminal in 256 colours:

    python3 Benchmarks/video.py [--binary PATH] [--seconds 8] [--rounds 3]

Two clips are made at benchmark time with the ffmpeg command (testsrc2, which changes every frame; H.264, 10 s):
480x270 at 10 fps and at 30 fps. Each round plays one, then the other (interleaved rounds, so that a change of the
machine's load falls on both), in a story of 600 s, so it loops, and measures over `--seconds` after a settling
second and a half:

- CPU of the viewer and its picture helper together, as a share of one core (target: <= 15 % at 10 fps, <= 35 %
  at 30 fps);
- frame lateness on the pty: a reader thread stamps every chunk of output as it arrives; chunks less than 3 ms
  apart are one burst, and a burst of more than 200 bytes is a frame (a bar step writes a few bytes). The story's
  start comes from the events file (a FIFO read by a second thread: each line's arrival against its "t" gives the
  events' origin on this clock, their least difference), frame k is due at start + k x the frame's delay as the
  viewer plays it (`begin`'s "length" over the clip's frames), and each due slot's lateness is its first frame's
  arrival minus its due time; a slot with no frame counts as missed, later than one interval (target: median
  <= 5 ms, worst <= one frame interval).

Prints the date, machine, load and binary, then per clip the median and min-max over rounds. Not a test: figures
depend on the machine and its load. The binary defaults to the release build (`swift build -c release`), else the
debug one.
"""

import argparse
import fcntl
import json
import os
import platform
import pty
import select
import shutil
import signal
import statistics
import struct
import subprocess
import tempfile
import termios
import threading
import time

from animation import children, cpu_ticks, default_binary, ROOT, SIZE, TICK

CLIP_SECONDS = 10
BURST_GAP = 0.003
FRAME_BYTES = 200
SETTLE = 1.5


def make_clip(path, rate):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    f"testsrc2=size=480x270:rate={rate}:duration={CLIP_SECONDS}", "-c:v", "libx264", "-preset",
                    "veryfast", "-pix_fmt", "yuv420p", path], check=True)


class Reader(threading.Thread):
    """Reads a descriptor until it ends, stamping each chunk with the monotonic clock."""

    def __init__(self, fd):
        super().__init__(daemon=True)
        self.fd = fd
        self.chunks = []
        self.stop = False

    def run(self):
        while not self.stop:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                break
            if not data:
                break
            self.chunks.append((time.monotonic(), data))


def bursts(chunks):
    """(time of the first chunk, bytes) of each run of chunks less than BURST_GAP apart."""
    found = []
    for stamp, data in chunks:
        if found and stamp - found[-1][2] < BURST_GAP:
            found[-1][1] += len(data)
            found[-1][2] = stamp
        else:
            found.append([stamp, len(data), stamp])
    return [(start, size) for start, size, _ in found]


def story_start(lines):
    """The first story's start on this clock and one run's length, from the events' lines and their arrivals."""
    events = []
    for stamp, data in lines:
        for line in data.decode(errors="replace").splitlines():
            try:
                events.append((stamp, json.loads(line)))
            except ValueError:
                pass
    offset = min(stamp - event["t"] for stamp, event in events if "t" in event)
    begin = next(event for _, event in events if event.get("event") == "begin")
    return begin["t"] + offset, begin.get("length")


def play(binary, deck, events_path, seconds, frames_in_clip):
    """Plays the deck; CPU share of viewer + helper and of the viewer, and each due slot's lateness (s; None: missed)."""
    os.mkfifo(events_path)
    events_fd = os.open(events_path, os.O_RDONLY | os.O_NONBLOCK)
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = {"TERM": "tmux-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir()}
        os.execve(binary, [binary, "--colors", "256", "--events", events_path, deck], env)
    screen, log = Reader(fd), Reader(events_fd)
    screen.start()
    log.start()
    time.sleep(SETTLE)
    helpers = children(pid)
    began = time.monotonic()
    viewer_ticks, helper_ticks = cpu_ticks(pid), sum(cpu_ticks(h) for h in helpers)
    time.sleep(seconds)
    ended = time.monotonic()
    viewer_used = cpu_ticks(pid) - viewer_ticks
    helper_used = sum(cpu_ticks(h) for h in children(pid)) - helper_ticks
    os.write(fd, b"q")
    time.sleep(0.3)
    screen.stop = log.stop = True
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(events_fd)
    start, length = story_start(log.chunks)
    interval = length / frames_in_clip
    frames = [stamp for stamp, size in bursts(screen.chunks) if size > FRAME_BYTES]
    lateness = []
    first = int((began - start) / interval) + 1
    last = int((ended - start) / interval) - 1
    for k in range(first, last):
        due = start + k * interval
        inside = [stamp for stamp in frames if due <= stamp < due + interval]
        lateness.append(inside[0] - due if inside else None)
    share = lambda used: used / TICK / (ended - began)
    return share(viewer_used + helper_used), share(viewer_used), lateness, interval


def summary(values, scale=1, unit=""):
    return (f"median {statistics.median(values) * scale:.1f}{unit} "
            f"(min-max {min(values) * scale:.1f}-{max(values) * scale:.1f}{unit})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    if shutil.which("ffmpeg") is None:
        raise SystemExit("video.py: needs the ffmpeg command to make its clips (apt install ffmpeg)")
    binary = arguments.binary or default_binary()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.node()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}, {binary}, {arguments.rounds} interleaved rounds of "
          f"{arguments.seconds:g} s")
    rates = (10, 30)
    results = {rate: {"cpu": [], "viewer": [], "late": [], "missed": 0, "slots": 0, "medians": []} for rate in rates}
    with tempfile.TemporaryDirectory() as folder:
        decks = {}
        for rate in rates:
            clip = os.path.join(folder, f"clip{rate}.mp4")
            make_clip(clip, rate)
            decks[rate] = os.path.join(folder, f"clip{rate}.json")
            with open(decks[rate], "w") as f:
                json.dump({"stories": [{"id": "clip", "title": f"{rate} fps", "video": clip, "duration": 600}]}, f)
        for round_index in range(arguments.rounds):
            for rate in rates:
                events = os.path.join(folder, f"events-{rate}-{round_index}")
                share, viewer, lateness, interval = play(binary, decks[rate], events, arguments.seconds, rate * CLIP_SECONDS)
                result = results[rate]
                result["interval"] = interval
                result["cpu"].append(share)
                result["viewer"].append(viewer)
                late = [value for value in lateness if value is not None]
                result["late"] += late
                result["medians"].append(statistics.median(late) if late else float("nan"))
                result["missed"] += len(lateness) - len(late)
                result["slots"] += len(lateness)
        for rate in rates:
            result = results[rate]
            target = 15 if rate == 10 else 35
            print(f"480x270 at {rate} fps ({result['interval'] * 1000:.0f} ms a frame as played) at 80x24, 256 colours:")
            print(f"  CPU viewer + helper: {summary(result['cpu'], 100, ' %')} of a core, target <= {target} %; "
                  f"the viewer alone {summary(result['viewer'], 100, ' %')}")
            if result["late"]:
                print(f"  frame lateness on the pty: median {statistics.median(result['late']) * 1000:.1f} ms, "
                      f"worst {max(result['late']) * 1000:.1f} ms over {result['slots']} frames due; "
                      f"{result['missed']} with no frame in their interval; per-round medians "
                      f"{summary(result['medians'], 1000, ' ms')} (target: median <= 5 ms, worst <= "
                      f"{result['interval'] * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
