#!/bin/sh
# eval_suitebot.sh: the strength of SuiteBot II's built-in bots (not part of `make test`; the
# figures go into docs/games/suitebot.md). Run by `make eval`, or alone:
#   scripts/eval_suitebot.sh [GAMES]          (default 500; ARENA=path/to/arena to override)
# 1. miner against three harvesters, GAMES games, miner's seat rotated over the four seats:
#    mean points per game and mean place points, with 95% confidence intervals.
# 2. one bot of each kind, GAMES/5 games, seat order rotated: mean place points, which the specification
#    requires ordered miner > harvester > random > hold (exit status 1 if not).
# 3. two miners against two harvesters, GAMES/5 games: mean place points.
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
GAMES=${1:-500}
[ -x "$ARENA" ] || { echo "eval_suitebot: build first (make)" >&2; exit 2; }
exec python3 - "$ARENA" "$GAMES" <<'PY'
import json, math, subprocess, sys

arena, games = sys.argv[1], int(sys.argv[2])
PLACE = [25, 20, 16, 13, 11, 9, 7, 6, 5, 4, 3, 2, 1]

def place_points(scores):
    out = []
    for s in scores:
        better = sum(1 for t in scores if t > s)
        equal = sum(1 for t in scores if t == s)
        out.append(sum(PLACE[better + k] for k in range(equal)) / equal)
    return out

def play(seats, seed):
    cmd = [arena, "play", "suitebot"] + ["builtin:" + b for b in seats] + ["--seed", str(seed), "--json", "--display", "none"]
    r = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    return r["scores"]

def mean_ci(v):
    n = len(v)
    m = sum(v) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)

# 1. miner vs three harvesters
pts, pp, hpts, hpp = [], [], [], []
for g in range(games):
    seat = g % 4
    seats = ["harvester"] * 4
    seats[seat] = "miner"
    scores = play(seats, 1000 + g)
    places = place_points(scores)
    pts.append(scores[seat]); pp.append(places[seat])
    others = [i for i in range(4) if i != seat]
    hpts.append(sum(scores[i] for i in others) / 3); hpp.append(sum(places[i] for i in others) / 3)
print("miner vs 3 harvesters, %d games (seat rotated, seeds 1000..%d):" % (games, 999 + games))
print("  miner      points/game %.2f +- %.2f   place points/game %.2f +- %.2f" % (mean_ci(pts) + mean_ci(pp)))
print("  harvester  points/game %.2f +- %.2f   place points/game %.2f +- %.2f" % (mean_ci(hpts) + mean_ci(hpp)))

# 2. one of each, seat order rotated
kinds = ["miner", "harvester", "random", "hold"]
n2 = max(4, games // 5)
acc = {k: [] for k in kinds}
for g in range(n2):
    r = g % 4
    seats = kinds[r:] + kinds[:r]
    places = place_points(play(seats, 5000 + g))
    for i, k in enumerate(seats):
        acc[k].append(places[i])
print("one of each, %d games (seat order rotated, seeds 5000..%d), place points/game:" % (n2, 4999 + n2))
means = {}
for k in kinds:
    means[k] = mean_ci(acc[k])
    print("  %-10s %.2f +- %.2f" % (k, means[k][0], means[k][1]))
ordered = means["miner"][0] > means["harvester"][0] > means["random"][0] > means["hold"][0]
print("ordered miner > harvester > random > hold: %s" % ("yes" if ordered else "NO"))

# 3. two miners against two harvesters (the spec's prototype: harvester 14.5, miner 22.5)
acc = {"miner": [], "harvester": []}
for g in range(n2):
    seats = ["miner", "harvester", "miner", "harvester"] if g % 2 == 0 else ["harvester", "miner", "harvester", "miner"]
    places = place_points(play(seats, 9000 + g))
    for i, k in enumerate(seats):
        acc[k].append(places[i])
print("two miners vs two harvesters, %d games (seats alternated, seeds 9000..%d), place points/game:" % (n2, 8999 + n2))
for k in ("miner", "harvester"):
    print("  %-10s %.2f +- %.2f" % ((k,) + mean_ci(acc[k])))
sys.exit(0 if ordered else 1)
PY
