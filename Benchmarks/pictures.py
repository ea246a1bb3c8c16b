#!/usr/bin/env python3
"""Pictures in the viewer (issue 10's targets that need the whole program), on an 80x24 pseudo-terminal:

    python3 Benchmarks/pictures.py            # after `swift build -c release --static-swift-stdlib`

- story change to a picture story: bytes written in 256 colours (TERM=tmux-256color) and in truecolour
  (TERM=xterm-256color, COLORTERM=truecolor: the xterm-direct description), target <= 30 KB / 60 KB;
- the same picture on screen, paused, 3 s: bytes written (target 0);
- a bar step over a picture story: bytes a step (target: what a bar step costs, ~4 B);
- 100 picture stories played through (0.15 s each): the viewer's peak RSS (target <= 32 MiB; the
  picture helper is a process of its own, its memory limited by setrlimit);
- bar rhythm while the next story's 4000x3000 JPEG is converted: the longest gap between two bar steps
  against the step interval (target <= 2x).
Medians of 3 runs, date, machine and load to stdout. Needs Pillow (pip install pillow) to draw the big JPEG.
"""

import json
import os
import platform
import pty
import select
import signal
import statistics
import struct
import tempfile
import time
import fcntl
import termios

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "stories-tui")
IMAGES = os.path.join(ROOT, "Examples", "images")
SIZE = (80, 24)


class Pty:
    """The program on a pty of SIZE; a reader keeps (time, bytes) chunks."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
            os.execve(argv[0], argv, env)
        self.chunks = []

    def pump(self, seconds):
        """Reads for `seconds`; with a `rate` attribute (bytes a second) a slower terminal: 16 KiB reads,
        each followed by the time the rate gives it."""
        rate = getattr(self, "rate", None)
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    data = os.read(self.fd, 16384 if rate else 65536)
                except OSError:
                    return
                if not data:
                    return
                self.chunks.append((time.monotonic(), data))
                if rate:
                    time.sleep(len(data) / rate)

    def bytes_between(self, start, end):
        return sum(len(d) for t, d in self.chunks if start <= t < end)

    def send(self, data):
        os.write(self.fd, data)

    def hwm_kib(self):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return None

    def close(self):
        try:
            os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
        except OSError:
            pass


def env(truecolor):
    e = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"), "LANG": "C.UTF-8",
         "TERM": "xterm-256color" if truecolor else "tmux-256color", "XDG_STATE_HOME": tempfile.mkdtemp()}
    if truecolor:
        e["COLORTERM"] = "truecolor"
    return e


def deck(folder, name, stories):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump({"stories": stories}, f)
    return path


def change_bytes(folder, truecolor):
    """→ from a text story to a picture story, after the picture was prefetched; then 3 s paused."""
    path = deck(folder, "change.json", [{"title": "Text", "caption": "words"},
                                        {"title": "City", "image": os.path.join(IMAGES, "city.jpg")}])
    p = Pty([BINARY, "--no-autoplay", path], env(truecolor))
    p.pump(1.5)
    t0 = time.monotonic()
    p.send(b"\x1b[C")
    p.pump(1.0)
    t1 = time.monotonic()
    p.pump(3.0)
    t2 = time.monotonic()
    p.close()
    return p.bytes_between(t0, t1), p.bytes_between(t1, t2)


def bar_over_picture(folder):
    """Bytes a bar step while a picture story plays (80 columns, 30 s story: 20.8 steps/s)."""
    path = deck(folder, "bar.json", [{"title": "City", "image": os.path.join(IMAGES, "city.jpg"), "duration": 30}])
    p = Pty([BINARY, path], env(False))
    p.pump(2.0)
    t0 = time.monotonic()
    p.pump(4.0)
    t1 = time.monotonic()
    p.close()
    steps = 78 * 8 * (t1 - t0) / 30
    return p.bytes_between(t0, t1) / steps


def hundred(folder):
    """100 picture stories (the four examples, each at two fits and many durations so that no two
    conversions are the same request), 0.15 s each: the viewer's peak RSS."""
    names = ["dawn.png", "city.jpg", "lighthouse.jpg", "sun.png"]
    stories = [{"id": str(i), "title": f"Picture {i}", "image": os.path.join(IMAGES, names[i % 4]),
                "fit": "cover" if i % 8 < 4 else "contain", "duration": 0.15} for i in range(100)]
    path = deck(folder, "hundred.json", stories)
    p = Pty([BINARY, "--once", path], env(False))
    peak = 0
    end = time.monotonic() + 25
    while time.monotonic() < end:
        p.pump(0.2)
        try:
            peak = max(peak, p.hwm_kib() or 0)
        except OSError:
            break
    p.close()
    return peak / 1024


def rhythm(folder):
    """A 4 s story whose next story is a 4000x3000 JPEG: the longest gap between bar steps while the
    helper converts it, against the step interval."""
    from PIL import Image
    big = os.path.join(folder, "big.jpg")
    image = Image.new("RGB", (4000, 3000))
    pixels = image.load()
    for y in range(0, 3000, 3):
        for x in range(0, 4000, 7):
            pixels[x, y] = (x * 255 // 4000, y * 255 // 3000, (x + y) % 256)
    image.save(big, quality=90)
    path = deck(folder, "rhythm.json", [{"title": "Before", "caption": "bar", "duration": 4},
                                        {"title": "Big", "image": big}])
    p = Pty([BINARY, path], env(False))
    p.pump(3.5)
    p.close()
    steps = [t for t, d in p.chunks if any(ch in d.decode("utf-8", "replace") for ch in "▏▎▍▌▋▊▉█")]
    gaps = [b - a for a, b in zip(steps[1:], steps[2:])]
    interval = 4 / (78 * 8)
    return max(gaps) / max(interval, 1 / 60) if gaps else None


def median(values):
    return statistics.median(values), min(values), max(values)


def main():
    print(f"# pictures.py, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        for truecolor, target in [(False, 30_000), (True, 60_000)]:
            runs = [change_bytes(folder, truecolor) for _ in range(3)]
            change = median([r[0] for r in runs])
            still = median([r[1] for r in runs])
            label = "truecolour" if truecolor else "256 colours"
            print(f"story change to a picture, {label}: {change[0]:.0f} B ({change[1]}-{change[2]}), "
                  f"target <= {target} B")
            print(f"the same picture, paused 3 s, {label}: {still[0]:.0f} B, target 0")
        bar = median([bar_over_picture(folder) for _ in range(3)])
        print(f"bar step over a picture: {bar[0]:.2f} B a step ({bar[1]:.2f}-{bar[2]:.2f})")
        rss = median([hundred(folder) for _ in range(3)])
        print(f"100 picture stories played through: viewer peak RSS {rss[0]:.1f} MiB ({rss[1]:.1f}-{rss[2]:.1f}), "
              f"target <= 32 MiB")
        gaps = median([rhythm(folder) for _ in range(3)])
        print(f"longest gap between bar steps while a 4000x3000 JPEG converts: x{gaps[0]:.2f} the step interval "
              f"({gaps[1]:.2f}-{gaps[2]:.2f}), target <= x2")


if __name__ == "__main__":
    main()
