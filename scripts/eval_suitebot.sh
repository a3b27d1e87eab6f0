#!/bin/sh
# eval_suitebot.sh: the strength of SuiteBot II's built-in bots (not part of `make test`; the
# figures go into docs/games/suitebot.md). Run by `make eval`, or alone:
#   scripts/eval_suitebot.sh [GAMES]          (default 500; ARENA=path/to/arena to override)
# 1. miner against three harvesters, GAMES games, miner's seat rotated over the four seats:
#    mean points per game and mean place points, with 95% confidence intervals.
# 2. one bot of each kind, GAMES/5 games, seat order rotated: mean place points, which the specification
#    requires ordered miner > harvester > random > hold (exit status 1 if not).
# 3. two miners against two harvesters, GAMES/5 games: mean place points.
# 4. the reference ladder (docs/games/suitebot.md "Grades"): each bot against the one below it, two
#    of each in every game (seats ABAB / BABA alternating), LADDER games a rung: the share of the
#    pairwise place comparisons (each A against each B of a game; a tie counts half) the upper bot
#    wins, with a 95% interval over games.
# 5. champion against miner in mixed fields (FIELD games each): the share of champion-vs-miner
#    comparisons the champion wins; the champion's late/down/invalid verdicts.
# 6. the same at the real clock (200 ms), the champion as the kit program under the sandbox
#    (REAL games a field): the ranking holds and no verdicts.
# Built-in champions get the referee's clock; MOVE_MS (default 50, a quarter of the real 200 ms)
# is the limit they play under in 4 and 5 (--move-ms), so a run takes hours, not days.
#   LADDER=100 FIELD=100 REAL=10 MOVE_MS=50 scripts/eval_suitebot.sh [GAMES]
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
GAMES=${1:-500}
[ -x "$ARENA" ] || { echo "eval_suitebot: build first (make)" >&2; exit 2; }
exec python3 - "$ARENA" "$GAMES" "${LADDER:-100}" "${FIELD:-100}" "${REAL:-10}" "${MOVE_MS:-50}" <<'PY'
import json, math, subprocess, sys

arena, games = sys.argv[1], int(sys.argv[2])
ladder_n, field_n, real_n, move_ms = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
PLACE = [25, 20, 16, 13, 11, 9, 7, 6, 5, 4, 3, 2, 1]

def place_points(scores):
    out = []
    for s in scores:
        better = sum(1 for t in scores if t > s)
        equal = sum(1 for t in scores if t == s)
        out.append(sum(PLACE[better + k] for k in range(equal)) / equal)
    return out

def play_full(seats, seed, extra=()):
    cmd = [arena, "play", "suitebot"] + [b if "/" in b else "builtin:" + b for b in seats] + \
          ["--seed", str(seed), "--json", "--display", "none"] + list(extra)
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)

def play(seats, seed, extra=()):
    return play_full(seats, seed, extra)["scores"]

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
# 4. the ladder, and 5-6: champion against miner in mixed fields
def share(pairs_by_game):
    """pairs_by_game: per game the list of comparison outcomes (1 win, 0.5 tie, 0 loss)."""
    per = [sum(g) / len(g) for g in pairs_by_game if g]
    m, half = mean_ci(per)
    return m, half

def compare(field, a, b, seeds, extra=()):
    """Plays `field` rotated over the seeds; outcomes of every a-seat against every b-seat."""
    outs, verdicts = [], {"late": 0, "down": 0, "invalid": 0, "crash": 0}
    for g, seed in enumerate(seeds):
        r = g % len(field)
        seats = field[r:] + field[:r]
        res = play_full(seats, seed, extra)
        places = place_points(res["scores"])
        game = []
        for i, x in enumerate(seats):
            if x != a:
                continue
            for k in verdicts:
                verdicts[k] += res["verdicts"][i][k]
            for j, y in enumerate(seats):
                if y == b:
                    game.append(1.0 if places[i] > places[j] else 0.5 if places[i] == places[j] else 0.0)
        outs.append(game)
    return share(outs), verdicts

clock = ["--move-ms", move_ms]
ladder = [("random", "hold"), ("harvester", "random"), ("miner", "harvester"), ("champion", "miner")]
print("the ladder, %d games a rung (two of each, seats alternated; champion at --move-ms %s):" % (ladder_n, move_ms))
for a, b in ladder:
    (m, half), _ = compare([a, b, a, b], a, b, range(20000, 20000 + ladder_n), clock)
    print("  %-9s over %-9s %5.1f%% +- %4.1f%% of the pairwise comparisons" % (a, b, 100 * m, 100 * half), flush=True)

fields = [["champion", "miner", "harvester", "harvester"], ["champion", "miner", "miner", "miner"],
          ["champion", "miner", "random", "hold"], ["champion", "champion", "miner", "miner"],
          ["champion", "miner", "harvester", "random"]]
print("champion against miner in mixed fields, %d games a field (seats rotated, --move-ms %s):" % (field_n, move_ms))
allgames = []
for f in fields:
    (m, half), v = compare(f, "champion", "miner", range(30000, 30000 + field_n), clock)
    print("  %-40s %5.1f%% +- %4.1f%%   champion verdicts %s" % (" ".join(f), 100 * m, 100 * half, v), flush=True)
if real_n:
    kit = "bin/kits/suitebot/champion"
    print("at the real clock (200 ms), the champion as %s under the sandbox, %d games a field:" % (kit, real_n))
    for f in fields[:3]:
        f2 = [kit if x == "champion" else x for x in f]
        (m, half), v = compare(f2, kit, "miner", range(40000, 40000 + real_n))
        print("  %-40s %5.1f%% +- %4.1f%%   champion verdicts %s" % (" ".join(f), 100 * m, 100 * half, v), flush=True)
sys.exit(0 if ordered else 1)
PY
