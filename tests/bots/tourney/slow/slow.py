# Original-style Rising Tide bot that thinks 20 ms every round and passes: deterministic, and slow
# enough that a match lasts about a second (the store's tests kill workers in mid-match). Its
# folder travels with tournaments on PostgreSQL stores (the tests check the copy is what runs).
import time

import util


def my_bot_fn(terrain, round_num):
    time.sleep(0.02)
    return None


my_bot = util.make_bot("Slow", "SW", my_bot_fn)
