#!/bin/sh
# test_serve_flow.sh: a competition from upload to ladder, and a kill -9 in the middle of it
# (tests/e2e/serve_flow.py drives a real server with two local workers).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_flow.py
