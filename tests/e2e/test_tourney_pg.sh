# test_tourney_pg.sh: every test of test_tourney.sh again, on a PostgreSQL store: a throwaway
# cluster (tests/e2e/pg.sh) started here and stopped at the end, one database per store.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
if ! pg_start; then
  echo "ok - postgresql tournament suite # SKIP $PG_SKIP"
  pg_stop
  exit 0
fi
trap 'pg_stop; rm -rf "$T_TMP"' EXIT
ARENA_TEST_PGHOST=$PG_DIR sh tests/e2e/test_tourney.sh | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
# the queue's unit tests (tests/unit/test_queue.c) on the same cluster
ARENA_TEST_STORE=$(pg_url queue) "${UNIT_DIR:-build/tests/unit}/test_queue" | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
