#!/usr/bin/env python3
"""Search with state copies: flat Monte Carlo for Chicken against builtin:greedy (standard library
only; docs/sim.md "Search").

Before each move the game's state is saved into a snapshot and restored into a batch of search
environments; each tries one legal first move, then plays the game out with greedy's moves on both
sides (ours through arena_bot_action, the opponent's own bot as a model of it); the first move
with the best mean outcome is played. A restored environment continues bit for bit where the game was,
random generators included, so every rollout starts from the real position.

usage: search_chicken.py [--games N] [--rollouts R] [--seed S]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")))
from arena_sdk.sim import ArenaError, VecEnv  # noqa: E402

ACTIONS = 12


def outcome(infos, e):
    """+1 win, 0 tie, -1 loss for seat 0, plus a little for the egg difference."""
    # int(): with numpy the buffers are arrays whose elements are numpy scalars, and numpy
    # refuses to subtract two of its booleans
    ours, theirs = int(infos["rank"][e, 0]), int(infos["rank"][e, 1])
    score = infos["score"]
    return (theirs > ours) - (ours > theirs) + 0.01 * float(score[e, 0] - score[e, 1])


def choose(game, search, snap, rollouts):
    game.save(0, snap, 0)
    mask = game.infos["mask"]
    legal = [k for k in range(ACTIONS) if mask[0, 0, k]]
    n = min(search.num_envs, len(legal) * rollouts)
    for e in range(n):
        search.restore(e, snap, 0)
        search.actions[e, 0] = legal[e % len(legal)]
    for e in range(n, search.num_envs):  # spare environments replay the first move
        search.restore(e, snap, 0)
        search.actions[e, 0] = legal[0]
    total = [0.0] * len(legal)
    done = [False] * search.num_envs
    search.step()
    while True:
        for e in range(n):
            if not done[e] and search.terminated[e]:
                done[e] = True
                total[e % len(legal)] += outcome(search.infos, e)
        if all(done[:n]):
            break
        for e in range(search.num_envs):  # our moves: greedy's choice (arena_bot_action)
            if search.infos["to_act"][e, 0]:
                search.actions[e, 0] = search.bot_action(e, 0, "greedy")
        search.step()  # the opponent's greedy answers inside the step
    return legal[max(range(len(legal)), key=lambda i: total[i])]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--rollouts", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    # --games 0 divided by zero at the end; the library's refusals came with a traceback
    if a.games < 1 or a.rollouts < 1:
        ap.error(f"--games {a.games} --rollouts {a.rollouts}: expected 1 or more of each")
    try:
        play(a)
    except ArenaError as e:
        sys.exit(f"search_chicken.py: {e}")


def play(a):
    settings = dict(bots={1: "greedy"}, autoreset=False)
    game = VecEnv("chicken", 1, a.seed, **settings)
    search = VecEnv("chicken", ACTIONS * a.rollouts, a.seed, threads=2, **settings)
    snap = game.snapshot(1)  # a snapshot fits every environment with the same settings
    points = 0.0
    for g in range(a.games):
        game.reset(a.seed + g)
        while True:
            game.actions[0, 0] = choose(game, search, snap, a.rollouts)
            game.step()
            if game.terminated[0]:
                break
        rank = game.infos["rank"]
        points += 1.0 if rank[0, 0] < rank[0, 1] else 0.5 if rank[0, 0] == rank[0, 1] else 0.0
        print(f"game {g + 1}: eggs {game.infos['score'][0, 0]:.0f} to {game.infos['score'][0, 1]:.0f}, "
              f"score so far {points}/{g + 1}", flush=True)
    print(f"flat Monte Carlo ({a.rollouts} rollouts a move) against greedy: {100 * points / a.games:.0f}%")


if __name__ == "__main__":
    main()
