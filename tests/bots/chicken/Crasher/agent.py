# Raises in play on its third turn (Arena's tests: CODE_CRASH).
from game import *

class PlayerAgent:
    def __init__(self, board, time_left):
        self.n = 0

    def play(self, board, sensor_data, time_left):
        self.n += 1
        if self.n == 3:
            raise ValueError("deliberate failure in play")
        return board.get_valid_moves()[0]
