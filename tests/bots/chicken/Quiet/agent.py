# A no-sleep random agent in the original API's style, without prints: the benchmark's agent.
import random
from collections.abc import Callable

from game import *


class PlayerAgent:
    def __init__(self, board: board.Board, time_left: Callable):
        pass

    def play(self, board: board.Board, sensor_data, time_left: Callable):
        return random.choice(board.get_valid_moves())
