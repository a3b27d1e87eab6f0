#!/bin/sh
# rt_oracle.sh: builds and runs the Rising Tide champion's offline oracle (scripts/rt_oracle.c; not
# part of `make test`: its findings are in docs/games/rising_tide.md "The champion"). Arguments go to
# the program:
#   scripts/rt_oracle.sh scan trench_tunis,trench_tunis,trench_tunis 400000 200
#   scripts/rt_oracle.sh search trench_tunis,trench_tunis,trench_tunis SEED SEAT [H] [BEAM] [KEEP] [W_REL]
set -eu
cd "$(dirname "$0")/.."
[ -f build/libarena.a ] || { echo "rt_oracle: build first (make)" >&2; exit 2; }
out=build/rt_oracle
if [ ! -x "$out" ] || [ scripts/rt_oracle.c -nt "$out" ] || [ build/libarena.a -nt "$out" ]; then
  cc -O2 -g -std=c11 -D_GNU_SOURCE -Wall -Wextra -Isrc -o "$out" scripts/rt_oracle.c build/libarena.a \
    -ljansson -lsqlite3 -lsodium -lpng -lz -lm
fi
exec nice -n 10 "$out" "$@"
