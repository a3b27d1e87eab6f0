# Original-style bot file that starts a game at import time, without a __main__ guard. Under
# Arena the display stub ignores the call, so the file still loads and plays.
import display
import util


def my_bot_fn(terrain, round_num):
    return ((4, 4), (4, 3)) if round_num == 0 else None


my_bot = util.make_bot("Eager Starter", "ES", my_bot_fn)

display.run_game([my_bot] * 4, mode="terminal")

if __name__ == "__main__":
    raise RuntimeError("the adapter must not run __main__ blocks")
