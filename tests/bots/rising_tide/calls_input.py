# Original-style bot that calls input(): under Arena stdin is empty, so input() raises EOFError
# (the round is a pass) and can never eat a protocol line. In odd rounds it answers normally.
import util


def my_bot_fn(terrain, round_num):
    if round_num % 2 == 0:
        line = input("your move? ")
        return line  # were a protocol line ever read here, it would show as non-parseable
    return ((4, 4), (4, 3))


my_bot = util.make_bot("Input Asker", "IN", my_bot_fn)
