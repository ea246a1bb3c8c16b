#!/usr/bin/env python3
"""A moving picture in the terminal's pixels (issues 22 and 23 together), on an 80x24 pseudo-terminal whose
window is 800x480 pixels (cells of 10x20, as kitty's under Xvfb here):

    python3 Benchmarks/pixel-animation.py [--binary PATH] [--seconds 10] [--picture PATH [--frame-ms 80] | --big]

For each of `--images kitty`, `sixel`, `iterm2` and `symbols` (the reference), while the picture
(Examples/moving/orbit.gif by default: 64x64, 16 frames of 80 ms) plays in a story of 60 s: the CPU of the viewer
and its picture helper together, as a share of one core (ticks over the run after a settling 1.5 s), the bytes
the viewer writes a second and a frame (the frame rate is the picture's), and the helper's peak RSS. Nobody
answers the graphics probe on the pseudo-terminal, so the protocol is forced; the bytes are the terminal's input,
read and thrown away. Not a test: figures depend on the machine and its load, which are printed with them.
The binary defaults to the release build, else the debug one.
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
import sys
import tempfile
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import animation  # noqa: E402  (/proc readers and the binary's lookup)

ROOT = animation.ROOT
# How a picture starts in each protocol: kitty's transmission (whole, or the first piece), sixel's DCS, iTerm2's OSC.
PICTURE_STARTS = (b"\x1b_Ga=T", b"\x1b_Ga=t", b"\x1bP0;1;0q", b"\x1b]1337;File=")


def play(binary, deck, images, seconds):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8", COLORTERM="truecolor")
        os.environ.pop("TMUX", None)
        os.execv(binary, [binary, "--images", images, deck])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 800, 480))
    os.kill(pid, signal.SIGWINCH)

    def pump(duration):
        written, pictures, tail, end = 0, 0, b"", time.monotonic() + duration
        while time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 1 << 16)
                except OSError:
                    break
                written += len(chunk)
                # Pictures drawn: each starts one of these (a frame split across reads is counted once).
                seen = tail + chunk
                pictures += sum(seen.count(start) for start in PICTURE_STARTS)
                tail = seen[-16:]
                pictures -= sum(tail.count(start) for start in PICTURE_STARTS)
        return written, pictures + sum(tail.count(start) for start in PICTURE_STARTS)

    pump(1.5)
    kids = animation.children(pid)
    before = animation.cpu_ticks(pid) + sum(animation.cpu_ticks(k) for k in kids)
    start = time.monotonic()
    written, pictures = pump(seconds)
    elapsed = time.monotonic() - start
    after = animation.cpu_ticks(pid) + sum(animation.cpu_ticks(k) for k in kids)
    helper_rss = max((animation.peak_rss_kib(k) / 1024 for k in kids), default=0.0)
    os.write(fd, b"q")
    pump(0.5)
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    return {"cpu_percent": round(100 * (after - before) / animation.TICK / elapsed, 1),
            "bytes_per_second": round(written / elapsed), "pictures_per_second": round(pictures / elapsed, 1),
            "helper_peak_mib": round(helper_rss, 1)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=None)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--picture", default=os.path.join(ROOT, "Examples", "moving", "orbit.gif"))
    parser.add_argument("--frame-ms", type=float, default=80, help="the picture's frame delay (orbit.gif: 80)")
    parser.add_argument("--big", action="store_true",
                        help="animation.py's 300-frame 800x800 GIF (40 ms a frame; Pillow draws it) instead")
    args = parser.parse_args()
    binary = args.binary or animation.default_binary()
    with tempfile.TemporaryDirectory() as folder:
        if args.big:
            args.picture, args.frame_ms = os.path.join(folder, "big.gif"), 40
            animation.big_gif(args.picture)
        deck = os.path.join(folder, "deck.json")
        with open(deck, "w") as f:
            json.dump({"stories": [{"title": "Orbit", "image": os.path.abspath(args.picture), "duration": 60}]}, f)
        print(f"{platform.node()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, {binary}, "
              f"{args.seconds:g} s a run, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
        for images in ("kitty", "sixel", "iterm2", "symbols"):
            figures = play(binary, deck, images, args.seconds)
            drawn = figures["pictures_per_second"]
            # Symbols draw no picture sequence: their frames are the picture's own rate.
            rate = drawn if images != "symbols" else 1000 / args.frame_ms
            shown = f"{drawn:5.1f} pictures/s drawn" if images != "symbols" else "cells"
            print(f"{images:8} CPU viewer + helper {figures['cpu_percent']:5.1f} % of a core, "
                  f"{figures['bytes_per_second']:8d} B/s, {shown} (the file has {1000 / args.frame_ms:.1f} frames/s), "
                  f"{figures['bytes_per_second'] / max(rate, 0.1):.0f} B a frame, helper peak {figures['helper_peak_mib']} MiB")


if __name__ == "__main__":
    main()
