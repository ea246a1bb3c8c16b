#!/usr/bin/env python3
"""stories-tui performance benchmark (issues 5 and 13).

Builds the release binary (the Makefile's RELEASE_FLAGS, from `make release-flags`) and the C limit program
(Benchmarks/limit.c), runs them and the peers patat and mdp under pseudo-terminals with
TERM=tmux-256color and LANG=C.UTF-8, and prints one table of medians of 3 runs with their spread
and the ratio to the limit. See Benchmarks/README.md.

    python3 Benchmarks/run.py              # full run (about 10 minutes; two parts are 60 s stories)
    python3 Benchmarks/run.py --quick      # short run: fewer and shorter runs, 10 s stories for lateness
    python3 Benchmarks/run.py --callgrind  # also: instructions per bar step and where they go (valgrind)
"""

import argparse
import atexit
import fcntl
import glob
import json
import os
import pty
import random
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

sys.dont_write_bytecode = True   # memory.py, picture-bytes.py and pictures.py are imported: no __pycache__ in the tree
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_SOURCE = os.path.join(ROOT, "Benchmarks", "limit.c")


def makefile_release_flags():
    """The Makefile's RELEASE_FLAGS (so the benchmark measures what `make install` builds, in the same
    folder with the same flags: a build with other flags there would make the next `make build` compile
    everything again), from `make release-flags` (which also makes the folder they name)."""
    return subprocess.run(["make", "-s", "release-flags"], cwd=ROOT, check=True, text=True,
                          stdout=subprocess.PIPE, timeout=60).stdout.split()


RELEASE_FLAGS = makefile_release_flags()
TERM = "tmux-256color"
SMALL, LARGE = (80, 24), (250, 60)     # (columns, rows)
STORY_SECONDS = 30                     # the playing story at 80x24: one story, so its segment is 78 columns


def story_seconds(size):
    """The playing story's length at `size`: 30 s at 80 columns, longer in proportion to the segment
    (columns - 2) elsewhere, so that every size has the same 20.8 eighth-steps a second and a
    difference in cost per step comes from the width alone."""
    return STORY_SECONDS * (size[0] - 2) / (SMALL[0] - 2)
# Peak RSS comes from GNU time (%M, its child's own ru_maxrss). Not from os.wait4 on a child of this
# script: Linux keeps a process's RSS high-water mark across exec, so a child forked from this
# (large) Python process would report Python's RSS, not the program's.
TIME = "/usr/bin/time"
CHILDREN = set()          # process-group leaders still alive, killed on exit
BINARY = None             # set by main(): the release binary
LIMIT = None              # set by main(): the compiled limit program


# ---------------------------------------------------------------------------------------------
# setup

def ensure_tools(need_peers, need_valgrind):
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("installing pyte (pip)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyte"], check=True, timeout=300)
    missing = [] if os.access(TIME, os.X_OK) else ["time"]
    missing += [tool for tool in ("strace", "cc") if shutil.which(tool) is None]
    if need_valgrind and shutil.which("valgrind") is None:
        missing.append("valgrind")
    missing = ["gcc" if m == "cc" else m for m in missing]
    if missing:
        print("installing " + " ".join(missing) + " (apt-get)", file=sys.stderr)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update"], check=True, timeout=600, env=env)
        subprocess.run(["apt-get", "install", "-y"] + missing, check=True, timeout=900, env=env)


def build(skip):
    """The release binary (built unless `skip`) and the limit program (always compiled, into tmp)."""
    if not skip:
        print("building the release binary…", file=sys.stderr)
        subprocess.run(["swift", "build"] + RELEASE_FLAGS, cwd=ROOT, check=True, timeout=1800,
                       stdout=subprocess.DEVNULL)
    folder = subprocess.run(["swift", "build"] + RELEASE_FLAGS + ["--show-bin-path"], cwd=ROOT, check=True,
                            timeout=600, capture_output=True, text=True).stdout.strip()
    binary = os.path.join(folder, "stories-tui")
    if not os.access(binary, os.X_OK):
        sys.exit("no binary at " + binary)
    return binary


def compile_limit(tmp):
    path = os.path.join(tmp, "limit")
    subprocess.run(["cc", "-O2", "-o", path, LIMIT_SOURCE], check=True, timeout=120)
    return path


def kill_children():
    for pid in list(CHILDREN):
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(pid, 0)
        except OSError:
            pass
        CHILDREN.discard(pid)


