#!/bin/sh
# test_serve_final_crash.sh: a final killed between its stages finishes at the restart
# (tests/e2e/serve_final_crash.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_final_crash.py
