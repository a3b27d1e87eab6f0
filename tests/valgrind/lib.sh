# lib.sh: what the valgrind suite's programs share (sourced): arena under valgrind, and vg, which
# fails a step on any memory error or definite leak. The suite (make valgrind, tests/run.sh
# valgrind) is tests/valgrind/test_*.sh, in two programs so that two can run at a time.
. tests/e2e/lib.sh
VG="valgrind --error-exitcode=97 --leak-check=full --errors-for-leak-kinds=definite --track-fds=no -q"
A="$VG $(pwd)/bin/arena"
P=builtin:pass_perth
BOT="python3 tests/bots/rising_tide/misbehave.py"
LIMITS="--move-ms 2000 --hard-ms 8000 --startup-ms 10000"

vg() { # vg NAME ARGS...: run arena under valgrind; exit 97 means valgrind found errors
  name=$1; shift
  $A "$@" >"$T_TMP/out" 2>"$T_TMP/err"
  rc=$?
  if [ $rc -eq 97 ] || grep -q "definitely lost\|Invalid read\|Invalid write\|uninitialised" "$T_TMP/err"; then
    grep -v '^--[0-9]*-- ' "$T_TMP/err"; return 1
  fi
  return 0
}
