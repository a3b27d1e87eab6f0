"""Arena's compatible `game` package for Chicken agents written for the CS3600 Fall 2025 engine.

`from game import *` binds the six submodules, as the original did. The rules are Arena's (see
docs/games/chicken.md): the same API, without the original's bugs.
"""
from . import board, chicken, enums, game_map, history, trapdoor_manager

__all__ = ["board", "chicken", "enums", "game_map", "history", "trapdoor_manager"]
