#!/bin/sh
# test_serve_builds.sh: uploads built in the sandbox or found by their shape, and what their check
# games say (tests/e2e/serve_builds.py drives a real Rising Tide server with one local worker).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_builds.py
