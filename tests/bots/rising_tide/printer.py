# Original-style bot that prints: at import time, whole lines, a partial line, several lines at
# once and an empty line. Everything must reach the log as comments, never the protocol.
import sys

import util

print("printer loaded")


def my_bot_fn(terrain, round_num):
    print("x")
    print("round", round_num)
    if round_num == 1:
        print("two\nlines")
        print()
        sys.stdout.write("no newline")
    return None


my_bot = util.make_bot("Printer", "PT", my_bot_fn)