def on_signal(number, _frame):
    kill_children()
    sys.exit(128 + number)


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def one_minute_load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def uptime():
    """`uptime`'s line (the machine's load), for the record."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "load average " + load_average()


# The peers' last figures, shown (marked old) when a peer is not installed: the harness does not
# install them.
OLD_PEER_FRAMES = {"mdp": "5.9 ms (3.5–13.8), 2026-12-01 06:26 UTC, old harness (pyte fed as chunks came)",
                   "patat": "37.2 ms (29.2–258.4), 2026-12-01 06:26 UTC, old harness (pyte fed as chunks came)"}


# ---------------------------------------------------------------------------------------------
# statistics: every figure is the median of its runs, shown with its spread

class Runs:
    """The values of one figure over several runs."""

    def __init__(self, values):
        self.values = [v for v in values if v is not None]

    @property
    def median(self):
        return statistics.median(self.values) if self.values else None

    def show(self, fmt="{:.1f}", unit=""):
        if not self.values:
            return "no result"
        text = fmt.format(self.median) + unit
        if len(self.values) > 1:
            text += " (" + fmt.format(min(self.values)) + "–" + fmt.format(max(self.values)) + ")"
        return text


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def show_ratio(value):
    return "–" if value is None else f"×{value:.2f}"


# ---------------------------------------------------------------------------------------------
# a program under a pseudo-terminal

def right_arrow(p):
    """The bytes a terminal sends for → to `p`: `ESC O C` in application cursor mode (DECCKM, which
    curses' keypad mode turns on with `ESC [ ? 1 h`), else `ESC [ C`."""
    modes = re.findall(rb"\x1b\[\?1([hl])", p.data_between(0, time.monotonic()))
    return b"\x1bOC" if modes and modes[-1] == b"h" else b"\x1b[C"


class PtyProcess:
    """Runs argv in a new session whose controlling terminal is a pty of `size`; a thread records
    every chunk written to the terminal with the time it was read. With `rss`, the program runs
    under GNU time (peak RSS); with `strace`, under `strace -f -ttt -o FILE` (syscall counts)."""

    def __init__(self, argv, size=SMALL, rss=False, strace=None, valgrind=None, answer_kitty=False,
                 answer_background=False):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/root"),
               "TERM": TERM, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        self.size = size
        self.chunks = []              # (monotonic time, bytes)
        self.lock = threading.Condition()
        self.closed = False
        self.status = None
        self.rss_file = None
        self.answer_kitty = answer_kitty
        self.answer_background = answer_background   # plays a terminal that answers OSC 11 and DA1 (xterm's way)
        self.kitty_stack = []         # flags pushed with CSI > flags u
        self.cpu_at = []              # schedstat CPU (ns) read by the reader right after each early chunk
        wrapped = False
        if rss:
            handle, self.rss_file = tempfile.mkstemp(prefix="stories-bench-rss-")
            os.close(handle)
            argv = [TIME, "-f", "%M", "-o", self.rss_file] + list(argv)
            wrapped = True
        if strace:
            argv = ["strace", "-f", "-ttt", "-o", strace] + list(argv)
            wrapped = True
        if valgrind:
            argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + valgrind] + list(argv)
        columns, rows = size
        self.started = time.monotonic()
        clock_read, clock_write = os.pipe()
        pid, fd = pty.fork()
        if pid == 0:  # child: size the terminal before anything runs, then say when it execs
            try:
                os.close(clock_read)
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.set_inheritable(clock_write, False)
                os.write(clock_write, struct.pack("d", time.monotonic()))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(clock_write)
        stamp = os.read(clock_read, 8)
        os.close(clock_read)
        self.exec_time = struct.unpack("d", stamp)[0] if len(stamp) == 8 else self.started
        self.leader, self.fd = pid, fd
        CHILDREN.add(pid)
        self.pid = self._program_pid() if wrapped else pid   # the program itself, for /proc
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    CPU_SAMPLES = 16    # chunks after which the reader reads the program's CPU time

    def _program_pid(self):
        """The child of the wrapper (the measured program)."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                with open(f"/proc/{self.leader}/task/{self.leader}/children") as f:
                    children = f.read().split()
                if children:
                    return int(children[0])
            except OSError:
                pass
            time.sleep(0.0005)
        return self.leader

    def peak_rss_mib(self):
        """The program's peak RSS (MiB) once it has exited, from GNU time; None without it."""
        if not self.rss_file:
            return None
        try:
            with open(self.rss_file) as f:
                numbers = [line for line in f.read().split() if line.isdigit()]
            return int(numbers[-1]) / 1024 if numbers else None
        finally:
            os.unlink(self.rss_file)

    def _read(self):
        pending = b""
        while True:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            now = time.monotonic()
            with self.lock:
                if not data:
                    self.closed = True
                    self.lock.notify_all()
                    return
                self.chunks.append((now, data))
                self.lock.notify_all()
            if len(self.cpu_at) < self.CPU_SAMPLES:
                # After the stamp, so it delays no stamp but the next chunk's by a read of /proc.
                self.cpu_at.append(self.cpu()[0])
            if self.answer_kitty:
                pending = self._answer(pending + data)
            elif self.answer_background:
                pending = self._answer_background(pending + data)

    def _answer(self, data):
        """Plays a terminal with the kitty keyboard protocol: answers `CSI ? u` with the flags on top
        of the stack and DA1 `CSI c`, and keeps the stack (push `CSI > f u`, pop `CSI < n u`, set
        `CSI = f ; m u`). Returns an unfinished sequence at the end, for the next chunk."""
        sequence = re.compile(rb"\x1b\[([?>=<]?)([\d;]*)([uc])")
        for match in sequence.finditer(data):
            prefix, numbers, final = match.groups()
            values = [int(n) for n in numbers.split(b";") if n]
            if final == b"c" and prefix == b"" and values in ([], [0]):
                self.send(b"\x1b[?62;22c")
            elif final != b"u":
                continue
            elif prefix == b"?":
                self.send(b"\x1b[?%du" % (self.kitty_stack[-1] if self.kitty_stack else 0))
            elif prefix == b">":
                self.kitty_stack.append(values[0] if values else 0)
            elif prefix == b"<":
                del self.kitty_stack[max(0, len(self.kitty_stack) - (values[0] if values else 1)):]
            elif prefix == b"=" and values:
                flags, mode = values[0], values[1] if len(values) > 1 else 1
                top = self.kitty_stack[-1] if self.kitty_stack else 0
                top = flags if mode == 1 else (top | flags if mode == 2 else top & ~flags)
                if self.kitty_stack:
                    self.kitty_stack[-1] = top
                else:
                    self.kitty_stack.append(top)
        escape = data.rfind(b"\x1b")
        if escape < 0 or re.match(rb"\x1b(\[[?>=<]?[\d;]*[\x40-\x7e]|[^\[])", data[escape:]):
            return b""
        return data[escape:]

    def _answer_background(self, data):
        """Answers OSC 11 (`rgb:1e1e/1e1e/1e1e`, a dark grey) and DA1 at once, in order, as xterm does;
        returns an unfinished sequence at the end, for the next chunk."""
        for match in re.finditer(rb"\x1b\]11;\?(?:\x1b\\|\x07)|\x1b\[0?c", data):
            if match.group().startswith(b"\x1b]"):
                self.send(b"\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\")
            else:
                self.send(b"\x1b[?62;22c")
        escape = data.rfind(b"\x1b")
        return data[escape:] if escape >= 0 and len(data) - escape < 16 and not re.match(
            rb"\x1b(\]11;\?(\x1b\\|\x07)|\[[\d;?]*[\x40-\x7e])", data[escape:]) else b""

    def send(self, data):
        os.write(self.fd, data)

    def bytes_between(self, start, end):
        with self.lock:
            return sum(len(d) for t, d in self.chunks if start <= t < end)

    def data_between(self, start, end):
        with self.lock:
            return b"".join(d for t, d in self.chunks if start <= t < end)

    def time_of_bytes(self, pattern, timeout):
        """The time of the chunk that completes the first occurrence of `pattern`, or None."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                data = b""
                for moment, chunk in self.chunks:
                    data += chunk
                    if pattern in data:
                        return moment
                if self.closed or time.monotonic() >= deadline:
                    return None
                self.lock.wait(min(0.5, max(0, deadline - time.monotonic())))

    def first_byte_time(self, timeout=5.0):
        deadline = time.monotonic() + timeout
        with self.lock:
            while not self.chunks and not self.closed and time.monotonic() < deadline:
                self.lock.wait(deadline - time.monotonic())
            return self.chunks[0][0] if self.chunks else None

    def wait_for_screen(self, predicate, timeout=10.0):
        """Feeds output to pyte until predicate(lines) holds; returns the time of the chunk that
        made it true, or None."""
        import pyte
        screen = pyte.Screen(*self.size)
        stream = pyte.ByteStream(screen)
        seen = 0
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                pending = self.chunks[seen:]
                seen = len(self.chunks)
                if not pending:
                    if self.closed:
                        return None
                    self.lock.wait(min(0.05, max(0, deadline - time.monotonic())))
                    continue
            for moment, data in pending:
                stream.feed(data)
                if predicate(screen.display):
                    return moment
        return None

    def screen_time(self, predicate, settle=0.4, timeout=10.0):
        """The time of the chunk that made predicate(lines) true, or None: the emulator (pyte) is fed
        only after the reader thread has stamped every chunk, `settle` s after exec (then again each
        0.2 s until `timeout`), so no emulator work can delay a stamp. Also the chunk's index."""
        import pyte
        deadline = self.exec_time + timeout
        wake = self.exec_time + settle
        while True:
            time.sleep(max(0.0, wake - time.monotonic()))
            with self.lock:
                chunks = list(self.chunks)
                closed = self.closed
            screen = pyte.Screen(*self.size)
            stream = pyte.ByteStream(screen)
            for index, (moment, data) in enumerate(chunks):
                stream.feed(data)
                if predicate(screen.display):
                    return moment, index
            if closed or time.monotonic() >= deadline:
                return None, None
            wake = time.monotonic() + 0.2

    def cpu(self):
        """(nanoseconds on a CPU, times scheduled in) summed over the program's threads, from schedstat."""
        nanoseconds = runs = 0
        for path in glob.glob(f"/proc/{self.pid}/task/*/schedstat"):
            try:
                with open(path) as f:
                    fields = f.read().split()
            except OSError:
                continue
            nanoseconds += int(fields[0])
            runs += int(fields[2])
        return nanoseconds, runs

    def measure(self, seconds):
        """CPU, wake-ups and terminal bytes over the next `seconds`."""
        ns0, runs0 = self.cpu()
        start = time.monotonic()
        time.sleep(seconds)
        ns1, runs1 = self.cpu()
        end = time.monotonic()
        time.sleep(0.05)   # let the reader catch up with what was written before `end`
        return {"ns": ns1 - ns0, "wakeups": runs1 - runs0, "bytes": self.bytes_between(start, end),
                "elapsed": end - start}

    def finish(self, quit_keys=b"q", timeout=5.0):
        """Asks the program to quit, waits (bounded), then reaps it."""
        if quit_keys:
            try:
                self.send(quit_keys)
            except OSError:
                pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.leader, os.WNOHANG)
            if pid == self.leader:
                self.status = status
                break
            time.sleep(0.02)
        else:
            os.killpg(self.leader, signal.SIGKILL)
            _, self.status = os.waitpid(self.leader, 0)
        CHILDREN.discard(self.leader)
        self.thread.join(1.0)
        try:
            os.close(self.fd)
        except OSError:
            pass


