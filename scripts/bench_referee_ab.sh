#!/bin/sh
# bench_referee_ab.sh: the referee's per-move cost of two arena binaries, side by side in one run.
# Usage: scripts/bench_referee_ab.sh OLD_ARENA NEW_ARENA [ROUNDS] [GAME...]
# For each game (default: chicken splitter rezzo suitebot) it runs `arena bench GAME --referee
# --json` ROUNDS times (default 5) with each binary, alternating which goes first, and prints the
# medians of move_p50_us (with its range over the runs, to judge the noise), move_p99_us and
# pipe_p50_us (the raw pipe round trip measured in the same run: the floor) for each binary, and
# NEW/OLD of the move p50 and p99. Each binary needs its own
# bin/kits next to it (the bench's process seats are its starter-kit bots).
set -eu
# make bench runs every scripts/bench_*.sh without arguments: this one needs two builds
[ $# -eq 0 ] && { echo "# bench_referee_ab.sh: skipped (it compares two builds: OLD_ARENA NEW_ARENA)"; exit 0; }
[ $# -ge 2 ] || { sed -n '2,8p' "$0"; exit 2; }
old=$1 new=$2
rounds=${3:-5}
[ $# -ge 3 ] && shift 3 || shift 2
games=${*:-"chicken splitter rezzo suitebot"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for game in $games; do
  r=1
  while [ "$r" -le "$rounds" ]; do
    # alternate the order, so neither binary always runs on a warmer (or busier) machine
    if [ $((r % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
    for which in $order; do
      if [ "$which" = old ]; then bin=$old; else bin=$new; fi
      "$bin" bench "$game" --referee --json >>"$out/$game.$which" 2>/dev/null ||
        { echo "$bin bench $game --referee --json failed" >&2; exit 1; }
    done
    r=$((r + 1))
  done
done
python3 - "$out" $games <<'PY'
import json, statistics, sys
out, games = sys.argv[1], sys.argv[2:]
def rows(game, which):
    return [json.loads(l) for l in open(f"{out}/{game}.{which}") if l.strip()]
print(f"{'game':10} {'binary':6} {'move_p50_us':>11} {'(min-max)':>13} {'move_p99_us':>11} {'pipe_p50_us':>11}  medians of n runs")
for g in games:
    med = {}
    for w in ("old", "new"):
        rs = rows(g, w)
        p50s = [r["move_p50_us"] for r in rs]
        med[w] = (statistics.median(p50s), statistics.median(r["move_p99_us"] for r in rs))
        spread = f"({min(p50s):.0f}-{max(p50s):.0f})"
        print(f"{g:10} {w:6} {med[w][0]:11.1f} {spread:>13} {med[w][1]:11.1f} "
              f"{statistics.median(r['pipe_p50_us'] for r in rs):11.1f}  n={len(rs)}")
    r50 = med["new"][0] / med["old"][0] if med["old"][0] else float("nan")
    r99 = med["new"][1] / med["old"][1] if med["old"][1] else float("nan")
    print(f"{g:10} new/old move p50 {r50:.2f}, p99 {r99:.2f}")
PY
