#!/usr/bin/env python3
"""stories-tui performance benchmark (issue 5).

Builds the release binary, runs it (and the peers patat and mdp) under an 80x24 pseudo-terminal
with TERM=tmux-256color and LANG=C.UTF-8, and prints one table. See Benchmarks/README.md.

    python3 Benchmarks/run.py            # full run (about 3 minutes, one part takes 60 s)
    python3 Benchmarks/run.py --quick    # skip the 60 s timing run and shorten the peers
"""

import argparse
import atexit
import curses
import json
import os
import pty
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import fcntl
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "stories-tui")
COLS, ROWS = 80, 24
TERM = "tmux-256color"
TICK = os.sysconf("SC_CLK_TCK")
# Peak RSS comes from GNU time (%M, its child's own ru_maxrss). Not from os.wait4 on a child of this
# script: Linux keeps a process's RSS high-water mark across exec, so a child forked from this
# (large) Python process would report Python's RSS, not the program's.
TIME = "/usr/bin/time"
CHILDREN = set()          # pids of every child still alive, killed on exit


# ---------------------------------------------------------------------------------------------
# setup

def ensure_tools(need_peers):
    try:
        import pyte  # noqa: F401
    except ImportError:
        print("installing pyte (pip)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyte"], check=True, timeout=300)
    missing = [] if os.access(TIME, os.X_OK) else ["time"]
    if need_peers:
        missing += [p for p in ("patat", "mdp") if shutil.which(p) is None]
    if missing:
        print("installing " + " ".join(missing) + " (apt-get)", file=sys.stderr)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update"], check=True, timeout=600, env=env)
        subprocess.run(["apt-get", "install", "-y"] + missing, check=True, timeout=900, env=env)


def build():
    print("building release binary…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, timeout=1200,
                   stdout=subprocess.DEVNULL)
    if not os.access(BINARY, os.X_OK):
        sys.exit("no binary at " + BINARY)


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


# ---------------------------------------------------------------------------------------------
# a program under a pseudo-terminal

def key(name):
    """The bytes a tmux-256color terminal sends for a terminfo key capability."""
    return curses.tigetstr(name) or b""


class PtyProcess:
    """Runs argv in a new session whose controlling terminal is an 80x24 pty; a thread records
    every chunk written to the terminal with the time it was read."""

    def __init__(self, argv, env_extra=None, rss=False):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/root"),
               "TERM": TERM, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        env.update(env_extra or {})
        self.chunks = []              # (monotonic time, bytes)
        self.lock = threading.Condition()
        self.closed = False
        self.rusage = None
        self.status = None
        self.rss_file = None
        if rss:
            handle, self.rss_file = tempfile.mkstemp(prefix="stories-bench-rss-")
            os.close(handle)
            argv = [TIME, "-f", "%M", "-o", self.rss_file] + list(argv)
        self.started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:  # child: size the terminal before anything runs, then exec
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.leader, self.fd = pid, fd
        CHILDREN.add(pid)
        self.pid = self._program_pid() if rss else pid   # the program itself, for /proc
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _program_pid(self):
        """The child of the time wrapper (the measured program)."""
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

    def send(self, data):
        os.write(self.fd, data)

    def bytes_between(self, start, end):
        with self.lock:
            return sum(len(d) for t, d in self.chunks if start <= t < end)

    def data_between(self, start, end):
        with self.lock:
            return b"".join(d for t, d in self.chunks if start <= t < end)

    def all_data(self):
        with self.lock:
            return b"".join(d for _, d in self.chunks)

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
        screen = pyte.Screen(COLS, ROWS)
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

    def cpu(self):
        """(nanoseconds on a CPU from schedstat, user+sys clock ticks from stat)."""
        with open(f"/proc/{self.pid}/schedstat") as f:
            nanoseconds = int(f.read().split()[0])
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])   # utime, stime (fields 14 and 15)
        return nanoseconds, ticks

    def measure(self, seconds):
        """CPU and terminal bytes over the next `seconds`: (cpu ns, ticks, bytes)."""
        ns0, ticks0 = self.cpu()
        start = time.monotonic()
        time.sleep(seconds)
        ns1, ticks1 = self.cpu()
        end = time.monotonic()
        time.sleep(0.05)   # let the reader catch up with what was written before `end`
        return ns1 - ns0, ticks1 - ticks0, self.bytes_between(start, end), end - start

    def finish(self, quit_keys=b"q", timeout=5.0):
        """Asks the program to quit, waits (bounded), and keeps its own rusage (wait4)."""
        if quit_keys:
            try:
                self.send(quit_keys)
            except OSError:
                pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(self.leader, os.WNOHANG)
            if pid == self.leader:
                self.status, self.rusage = status, usage
                break
            time.sleep(0.02)
        else:
            os.killpg(self.leader, signal.SIGKILL)
            _, self.status, self.rusage = os.wait4(self.leader, 0)
        CHILDREN.discard(self.leader)
        self.thread.join(1.0)
        try:
            os.close(self.fd)
        except OSError:
            pass
        return self.rusage


