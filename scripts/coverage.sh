#!/bin/sh
# coverage.sh: line and branch coverage of the whole suite (make coverage; docs/testing.md).
# Builds arena, the kits, the simulator's shared library and the unit tests with gcc --coverage
# into build-cov/ and bin-cov/, runs tests/run.sh against them (unit, Python, e2e and browser
# suites: whatever runs arena), keeping what each test program covered (scripts/coverage_hook.sh:
# build-cov/per-test/NAME.info and its run time, which scripts/mutate.py uses), then writes
# build-cov/coverage.info (the sum), an HTML report in build-cov/html/index.html and the per-folder
# table (scripts/coverage_table.py), whose exit status says whether the targets are met.
# Usage: scripts/coverage.sh [SUITE...]   (default: unit python e2e browser)
# COVERAGE_ADD=1 keeps the per-test data of earlier runs (a program run again replaces its own),
# so the suite can be measured in parts (make coverage SUITES=unit, then SUITES=e2e COVERAGE_ADD=1)
# and the table is of every part so far; the build must be of the same source.
# Runs niced: the suite takes as long as make test, and longer at -O0.
set -eu
cd "$(dirname "$0")/.."
B=build-cov
BIN=bin-cov
suites=${*:-"unit python e2e browser"}
scripts/deps.sh coverage
nice make -s BUILD=$B BIN=$BIN OPT="-O0 -g --coverage -DARENA_COVERAGE" all unit-bins
[ "${COVERAGE_ADD:-0}" = 1 ] || { rm -rf $B/per-test $B/lcov.err; : >$B/tests.log; }
echo "coverage: running the suites ($suites) against $BIN/arena; the log is $B/tests.log" >&2
set +e
# Every program the suite runs is this build's: arena and its kits ($BIN/kits beside $ARENA), the
# unit programs, the simulator's shared library ($B/lib/libarena.so, which the Python SDK loads by
# ARENA_LIB) and the static library the e2e checks link examples with (tests/e2e/lib.sh, by
# COVERAGE_BUILD), so none of them measures, or needs, the regular build.
COVERAGE_BUILD=$B TEST_HOOK=scripts/coverage_hook.sh ARENA=$(pwd)/$BIN/arena UNIT_DIR=$B/tests/unit \
  ARENA_LIB=$(pwd)/$B/lib/libarena.so nice tests/run.sh $suites >>$B/tests.log 2>&1
suite_status=$?
set -e
tail -n 1 $B/tests.log >&2
[ $suite_status -eq 0 ] || { grep '^not ok' $B/tests.log >&2 || true; }
BR="--rc lcov_branch_coverage=1"
adds=""
for f in $B/per-test/*.info; do [ -s "$f" ] && adds="$adds -a $f"; done
# shellcheck disable=SC2086
lcov -q $BR $adds --output-file $B/all.info 2>>$B/lcov.err
lcov -q $BR --extract $B/all.info "$(pwd)/src/*" --output-file $B/coverage.info 2>>$B/lcov.err
genhtml -q $BR --prefix "$(pwd)" --title "Arena: make coverage" --output-directory $B/html $B/coverage.info \
  2>>$B/lcov.err >/dev/null
echo "coverage: HTML report in $B/html/index.html" >&2
python3 scripts/coverage_table.py $B/coverage.info
