#!/bin/sh
# coverage_hook.sh: tests/run.sh's TEST_HOOK under make coverage: before each test program the
# coverage counters are zeroed; after it, what the program covered is kept as
# build-cov/per-test/NAME.info (lcov) with its run time in NAME.seconds, read from both
# compilations of src/: build-cov/obj (arena, the kits, the unit programs) and build-cov/pic (the
# simulator's libarena.so, which the Python tests load); lcov adds up a file's counts from both.
# scripts/coverage.sh adds them up; scripts/mutate.py picks from them the fastest tests that cover
# a file.
set -eu
B=${COVERAGE_BUILD:-build-cov}
mkdir -p "$B/per-test"
case $1 in
start)
  find "$B" -name '*.gcda' -delete
  date +%s.%N >"$B/per-test/$2.start"
  ;;
end)
  python3 -c 'import sys, time; print("%.2f" % (time.time() - float(open(sys.argv[1]).read())))' \
    "$B/per-test/$2.start" >"$B/per-test/$2.seconds"
  rm -f "$B/per-test/$2.start"
  lcov -q --rc lcov_branch_coverage=1 --capture --directory "$B/obj" --directory "$B/pic" --base-directory . \
    --output-file "$B/per-test/$2.info" 2>>"$B/lcov.err" || : >"$B/per-test/$2.info"
  ;;
esac
