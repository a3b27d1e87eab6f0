#!/bin/sh
# test_serve_attacks.sh: the competition server's attack suite (tests/e2e/serve_attacks.py): each
# attack its own test that fails if the attack works, against a running server.
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_attacks.py
