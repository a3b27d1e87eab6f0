# lib.sh: helpers for end-to-end tests that drive bin/arena like a user.
# Each test is a step: t_step "name" COMMAND...; it prints "ok - name" or "not ok - name".
set -u
ARENA=${ARENA:-$(pwd)/bin/arena}
# The build under test, as tests/run.sh's caller sets it: the starter-kit programs beside $ARENA
# (bin/kits; make sanitize: bin-asan/kits; make coverage: bin-cov/kits), and the static library a
# test links a program with, with the flags that link needs (make coverage: build-cov/libarena.a,
# --coverage; otherwise build/libarena.a).
KITS=$(dirname "$ARENA")/kits
LIBARENA_A=${COVERAGE_BUILD:-build}/libarena.a
LIBARENA_LDFLAGS=${COVERAGE_BUILD:+--coverage}
T_TMP=$(mktemp -d)
trap 'rm -rf "$T_TMP"' EXIT
t_fails=0
# A step that takes 10 s or more (T_SLOW_STEP seconds: T_SLOW_STEP=1 times every step) says so on a
# comment line after its result, with the CPU time of its processes (all but a daemon's, such as
# PostgreSQL's): the CI time is kept under its aim by finding the slow steps, and a step that waits
# (wall time far above its CPU time) is cut differently from one that computes.
t_cpu() { awk 'NR == 2 { gsub(/[ms]/, " "); printf "%.0f", $1 * 60 + $2 + $3 * 60 + $4 }' "$T_TMP/.times"; }
t_step() {
  name=$1; shift
  _t0=$(date +%s)
  times >"$T_TMP/.times"
  _c0=$(t_cpu)
  if ( "$@" ) >"$T_TMP/step.out" 2>&1; then
    echo "ok - $name"
  else
    echo "not ok - $name"
    sed 's/^/#   /' "$T_TMP/step.out" | tail -n 30
    t_fails=$((t_fails + 1))
  fi
  _t1=$(date +%s)
  [ $((_t1 - _t0)) -lt "${T_SLOW_STEP:-10}" ] || { times >"$T_TMP/.times"; echo "# slow step: $((_t1 - _t0)) s (CPU $(($(t_cpu) - _c0)) s)"; }
}
t_done() { [ "$t_fails" -eq 0 ]; }
# t_step_if CONDITION WHY "name" COMMAND...: t_step when the shell command CONDITION succeeds;
# otherwise the step is skipped, said with WHY, and not counted (a step that returned 0 after
# "skipped" counted as passed).
t_step_if() {
  _cond=$1 _why=$2; shift 2
  if eval "$_cond"; then t_step "$@"; else echo "# skipped (not counted): $1: $_why"; fi
}
# mount_ns_here: whether a user and mount namespace of our own can mount a tmpfs (full-disk tests)
mount_ns_here() {
  mkdir -p "$T_TMP/.mount_probe" && unshare -rm sh -c "mount -t tmpfs -o size=4k tmpfs '$T_TMP/.mount_probe'" 2>/dev/null
}
# t_step_unprivileged "name" COMMAND...: t_step with $AS set to what runs a command as an
# unprivileged user (nobody) when the tests run as root, who writes anywhere; empty otherwise. As
# root without setpriv the step cannot run: it is skipped, and not counted.
t_step_unprivileged() {
  AS=""
  if [ "$(id -u)" -eq 0 ]; then
    if ! command -v setpriv >/dev/null; then
      echo "# skipped (not counted): $1: as root, it needs setpriv (util-linux) to run as nobody"
      return 0
    fi
    AS="setpriv --reuid=65534 --regid=65534 --clear-groups"
  fi
  t_step "$@"
}
# expect_eq ACTUAL EXPECTED [what]
expect_eq() {
  if [ "$1" != "$2" ]; then echo "expected ${3:-value} '$2', got '$1'"; return 1; fi
}
# wait_until SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds (then 0) or the time is up (1)
wait_until() {
  _t=$(($1 * 10)); shift
  while [ $_t -gt 0 ]; do "$@" && return 0; sleep 0.1; _t=$((_t - 1)); done
  return 1
}
# expect_contains FILE TEXT
expect_contains() {
  if ! grep -qF -- "$2" "$1"; then echo "$1 does not contain: $2"; echo "--- $1:"; head -c 3000 "$1"; return 1; fi
}
