#!/usr/bin/env python3
"""Pixel pictures in the viewer (issue 22's targets), a 1024x768 JPEG at 80x24 on a pseudo-terminal:

    python3 Benchmarks/pixels.py [ROUNDS]     # after `swift build -c release`; ROUNDS defaults to 30
    STORIES_TUI=.build/debug/stories-tui python3 Benchmarks/pixels.py 2    # another binary

Each round runs the viewer twice, `--images kitty` then `--images sixel` (forced: the pty answers no probe,
and its TIOCGWINSZ gives 800x480 pixels, a cell of 10x20), on a deck of a text story and the picture, paused
(`--no-autoplay`). After 1.5 s (the picture, the next story, is made ahead by the helper) it sends -> and
reads until the output is quiet. It reports, as the median and min-max over the rounds:

- time from the key to the last byte of the picture (kitty: the last graphics command; sixel: the last DCS
  string's ST), target <= 30 ms kitty, <= 60 ms sixel;
- q while a full-screen sixel on a 2400x1200 window goes out to a terminal that stops reading after the
  first band: the time to the viewer's exit (5 runs; it must not wait for the terminal);
- the picture's bytes against references made from the same scaled pixels: kitty's against the PNG of the
  picture at the pixel size kitty is told (s=, v=; Pillow, default compression) and against that PNG in
  base64 (what sending it as f=100 costs), target <= 1.2x; sixel's against `img2sixel -p N` of that PNG
  with the same number of colours N (and with `-d none`, no dithering), target <= 1.1x. Ratios and
  absolute differences.

Date, machine and load to stdout. Needs Pillow and img2sixel (libsixel-bin).
"""

import base64
import io
import os
import platform
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pictures import BINARY, IMAGES, Pty, deck  # noqa: E402

BINARY = os.environ.get("STORIES_TUI", BINARY)

CELLS = (80, 24)
PIXELS = (800, 480)


def picture(folder):
    """The photo-like 1024x768 picture `image-bench --write-jpeg` makes (Benchmarks/image-bench.c: a sky
    gradient, a sine hill, +-11 of noise a pixel, JPEG quality 90), here through Pillow."""
    import math
    from PIL import Image
    width, height = 1024, 768
    data = bytearray(width * height * 3)
    for y in range(height):
        fy = y / height
        for x in range(width):
            fx = x / width
            noise = (x * 7919 + y * 104729) % 23 - 11
            below = 0.5 + 0.1 * math.sin(fx * 12.0) - fy < 0
            at = (y * width + x) * 3
            data[at] = int(min(255, max(0, 60 + 150 * fy + noise + (20 if below else 0))))
            data[at + 1] = int(min(255, max(0, 90 + 100 * (1 - fy) + noise + (60 if below else 0))))
            data[at + 2] = int(min(255, max(0, 200 - 120 * fy + noise - (120 if below else 0))))
    path = os.path.join(folder, "photo.jpg")
    Image.frombytes("RGB", (width, height), bytes(data)).save(path, quality=90)
    return path


class PixelPty(Pty):
    """The pty with the window's pixel size set too (ws_xpixel, ws_ypixel)."""

    def __init__(self, argv, env):
        import pty
        import fcntl
        import termios
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", CELLS[1], CELLS[0], PIXELS[0], PIXELS[1]))
            os.execve(argv[0], argv, env)
        self.chunks = []


def environment(mode):
    return {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
            "TERM": "xterm-kitty" if mode == "kitty" else "xterm-256color", "COLORTERM": "truecolor",
            "XDG_STATE_HOME": tempfile.mkdtemp()}


def pump_until_quiet(p, quiet=0.5, longest=5.0):
    end = time.monotonic() + longest
    while time.monotonic() < end:
        count = len(p.chunks)
        p.pump(quiet)
        if len(p.chunks) == count:
            return


def run(mode, path):
    """One viewer run: (milliseconds from the key to the picture's last byte, the picture's bytes)."""
    p = PixelPty([BINARY, "--no-autoplay", "--images", mode, path], environment(mode))
    p.pump(1.5)
    first = len(p.chunks)
    start = time.monotonic()
    p.send(b"\x1b[C")
    pump_until_quiet(p)
    p.send(b"q")
    p.pump(0.3)
    p.close()
    chunks = p.chunks[first:]
    data = b"".join(d for _, d in chunks)
    if mode == "kitty":
        sequences = [m for m in re.finditer(rb"\x1b_G[^\x1b]*\x1b\\", data) if b"a=d" not in m.group(0)]
    else:
        sequences = list(re.finditer(rb"\x1bP[^\x1b]*\x1b\\", data))
    if not sequences:
        return None
    last = sequences[-1].end()
    offset = 0
    for at, chunk in chunks:
        offset += len(chunk)
        if offset >= last:
            return (at - start) * 1000, b"".join(m.group(0) for m in sequences)
    return None


