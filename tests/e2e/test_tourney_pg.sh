# test_tourney_pg.sh: every test of test_tourney.sh again, on a PostgreSQL store: a throwaway
# cluster (tests/e2e/pg.sh) started here and stopped at the end, one database per store.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
if ! pg_start; then
  echo "# skipped (not counted): the tournament suite on PostgreSQL: $PG_SKIP"
  pg_stop
  exit 0
fi
trap 'pg_stop; rm -rf "$T_TMP"' EXIT
if [ -n "${ASAN_OPTIONS:-}" ]; then
  # make sanitize: the SQLite run of test_tourney.sh exercises the same runner; the PostgreSQL
  # engine's C code runs under the sanitizers in test_queue below and in test_scale.sh (CI time)
  echo "# skipped (not counted): test_tourney.sh on PostgreSQL under make sanitize"
else
  ARENA_TEST_PGHOST=$PG_DIR ARENA_TEST_PGBIN=$PG_BIN sh tests/e2e/test_tourney.sh | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
fi
# the unit tests of the store (its queue, the store failing) and of whole tournaments, on the same cluster
ARENA_TEST_STORE=$(pg_url queue) "${UNIT_DIR:-build/tests/unit}/test_queue" | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
ARENA_TEST_STORE=$(pg_url faults) "${UNIT_DIR:-build/tests/unit}/test_store_faults" | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
for t in test_tourney test_tourney_run; do
  ARENA_TEST_PGHOST=$PG_DIR "${UNIT_DIR:-build/tests/unit}/$t" | sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'
done
