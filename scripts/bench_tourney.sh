#!/bin/sh
# bench_tourney.sh: the tournament runner's two figures (docs/benchmarks.md, "Tournaments").
#  1. Scaling: games/s of the same Rising Tide round robin with built-in bots on 1 worker and on
#     2 workers, measured side by side in one run (alternating, REPS times each; medians), next to
#     the machine's own ceiling: two independent `arena bench` processes against one.
#  2. Timeouts caused by the runner: process bots (the C starter kit's random_rizhao, which
#     answers in microseconds) at a 10 ms soft limit with --jobs = cores; every late or down
#     verdict over the moves played is one the runner (or the machine) caused.
# Usage: scripts/bench_tourney.sh [REPS] [GAMES_PER_GROUP] [PROCESS_GAMES]
set -eu
cd "$(dirname "$0")/.."
REPS=${1:-5}
GAMES=${2:-4}
PGAMES=${3:-40}
ARENA=bin/arena
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
BOTS="builtin:seawall_sydney builtin:random_rizhao builtin:trench_tunis builtin:pass_perth builtin:border_barcelona builtin:level_los_angeles builtin:nearby_new_orleans"
cores=$(nproc)
echo "== tourney: $(uptime | sed 's/.*load average/load average/'), $cores cores"

# rate JOBS REP: games/s of one run (the runner's own figure: matches played / wall time)
rate() {
  db="$tmp/j$1-$2.db"
  "$ARENA" tourney rising_tide $BOTS --games "$GAMES" --seed 1 --jobs "$1" --db "$db" --progress plain >"$tmp/out"
  sed -n 's/.* played now in \([0-9.]*\) s (\([0-9.]*\) games\/s.*/\2/p' "$tmp/out" | tail -n 1
}
# engine PARALLEL: games/s of `arena bench` (engine only, no runner) with PARALLEL copies at once,
# summed: the machine's own ceiling for two processes, measured between the tournament runs.
engine() {
  for k in $(seq "$1"); do "$ARENA" bench rising_tide --bot seawall_sydney --games 200 --json >"$tmp/e$k" & done
  wait
  python3 -c 'import json,sys; print(sum(json.load(open(f))["games_per_second"] for f in sys.argv[1:]))' \
    $(for k in $(seq "$1"); do echo "$tmp/e$k"; done)
}
r1=""
r2=""
e1=""
e2=""
for rep in $(seq "$REPS"); do
  r1="$r1 $(rate 1 "$rep")"
  r2="$r2 $(rate 2 "$rep")"
  e1="$e1 $(engine 1)"
  e2="$e2 $(engine 2)"
done
python3 - "$r1" "$r2" "$e1" "$e2" "$GAMES" <<'PY'
import statistics, sys
one, two, eone, etwo = ([float(x) for x in a.split()] for a in sys.argv[1:5])
m1, m2 = statistics.median(one), statistics.median(two)
pairs = [b / a for a, b in zip(one, two)]
epairs = [b / a for a, b in zip(eone, etwo)]
print("round robin, 7 built-ins, 35 groups x %s games (full 800-round games):" % sys.argv[5])
print("  1 worker : %s games/s (median %.1f)" % (" ".join("%.1f" % x for x in one), m1))
print("  2 workers: %s games/s (median %.1f)" % (" ".join("%.1f" % x for x in two), m2))
print("  ratio 2/1: %.2f of the medians; per back-to-back pair %s (median %.2f); target >= 1.85"
      % (m2 / m1, " ".join("%.2f" % x for x in pairs), statistics.median(pairs)))
print("machine ceiling, two independent engine-only processes (arena bench) vs one, same run:")
print("  ratio 2/1: %.2f of the medians; per pair %s (median %.2f)"
      % (statistics.median(etwo) / statistics.median(eone), " ".join("%.2f" % x for x in epairs),
         statistics.median(epairs)))
PY

K=bin/kits/rising_tide/random_rizhao
# jobs = cores is the figure asked for; jobs = 1 beside it is the control (same games).
for jobs in "$cores" 1; do
  "$ARENA" tourney rising_tide a=$K b=$K c=$K d=$K --games "$PGAMES" --seed 1 --jobs "$jobs" --move-ms 10 \
    --db "$tmp/proc$jobs.db" --quiet
  python3 - "$tmp/proc$jobs.db" "$jobs" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
moves, late, down, inv, crash, games, think = con.execute(
    "select sum(moves), sum(late), sum(down), sum(invalid), sum(crash), count(distinct match_idx), sum(think_ms) "
    "from seats").fetchone()
print("process bots (C kit random_rizhao x4), --move-ms 10, --jobs %s: %d games, %d moves, mean question "
      "%.3f ms: %d late, %d down, %d invalid, %d crash" % (sys.argv[2], games, moves, think / moves, late, down,
                                                          inv, crash))
PY
done
