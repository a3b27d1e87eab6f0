#!/bin/sh
# A Rising Tide seat that passes, is late on its 3rd question (sleeps past the soft limit) and exits
# with status 3 on its 7th: a replay with late and crash verdicts for the viewer's timeline.
n=0
while read -r line; do
  if [ "$line" = go ]; then
    n=$((n + 1))
    [ $n = 3 ] && sleep 0.6
    [ $n = 7 ] && exit 3
    echo pass
  fi
done
