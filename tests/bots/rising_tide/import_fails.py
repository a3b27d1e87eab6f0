# Original-style bot whose module fails to load: the adapter writes the traceback as #log: lines
# and exits with status 1.
import util

SETTINGS = {"depth": 3}


def my_bot_fn(terrain, round_num):
    return None


my_bot = util.make_bot("Broken", "BR", my_bot_fn)
DEPTH = SETTINGS["width"]
