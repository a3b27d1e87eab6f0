#!/bin/sh
# How long an arena process takes to start (docs/benchmarks.md, "Start-up"): `arena --version`
# against two empty programs, side by side in one run: one linked with the libraries arena links,
# one linked with those and libpq, libarchive and libmicrohttpd too (how arena was linked before it
# loaded those three on use, src/core/dl.h). Prints milliseconds per start (wall, N starts in a row)
# and the ratios.
set -eu
cd "$(dirname "$0")/.."
N=${N:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'int main(void) { return 0; }\n' >"$tmp/empty.c"
LIBS="-ljansson -lsqlite3 -lsodium -lpng -lz -lm"
cc -o "$tmp/linked_now" "$tmp/empty.c" -Wl,--no-as-needed $LIBS
cc -o "$tmp/linked_before" "$tmp/empty.c" -Wl,--no-as-needed -lmicrohttpd -lpq -larchive $LIBS
ms() { # ms COMMAND...: milliseconds per run of COMMAND, N runs in a row
  t0=$(date +%s%N)
  i=0
  while [ $i -lt "$N" ]; do "$@" >/dev/null; i=$((i + 1)); done
  echo $((($(date +%s%N) - t0) / N / 1000))
}
# interleaved rounds, the best of three for each (what another process on the machine adds is noise)
best_now=999999 best_before=999999 best_arena=999999
for round in 1 2 3; do
  a=$(ms "$tmp/linked_now"); b=$(ms "$tmp/linked_before"); c=$(ms bin/arena --version)
  [ "$a" -lt "$best_now" ] && best_now=$a
  [ "$b" -lt "$best_before" ] && best_before=$b
  [ "$c" -lt "$best_arena" ] && best_arena=$c
done
echo "start-up, $N starts, best of 3 rounds (microseconds a start):"
echo "  empty program, arena's libraries:                        $best_now"
echo "  empty program, + libpq, libarchive, libmicrohttpd linked: $best_before"
echo "  bin/arena --version:                                      $best_arena ($(readelf -d bin/arena | grep -c NEEDED) libraries linked)"
awk -v a="$best_now" -v b="$best_before" 'BEGIN {
  printf "  linked, the three would add %.1f ms to every start (%.1fx an empty program'"'"'s); arena loads them on use\n", (b - a) / 1000, b / a }'
