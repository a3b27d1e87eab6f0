#!/bin/sh
# probe.sh: a Rising Tide bot that says what its sandbox looks like, as # comment lines (the
# event log keeps them), then passes every round. An argument `sleep` makes it sleep instead.
echo "# cwd=$(pwd)"
echo "# home=$HOME"
echo "# secret=${ARENA_E2E_SECRET:-none}"
echo "# extra=${EXTRA:-none}"
echo "# files=$(ls -A | wc -l)"
[ "${1:-}" = sleep ] && exec sleep 300
while read -r line; do
  case "$line" in
  go) echo pass ;;
  end*) exit 0 ;;
  esac
done