def screen_of(data, size=SMALL):
    import pyte
    screen = pyte.Screen(*size)
    pyte.ByteStream(screen).feed(data)
    return screen.display


def run_with_rusage(argv, timeout):
    """Runs argv (output discarded) under GNU time: (seconds, its peak RSS in KiB, exit code).
    The seconds include GNU time's own fork and exec (well under a millisecond)."""
    handle, rss_file = tempfile.mkstemp(prefix="stories-bench-rss-")
    os.close(handle)
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen([TIME, "-f", "%M", "-o", rss_file] + argv, stdout=null, stderr=null,
                                   start_new_session=True)
    CHILDREN.add(process.pid)
    deadline = start + timeout
    while True:
        pid, status = os.waitpid(process.pid, os.WNOHANG)
        if pid == process.pid:
            break
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pid, status = os.waitpid(process.pid, 0)
            break
        time.sleep(0.001)
    elapsed = time.monotonic() - start
    CHILDREN.discard(process.pid)
    with open(rss_file) as f:
        numbers = [word for word in f.read().split() if word.isdigit()]
    os.unlink(rss_file)
    return elapsed, int(numbers[-1]) if numbers else 0, os.waitstatus_to_exitcode(status)


class BusyLoops:
    """`yes > /dev/null` on each core while in use."""

    def __init__(self, count):
        self.count = count
        self.processes = []

    def __enter__(self):
        for _ in range(self.count):
            p = subprocess.Popen(["yes"], stdout=subprocess.DEVNULL, start_new_session=True)
            CHILDREN.add(p.pid)
            self.processes.append(p)
        return self

    def __exit__(self, *_):
        for p in self.processes:
            p.kill()
            p.wait()
            CHILDREN.discard(p.pid)


# ---------------------------------------------------------------------------------------------
# decks

def story(i, duration=None):
    s = {"id": f"s{i}", "title": f"Story number {i + 1}",
         "caption": f"The caption of story {i + 1}."}
    if i % 10 == 3:
        s["art"] = "  /\\_/\\\n ( o.o )\n  > ^ <"
    if duration is not None:
        s["duration"] = duration
    return s


def write_deck(folder, name, stories, duration=5):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump({"title": "Bench", "duration": duration, "stories": stories}, f, ensure_ascii=False)
    return path


def markdown_deck(folder, name, count, patat):
    lines = []
    if patat:
        lines += ["---", "title: Bench", "patat:", "  autoAdvanceDelay: 2", "..."]
    for i in range(count):
        s = story(i)
        if i:
            lines.append("---" if patat else "-------")
        lines += ["", f"# {s['title']}", "", s["caption"], ""]
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------------------------------------
# the programs: ours and the limit, both showing one 30 s story

def ours(deck, *options, size=SMALL, **wrappers):
    return PtyProcess([BINARY] + list(options) + [deck], size=size, **wrappers)


def limit(size=SMALL, seconds=None, **wrappers):
    seconds = story_seconds(size) if seconds is None else seconds
    return PtyProcess([LIMIT, str(size[0] - 2), str(seconds)], size=size, **wrappers)


def title_shown(title="Story number 1"):
    """The first full frame: the title (on row 2, or in the middle for a text story) and a bar on row 1."""
    return lambda lines: lines[0].strip() != "" and any(title in line for line in lines[1:])


def anywhere(text):
    return lambda lines: any(text in line for line in lines)


def steps_in(seconds, size):
    """Eighth-steps of the playing bar (one story, columns - 2 wide) due in `seconds`."""
    return (size[0] - 2) * 8 * seconds / story_seconds(size)


def measure_playing(start, size, seconds, settle=1.0):
    """CPU (schedstat ns) and bytes per bar step over `seconds`, 1 s after the first full frame."""
    p = start()
    p.wait_for_screen(title_shown())
    time.sleep(settle)
    t0 = time.monotonic()
    m = p.measure(seconds)
    drawn = glyphs(p.data_between(t0, t0 + m["elapsed"]))
    p.finish()
    steps = steps_in(m["elapsed"], size)
    return {"us_step": m["ns"] / 1e3 / steps, "bytes_step": m["bytes"] / steps,
            "us_s": m["ns"] / 1e3 / m["elapsed"], "wakeups_step": m["wakeups"] / steps, "drawn": drawn / steps}


def glyphs(data):
    """Eighth blocks (U+2588 to U+258F) in terminal output: one for each bar step drawn."""
    return len(re.findall(b"\xe2\x96[\x88-\x8f]", data))


def count_syscalls(trace, t0, t1):
    """Syscalls started in [t0, t1] (wall clock) in an `strace -f -ttt` file: total and by name."""
    names = {}
    line_re = re.compile(r"^\d+\s+(\d+\.\d+)\s+(?!<\.\.\.|---|\+\+\+)([a-z_0-9]+)\(")
    with open(trace) as f:
        for line in f:
            match = line_re.match(line)
            if match and t0 <= float(match.group(1)) <= t1:
                names[match.group(2)] = names.get(match.group(2), 0) + 1
    return sum(names.values()), names


def measure_syscalls(start, size, seconds, tmp):
    """Syscalls per bar step in a run of its own under strace (its overhead pollutes no CPU figure)."""
    trace = os.path.join(tmp, "trace")
    p = start(strace=trace)
    p.wait_for_screen(title_shown(), timeout=20)
    time.sleep(1.0)
    t0 = time.time()
    time.sleep(seconds)
    t1 = time.time()
    p.finish()
    total, names = count_syscalls(trace, t0, t1)
    os.unlink(trace)
    steps = steps_in(t1 - t0, size)
    return {"per_step": total / steps, "names": {k: v / steps for k, v in names.items()}}


def measure_first_frame(start, predicate):
    """Exec to the first byte on the pty, and to the chunk that completes the first full frame (the
    child stamps the clock just before it calls exec; the reader thread stamps each chunk as it is
    read and the emulator is fed afterwards, `PtyProcess.screen_time`); and the program's CPU time
    (schedstat, read by the reader right after that chunk), which load on the machine does not stretch."""
    p = start()
    shown, index = p.screen_time(predicate, timeout=20)
    first = p.first_byte_time()
    cpu = p.cpu_at[index] if index is not None and index < len(p.cpu_at) else None
    p.finish()
    if shown is None:
        return None
    return {"first_byte": (first - p.exec_time) * 1000, "frame": (shown - p.exec_time) * 1000,
            "cpu": None if cpu is None else cpu / 1e6}


def picture_shown(lines_screen):
    """The picture on screen: at least 200 cells below the top two rows with a background colour."""
    return sum(1 for y in range(2, len(lines_screen.buffer)) for cell in lines_screen.buffer[y].values()
               if cell.bg != "default") >= 200


def screen_times(p, predicates, settle=0.6, timeout=10.0):
    """For each predicate (of a pyte screen), the time of the chunk after which it first held, fed
    after the reader thread has stamped the chunks (as `PtyProcess.screen_time`); None where it never did."""
    import pyte
    time.sleep(max(0.0, p.exec_time + settle - time.monotonic()))
    deadline = p.exec_time + timeout
    while True:
        with p.lock:
            chunks = list(p.chunks)
        screen = pyte.Screen(*p.size)
        stream = pyte.ByteStream(screen)
        found = [None] * len(predicates)
        for moment, data in chunks:
            stream.feed(data)
            for i, predicate in enumerate(predicates):
                if found[i] is None and predicate(screen):
                    found[i] = moment
        if all(f is not None for f in found) or time.monotonic() >= deadline:
            return found
        time.sleep(0.2)


