#!/usr/bin/env python3
"""Memory with pictures (issue 24's targets): the picture helper's peak RSS converting an ordinary photo
(a 12-megapixel JPEG, 4000 x 3000, and a 1024 x 768 one), and the viewer's peak RSS with a deck of 100
picture stories played through (each story its own picture file, so no conversion is answered twice).

    python3 Benchmarks/memory.py [--binary .build/release/stories-tui] [--runs 3]

Peak RSS is the kernel's high-water mark (VmHWM in /proc/PID/status) of each process, read while it runs
(the helper is the viewer's child started with `--image-worker`). Medians with min–max, the date and the load.
Needs Pillow (pip install pillow) to make the JPEGs.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pictures  # noqa: E402  (the Pty helper)


def photo(folder, name, width, height, seed=0):
    """A JPEG of `width` x `height` with detail everywhere (a photo's entropy, not a flat colour)."""
    from PIL import Image
    import random
    rng = random.Random(seed)
    small = Image.new("RGB", (width // 16, height // 16))
    small.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(small.width * small.height)])
    image = small.resize((width, height), Image.BICUBIC)
    path = os.path.join(folder, name)
    image.save(path, quality=90)
    return path


def hwm_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def helpers(pid):
    """The viewer's children (the picture helper)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return found


def watch(binary, deck, seconds, options=()):
    """(viewer peak, helper peak) in MiB over `seconds`, read every 20 ms."""
    env = pictures.env(False)
    p = pictures.Pty([binary, *options, deck], env)
    viewer = helper = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        p.pump(0.02)
        viewer = max(viewer, hwm_kib(p.pid) or 0)
        for child in helpers(p.pid):
            helper = max(helper, hwm_kib(child) or 0)
    p.close()
    return viewer / 1024, helper / 1024


def show(values):
    return f"{statistics.median(values):.1f} MiB ({min(values):.1f}–{max(values):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=pictures.BINARY)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"# memory.py, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {args.binary}")
    with tempfile.TemporaryDirectory() as folder:
        for width, height, target in ((4000, 3000, 24), (1024, 768, 24)):
            path = photo(folder, f"photo{width}.jpg", width, height)
            deck = pictures.deck(folder, f"photo{width}.json", [{"title": "Photo", "image": path}])
            runs = [watch(args.binary, deck, 3.0, ["--no-autoplay"]) for _ in range(args.runs)]
            print(f"| {width}×{height} JPEG, one story | viewer {show([r[0] for r in runs])} | "
                  f"helper {show([r[1] for r in runs])} | helper target ≤ {target} MiB |", flush=True)
        paths = [photo(folder, f"story{i}.jpg", 1024, 768, seed=i) for i in range(100)]
        deck = pictures.deck(folder, "hundred.json", [{"id": str(i), "title": f"Picture {i}", "image": p,
                                                       "duration": 0.15} for i, p in enumerate(paths)])
        runs = [watch(args.binary, deck, 20.0, ["--once"]) for _ in range(args.runs)]
        print(f"| 100 picture stories (1024×768 JPEGs), 0.15 s each | viewer {show([r[0] for r in runs])} | "
              f"helper {show([r[1] for r in runs])} | viewer target ≤ 12 MiB |", flush=True)


if __name__ == "__main__":
    main()
