#!/bin/sh
# eval_rezzo.sh: the attacker's strength (docs/games/rezzo.md "Built-in bots"): builtin:attacker against
# builtin:wander, 2 players, quick mode, max_ticks 10000, seeds 1..N in both seat orders, at
# 128x128 and 320x320; then attacker against attacker. Prints wins/draws/losses with 95% Wilson
# intervals. Usage: scripts/eval_rezzo.sh [N=100] [SIZES="128 320"]   (run by `make eval`)
set -eu
cd "$(dirname "$0")/.."
N=${1:-100}
SIZES=${2:-"128 320"}
ARENA=${ARENA:-bin/arena}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# play SIZE A B: one line per game "seed rankA rankB turns"
series() {
  size=$1 a=$2 b=$3 out=$4
  : > "$out"
  for seed in $(seq 1 "$N"); do
    for order in ab ba; do
      if [ $order = ab ]; then s0=$a s1=$b; else s0=$b s1=$a; fi
      r=$("$ARENA" play rezzo "builtin:$s0" "builtin:$s1" --seed "$seed" --option size=${size}x${size} \
          --option max_ticks=10000 --quick --display none --json)
      ranks=$(echo "$r" | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["ranks"][0], j["ranks"][1], j["turns"])')
      set -- $ranks
      if [ $order = ab ]; then echo "$seed $order $1 $2 $3"; else echo "$seed $order $2 $1 $3"; fi >> "$out"
    done
  done
}

report() { # report FILE LABEL: counts from the first player's point of view
  python3 - "$1" "$2" <<'PY'
import math, sys
rows = [l.split() for l in open(sys.argv[1])]
w = sum(1 for r in rows if int(r[2]) < int(r[3]))
l = sum(1 for r in rows if int(r[2]) > int(r[3]))
d = len(rows) - w - l
n = len(rows)
def wilson(k, n, z=1.96):
    if n == 0: return (0, 0)
    p = k / n; den = 1 + z*z/n
    c = (p + z*z/(2*n)) / den; h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / den
    return (100*max(0, c-h), 100*min(1, c+h))
ends = sorted(int(r[4]) for r in rows if int(r[2]) != int(r[3]))
med = ends[len(ends)//2] if ends else 0
print("%-34s games %3d  wins %3d (%5.1f%%, 95%% CI %4.1f-%5.1f)  draws %3d (%5.1f%%)  losses %3d (%5.1f%%, CI %4.1f-%4.1f)  median end tick %d" % (
    sys.argv[2], n, w, 100*w/n, *wilson(w, n), d, 100*d/n, l, 100*l/n, *wilson(l, n), med))
PY
}

for size in $SIZES; do
  series "$size" attacker wander "$tmp/aw$size"
  report "$tmp/aw$size" "attacker vs wander ${size}x${size}"
done
series 128 attacker attacker "$tmp/aa"
report "$tmp/aa" "attacker vs attacker 128x128 (seat 1)"
