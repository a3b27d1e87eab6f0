# test_tourney_pg.sh: every test of test_tourney.sh again, on a PostgreSQL store: a throwaway
# cluster (tests/e2e/pg.sh) started here and stopped at the end, one database per store.
# The parts run side by side, each on databases of its own (test_tourney.sh's named by its stores,
# test_queue's and test_store_faults' named here, test_tourney's and test_tourney_run's by their
# pids; test_store_faults cuts only its own sessions): the rerun of test_tourney.sh in one lane, the
# unit programs one after another in the other (under make sanitize, which skips the rerun, the
# longest unit program, test_tourney_run, in one and the others in the other). Their lines are
# printed in the same order as one after another. One after another they took about 24 s more.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
if ! pg_start; then
  echo "# skipped (not counted): the tournament suite on PostgreSQL: $PG_SKIP"
  pg_stop
  exit 0
fi
trap 'pg_stop; rm -rf "$T_TMP"' EXIT
U=${UNIT_DIR:-build/tests/unit}
on_pg() { sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'; }
tourney_sh() {
  if [ -n "${ASAN_OPTIONS:-}" ]; then
    # make sanitize: the SQLite run of test_tourney.sh exercises the same runner; the PostgreSQL
    # engine's C code runs under the sanitizers in test_queue below and in test_scale.sh (CI time)
    echo "# skipped (not counted): test_tourney.sh on PostgreSQL under make sanitize"
  else
    ARENA_TEST_PGHOST=$PG_DIR ARENA_TEST_PGBIN=$PG_BIN sh tests/e2e/test_tourney.sh
  fi
}
# the unit tests of the store (its queue, the store failing) and of whole tournaments, on the same cluster
queue() { ARENA_TEST_STORE=$(pg_url queue) "$U/test_queue"; }
faults() { ARENA_TEST_STORE=$(pg_url faults) "$U/test_store_faults"; }
tourney() { ARENA_TEST_PGHOST=$PG_DIR "$U/test_tourney"; }
tourney_run() { ARENA_TEST_PGHOST=$PG_DIR "$U/test_tourney_run"; }
if [ -n "${ASAN_OPTIONS:-}" ]; then
  lane1="tourney_sh tourney_run" lane2="queue faults tourney"
else
  lane1="tourney_sh" lane2="queue faults tourney tourney_run"
fi
# lane PART...: runs the parts one after another, each part's lines (prefixed) in $T_TMP/part.PART,
# its stderr in .err and its exit status in .rc. The status is kept because a pipe gives sed's: a
# part that stopped midway (a crash, a sanitizer's report) printed no "not ok" for the checks it
# never reached, and the program passed with fewer lines.
lane() {
  for part in "$@"; do
    { "$part" 2>"$T_TMP/part.$part.err"; echo $? >"$T_TMP/part.$part.rc"; } | on_pg >"$T_TMP/part.$part"
  done
}
lane $lane1 &
l1=$!
lane $lane2
wait $l1
status=0
for part in tourney_sh queue faults tourney tourney_run; do
  cat "$T_TMP/part.$part"
  cat "$T_TMP/part.$part.err" >&2
  rc=$(cat "$T_TMP/part.$part.rc" 2>/dev/null) || rc="unknown (it did not end)"
  [ "$rc" != 0 ] || continue
  status=1
  # a part with a "not ok" line has said it failed
  grep -q '^not ok' "$T_TMP/part.$part" || echo "not ok - postgresql: $part exited with status $rc"
done
exit $status
