#!/bin/sh
# The sandbox's cost (docs/benchmarks.md, "Sandbox"): process start with each group of layers,
# and the referee's per-question latency and whole games with the sandbox off and on.
set -eu
cd "$(dirname "$0")/.."
bin/arena doctor --bench 200
for mode in off on; do
  echo "-- --sandbox $mode"
  bin/arena bench rising_tide --referee --games 50 --sandbox "$mode"
  bin/arena bench suitebot --tcp "python3 tests/bots/suitebot/kit_style_bot.py" --games 20 --sandbox "$mode"
done
