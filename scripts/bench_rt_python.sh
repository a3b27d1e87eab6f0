#!/bin/sh
# bench_rt_python.sh: time per game of Rising Tide with four python: adapter seats running our
# original-style random_rizhao (tests/bots/rising_tide/sample_ais.py), full referee, no display.
# Compared with the original engine's anchor of 2.47 s per random_rizhao x4 game (docs/benchmarks.md;
# Arena must not be slower: ratio >= 1.0).
# Usage: scripts/bench_rt_python.sh [GAMES] [FIRST_SEED]     (default: 20 games, seeds 1..20)
set -eu
cd "$(dirname "$0")/.."
games=${1:-20}
seed=${2:-1}
anchor=2.47
[ -x bin/arena ] || make -s
bot=python:tests/bots/rising_tide/sample_ais.py:random_rizhao
out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s%N)
i=0
while [ "$i" -lt "$games" ]; do
  bin/arena play rising_tide "$bot" "$bot" "$bot" "$bot" --seed $((seed + i)) --display none --json >>"$out"
  i=$((i + 1))
done
end=$(date +%s%N)
python3 - "$out" "$start" "$end" "$anchor" <<'PY'
import json, sys
results = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
wall = (int(sys.argv[3]) - int(sys.argv[2])) / 1e9
n = len(results)
rounds = sum(r["turns"] for r in results)
late = sum(v["late"] for r in results for v in r["verdicts"])
bad = sum(v["invalid"] + v["crash"] + v["down"] for r in results for v in r["verdicts"])
per_game = wall / n
print("games %d, rounds %d (%.0f per game), wall %.2f s" % (n, rounds, rounds / n, wall))
print("time per game %.3f s, per round %.2f ms" % (per_game, 1000 * wall / rounds))
print("late %d, invalid+crash+down %d" % (late, bad))
print("ratio to the original's %.2f s/game: %.2fx (%s)" % (float(sys.argv[4]), float(sys.argv[4]) / per_game,
      "not slower" if per_game <= float(sys.argv[4]) else "SLOWER"))
PY
