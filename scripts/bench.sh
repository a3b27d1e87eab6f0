#!/bin/sh
# Prints every benchmark figure recorded in docs/benchmarks.md, measured on this machine now.
set -eu
cd "$(dirname "$0")/.."
echo "== $(date -u +%Y-%m-%d) $(uname -m), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
bin/arena bench rising_tide --bot pass_perth --games 5000
bin/arena bench rising_tide --bot random_rizhao --games 5000
bin/arena bench rising_tide --referee --games 50
for s in scripts/bench_*.sh; do [ -x "$s" ] && "$s"; done
exit 0
