#!/usr/bin/env python3
"""Image timing (issue 10): decode + convert of a JPEG into a 78x20 cell box.

    python3 Benchmarks/images.py            # 25 runs each, after a release build
    python3 Benchmarks/images.py --runs 50 --no-build

Two measures for a 1024x768 and a 4000x3000 photo-like JPEG (made by the script with TurboJPEG):
- pipeline: the C library alone (Benchmarks/image-bench.c built with gcc against Sources/CImages):
  read, scaled decode, chafa conversion, in one process;
- helper: what the viewer waits for: a render request to `stories-tui --image-worker` (release build)
  over a socket pair, until its reply (cells included) is read back.
Medians with min-max spread, the date and the machine go to stdout. Targets: 1024x768 <= 15 ms,
4000x3000 <= 60 ms (median, decode + convert).
"""

import argparse
import os
import platform
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "stories-tui")
COLUMNS, ROWS = 78, 20
MODES = {"truecolor": 0, "240": 1}


def pkg_config(*args):
    return subprocess.run(["pkg-config", *args], check=True, capture_output=True, text=True).stdout.split()


def build_bench(folder):
    out = os.path.join(folder, "image-bench")
    sources = [os.path.join(ROOT, "Benchmarks", "image-bench.c")]
    sources += [os.path.join(ROOT, "Sources", "CImages", f) for f in sorted(os.listdir(os.path.join(ROOT, "Sources", "CImages"))) if f.endswith(".c")]
    sources += [os.path.join(ROOT, "Tests", "CImageFixtures", f) for f in ("png.c", "jpeg.c")]
    compiler = shutil.which("cc") or shutil.which("clang") or "cc"  # the Swift toolchain brings clang
    command = [compiler, "-O2", "-I" + os.path.join(ROOT, "Sources", "CImages", "include"),
               "-I" + os.path.join(ROOT, "Tests", "CImageFixtures", "include"), *pkg_config("--cflags", "chafa"),
               *sources, "-o", out, *pkg_config("--libs", "chafa"), "-lpng16", "-lturbojpeg", "-lm"]
    subprocess.run(command, check=True)
    return out


def contain(width, height):
    """The fitted grid, as ImageFit.contain computes it."""
    if width * ROWS * 2 >= COLUMNS * height:
        return COLUMNS, min(ROWS, max(1, (COLUMNS * height + width) // (width * 2)))
    return min(COLUMNS, max(1, (ROWS * 2 * width + height // 2) // height)), ROWS


def pipeline(bench, path, width, height, mode, runs):
    columns, rows = contain(width, height)
    out = subprocess.run([bench, path, str(columns), str(rows), str(MODES[mode]), str(runs + 2)],
                         check=True, capture_output=True, text=True).stdout.split("\n")
    lines = [line.split() for line in out if line][2:]  # two warm-up runs
    return [float(line[3]) for line in lines], [float(line[1]) for line in lines], [float(line[2]) for line in lines], lines[0][4]


def helper(path, mode, runs):
    parent, child = socket.socketpair()
    process = subprocess.Popen([BINARY, "--image-worker"], stdin=child, stdout=child, stderr=subprocess.DEVNULL)
    child.close()
    times = []
    try:
        for run in range(runs + 2):
            payload = struct.pack("<BIHHBBI", 1, run + 1, COLUMNS, ROWS, MODES[mode], 0, 0) + path.encode()
            start = time.perf_counter()
            parent.sendall(struct.pack("<I", len(payload)) + payload)
            header = b""
            while len(header) < 4:
                header += parent.recv(4 - len(header))
            length = struct.unpack("<I", header)[0]
            body = b""
            while len(body) < length:
                body += parent.recv(length - len(body))
            elapsed = (time.perf_counter() - start) * 1000
            if body[4] != 0:
                raise SystemExit("helper failed: %r" % body[:80])
            if run >= 2:
                times.append(elapsed)
    finally:
        parent.close()
        process.kill()
        process.wait()
    return times


def summary(values):
    return "%6.2f ms  (min %.2f, max %.2f, n=%d)" % (statistics.median(values), min(values), max(values), len(values))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=25)
    parser.add_argument("--no-build", action="store_true")
    arguments = parser.parse_args()
    if not arguments.no_build:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=sys.stderr)
    folder = tempfile.mkdtemp(prefix="stories-tui-image-bench-")
    try:
        bench = build_bench(folder)
        cpu = "unknown"
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        print("# image timing, %s UTC; %d cores, %s; %s" % (time.strftime("%Y-%m-%d %H:%M", time.gmtime()), os.cpu_count(), cpu,
                                                          platform.platform()))
        print("# box %dx%d cells, contain; medians of %d runs after 2 warm-up runs" % (COLUMNS, ROWS, arguments.runs))
        targets = {(1024, 768): 15.0, (4000, 3000): 60.0}
        for (width, height), target in targets.items():
            path = os.path.join(folder, "photo-%dx%d.jpg" % (width, height))
            subprocess.run([bench, "--write-jpeg", path, str(width), str(height)], check=True)
            size = os.path.getsize(path)
            for mode in MODES:
                total, decode, convert, decoded = pipeline(bench, path, width, height, mode, arguments.runs)
                print("%dx%d JPEG (%d KB), %-9s pipeline: %s  decode %.2f (to %s) + convert %.2f; target <= %.0f ms: %s" % (
                    width, height, size // 1024, mode, summary(total), statistics.median(decode), decoded,
                    statistics.median(convert), target, "met" if statistics.median(total) <= target else "MISSED"))
                if os.path.exists(BINARY):
                    print("%dx%d JPEG, %-9s helper round trip:   %s" % (width, height, mode, summary(helper(path, mode, arguments.runs))))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
