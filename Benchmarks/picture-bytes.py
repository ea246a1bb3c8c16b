#!/usr/bin/env python3
"""Bytes written for a story change to a picture story, against chafa's for the same picture at the same
grid (issue 24's target: <= 1.1x chafa's in 256 colours and in truecolour), and optionally against another
binary (issue 21's: the palette mapping may not grow it by more than 10 %):

    python3 Benchmarks/picture-bytes.py --after .build/release/stories-tui [--before OLD/stories-tui]

For each example picture and terminal (TERM=tmux-256color: 256 colours; TERM=xterm-256color with
COLORTERM=truecolor: truecolour; TERM=xterm: 8 colours), outside tmux, on an 80x24 pseudo-terminal:
the bytes from → (a text story to a story of the picture alone, the picture prefetched) until 1 s later,
median of 3 (the frame's other cells, the bar and the counter, are about 200 of them).

chafa (the CLI, Debian's `chafa`; skipped when it is not installed) is measured two ways:
- **the same cells** (the target's comparison, since issue 24's third pass): the cells our frame shows
  (read back with pyte: each cell's glyph and colours) are drawn as a picture, 8x8 pixels a cell, each
  half (or left/right half) in its colour, the terminal's default colour transparent, and chafa draws
  that picture at exactly the grid (`--size WxH --stretch`), with the same symbols (half blocks, space,
  full block: `--symbols half+space+solid`) and colours (`-c 256`, `-c full`, `-c 8`), `--format symbols
  --polite on`. Every half of a cell is one flat colour of the palette, so chafa picks the same cells
  and only its encoding differs; "alike" is the share of half cells whose colour (or transparency) is
  the same when chafa's output is read back (1.00 when the comparison is of the same cells).
- **its own conversion** of the picture file, at the same grid (as before): chafa picks other cells (its
  nearest colours, where ours dither and keep hue: issue 21), so this measures the conversions too.
Its bytes are its whole output. Bytes, not time: the numbers do not depend on the machine's load.
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
    """(bytes of the story change, the screen after it as pyte holds it)."""
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
    return p.bytes_between(start, time.monotonic()), screen(data, pictures.SIZE)


def screen(data, size):
    """The screen `data` leaves, as pyte reads it (the semicolon colour forms: ours and chafa's)."""
    import pyte
    shown = pyte.Screen(*size)
    pyte.ByteStream(shown).feed(data)
    return shown


def grid(shown):
    """The picture's box (left, top, right, bottom; right and bottom excluded): the bounding box of the
    cells below the top row that show a colour; None when none does."""
    cells = [(x, y) for y in range(1, shown.lines) for x in range(shown.columns)
             if shown.buffer[y][x].bg != "default" or (shown.buffer[y][x].data in "▀▄▌▐█"
                                                       and shown.buffer[y][x].fg != "default")]
    if not cells:
        return None
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


# pyte's names for the 16 colours, as xterm shows them (its other colours come as hex).
NAMED = {"black": (0, 0, 0), "red": (205, 0, 0), "green": (0, 205, 0), "brown": (205, 205, 0), "blue": (0, 0, 238),
         "magenta": (205, 0, 205), "cyan": (0, 205, 205), "white": (229, 229, 229), "brightblack": (127, 127, 127),
         "brightred": (255, 0, 0), "brightgreen": (0, 255, 0), "brightbrown": (255, 255, 0),
         "brightblue": (92, 92, 255), "brightmagenta": (255, 0, 255), "brightcyan": (0, 255, 255),
         "brightwhite": (255, 255, 255)}


def rgb(colour):
    """A pyte colour as (r, g, b); None for the terminal's default."""
    if colour == "default":
        return None
    if colour in NAMED:
        return NAMED[colour]
    return tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))


