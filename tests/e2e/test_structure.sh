# test_structure.sh: the shape of the code that the docs promise: folders whose files call each
# other in one direction only (scripts/callgraph.py reads the compiled objects).
. tests/e2e/lib.sh
# the objects of the build under test (make sanitize points UNIT_DIR at build-asan/tests/unit)
OBJ=$(dirname "$(dirname "${UNIT_DIR:-build/tests/unit}")")/obj

sandbox_has_no_call_cycle() {
  # util.c is the bottom (it calls nothing else in the folder); the layer files call only it.
  python3 scripts/callgraph.py "$OBJ/sandbox" --src src/sandbox --bottom util --layers ns,netns,landlock,seccomp,cgroup
}
if [ -d "$OBJ/sandbox" ]; then
  t_step "src/sandbox: no call cycle; util.c at the bottom; layer files never call each other" sandbox_has_no_call_cycle
else
  echo "# skipped: no objects in $OBJ/sandbox (build first)"
fi
t_done
