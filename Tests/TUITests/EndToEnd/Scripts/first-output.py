#!/usr/bin/env python3
"""Runs stories-tui on an 80x24 pseudo-terminal (TERM=xterm-256color, LANG=C.UTF-8) until TEXT has
been drawn and 0.3 s more, then types q, and prints one JSON object: the byte offset in the output of
TEXT and of each SEQUENCE (Python escapes), -1 for one that never came; and `reads`, how many reads
of the terminal it took to get TEXT (1: nothing came before the read that brought the frame).

Usage: first-output.py BINARY DECK TEXT SEQUENCE..."""
import fcntl, json, os, pty, select, struct, sys, termios, time

binary, deck, text = sys.argv[1], sys.argv[2], sys.argv[3].encode()
sequences = [s.encode().decode("unicode_escape").encode("latin-1") for s in sys.argv[4:]]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.execve(binary, [binary, deck], {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"})
output, shown, reads, end = b"", None, 0, time.monotonic() + 10
while time.monotonic() < end and (shown is None or time.monotonic() < shown + 0.3):
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            output += os.read(fd, 65536)
        except OSError:
            break
        if shown is None:
            reads += 1
    if shown is None and text in output:
        shown = time.monotonic()
os.write(fd, b"q")
time.sleep(0.3)
try:
    os.kill(pid, 9)
except ProcessLookupError:
    pass
print(json.dumps({"text": output.find(text), "sequences": [output.find(s) for s in sequences], "reads": reads}))
