#!/bin/sh
# Builds the libFuzzer target for the deck loader (with AddressSanitizer) and fuzzes it.
# Usage: Fuzz/run.sh [SECONDS] [extra libFuzzer flags…]   (default 60 s)
# Inputs go up to 256 KiB so that the long-string seeds (corpus/*long-*.json) keep their length: a superlinear
# path fails the target's time-per-byte check there.
# New interesting inputs go to Fuzz/.build/corpus (not committed); the seed corpus Fuzz/corpus is read only.
# A crash leaves crash-* / timeout-* / oom-* files in Fuzz/.build/artifacts: rerun one with
#   Fuzz/.build/debug/DeckFuzzer Fuzz/.build/artifacts/crash-…
set -eu
# A failed check is reported by libFuzzer; the Swift backtracer would only add a wait.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")"
seconds="${1:-60}"
[ $# -gt 0 ] && shift
swift build -c debug -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v "Cannot export local symbol" || true
mkdir -p .build/corpus .build/artifacts
exec .build/debug/DeckFuzzer .build/corpus corpus \
    -max_total_time="$seconds" -max_len=262144 -timeout=5 -rss_limit_mb=1024 \
    -dict=deck.dict -artifact_prefix=.build/artifacts/ "$@"