def measure_first_picture(binary, deck):
    """Exec → first full frame, and first frame → the picture on screen (ms)."""
    p = PtyProcess([binary, "--no-autoplay", deck], answer_background=True)
    frame, picture = screen_times(p, [lambda s: title_shown("Photo")(s.display), picture_shown])
    p.finish()
    if frame is None or picture is None:
        return None
    return {"frame": (frame - p.exec_time) * 1000, "picture": (picture - frame) * 1000}


def photo(folder, name, width, height):
    """A JPEG with detail everywhere (Pillow)."""
    from PIL import Image
    rng = random.Random(width * height)
    small = Image.new("RGB", (width // 16, height // 16))
    small.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(small.width * small.height)])
    path = os.path.join(folder, name)
    small.resize((width, height), Image.BICUBIC).save(path, quality=90)
    return path


def measure_rss(start, predicate):
    p = start(rss=True)
    p.wait_for_screen(predicate, timeout=20)
    time.sleep(0.3)
    p.finish()
    return p.peak_rss_mib()


def measure_lateness(tmp, duration, copies, busy):
    """`copies` of ours (deck: a `duration` story, then another) and of the limit, side by side, with
    `busy` busy loops. From the pty: the first full frame, and the chunk where story 2's title shows
    (the limit: where it leaves the alternate screen at its end). Lateness = change - frame - duration;
    against the exec instead of the frame it is an upper bound."""
    deck = write_deck(tmp, "lateness.json", [story(0, duration), story(1, duration)])
    with BusyLoops(busy):
        time.sleep(0.5 if busy else 0)
        runs = []
        for _ in range(copies):          # staggered, so that no two start at the same time
            runs.append(("ours", ours(deck)))
            time.sleep(0.3)
            runs.append(("limit", limit(seconds=duration)))
            time.sleep(0.3)
        # Only the readers run while the frames and changes arrive (pyte is fed afterwards), so
        # the time stamps of the chunks do not wait for this thread.
        time.sleep(duration + 1.0)
        results = {"ours": [], "limit": [], "ours_exec": [], "limit_exec": []}
        for name, p in runs:
            frame = p.wait_for_screen(title_shown(), timeout=5)
            if name == "ours":
                change = p.wait_for_screen(title_shown("Story number 2"), timeout=10)
            else:
                change = p.time_of_bytes(b"\x1b[?1049l", timeout=10)
            if change is not None and frame is not None:
                results[name].append((change - frame - duration) * 1000)
                results[name + "_exec"].append((change - p.exec_time - duration) * 1000)
            p.finish()
    return {k: Runs(v) for k, v in results.items()}


