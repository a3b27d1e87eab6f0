# A depth-limited minimax agent built on Board.forecast_move and Board.reverse_perspective,
# written in the style of the course's agents (for Arena's tests).
from collections.abc import Callable
from typing import List, Tuple

from game import *
from game.enums import Direction, MoveType, Result

DEPTH = 3


def evaluate(b):
    """Egg difference plus a little mobility, from the side to move's perspective."""
    mine = b.chicken_player.get_eggs_laid() - b.chicken_enemy.get_eggs_laid()
    return mine + 0.1 * (len(b.get_valid_moves()) - len(b.get_valid_moves(enemy=True)))


def negamax(b, depth):
    if b.is_game_over():
        # The winner is recorded from the perspective of the side that just moved; the board has
        # been reversed since, so PLAYER here means the opponent of the side to move.
        w = b.get_winner()
        if w == Result.TIE:
            return 0.0
        return -1000.0 if w == Result.PLAYER else 1000.0
    if depth == 0:
        return evaluate(b)
    best = -float("inf")
    for d, t in b.get_valid_moves():
        child = b.forecast_move(d, t)
        if child is None:
            raise RuntimeError("forecast_move refused a move from get_valid_moves")
        child.reverse_perspective()
        best = max(best, -negamax(child, depth - 1))
    if best == -float("inf"):
        return evaluate(b)
    return best


class PlayerAgent:
    def __init__(self, board: board.Board, time_left: Callable):
        self.turns = 0

    def play(self, board: board.Board, sensor_data: List[Tuple[bool, bool]], time_left: Callable):
        self.turns += 1
        before = board.player_time
        best_move, best_value = None, -float("inf")
        for d, t in board.get_valid_moves():
            child = board.forecast_move(d, t)
            if board.player_time != before or child.player_time != before:
                raise RuntimeError("forecast_move charged time")
            child.reverse_perspective()
            value = -negamax(child, DEPTH - 1)
            if value > best_value:
                best_move, best_value = (d, t), value
        print(f"turn {self.turns}: {best_move} value {best_value:.2f}")
        return best_move
