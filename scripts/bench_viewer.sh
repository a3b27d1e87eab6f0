#!/bin/sh
# The web viewer's speed on a large replay (docs/benchmarks.md, "Web viewer"): a synthetic Rezzo
# replay of 10,000 ticks at 320x320 (scripts/gen_rezzo_replay.py: keyframes every 500 ticks, diffs
# between), written with `arena view`, opened and played in headless Chromium. Extra arguments are
# more replays to measure the same way (e.g. a real Rezzo replay).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh browser >/dev/null
tests/browser/install.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 scripts/gen_rezzo_replay.py --ticks 10000 --size 320 --players 2 --electrons 100 \
  --keyframe-every 500 -o "$tmp/rezzo_10000.jsonl"
pages=""
for r in "$tmp/rezzo_10000.jsonl" "$@"; do
  h="$tmp/$(basename "$r" .jsonl).html"
  bin/arena view "$r" -o "$h" >/dev/null
  echo "viewer: $(basename "$r"): $(wc -c <"$r") bytes of replay, $(wc -c <"$h") bytes of page"
  pages="$pages $h"
done
# shellcheck disable=SC2086
node tests/browser/bench_viewer.mjs $pages
