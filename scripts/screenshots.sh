#!/bin/sh
# Takes the viewer screenshots of docs/img/ (one per game this arena knows) in headless Chromium.
# Usage: scripts/screenshots.sh [GAME...]   (ARENA_PLAY=path/to/arena to play with another build)
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh browser
tests/browser/install.sh
exec node tests/browser/screenshots.mjs "$@"
