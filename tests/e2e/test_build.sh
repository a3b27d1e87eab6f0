# test_build.sh: the Makefile's own promises. On a new machine `make -j` installs the packages
# (scripts/deps.sh) before it compiles anything: every compile waits for `deps` (an order-only
# prerequisite); before, objects were compiled beside the apt-get and failed for want of jansson.h.
. tests/e2e/lib.sh
if [ -n "${ASAN_OPTIONS:-}" ]; then
  # make sanitize: the Makefile's scratch build here compiles with its own flags and runs nothing of
  # the build under test; make test has run it
  echo "# skipped (not counted): the Makefile's own promises under make sanitize (make test checks them)"
  exit 0
fi

compiles_wait_for_deps() {
  # a slow "install" and a compiler that refuses to run before it is over, in a scratch build
  printf '#!/bin/sh\nsleep 1\ntouch "%s/installed"\n' "$T_TMP" >"$T_TMP/deps"
  printf '#!/bin/sh\n[ -f "%s/installed" ] || { echo "compiled before the packages were installed: $*" >&2; exit 1; }\nexec cc "$@"\n' \
    "$T_TMP" >"$T_TMP/cc"
  chmod +x "$T_TMP/deps" "$T_TMP/cc"
  b=$T_TMP/build
  make -j4 -s BUILD="$b" BIN="$T_TMP/bin" DEPS_SCRIPT="$T_TMP/deps" CC="$T_TMP/cc" \
    "$b/obj/core/buf.o" "$b/obj/core/clock.o" "$b/pic/core/text.o" "$b/tests/fail_malloc.so" || return 1
  [ -f "$b/obj/core/buf.o" ] && [ -f "$b/pic/core/text.o" ] && [ -f "$b/tests/fail_malloc.so" ]
}
t_step "make -j compiles nothing before scripts/deps.sh has installed the packages" compiles_wait_for_deps

t_done