def measure_idle(tmp, keys, settle, seconds):
    """Wake-ups (times scheduled in) and bytes after `keys` (pause, help, list)."""
    deck = write_deck(tmp, "idle.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown())
    p.send(keys)
    time.sleep(settle)
    m = p.measure(seconds)
    p.finish(b"\x1bq")
    return m


def measure_change(tmp):
    deck = write_deck(tmp, "change.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown())
    p.send(b"p")                       # freeze the bar so that only the change differs
    time.sleep(0.5)
    before_end = time.monotonic()
    before = screen_of(p.data_between(0, before_end))
    p.send(right_arrow(p))
    time.sleep(0.5)
    after_end = time.monotonic()
    change = p.data_between(before_end, after_end)
    after = screen_of(p.data_between(0, after_end))
    p.finish()
    changed_rows = [r for r in range(SMALL[1]) if before[r] != after[r]]
    # A perfect program: per changed row one cursor move, the row's new text without trailing
    # blanks, and an erase to the end of the row when the old text was longer.
    row_bytes = 0
    for r in changed_rows:
        new, old = after[r].rstrip(), before[r].rstrip()
        row_bytes += len(f"\x1b[{r + 1};1H") + len(new.encode())
        if len(old) > len(new):
            row_bytes += 3
    clears = len(re.findall(rb"\x1b\[[0-3]?J", change))
    return {"bytes": len(change), "rows": len(changed_rows), "row_bytes": row_bytes, "clears": clears,
            "changed": any("Story number 2" in line for line in after)}


def measure_load(tmp, count, repeats):
    deck = write_deck(tmp, f"load{count}.json", [story(i) for i in range(count)])
    runs = [run_with_rusage([BINARY, "--check", deck], timeout=60) for _ in range(repeats)]
    return {"s": Runs([r[0] for r in runs]), "rss": Runs([r[1] / 1024 for r in runs]),
            "codes": sorted({r[2] for r in runs}), "mb": os.path.getsize(deck) / 1e6}


def paused_spans(chunks, size=SMALL):
    """(time, paused) at each chunk where `Paused` appears or goes on row 2 of the screen."""
    import pyte
    screen = pyte.Screen(*size)
    stream = pyte.ByteStream(screen)
    state, changes = False, []
    for moment, data in chunks:
        stream.feed(data)
        paused = "Paused" in screen.display[1]
        if paused != state:
            changes.append((moment, paused))
            state = paused
    return changes


def measure_hold(tmp, gaps, initial=0.5):
    """A held space without key release: a press, `initial` s, then repeats after each of `gaps`.
    From the screen: press → `Paused` shown, last repeat → gone, and spurious resume/suspend
    cycles in between."""
    deck = write_deck(tmp, "hold.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown())
    time.sleep(0.3)
    sent = [time.monotonic()]
    p.send(b" ")
    time.sleep(initial)
    for gap in gaps:
        sent.append(time.monotonic())
        p.send(b" ")
        time.sleep(gap)
    time.sleep(1.5)
    p.finish()
    with p.lock:
        changes = [c for c in paused_spans(p.chunks) if c[0] >= sent[0]]
    if not changes or not changes[0][1]:
        return None
    resumes = [t for t, paused in changes if not paused]
    final = [t for t in resumes if t >= sent[-1]]
    return {"suspend_ms": (changes[0][0] - sent[0]) * 1000,
            "resume_ms": (final[0] - sent[-1]) * 1000 if final else None,
            "spurious": len([t for t in resumes if t < sent[-1]])}


def jittered_gaps(seed, seconds=5.0, interval=0.033, jitter=0.150, stall=None):
    """Repeat gaps of a held key over `seconds`: `interval` apart, each delivered up to `jitter` late
    (delivery order kept), and optionally one `stall` in the middle."""
    rng = random.Random(seed)
    times, t = [], 0.0
    while t < seconds:
        times.append(t + rng.uniform(0, jitter))
        t += interval
    times.sort()
    gaps = [b - a for a, b in zip(times, times[1:])]
    if stall:
        gaps[len(gaps) // 2] += stall
    return gaps


def measure_kitty_hold(tmp, holds):
    """With a terminal that reports key release (kitty protocol): `holds` holds of 0.6 s. From the
    screen: release → resume, and when the title steps aside after the press. None when the build
    does not ask the terminal for the protocol."""
    deck = write_deck(tmp, "kitty.json", [story(i, 30) for i in range(3)])
    p = ours(deck, answer_kitty=True)
    p.wait_for_screen(title_shown(), timeout=5)
    time.sleep(0.4)
    if not p.kitty_stack:
        p.finish()
        return None
    press, repeat, release = b"\x1b[32u", b"\x1b[32;1:2u", b"\x1b[32;1:3u"
    marks = []
    for _ in range(holds):
        pressed = time.monotonic()
        p.send(press)
        time.sleep(0.5)
        while time.monotonic() - pressed < 0.6:
            p.send(repeat)
            time.sleep(0.033)
        released = time.monotonic()
        p.send(release)
        time.sleep(0.25)
        marks.append((pressed, released))
    p.finish()
    with p.lock:
        chunks = list(p.chunks)
    changes = paused_spans(chunks)
    resume, hide, spurious = [], [], 0
    for pressed, released in marks:
        ups = [t for t, paused in changes if not paused and pressed <= t]
        spurious += len([t for t in ups if t < released])
        after = [t for t in ups if t >= released]
        if after:
            resume.append((after[0] - released) * 1000)
        # the title steps aside: the first chunk after the press whose screen lacks the title
        hidden = first_time(chunks, pressed, lambda lines: not any("Story number" in line for line in lines))
        if hidden is not None:
            hide.append((hidden - pressed) * 1000)
    return {"resume": Runs(resume), "hide": Runs(hide), "spurious": spurious, "holds": holds}


def first_time(chunks, after, predicate, size=SMALL):
    import pyte
    screen = pyte.Screen(*size)
    stream = pyte.ByteStream(screen)
    for moment, data in chunks:
        stream.feed(data)
        if moment >= after and predicate(screen.display):
            return moment
    return None


def measure_peer(argv, change_keys, seconds, quit_keys, own_timer):
    """CPU, bytes/s and bytes per change with a slide change every 2 s (by key, or the program's own
    timer), peak RSS."""
    p = PtyProcess(argv, rss=True)
    p.first_byte_time()
    time.sleep(1.5)
    ns0, _ = p.cpu()
    t0 = time.monotonic()
    per_change = []
    while time.monotonic() - t0 < seconds:
        if change_keys:
            sent = time.monotonic()
            p.send(change_keys(p))
            time.sleep(0.5)
            per_change.append(p.bytes_between(sent, time.monotonic()))
            time.sleep(1.5)
        else:
            time.sleep(2.0)
    ns1, _ = p.cpu()
    t1 = time.monotonic()
    time.sleep(0.05)
    written = p.bytes_between(t0, t1)
    p.finish(quit_keys)
    if not change_keys:
        per_change = [written / ((t1 - t0) / 2)] if not own_timer else []
    return {"cpu": (ns1 - ns0) / 1e9 / (t1 - t0) * 100, "bps": written / (t1 - t0),
            "per_change": statistics.median(per_change) if per_change else None, "rss": p.peak_rss_mib()}


# ---------------------------------------------------------------------------------------------
# callgrind: instructions of a bar step

def callgrind_step(tmp, size, seconds):
    """Instructions per bar step under callgrind: counters zeroed 2 s after the start, dumped
    `seconds` later; the steps of that window from the pty. Returns (instructions per step, the
    top functions by inclusive share)."""
    out = os.path.join(tmp, f"callgrind.{size[0]}")
    deck = write_deck(tmp, "callgrind.json", [story(0, story_seconds(size))])
    # valgrind 3.19 cannot read this binary's DWARF 5: a copy without debug sections (function names
    # stay in the symbol table).
    stripped = os.path.join(tmp, "stories-tui-symbols")
    subprocess.run(["strip", "-g", "-o", stripped, BINARY], check=True, timeout=120)
    p = PtyProcess([stripped, deck], size=size, valgrind=out)
    p.wait_for_screen(title_shown(), timeout=60)
    time.sleep(2.0)
    pid = p.pid
    subprocess.run(["callgrind_control", "-z", str(pid)], capture_output=True, timeout=60)
    t0 = time.monotonic()
    time.sleep(seconds)
    subprocess.run(["callgrind_control", "-d", "window", str(pid)], capture_output=True, timeout=60)
    t1 = time.monotonic()
    time.sleep(0.05)
    steps = glyphs(p.data_between(t0, t1))
    p.finish(timeout=30)
    dump = next(iter(sorted(glob.glob(out + ".*"))), None)
    if dump is None or not steps:
        return None
    annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", dump], capture_output=True,
                              text=True, timeout=120).stdout
    total = re.search(r"([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS", annotate)
    top = []
    for line in annotate.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+\S*:(.+?)\s*\[", line)
        if m and float(m.group(2)) < 99.9 and len(top) < 20:   # the frames above main are 100 %
            top.append((float(m.group(2)), m.group(3)))
    if shutil.which("swift"):
        names = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(n for _, n in top),
                               capture_output=True, text=True, timeout=60).stdout.splitlines()
        if len(names) == len(top):
            top = [(share, name) for (share, _), name in zip(top, names)]
    top = [(share, name[:120]) for share, name in top]
    return {"per_step": int(total.group(1).replace(",", "")) / steps if total else None, "top": top,
            "steps": steps}


# ---------------------------------------------------------------------------------------------
# the table

PARTS = ("play", "syscalls", "frame", "picture", "memory", "bytes", "idle", "change", "check", "hold", "peers", "lateness",
         "callgrind")


def verdict(ok):
    return "" if ok is None else ("met" if ok else "MISSED")


def main():
    global BINARY, LIMIT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    parser.add_argument("--binary", help="measure this binary (no build)")
    parser.add_argument("--release-flags", help="build with these swift build flags instead of the Makefile's "
                        "RELEASE_FLAGS (e.g. a fully static executable, Benchmarks/README.md)")
    parser.add_argument("--no-peers", action="store_true", help="skip patat and mdp")
    parser.add_argument("--callgrind", action="store_true", help="also count a bar step's instructions")
    parser.add_argument("--rounds", type=int, help="interleaved rounds of the playing and first-frame "
                        "figures (default 30, 10 with --quick)")
    parser.add_argument("--only", help="comma-separated parts to run: " + ", ".join(PARTS))
    parser.add_argument("--before", action="append", help="another binary measured in the same rounds "
                        "(the first picture, the bar step's extra CPU, memory and bytes), e.g. the build before a change")
    args = parser.parse_args()
    parts = set(args.only.split(",")) if args.only else set(PARTS) - ({"callgrind"} - ({"callgrind"} if args.callgrind else set()))
    unknown = parts - set(PARTS)
    if unknown:
        parser.error("unknown parts: " + ", ".join(sorted(unknown)))
    rounds = args.rounds or (10 if args.quick else 30)
    peers = [] if args.no_peers else [p for p in ("mdp", "patat") if shutil.which(p)]
    absent = [] if args.no_peers else [p for p in ("mdp", "patat") if not shutil.which(p)]

    atexit.register(kill_children)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, on_signal)
    ensure_tools(False, args.callgrind or "callgrind" in (args.only or ""))
    if args.release_flags:
        RELEASE_FLAGS[:] = args.release_flags.split()
    BINARY = args.binary or build(args.no_build)
    tmp = tempfile.mkdtemp(prefix="stories-bench-")
    atexit.register(shutil.rmtree, tmp, True)
    LIMIT = compile_limit(tmp)

    repeats = 3
    play_seconds = 1.5 if args.quick else 2.0
    late_seconds = 10 if args.quick else 60
    rows = []   # (measure, stories-tui, reference, ratio, target, verdict)
    load_before = load_average()
    uptime_before = uptime()
    round_loads = []          # the one-minute load at the start of each interleaved round
    print(uptime_before, file=sys.stderr)

    def add(*row):
        rows.append(tuple("" if c is None else str(c) for c in row))
        print("  " + " | ".join(rows[-1]), file=sys.stderr)

    one = {size: write_deck(tmp, f"one{size[0]}.json", [story(0, story_seconds(size))]) for size in (SMALL, LARGE)}

    # Playing: ours and the limit interleaved, `rounds` rounds, at 80x24 and 250x60. The extra CPU a
    # step is ours minus the limit's of the same round and size (the runs next to each other).
    if "play" in parts:
        play = {(who, size): [] for who in ("ours", "limit") for size in (SMALL, LARGE)}
        extra = {size: [] for size in (SMALL, LARGE)}
        before_extra = {(b, size): [] for b in args.before or [] for size in (SMALL, LARGE)}
        for number in range(rounds):      # all four interleaved, so that a change of load hits each alike
            round_loads.append(one_minute_load())
            print(f"playing, round {number + 1} of {rounds}", file=sys.stderr)
            for size in (SMALL, LARGE):
                o = measure_playing(lambda **w: ours(one[size], size=size, **w), size, play_seconds, 0.5)
                l = measure_playing(lambda **w: limit(size=size, **w), size, play_seconds, 0.5)
                play[("ours", size)].append(o)
                play[("limit", size)].append(l)
                extra[size].append(o["us_step"] - l["us_step"])
                for b in args.before or []:   # the build before a change, next to the same limit run
                    bo = measure_playing(lambda b=b, **w: PtyProcess([b, one[size]], size=size, **w), size,
                                         play_seconds, 0.5)
                    before_extra[(b, size)].append(bo["us_step"] - l["us_step"])
        fig = {k: {f: Runs([r[f] for r in v]) for f in ("us_step", "bytes_step", "us_s", "wakeups_step", "drawn")}
               for k, v in play.items()}
        for size in (SMALL, LARGE):
            o, l = fig[("ours", size)], fig[("limit", size)]
            r = ratio(o["us_step"].median, l["us_step"].median)
            tag = (f"{size[0]}×{size[1]}, {size[0] - 2}-column segment of a {story_seconds(size):.1f} s story, "
                   f"{rounds} rounds of {play_seconds:.1f} s")
            add(f"playing {tag}: CPU per bar step (schedstat)", o["us_step"].show(unit=" µs"),
                "limit " + l["us_step"].show(unit=" µs"), show_ratio(r), "≤ ×1.5", verdict(r is not None and r <= 1.5))
            e = Runs(extra[size])
            add(f"playing {tag}: extra CPU per bar step over the limit (ours − limit, same round)",
                e.show("{:+.1f}", " µs"), "", "", "≤ 10 µs", verdict(e.median is not None and e.median <= 10))
            for b in args.before or []:
                add(f"playing {tag}: extra CPU per bar step over the limit, before ({b})",
                    Runs(before_extra[(b, size)]).show("{:+.1f}", " µs"), "", "", "", "")
            add(f"playing {tag}: CPU per second", o["us_s"].show(unit=" µs/s"), "limit " + l["us_s"].show(unit=" µs/s"),
                show_ratio(ratio(o["us_s"].median, l["us_s"].median)), "", "")
            rb = ratio(o["bytes_step"].median, l["bytes_step"].median)
            add(f"playing {tag}: bytes per step", o["bytes_step"].show("{:.2f}", " B"),
                "limit " + l["bytes_step"].show("{:.2f}", " B"), show_ratio(rb), "≤ 4 B",
                verdict(o["bytes_step"].median is not None and o["bytes_step"].median <= 4))
            add(f"playing {tag}: steps drawn / steps due (eighth blocks on the pty)", o["drawn"].show("{:.3f}"),
                "limit " + l["drawn"].show("{:.3f}"), "", "1", verdict(o["drawn"].median is not None and
                                                                      o["drawn"].median >= 0.97))
            add(f"playing {tag}: wake-ups per step", o["wakeups_step"].show("{:.2f}"),
                "limit " + l["wakeups_step"].show("{:.2f}"),
                show_ratio(ratio(o["wakeups_step"].median, l["wakeups_step"].median)), "", "")
        width_ratio = ratio(fig[("ours", LARGE)]["us_step"].median, fig[("ours", SMALL)]["us_step"].median)
        limit_width = ratio(fig[("limit", LARGE)]["us_step"].median, fig[("limit", SMALL)]["us_step"].median)
        add("playing: CPU per step 250×60 / 80×24", show_ratio(width_ratio), "limit " + show_ratio(limit_width), "", "", "")
        # The limit's work does not depend on the width: dividing by its own ratio takes out what the
        # machine did between the runs at the two sizes.
        relative = ratio(width_ratio, limit_width)
        add("playing: CPU per step 250×60 / 80×24, relative to the limit's", show_ratio(relative), "", "",
            "×0.9–×1.1", verdict(relative is not None and 0.9 <= relative <= 1.1))

    if "syscalls" in parts:
        # Syscalls per step: separate runs under strace.
        sys_seconds = 3.0 if args.quick else 5.0
        for size in (SMALL, LARGE):
            o = [measure_syscalls(lambda **w: ours(one[size], size=size, **w), size, sys_seconds, tmp) for _ in range(repeats)]
            l = [measure_syscalls(lambda **w: limit(size=size, **w), size, sys_seconds, tmp) for _ in range(repeats)]
            ro, rl = Runs([x["per_step"] for x in o]), Runs([x["per_step"] for x in l])
            names = sorted(o[0]["names"].items(), key=lambda kv: -kv[1])
            detail = ", ".join(f"{k} {v:.2f}" for k, v in names[:6])
            add(f"syscalls per bar step, {size[0]}×{size[1]} (strace, {sys_seconds:.0f} s): {detail}",
                ro.show("{:.2f}"), "limit " + rl.show("{:.2f}"), show_ratio(ratio(ro.median, rl.median)), "≤ 2",
                verdict(ro.median is not None and ro.median <= 2.05))

    if "frame" in parts:
        # First frame and peak RSS: ours, mdp, patat and the limit (the floor of this harness).
        small_md = markdown_deck(tmp, "first.md", 3, False)
        patat_md = markdown_deck(tmp, "first-patat.md", 3, True)
        small = write_deck(tmp, "small.json", [story(i, 30) for i in range(3)])
        starters = {"stories-tui": (lambda **w: ours(small, **w), title_shown()),
                    "limit": (lambda **w: limit(**w), title_shown())}
        if "mdp" in peers:
            starters["mdp"] = (lambda **w: PtyProcess(["mdp", "-f", small_md], **w), anywhere("Story number 1"))
        if "patat" in peers:
            starters["patat"] = (lambda **w: PtyProcess(["patat", patat_md], **w), anywhere("Story number 1"))
        for b in args.before or []:   # the build before a change, in the same rounds
            starters[f"before ({b})"] = (lambda b=b, **w: PtyProcess([b, small], **w), title_shown())
        frames = {name: [] for name in starters}
        order = list(starters)
        for number in range(rounds):
            round_loads.append(one_minute_load())
            print(f"first frame, round {number + 1} of {rounds}", file=sys.stderr)
            # Each round starts one program later: none always comes first, or always after the same one
            # (whose exit the kernel may still be finishing while the next starts).
            for name in order[number % len(order):] + order[:number % len(order)]:
                start, predicate = starters[name]
                frames[name].append(measure_first_frame(start, predicate))
        ff = {name: {field: Runs([r[field] for r in v if r]) for field in ("frame", "first_byte", "cpu")}
              for name, v in frames.items()}
        rss = {name: Runs([measure_rss(start, predicate) for _ in range(repeats)])
               for name, (start, predicate) in starters.items() if not name.startswith("before")}
        count = len(ff["stories-tui"]["frame"].values)
        us = ff["stories-tui"]
        for name in starters:
            if name == "stories-tui":
                continue
            them = ff[name]
            r = ratio(us["frame"].median, them["frame"].median)
            target, ok = ("≤ ×1.2", r is not None and r <= 1.2) if name == "mdp" else ("", None)
            add(f"first full frame vs {name}: exec → frame on the pty, median of {count} "
                f"(first byte {us['first_byte'].median:.1f} vs {them['first_byte'].median:.1f} ms)",
                us["frame"].show(unit=" ms"), f"{name} " + them["frame"].show(unit=" ms"), show_ratio(r), target, verdict(ok))
        for name in absent:
            add(f"first full frame vs {name}: {name} is not installed here; its last figure, not re-measured",
                us["frame"].show(unit=" ms"), f"{name} {OLD_PEER_FRAMES[name]}", "", "≤ ×1.2" if name == "mdp" else "",
                "not measured")
        for name in starters:
            if name == "stories-tui":
                continue
            them = ff[name]
            add(f"first full frame vs {name}: CPU by then (schedstat; includes the harness's fork and exec)",
                us["cpu"].show("{:.2f}", " ms"), f"{name} " + them["cpu"].show("{:.2f}", " ms"),
                show_ratio(ratio(us["cpu"].median, them["cpu"].median)), "", "")
        for name in starters:
            if name.startswith("before") and "mdp" in ff:
                r = ratio(ff[name]["frame"].median, ff["mdp"]["frame"].median)
                add(f"first full frame, {name}, vs mdp (the same rounds)", ff[name]["frame"].show(unit=" ms"),
                    "mdp " + ff["mdp"]["frame"].show(unit=" ms"), show_ratio(r), "", "")
        for name in rss:
            if name == "stories-tui":
                continue
            r = ratio(rss["stories-tui"].median, rss[name].median)
            add(f"peak RSS, 3 stories, vs {name} (GNU time)", rss["stories-tui"].show(unit=" MiB"),
                f"{name} " + rss[name].show(unit=" MiB"), show_ratio(r),
                "≤ 8 MiB" if name == "limit" else "",
                verdict(rss["stories-tui"].median <= 8) if name == "limit" else "")

    if "picture" in parts:
        # The first story's picture: a 1024x768 JPEG, from the first frame to the picture on screen.
        path = photo(tmp, "photo.jpg", 1024, 768)
        deck = write_deck(tmp, "photo.json", [{"id": "p", "title": "Photo", "image": path, "duration": 30}])
        binaries = [("stories-tui", BINARY)] + [(f"before ({b})", b) for b in args.before or []]
        firsts = {name: [] for name, _ in binaries}
        for number in range(rounds):
            round_loads.append(one_minute_load())
            print(f"first picture, round {number + 1} of {rounds}", file=sys.stderr)
            # Each round in another order: a build measured right after another's helper is not always the same one.
            turn = number % len(binaries)
            for name, binary in binaries[turn:] + binaries[:turn]:
                firsts[name].append(measure_first_picture(binary, deck))
        for name, _ in binaries:
            got = [r for r in firsts[name] if r]
            pic = Runs([r["picture"] for r in got])
            add(f"first story's picture (1024×768 JPEG, 80×24, 256 colours), {name}: first frame → picture on the pty, "
                f"median of {len(got)} (first frame {Runs([r['frame'] for r in got]).show(unit=' ms')}; "
                f"exec → picture {Runs([r['frame'] + r['picture'] for r in got]).show(unit=' ms')})",
                pic.show(unit=" ms"), "", "", "≤ 30 ms" if name == "stories-tui" else "",
                verdict(pic.median is not None and pic.median <= 30) if name == "stories-tui" else "")
        # The load moves every figure by more than a change does: the differences of the same round say more.
        for name, _ in binaries[1:]:
            pairs = [(a, b) for a, b in zip(firsts["stories-tui"], firsts[name]) if a and b]
            delta = {field: Runs([a[field] - b[field] for a, b in pairs]) for field in ("frame", "picture")}
            whole = Runs([a["frame"] + a["picture"] - b["frame"] - b["picture"] for a, b in pairs])
            add(f"first story's picture, stories-tui − {name}, the same round's difference, median of {len(pairs)}: "
                f"exec → picture (first frame {delta['frame'].show(fmt='{:+.1f}', unit=' ms')}; first frame → picture "
                f"{delta['picture'].show(fmt='{:+.1f}', unit=' ms')})", whole.show(fmt="{:+.1f}", unit=" ms"), "", "", "", "")

    if "memory" in parts:
        # Issue 24's memory targets, by memory.py's measure (VmHWM read while the program runs).
        import memory
        photo_path = memory.photo(tmp, "photo4000.jpg", 4000, 3000)
        big = write_deck(tmp, "photo4000.json", [{"id": "p", "title": "Photo", "image": photo_path}])
        paths = [memory.photo(tmp, f"story{i}.jpg", 1024, 768, seed=i) for i in range(100)]
        hundred = write_deck(tmp, "hundred.json", [{"id": str(i), "title": f"Picture {i}", "image": path,
                                                     "duration": 0.15} for i, path in enumerate(paths)])
        for name, binary in [("", BINARY)] + [(f", before ({b})", b) for b in args.before or []]:
            got = [memory.watch(binary, big, 3.0, ["--no-autoplay"]) for _ in range(repeats)]
            helper = Runs([g[1] for g in got])
            add(f"helper peak RSS, a 4000×3000 JPEG (12 MP), one story (VmHWM, memory.py){name}",
                helper.show(unit=" MiB"), "", "", "" if name else "≤ 24 MiB",
                "" if name else verdict(helper.median is not None and helper.median <= 24))
            got = [memory.watch(binary, hundred, 20.0, ["--once"]) for _ in range(repeats)]
            viewer = Runs([g[0] for g in got])
            add(f"viewer peak RSS, 100 picture stories (1024×768 JPEGs, 0.15 s each, --once; VmHWM, memory.py){name}",
                viewer.show(unit=" MiB"), "helper " + Runs([g[1] for g in got]).show(unit=" MiB"), "",
                "" if name else "≤ 12 MiB", "" if name else verdict(viewer.median is not None and viewer.median <= 12))

    if "bytes" in parts:
        # Issue 24's bytes target: a story change to a picture against chafa's same cells (picture-bytes.py).
        import importlib
        picture_bytes = importlib.import_module("picture-bytes")
        if shutil.which("chafa") is None:
            add("picture story change vs chafa", "not measured: chafa's CLI is not installed", "", "", "≤ ×1.1", "")
        for terminal, label in (("256", "256 colours"), ("truecolor", "truecolour")):
            ratios = []
            for image in ("dawn.png", "city.jpg", "lighthouse.jpg", "sun.png"):
                our_bytes, shown = picture_bytes.change(BINARY, tmp, image, terminal)
                box = picture_bytes.grid(shown)
                # chafa draws the cells our frame shows (read back, drawn flat): the same cells, its encoding.
                theirs, alike = picture_bytes.chafa_same_cells(shown, box, terminal, tmp)
                if not theirs:
                    continue
                own = picture_bytes.chafa(image, box, terminal)
                ratios.append(our_bytes / theirs)
                befores = "".join(f"; before {picture_bytes.change(b, tmp, image, terminal)[0]} B" for b in args.before or [])
                add(f"picture story change at 80×24, {image}, {label}: bytes (picture-bytes.py)", f"{our_bytes} B{befores}",
                    f"chafa, same cells {theirs} B (alike {alike:.3f}); its own conversion {own} B", show_ratio(our_bytes / theirs),
                    "≤ ×1.1", verdict(our_bytes / theirs <= 1.1))
            if ratios:
                add(f"picture story change, {label}: bytes vs chafa for the same cells, median of the 4 pictures",
                    f"×{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})", "", "", "≤ ×1.1 each",
                    verdict(max(ratios) <= 1.1))

    if "idle" in parts:
        # Paused, help, list: nothing at all.
        idle_seconds = 2.0 if args.quick else 3.0
        for label, keys, settle in (("paused (tap of space)", b" ", 1.5), ("help open (?)", b"?", 0.5),
                                    ("story list open (Tab)", b"\t", 0.5)):
            runs = [measure_idle(tmp, keys, settle, idle_seconds) for _ in range(repeats)]
            w, b = Runs([r["wakeups"] for r in runs]), Runs([r["bytes"] for r in runs])
            add(f"{label}: wake-ups, bytes over {idle_seconds:.0f} s", w.show("{:.0f}") + " wake-ups",
                b.show("{:.0f}", " B"), "", "0, 0 B", verdict(max(w.values) == 0 and max(b.values) == 0))

    if "change" in parts:
        # Story change.
        changes = [measure_change(tmp) for _ in range(repeats)]
        cb = Runs([c["bytes"] for c in changes])
        rows_bytes = changes[0]["row_bytes"]
        cr = ratio(cb.median, rows_bytes)
        add("story change (→): bytes vs changed rows", cb.show("{:.0f}", " B"),
            f"{changes[0]['rows']} rows, {rows_bytes} B; clears {max(c['clears'] for c in changes)}", show_ratio(cr),
            "≤ ×1.5, no clear", verdict(cr is not None and cr <= 1.5 and all(c["changed"] and c["clears"] == 0
                                                                                for c in changes)))

    if "check" in parts:
        # Load and validate.
        loads = {count: measure_load(tmp, count, repeats) for count in (10_000, 100_000)}
        for count, load in loads.items():
            target, ok = "", None
            if count == 100_000:
                target = "< 0.5 s, < 64 MiB"
                ok = load["s"].median < 0.5 and load["rss"].median < 64
            add(f"--check {count:,} stories ({load['mb']:.1f} MB), exit {load['codes']}", load["s"].show("{:.3f}", " s"),
                load["rss"].show(unit=" MiB") + " peak RSS", "", target, verdict(ok))

    if "hold" in parts:
        # Hold without key release (repeats only), and with it when the build asks for the kitty protocol.
        hold_runs = [measure_hold(tmp, [0.04] * 37) for _ in range(repeats)]
        hold_runs = [h for h in hold_runs if h]
        if hold_runs:
            add("hold, 40 ms repeats: press → `Paused`; last repeat → gone",
                Runs([h["suspend_ms"] for h in hold_runs]).show("{:.0f}", " ms"),
                Runs([h["resume_ms"] for h in hold_runs]).show("{:.0f}", " ms"), "",
                "≤ 17 ms; ≤ 6 × 40 ms + 17 ms",
                verdict(all(h["suspend_ms"] <= 17 and (h["resume_ms"] or 1e9) <= 257 for h in hold_runs)))
        for label, stall in (("random delays ≤ 150 ms", None), ("random delays ≤ 150 ms and one 250 ms stall", 0.25)):
            runs = [measure_hold(tmp, jittered_gaps(seed, stall=stall), initial=0.5) for seed in range(repeats)]
            runs = [h for h in runs if h]
            spurious = Runs([h["spurious"] for h in runs])
            add(f"hold 5 s, 33 ms repeats, {label}: spurious resumes", spurious.show("{:.0f}"),
                "", "", "0", verdict(bool(runs) and max(spurious.values) == 0))
        kitty = measure_kitty_hold(tmp, 20 if args.quick else 100)
        if kitty is None:
            add("hold with key release (kitty protocol)", "not asked for by this build", "", "", "", "")
        else:
            add(f"hold with key release: release → resume ({kitty['holds']} holds)", kitty["resume"].show("{:.0f}", " ms"),
                f"{kitty['spurious']} spurious resumes", "", "≤ 20 ms, 0 spurious",
                verdict(kitty["resume"].median is not None and max(kitty["resume"].values) <= 20
                        and kitty["spurious"] == 0))
            add("hold with key release: press → title steps aside", kitty["hide"].show("{:.0f}", " ms"), "", "",
                "250 ± 20 ms", verdict(bool(kitty["hide"].values) and all(230 <= v <= 270 for v in kitty["hide"].values)))

    if "peers" in parts:
        # Peers side by side: ten slides, a change every 2 s.
        if peers:
            seconds = 4.0 if args.quick else 8.0
            peer_deck = write_deck(tmp, "peer.json", [story(i, 2) for i in range(10)])
            patat_deck = markdown_deck(tmp, "patat.md", 10, True)
            mdp_deck = markdown_deck(tmp, "mdp.md", 10, False)
            side = {"stories-tui": [], **{peer: [] for peer in peers}}
            for _ in range(repeats):
                side["stories-tui"].append(measure_peer([BINARY, "--loop", peer_deck], None, seconds, b"q", True))
                if "patat" in peers:
                    side["patat"].append(measure_peer(["patat", patat_deck], None, seconds, b"q", False))
                if "mdp" in peers:
                    side["mdp"].append(measure_peer(["mdp", "-f", mdp_deck], right_arrow, seconds, b"q", False))
            sf = {n: {f: Runs([r[f] for r in v]) for f in ("cpu", "bps", "per_change", "rss")} for n, v in side.items()}
            sf["stories-tui"]["per_change"] = cb if "change" in parts else Runs([])
            for peer in peers:
                for field, label, fmt, unit in (("cpu", "CPU, % of a core", "{:.3f}", " %"),
                                                ("bps", "bytes/s", "{:.0f}", " B/s"),
                                                ("per_change", "bytes per change", "{:.0f}", " B"),
                                                ("rss", "peak RSS", "{:.1f}", " MiB")):
                    us, them = sf["stories-tui"][field], sf[peer][field]
                    add(f"vs {peer}, a change every 2 s: {label}", us.show(fmt, unit), f"{peer} " + them.show(fmt, unit),
                        show_ratio(ratio(us.median, them.median)), "", "")

    if "lateness" in parts:
        # Lateness of a story change, from outside: idle, then with a busy loop on each core.
        for busy in (0, 2):
            late = measure_lateness(tmp, late_seconds, repeats, busy)
            bound = 20 if busy == 0 else 40
            ok = late["ours"].values and max(abs(v) for v in late["ours"].values) <= bound
            label = "idle" if busy == 0 else "two busy loops"
            add(f"{late_seconds} s story → next story on screen, {label} (3 side by side; from exec: "
                f"{late['ours_exec'].show('{:+.1f}', ' ms')})", late["ours"].show("{:+.1f}", " ms"),
                "limit " + late["limit"].show("{:+.1f}", " ms"), "", f"within {bound} ms", verdict(ok))

    notes = []
    if "callgrind" in parts:
        for size in (SMALL, LARGE):
            c = callgrind_step(tmp, size, 3.0 if args.quick else 6.0)
            if c and c["per_step"]:
                add(f"callgrind, {size[0]}×{size[1]}: instructions per bar step", f"{c['per_step']:,.0f}".replace(",", " "),
                    "", "", "", "")
                notes.append(f"callgrind {size[0]}×{size[1]}: {c['steps']} bar steps after start-up, "
                             f"{c['per_step']:,.0f} instructions a step; inclusive shares:")
                notes += [f"  {share:5.1f} %  {name}" for share, name in c["top"]]

    print(f"\nload average {load_before} before, {load_average()} after; {time.strftime('%Y-%m-%d %H:%M %Z')}",
          file=sys.stderr)
    header = ("measure", "stories-tui", "reference", "ratio", "target", "")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(6)]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))
    print(f"\nbefore: {uptime_before}\nafter:  {uptime()}")
    if round_loads:
        print(f"one-minute load at the start of the {len(round_loads)} interleaved rounds: median "
              f"{statistics.median(round_loads):.2f} ({min(round_loads):.2f}–{max(round_loads):.2f})")
    if absent:
        print("not installed, not measured (their last figures are shown marked old): " + ", ".join(absent))
    print(f"built with swift build {' '.join(RELEASE_FLAGS)}")
    if notes:
        print("\n" + "\n".join(notes))


if __name__ == "__main__":
    main()
