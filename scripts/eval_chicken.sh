#!/bin/sh
# eval_chicken.sh: the strength of Chicken's reference ladder (Chicken P10), measured the way
# tournaments play: games in pairs sharing one seed with the colours swapped (colours=fixed, seat
# order alternating), so both colours and every set-up are played equally by both bots.
# Usage: scripts/eval_chicken.sh [GAMES_PER_PAIRING] (default 400, must be even). Run by `make eval`.
# Prints, per pairing, the score rate of the first bot (win 1, tie 1/2) with a 95% confidence
# interval, and the wins, ties and losses. Results are recorded in docs/games/chicken.md.
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
N=${1:-400}
[ $((N % 2)) -eq 0 ] || { echo "eval_chicken: GAMES_PER_PAIRING must be even" >&2; exit 2; }
PAIRS="greedy:yolanda tracker:greedy searcher:tracker searcher:greedy tracker:yolanda searcher:yolanda"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "chicken ladder: $N games per pairing (pairs of games on one seed, colours swapped)"
for pair in $PAIRS; do
  a=${pair%%:*}
  b=${pair#*:}
  : >"$out"
  i=0
  while [ $i -lt $((N / 2)) ]; do
    seed=$((1000 + i))
    # game 1: a is seat 0 = A; game 2: b is seat 0 = A. The first bot's points go to the file.
    "$ARENA" play chicken "builtin:$a" "builtin:$b" --option colours=fixed --seed $seed --display none --json |
      sed -n 's/.*"scores":\[\([^,]*\),\([^]]*\)\].*/\1/p' >>"$out"
    "$ARENA" play chicken "builtin:$b" "builtin:$a" --option colours=fixed --seed $seed --display none --json |
      sed -n 's/.*"scores":\[\([^,]*\),\([^]]*\)\].*/\2/p' >>"$out"
    i=$((i + 1))
  done
  python3 - "$a" "$b" "$out" <<'EOF'
import math, sys
a, b, path = sys.argv[1:4]
pts = [float(x) for x in open(path)]
n = len(pts)
w, t = sum(p == 1 for p in pts), sum(p == 0.5 for p in pts)
rate = sum(pts) / n
# Games come in pairs on one seed: the interval uses the spread of the pair sums, which accounts
# for the correlation inside a pair.
pairs = [pts[i] + pts[i + 1] for i in range(0, n, 2)]
mean = sum(pairs) / len(pairs)
var = sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1)
half = 1.96 * math.sqrt(var / len(pairs)) / 2
print("%-9s vs %-8s %4d games: %5.1f%% [%5.1f%%, %5.1f%%]  (W %d, T %d, L %d)" % (
    a, b, n, 100 * rate, 100 * max(0.0, rate - half), 100 * min(1.0, rate + half), w, t, n - w - t))
EOF
done
