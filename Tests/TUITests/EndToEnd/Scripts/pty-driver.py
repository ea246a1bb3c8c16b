#!/usr/bin/env python3
"""Runs stories-tui on a pseudo-terminal and drives it with raw bytes, sizes and signals, for the
reliability tests (issue 14): what tmux cannot send (bytes that are not UTF-8, sizes over 10000),
and what only /proc can tell (peak memory, CPU time).

Usage: pty-driver.py [--term TERM] [--limit-as MIB] [--env NAME=VALUE]... [--type-ahead TEXT]
                     [--output FILE] BINARY [ARGS...] < STEPS
  The program runs as a session leader on the pty (80x24 to start), with TERM (default
  xterm-256color) and LANG=C.UTF-8; --limit-as caps its address space (RLIMIT_AS), so that a program
  that would take gigabytes fails instead of hurting the machine; each --env sets a variable for it.
  --type-ahead puts TEXT (Python escapes) in the pty's input before the program starts, as keys typed
  ahead; --output writes everything the program wrote to FILE at the end.
  STEPS (stdin), one a line:
    wait SECONDS          let time pass, reading the output
    wait-exit SECONDS     the same, but stop waiting as soon as the program has ended
    wait-output TEXT      wait (up to 10 s) until TEXT (UTF-8) appears in the output written since
                          the last `send`, `resize` or start (when it came: `arrivals`)
    send TEXT             type TEXT (Python escapes; \\xNN is one raw byte)
    send-file PATH        type the bytes of a file, in chunks of 4096
    random SEED COUNT     type COUNT seeded random bytes, in chunks of 4096, leaving out the bytes
                          that act on their own: q, l, G, ESC, and the terminal's signal and
                          flow-control characters (^C ^\\ ^Z ^Q ^S)
    resize COLUMNS ROWS   set the pty's size (TIOCSWINSZ) and send SIGWINCH
    signal NAME           send a signal (TERM, INT, HUP, WINCH, ...)
    alive                 note whether the program still runs
    mark                  start the clock that `exitSeconds` is measured from
    modes                 note whether the pty's mode has echo and canonical input on (the shell's)
    stop-reading          read none of the program's output from now on (a terminal that never reads)
Prints one JSON object: status (exit code, 128+N for a signal, null if it had to be killed),
alive (one bool per `alive` step), exitSeconds (from the last `mark` to the exit, null without a
mark), peakKiB (VmHWM, last seen), cpuTicks (utime + stime, last seen), restored (the output after
the last frame leaves the alternate screen), outputBytes, modes (one bool per `modes` step), arrivals (seconds from the start to each
`wait-output` TEXT that came), and
waitedFor (each `wait-output` TEXT that never came)."""
import fcntl, json, os, random, resource, select, signal, struct, sys, termios, time

arguments = sys.argv[1:]
term, limit_as, extra_environment = "xterm-256color", None, {}
type_ahead, output_file = b"", None
while arguments and arguments[0].startswith("--"):
    option, value = arguments[0], arguments[1]
    arguments = arguments[2:]
    if option == "--term":
        term = value
    elif option == "--limit-as":
        limit_as = int(value) << 20
    elif option == "--type-ahead":
        type_ahead = value.encode().decode("unicode_escape").encode("latin-1")
    elif option == "--output":
        output_file = value
    elif option == "--env":
        name, _, setting = value.partition("=")
        extra_environment[name] = setting
binary = arguments[0]
steps = [line.split(" ", 1) for line in sys.stdin.read().splitlines() if line.strip()]

master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
if type_ahead:
    # Raw for the typing (no echo, no line editing), then back to the pty's own mode: the bytes wait
    # in the input queue, readable as soon as the program turns canonical input off.
    saved = termios.tcgetattr(slave)
    raw = termios.tcgetattr(slave)
    raw[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG)
    termios.tcsetattr(slave, termios.TCSANOW, raw)
    os.write(master, type_ahead)
    time.sleep(0.05)
    termios.tcsetattr(slave, termios.TCSANOW, saved)
pid = os.fork()
if pid == 0:
    os.close(master)
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.closerange(3, 4096)
    if limit_as:
        resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
    os.environ.update(TERM=term, LANG="C.UTF-8")
    os.environ.pop("LC_ALL", None)
    os.environ.update(extra_environment)
    os.execv(binary, arguments)
os.close(slave)
started = time.time()

