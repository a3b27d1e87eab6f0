# A random agent in the style of the course's sample agent Yolanda (written for Arena's tests).
from collections.abc import Callable
from typing import List, Tuple
import random

from game import *

class PlayerAgent:
    """
    Picks a random valid move every turn.
    """

    def __init__(self, board: board.Board, time_left: Callable):
        self.moves_played = 0
        print("Yolly starting at", board.chicken_player.get_location())

    def play(
        self,
        board: board.Board,
        sensor_data: List[Tuple[bool, bool]],
        time_left: Callable,
    ):
        moves = board.get_valid_moves()
        self.moves_played += 1
        result = moves[random.randint(0, len(moves) - 1)]
        print(f"I have {time_left():.1f} seconds left. Playing {result}.")
        return result
