#!/bin/sh
# test_serve_api_doc.sh: docs/serve.md's API tables against a running `arena serve`: each row's
# capability, its 201s and the keys of the replies it spells out (tests/e2e/serve_api_doc.py).
cd "$(dirname "$0")/../.." && exec python3 tests/e2e/serve_api_doc.py
