#!/bin/sh
# The simulator's figures (docs/benchmarks.md "Simulator"): the engine's `arena bench GAME`, `arena
# bench sim` (C) and arena_sdk.sim (Python, with numpy when Debian's python3-numpy is there) side by
# side in one run, niced. Run by `make bench`; alone: scripts/bench_sim.sh [--rounds N] [--seconds S]
# [--only threads|python|env] (just the 2-thread ratios, just Python over C, or just Env.step's cost).
set -eu
cd "$(dirname "$0")/.."
py=python3
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then py=/usr/bin/python3; fi
exec nice "$py" scripts/bench_sim.py "$@"
