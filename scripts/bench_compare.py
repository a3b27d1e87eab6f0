#!/usr/bin/env python3
"""bench_compare.py: the engine benchmark of two builds side by side (a refactor's "no slowdown").

Usage: scripts/bench_compare.py BASE_ARENA NEW_ARENA [REPS]
Runs `arena bench GAME --games N --json` for every game, alternating the two binaries REPS times
(default 7), and prints the CPU time (user + system) each took: the minimum and the median per side
and their ratio. CPU time, not wall time, because the machine is shared: a descheduled benchmark
loses wall time but not CPU time. Not part of `make bench` (it needs two builds).
"""
import os
import statistics
import sys

# Enough games for about half a second of CPU each on the reference machine.
GAMES = {"rising_tide": 2000, "chicken": 40000, "rezzo": 20, "suitebot": 4000, "splitter": 200000}


def cpu_seconds(arena, game, n):
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execv(arena, [arena, "bench", game, "--games", str(n), "--json"])
    _, status, usage = os.wait4(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        sys.exit(f"bench_compare: {arena} bench {game} failed")
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[2])
    sides = {"base": sys.argv[1], "new": sys.argv[2]}
    reps = int(sys.argv[3]) if len(sys.argv) == 4 else 7
    print("game         games   cpu s min base / new (new/base)   median base / new (new/base)")
    for game, n in GAMES.items():
        t = {side: [] for side in sides}
        for _ in range(reps):
            for side, arena in sides.items():
                t[side].append(cpu_seconds(arena, game, n))
        b, w = min(t["base"]), min(t["new"])
        mb, mw = statistics.median(t["base"]), statistics.median(t["new"])
        print(f"{game:12s} {n:6d}   {b:6.3f} / {w:6.3f} ({w / b:.3f})           {mb:6.3f} / {mw:6.3f} ({mw / mb:.3f})",
              flush=True)


main()
