#!/bin/sh
# The browser suite of tests/run.sh: the web viewer in headless Chromium (Debian's chromium driven by
# playwright-core). Prints one ok / not ok line per check. ARENA is the binary under test.
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
exec timeout 300 node tests/browser/run.mjs "$@"
