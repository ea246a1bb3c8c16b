#!/usr/bin/env python3
"""A fake terminal for end-to-end tests of the keyboard protocol: runs stories-tui on a pseudo-terminal,
as a job of a small job-control shell, and answers like a terminal family.

Usage: fake-terminal.py FAMILY BINARY [ARGS...] < SCRIPT
  FAMILY: kitty (answers `CSI ? u` with its flags and DA1, keeps the push/pop stack),
          tmux (answers DA1 only), silent (answers nothing).
  SCRIPT (stdin), one step a line:
    wait SECONDS       let time pass, answering queries meanwhile
    send TEXT          type TEXT (Python escapes, e.g. \\x1b[32u)
    signal NAME        send a signal to the program (TERM, INT, HUP, USR1)
    hangup             close the terminal (the program's input hangs up)
    expect-stopped     wait (up to 2 s) until the program stopped itself (Ctrl-Z)
    fg                 give the stopped program the terminal back and continue it
Prints one JSON object: the stack depth after each step, the most flags pushed, the stack when the
program stopped, its exit status, the stack at exit, and the bytes a shell would read from the terminal
after the program ended (there must be none)."""
import fcntl, json, os, pty, select, signal, sys, termios, time

family, binary, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
steps = [line.split(" ", 1) for line in sys.stdin.read().splitlines() if line.strip()]

master, slave = pty.openpty()
commands_read, commands_write = os.pipe()
reports_read, reports_write = os.pipe()
shell = os.fork()
if shell == 0:
    # The "shell": a session leader owning the terminal; the program runs as a job in its own group, so
    # that its Ctrl-Z stops it (a process in an orphaned group could not stop).
    os.close(master); os.close(commands_write); os.close(reports_read)
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    child = os.fork()
    if child == 0:
        os.setpgid(0, 0)
        os.tcsetpgrp(slave, os.getpgrp())
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.closerange(3, 256)
        os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
        os.execv(binary, [binary] + arguments)
    try:
        os.setpgid(child, child)
    except OSError:
        pass
    os.tcsetpgrp(slave, child)
    commands = os.fdopen(commands_read, "r")
    reports = os.fdopen(reports_write, "w", buffering=1)
    while True:
        _, status = os.waitpid(child, os.WUNTRACED)
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(slave, os.getpgrp())
            reports.write("stopped\n")
            if commands.readline().strip() != "fg":
                os.kill(child, signal.SIGKILL)
                continue
            os.tcsetpgrp(slave, child)
            os.kill(child, signal.SIGCONT)
            continue
        os.tcsetpgrp(slave, os.getpgrp())
        time.sleep(0.1)
        os.set_blocking(slave, False)
        try:
            leftover = os.read(slave, 65536)
        except OSError:
            leftover = b""
        reports.write(json.dumps({"status": os.waitstatus_to_exitcode(status), "leftover": leftover.hex()}) + "\n")
        os._exit(0)

os.close(slave); os.close(commands_read); os.close(reports_write)
commands = os.fdopen(commands_write, "w", buffering=1)
reports = os.fdopen(reports_read, "r")
stack = []          # the kitty flag stack of the main screen... of the alternate screen, as kitty keeps one
most_flags = 0
pending = b""
stopped_with_stack = None
depths = []
result = None

def answer(data):
    """Reads what the program wrote and answers its queries like the family does."""
    global pending, most_flags
    pending += data
    while True:
        start = pending.find(b"\x1b[")
        if start < 0:
            pending = pending[-1:] if pending.endswith(b"\x1b") else b""
            return
        end = start + 2
        while end < len(pending) and not (0x40 <= pending[end] <= 0x7e):
            end += 1
        if end >= len(pending):
            pending = pending[start:]
            return
        sequence = pending[start:end + 1]
        pending = pending[end + 1:]
        if family == "kitty":
            if sequence == b"\x1b[?u":
                os.write(master, b"\x1b[?%du" % (stack[-1] if stack else 0))
            elif sequence.startswith(b"\x1b[>") and sequence.endswith(b"u"):
                flags = int(sequence[3:-1] or b"1")
                stack.append(flags)
                most_flags = max(most_flags, flags)
            elif sequence.startswith(b"\x1b[<") and sequence.endswith(b"u"):
                count = int(sequence[3:-1] or b"1")
                del stack[max(0, len(stack) - count):]
        if family in ("kitty", "tmux") and sequence == b"\x1b[c":
            os.write(master, b"\x1b[?62;22c")

def pump(seconds):
    """Reads the program's output for `seconds`, answering queries."""
    global result
    end = time.time() + seconds
    while True:
        left = end - time.time()
        if left <= 0:
            return
        ready, _, _ = select.select([master, reports], [], [], left)
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            if data:
                answer(data)
        if reports in ready:
            line = reports.readline()
            if not line:
                return
            if line.strip() == "stopped":
                global stopped_with_stack
                stopped_with_stack = len(stack)
            else:
                result = json.loads(line)
                return

def child_pid():
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == shell and int(name) != shell:
                    return int(name)
            except OSError:
                pass
    return None

pump(0.3)
for step in steps:
    kind, argument = step[0], (step[1] if len(step) > 1 else "")
    if result is not None:
        break
    if kind == "wait":
        pump(float(argument))
    elif kind == "send":
        os.write(master, argument.encode().decode("unicode_escape").encode("latin-1"))
        pump(0.02)
    elif kind == "signal":
        pid = child_pid()
        if pid:
            os.kill(pid, getattr(signal, "SIG" + argument))
        pump(0.02)
    elif kind == "hangup":
        os.close(master)
        master = os.open("/dev/null", os.O_RDONLY)
    elif kind == "expect-stopped":
        end = time.time() + 2
        while stopped_with_stack is None and result is None and time.time() < end:
            pump(0.05)
    elif kind == "fg":
        commands.write("fg\n")
        pump(0.2)
    depths.append(len(stack))
end = time.time() + 5
while result is None and time.time() < end:
    pump(0.1)
print(json.dumps({"family": family, "depths": depths, "mostFlags": most_flags, "stackWhenStopped": stopped_with_stack,
                  "status": result and result["status"], "stackAtExit": len(stack),
                  "leftover": result and result["leftover"]}))
