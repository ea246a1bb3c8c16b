#!/usr/bin/env python3
"""Draws the example pictures in Examples/images/ (used by Examples/photos.json and themes.json).

    python3 scripts/draw-examples.py

Everything is drawn here from numbers, so the project owns every pixel: PNG is written with the
standard library (zlib), JPEG through scripts/ppm-to-jpeg.c (TurboJPEG, built with cc). The output is
the same on every run; the files are committed, so only a change to a picture needs a run.
"""

import math
import os
import shutil
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Examples", "images")


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def noise(x, y):
    """A fixed pseudo-random value in [0, 1) for a pixel (no global random state)."""
    n = (x * 374761393 + y * 668265263) & 0xFFFFFFFF
    n = ((n ^ (n >> 13)) * 1274126177) & 0xFFFFFFFF
    return (n & 0xFFFF) / 65536.0


def write_png(path, width, height, pixel, alpha=False):
    """pixel(x, y) -> (r, g, b) or (r, g, b, a); rows use the Sub filter, zlib level 9."""
    channels = 4 if alpha else 3
    raw = bytearray()
    for y in range(height):
        row = [value for x in range(width) for value in pixel(x, y)]
        raw.append(1)
        raw.extend((row[i] - (row[i - channels] if i >= channels else 0)) & 0xFF for i in range(len(row)))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                   + chunk(b"IEND", b""))


def write_jpeg(path, width, height, pixel, encoder, quality=85, progressive=False):
    ppm = b"P6 %d %d 255\n" % (width, height) + bytes(v for y in range(height) for x in range(width) for v in pixel(x, y))
    arguments = [encoder, str(quality)] + (["progressive"] if progressive else [])
    with open(path, "wb") as file:
        subprocess.run(arguments, input=ppm, stdout=file, check=True)


def landscape(x, y, width=320, height=180):
    """Dawn over hills: a sky from violet to gold, a sun with a halo, two ranges of hills, a lake."""
    fx, fy = x / width, y / height
    sky = mix((52, 40, 110), (250, 170, 90), fy * 1.6)
    sun_x, sun_y = 0.68 * width, 0.42 * height
    distance = math.hypot(x - sun_x, (y - sun_y) * 1.0)
    if distance < 18:
        color = mix((255, 244, 200), (255, 214, 120), distance / 18)
    else:
        color = mix(sky, (255, 220, 150), max(0.0, 1 - (distance - 18) / 60) * 0.6)
    far = 0.58 + 0.06 * math.sin(fx * 9 + 1) + 0.03 * math.sin(fx * 23)
    near = 0.70 + 0.08 * math.sin(fx * 5 + 2.5) + 0.02 * math.sin(fx * 31)
    if fy > far:
        color = mix((120, 90, 140), (90, 70, 120), (fy - far) * 6)
    if fy > near:
        color = mix((40, 90, 60), (20, 60, 40), (fy - near) * 4)
    if fy > 0.86:
        reflection = landscape(x, int((2 * 0.86 - fy) * height), width, height) if fy < 0.99 else (30, 40, 80)
        color = mix(reflection, (30, 50, 110), 0.45 + 0.1 * math.sin(y * 1.7 + x * 0.05))
    return color


def skyline(x, y, width=320, height=180):
    """A city at dusk: a deep blue sky, stars, towers of varied heights with lit windows, a river."""
    fy = y / height
    color = mix((10, 14, 40), (200, 90, 60), (fy - 0.2) * 1.6)
    if fy < 0.45 and noise(x, y) > 0.996:
        color = (250, 250, 230)
    column = x // 14
    top = 0.30 + 0.35 * noise(column, 7)
    if fy > top and fy < 0.85 and x % 14 < 12:
        color = (22, 24, 40)
        if x % 14 in (2, 3, 6, 7, 10) and y % 6 in (1, 2) and noise(x // 4, y // 6) > 0.45:
            color = (255, 214, 120) if noise(column, y // 6) > 0.3 else (180, 220, 255)
    if fy >= 0.85:
        color = mix((30, 30, 70), (10, 12, 30), (fy - 0.85) * 5)
        if (x + y * 3) % 9 < 2 and noise(x, 3) > 0.5:
            color = (200, 150, 90)
    return color


def lighthouse(x, y, width=160, height=280):
    """A lighthouse at dusk, in a tall picture: sky, a beam, the tower's stripes, rocks, the sea."""
    fx, fy = x / width, y / height
    color = mix((30, 30, 80), (240, 140, 90), fy * 1.4)
    centre = 0.5 * width
    beam = abs((y - 0.28 * height) - (x - centre) * 0.18)
    if x > centre and beam < 6 + (x - centre) * 0.12:
        color = mix(color, (255, 250, 200), 0.55)
    half = 10 + (fy - 0.25) * 16
    if 0.25 < fy < 0.78 and abs(x - centre) < half:
        color = (235, 235, 230) if int((fy - 0.25) * 12) % 2 == 0 else (200, 40, 40)
    if 0.19 < fy <= 0.25 and abs(x - centre) < 12:
        color = (255, 230, 120)
    if 0.16 < fy <= 0.19 and abs(x - centre) < 14:
        color = (40, 40, 50)
    if fy > 0.76 and abs(x - centre) < 55 - (fy - 0.76) * 30 and fy < 0.86:
        color = mix((70, 60, 60), (40, 35, 40), noise(x // 3, y // 3))
    if fy >= 0.84:
        color = mix((40, 70, 120), (20, 40, 80), (fy - 0.84) * 5)
        if (x * 3 + y * 7) % 23 < 3:
            color = mix(color, (250, 200, 150), 0.5)
    return color


def sticker(x, y, size=96):
    """A sun sticker with a transparent background (shows the story's background through it)."""
    c = size / 2
    distance = math.hypot(x + 0.5 - c, y + 0.5 - c)
    angle = math.atan2(y - c, x - c)
    ray = 0.5 + 0.5 * math.cos(angle * 12)
    if distance < 26:
        alpha = 255 if distance < 25 else int(255 * (26 - distance))
        return mix((255, 235, 120), (255, 180, 40), distance / 26) + (alpha,)
    if distance < 30 + 14 * ray:
        edge = 30 + 14 * ray - distance
        return (255, 200, 60, int(255 * min(1.0, edge / 2)))
    return (0, 0, 0, 0)


def main():
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        encoder = os.path.join(folder, "ppm-to-jpeg")
        compiler = shutil.which("cc") or shutil.which("clang") or "cc"  # the Swift toolchain brings clang
        subprocess.run([compiler, "-O2", os.path.join(ROOT, "scripts", "ppm-to-jpeg.c"), "-o", encoder, "-lturbojpeg"], check=True)
        write_png(os.path.join(OUT, "dawn.png"), 320, 180, landscape)
        write_jpeg(os.path.join(OUT, "city.jpg"), 320, 180, skyline, encoder, quality=85)
        write_jpeg(os.path.join(OUT, "lighthouse.jpg"), 160, 280, lighthouse, encoder, quality=85, progressive=True)
        write_png(os.path.join(OUT, "sun.png"), 96, 96, sticker, alpha=True)
    for name in sorted(os.listdir(OUT)):
        print("%-16s %6d bytes" % (name, os.path.getsize(os.path.join(OUT, name))))


if __name__ == "__main__":
    main()
