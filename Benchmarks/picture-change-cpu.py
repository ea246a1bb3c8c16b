#!/usr/bin/env python3
"""The viewer's CPU per picture story change: the main thread's schedstat across each → or ←, between two
pictures already converted (Examples/images/city.jpg and lighthouse.jpg, cached after the first pass), at 80×24
under TERM=tmux-256color in 256 colours, a new pty; what the draw of a picture costs the viewer (the layout, the
diff, curses and the cell runs), not the helper.

    python3 Benchmarks/picture-change-cpu.py BINARY [CHANGES]     # CHANGES defaults to 40
"""
import fcntl
import json
import os
import pty
import select
import struct
import sys
import tempfile
import termios
import time

binary, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40
images = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "images")
deck = os.path.join(tempfile.mkdtemp(), "deck.json")
with open(deck, "w") as f:
    json.dump({"title": "Cells", "duration": 60, "stories": [
        {"id": "a", "title": "City", "image": os.path.join(images, "city.jpg")},
        {"id": "b", "title": "Lighthouse", "image": os.path.join(images, "lighthouse.jpg")}]}, f)
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="tmux-256color", LANG="C.UTF-8")
    os.execv(binary, [binary, "--no-autoplay", "--images", "symbols", deck])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
def pump(t):
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.01)
        if r:
            try: os.read(fd, 1 << 20)
            except OSError: return
def cpu():
    return int(open(f"/proc/{pid}/task/{pid}/schedstat").read().split()[0])
pump(1.0)
for key in (b"\x1b[C", b"\x1b[D"):  # both pictures converted and cached
    os.write(fd, key); pump(1.0)
samples = []
for i in range(n):
    before = cpu()
    os.write(fd, b"\x1b[C" if i % 2 == 0 else b"\x1b[D")
    pump(0.12)
    samples.append((cpu() - before) / 1e3)
os.write(fd, b"q"); pump(0.3)
os.waitpid(pid, 0)
os.remove(deck)
os.rmdir(os.path.dirname(deck))
samples.sort()
print(f"{os.path.basename(binary)}: CPU per change, median {samples[len(samples)//2]:.0f} us (min {samples[0]:.0f}, max {samples[-1]:.0f}), {n} changes")