output = bytearray()
since = 0
status = None
exited_at = None
peak_kib = 0
cpu_ticks = 0
alive = []
mark = None
waited_for = []
modes = []
arrivals = []
reading = True
skipped = {ord("q"), ord("l"), ord("G"), 0x1B, 0x03, 0x1C, 0x1A, 0x11, 0x13}


def sample():
    """Reads the program's peak memory and CPU time while it is there."""
    global peak_kib, cpu_ticks
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    peak_kib = max(peak_kib, int(line.split()[1]))
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            cpu_ticks = int(fields[11]) + int(fields[12])
    except (OSError, ValueError, IndexError):
        pass


def reap():
    global status, exited_at
    if status is not None:
        return True
    done, raw = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(raw)
        if status < 0:
            status = 128 - status
        exited_at = time.time()
        return True
    return False


def pump(seconds, until=None):
    """Reads the output for `seconds` (or until `until()` holds), sampling /proc as it goes."""
    end = time.time() + seconds
    while True:
        if until is not None and until():
            return True
        left = end - time.time()
        if left <= 0:
            return False
        sample()
        ready, _, _ = select.select([master] if reading else [], [], [], min(left, 0.02))
        if ready:
            try:
                data = os.read(master, 1 << 20)
            except OSError:
                data = b""
            output.extend(data)
        reap()


def type_bytes(data):
    """Writes to the program's input without ever blocking the driver for good."""
    view = memoryview(data)
    while view and status is None:
        _, writable, _ = select.select([], [master], [], 0.05)
        if writable:
            try:
                written = os.write(master, view[:4096])
                view = view[written:]
            except BlockingIOError:
                pass
        pump(0.001)
        reap()


os.set_blocking(master, False)
pump(0.2)
for step in steps:
    kind, argument = step[0], (step[1] if len(step) > 1 else "")
    if kind == "wait":
        pump(float(argument))
    elif kind == "wait-exit":
        pump(float(argument), until=reap)
    elif kind == "wait-output":
        text = argument.encode()
        if not pump(10, until=lambda: text in output[since:] or reap()) or text not in output[since:]:
            waited_for.append(argument)
        else:
            arrivals.append(round(time.time() - started, 3))
    elif kind == "send":
        since = len(output)
        type_bytes(argument.encode().decode("unicode_escape").encode("latin-1"))
    elif kind == "send-file":
        since = len(output)
        with open(argument, "rb") as f:
            type_bytes(f.read())
    elif kind == "random":
        seed, count = (int(word) for word in argument.split())
        generator = random.Random(seed)
        data = bytearray()
        while len(data) < count:
            byte = generator.randrange(256)
            if byte not in skipped:
                data.append(byte)
        since = len(output)
        type_bytes(bytes(data))
    elif kind == "resize":
        columns, rows = (int(word) for word in argument.split())
        since = len(output)
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        if status is None:
            os.kill(pid, signal.SIGWINCH)
    elif kind == "signal":
        if status is None:
            os.kill(pid, getattr(signal, "SIG" + argument))
    elif kind == "alive":
        reap()
        alive.append(status is None)
    elif kind == "mark":
        mark = time.time()
    elif kind == "stop-reading":
        reading = False
    elif kind == "modes":
        local = termios.tcgetattr(master)[3]
        modes.append(bool(local & termios.ECHO) and bool(local & termios.ICANON))
    reap()
pump(10, until=reap)
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
# The last bytes the program wrote before it exited may still wait in the pty (reading stopped at the exit):
# read them all, until EIO or nothing more comes, so `restored` judges the whole output (under load the
# way out's leaving of the alternate screen was sometimes left unread, and a restore looked missing).
while reading:
    ready, _, _ = select.select([master], [], [], 0.2)
    try:
        data = os.read(master, 1 << 20) if ready else b""
    except OSError:
        data = b""
    if not data:
        break
    output.extend(data)
if output_file:
    with open(output_file, "wb") as f:
        f.write(output)
last_frame = max(output.rfind(b"\x1b[?1049h"), 0)
print(json.dumps({"status": status, "alive": alive,
                  "exitSeconds": None if mark is None or exited_at is None else round(exited_at - mark, 3),
                  "peakKiB": peak_kib, "cpuTicks": cpu_ticks,
                  "restored": b"\x1b[?1049l" in output[last_frame:], "outputBytes": len(output),
                  "modes": modes, "arrivals": arrivals, "waitedFor": waited_for}))
