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
# time (createdb copies template1). The lanes are of about equal length (one after another, alone
# at load 1: the unit tests 18 s, refusals 22, final 5 | flow 19, final_crash 18, basic 9; the
# lanes were unit, flow, final_crash | refusals, basic, final: 55 s against 36).
for db in serve_unit_a serve_unit_b serve_basic serve_flow serve_final serve_final_crash serve_refusals serve_away; do
  pg_url $db >/dev/null || exit 1
done
pg_prefix() { sed 's/^\(not \)\{0,1\}ok - /&postgresql: /'; }
# part NAME COMMAND...: runs COMMAND, its lines (prefixed) in $T_TMP/NAME.out, its stderr in NAME.err
# and its exit status in NAME.rc. The status is kept because a pipe gives sed's: a suite that stopped
# midway (an exception, a crash, a sanitizer's report) printed no "not ok" for the checks it never
# reached, and the program passed with fewer lines.
part() {
  _n=$1; shift
  { "$@" 2>"$T_TMP/$_n.err"; echo $? >"$T_TMP/$_n.rc"; } | pg_prefix >"$T_TMP/$_n.out"
}
suite() { part "$1" env ARENA_SERVE_DB="$(pg_url "serve_$1")" python3 "tests/e2e/serve_$1.py"; }
# show NAME: prints a part's lines and its stderr; a part that exited non-zero with no "not ok" line
# gets one
status=0
show() {
  cat "$T_TMP/$1.out"
  cat "$T_TMP/$1.err" >&2
  _rc=$(cat "$T_TMP/$1.rc" 2>/dev/null) || _rc="unknown (it did not end)"
  [ "$_rc" != 0 ] || return 0
  status=1
  grep -q '^not ok' "$T_TMP/$1.out" || echo "not ok - postgresql: $1 exited with status $_rc"
}
(
  part unit env ARENA_TEST_STORE="$(pg_url serve_unit_a)" ARENA_TEST_STORE2="$(pg_url serve_unit_b)" \
    "${UNIT_DIR:-build/tests/unit}/test_serve_store"
  suite refusals
  suite final
) &
lane=$!
suite flow
suite final_crash
suite basic
wait $lane
for s in unit basic flow final final_crash refusals; do show $s; done
# last, alone: it stops the cluster and starts it again under a running server (the server's CPU
# until then is said first: pg_stop's figure is only that since the restart)
_cpu=$(pg_cpu) && echo "# the PostgreSQL server's CPU before serve_store_away: $_cpu s (not in the program's CPU time)"
part store_away env ARENA_SERVE_DB="$(pg_url serve_away)" PG_DIR="$PG_DIR" PG_AS="$PG_AS" python3 tests/e2e/serve_store_away.py
show store_away
exit $status
