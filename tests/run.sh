#!/bin/sh
# Runs every test suite and prints a TAP-style line per test, then "N passed, N failed".
# Usage: tests/run.sh [SUITE...]   suites: unit e2e python browser valgrind (default: unit python e2e browser),
# or single programs: tests/e2e/test_x.sh, tests/python/test_x.py, build/tests/unit/test_x.
# Environment: ARENA (the arena binary e2e tests drive, default bin/arena), UNIT_DIR (where the
# unit-test programs are, default build/tests/unit): `make sanitize` points both at ASan builds.
# JOBS: how many programs run at a time (default: the number of CPUs; 1 runs them one after
# another). Most programs wait (on processes, clocks, sandboxes) more than they compute, so two at a
# time on two cores take far less wall time. Each program's output is kept and printed whole, in
# the order the programs are listed, with its time and CPU time; a program whose source has a line with
# "run-alone:" (and the reason) runs after the others, with nothing beside it (docs/testing.md).
# TEST_HOOK: a command run as `$TEST_HOOK start NAME` before and `$TEST_HOOK end NAME` after each
# program (make coverage records each program's coverage with it); it implies JOBS=1.
# Each suite is a set of programs that print "ok - name" / "not ok - name" lines.
set -u
cd "$(dirname "$0")/.."
# A python3 on PATH that is a version manager's shim (pyenv's: a shell script that runs pyenv, which
# finds the version and execs it) costs 0.3 s a start against 0.03 s for the interpreter, and the
# programs start python3 thousands of times: the folder of the interpreter it runs goes first on
# PATH, so the same python3 starts directly.
py_dir=$(python3 -c 'import os, sys; print(os.path.dirname(os.path.realpath(sys.executable)))' 2>/dev/null) &&
  [ -n "$py_dir" ] && [ "$py_dir" != "$(dirname "$(command -v python3)")" ] && PATH="$py_dir:$PATH" && export PATH
suites=${*:-"unit python e2e browser"}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
[ -z "${TEST_HOOK:-}" ] || jobs=1
case $jobs in '' | *[!0-9]* | 0) jobs=1 ;; esac
times=${TEST_TIMES:-build/test-times} # "NAME SECONDS" of the last run, to start the longest first
seed=tests/start-times # the longest programs' rough times: the order of those it has no time for
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The programs that start a PostgreSQL cluster (tests/e2e/pg.sh) copy the data folder that the
# first of them makes with initdb here, instead of each running initdb (seconds each, under load)
ARENA_TEST_PGTEMPLATE="$out/pg-template"
export ARENA_TEST_PGTEMPLATE
start_all=$(date +%s)

# The programs, one a line: NAME KIND PATH (KIND says how to run PATH; see launch).
: >"$out/list"
add() { echo "$1 $2 $3" >>"$out/list"; }
{
  for suite in $suites; do
    case $suite in
    unit) for t in "${UNIT_DIR:-build/tests/unit}"/test_*; do [ -x "$t" ] && add "$(basename "$t")" bin "$t"; done ;;
    python) for t in tests/python/test_*.py; do [ -f "$t" ] && add "$(basename "$t")" py "$t"; done ;;
    e2e) for t in tests/e2e/test_*.sh; do [ -f "$t" ] && add "$(basename "$t")" sh "$t"; done ;;
    browser) add browser sh tests/browser/run.sh ;;
    valgrind) for t in tests/valgrind/test_*.sh; do [ -f "$t" ] && add "$(basename "$t")" sh "$t"; done ;;
    *.sh) if [ -f "$suite" ]; then add "$(basename "$suite")" sh "$suite"; else echo "not ok - no test $suite"; fi ;;
    *.py) if [ -f "$suite" ]; then add "$(basename "$suite")" py "$suite"; else echo "not ok - no test $suite"; fi ;;
    */test_*) if [ -x "$suite" ]; then add "$(basename "$suite")" bin "$suite"; else echo "not ok - no test $suite"; fi ;;
    *) echo "not ok - unknown suite $suite" ;;
    esac
  done
} >"$out/early"

