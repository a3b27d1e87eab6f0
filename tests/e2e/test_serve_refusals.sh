#!/bin/sh
# test_serve_refusals.sh: every refusal of `arena serve` with its status and its words, and a store
# failing under a request (tests/e2e/serve_refusals.py drives a real server on a loopback port).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_refusals.py
