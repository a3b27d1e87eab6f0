#!/bin/sh
# bench_scale.sh: the store's figures toward many machines (docs/benchmarks.md, "Many workers").
#  1. The queue's cost per match (claim + report, the code `arena worker` runs) on PostgreSQL and
#     on SQLite, side by side, with light clients that play nothing (scripts/bench_queue.c).
#  2. Tournament throughput with 1 and 2 local workers on this machine (short Rising Tide games,
#     built-in bots), on SQLite and on PostgreSQL, alternating REPS times; medians.
#  3. Toward many machines: 16, 64 and 256 concurrent claimers (separate processes, each with its
#     own connection) on one PostgreSQL server over a Unix socket: claims/s and claim p50/p99,
#     (a) as workers playing very short games (GAME_MS each, default 1000, between claim and report)
#     and (b) claiming as fast as they can (the server's capacity; every claim waits for the others).
# PostgreSQL is a throwaway cluster (tests/e2e/pg.sh); without one the script says why and skips.
# Usage: scripts/bench_scale.sh [REPS] [CLAIMS] [GAME_MS]
set -eu
cd "$(dirname "$0")/.."
REPS=${1:-3}
CLAIMS=${2:-4000}
GAME_MS=${3:-1000}
ARENA=${ARENA:-bin/arena}
tmp=$(mktemp -d)
. tests/e2e/pg.sh
trap 'pg_stop; rm -rf "$tmp"' EXIT
echo "== scale: $(uptime | sed 's/.*load average/load average/'), $(nproc) cores"
if ! pg_start; then
  echo "skipped: $PG_SKIP"
  exit 0
fi
LIBS="-ljansson -lsqlite3 -lsodium -lpng -lz -lm"
# shellcheck disable=SC2086
cc -O2 -std=c11 -D_GNU_SOURCE -I/usr/include/postgresql -Isrc -o "$tmp/bench_queue" scripts/bench_queue.c build/libarena.a $LIBS

echo "-- queue cost per match (claim + report, one client, $CLAIMS matches):"
for rep in $(seq "$REPS"); do
  "$tmp/bench_queue" "$tmp/q$rep.db" cost "$CLAIMS"
  "$tmp/bench_queue" "$(pg_url cost$rep)" cost "$CLAIMS"
done >"$tmp/cost"
python3 - "$tmp/cost" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
for eng in ("sqlite", "postgresql"):
    r = [x for x in rows if x["engine"] == eng]
    print("  %-10s %.2f ms a match (claim p50 %.2f ms, report p50 %.2f ms; medians of %d runs)" % (
        eng, statistics.median(x["ms_per_match"] for x in r), statistics.median(x["claim_p50_ms"] for x in r),
        statistics.median(x["report_p50_ms"] for x in r), len(r)))
pg = statistics.median(x["ms_per_match"] for x in rows if x["engine"] == "postgresql")
sq = statistics.median(x["ms_per_match"] for x in rows if x["engine"] == "sqlite")
print("  ratio PostgreSQL / SQLite: %.1f" % (pg / sq))
PY

echo "-- tournament throughput, 1 and 2 local workers (rising_tide rounds=50, 7 built-ins, 140 games):"
BOTS="builtin:seawall_sydney builtin:random_rizhao builtin:trench_tunis builtin:pass_perth builtin:border_barcelona builtin:level_los_angeles builtin:nearby_new_orleans"
rate() { # rate DB JOBS: games/s as the runner prints it
  "$ARENA" tourney rising_tide $BOTS --option rounds=50 --games 4 --seed 1 --jobs "$2" --db "$1" --progress plain >"$tmp/out"
  sed -n 's/.* played now in \([0-9.]*\) s (\([0-9.]*\) games\/s.*/\2/p' "$tmp/out" | tail -n 1
}
for rep in $(seq "$REPS"); do
  echo "sqlite 1 $(rate "$tmp/t1-$rep.db" 1)"
  echo "sqlite 2 $(rate "$tmp/t2-$rep.db" 2)"
  echo "postgresql 1 $(rate "$(pg_url t1r$rep)" 1)"
  echo "postgresql 2 $(rate "$(pg_url t2r$rep)" 2)"
done >"$tmp/rates"
python3 - "$tmp/rates" <<'PY'
import statistics, sys
r = {}
for line in open(sys.argv[1]):
    eng, jobs, v = line.split()
    r.setdefault((eng, jobs), []).append(float(v))
for eng in ("sqlite", "postgresql"):
    one, two = r[(eng, "1")], r[(eng, "2")]
    print("  %-10s 1 worker %s games/s (median %.1f); 2 workers %s (median %.1f); ratio %.2f" % (
        eng, " ".join("%.1f" % x for x in one), statistics.median(one), " ".join("%.1f" % x for x in two),
        statistics.median(two), statistics.median(two) / statistics.median(one)))
PY

echo "-- concurrent claimers on one PostgreSQL server ($CLAIMS claims each run; games of $GAME_MS ms, then none):"
for g in "$GAME_MS" 0; do
  for n in 16 64 256; do
    nice "$tmp/bench_queue" "$(pg_url many$n-$g)" many "$n" "$CLAIMS" "$g"
  done
done >"$tmp/many"
python3 - "$tmp/many" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    what = "games of %d ms" % d["game_ms"] if d["game_ms"] else "no game (capacity)"
    print("  %4d claimers, %-19s %7.1f claims/s, claim p50 %6.2f ms, p99 %7.2f ms" % (
        d["clients"], what + ":", d["claims_per_second"], d["claim_p50_ms"], d["claim_p99_ms"]))
PY
