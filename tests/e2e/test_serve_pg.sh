#!/bin/sh
# test_serve_pg.sh: the competition server on a PostgreSQL store: the store domains' unit tests
# and the end-to-end suites again, each on a fresh database of a throwaway cluster
# (tests/e2e/pg.sh) started here and stopped at the end; then the cluster stopped and started
# under a running server (serve_store_away.py).
. tests/e2e/lib.sh
. tests/e2e/pg.sh
if ! pg_start; then
  echo "ok - postgresql server suite # SKIP $PG_SKIP"
  pg_stop
  exit 0
fi
trap 'pg_stop; rm -rf "$T_TMP"' EXIT
export PG_BIN
# The suites before serve_store_away play in two lanes side by side: each has a database and a
# server (on a port of its own) of its own, and they mostly wait on their servers and workers (one
# after another, 131 s of which 54 s of CPU in the CI of 3d54582). Each suite's lines are kept and
# printed in the order below once both lanes are done. The databases are made first, one at a
# time (createdb copies template1).
for db in serve_unit_a serve_unit_b serve_basic serve_flow serve_final serve_final_crash serve_refusals serve_away; do
  pg_url $db >/dev/null || exit 1
done
pg_prefix() { sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'; }
suite() { # suite NAME: runs serve_NAME.py on its database, its lines in $T_TMP/NAME.out (and .err)
  ARENA_SERVE_DB=$(pg_url "serve_$1") python3 "tests/e2e/serve_$1.py" 2>"$T_TMP/$1.err" | pg_prefix >"$T_TMP/$1.out"
}
(
  ARENA_TEST_STORE=$(pg_url serve_unit_a) ARENA_TEST_STORE2=$(pg_url serve_unit_b) \
    "${UNIT_DIR:-build/tests/unit}/test_serve_store" 2>"$T_TMP/unit.err" | pg_prefix >"$T_TMP/unit.out"
  suite flow
  suite final_crash
) &
lane=$!
suite refusals
suite basic
suite final
wait $lane
for s in unit basic flow final final_crash refusals; do
  cat "$T_TMP/$s.out"
  cat "$T_TMP/$s.err" >&2
done
# last, alone: it stops the cluster and starts it again under a running server
ARENA_SERVE_DB=$(pg_url serve_away) PG_DIR="$PG_DIR" PG_AS="$PG_AS" python3 tests/e2e/serve_store_away.py | pg_prefix
