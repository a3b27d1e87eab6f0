#!/bin/sh
# test_stress.sh: the whole suite N times (default 3) with a CPU hog on every core (make test-stress;
# docs/testing.md). A test that passes only on a quiet machine fails here: every run must pass.
# Prints each run's "N passed, N failed" line and its minutes, then a summary line
#   test-stress: RUNS runs, PASSED passed, FAILED failed, MINUTES minutes
# and keeps each run's output in build/stress/run-K.log. Exit status 0 when every run passed.
# Usage: scripts/test_stress.sh [N] [SUITE...]   (suites or single programs as tests/run.sh takes
# them; default all of make test's). make test-stress N=1 SUITES="tests/e2e/test_chicken.sh"
set -u
cd "$(dirname "$0")/.."
runs=${1:-3}
[ $# -gt 0 ] && shift
mkdir -p build/stress
hogs=""
cores=$(nproc)
i=0
while [ $i -lt "$cores" ]; do
  # a busy loop at the same priority as the tests: they get half a core each at best. It checks
  # now and then that this script is alive, so a hog outlives it by a moment at most, even when
  # the script is killed with SIGKILL and its trap cannot run (orphaned hogs once ran for hours).
  sh -c 'while kill -0 "$1" 2>/dev/null; do i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done; done' hog $$ &
  hogs="$hogs $!"
  i=$((i + 1))
done
stop_hogs() { for p in $hogs; do kill "$p" 2>/dev/null; done; }
trap stop_hogs EXIT INT TERM
echo "test-stress: $runs runs of the suite with $cores CPU hogs (pids$hogs)"
passed=0
failed=0
start=$(date +%s)
k=1
while [ $k -le "$runs" ]; do
  t0=$(date +%s)
  if tests/run.sh "$@" >"build/stress/run-$k.log" 2>&1; then
    passed=$((passed + 1))
    verdict=passed
  else
    failed=$((failed + 1))
    verdict=FAILED
  fi
  echo "run $k: $verdict: $(tail -n 1 "build/stress/run-$k.log") ($(( ($(date +%s) - t0 + 30) / 60 )) minutes)"
  grep '^not ok' "build/stress/run-$k.log" | sed 's/^/  /'
  k=$((k + 1))
done
minutes=$(( ($(date +%s) - start + 30) / 60 ))
echo "test-stress: $runs runs, $passed passed, $failed failed, $minutes minutes"
[ "$failed" -eq 0 ]
