#!/usr/bin/env python3
"""Strength of Rising Tide's reference bot (docs/games/rising_tide.md "Built-in bots"):
seawall_sydney in seat g mod 4 of game g against three copies of each opponent. Prints a Markdown
table for docs/games/rising_tide.md. Usage: scripts/eval_rising_tide.py [GAMES_VS_TRENCH]
[GAMES_OTHERS]"""
import json
import math
import subprocess
import sys

ARENA = "bin/arena"
games_trench = int(sys.argv[1]) if len(sys.argv) > 1 else 800
games_other = int(sys.argv[2]) if len(sys.argv) > 2 else 400


def run(candidate, opponent, games):
    survived, total = 0, 0.0
    for g in range(games):
        seats = [f"builtin:{opponent}"] * 4
        seats[g % 4] = f"builtin:{candidate}"
        out = subprocess.run([ARENA, "play", "rising_tide", *seats, "--seed", str(g), "--json"],
                             check=True, capture_output=True, text=True).stdout
        score = json.loads(out)["scores"][g % 4]
        survived += score == 800
        total += score
    p = survived / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return p, half, total / games


print("| candidate | opponents | games | scored 800 (95% CI) | mean score |")
print("|---|---|---|---|---|")
plan = [("seawall_sydney", "trench_tunis", games_trench)] + [
    ("seawall_sydney", o, games_other)
    for o in ["random_rizhao", "level_los_angeles", "border_barcelona", "nearby_new_orleans"]
] + [(c, "trench_tunis", games_other) for c in ["nearby_new_orleans", "border_barcelona", "random_rizhao"]]
for cand, opp, n in plan:
    p, half, mean = run(cand, opp, n)
    print(f"| `{cand}` | `{opp}` x3 | {n} | {100 * p:.1f} % (± {100 * half:.1f}) | {mean:.0f} |", flush=True)
