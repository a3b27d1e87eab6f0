#!/bin/sh
# eval_rising_tide.sh: the strength of Rising Tide's champion (not part of `make test`; the figures go
# into docs/games/rising_tide.md "The champion"). Run by `make eval`, or alone:
#   scripts/eval_rising_tide.sh [GAMES]      (default 100 games a line, ~15 min on the loaded 2-core VM;
#                                            ARENA=path/to/arena, JOBS=2)
# 1. survival against every trio of one sample bot (trench_tunis: 2 x GAMES), and against mixed trios;
# 2. top score (alone or tied) against seawall_sydney and two sample bots;
# 3. mixed fields with several champions (each champion seat counts);
# 4. at the real clock (100 ms), the champion as the kit program bin/kits/rising_tide/champion under
#    the default sandbox (REAL games a field, default 10): survival and late/down/invalid verdicts.
# The built-in champion answers from the view alone (no search), so lines 1-3 need no clock.
# The candidate sits in seat g mod 4 of game g (seeds 0..N-1 from a base per line); proportions come
# with a 95% Wilson interval; the last line says whether the targets of issue 17 are met.
set -eu
cd "$(dirname "$0")/.."
ARENA=${ARENA:-bin/arena}
[ -x "$ARENA" ] || { echo "eval_rising_tide: build first (make)" >&2; exit 2; }
exec nice python3 - "$ARENA" "${1:-100}" "${REAL:-10}" "${JOBS:-2}" <<'PY'
import json, math, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

arena, games, real_n, jobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
CH, KIT = "champion", "bin/kits/rising_tide/champion"

def seat(b):
    return b if "/" in b else "builtin:" + b

def play(seats, seed):
    out = subprocess.run([arena, "play", "rising_tide"] + [seat(b) for b in seats] +
                         ["--seed", str(seed), "--json", "--display", "none"],
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
    with ThreadPoolExecutor(jobs) as ex:
        for seats, res in ex.map(one, range(n)):
            best = max(res["scores"])
            for i, b in enumerate(seats):
                if b != cand:
                    continue
                seats_n += 1
                surv += res["scores"][i] >= 800
                top += res["scores"][i] == best
                for k in verdicts:
                    verdicts[k] += res["verdicts"][i][k]
    return seats_n, surv, top, verdicts

def pct(k, n):
    p, lo, hi = wilson(k, n)
    return "%.1f%% (%.1f-%.1f)" % (100 * p, 100 * lo, 100 * hi)

ok = True
SAMPLES = ["pass_perth", "random_rizhao", "nearby_new_orleans", "trench_tunis", "border_barcelona", "level_los_angeles"]
print("| opponents | games | champion survives (95% CI) | top score | late / down / invalid |")
print("|---|---|---|---|---|")
lines = [[b] * 3 for b in SAMPLES] + [
    ["trench_tunis", "trench_tunis", "nearby_new_orleans"], ["trench_tunis", "nearby_new_orleans", "border_barcelona"],
    ["trench_tunis", "random_rizhao", "level_los_angeles"], ["nearby_new_orleans", "border_barcelona", "level_los_angeles"],
    ["trench_tunis", "trench_tunis", "pass_perth"], ["nearby_new_orleans", "nearby_new_orleans", "random_rizhao"]]
for k, others in enumerate(lines):
    n = 2 * games if others == ["trench_tunis"] * 3 else games
    s, surv, top, v = run(CH, others, n, 100000 * (k + 1))
    ok &= surv / s >= 0.99
    print("| %s | %d | %s | %s | %d / %d / %d |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s),
          pct(top, s), v["late"], v["down"], v["invalid"]), flush=True)

print()
print("| field (champion + ...) | champion seats | survives | top score (alone or tied) |")
print("|---|---|---|---|")
fields = [["seawall_sydney", "trench_tunis", "trench_tunis"], ["seawall_sydney", "nearby_new_orleans", "nearby_new_orleans"],
          ["seawall_sydney", "trench_tunis", "nearby_new_orleans"], ["seawall_sydney", "border_barcelona", "random_rizhao"],
          ["seawall_sydney", "level_los_angeles", "pass_perth"]]
for k, others in enumerate(fields):
    s, surv, top, _ = run(CH, others, games, 2000000 + 100000 * k)
    ok &= top / s >= 0.60
    print("| %s | %d | %s | %s |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s), pct(top, s)), flush=True)
several = [[CH, "seawall_sydney", "trench_tunis"], [CH, "trench_tunis", "trench_tunis"],
           [CH, CH, "trench_tunis"], [CH, CH, "seawall_sydney"]]
for k, others in enumerate(several):
    s, surv, top, _ = run(CH, others, games, 3000000 + 100000 * k)
    print("| %s | %d | %s | %s |" % (", ".join("`%s`" % o for o in others), s, pct(surv, s), pct(top, s)), flush=True)

if real_n:
    print()
    print("at the real clock (100 ms), %s under the default sandbox, %d games a field:" % (KIT, real_n))
    for k, others in enumerate([["trench_tunis"] * 3, ["seawall_sydney", "trench_tunis", "nearby_new_orleans"]]):
        s, surv, top, v = run(KIT, others, real_n, 4000000 + 100000 * k)
        print("  %-55s survives %s  top %s  late/down/invalid %d/%d/%d" % (", ".join(others), pct(surv, s), pct(top, s),
              v["late"], v["down"], v["invalid"]), flush=True)
        ok &= v["late"] + v["down"] + v["invalid"] == 0
print()
print("targets (survival >= 99%% against every trio, top score >= 60%% with seawall_sydney): %s" % ("met" if ok else "NOT met"))
sys.exit(0)
PY
