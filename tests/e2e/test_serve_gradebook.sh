#!/bin/sh
# test_serve_gradebook.sh: the final's CSV read as a gradebook reads it (tests/e2e/serve_gradebook.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_gradebook.py
