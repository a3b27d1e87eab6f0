#!/bin/sh
# test_serve_final_failed.sh: a final whose games fail, and one played again (tests/e2e/serve_final_failed.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_final_failed.py
