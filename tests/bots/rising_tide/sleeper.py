# Original-style bot that sleeps past the 100 ms limit in rounds 2 and 5 (0.6 s, six times the
# limit) and passes at once otherwise.
import time

import util

SLOW_ROUNDS = (2, 5)


def my_bot_fn(terrain, round_num):
    if round_num in SLOW_ROUNDS:
        time.sleep(0.6)
    return None


my_bot = util.make_bot("Sleeper", "SL", my_bot_fn)
