#!/usr/bin/env python3
"""Where a bar step's CPU goes, ours against the limit program (issue 24), in interleaved rounds.

    python3 Benchmarks/step.py BINARY [BINARY...]   # options: --rounds N (default 10), --seconds S (4),
                                                     # --wide (250x60 instead of 80x24)

Each round plays one story with the limit, then each binary (run.py's pty harness and decks). Two passes a
round: plain (CPU per step from /proc/PID/task/*/schedstat, per thread, and sched-ins per step: schedstat's
third field), then under Benchmarks/step_split.c (LD_PRELOAD), which splits the main loop's CPU into the
user part between wake-up and sleep, the write's system call and the poll's. Medians over the rounds, with
the per-round difference to the limit's. See Benchmarks/README.md, "Where a bar step's extra CPU goes"."""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the benchmark's pty harness, decks and the limit program)


def threads(pid):
    """{tid: (name, ns on a CPU, times scheduled in)} from /proc."""
    found = {}
    for folder in glob.glob(f"/proc/{pid}/task/*"):
        try:
            with open(folder + "/comm") as f:
                name = f.read().strip()
            with open(folder + "/schedstat") as f:
                fields = f.read().split()
        except OSError:
            continue
        found[int(os.path.basename(folder))] = (name, int(fields[0]), int(fields[2]))
    return found


def plain(argv, size, seconds):
    """CPU µs and sched-ins per step, all threads, and the CPU µs a step of each thread but the first."""
    p = run.PtyProcess(argv, size=size)
    p.wait_for_screen(run.title_shown())
    time.sleep(1.0)
    before, t0 = threads(p.pid), time.monotonic()
    time.sleep(seconds)
    after, t1 = threads(p.pid), time.monotonic()
    p.finish()
    steps = run.steps_in(t1 - t0, size)
    ids = sorted(set(before) & set(after))
    cpu = sum(after[t][1] - before[t][1] for t in ids) / 1e3 / steps
    runs = sum(after[t][2] - before[t][2] for t in ids) / steps
    others = sum(after[t][1] - before[t][1] for t in ids[1:]) / 1e3 / steps
    return cpu, runs, others


def split(argv, size, seconds, shim, out):
    """(user, write, poll) µs per step of the main loop, from the shim."""
    if os.path.exists(out):
        os.unlink(out)
    p = run.PtyProcess(["env", "LD_PRELOAD=" + shim, "STEP_SPLIT_OUT=" + out] + argv, size=size)
    p.wait_for_screen(run.title_shown())
    time.sleep(seconds)
    p.finish()
    try:
        with open(out) as f:
            steps, _polls, user, write, poll = (int(x) for x in f.read().split()[:5])
    except (OSError, ValueError):
        return None
    if steps == 0:  # a program that sleeps in neither poll nor ppoll (epoll_pwait2): the shim sees no step
        return None
    return user / 1e3 / steps, write / 1e3 / steps, poll / 1e3 / steps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--wide", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="stories-step-")
    run.LIMIT = run.compile_limit(tmp)
    shim = os.path.join(tmp, "step_split.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", shim,
                    os.path.join(os.path.dirname(os.path.abspath(__file__)), "step_split.c"), "-ldl"],
                   check=True, timeout=120)
    size = run.LARGE if args.wide else run.SMALL
    deck = run.write_deck(tmp, "one.json", [run.story(0, run.story_seconds(size))])
    programs = [("limit", [run.LIMIT, str(size[0] - 2), str(run.story_seconds(size))])]
    programs += [(b, [b, deck]) for b in args.binaries]
    figures = {name: {"cpu": [], "runs": [], "others": [], "user": [], "write": [], "poll": []} for name, _ in programs}
    loads = []
    print(run.uptime(), file=sys.stderr)
    for number in range(args.rounds):
        loads.append(run.one_minute_load())
        for name, argv in programs:
            cpu, runs, others = plain(argv, size, args.seconds)
            parts = split(argv, size, args.seconds, shim, os.path.join(tmp, "split.out"))
            f = figures[name]
            f["cpu"].append(cpu), f["runs"].append(runs), f["others"].append(others)
            if parts:
                f["user"].append(parts[0]), f["write"].append(parts[1]), f["poll"].append(parts[2])
        print(f"round {number + 1}: " + ", ".join(f"{n} {figures[n]['cpu'][-1]:.1f} µs" for n, _ in programs),
              file=sys.stderr, flush=True)
    print(f"{size[0]}×{size[1]}, {args.rounds} interleaved rounds of {args.seconds:g} s, one-minute load "
          f"{statistics.median(loads):.2f} ({min(loads):.2f}–{max(loads):.2f}); {run.uptime()}")
    print("program | CPU a step | − limit (same round) | sched-ins a step | other threads | user | write | poll | user − limit's")
    limit = figures["limit"]
    for name, _ in programs:
        f = figures[name]
        extra = [a - b for a, b in zip(f["cpu"], limit["cpu"])]
        user_extra = [a - b for a, b in zip(f["user"], limit["user"])]
        med = lambda xs: statistics.median(xs) if xs else float("nan")  # noqa: E731
        print(f"{name} | {med(f['cpu']):.1f} µs ({min(f['cpu']):.1f}–{max(f['cpu']):.1f}) | {med(extra):+.1f} µs "
              f"({min(extra):+.1f}–{max(extra):+.1f}) | {med(f['runs']):.2f} | {med(f['others']):.1f} µs | "
              f"{med(f['user']):.1f} µs | {med(f['write']):.1f} µs | {med(f['poll']):.1f} µs | {med(user_extra):+.1f} µs")


if __name__ == "__main__":
    main()
