#!/bin/sh
# kill_worker.sh MARKER kits=KITS: the first of these bots to create the directory MARKER (mkdir is
# atomic, so exactly one wins even with several workers) kills the process that started it (the
# tournament worker playing the match), leaving a sleeping orphan behind; every other run plays
# as the starter-kit random bot of the kits folder KITS (the build under test's). Simulates a
# worker that crashes in the middle of a match. KITS comes as kits=KITS, a word that names no file:
# on PostgreSQL a tournament packs every file or folder its entrant names to travel in the store,
# and an entrant naming two is refused.
if mkdir "$1" 2>/dev/null; then
  kill -KILL "$PPID"
  while :; do sleep 1; done
fi
exec "${2#kits=}/rising_tide/random_rizhao"
