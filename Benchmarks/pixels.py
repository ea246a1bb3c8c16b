#!/usr/bin/env python3
"""Pixel pictures in the viewer (issue 22's targets), a 1024x768 JPEG at 80x24 on a pseudo-terminal:

    python3 Benchmarks/pixels.py [ROUNDS]     # after `swift build -c release`; ROUNDS defaults to 30
    python3 Benchmarks/pixels.py --bar [ROUNDS]   # only the bar's steps while a large picture goes out
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
  absolute differences;
- the bar's steps while a large picture goes out (`bar_rhythm`: the same drawing as a 2000x1000 JPEG on a
  200x50 window of 2000x1000 pixels, autoplay, stories of 20 s, the picture several pieces (each what the
  terminal takes in a quarter of a frame at its measured speed), the pty read as fast as it comes): the intervals
  between bar steps from the story change to the picture's last byte plus a second, their median and
  largest against the nominal step interval (the story's duration over its segment's 8 * width eighths),
  target largest <= 2x nominal; the text story's median before the change checks the nominal, and its
  largest (no picture going out) is the control: what the load alone does to the bar.
  BAR_BINARIES=A:B compares binaries in the same rounds; BAR_READ_RATE=5e6 reads at most that many bytes
  a second (a slower terminal); BAR_DEBUG=1 prints each run's first intervals.

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


def picture(folder, width=1024, height=768, name="photo.jpg"):
    """The photo-like 1024x768 picture `image-bench --write-jpeg` makes (Benchmarks/image-bench.c: a sky
    gradient, a sine hill, +-11 of noise a pixel, JPEG quality 90), here through Pillow; or the same
    drawing at another size."""
    import math
    from PIL import Image
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
    path = os.path.join(folder, name)
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
        self.rate = None  # bytes a second read, None for as fast as they come (Pty.pump)


def environment(mode):
    variables = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
                 "TERM": "xterm-kitty" if mode.startswith("kitty") else "xterm-256color", "COLORTERM": "truecolor",
                 "XDG_STATE_HOME": tempfile.mkdtemp()}
    if mode == "kitty-file":
        # The pty answers no probe: files forced, as the variable lets a user (docs/IMAGES.md).
        variables["STORIES_TUI_KITTY_TRANSFER"] = "file"
    return variables


def option(mode):
    """`--images`'s value for a measured mode (kitty-file is kitty with its files forced)."""
    return "kitty" if mode == "kitty-file" else mode


def pump_until_quiet(p, quiet=0.5, longest=5.0):
    end = time.monotonic() + longest
    while time.monotonic() < end:
        count = len(p.chunks)
        p.pump(quiet)
        if len(p.chunks) == count:
            return


def run(mode, path, binary=None):
    """One viewer run: (milliseconds from the key to the picture's last byte, the picture's bytes)."""
    p = PixelPty([binary or BINARY, "--no-autoplay", "--images", option(mode), path], environment(mode))
    p.pump(1.5)
    first = len(p.chunks)
    start = time.monotonic()
    p.send(b"\x1b[C")
    pump_until_quiet(p)
    p.send(b"q")
    p.pump(0.3)
    p.close()
    found = picture_sent(mode, p.chunks[first:])
    return None if found is None else ((found[1] - start) * 1000, found[0])


def picture_sent(mode, chunks):
    """The picture's graphics commands in `chunks` (kitty: every one but deletions; sixel: the DCS
    strings), joined, and the time of the chunk holding their last byte; None without any."""
    data = b"".join(d for _, d in chunks)
    if mode.startswith("kitty"):
        sequences = [m for m in re.finditer(rb"\x1b_G[^\x1b]*\x1b\\", data) if b"a=d" not in m.group(0)]
    else:
        # Each tile's DCS string with the move to its place before it (the place tells tiles of a band apart).
        sequences = list(re.finditer(rb"(?:\x1b\[\d+;\d+H)?\x1bP[^\x1b]*\x1b\\", data))
    if not sequences:
        return None
    offset = 0
    for at, chunk in chunks:
        offset += len(chunk)
        if offset >= sequences[-1].end():
            return b"".join(m.group(0) for m in sequences), at
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


