#!/usr/bin/env python3
"""Runs stories-tui on a pseudo-terminal whose reader stops reading, until the program blocks in a
write to it (any of its threads: the terminal writer's thread, or the loop once the writer's queue is
full); then sends a signal and reports how long the program took to end and with what status.
Usage: stalled-terminal.py BINARY DECK SIGNAL. Prints `blocked=<0|1> seconds=<float> status=<int>`."""
import fcntl, os, pty, select, signal, struct, sys, termios, time

binary, deck, number = sys.argv[1], sys.argv[2], int(sys.argv[3])
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
    os.execv(binary, [binary, deck])
deadline = time.time() + 1.0
while time.time() < deadline:
    if select.select([fd], [], [], 0.05)[0]:
        os.read(fd, 65536)
# Stop reading, and make the program repaint the whole screen again and again until its write blocks.
blocked = False
for i in range(4000):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80 + (i % 2) * 40, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    time.sleep(0.002)
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as f:
                if f.read().strip() in ("wait_woken", "n_tty_write", "tty_write", "pipe_write"):
                    blocked = True
        except OSError:
            pass
    if blocked:
        break
start = time.time()
os.kill(pid, number)
status = None
while time.time() - start < 3:
    done, raw = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(raw)
        break
    time.sleep(0.002)
if status is None:
    os.kill(pid, signal.SIGKILL)
print(f"blocked={int(blocked)} seconds={time.time() - start:.3f} status={status}")