# A background program of a non-interactive sh ignores SIGINT and SIGQUIT: in parallel, env gives
# them back (tests send them, and a Ctrl-C must stop every program as it does one at a time).
restore=""
[ "$jobs" -le 1 ] || restore="env --default-signal=INT,QUIT"
launch() { # launch KIND PATH: runs one program
  case $1 in
  bin) $restore "$2" ;;
  py) $restore python3 tests/python/tap.py "$2" ;;
  sh) $restore sh "$2" ;;
  esac
}
source_of() { # source_of KIND PATH: the file that says whether the program runs alone
  case $1 in
  bin) echo "tests/unit/$(basename "$2").c" ;;
  *) echo "$2" ;;
  esac
}
run_one() { # run_one I NAME KIND PATH: runs program I, keeping its output, status, time and CPU time
  t0=$(date +%s)
  # in a subshell of its own, whose `times` is then the program's CPU time (and its processes' that
  # it waited for: not a daemon's such as PostgreSQL's, nor the kernel's)
  (
    launch "$3" "$4" >"$out/$1.log" 2>"$out/$1.err"
    echo $? >"$out/$1.rc"
    times >"$out/$1.times"
  )
  echo $(($(date +%s) - t0)) >"$out/$1.time"
  : >"$out/$1.done"
}
report() { # report I NAME: prints a finished program's lines, its time, and its stderr if it failed
  cat "$out/$1.log"
  printf '# %s took %s s (CPU %s s)\n' "$2" "$(cat "$out/$1.time")" \
    "$(awk 'NR == 2 { gsub(/[ms]/, " "); printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }' "$out/$1.times" 2>/dev/null)"
  if [ "$(cat "$out/$1.rc")" -ne 0 ]; then
    grep -q '^not ok' "$out/$1.log" || echo "not ok - $2 (exited with status $(cat "$out/$1.rc"))"
    sed 's/^/#   stderr: /' "$out/$1.err" | tail -n 20
  fi
}
alone() { # alone KIND PATH: true when the program must not run beside another
  f=$(source_of "$1" "$2")
  [ -f "$f" ] && grep -q 'run-alone:' "$f"
}
serial() { # serial I NAME KIND PATH: runs one program by itself and prints it
  printf '# %s\n' "$2"
  [ -z "${TEST_HOOK:-}" ] || $TEST_HOOK start "$2" >&2
  run_one "$@"
  report "$1" "$2"
  [ -z "${TEST_HOOK:-}" ] || $TEST_HOOK end "$2" >&2
}

{
  cat "$out/early"
  if [ "$jobs" -le 1 ]; then
    n=0
    while read -r name kind path; do
      n=$((n + 1))
      serial $n "$name" "$kind" "$path" </dev/null
    done <"$out/list"
  else
    # Up to $jobs programs at a time, the longest first, by the times the last run kept in
    # $times; the programs it has no time for (all of them on a fresh clone) first of all, the
    # longest of them first by tests/start-times (each named there before the others, in the
    # list's order). Each is printed, in the order of the list, once it and every program listed
    # before it are done.
    : >"$out/par"
    : >"$out/later"
    n=0
    while read -r name kind path; do
      n=$((n + 1))
      if alone "$kind" "$path"; then echo "$n $name $kind $path" >>"$out/later"; else echo "$n $name $kind $path" >>"$out/par"; fi
    done <"$out/list"
    while read -r n name kind path; do
      t=$(awk -v n="$name" '$1 == n { t = $2 } END { print t }' "$times" 2>/dev/null)
      [ -n "$t" ] || t=$((1000000 + $(awk -v n="$name" '$1 == n { t = $2 } END { print t + 0 }' "$seed" 2>/dev/null || echo 0)))
      echo "$t $n $name $kind $path"
    done <"$out/par" | sort -s -k1,1nr >"$out/starts"
    total=$(wc -l <"$out/par")
    started=0 printed=0
    flush() {
      while [ $printed -lt "$total" ]; do
        set -- $(sed -n "$((printed + 1))p" "$out/par")
        [ -e "$out/$1.done" ] || break
        printf '# %s\n' "$2"
        report "$1" "$2"
        printed=$((printed + 1))
      done
    }
    while read -r t n name kind path; do
      while [ $((started - $(ls "$out" | grep -c '\.done$'))) -ge "$jobs" ]; do flush; sleep 0.2; done
      started=$((started + 1))
      run_one "$n" "$name" "$kind" "$path" </dev/null &
      flush
    done <"$out/starts"
    while [ $printed -lt "$total" ]; do flush; [ $printed -lt "$total" ] && sleep 0.2; done
    wait
    while read -r n name kind path; do
      printf '# (%s runs alone: nothing else runs beside it)\n' "$name"
      serial "$n" "$name" "$kind" "$path" </dev/null
    done <"$out/later"
  fi
} | tee "$out/all"
# keep this run's times (and the others' from before) for the next run's order
n=0
while read -r name kind path; do
  n=$((n + 1))
  [ -e "$out/$n.time" ] && echo "$name $(cat "$out/$n.time")"
done <"$out/list" >"$out/times"
if [ -s "$out/times" ] && mkdir -p "$(dirname "$times")" 2>/dev/null; then
  cp "$out/times" "$out/times.all"
  [ ! -f "$times" ] || awk 'NR == FNR { seen[$1] = 1; next } !($1 in seen)' "$out/times" "$times" >>"$out/times.all"
  cp "$out/times.all" "$times" 2>/dev/null
fi
passed=$(grep -c '^ok' "$out/all")
failed=$(grep -c '^not ok' "$out/all")
[ "$jobs" -le 1 ] || echo "# $jobs programs at a time: $(($(date +%s) - start_all)) s in all"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
