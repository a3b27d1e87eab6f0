#!/bin/sh
# test_serve_final.sh: the freeze and the final tournament (tests/e2e/serve_final.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_final.py