def screen_of(data):
    import pyte
    screen = pyte.Screen(COLS, ROWS)
    pyte.ByteStream(screen).feed(data)
    return screen.display


def run_with_rusage(argv, timeout):
    """Runs argv (output discarded) under GNU time and returns (seconds, its peak RSS in KiB, exit
    code). The seconds include GNU time's own fork and exec (well under a millisecond)."""
    handle, rss_file = tempfile.mkstemp(prefix="stories-bench-rss-")
    os.close(handle)
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen([TIME, "-f", "%M", "-o", rss_file] + argv, stdout=null, stderr=null,
                                   start_new_session=True)
    CHILDREN.add(process.pid)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid == process.pid:
            break
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.001)
    elapsed = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    CHILDREN.discard(process.pid)
    with open(rss_file) as f:
        numbers = [word for word in f.read().split() if word.isdigit()]
    os.unlink(rss_file)
    return elapsed, int(numbers[-1]) if numbers else 0, process.returncode


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


def write_deck(folder, name, stories, grouped=False, duration=5):
    deck = {"title": "Bench", "duration": duration}
    if grouped:
        deck["groups"] = [{"title": "All", "stories": stories}]
    else:
        deck["stories"] = stories
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump(deck, f, ensure_ascii=False)
    return path


def segment_geometry(count, current, width=COLS):
    """ProgressBarLayout.geometry for the bench decks: (0-based column, width) of the current segment."""
    left, area = 1, width - 2
    first = 0
    shown = count
    if count * 2 + (count - 1) > area:
        room = max(0, area - 4)
        shown = max(1, min(count, (room + 1) // 3))
        first = min(max(0, current - shown // 2), count - shown)
        left, area = left + 2, room
    total = max(0, area - (shown - 1))
    base, extra = divmod(total, shown)
    x = left
    for offset in range(shown):
        w = base + (1 if offset < extra else 0)
        if first + offset == current:
            return x, w
        x += w + 1
    return None


def minimum_bytes(column, width, duration, p0, p1):
    """Bytes a perfect program writes for the visible eighth-steps of a segment between progress
    p0 and p1: per step one cursor move (CSI row;col H) and one 3-byte eighth block."""
    steps = width * 8
    total = 0
    k = int(p0 * steps) + 1
    while k / steps <= p1 and k <= steps:
        cell = (k - 1) // 8
        total += len(f"\x1b[1;{column + cell + 1}H") + 3
        k += 1
    return total


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
# measurements

def ours(deck, *options, events=None, rss=False):
    argv = [BINARY]
    if events:
        argv += ["--events", events]
    return PtyProcess(argv + list(options) + [deck], rss=rss)


def title_shown(title):
    return lambda lines: title in lines[1] and lines[0].strip() != ""


def measure_playing(tmp, seconds):
    deck = write_deck(tmp, "playing.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    shown = p.wait_for_screen(title_shown("Story number 1"))
    time.sleep(1.0)
    t0 = time.monotonic()
    ns, ticks, written, elapsed = p.measure(seconds)
    column, width = segment_geometry(3, 0)
    p0, p1 = (t0 - shown) / 30, (t0 - shown + elapsed) / 30
    minimum = minimum_bytes(column, width, 30, p0, p1)
    p.finish()
    return {"cpu": ns / 1e9 / elapsed * 100, "ticks": ticks, "bps": written / elapsed,
            "min_bps": minimum / elapsed, "width": width, "elapsed": elapsed}


def measure_idle(tmp, keys, settle, seconds=5.0):
    deck = write_deck(tmp, "idle.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown("Story number 1"))
    p.send(keys)
    time.sleep(settle)
    ns, ticks, written, elapsed = p.measure(seconds)
    p.finish(b"\x1bq")
    return {"ticks": ticks, "bytes": written, "cpu_ms": ns / 1e6, "elapsed": elapsed}


def measure_change(tmp):
    deck = write_deck(tmp, "change.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown("Story number 1"))
    p.send(b"p")                       # freeze the bar so that only the change differs
    time.sleep(0.5)
    before_end = time.monotonic()
    before = screen_of(p.data_between(0, before_end))
    p.send(key("kcuf1"))
    time.sleep(0.5)
    after_end = time.monotonic()
    change = p.data_between(before_end, after_end)
    after = screen_of(p.data_between(0, after_end))
    p.finish()
    changed_rows = [r for r in range(ROWS) if before[r] != after[r]]
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
            "changed": after[1].startswith(" Story number 2")}


def measure_startup(deck, title, repeats):
    times = []
    for _ in range(repeats):
        start = time.monotonic()
        p = ours(deck)
        shown = p.wait_for_screen(title_shown(title), timeout=20)
        p.finish()
        if shown is None:
            return None
        times.append((shown - start) * 1000)
    times.sort()
    p = ours(deck, rss=True)      # RSS from a separate run under GNU time (not timed)
    p.wait_for_screen(title_shown(title), timeout=20)
    time.sleep(0.2)
    p.finish()
    return {"ms": times[len(times) // 2], "ms_min": times[0], "rss": p.peak_rss_mib()}


def measure_load(tmp, count):
    deck = write_deck(tmp, f"load{count}.json", [story(i) for i in range(count)])
    size = os.path.getsize(deck)
    runs = [run_with_rusage([BINARY, "--check", deck], timeout=60) for _ in range(3)]
    runs.sort()
    seconds, rss, code = runs[len(runs) // 2]
    return {"s": seconds, "rss": max(r[1] for r in runs) / 1024, "code": code, "mb": size / 1e6}


def measure_frame_cost(tmp, count, seconds):
    duration = 20
    deck = write_deck(tmp, f"frame{count}.json", [story(i) for i in range(count)], grouped=True,
                      duration=duration)
    p = ours(deck)
    shown = p.wait_for_screen(title_shown("Story number 1"), timeout=20)
    time.sleep(0.5)
    t0 = time.monotonic()
    ns, ticks, written, elapsed = p.measure(seconds)
    p.finish()
    column, width = segment_geometry(count, 0)
    steps = width * 8 * elapsed / duration
    return {"cpu": ns / 1e9 / elapsed * 100, "bps": written / elapsed, "width": width,
            "us_per_step": ns / 1e3 / steps, "bytes_per_step": written / steps}


def measure_timing(tmp, duration=60):
    deck = write_deck(tmp, "timing.json", [story(0, duration)])
    events = os.path.join(tmp, "timing.events")
    p = ours(deck, "--once", events=events)
    deadline = time.monotonic() + duration + 10
    while time.monotonic() < deadline and not p.closed:
        time.sleep(0.1)
    p.finish(quit_keys=None)
    begin = end = None
    with open(events) as f:
        for line in f:
            e = json.loads(line)
            if e["event"] == "begin" and begin is None:
                begin = e["t"]
            if e["event"] == "end" and e.get("reason") == "timer":
                end = e["t"]
    if begin is None or end is None:
        return None
    return {"length": end - begin, "error_ms": (end - begin - duration) * 1000}


def measure_hold(tmp):
    """A held space: a press, 500 ms initial delay, then a repeat every 40 ms until 2 s; from the
    terminal output, when `Paused` appears after the press and when it goes after the last repeat."""
    import pyte
    deck = write_deck(tmp, "hold.json", [story(i, 30) for i in range(3)])
    p = ours(deck)
    p.wait_for_screen(title_shown("Story number 1"))
    time.sleep(0.3)
    sent = [time.monotonic()]
    p.send(b" ")
    time.sleep(0.5)
    while time.monotonic() - sent[0] < 2.0:
        sent.append(time.monotonic())
        p.send(b" ")
        time.sleep(0.04)
    time.sleep(1.0)
    p.finish()
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    suspend = resume = None
    with p.lock:
        chunks = list(p.chunks)
    for moment, data in chunks:
        stream.feed(data)
        paused = "Paused" in screen.display[1]
        if suspend is None and paused and moment >= sent[0]:
            suspend = moment
        if suspend is not None and resume is None and not paused and moment >= sent[-1]:
            resume = moment
    if suspend is None or resume is None:
        return None
    return {"suspend_ms": (suspend - sent[0]) * 1000, "resume_ms": (resume - sent[-1]) * 1000}


def measure_peer(tmp, name, argv, change_keys, seconds, quit_keys):
    """First byte, CPU, bytes/s with a slide change every 2 s, bytes per change, RSS."""
    start = time.monotonic()
    p = PtyProcess(argv, rss=True)
    first = p.first_byte_time()
    time.sleep(1.5)
    ns0, _ = p.cpu()
    t0 = time.monotonic()
    changes = 0
    per_change = []
    while time.monotonic() - t0 < seconds:
        if change_keys:
            sent = time.monotonic()
            p.send(change_keys)
            time.sleep(0.5)
            per_change.append(p.bytes_between(sent, time.monotonic()))
            time.sleep(1.5)
        else:
            time.sleep(2.0)
        changes += 1
    ns1, _ = p.cpu()
    t1 = time.monotonic()
    time.sleep(0.05)
    written = p.bytes_between(t0, t1)
    p.finish(quit_keys)
    if not change_keys:
        per_change = [written / changes]
    return {"name": name, "first_ms": (first - start) * 1000 if first else None,
            "cpu": (ns1 - ns0) / 1e9 / (t1 - t0) * 100, "bps": written / (t1 - t0),
            "per_change": sorted(per_change)[len(per_change) // 2], "rss": p.peak_rss_mib()}


def measure_ours_side_by_side(tmp, seconds):
    """Our viewer on the peers' deck shape: ten slides, a change every 2 s (by its own timer)."""
    deck = write_deck(tmp, "peer.json", [story(i, 2) for i in range(10)])
    start = time.monotonic()
    p = ours(deck, "--loop", rss=True)
    first = p.first_byte_time()
    time.sleep(1.5)
    ns, _, written, elapsed = p.measure(seconds)
    p.finish()
    return {"first_ms": (first - start) * 1000, "cpu": ns / 1e9 / elapsed * 100, "bps": written / elapsed,
            "rss": p.peak_rss_mib()}


# ---------------------------------------------------------------------------------------------
# table

def verdict(ok):
    return "met" if ok else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 60 s timing run, shorter peer runs")
    parser.add_argument("--no-build", action="store_true", help="use the existing release binary")
    parser.add_argument("--no-peers", action="store_true", help="skip patat and mdp")
    args = parser.parse_args()

    atexit.register(kill_children)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, on_signal)
    ensure_tools(not args.no_peers)
    if not args.no_build:
        build()
    curses.setupterm(TERM, os.open(os.devnull, os.O_WRONLY))

    tmp = tempfile.mkdtemp(prefix="stories-bench-")
    atexit.register(shutil.rmtree, tmp, True)
    rows = []   # (measure, ours, reference, ratio/target, verdict)

    def add(*row):
        rows.append(tuple("" if c is None else str(c) for c in row))
        print("  " + " | ".join(rows[-1]), file=sys.stderr)

    timing_result = {}
    timing_thread = None
    if not args.quick:
        # The 60 s run goes on in its own terminal while the short measurements run.
        def run_timing():
            timing_result["value"] = measure_timing(tmp)
        print("60 s timing run started in the background", file=sys.stderr)
        timing_thread = threading.Thread(target=run_timing, daemon=True)
        timing_thread.start()

    play = measure_playing(tmp, 20.0)
    ratio = play["bps"] / play["min_bps"]
    add("playing: CPU, % of one core (20 s of a 30 s story)", f"{play['cpu']:.3f} %", f"{play['ticks']} ticks",
        "≤ 0.25 %", verdict(play["cpu"] <= 0.25))
    add(f"playing: bytes/s vs minimum (segment {play['width']} columns)", f"{play['bps']:.0f} B/s",
        f"min {play['min_bps']:.0f} B/s", f"×{ratio:.2f} (≤ ×2)", verdict(ratio <= 2))

    for label, keys, settle in (("paused (tap of space)", b" ", 1.5), ("help open (?)", b"?", 0.5),
                                ("story list open (Tab)", b"\t", 0.5)):
        idle = measure_idle(tmp, keys, settle)
        add(f"{label}: CPU ticks, bytes over 5 s", f"{idle['ticks']} ticks, {idle['bytes']} B",
            f"{idle['cpu_ms']:.2f} ms CPU", "0 ticks, 0 B", verdict(idle["ticks"] == 0 and idle["bytes"] == 0))

    change = measure_change(tmp)
    change_ratio = change["bytes"] / change["row_bytes"] if change["row_bytes"] else float("inf")
    add("story change (→): bytes vs changed rows", f"{change['bytes']} B",
        f"{change['rows']} rows, {change['row_bytes']} B", f"×{change_ratio:.2f} (≤ ×1.5), clears: {change['clears']}",
        verdict(change_ratio <= 1.5 and change["clears"] == 0 and change["changed"]))

    small = write_deck(tmp, "small.json", [story(i, 30) for i in range(3)])
    start_small = measure_startup(small, "Story number 1", 9)
    add("startup to first complete frame, 3 stories (median of 9)", f"{start_small['ms']:.1f} ms",
        f"min {start_small['ms_min']:.1f} ms", "≤ 15 ms", verdict(start_small["ms"] <= 15))
    add("peak RSS, 3 stories", f"{start_small['rss']:.1f} MiB", "", "≤ 16 MiB", verdict(start_small["rss"] <= 16))
    big = write_deck(tmp, "big.json", [story(i, 30) for i in range(100_000)])
    start_big = measure_startup(big, "Story number 1", 3)
    add("startup to first complete frame, 100 000 stories (median of 3)", f"{start_big['ms']:.0f} ms",
        f"peak RSS {start_big['rss']:.1f} MiB", "", "")

    loads = {}
    for count in (1_000, 10_000, 100_000):
        load = loads[count] = measure_load(tmp, count)
        target, ok = "", None
        if count == 100_000:
            target, ok = "< 0.5 s, < 64 MiB", load["s"] < 0.5 and load["rss"] < 64
        add(f"load + validate (--check) {count:,} stories ({load['mb']:.1f} MB), exit {load['code']}",
            f"{load['s'] * 1000:.0f} ms", f"{load['rss']:.1f} MiB peak RSS", target,
            "" if ok is None else verdict(ok))
    growth = loads[100_000]["s"] / loads[10_000]["s"]
    add("load time growth 10 000 → 100 000 stories", f"×{growth:.1f}", "×10 is linear", "", "")

    frames = {}
    for count in (10, 100_000):
        frames[count] = measure_frame_cost(tmp, count, 5.0)
        f = frames[count]
        add(f"frame cost, {count:,} stories in one group (segment {f['width']} col, 5 s)",
            f"{f['us_per_step']:.0f} µs CPU/step", f"{f['bytes_per_step']:.1f} B/step, {f['cpu']:.3f} %", "", "")
    cost_ratio = frames[100_000]["us_per_step"] / frames[10]["us_per_step"]
    add("frame cost 100 000 / 10 stories", f"×{cost_ratio:.2f} CPU/step",
        f"×{frames[100_000]['bytes_per_step'] / frames[10]['bytes_per_step']:.2f} B/step", "≈ ×1", "")

    hold = measure_hold(tmp)
    if hold:
        add("hold (40 ms repeats): press → `Paused` shown; last repeat → gone", f"{hold['suspend_ms']:.0f} ms",
            f"{hold['resume_ms']:.0f} ms", "≤ 17 ms (a 60 Hz frame); ≤ release window (6 × 40 ms = 240 ms) + a frame",
            verdict(hold["suspend_ms"] <= 17 and hold["resume_ms"] <= 240 + 17))

    peers = []
    if not args.no_peers:
        seconds = 6.0 if args.quick else 10.0
        us = measure_ours_side_by_side(tmp, seconds)
        patat = measure_peer(tmp, "patat", ["patat", markdown_deck(tmp, "patat.md", 10, True)], None,
                             seconds, b"q")
        mdp = measure_peer(tmp, "mdp", ["mdp", "-f", markdown_deck(tmp, "mdp.md", 10, False)], key("kcuf1"),
                           seconds, b"q")
        us_change = change["bytes"]
        for peer in (patat, mdp):
            def r(a, b):
                return f"×{a / b:.2f}" if b else "–"
            add(f"vs {peer['name']}: CPU % (change every 2 s)", f"{us['cpu']:.3f} %", f"{peer['cpu']:.3f} %",
                r(us["cpu"], peer["cpu"]), "")
            add(f"vs {peer['name']}: bytes/s", f"{us['bps']:.0f} B/s", f"{peer['bps']:.0f} B/s",
                r(us["bps"], peer["bps"]), "")
            add(f"vs {peer['name']}: bytes per change", f"{us_change} B", f"{peer['per_change']:.0f} B",
                r(us_change, peer["per_change"]), "")
            add(f"vs {peer['name']}: first byte", f"{us['first_ms']:.1f} ms", f"{peer['first_ms']:.1f} ms",
                r(us["first_ms"], peer["first_ms"]), "")
            add(f"vs {peer['name']}: peak RSS", f"{us['rss']:.1f} MiB", f"{peer['rss']:.1f} MiB",
                r(us["rss"], peer["rss"]), "")

    if timing_thread:
        timing_thread.join(90)
        t = timing_result.get("value")
        if t:
            add("timing: 60 s story, begin → end (--events)", f"{t['length']:.3f} s", f"error {t['error_ms']:+.0f} ms",
                "within 20 ms", verdict(abs(t["error_ms"]) <= 20))
        else:
            add("timing: 60 s story, begin → end (--events)", "no result", "", "within 20 ms", "MISSED")

    header = ("measure", "stories-tui", "reference", "target / ratio", "")
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(5)]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))


if __name__ == "__main__":
    main()
