# Original-style bot that returns values the original could not parse, one kind per round
# (cycling): strings, wrong shapes, floats, nested too deep or too shallow. Every round is a pass
# with the "non-parseable" entry.
import util

GARBAGE = [
    "4 4 4 3",                    # a string: its characters unpack, but are not int
    ((4, 4),),                    # one cell only
    ((4, 4, 4), (4, 3)),          # a cell of three numbers
    ((4.0, 4), (4, 3)),           # a float
    42,                           # not iterable
    [[4, 4], [4, "3"]],           # a string coordinate
    ((4, 4), (4, 3), (4, 2)),     # three cells
    "pass",                       # the wire word is not a Python pass
]


def my_bot_fn(terrain, round_num):
    return GARBAGE[round_num % len(GARBAGE)]


my_bot = util.make_bot("Garbage", "GB", my_bot_fn)
