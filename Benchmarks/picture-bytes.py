#!/usr/bin/env python3
"""Bytes written for a story change to a picture story, against chafa's for the same picture at the same
grid (issue 24's target: <= 1.1x chafa's in 256 colours and in truecolour), and optionally against another
binary (issue 21's: the palette mapping may not grow it by more than 10 %):

    python3 Benchmarks/picture-bytes.py --after .build/release/stories-tui [--before OLD/stories-tui]

For each example picture and terminal (TERM=tmux-256color: 256 colours; TERM=xterm-256color with
COLORTERM=truecolor: truecolour; TERM=xterm: 8 colours), outside tmux, on an 80x24 pseudo-terminal:
the bytes from → (a text story to a story of the picture alone, the picture prefetched) until 1 s later,
median of 3 (the frame's other cells, the bar and the counter, are about 200 of them). chafa (the CLI,
Debian's `chafa`; skipped when it is not installed) draws the same picture with the same symbols (half
blocks, space, full block: `--symbols half+space+solid`), the same grid (the cells our frame filled) and
the same colours (`-c 256`, `-c full`, `-c 8`), `--format symbols --polite on`; its bytes are its whole
output. Bytes, not time: the numbers do not depend on the machine's load.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pictures  # noqa: E402  (the Pty and deck helpers)

TERMINALS = {"256": {"TERM": "tmux-256color"}, "truecolor": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
             "8": {"TERM": "xterm"}}
CHAFA_COLOURS = {"256": "256", "truecolor": "full", "8": "8"}


def change(binary, folder, image, terminal):
    """(bytes of the story change, the picture's grid on screen as (columns, rows))."""
    path = pictures.deck(folder, "change.json", [{"title": "Text", "caption": "words"},
                                                 {"image": os.path.join(pictures.IMAGES, image)}])
    env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
           "XDG_STATE_HOME": tempfile.mkdtemp(), **TERMINALS[terminal]}
    p = pictures.Pty([binary, "--no-autoplay", path], env)
    p.pump(1.5)
    start = time.monotonic()
    p.send(b"\x1b[C")
    p.pump(1.0)
    p.close()
    data = b"".join(d for t, d in p.chunks)
    return p.bytes_between(start, time.monotonic()), grid(data)


def grid(data):
    """The columns and rows of the picture: the bounding box of the cells below the top row that
    show a colour (pyte)."""
    import pyte
    screen = pyte.Screen(*pictures.SIZE)
    pyte.ByteStream(screen).feed(data)
    cells = [(x, y) for y in range(1, pictures.SIZE[1]) for x in range(pictures.SIZE[0])
             if screen.buffer[y][x].bg != "default" or (screen.buffer[y][x].data in "▀▄▌▐█"
                                                        and screen.buffer[y][x].fg != "default")]
    if not cells:
        return None
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def chafa(image, size, terminal):
    if shutil.which("chafa") is None or size is None:
        return None
    out = subprocess.run(["chafa", "--size", f"{size[0]}x{size[1]}", "--symbols", "half+space+solid",
                          "-c", CHAFA_COLOURS[terminal], "--format", "symbols", "--polite", "on", "--animate", "off",
                          os.path.join(pictures.IMAGES, image)], capture_output=True, timeout=60).stdout
    return len(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before")
    parser.add_argument("--after", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    before = f" before (bytes) | after / before |" if args.before else ""
    print(f"| picture | colours | grid |{before} after (bytes) | chafa (bytes) | after / chafa |")
    print("|---|---|---|" + ("---|---|" if args.before else "") + "---|---|---|")
    ratios = {}
    grids = {}
    with tempfile.TemporaryDirectory() as folder:
        for image in ["dawn.png", "city.jpg", "lighthouse.jpg", "sun.png"]:
            for terminal in TERMINALS:
                after = [change(args.after, folder, image, terminal) for _ in range(args.runs)]
                # pyte reads no colon forms (38:2::r:g:b, xterm-direct's): the grid is the one of 256 colours.
                size = after[0][1] if terminal == "256" else grids.get(image)
                grids.setdefault(image, size)
                a = statistics.median(n for n, _ in after)
                c = chafa(image, size, terminal)
                row = f"| {image} | {terminal} | {size[0]}×{size[1]} |" if size else f"| {image} | {terminal} | – |"
                if args.before:
                    b = statistics.median(change(args.before, folder, image, terminal)[0] for _ in range(args.runs))
                    row += f" {b:.0f} | x{a / b:.2f} |"
                ratio = a / c if c else None
                ratios.setdefault(terminal, []).append(ratio)
                row += f" {a:.0f} | {c if c else '–'} | {'x%.2f' % ratio if ratio else '–'} |"
                print(row, flush=True)
    for terminal, values in ratios.items():
        values = [v for v in values if v]
        if values:
            print(f"{terminal}: after / chafa, median of the pictures x{statistics.median(values):.2f} "
                  f"({min(values):.2f}–{max(values):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
