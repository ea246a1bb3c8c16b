#!/usr/bin/python3
"""One start of a picture deck, from exec to the first picture's last byte on the pty, as a timeline.

    python3 Benchmarks/first-picture-timeline.py BINARY [--runs N] [--keep TRACE]

Plays run.py's first-picture deck (a 1024×768 JPEG at 80×24, TERM=tmux-256color, a pty that answers OSC 11
and DA1 at once) under `strace -f --seccomp-bpf` tracing only the calls that mark a step (execve, clone3,
openat, read, write, sendto, ppoll), so that the other calls cost no stop, and prints when each step
happened, in ms after the viewer's exec: the deck read, the helper's spawn and exec, curses' start, the first
frame, the request, the helper reading it, opening the JPEG, TurboJPEG and chafa, its reply, the viewer reading
it, the terminal's background answer and the picture's last byte. strace still slows every traced call (the
pty's answer to OSC 11 comes late under it; run.py, untraced, measures it 0.4 ms after the frame): read the
order and the gaps, not the absolute figures (Benchmarks/README.md, "The first picture, fourth pass").
"""
import argparse
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness's pty, deck and predicates)

TRACED = "execve,clone3,openat,read,write,sendto,ppoll"


def rows(trace):
    """(pid, seconds, call) of each line of an `strace -f -ttt` file."""
    found = []
    with open(trace) as f:
        for line in f:
            match = re.match(r"^(\d+)\s+(\d+\.\d+)\s+(.*)$", line.rstrip("\n"))
            if match:
                found.append((int(match.group(1)), float(match.group(2)), match.group(3)))
    return found


def written(call):
    """How many bytes a finished write returned, else 0."""
    match = re.search(r"= (\d+)$", call)
    return int(match.group(1)) if call.startswith("write(") and match else 0


def timeline(trace):
    """The steps of one start, (ms after the viewer's exec, what), in order."""
    calls = rows(trace)
    viewer = next(((p, t) for p, t, c in calls if c.startswith("execve(") and "--image-worker" not in c
                   and "stories-tui" in c), None)
    if viewer is None:
        return []
    main, t0 = viewer
    helper = next((p for p, t, c in calls if c.startswith("execve(") and "--image-worker" in c), None)
    steps = []

    def mark(what, test, pid=None, after=0.0):
        for p, t, c in calls:
            if (pid is None or p == pid) and t >= after and test(c):
                steps.append(((t - t0) * 1000, what))
                return t
        return None

    mark("deck read", lambda c: c.startswith("openat(") and ".json" in c, main)
    mark("helper spawned (posix_spawn's vfork)", lambda c: "CLONE_VFORK" in c, main)
    mark("curses starts (smcup)", lambda c: c.startswith("write(") and "1049h" in c, main)
    # The first frame is one write to the terminal (through curses' memfd, then the pty): the first of 400 bytes.
    mark("first frame on the pty", lambda c: written(c) > 400 and "1049h" in c, main)
    mark("request sent", lambda c: c.startswith("sendto("), main)
    if helper is not None:
        mark("helper's exec", lambda c: c.startswith("execve("), helper)
        mark("helper waits for a request (its first read)", lambda c: c.startswith("read(0,"), helper)
        # The request's 4-byte length, then its body: the body's read ends the wait.
        mark("helper has the request", lambda c: c.startswith("read(0,") and not c.endswith("= 4")
             and "unfinished" not in c, helper)
        mark("helper opens the JPEG", lambda c: c.startswith("openat(") and ".jpg" in c, helper)
        mark("helper opens TurboJPEG", lambda c: "libturbojpeg" in c, helper)
        mark("helper opens chafa (glib, pcre2)", lambda c: "libchafa.so" in c, helper)
        mark("helper writes the reply", lambda c: c.startswith("write(1,"), helper)
    mark("viewer reads the terminal's background answer", lambda c: c.startswith("read(") and "rgb:" in c, main)
    reply = mark("viewer reads the reply", lambda c: "\\341<" in c and (c.startswith("read(") or "read resumed" in c),
                 main)
    if reply is not None:
        last = [t for p, t, c in calls if t > reply and written(c) > 4096]
        if last:
            steps.append(((max(last) - t0) * 1000, "picture's last byte written (pty or writer thread)"))
    return sorted(steps)


def one(binary, deck, keep=None):
    tmp = tempfile.mkdtemp(prefix="stories-timeline-")
    trace = os.path.join(tmp, "trace")
    try:
        p = run.PtyProcess(["strace", "-f", "--seccomp-bpf", "-e", "trace=" + TRACED, "-ttt", "-s", "40",
                            "-o", trace, binary, "--no-autoplay", deck], answer_background=True)
        frame, picture = run.screen_times(p, [lambda s: run.title_shown("Photo")(s.display), run.picture_shown],
                                          timeout=15)
        p.finish()
        if keep:
            shutil.copy(trace, keep)
        steps = timeline(trace)
        if frame is not None and picture is not None:
            steps.append((None, f"(the pty saw the picture {(picture - frame) * 1000:.1f} ms after the frame)"))
        return steps
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--keep", help="copy the (last) strace file here")
    args = parser.parse_args()
    if shutil.which("strace") is None:
        sys.exit("first-picture-timeline.py: strace is not installed")
    folder = tempfile.mkdtemp(prefix="stories-timeline-deck-")
    try:
        path = run.photo(folder, "photo.jpg", 1024, 768)
        deck = run.write_deck(folder, "photo.json", [{"id": "p", "title": "Photo", "image": path, "duration": 30}])
        for number in range(args.runs):
            print(f"run {number + 1} of {args.runs}, {args.binary}, load {run.one_minute_load():.2f}")
            for ms, what in one(args.binary, deck, args.keep):
                print(f"  {ms:7.2f}  {what}" if ms is not None else f"           {what}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
