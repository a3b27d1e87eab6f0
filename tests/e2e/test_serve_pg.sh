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
ARENA_TEST_STORE=$(pg_url serve_unit_a) ARENA_TEST_STORE2=$(pg_url serve_unit_b) \
  "${UNIT_DIR:-build/tests/unit}/test_serve_store" | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_SERVE_DB=$(pg_url serve_basic) python3 tests/e2e/serve_basic.py | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_SERVE_DB=$(pg_url serve_flow) python3 tests/e2e/serve_flow.py | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_SERVE_DB=$(pg_url serve_final) python3 tests/e2e/serve_final.py | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_SERVE_DB=$(pg_url serve_final_crash) python3 tests/e2e/serve_final_crash.py | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_SERVE_DB=$(pg_url serve_refusals) python3 tests/e2e/serve_refusals.py | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
# last: it stops the cluster and starts it again under a running server
ARENA_SERVE_DB=$(pg_url serve_away) PG_DIR="$PG_DIR" PG_AS="$PG_AS" python3 tests/e2e/serve_store_away.py |
  sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