SIXEL_TILE = re.compile(rb'\x1b\[(\d+);\d+H\x1bP[^\x1b]*?"1;1;(\d+);(\d+)')
SIXEL_MOVE = re.compile(rb"\x1b\[\d+;\d+H")


def sixel_bytes(payload):
    """The bytes of the DCS strings alone, without the moves `picture_sent` keeps before them."""
    return len(SIXEL_MOVE.sub(b"", payload))


def sixel_reference(payload, photo, folder):
    """img2sixel of the same scaled pixels and number of colours, dithered (its default) and not. The
    picture's size from its tiles: those at one row are a band, side by side (Sixel tiles, docs/IMAGES.md)."""
    from PIL import Image
    bands = {}
    for row, width, height in SIXEL_TILE.findall(payload):
        bands.setdefault(int(row), []).append((int(width), int(height)))
    width = max(sum(w for w, _ in tiles) for tiles in bands.values())
    height = sum(tiles[0][1] for tiles in bands.values())
    tiles = sum(len(tiles) for tiles in bands.values())
    colours = len(set(re.findall(rb"#(\d+);2;", payload)))
    png = os.path.join(folder, "scaled.png")
    Image.open(photo).convert("RGB").resize((width, height), Image.BOX).save(png)
    dithered = len(subprocess.run(["img2sixel", "-p", str(colours), png], capture_output=True, check=True).stdout)
    plain = len(subprocess.run(["img2sixel", "-p", str(colours), "-d", "none", png], capture_output=True,
                               check=True).stdout)
    return (width, height), (len(bands), tiles), colours, dithered, plain


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


BAR_CELLS, BAR_PIXELS = (200, 50), (2000, 1000)
BAR_DURATION = 20.0
# A bar step writes the current segment's changed cells: a full block or a partial one, U+2588..U+258F
# in UTF-8 (E2 96 88..8F). Picture data is ASCII (base64, sixel), titles and captions here have none.
BAR_GLYPH = re.compile(rb"\xe2\x96[\x88-\x8f]")


def segment_widths(columns, count):
    """The segments' widths as ProgressBarLayout.geometry gives them (all shown, bar margins of 1)."""
    total = columns - 2 - (count - 1)
    base, extra = divmod(total, count)
    widths, given = [], 0
    for offset in range(count):
        width = base
        if given < extra and (2 * given + 1) * count // (2 * extra) == offset:
            width, given = width + 1, given + 1
        widths.append(width)
    return widths


def step_times(chunks, since, until):
    """The times of the chunks holding a bar glyph in [since, until), those under 3 ms apart (one step
    split over two reads) counted once."""
    times = []
    for at, data in chunks:
        if since <= at < until and BAR_GLYPH.search(data):
            if not times or at - times[-1] >= 0.003:
                times.append(at)
    return times


def bar_rhythm(mode, path, binary=BINARY):
    """One run on a 200x50 window: the text story plays (autoplay) 3 s, long enough for the helper to make
    the picture ahead, then ->. Returns (the text story's step intervals, the intervals from the key to
    the picture's last byte + 1 s, the picture's bytes, ms from the key to its last byte), in seconds."""
    global CELLS, PIXELS
    saved = CELLS, PIXELS
    CELLS, PIXELS = BAR_CELLS, BAR_PIXELS
    p = PixelPty([binary, "--images", mode, path], environment(mode))
    CELLS, PIXELS = saved
    if os.environ.get("BAR_READ_RATE"):
        p.rate = float(os.environ["BAR_READ_RATE"])
    started = time.monotonic()
    p.pump(3.0)
    first = len(p.chunks)
    key = time.monotonic()
    p.send(b"\x1b[C")
    p.pump(4.0)
    p.send(b"q")
    p.pump(0.3)
    p.close()
    chunks = p.chunks[first:]
    found = picture_sent(mode, chunks)
    if found is None:
        return None
    payload, last_byte = found
    text = step_times(p.chunks[:first], started + 0.5, key)
    if os.environ.get("BAR_DEBUG"):
        steps = step_times(chunks, key, last_byte + 1.0)
        print(mode, "last byte", round((last_byte - key) * 1000, 1),
              [(round((a - key) * 1000, 1), round((b - a) * 1000, 1)) for a, b in zip(steps, steps[1:])][:12])
    picture_steps = step_times(chunks, key, last_byte + 1.0)
    return ([b - a for a, b in zip(text, text[1:])], [b - a for a, b in zip(picture_steps, picture_steps[1:])],
            sixel_bytes(payload) if mode == "sixel" else len(payload), (last_byte - key) * 1000)


