# lib.sh: helpers for end-to-end tests that drive bin/arena like a user.
# Each test is a step: t_step "name" COMMAND...; it prints "ok - name" or "not ok - name".
set -u
ARENA=${ARENA:-$(pwd)/bin/arena}
T_TMP=$(mktemp -d)
trap 'rm -rf "$T_TMP"' EXIT
t_fails=0
t_step() {
  name=$1; shift
  if ( "$@" ) >"$T_TMP/step.out" 2>&1; then
    echo "ok - $name"
  else
    echo "not ok - $name"
    sed 's/^/#   /' "$T_TMP/step.out" | tail -n 30
    t_fails=$((t_fails + 1))
  fi
}
t_done() { [ "$t_fails" -eq 0 ]; }
# expect_eq ACTUAL EXPECTED [what]
expect_eq() {
  if [ "$1" != "$2" ]; then echo "expected ${3:-value} '$2', got '$1'"; return 1; fi
}
# expect_contains FILE TEXT
expect_contains() {
  if ! grep -qF -- "$2" "$1"; then echo "$1 does not contain: $2"; echo "--- $1:"; head -c 3000 "$1"; return 1; fi
}