def cells_picture(shown, box, pixels):
    """The cells of `box` as an RGBA picture, `pixels` x `pixels` a cell: each half in the colour it shows,
    the terminal's default transparent."""
    from PIL import Image
    left, top, right, bottom = box
    picture = Image.new("RGBA", ((right - left) * pixels, (bottom - top) * pixels), (0, 0, 0, 0))
    half = pixels // 2
    for y in range(top, bottom):
        for x in range(left, right):
            cell = shown.buffer[y][x]
            ink, paper = rgb(cell.fg), rgb(cell.bg)
            if cell.reverse:
                ink, paper = paper, ink
            # (ink's part: x0, y0, x1, y1 within the cell); the rest is paper. Any other glyph: paper.
            part = {"▀": (0, 0, pixels, half), "▄": (0, half, pixels, pixels), "▌": (0, 0, half, pixels),
                    "▐": (half, 0, pixels, pixels), "█": (0, 0, pixels, pixels)}.get(cell.data)
            ox, oy = (x - left) * pixels, (y - top) * pixels
            if paper:
                picture.paste((*paper, 255), (ox, oy, ox + pixels, oy + pixels))
            else:
                picture.paste((0, 0, 0, 0), (ox, oy, ox + pixels, oy + pixels))
            if part:
                colour = (*ink, 255) if ink else (0, 0, 0, 0)
                picture.paste(colour, (ox + part[0], oy + part[1], ox + part[2], oy + part[3]))
    return picture


def chafa_run(path, columns, rows, terminal, stretch):
    return subprocess.run(["chafa", "--size", f"{columns}x{rows}", *(["--stretch"] if stretch else []),
                           "--symbols", "half+space+solid", "-c", CHAFA_COLOURS[terminal], "--format", "symbols",
                           "--polite", "on", "--animate", "off", path], capture_output=True, timeout=60).stdout


def chafa_same_cells(shown, box, terminal, folder):
    """(chafa's bytes for the cells our frame shows, the share of half cells alike when read back)."""
    if shutil.which("chafa") is None or box is None:
        return None, None
    columns, rows = box[2] - box[0], box[3] - box[1]
    path = os.path.join(folder, "cells.png")
    cells_picture(shown, box, 8).save(path)
    out = chafa_run(path, columns, rows, terminal, stretch=True)
    back = screen(out.replace(b"\n", b"\r\n"), (columns, rows + 1))
    ours, theirs = cells_picture(shown, box, 2).getdata(), cells_picture(back, (0, 0, columns, rows), 2).getdata()
    alike = sum(1 for a, b in zip(ours, theirs) if a == b or (a[3] == 0 and b[3] == 0)) / len(ours)
    return len(out), alike


def chafa(image, box, terminal):
    """chafa's bytes for its own conversion of the picture file at the grid of `box`."""
    if shutil.which("chafa") is None or box is None:
        return None
    return len(chafa_run(os.path.join(pictures.IMAGES, image), box[2] - box[0], box[3] - box[1], terminal,
                         stretch=False))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before")
    parser.add_argument("--after", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    before = " before (bytes) | after / before |" if args.before else ""
    print(f"| picture | colours | grid |{before} after (bytes) | chafa, same cells (bytes) | alike |"
          f" **after / chafa, same cells** | chafa, its own conversion (bytes) | after / chafa's own |")
    print("|---|---|---|" + ("---|---|" if args.before else "") + "---|---|---|---|---|---|")
    ratios = {}
    with tempfile.TemporaryDirectory() as folder:
        for image in ["dawn.png", "city.jpg", "lighthouse.jpg", "sun.png"]:
            for terminal in TERMINALS:
                after = [change(args.after, folder, image, terminal) for _ in range(args.runs)]
                shown = after[0][1]
                box = grid(shown)
                a = statistics.median(n for n, _ in after)
                same, alike = chafa_same_cells(shown, box, terminal, folder)
                own = chafa(image, box, terminal)
                size = f"{box[2] - box[0]}×{box[3] - box[1]}" if box else "–"
                row = f"| {image} | {terminal} | {size} |"
                if args.before:
                    b = statistics.median(change(args.before, folder, image, terminal)[0] for _ in range(args.runs))
                    row += f" {b:.0f} | x{a / b:.2f} |"
                ratio = a / same if same else None
                ratios.setdefault(terminal, []).append(ratio)
                row += (f" {a:.0f} | {same if same else '–'} | {'%.3f' % alike if alike is not None else '–'} |"
                        f" {'**x%.2f**' % ratio if ratio else '–'} | {own if own else '–'} |"
                        f" {'x%.2f' % (a / own) if own else '–'} |")
                print(row, flush=True)
    for terminal, values in ratios.items():
        values = [v for v in values if v]
        if values:
            print(f"{terminal}: after / chafa (same cells), median of the pictures x{statistics.median(values):.2f} "
                  f"({min(values):.2f}–{max(values):.2f}), worst x{max(values):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
