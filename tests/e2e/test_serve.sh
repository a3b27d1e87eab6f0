#!/bin/sh
# test_serve.sh: `arena serve` end to end: accounts, teams, settings, the API's refusals
# (tests/e2e/serve_basic.py drives a real server on a loopback port).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_basic.py
