#!/usr/bin/env python3
"""bench_sim_ab.py: two builds of libarena.so side by side in one process: thread scaling (2
threads over 1, wall time) of each, and the two builds' 2-thread rates against each other.

For each game, four VecEnvs of the same batch, seed and seats, every seat an agent playing
uniformly random legal actions (env.sample(); env.step(), the loop of `arena bench sim`'s agents):
OLD with 1 thread, OLD with 2, NEW with 1, NEW with 2. They run in --slices rounds of short
slices, the order rotating each round, so all four see the same neighbours on a shared machine.
Prints per game the environment steps per wall second of each, OLD's and NEW's 2thr/1thr, NEW/OLD
with 2 threads, and the CPU seconds per wall second the 2-thread slices got (2.0: both cores the
whole time; less: the second core was busy elsewhere or a thread waited). Figures only.

usage: scripts/bench_sim_ab.py OLD_LIB NEW_LIB [--batch N] [--seconds S] [--slices K] [GAME...]
"""
import argparse
import os
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "sdk", "python"))
from arena_sdk import sim  # noqa: E402

# seats and options, as scripts/bench_sim.py
GAMES = {
    "rising_tide": (4, {}),
    "suitebot": (2, {}),
    "chicken": (2, {}),
    "splitter": (1, {}),
    "rezzo": (2, {"size": "64x64"}),
}


def slice_run(env, seconds):
    """sample() + step() for at least `seconds` of wall time (3 calls at least): calls, wall, CPU."""
    calls, w0, c0 = 0, time.perf_counter(), time.process_time()
    while calls < 3 or time.perf_counter() - w0 < seconds:
        env.sample()
        env.step()
        calls += 1
    return calls, time.perf_counter() - w0, time.process_time() - c0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--seconds", type=float, default=2.0, help="wall seconds per environment set and game")
    ap.add_argument("--slices", type=int, default=10)
    a = ap.parse_args()
    games = a.games or list(GAMES)
    libs = {"old": os.path.abspath(a.old), "new": os.path.abspath(a.new)}
    print(f"== simulator A/B: old {libs['old']}, new {libs['new']}, batch {a.batch}, "
          f"load {open('/proc/loadavg').read().split()[0]}, {time.strftime('%Y-%m-%d %H:%M:%S')}")
    print(f"{'game':12} {'old 1thr':>11} {'old 2thr':>11} {'new 1thr':>11} {'new 2thr':>11} "
          f"{'old 2/1':>8} {'new 2/1':>8} {'new/old 2thr':>12} {'CPU/wall 2thr old,new':>22}")
    for g in games:
        seats, options = GAMES[g]
        keys = [(w, t) for w in ("old", "new") for t in (1, 2)]
        envs = {}
        for w, t in keys:
            envs[(w, t)] = sim.VecEnv(g, a.batch, 1, seats=seats, options=options, threads=t, library=libs[w])
            envs[(w, t)].reset()
            slice_run(envs[(w, t)], 0)  # warm: 3 calls
        tot = {k: [0, 0.0, 0.0] for k in keys}
        for r in range(a.slices):
            order = keys[r % 4:] + keys[:r % 4]
            for k in order:
                calls, wall, cpu = slice_run(envs[k], a.seconds / a.slices / 4)
                tot[k][0] += calls
                tot[k][1] += wall
                tot[k][2] += cpu
        for e in envs.values():
            e.close()
        rate = {k: tot[k][0] * a.batch / tot[k][1] for k in keys}
        busy = {w: tot[(w, 2)][2] / tot[(w, 2)][1] for w in ("old", "new")}
        print(f"{g:12} " + " ".join(f"{rate[k]:11,.0f}" for k in keys) +
              f" {rate[('old', 2)] / rate[('old', 1)]:7.2f}x {rate[('new', 2)] / rate[('new', 1)]:7.2f}x"
              f" {rate[('new', 2)] / rate[('old', 2)]:11.2f}x {busy['old']:10.2f} {busy['new']:5.2f}", flush=True)


if __name__ == "__main__":
    main()
