#!/bin/sh
# eval_rising_tide.sh: the strength of Rising Tide's champion (not part of `make test`; the figures go
# into docs/games/rising_tide.md "The champion"). Run by `make eval`, or alone:
#   scripts/eval_rising_tide.sh [GAMES]      (default 100 games a line; ARENA=path/to/arena, JOBS=2
#                                            games at a time, HARD=2*GAMES games for the trios with
#                                            trench_tunis or nearby_new_orleans, MOVE_MS=25, ONLY=1,2,3,4
#                                            the parts to run, LINES=4,3 only these lines of part 1,
#                                            counted from 1 in the table's order; a line's seeds do
#                                            not depend on which lines run)
# 1. survival against every trio of one sample bot, and against mixed trios;
# 2. top score (alone or tied) against seawall_sydney and two sample bots;
# 3. mixed fields with several champions (each champion seat counts);
# 4. at the real clock (100 ms), the champion as the kit program bin/kits/rising_tide/champion under
#    the default sandbox (REAL games a field, default 10): survival and late/down/invalid verdicts.
# The built-in champion looks ahead on the referee's clock, a quarter of the move limit: parts 1-3
# run it at --move-ms MOVE_MS (a quarter of the real 100 ms by default, so a run takes an hour or
# two, not a day); part 4 is the real clock.
# The candidate sits in seat g mod 4 of game g (seeds 0..N-1 from a base per line); proportions come
# with a 95% Wilson interval; the last line says whether the targets of issue 17 are met.
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
[ -x "$ARENA" ] || { echo "eval_rising_tide: build first (make)" >&2; exit 2; }
exec nice python3 - "$ARENA" "${1:-100}" "${REAL:-10}" "${JOBS:-2}" "${HARD:-0}" "${MOVE_MS:-25}" "${ONLY:-1,2,3,4}" "${LINES:-}" <<'PY'
import json, math, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

arena, games, real_n, jobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
hard, move_ms, only = int(sys.argv[5]) or 2 * games, sys.argv[6], sys.argv[7].split(",")
pick = [int(x) for x in sys.argv[8].split(",") if x]
CH, KIT = "champion", "bin/kits/rising_tide/champion"

def seat(b):
    return b if "/" in b else "builtin:" + b

def play(seats, seed):
    clock = [] if any("/" in b for b in seats) else ["--move-ms", move_ms]
    out = subprocess.run([arena, "play", "rising_tide"] + [seat(b) for b in seats] +
                         ["--seed", str(seed), "--json", "--display", "none"] + clock,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)

def wilson(k, n):
    if n == 0:
        return 0.0, 0.0, 0.0
    z, p = 1.96, k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, c - h), min(1.0, c + h)

def run(cand, others, n, base):
    """cand in seat g mod 4 of game g, the others in order in the remaining seats; every seat
    holding cand counts (fields with several champions)."""
    def one(g):
        seats = list(others)
        seats.insert(g % 4, cand)
        return seats, play(seats, base + g)
    surv = top = seats_n = 0
    verdicts = {"late": 0, "down": 0, "invalid": 0, "crash": 0}
    t0 = time.time()
    with ThreadPoolExecutor(jobs) as ex:
        for g, (seats, res) in enumerate(ex.map(one, range(n))):
            best = max(res["scores"])
            for i, b in enumerate(seats):
                if b != cand:
                    continue
                seats_n += 1
                surv += res["scores"][i] >= 800
                if res["scores"][i] < 800:
                    print("  lost: seed %d seat %d score %d" % (base + g, i, res["scores"][i]), file=sys.stderr, flush=True)
                top += res["scores"][i] == best
                for k in verdicts:
                    verdicts[k] += res["verdicts"][i][k]
    print("  (%d games, %.1f s a game)" % (n, (time.time() - t0) * jobs / max(n, 1)), file=sys.stderr, flush=True)
    return seats_n, surv, top, verdicts