def bar_main(rounds, folder):
    photo = picture(folder, *BAR_PIXELS, name="large.jpg")
    widths = segment_widths(BAR_CELLS[0], 2)
    nominal = [BAR_DURATION / (8 * w) for w in widths]
    path = deck(folder, "bar.json", [{"title": "Text", "caption": "words", "duration": BAR_DURATION},
                                     {"title": "Photo", "image": photo, "duration": BAR_DURATION}])
    # BAR_BINARIES=A:B compares binaries, interleaved in each round (default: the one binary).
    binaries = os.environ.get("BAR_BINARIES", BINARY).split(":")
    results = {(binary, mode): [] for binary in binaries for mode in ("kitty", "sixel")}
    for _ in range(rounds):
        for binary in binaries:
            for mode in ("kitty", "sixel"):
                result = bar_rhythm(mode, path, binary)
                if result is None:
                    print(f"{mode}: no picture seen")
                    continue
                results[(binary, mode)].append(result)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"bar at {BAR_CELLS[0]}x{BAR_CELLS[1]} ({BAR_PIXELS[0]}x{BAR_PIXELS[1]} px), stories of "
          f"{BAR_DURATION:g} s: segments {widths[0]} and {widths[1]} columns, nominal step "
          f"{nominal[0] * 1000:.1f} ms (text) and {nominal[1] * 1000:.1f} ms (picture)")
    for (binary, mode), runs in results.items():
        if not runs:
            continue
        if len(binaries) > 1:
            mode = f"{binary} {mode}"
        text = [statistics.median(r[0]) * 1000 for r in runs if r[0]]
        medians = [statistics.median(r[1]) * 1000 for r in runs if r[1]]
        largest = [max(r[1]) * 1000 for r in runs if r[1]]
        ratios = [v / (nominal[1] * 1000) for v in largest]
        # No count of pieces: since issue 22's last pass a piece is sized by the terminal's measured speed.
        print(f"{mode}: picture {summary([r[2] / 1024 for r in runs])} KiB, key to its last byte "
              f"{summary([r[3] for r in runs])} ms; {len(runs)} runs")
        # The control: the largest step of the text story before the key (2.5 s, no picture going out), what
        # the machine's load alone does to the bar in the same runs.
        text_largest = [max(r[0]) / nominal[0] for r in runs if r[0]]
        print(f"{mode}: text story's median step {summary(text)} ms (nominal {nominal[0] * 1000:.1f}), largest/nominal "
              f"x{statistics.median(text_largest):.2f} ({min(text_largest):.2f}-{max(text_largest):.2f})")
        print(f"{mode}: while the picture goes out (+1 s): median step {summary(medians)} ms, largest "
              f"{summary(largest)} ms, largest/nominal x{statistics.median(ratios):.2f} "
              f"({min(ratios):.2f}-{max(ratios):.2f}), target <= x2")



def summary(values):
    return f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f})"


