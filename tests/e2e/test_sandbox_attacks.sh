# test_sandbox_attacks.sh: the attack suite under --sandbox on: every attack bot of
# tests/bots/attacks on every transport (see tests/bots/attacks/suite.py and docs/sandbox.md).
exec python3 tests/bots/attacks/suite.py --arena "${ARENA:-$(pwd)/bin/arena}"
