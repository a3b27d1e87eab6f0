# Original-style bot that returns True/False as coordinates (bool is an int, so the original
# accepted them): it shuffles land inside the top-left 2x2 block of its view.
import util


def my_bot_fn(terrain, round_num):
    for src, dst in sorted(util.allowed_moves(terrain)):
        if max(src + dst) <= 1:
            (i1, j1), (i2, j2) = src, dst
            return ((bool(i1), bool(j1)), (bool(i2), bool(j2)))
    return None


my_bot = util.make_bot("Bools", "BO", my_bot_fn)
