# Checks the adapter's promises from inside an agent and reports them as comments; raises (and so
# crashes the seat) if one is broken. For Arena's tests.
import sys

from game import *
from game.enums import Direction, MoveType
from game.board import Board
import board_utils

EXPECTED = {"board", "chicken", "enums", "game_map", "history", "trapdoor_manager"}


class PlayerAgent:
    def __init__(self, board: Board, time_left):
        bound = {n for n in EXPECTED if n in globals()}
        if bound != EXPECTED:
            raise RuntimeError("from game import * bound %s" % sorted(bound))
        left = time_left()
        if not (0 < left <= 10.5):
            raise RuntimeError("time_left() in __init__ gave %r" % left)
        me = board.chicken_player
        spawn = me.get_spawn()
        if (spawn[0] + spawn[1]) % 2 != me.even_chicken:
            raise RuntimeError("chicken_player is not this seat's chicken")
        print("init ok: time_left %.3f, seat %s, spawn %s" % (left, "A" if me.is_player_a() else "B", spawn))
        print("numpy loaded: %s" % ("numpy" in sys.modules))
        self.seen_bool = True

    def play(self, board: Board, sensor_data, time_left):
        for heard, felt in sensor_data:
            if type(heard) is not bool or type(felt) is not bool:
                raise RuntimeError("sensor values are not bool: %r" % (sensor_data,))
        before = board.player_time
        moves = board.get_valid_moves()
        child = board.forecast_move(*moves[0])
        if board.player_time != before or child.player_time != before:
            raise RuntimeError("forecast_move charged time")
        text = board_utils.get_board_string(board)[0]
        if "@" not in text or "%" not in text:
            raise RuntimeError("board string lacks a chicken")
        print("turn %d ok, %.1f s left" % (board.turn_count, time_left()))
        return moves[-1]
