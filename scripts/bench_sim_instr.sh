#!/bin/sh
# bench_sim_instr.sh: instructions per turn of the simulator next to the engine-only loop, counted
# by callgrind (deterministic: the same on a loaded machine as on a quiet one), for the "batched
# API >= 90% of the engine-only rate" gap (docs/benchmarks.md, "Simulator"); and with THREADS=2,
# each thread's instructions in a batched step (the balance of the work between the threads).
# The last column counts arena_sample + arena_step with seat 0 an agent and the other seats the
# game's bot: the batched side of bench_sim.py's "10x a Python loop" comparison.
#   scripts/bench_sim_instr.sh [GAME...]     default: chicken splitter suitebot rising_tide
# Builds scripts/bench_sim_instr.c against build/libarena.a (run `make` first). Without valgrind it
# says so and skips.
set -eu
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null 2>&1; then
  echo "skipped: valgrind is not installed"
  exit 0
fi
GAMES=${*:-chicken splitter suitebot rising_tide}
BATCH=${BATCH:-64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -g -std=c11 -D_GNU_SOURCE -Isrc -o "$tmp/instr" scripts/bench_sim_instr.c src/cli/bench_engine.c \
  build/libarena.a -ljansson -lm -lpthread
# total instructions counted (inside the toggled functions) of a callgrind output file
ir() { sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$1" | head -1; }
# instructions per unit: cg OUT WHAT -- command...; prints Ir / the count the command prints
cg() {
  out=$1 what=$2
  shift 3
  n=$(nice valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="$what" "$@" 2>/dev/null)
  echo "$(ir "$out") $n" | awk '{ printf "%.1f", $1 / $2 }'
}
# the same, counting arena_sample and arena_step: cgs OUT -- command...
cgs() {
  out=$1
  shift 2
  n=$(nice valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=arena_step \
    --toggle-collect=arena_sample "$@" 2>/dev/null)
  echo "$(ir "$out") $n" | awk '{ printf "%.1f", $1 / $2 }'
}
printf '%-12s %14s %14s %8s %16s %14s\n' game "engine Ir/turn" "sim Ir/turn" ratio "agents Ir/step" "gym Ir/step"
for g in $GAMES; do
  case $g in rising_tide) games=200 steps=300 ;; suitebot) games=40 steps=300 ;; rezzo) games=2 steps=40 ;; *) games=4000 steps=5000 ;; esac
  e=$(cg "$tmp/e.out" bench_engine_games -- "$tmp/instr" engine "$g" "$games")
  s=$(cg "$tmp/s.out" arena_step -- "$tmp/instr" bots "$g" "$BATCH" "$steps")
  a=$(cg "$tmp/a.out" arena_step -- "$tmp/instr" agents "$g" "$BATCH" "$((steps / 4))" 1)
  # seat 0 an agent, the others the bot: sample + step, the batched side of the Gymnasium-shaped loop
  y=$(cgs "$tmp/y.out" -- "$tmp/instr" gym "$g" "$BATCH" "$((steps / 4))")
  printf '%-12s %14s %14s %8s %16s %14s\n' "$g" "$e" "$s" "$(echo "$e $s" | awk '{ printf "%.3f", $1 / $2 }')" "$a" "$y"
done
if [ "${THREADS:-1}" -gt 1 ]; then
  # the threads' shares of a batched step (agents, batch 4096): each thread's instructions in the
  # checks, the steps and the samples, without the spinning of the pool
  for g in $GAMES; do
    nice valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$tmp/t.out" \
      --toggle-collect=sim_play_steps --toggle-collect=sim_play_check --toggle-collect=sim_play_sample \
      "$tmp/instr" agents "$g" 4096 6 "$THREADS" >/dev/null 2>&1
    printf '%-12s threads=%s, Ir per thread:' "$g" "$THREADS"
    for f in "$tmp"/t.out-*; do printf ' %s' "$(ir "$f")"; done
    echo
    rm -f "$tmp"/t.out-*
  done
fi
