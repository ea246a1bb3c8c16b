#!/usr/bin/env python3
"""Draws the moving pictures: the examples in Examples/moving/ and the WebP fixtures of the tests in
Tests/Fixtures/Animation/ (docs/IMAGES.md, "Moving pictures").

    pip install pillow && python3 scripts/draw-moving-pictures.py

Pillow writes GIF and animated WebP (through libwebp's WebPAnimEncoder); every pixel is drawn here from
numbers and the output is the same on every run. The files are committed, so only a change needs a run.
The GIF tests need no file: Tests/TUITests/Images/Animation/GIFEncoder.swift writes theirs byte by byte.
"""

import math
import os

from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "Examples", "moving")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "Animation")


def orbit(frames=16, size=64):
    """A sun on a night sky with a moon going round it: one frame a step, 80 ms each (1.28 s a run)."""
    pictures = []
    for step in range(frames):
        picture = Image.new("RGB", (size, size), (12, 16, 40))
        draw = ImageDraw.Draw(picture)
        centre = size / 2
        draw.ellipse([centre - 10, centre - 10, centre + 10, centre + 10], fill=(250, 190, 40))
        angle = 2 * math.pi * step / frames
        x = centre + 22 * math.cos(angle)
        y = centre + 22 * math.sin(angle)
        draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=(200, 210, 230))
        pictures.append(picture)
    return pictures


def solid(colour, size=8):
    return Image.new("RGBA", (size, size), colour)


def main():
    os.makedirs(EXAMPLES, exist_ok=True)
    os.makedirs(FIXTURES, exist_ok=True)
    pictures = orbit()
    pictures[0].save(os.path.join(EXAMPLES, "orbit.gif"), save_all=True, append_images=pictures[1:],
                     duration=80, loop=0, optimize=False)
    pictures[0].save(os.path.join(EXAMPLES, "orbit.webp"), save_all=True, append_images=pictures[1:],
                     duration=80, loop=0, lossless=True, method=6)
    # Three frames of 40, 120 and 250 ms (red, green, blue), looping for ever: the timestamps test.
    frames = [solid((255, 0, 0, 255)), solid((0, 255, 0, 255)), solid((0, 0, 255, 255))]
    frames[0].save(os.path.join(FIXTURES, "timestamps.webp"), save_all=True, append_images=frames[1:],
                   duration=[40, 120, 250], loop=0, lossless=True)
    # A still WebP, lossless (VP8L) and lossy (VP8): one frame each.
    solid((0, 128, 255, 255), size=12).save(os.path.join(FIXTURES, "still-lossless.webp"), lossless=True)
    solid((0, 128, 255, 255), size=12).convert("RGB").save(os.path.join(FIXTURES, "still-lossy.webp"), quality=90)


if __name__ == "__main__":
    main()