def pct(k, n):
    p, lo, hi = wilson(k, n)
    return "%.1f%% (%.1f-%.1f)" % (100 * p, 100 * lo, 100 * hi)

ok = True
print("built-in champion at --move-ms %s; %d games a line, %d for the trios with trench_tunis or nearby_new_orleans"
      % (move_ms, games, hard))
print()
SAMPLES = ["pass_perth", "random_rizhao", "nearby_new_orleans", "trench_tunis", "border_barcelona", "level_los_angeles"]
lines = [[b] * 3 for b in SAMPLES] + [
    ["trench_tunis", "trench_tunis", "nearby_new_orleans"], ["trench_tunis", "nearby_new_orleans", "border_barcelona"],
    ["trench_tunis", "random_rizhao", "level_los_angeles"], ["nearby_new_orleans", "border_barcelona", "level_los_angeles"],
    ["trench_tunis", "trench_tunis", "pass_perth"], ["nearby_new_orleans", "nearby_new_orleans", "random_rizhao"]]
if "1" in only:
    print("| opponents | games | champion survives (95% CI) | top score | late / down / invalid |")
    print("|---|---|---|---|---|")
for k, others in enumerate(lines if "1" in only else []):
    if pick and k + 1 not in pick:
        continue
    n = hard if "trench_tunis" in others or "nearby_new_orleans" in others else games
    s, surv, top, v = run(CH, others, n, 100000 * (k + 1))
    ok &= surv / s >= 0.99
    print("| %s | %d | %s | %s | %d / %d / %d |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s),
          pct(top, s), v["late"], v["down"], v["invalid"]), flush=True)

fields = [["seawall_sydney", "trench_tunis", "trench_tunis"], ["seawall_sydney", "nearby_new_orleans", "nearby_new_orleans"],
          ["seawall_sydney", "trench_tunis", "nearby_new_orleans"], ["seawall_sydney", "border_barcelona", "random_rizhao"],
          ["seawall_sydney", "level_los_angeles", "pass_perth"]]
if "2" in only or "3" in only:
    print()
    print("| field (champion + ...) | champion seats | survives | top score (alone or tied) |")
    print("|---|---|---|---|")
for k, others in enumerate(fields if "2" in only else []):
    s, surv, top, _ = run(CH, others, games, 2000000 + 100000 * k)
    ok &= top / s >= 0.60
    print("| %s | %d | %s | %s |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s), pct(top, s)), flush=True)
several = [[CH, "seawall_sydney", "trench_tunis"], [CH, "trench_tunis", "trench_tunis"],
           [CH, CH, "trench_tunis"], [CH, CH, "seawall_sydney"]]
for k, others in enumerate(several if "3" in only else []):
    s, surv, top, _ = run(CH, others, games, 3000000 + 100000 * k)
    print("| %s | %d | %s | %s |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s), pct(top, s)), flush=True)

if real_n and "4" in only:
    print()
    print("at the real clock (100 ms), %s under the default sandbox, %d games a field:" % (KIT, real_n))
    for k, others in enumerate([["trench_tunis"] * 3, ["seawall_sydney", "trench_tunis", "nearby_new_orleans"]]):
        s, surv, top, v = run(KIT, others, real_n, 4000000 + 100000 * k)
        print("  %-55s survives %s  top %s  late/down/invalid %d/%d/%d" % (", ".join(others), pct(surv, s), pct(top, s),
              v["late"], v["down"], v["invalid"]), flush=True)
        ok &= v["late"] + v["down"] + v["invalid"] == 0
print()
verdict = ("met" if ok else "NOT met") if "1" in only and "2" in only and not pick else ("not all checked (ONLY=%s)" % ",".join(only) if ok else "NOT met")
print("targets (survival >= 99%% against every trio, top score >= 60%% with seawall_sydney): %s" % verdict)
sys.exit(0)
PY
