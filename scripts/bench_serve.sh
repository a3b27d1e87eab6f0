#!/bin/sh
# bench_serve.sh: the competition server's figures (docs/benchmarks.md, "The competition server"):
# upload to validation and to the first five ladder games, ladder games per hour against
# `arena tourney` on the same workers, latency with 100 concurrent loopback clients while the
# ladder plays and uploads arrive, the fairness of the ladder (40 teams, 2 workers), and memory at
# 1,000 teams and 100,000 stored games. Loopback only; every part is bounded (scripts/bench_serve.py).
# Usage: scripts/bench_serve.sh    (JOBS=2 WINDOW=60 LOAD_S=30 FAIR_GAMES=1500 MEM_GAMES=100000 PARTS="...")
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== serve: $(uptime | sed 's/.*load average/load average/'), $(nproc) cores"
LIBS="-ljansson -lsqlite3 -lsodium -lpng -lz -lm -lpthread"
# shellcheck disable=SC2086
cc -O2 -std=c11 -D_GNU_SOURCE -I/usr/include/postgresql -Isrc -o "$tmp/bench_serve" scripts/bench_serve.c build/libarena.a $LIBS
python3 scripts/bench_serve.py "$tmp/bench_serve"
