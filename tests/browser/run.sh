#!/bin/sh
# The browser suite of tests/run.sh: the web viewer, then `arena serve`'s pages, in headless Chromium
# (Debian's chromium driven by playwright-core). Prints one ok / not ok line per check. ARENA is the
# binary under test. The server's tests run niced (they start a server, workers and games on a
# machine others share), each file within its own time limit.
# Usage: sh tests/browser/run.sh [NAME...] (NAME: common, game_chicken, serve_story, ...; default all)
#
# Two lanes side by side: the viewer's tests, then test_serve_story.mjs (the longest, about half of
# the server's tests) in one; the other server tests one after another in the other. Each server
# test has its own server, store, workers, browser and folder, and they mostly wait (on pages,
# servers and games: one after another the suite took 327 to 402 s of CI's wall time for 188 to
# 228 s of CPU).
# Each part's lines are kept and printed whole, in the order they ran in one after another: the
# viewer's, then the server's files by name.
set -u
cd "$(dirname "$0")/../.."
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] || ! command -v node >/dev/null 2>&1; then
  echo "not ok - browser: chromium or node is missing (install them with: scripts/deps.sh browser)"
  exit 1
fi
if ! sh tests/browser/install.sh; then
  echo "not ok - browser: playwright-core could not be installed (tests/browser/install.sh)"
  exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
wanted() { # wanted NAME: true when no NAME was given or NAME is one of them
  [ -z "$names" ] && return 0
  for n in $names; do [ "$n" = "$1" ] && return 0; done
  return 1
}
names="$*"
part() { # part KEY LIMIT ARGS...: one run of run.mjs, its lines in $out/KEY.out and .err, status in .rc
  key=$1 limit=$2
  shift 2
  timeout "$limit" "$@" >"$out/$key.out" 2>"$out/$key.err"
  echo $? >"$out/$key.rc"
}
serve=$(cd tests/browser && ls test_serve_*.mjs | sed 's/^test_//; s/\.mjs$//')
(
  part viewer 300 node tests/browser/run.mjs "$@"
  ! wanted serve_story || part serve_story 600 nice -n 10 node tests/browser/run.mjs --serve serve_story
) &
lane=$!
for s in $serve; do
  [ "$s" = serve_story ] || ! wanted "$s" || part "$s" 600 nice -n 10 node tests/browser/run.mjs --serve "$s"
done
wait $lane
status=0
for key in viewer $serve; do
  [ -f "$out/$key.rc" ] || continue
  cat "$out/$key.out"
  cat "$out/$key.err" >&2
  [ "$(cat "$out/$key.rc")" -eq 0 ] || status=1
  # a part that ended without its summary line (killed at its time limit, or node itself failed)
  if [ "$(cat "$out/$key.rc")" -ne 0 ] && ! grep -q '^not ok' "$out/$key.out"; then
    echo "not ok - browser $key: exited with status $(cat "$out/$key.rc")"
  fi
done
exit $status