def kitty_reference(payload, photo):
    """The PNG of the photo at the size kitty was told, and its base64."""
    from PIL import Image
    match = re.search(rb"s=(\d+),v=(\d+)", payload)
    size = (int(match.group(1)), int(match.group(2)))
    buffer = io.BytesIO()
    Image.open(photo).convert("RGB").resize(size, Image.BOX).save(buffer, "PNG")
    png = buffer.getvalue()
    return size, len(png), len(base64.b64encode(png))


def sixel_reference(payload, photo, folder):
    """img2sixel of the same scaled pixels and number of colours, dithered (its default) and not."""
    from PIL import Image
    size = tuple(int(v) for v in re.search(rb'"1;1;(\d+);(\d+)', payload).groups())
    bands = payload.count(b"\x1bP")
    height = sum(int(h) for h in re.findall(rb'"1;1;\d+;(\d+)', payload))
    colours = len(set(re.findall(rb"#(\d+);2;", payload)))
    png = os.path.join(folder, "scaled.png")
    Image.open(photo).convert("RGB").resize((size[0], height), Image.BOX).save(png)
    dithered = len(subprocess.run(["img2sixel", "-p", str(colours), png], capture_output=True, check=True).stdout)
    plain = len(subprocess.run(["img2sixel", "-p", str(colours), "-d", "none", png], capture_output=True,
                               check=True).stdout)
    return (size[0], height), bands, colours, dithered, plain


def quit_while_stalled(folder, photo):
    """A full-screen sixel on a large window (200x50 cells of 12x24: 2400x1200 pixels, a few MB in bands)
    to a terminal that stops reading once the first band arrives: ms from q to the viewer's exit."""
    global CELLS, PIXELS
    saved = CELLS, PIXELS
    CELLS, PIXELS = (200, 50), (2400, 1200)
    path = deck(folder, "stalled.json", [{"title": "Photo", "image": photo}])
    p = PixelPty([BINARY, "--no-autoplay", "--images", "sixel", path], environment("sixel"))
    CELLS, PIXELS = saved
    end = time.monotonic() + 5
    while time.monotonic() < end and b"\x1bP" not in b"".join(d for _, d in p.chunks[-4:]):
        p.pump(0.02)
    start = time.monotonic()
    p.send(b"q")
    while time.monotonic() - start < 5:
        pid, _ = os.waitpid(p.pid, os.WNOHANG)
        if pid:
            return (time.monotonic() - start) * 1000
        time.sleep(0.002)
    p.close()
    return None


def summary(values):
    return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f})"


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"# pixels.py, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, {rounds} rounds")
    with tempfile.TemporaryDirectory() as folder:
        photo = picture(folder)
        path = deck(folder, "pixels.json", [{"title": "Text", "caption": "words"},
                                            {"title": "Photo", "image": photo}])
        times = {"kitty": [], "sixel": []}
        payloads = {}
        for _ in range(rounds):
            for mode in ("kitty", "sixel"):
                result = run(mode, path)
                if result is None:
                    print(f"{mode}: no picture seen")
                    continue
                times[mode].append(result[0])
                payloads[mode] = result[1]
        stalled = [quit_while_stalled(folder, photo) for _ in range(5)]
        print(f"load after: {os.getloadavg()[0]:.2f}")
        exits = [v for v in stalled if v is not None]
        print(f"sixel: q while a 2400x1200 picture goes out to a terminal that stopped reading: exit after "
              f"{summary(exits) if exits else '-'} ms ({len(exits)} of {len(stalled)} exited within 5 s)")
        for mode, target in (("kitty", 30), ("sixel", 60)):
            if times[mode]:
                print(f"{mode}: key to the picture's last byte {summary(times[mode])} ms, target <= {target} ms")
        if "kitty" in payloads:
            ours = len(payloads["kitty"])
            size, png, encoded = kitty_reference(payloads["kitty"], photo)
            print(f"kitty bytes at {size[0]}x{size[1]}: {ours}; PNG {png} (x{ours / png:.2f}, {ours - png:+d}); "
                  f"PNG in base64 {encoded} (x{ours / encoded:.2f}, {ours - encoded:+d}); target <= x1.2")
        if "sixel" in payloads:
            ours = len(payloads["sixel"])
            size, bands, colours, dithered, plain = sixel_reference(payloads["sixel"], photo, folder)
            print(f"sixel bytes at {size[0]}x{size[1]} in {bands} bands, {colours} colours: {ours}; "
                  f"img2sixel -p {colours} {dithered} (x{ours / dithered:.2f}, {ours - dithered:+d}); "
                  f"with -d none {plain} (x{ours / plain:.2f}, {ours - plain:+d}); target <= x1.1")


if __name__ == "__main__":
    main()
