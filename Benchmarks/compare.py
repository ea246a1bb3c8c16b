#!/usr/bin/env python3
"""Compares release binaries side by side, interleaved, on the two figures this machine's noise
blurs most: CPU per bar step (schedstat, as a ratio to the limit program run in the same round) and
the first full frame (exec to frame on the pty: the median of each binary's rounds against the median
of mdp's, run in the same rounds; one frame is too noisy here to be divided by one other).

    python3 Benchmarks/compare.py BINARY...            # e.g. a copy of the last build, and the new one
    options: --rounds N (default 8), --seconds S (playing window, default 5), --no-step, --no-frame,
             --wide (the bar step at 250x60 too)

Each round runs the limit (and mdp), then every binary once, so a slow minute of the machine hits
every binary alike; CPU a step is the median over rounds of the per-round ratio to the limit, and of the per-round extra
microseconds over it (ours - limit, issue 24's measure), with their min-max."""
import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the benchmark's pty harness, measures and the limit program)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--no-step", action="store_true")
    parser.add_argument("--no-frame", action="store_true")
    parser.add_argument("--wide", action="store_true")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="stories-compare-")
    run.LIMIT = run.compile_limit(tmp)
    size = run.SMALL
    sizes = [size, run.LARGE] if args.wide else [size]
    ones = {s: run.write_deck(tmp, f"one-{s[0]}.json", [run.story(0, run.story_seconds(s))]) for s in sizes}
    small = run.write_deck(tmp, "small.json", [run.story(i, 30) for i in range(3)])
    small_md = run.markdown_deck(tmp, "first.md", 3, False)
    step = {(b, s): [] for b in args.binaries for s in sizes}
    extra = {(b, s): [] for b in args.binaries for s in sizes}
    frame = {b: [] for b in args.binaries}
    mdp_frames = []
    for _ in range(args.rounds):
        for s in [] if args.no_step else sizes:
            limit = run.measure_playing(lambda s=s, **w: run.limit(size=s, **w), s, args.seconds)["us_step"]
            for b in args.binaries:
                ours = run.measure_playing(lambda b=b, s=s, **w: run.PtyProcess([b, ones[s]], size=s, **w), s, args.seconds)
                step[b, s].append(ours["us_step"] / limit)
                extra[b, s].append(ours["us_step"] - limit)
        if not args.no_frame:
            mdp = run.measure_first_frame(lambda **w: run.PtyProcess(["mdp", "-f", small_md], **w),
                                          run.anywhere("Story number 1"))
            if mdp:
                mdp_frames.append(mdp["frame"])
            for b in args.binaries:
                ours = run.measure_first_frame(lambda b=b, **w: run.PtyProcess([b, small], **w), run.title_shown())
                if ours:
                    frame[b].append(ours["frame"])
    for b in args.binaries:
        parts = [b]
        for s in sizes:
            if step[b, s]:
                parts.append(f"{s[0]}×{s[1]}: CPU a step ×{statistics.median(step[b, s]):.2f} the limit "
                             f"({min(step[b, s]):.2f}–{max(step[b, s]):.2f}), "
                             f"{statistics.median(extra[b, s]):+.1f} µs over it ({min(extra[b, s]):+.1f}–{max(extra[b, s]):+.1f})")
        if frame[b] and mdp_frames:
            parts.append(f"first frame {statistics.median(frame[b]):.2f} ms, ×{statistics.median(frame[b]) / statistics.median(mdp_frames):.2f} "
                         f"mdp's {statistics.median(mdp_frames):.2f} ms")
        print(": ".join(parts[:1]) + ": " + ", ".join(parts[1:]))


if __name__ == "__main__":
    main()
