# test_layers.sh: within each source folder, files form layers: no call cycle between files (a file
# calls only files below it; scripts/file_cycles.py reads who defines and who uses each symbol from
# the object files). Every folder under src/ is checked except the ones in KNOWN_CYCLES, which
# still have a cycle to remove.
. tests/e2e/lib.sh
# Known cycles, to be removed (then the folder leaves this list):
#   src/games/chicken: chk_bots.c <-> chk_search.c;  src/games/splitter: spl_log.c <-> spl_rules.c
KNOWN_CYCLES="src/games/chicken src/games/splitter"
# The objects of the build whose unit tests run (make sanitize: build-asan).
OBJ=$(dirname "$(dirname "${UNIT_DIR:-build/tests/unit}")")/obj

if [ -n "${ASAN_OPTIONS:-}" ]; then
  # make sanitize: this program runs no program of the build under test (nm and Python read object
  # files), and the ASan objects are compiled from the same sources as the plain ones make test
  # checks (the same 394 lines of --graph output for every folder, docs/testing.md): it would only
  # repeat make test's check, 17 to 45 s of a CI program's place.
  echo "# skipped (not counted): the call-cycle check under make sanitize (make test checks the same sources)"
  exit 0
fi
if ! command -v nm >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "# skipped (not counted): no_call_cycle needs nm and python3"
  exit 0
fi

# The checker itself: two files calling each other are a cycle, a file below another is not.
checker_finds_a_cycle() {
  mkdir -p "$T_TMP/src/x" "$T_TMP/obj/x" || return 1
  printf 'int b(int);\nint a(int n) { return n ? b(n - 1) : 0; }\n' >"$T_TMP/src/x/a.c"
  printf 'int a(int);\nint b(int n) { return n ? a(n - 1) : 1; }\n' >"$T_TMP/src/x/b.c"
  printf 'int a(int);\nint c(void) { return a(3); }\n' >"$T_TMP/src/x/c.c"
  for f in a b c; do ${CC:-cc} -c -o "$T_TMP/obj/x/$f.o" "$T_TMP/src/x/$f.c" || return 1; done
  if python3 scripts/file_cycles.py --src "$T_TMP/src" --obj "$T_TMP/obj" "$T_TMP/src/x" >"$T_TMP/cyc.out"; then
    cat "$T_TMP/cyc.out"; return 1
  fi
  expect_contains "$T_TMP/cyc.out" "files calling each other: a.c b.c" || return 1
  rm "$T_TMP/src/x/b.c" # b.o stays behind, stale: it must not count
  printf 'int b(int n) { return n; }\n' >"$T_TMP/src/x/d.c"
  ${CC:-cc} -c -o "$T_TMP/obj/x/d.o" "$T_TMP/src/x/d.c" || return 1
  python3 scripts/file_cycles.py --src "$T_TMP/src" --obj "$T_TMP/obj" "$T_TMP/src/x"
}
t_step "no_call_cycle_checker_finds_a_cycle" checker_finds_a_cycle

if [ ! -d "$OBJ/core" ]; then
  echo "# skipped (not counted): no_call_cycle: no objects in $OBJ (run make first)"
  t_done
  exit
fi
folders=""
for d in $(find src -type d | sort); do
  ls "$d"/*.c >/dev/null 2>&1 || continue
  case " $KNOWN_CYCLES " in *" $d "*) continue ;; esac
  folders="$folders $d"
done
# one "ok/not ok - no_call_cycle FOLDER" line per folder
python3 scripts/file_cycles.py --obj "$OBJ" $folders || t_fails=$((t_fails + 1))
# The sandbox's shape (docs/sandbox.md): util.c is the bottom (it calls nothing else in the folder)
# and the layer files call only it, never each other.
sandbox_layers() {
  python3 scripts/file_cycles.py --obj "$OBJ" --graph src/sandbox >"$T_TMP/sbx.graph" || { cat "$T_TMP/sbx.graph"; return 1; }
  layers="ns.c netns.c landlock.c seccomp.c cgroup.c"
  bad=$(sed -n 's/^# src\/sandbox: \([a-z_]*\.c\) -> \([a-z_]*\.c\):.*/\1 \2/p' "$T_TMP/sbx.graph" | while read -r from to; do
    [ "$from" = util.c ] && echo "util.c calls $to"
    case " $layers " in *" $from "*) [ "$to" = util.c ] || echo "$from calls $to" ;; esac
  done)
  [ -z "$bad" ] || { echo "$bad"; return 1; }
}
t_step "src/sandbox: util.c at the bottom; the layer files call only it" sandbox_layers
for d in $KNOWN_CYCLES; do # a cycle removed: say so, so the folder gets checked from then on
  [ -d "$d" ] && python3 scripts/file_cycles.py --obj "$OBJ" "$d" >/dev/null 2>&1 &&
    echo "# $d has no call cycle any more: take it off KNOWN_CYCLES in tests/e2e/test_layers.sh"
done
t_done
