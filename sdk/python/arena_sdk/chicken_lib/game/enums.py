"""Enumerations with the original's names and values (plus Arena's WinReason.SPAWN_BLOCKED)."""
from enum import IntEnum


class Direction(IntEnum):
    UP = 0
    RIGHT = 1
    DOWN = 2
    LEFT = 3


class MoveType(IntEnum):
    PLAIN = 0
    EGG = 1
    TURD = 2


class Result(IntEnum):
    PLAYER = 0
    ENEMY = 1
    TIE = 2
    ERROR = 3


class ResultArbiter(IntEnum):
    PLAYER_A = 0
    PLAYER_B = 1
    TIE = 2
    ERROR = 3


class WinReason(IntEnum):
    EGGS_LAID = 0
    BLOCKING_END = 1
    TIMEOUT = 2
    INVALID_TURN = 3
    CODE_CRASH = 4
    MEMORY_ERROR = 5
    FAILED_INIT = 6
    SPAWN_BLOCKED = 7  # Arena: a chicken that fell cannot stand on its spawn (Chicken D3)


class Cell(IntEnum):
    SPACE = 0
    PLAYER_A_EGG = 1
    PLAYER_A_TURD = 2
    PLAYER_B_EGG = 3
    PLAYER_B_TURD = 4
    TRAPDOOR = 5


_STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def _dir_index(direction):
    """The direction as 0..3, or None when it is not one (bools and non-integers are not)."""
    if isinstance(direction, bool):
        return None
    try:
        value = int(direction)
    except (TypeError, ValueError):
        return None
    if value != direction or value not in _STEP:
        return None
    return value


def loc_after_direction(loc, direction):
    """The neighbouring (x, y) of loc in that direction; ValueError for an unknown direction."""
    d = _dir_index(direction)
    if d is None:
        raise ValueError("unknown direction: %r" % (direction,))
    dx, dy = _STEP[d]
    return (loc[0] + dx, loc[1] + dy)
