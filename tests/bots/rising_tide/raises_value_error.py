# Original-style bot that raises ValueError in every round: each round is a pass, and the log
# gets the original's "has thrown an error." entry with the traceback.
import util


def my_bot_fn(terrain, round_num):
    raise ValueError("no plan for round %d" % round_num)


my_bot = util.make_bot("Raiser", "RV", my_bot_fn)
