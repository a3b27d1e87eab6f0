#!/usr/bin/env python3
"""bench_sim_gym_ab.py: the "10x a Python loop" comparison of two builds of libarena.so side by side:
bench_sim.py's Gymnasium-shaped loop (64 single `Env`s stepped by a Python loop, against one VecEnv
of 64 with the same seats and bots), each build in its own process (ARENA_LIB), the builds
alternating round by round so that the machine's load and clock weigh on both alike.

    scripts/bench_sim_gym_ab.py OLD_LIB NEW_LIB [GAME] [--rounds N] [--seconds S]

OLD_LIB/NEW_LIB: paths of libarena.so (an old one: `git archive COMMIT | tar -x -C DIR && make -C
DIR lib/libarena.so`). Prints every round and the gain of the best loop and best batched rate of
each build. Figures only: nothing is asserted."""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHILD = r'''
import importlib.util, sys
spec = importlib.util.spec_from_file_location("bench_sim", sys.argv[1])
bs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bs)
loop, batched = bs.py_gym_loop(sys.argv[2], 64, float(sys.argv[3]))
print(loop, batched)
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("game", nargs="?", default="suitebot")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    a = ap.parse_args()
    for lib in (a.old, a.new):
        if not os.path.isfile(lib):
            sys.exit(f"bench_sim_gym_ab.py: {lib}: no such file (give the paths of two libarena.so builds)")
    libs = {"old": a.old, "new": a.new}
    res = {k: [] for k in libs}
    for r in range(a.rounds):
        for k, lib in libs.items():
            out = subprocess.run([sys.executable, "-c", CHILD, os.path.join(ROOT, "scripts", "bench_sim.py"), a.game,
                                  str(a.seconds)], env=dict(os.environ, ARENA_LIB=lib), capture_output=True,
                                 text=True, check=True).stdout.split()
            loop, batched = float(out[0]), float(out[1])
            res[k].append((loop, batched))
            print(f"round {r + 1} {k}: 64 gym Envs {loop:,.0f}, one VecEnv of 64 {batched:,.0f} steps/CPU-s, "
                  f"gain {batched / loop:.1f}x", flush=True)
    for k, v in res.items():
        loop, batched = max(x for x, _ in v), max(y for _, y in v)
        print(f"{k} ({libs[k]}): best loop {loop:,.0f}, best batched {batched:,.0f}: gain {batched / loop:.1f}x")


if __name__ == "__main__":
    main()
