#!/bin/sh
# sim_outputs_ab.sh: every output buffer of two builds of libarena.so compared bit for bit, step by
# step (scripts/sim_outputs_ab.c: every game; agents, bots, an agent beside bots; max_steps,
# autoreset=0, threads, buffers partly bound). For a change that must not change any result.
# Usage: scripts/sim_outputs_ab.sh OLD [ENVS [STEPS]]
# OLD: a libarena.so, or a git commit whose lib/libarena.so is built here in a temporary folder
# (about a minute); NEW: this tree's lib/libarena.so (make). Prints "same: N lines" or the first
# differences, and exits 1 on any.
set -eu
[ $# -eq 0 ] && { echo "usage: scripts/sim_outputs_ab.sh OLD_LIB|COMMIT [ENVS [STEPS]]" >&2; exit 2; }
cd "$(dirname "$0")/.."
old=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$old" ]; then
  mkdir "$tmp/src"
  git archive "$old" | tar -x -C "$tmp/src"
  nice make -C "$tmp/src" -j2 lib/libarena.so >/dev/null
  old=$tmp/src/lib/libarena.so
fi
mkdir "$tmp/old" "$tmp/new"
cp "$old" "$tmp/old/libarena.so"
cp lib/libarena.so "$tmp/new/libarena.so"
cc -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Iinclude -o "$tmp/ab" scripts/sim_outputs_ab.c -L"$tmp/new" -larena
LD_LIBRARY_PATH=$tmp/old nice "$tmp/ab" "$@" >"$tmp/old.txt"
LD_LIBRARY_PATH=$tmp/new nice "$tmp/ab" "$@" >"$tmp/new.txt"
if cmp -s "$tmp/old.txt" "$tmp/new.txt"; then
  echo "same: $(wc -l <"$tmp/old.txt") lines (game, configuration, step, return code, hash of every bound buffer)"
else
  echo "DIFFERENT (< old, > new):"
  diff "$tmp/old.txt" "$tmp/new.txt" | head -20
  exit 1
fi
