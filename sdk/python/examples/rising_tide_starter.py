#!/usr/bin/env python3
"""Rising Tide starter bot in Python: speaks the wire protocol through arena_sdk.rising_tide.

Run it as a command seat (it finds arena_sdk next to this folder by itself):

    bin/arena play rising_tide "python3 sdk/python/examples/rising_tide_starter.py" \\
        builtin:trench_tunis builtin:trench_tunis builtin:trench_tunis

Strategy: a ring wall. Every round it moves one unit of land inward, onto the ring of cells
closest to its city (5, 5), building up the lowest wall cell first. Replace my_bot with yours.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from arena_sdk import rising_tide  # noqa: E402

CITY = rising_tide.CITY


def ring(cell):
    """Chebyshev distance from the city: ring 1 touches it."""
    return max(abs(cell[0] - CITY[0]), abs(cell[1] - CITY[1]))


def my_bot(view):
    terrain = view.terrain
    if view.round == 0:
        print("starter bot in seat", view.seat)  # print() goes to the log, never to the referee
    best, best_key = None, None
    for src, dst in rising_tide.legal_moves(terrain, view.rules):
        if ring(dst) < ring(src) and ring(dst) <= 2:
            key = (ring(dst), terrain[dst[0]][dst[1]], -terrain[src[0]][src[1]])
            if best_key is None or key < best_key:
                best, best_key = (src, dst), key
    return best  # None passes


if __name__ == "__main__":
    rising_tide.run(my_bot, name="Python Starter", code="PS")
