#!/bin/sh
# bench_splitter.sh: the Splitter performance figures of docs/benchmarks.md (the original's anchor),
# measured side by side on this machine (not part of `make test`):
#   1. the floor: a minimal C bot (tests/bots/splitter/minibot.c) run N times through bash -c,
#      each game's 30 input lines fed from a file (recorded from the same games);
#   2. `arena tester --silent --games N --command ./minibot --sandbox off`, with --jobs 1 and
#      --jobs <cores> (the floor has no sandbox either), and once with the default sandbox on;
#   3. `arena bench splitter` engine-only (random, greedy, search) and with process bots (a
#      process per game: --referee).
# Usage: scripts/bench_splitter.sh [--games N]
set -eu
cd "$(dirname "$0")/.."
games=1000
[ "${1:-}" = "--games" ] && games=$2
[ -x bin/arena ] || make
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/minibot" tests/bots/splitter/minibot.c
now() { date +%s.%N; }
el() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }
mkdir "$tmp/in"
# Record each game's input (the minibot's moves are always legal, so it is header + 22 rolls);
# outside the sandbox, which would keep the recording out of $tmp.
bin/arena tester --seed bench --games "$games" --silent --sandbox off \
  --command "tee $tmp/in/game-\$\$.txt | $tmp/minibot" >/dev/null
n=$(ls "$tmp/in" | wc -l)
[ "$n" -eq "$games" ] || { echo "recorded $n inputs, expected $games" >&2; exit 1; }
cores=$(nproc)
# Three rounds, alternating, and the best time of each: the machine may be shared, and the
# minimum is the least disturbed measurement of each.
floor=999999 t1=999999 tn=999999 ts=999999
min() { python3 -c "import sys; print(min(float(sys.argv[1]), float(sys.argv[2])))" "$1" "$2"; }
for round in 1 2 3; do
  a=$(now); for f in "$tmp"/in/*; do /bin/bash -c "$tmp/minibot" <"$f" >/dev/null; done; b=$(now)
  floor=$(min "$floor" "$(el "$a" "$b")")
  a=$(now); bin/arena tester --seed bench --games "$games" --silent --sandbox off --command "$tmp/minibot" >"$tmp/t1"; b=$(now)
  t1=$(min "$t1" "$(el "$a" "$b")")
  a=$(now); bin/arena tester --seed bench --games "$games" --silent --sandbox off --jobs "$cores" --command "$tmp/minibot" >"$tmp/tn"; b=$(now)
  tn=$(min "$tn" "$(el "$a" "$b")")
  a=$(now); bin/arena tester --seed bench --games "$games" --silent --command "$tmp/minibot" >"$tmp/ts"; b=$(now)
  ts=$(min "$ts" "$(el "$a" "$b")")
  grep -v '^Time' "$tmp/t1" >"$tmp/t1b"
  grep -v '^Time' "$tmp/tn" >"$tmp/tnb"
  cmp -s "$tmp/t1b" "$tmp/tnb" || { echo "--jobs changed the output" >&2; exit 1; }
done
python3 - "$games" "$floor" "$t1" "$tn" "$cores" "$ts" <<'PY'
import sys
g, floor, t1, tn, cores = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
ts = float(sys.argv[6])
print(f"| measurement ({g} games, best of 3) | time | per game | ratio | required |")
print("|---|---|---|---|---|")
print(f"| floor: minibot through `bash -c`, input from files | {floor:.2f} s | {floor / g * 1000:.2f} ms | 1 | |")
print(f"| `arena tester --silent --sandbox off --command ./minibot` | {t1:.2f} s | {t1 / g * 1000:.2f} ms | {t1 / floor:.2f} x the floor | <= 1.5 x |")
print(f"| the same with `--jobs {cores}` | {tn:.2f} s | {tn / g * 1000:.2f} ms | {t1 / tn:.2f} x faster than --jobs 1 | >= {0.8 * cores:.1f} x |")
print(f"| the default, sandbox on (`--jobs 1`) | {ts:.2f} s | {ts / g * 1000:.2f} ms | {ts / floor:.2f} x the floor | (the sandbox's cost) |")
PY
echo
bin/arena bench splitter --bot random --games 200000
bin/arena bench splitter --bot greedy --games 20000
bin/arena bench splitter --bot search --games 10
bin/arena bench splitter --bot greedy --referee --games "$games"
