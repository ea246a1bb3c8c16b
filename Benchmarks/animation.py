#!/usr/bin/env python3
"""Moving pictures in the viewer (issue 23's targets), on an 80x24 pseudo-terminal:

    python3 Benchmarks/animation.py [--binary PATH] [--seconds 10]

- CPU of the viewer and its picture helper together while Examples/moving/orbit.gif (64x64, 16 frames of
  80 ms) plays at 80x24 in 256 colours (TERM=tmux-256color), as a share of one core;
- bytes the viewer writes a frame while it plays (the screen diff: only the cells that changed);
- peak RSS (VmHWM) of the viewer and of the helper for a 300-frame 800x800 GIF (drawn here with Pillow:
  a disc moving over a gradient), target <= 96 MiB together;
- the same CPU for that 800x800 GIF.
Not a test: figures depend on the machine and its load, which are printed with them. The binary defaults to
the release build (`swift build -c release --static-swift-stdlib`), else the debug one.
"""

import argparse
import fcntl
import json
import os
import platform
import pty
import select
import signal
import struct
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZE = (80, 24)
TICK = os.sysconf("SC_CLK_TCK")


def default_binary():
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, ".build", kind, "stories-tui")
        if os.access(path, os.X_OK):
            return path
    raise SystemExit("build stories-tui first")


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                pass
    return found


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def play(binary, deck, seconds):
    """Runs the deck for `seconds` after a settling second; CPU share, bytes written, peak RSS (MiB) of both."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = {"TERM": "tmux-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir()}
        os.execve(binary, [binary, "--colors", "256", deck], env)

    def pump(duration):
        count = 0
        end = time.monotonic() + duration
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                try:
                    count += len(os.read(fd, 65536))
                except OSError:
                    break
        return count

    pump(1.5)
    helpers = children(pid)
    start = time.monotonic()
    ticks = cpu_ticks(pid) + sum(cpu_ticks(h) for h in helpers)
    written = pump(seconds)
    elapsed = time.monotonic() - start
    helpers_now = children(pid)
    used = cpu_ticks(pid) + sum(cpu_ticks(h) for h in helpers_now) - ticks
    rss = (peak_rss_kib(pid) / 1024, sum(peak_rss_kib(h) for h in helpers_now) / 1024)
    os.write(fd, b"q")
    pump(0.5)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    return used / TICK / elapsed, written, elapsed, rss


def big_gif(path, frames=300, size=800):
    from PIL import Image, ImageDraw
    pictures = []
    for step in range(frames):
        picture = Image.new("RGB", (size, size))
        draw = ImageDraw.Draw(picture)
        for row in range(0, size, 40):
            draw.rectangle([0, row, size, row + 40], fill=(row * 255 // size, 40, 255 - row * 255 // size))
        x = (step * 7) % (size - 100)
        draw.ellipse([x, 350, x + 100, 450], fill=(250, 220, 60))
        pictures.append(picture)
    pictures[0].save(path, save_all=True, append_images=pictures[1:], duration=40, loop=0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--seconds", type=float, default=10)
    arguments = parser.parse_args()
    binary = arguments.binary or default_binary()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.node()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}, {binary}")
    with tempfile.TemporaryDirectory() as folder:
        orbit = os.path.join(folder, "orbit.json")
        with open(orbit, "w") as f:
            json.dump({"stories": [{"image": os.path.join(ROOT, "Examples/moving/orbit.gif"), "duration": 600}]}, f)
        share, written, elapsed, rss = play(binary, orbit, arguments.seconds)
        frames = elapsed / 0.08
        print(f"orbit.gif (64x64, 80 ms a frame) at 80x24, 256 colours: CPU {share * 100:.1f} % of a core "
              f"(viewer + helper), {written / frames:.0f} B a frame ({written} B in {elapsed:.1f} s), "
              f"peak RSS viewer {rss[0]:.1f} MiB + helper {rss[1]:.1f} MiB")
        gif = os.path.join(folder, "big.gif")
        big_gif(gif)
        big = os.path.join(folder, "big.json")
        with open(big, "w") as f:
            json.dump({"stories": [{"image": gif, "duration": 600}]}, f)
        share, written, elapsed, rss = play(binary, big, arguments.seconds)
        print(f"300-frame 800x800 GIF ({os.path.getsize(gif)} B, 40 ms a frame) at 80x24: CPU {share * 100:.1f} % "
              f"of a core, {written / (elapsed / 0.04):.0f} B a frame, peak RSS viewer {rss[0]:.1f} MiB + helper "
              f"{rss[1]:.1f} MiB = {rss[0] + rss[1]:.1f} MiB (target <= 96)")


if __name__ == "__main__":
    main()
