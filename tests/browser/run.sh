#!/bin/sh
# The browser suite of tests/run.sh: the web viewer, then `arena serve`'s pages, in headless Chromium
# (Debian's chromium driven by playwright-core). Prints one ok / not ok line per check. ARENA is the
# binary under test. The server's tests run niced (they start a server, workers and games on a
# machine others share), each group within its own time limit.
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
status=0
timeout 300 node tests/browser/run.mjs "$@" || status=1
timeout 900 nice -n 10 node tests/browser/run.mjs --serve "$@" || status=1
exit $status
