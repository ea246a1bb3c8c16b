#!/bin/sh
# Regenerates the screenshots in this folder from the Examples decks, with the real program in tmux
# (the shared screenshot tool: tmux, python3-pil, fonts-dejavu-core, fonts-droid-fallback).
#   docs/screens/shoot.sh                  # from the repository's root, after `swift build`
# SHOT names the tool (default ../shared/tools/screenshot.py), PYTHON the interpreter, BIN the program.
set -eu
SHOT=${SHOT:-../shared/tools/screenshot.py}
PYTHON=${PYTHON:-python3}
BIN=${BIN:-$(pwd)/.build/debug/stories-tui}
OUT=docs/screens
STATE=$(mktemp -d)
trap 'rm -rf "$STATE"' EXIT
shot() { name=$1; shift; "$PYTHON" "$SHOT" -e XDG_STATE_HOME="$STATE" -o "$OUT/$name.png" "$@" >/dev/null; }

shot story-art -s 80x24 -w 2.2 -- "$BIN" Examples/welcome.json
shot story-picture -s 80x24 -w 1.8 -- "$BIN" Examples/photos.json
shot story-text -s 80x24 -w 1.5 -- "$BIN" --start ana-train Examples/groups.json
shot paused -s 80x24 -k 2.0:p -w 2.5 -- "$BIN" --start hold Examples/welcome.json
shot story-light -s 80x24 -w 1.2 -- "$BIN" --start noon Examples/loop.json
# The list after a first run saw two stories (without autoplay, → ends a story): --resume starts at
# the third, and the list marks the two.
shot story-list -s 80x24 -k 0.8:Right -k 1.0:Right -k 1.4:q -k 2.6:Tab -w 3.2 -- \
    sh -c "'$BIN' --no-autoplay Examples/groups.json; '$BIN' --resume Examples/groups.json"
shot small -s 40x12 -w 1.6 -- "$BIN" --start ben-cat Examples/groups.json
shot help-small -s 40x12 -k 1.0:? -w 1.5 -- "$BIN" Examples/welcome.json
shot story-gradient -s 80x24 -w 1.5 -e COLORTERM=truecolor -- "$BIN" Examples/colors.json
# The same photo in 256 colours now, and (BEFORE=a binary from before issue 21) as it was: README, "What it looks like".
shot photo-256-after -s 80x24 -w 2.0 -- "$BIN" --no-autoplay --colors 256 --start city Examples/photos.json
if [ -n "${BEFORE:-}" ]; then
    shot photo-256-before -s 80x24 -w 2.0 -- "$BEFORE" --no-autoplay --start city Examples/photos.json
fi
