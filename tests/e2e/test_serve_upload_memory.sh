#!/bin/sh
# test_serve_upload_memory.sh: uploads go to a file as they arrive, not into the server's memory
# (tests/e2e/serve_upload_memory.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_upload_memory.py
