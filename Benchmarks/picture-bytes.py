#!/usr/bin/env python3
"""Bytes written for a story change to a picture story (issue 21's target: the palette mapping and the
TERM-independent cells may not grow it by more than 10 %), two binaries side by side:

    python3 Benchmarks/picture-bytes.py --before OLD/stories-tui --after .build/debug/stories-tui

For each example picture and terminal (TERM=tmux-256color: 256 colours; TERM=xterm-256color with
COLORTERM=truecolor: truecolour; TERM=xterm: 8 colours), outside tmux, on an 80x24 pseudo-terminal:
the bytes from → (text story to picture story, the picture prefetched) until 1 s later, median of 3.
Bytes, not time: the numbers do not depend on the machine's load.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pictures  # noqa: E402  (the Pty and deck helpers)

TERMINALS = {"256": {"TERM": "tmux-256color"}, "truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
             "8": {"TERM": "xterm"}}


def change(binary, folder, image, terminal):
    path = pictures.deck(folder, "change.json", [{"title": "Text", "caption": "words"},
                                                 {"title": "Picture", "image": os.path.join(pictures.IMAGES, image)}])
    env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
           "XDG_STATE_HOME": tempfile.mkdtemp(), **TERMINALS[terminal]}
    p = pictures.Pty([binary, "--no-autoplay", path], env)
    p.pump(1.5)
    start = time.monotonic()
    p.send(b"\x1b[C")
    p.pump(1.0)
    p.close()
    return p.bytes_between(start, time.monotonic())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| picture | colours | before (bytes) | after (bytes) | after / before |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for image in ["dawn.png", "city.jpg", "lighthouse.jpg", "sun.png"]:
            for terminal in TERMINALS:
                before = statistics.median(change(args.before, folder, image, terminal) for _ in range(args.runs))
                after = statistics.median(change(args.after, folder, image, terminal) for _ in range(args.runs))
                print(f"| {image} | {terminal} | {before:.0f} | {after:.0f} | x{after / before:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
