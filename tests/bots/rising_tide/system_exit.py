# Original-style bot that raises SystemExit in round 3. A BaseException is not caught (as in
# the original): the adapter exits and the referee sees a crash.
import sys

import util


def my_bot_fn(terrain, round_num):
    if round_num == 3:
        sys.exit(3)
    return None


my_bot = util.make_bot("Quitter", "QT", my_bot_fn)
