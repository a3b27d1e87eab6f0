#!/bin/sh
# bench_sim_ab.sh: the simulator's thread scaling of two builds of libarena.so, side by side in one
# process (scripts/bench_sim_ab.py: 1 and 2 threads of each, in rotating slices).
# Usage: scripts/bench_sim_ab.sh OLD [--batch N] [--seconds S] [--slices K] [GAME...]
# OLD: a libarena.so, or a git commit whose lib/libarena.so is built here in a temporary folder
# (about a minute); NEW: this tree's lib/libarena.so (make). Niced; figures only.
set -eu
# make bench runs every scripts/bench_*.sh without arguments: this one needs the old build
[ $# -eq 0 ] && { echo "# bench_sim_ab.sh: skipped (it compares two builds: OLD_LIB or a commit)"; exit 0; }
cd "$(dirname "$0")/.."
old=$1
shift
if [ ! -f "$old" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  git archive "$old" | tar -x -C "$tmp"
  nice make -C "$tmp" -j2 lib/libarena.so >/dev/null
  old=$tmp/lib/libarena.so
fi
py=python3
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then py=/usr/bin/python3; fi
nice "$py" scripts/bench_sim_ab.py "$old" lib/libarena.so "$@"