def main():
    arguments = sys.argv[1:]
    bar_only = "--bar" in arguments
    arguments = [a for a in arguments if a != "--bar"]
    rounds = int(arguments[0]) if arguments else (10 if bar_only else 30)
    if bar_only:
        print(f"# pixels.py --bar, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, {rounds} rounds")
        with tempfile.TemporaryDirectory() as folder:
            bar_main(rounds, folder)
        return
    print(f"# pixels.py, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}, {rounds} rounds")
    with tempfile.TemporaryDirectory() as folder:
        photo = picture(folder)
        path = deck(folder, "pixels.json", [{"title": "Text", "caption": "words"},
                                            {"title": "Photo", "image": photo}])
        times = {"kitty": [], "sixel": []}
        payloads = {}
        # PIXELS_BINARIES=BASE:NEW measures kitty, direct and by file, of both binaries in the same rounds.
        compared = [b for b in os.environ.get("PIXELS_BINARIES", "").split(":") if b]
        if compared:
            kitty_binaries(rounds, path, photo, compared)
            return
        for _ in range(rounds):
            for mode in ("kitty", "kitty-file", "sixel"):
                result = run(mode, path)
                if result is None:
                    print(f"{mode}: no picture seen")
                    continue
                times.setdefault(mode, []).append(result[0])
                payloads[mode] = result[1]
        stalled = [quit_while_stalled(folder, photo) for _ in range(5)]
        print(f"load after: {os.getloadavg()[0]:.2f}")
        exits = [v for v in stalled if v is not None]
        print(f"sixel: q while a 2400x1200 picture goes out to a terminal that stopped reading: exit after "
              f"{summary(exits) if exits else '-'} ms ({len(exits)} of {len(stalled)} exited within 5 s)")
        for mode, target in (("kitty", 30), ("kitty-file", 30), ("sixel", 60)):
            if times[mode]:
                print(f"{mode}: key to the picture's last byte {summary(times[mode])} ms, target <= {target} ms")
        if "kitty" in payloads:
            ours = len(payloads["kitty"])
            size, png, encoded = kitty_reference(payloads["kitty"], photo)
            print(f"kitty bytes at {size[0]}x{size[1]}: {ours}; PNG {png} (x{ours / png:.2f}, {ours - png:+d}); "
                  f"PNG in base64 {encoded} (x{ours / encoded:.2f}, {ours - encoded:+d}); target <= x1.2")
        if "kitty-file" in payloads:
            ours = len(payloads["kitty-file"])
            print(f"kitty by file: {ours} bytes over the tty (the command with the file's path)")
        if "sixel" in payloads:
            ours = sixel_bytes(payloads["sixel"])
            size, (bands, tiles), colours, dithered, plain = sixel_reference(payloads["sixel"], photo, folder)
            print(f"sixel bytes at {size[0]}x{size[1]} in {bands} bands of {tiles} tiles, {colours} colours: {ours}; "
                  f"img2sixel -p {colours} {dithered} (x{ours / dithered:.2f}, {ours - dithered:+d}); "
                  f"with -d none {plain} (x{ours / plain:.2f}, {ours - plain:+d}); target <= x1.1")
        bar_main(min(rounds, 10), folder)


def kitty_binaries(rounds, path, photo, binaries):
    """Kitty direct and by file for each of `binaries`, interleaved round by round: key to last byte and bytes."""
    results = {(b, m): [] for b in binaries for m in ("kitty", "kitty-file")}
    sizes, payloads = {}, {}
    for _ in range(rounds):
        for binary in binaries:
            for mode in ("kitty", "kitty-file"):
                result = run(mode, path, binary)
                if result is not None:
                    results[(binary, mode)].append(result[0])
                    sizes[(binary, mode)] = len(result[1])
                    payloads[mode] = result[1]
    print(f"load after: {os.getloadavg()[0]:.2f}")
    for (binary, mode), values in results.items():
        if not values:
            print(f"{binary} {mode}: no picture seen")
            continue
        print(f"{binary} {mode}: key to the picture's last byte {summary(values)} ms, {sizes[(binary, mode)]} bytes "
              f"over the tty")
    if "kitty" in payloads:
        size, png, encoded = kitty_reference(payloads["kitty"], photo)
        print(f"PNG of the scaled picture at {size[0]}x{size[1]}: {png} bytes, in base64 {encoded}; target <= x1.2")


if __name__ == "__main__":
    main()
