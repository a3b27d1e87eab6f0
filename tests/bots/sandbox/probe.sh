#!/bin/sh
# probe.sh: a Rising Tide bot that says what its sandbox looks like, as # comment lines (the
# event log keeps them), then passes every round. `sleep MARKER` makes it sleep instead, in a shell
# whose command line holds MARKER (so a test can find the seat's process).
echo "# cwd=$(pwd)"
echo "# home=$HOME"
echo "# secret=${ARENA_E2E_SECRET:-none}"
echo "# extra=${EXTRA:-none}"
echo "# files=$(ls -A | wc -l)"
[ "${1:-}" = sleep ] && exec sh -c 'sleep 300; :' "${2:-}"
while read -r line; do
  case "$line" in
  go) echo pass ;;
  end*) exit 0 ;;
  esac
done
