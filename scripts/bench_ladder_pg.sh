#!/bin/sh
# bench_ladder_pg.sh: the round trips (statements sent) and seconds of the ladder's and the games'
# reads (docs/benchmarks.md, "The competition server on PostgreSQL"): the ladder's results and
# its table (ladder_compute), a page of 200 games, a team's page of 50 and one game, on SQLite and
# on a throwaway PostgreSQL cluster (tests/e2e/pg.sh), with SIZES stored ranked games of TEAMS
# teams each (scripts/bench_serve.c fill and trips). A count that grows with the games is a read
# made one game at a time. OLD_LIB=path/to/an/older/libarena.a runs that build's reads on the same
# stores too, alternating with this one, REPS times (seconds: the median).
# Usage: scripts/bench_ladder_pg.sh [SIZES] [TEAMS] [REPS]   (default "200 5000" 20 3)
set -eu
cd "$(dirname "$0")/.."
SIZES=${1:-200 5000}
TEAMS=${2:-20}
REPS=${3:-3}
tmp=$(mktemp -d)
. tests/e2e/pg.sh
trap 'pg_stop; rm -rf "$tmp"' EXIT
echo "== ladder on PostgreSQL: $(uptime | sed 's/.*load average/load average/'), $(nproc) cores"
if ! pg_start; then
  echo "skipped: $PG_SKIP"
  exit 0
fi
LIBS="-ljansson -lsqlite3 -lsodium -lpng -lz -lm -lpthread"
builds="new"
# shellcheck disable=SC2086
cc -O2 -std=c11 -D_GNU_SOURCE -I/usr/include/postgresql -Isrc -o "$tmp/bench_new" scripts/bench_serve.c build/libarena.a $LIBS
if [ -n "${OLD_LIB:-}" ]; then
  # shellcheck disable=SC2086
  cc -O2 -std=c11 -D_GNU_SOURCE -I/usr/include/postgresql -Isrc -o "$tmp/bench_old" scripts/bench_serve.c "$OLD_LIB" $LIBS
  builds="old new"
fi
for g in $SIZES; do
  "$tmp/bench_new" fill "$tmp/s$g.db" "$TEAMS" "$g" >/dev/null
  "$tmp/bench_new" fill "$(pg_url p$g)" "$TEAMS" "$g" >/dev/null
  for rep in $(seq "$REPS"); do
    for b in $builds; do
      for eng in sqlite postgresql; do
        if [ $eng = sqlite ]; then store="$tmp/s$g.db"; else store=$(pg_url p$g); fi
        printf '%s %s %s ' "$g" "$eng" "$b"
        "$tmp/bench_$b" trips "$store"
      done
    done
  done
done >"$tmp/rows"
python3 - "$tmp/rows" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    g, eng, build, js = line.split(" ", 3)
    rows.setdefault((int(g), eng, build), []).append(json.loads(js))
reads = ["ladder_results", "ladder_compute", "games_page_200", "team_page_50", "one_game"]
print("games  engine      build  " + "  ".join("%-22s" % r for r in reads))
for (g, eng, build), runs in sorted(rows.items()):
    cells = []
    for r in reads:
        st = runs[0][r]["statements"]
        s = statistics.median(x[r]["s"] for x in runs)
        cells.append("%-22s" % ("%d st, %.1f ms" % (st, s * 1000)))
    print("%-6d %-11s %-6s " % (g, eng, build) + "  ".join(cells))
PY
