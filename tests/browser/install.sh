#!/bin/sh
# Installs the browser tests' one npm package (playwright-core, pinned in package-lock.json) when it
# is missing. No browser is ever downloaded: the tests drive Debian's /usr/bin/chromium
# (scripts/deps.sh browser installs it), playwright-core has no install step, and scripts are off.
set -eu
cd "$(dirname "$0")"
[ -f node_modules/playwright-core/package.json ] && exit 0
if ! command -v npm >/dev/null 2>&1; then
  echo "browser tests: npm is missing; install it with: scripts/deps.sh browser (as root)" >&2
  exit 1
fi
echo "browser tests: installing playwright-core from package-lock.json" >&2
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
