#!/bin/sh
# kill_worker.sh MARKER: kills the process that started it (the tournament worker playing the
# match) the first time, leaving a sleeping orphan behind; once MARKER exists it plays as the
# starter-kit random bot. Simulates a worker that crashes in the middle of a match.
if [ ! -e "$1" ]; then
  : >"$1"
  kill -KILL "$PPID"
  while :; do sleep 1; done
fi
exec bin/kits/rising_tide/random_rizhao
