# Original-style bot that returns legal moves as plain tuples and lists, mixed (no numpy): all
# of them must be accepted.
import util

SHAPES = [
    lambda a, b: (a, b),
    lambda a, b: [list(a), list(b)],
    lambda a, b: (list(a), b),
    lambda a, b: [a, list(b)],
]


def my_bot_fn(terrain, round_num):
    moves = sorted(util.allowed_moves(terrain))
    if not moves:
        return None
    src, dst = moves[round_num % len(moves)]
    return SHAPES[round_num % len(SHAPES)](src, dst)


my_bot = util.make_bot("Tuples Lists", "TL", my_bot_fn)
