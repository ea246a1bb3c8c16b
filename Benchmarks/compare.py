#!/usr/bin/env python3
"""Compares release binaries side by side, interleaved, on the two figures this machine's noise
blurs most: CPU per bar step (schedstat, as a ratio to the limit program run in the same round) and
the first full frame (exec to frame on the pty: the median of each binary's rounds against the median
of mdp's, run in the same rounds; one frame is too noisy here to be divided by one other).

    python3 Benchmarks/compare.py BINARY...            # e.g. a copy of the last build, and the new one
    options: --rounds N (default 8), --seconds S (playing window, default 5), --no-step, --no-frame

Each round runs the limit (and mdp), then every binary once, so a slow minute of the machine hits
every binary alike; CPU a step is the median over rounds of the per-round ratio to the limit."""
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
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="stories-compare-")
    run.LIMIT = run.compile_limit(tmp)
    size = run.SMALL
    one = run.write_deck(tmp, "one.json", [run.story(0, run.story_seconds(size))])
    small = run.write_deck(tmp, "small.json", [run.story(i, 30) for i in range(3)])
    small_md = run.markdown_deck(tmp, "first.md", 3, False)
    step = {b: [] for b in args.binaries}
    frame = {b: [] for b in args.binaries}
    mdp_frames = []
    for _ in range(args.rounds):
        if not args.no_step:
            limit = run.measure_playing(lambda **w: run.limit(size=size, **w), size, args.seconds)["us_step"]
            for b in args.binaries:
                ours = run.measure_playing(lambda b=b, **w: run.PtyProcess([b, one], size=size, **w), size, args.seconds)
                step[b].append(ours["us_step"] / limit)
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
        if step[b]:
            parts.append(f"CPU a step ×{statistics.median(step[b]):.2f} the limit "
                         f"({min(step[b]):.2f}–{max(step[b]):.2f})")
        if frame[b] and mdp_frames:
            parts.append(f"first frame {statistics.median(frame[b]):.2f} ms, ×{statistics.median(frame[b]) / statistics.median(mdp_frames):.2f} "
                         f"mdp's {statistics.median(mdp_frames):.2f} ms")
        print(": ".join(parts[:1]) + ": " + ", ".join(parts[1:]))


if __name__ == "__main__":
    main()
