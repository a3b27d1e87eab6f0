#!/bin/sh
# Runs every test suite and prints a TAP-style line per test, then "N passed, N failed".
# Usage: tests/run.sh [SUITE...]   suites: unit e2e python browser valgrind (default: unit python e2e browser),
# or single programs: tests/e2e/test_x.sh, tests/python/test_x.py, build/tests/unit/test_x.
# Environment: ARENA (the arena binary e2e tests drive, default bin/arena), UNIT_DIR (where the
# unit-test programs are, default build/tests/unit): `make sanitize` points both at ASan builds.
# TEST_HOOK: a command run as `$TEST_HOOK start NAME` before and `$TEST_HOOK end NAME` after each
# program (make coverage records each program's coverage with it).
# Each suite is a set of programs that print "ok - name" / "not ok - name" lines.
set -u
cd "$(dirname "$0")/.."
suites=${*:-"unit python e2e browser"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
run() { # run NAME CMD...
  name=$1; shift
  printf '# %s\n' "$name"
  [ -z "${TEST_HOOK:-}" ] || $TEST_HOOK start "$name" >&2
  t0=$(date +%s)
  "$@" >"$out/log" 2>"$out/err"
  rc=$?
  cat "$out/log"
  printf '# %s took %s s\n' "$name" $(($(date +%s) - t0))
  if [ $rc -ne 0 ]; then
    grep -q '^not ok' "$out/log" || echo "not ok - $name (exited with status $rc)"
    sed 's/^/#   stderr: /' "$out/err" | tail -n 20
  fi
  [ -z "${TEST_HOOK:-}" ] || $TEST_HOOK end "$name" >&2
}
{
  for suite in $suites; do
    case $suite in
    unit) for t in "${UNIT_DIR:-build/tests/unit}"/test_*; do [ -x "$t" ] && run "$(basename "$t")" "$t"; done ;;
    python) for t in tests/python/test_*.py; do [ -f "$t" ] && run "$(basename "$t")" python3 tests/python/tap.py "$t"; done ;;
    e2e) for t in tests/e2e/test_*.sh; do [ -f "$t" ] && run "$(basename "$t")" sh "$t"; done ;;
    browser) run browser sh tests/browser/run.sh ;;
    valgrind) run valgrind sh tests/valgrind/run.sh ;;
    *.sh) if [ -f "$suite" ]; then run "$(basename "$suite")" sh "$suite"; else echo "not ok - no test $suite"; fi ;;
    *.py) if [ -f "$suite" ]; then run "$(basename "$suite")" python3 tests/python/tap.py "$suite"; else echo "not ok - no test $suite"; fi ;;
    */test_*) if [ -x "$suite" ]; then run "$(basename "$suite")" "$suite"; else echo "not ok - no test $suite"; fi ;;
    *) echo "not ok - unknown suite $suite" ;;
    esac
  done
} | tee "$out/all"
passed=$(grep -c '^ok' "$out/all")
failed=$(grep -c '^not ok' "$out/all")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
