#!/bin/sh
# Installs the Debian packages a make target needs, when they are missing.
# Usage: scripts/deps.sh build|test|browser|coverage
# Run as root it installs them (apt-get update once, then apt-get install -y); otherwise it
# prints the exact command to run and fails. Nothing is downloaded from anywhere else.
set -eu
want=${1:-build}
missing=""
need() { # need PACKAGE TEST...
  pkg=$1; shift
  if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
has_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/include/x86_64-linux-gnu/$1" ] || \
  find /usr/include -maxdepth 2 -name "$(basename "$1")" 2>/dev/null | grep -q .; }

need gcc command -v cc
need make command -v make
need libjansson-dev has_header jansson.h
need libsqlite3-dev has_header sqlite3.h
need libpng-dev has_header png.h
need zlib1g-dev has_header zlib.h
need libpq-dev has_header libpq-fe.h
need libarchive-dev has_header archive.h
need libsodium-dev has_header sodium.h
need libmicrohttpd-dev has_header microhttpd.h
need python3 command -v python3
if [ "$want" = test ] || [ "$want" = browser ]; then
  need valgrind command -v valgrind
  need clang command -v clang
  need libclang-rt-14-dev sh -c 'ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.a'
  # the simulator's Python module is tested with and without numpy (tests/python/test_sim_numpy.py)
  need python3-numpy /usr/bin/python3 -c 'import numpy'
  # the store's tests start their own PostgreSQL cluster and one-node Slurm (docs/scale.md)
  need postgresql sh -c 'ls /usr/lib/postgresql/*/bin/initdb'
  need slurm-wlm command -v slurmctld
  need munge command -v munged
fi
if [ "$want" = coverage ]; then
  need lcov command -v genhtml
fi
if [ "$want" = browser ]; then
  need chromium command -v chromium
  need nodejs command -v node
  need npm command -v npm
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "deps: installing missing Debian packages:$missing" >&2
  stamp=/tmp/.arena-apt-updated
  if [ ! -f "$stamp" ]; then apt-get update -q >&2 && touch "$stamp"; fi
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >&2
  exit 0
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: install them with: sudo apt-get install -y$missing" >&2
exit 1
