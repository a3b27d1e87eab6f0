#!/bin/sh
# eval_rezzo.sh: the strength of Rezzo's reference ladder (docs/games/rezzo.md "Built-in bots"):
# builtin:attacker against builtin:wander, 2 players, quick mode, max_ticks 10000, seeds 1..N in
# both seat orders, at 128x128 and 320x320, and attacker against attacker (SIZES "": none of these);
# the ladder's rungs (raider vs wander, attacker vs raider, champion vs attacker, issue 17) at
# 128x128, side by side; then the champion as the starter-kit program under the sandbox at the real
# clock (60 ms ticks, not quick) against builtin:attacker, REAL games of at most 3000 ticks, two at
# a time. Prints wins/draws/losses with 95% Wilson intervals and the champion's verdicts.
# Usage: scripts/eval_rezzo.sh [N=100] [SIZES="128 320" ("": none)] [REAL=4]   (run by `make eval`)
# Environment: FIRST_SEED (default 1: seeds FIRST_SEED..FIRST_SEED+N-1), LADDER (the rungs played,
# default "raider:wander attacker:raider champion:attacker").
set -eu
cd "$(dirname "$0")/.."
N=${1:-100}
SIZES=${2-"128 320"}
REAL=${3:-4}
FIRST_SEED=${FIRST_SEED:-1}
LADDER=${LADDER-"raider:wander attacker:raider champion:attacker"}
ARENA=${ARENA:-bin/arena}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# play SIZE A B: one line per game "seed rankA rankB turns"
series() {
  size=$1 a=$2 b=$3 out=$4
  : > "$out"
  for seed in $(seq "$FIRST_SEED" $((FIRST_SEED + N - 1))); do
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
if [ -n "$SIZES" ]; then
  series 128 attacker attacker "$tmp/aa"
  report "$tmp/aa" "attacker vs attacker 128x128 (seat 1)"
fi
# The ladder's rungs, the three series side by side.
for pair in $LADDER; do
  series 128 "${pair%%:*}" "${pair#*:}" "$tmp/ladder.$pair" &
done
wait
for pair in $LADDER; do
  report "$tmp/ladder.$pair" "${pair%%:*} vs ${pair#*:} 128x128"
done

# real SEED ORDER: one real-time game of the kit champion against builtin:attacker under the sandbox;
# a line "seed order rank_champion rank_attacker turns late down invalid crash" into $tmp/real.SEED.ORDER
kit="$(dirname "$ARENA")/kits/rezzo/champion"
real() {
  if [ "$2" = ab ]; then s0=$kit s1=builtin:attacker c=0; else s0=builtin:attacker s1=$kit c=1; fi
  "$ARENA" play rezzo "$s0" "$s1" --seed "$1" --option size=128x128 --option max_ticks=3000 --display none --json |
    python3 -c 'import json,sys; j=json.load(sys.stdin); c=int(sys.argv[3]); v=j["verdicts"][c]
print(sys.argv[1], sys.argv[2], j["ranks"][c], j["ranks"][1-c], j["turns"], v["late"], v["down"], v["invalid"], v["crash"])' \
      "$1" "$2" "$c" >"$tmp/real.$1.$2"
}
if [ "$REAL" -gt 0 ]; then
  for seed in $(seq 1 $(( (REAL + 1) / 2 ))); do
    real "$seed" ab &
    real "$seed" ba &
    wait
  done
  cat "$tmp"/real.* >"$tmp/real"
  report "$tmp/real" "champion (kit, 60 ms ticks) vs attacker 128x128, max_ticks 3000"
  awk '{l+=$6; d+=$7; i+=$8; c+=$9} END {printf "  champion verdicts: late %d down %d invalid %d crash %d\n", l, d, i, c}' "$tmp/real"
fi
