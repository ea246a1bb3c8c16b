#!/usr/bin/env python3
"""Colour error of pictures in fewer colours (issue 21): the mean ΔE76 (CIE Lab) per cell of the 240- and
16-colour renderings against the truecolour rendering, on four photo-like pictures made in C (a sky, foliage,
skin tones, a night street), 80 x 30 cells.

    python3 Benchmarks/colours.py

Builds Benchmarks/colour-error.c with cc against Sources/CImages, runs it, and prints one table a mode:
each conversion's mean error per picture, their mean, and the ratio to today's (chafa, RGB, no dither).
Deterministic: no timing, the same numbers on any machine with Debian 12's libchafa 1.12.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TODAY = "chafa-rgb"


def pkg_config(*arguments):
    return subprocess.run(["pkg-config", *arguments], check=True, capture_output=True, text=True).stdout.split()


def build(folder):
    out = os.path.join(folder, "colour-error")
    cimages = os.path.join(ROOT, "Sources", "CImages")
    sources = [os.path.join(ROOT, "Benchmarks", "colour-error.c")]
    sources += [os.path.join(cimages, name) for name in sorted(os.listdir(cimages)) if name.endswith(".c")]
    subprocess.run(["cc", "-O2", "-I" + os.path.join(cimages, "include"), *pkg_config("--cflags", "chafa"), *sources,
                    "-o", out, *pkg_config("--libs", "chafa"), "-lpng16", "-lturbojpeg", "-lm", "-ldl"], check=True)
    return out


def main():
    with tempfile.TemporaryDirectory() as folder:
        lines = subprocess.run([build(folder), "80", "30"], check=True, capture_output=True, text=True).stdout.split("\n")
    table = {}
    for line in filter(None, lines):
        picture, mode, conversion, mean, _p95 = line.split()
        table.setdefault(mode, {}).setdefault(conversion, {})[picture] = float(mean)
    for mode, conversions in table.items():
        pictures = list(next(iter(conversions.values())))
        print(f"\n{mode} colours: mean ΔE76 per cell against truecolour")
        print(f"| conversion | {' | '.join(pictures)} | mean | x today |")
        print("|---" * (len(pictures) + 3) + "|")
        today = sum(conversions[TODAY].values()) / len(pictures)
        for name, values in conversions.items():
            mean = sum(values.values()) / len(values)
            print(f"| {name} | {' | '.join(f'{values[p]:.2f}' for p in pictures)} | {mean:.2f} | x{mean / today:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
