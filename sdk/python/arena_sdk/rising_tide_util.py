"""The original Rising Tide ``util`` module, rewritten for Arena (docs/python-sdk.md "The ``util`` module").

The adapter registers this module as ``sys.modules['util']``, so a bot written for the original
that does ``import util`` gets it. Every public name has the original's meaning. numpy is used
only when it is installed: then ``START_TERRAIN`` is an int32 array and ``NEARBY_TABLE`` an object
array, as in the original; without it they are a list of lists and a small table object that
accepts the same index forms.

Public names: BOARD_SIZE, CITIES, SINK_RATE, START_TERRAIN, NEARBY_TABLE, copy_grid, dist, nearby,
in_bounds, is_legal, allowed_moves, is_near_water, rotate_move, flood, Bot, make_bot, typing and
(with numpy) np. Everything else starts with an underscore.
"""

import typing

try:
    import numpy as np
except Exception:  # not installed, or broken: the list-based forms below are used
    _HAVE_NUMPY = False
else:
    _HAVE_NUMPY = True

BOARD_SIZE = 18
CITIES = [(5, 5), (5, 12), (12, 12), (12, 5)]
SINK_RATE = 1 / 100


def _start_rows():
    last = BOARD_SIZE - 1
    rows = [[min(i, j, last - i, last - j, 5) + 1 for j in range(BOARD_SIZE)] for i in range(BOARD_SIZE)]
    for i, j in CITIES:
        rows[i][j] = 0
    return rows


def _nearby_rows():
    rows = []
    for i in range(BOARD_SIZE):
        row = []
        for j in range(BOARD_SIZE):
            row.append({(i + di, j + dj)
                        for di in (-1, 0, 1) for dj in (-1, 0, 1)
                        if (di or dj) and 0 <= i + di < BOARD_SIZE and 0 <= j + dj < BOARD_SIZE})
        rows.append(row)
    return rows


class _NearbyTable:
    """NEARBY_TABLE without numpy: ``t[i, j]`` (the same as ``t[(i, j)]``) is the set of (i, j)'s
    in-bounds 8-neighbours; ``t[i]`` is row i, so ``t[i][j]`` works too, as with numpy."""

    __slots__ = ("_rows",)
    shape = (BOARD_SIZE, BOARD_SIZE)

    def __init__(self, rows):
        self._rows = rows

    def __getitem__(self, key):
        if isinstance(key, (tuple, list)):
            i, j = key
            return self._rows[i][j]
        return self._rows[key]

    def __setitem__(self, key, value):
        if isinstance(key, (tuple, list)):
            i, j = key
            self._rows[i][j] = value
        else:
            self._rows[key] = value

    def __len__(self):
        return len(self._rows)

    def __iter__(self):
        return iter(self._rows)

    def tolist(self):
        return [list(row) for row in self._rows]

    def __repr__(self):
        return "NEARBY_TABLE(%d x %d sets of neighbours)" % self.shape


if _HAVE_NUMPY:
    START_TERRAIN = np.array(_start_rows(), dtype=np.int32)
    NEARBY_TABLE = np.empty((BOARD_SIZE, BOARD_SIZE), dtype=object)
    for _i, _row in enumerate(_nearby_rows()):
        for _j, _cell in enumerate(_row):
            NEARBY_TABLE[_i, _j] = _cell
    del _i, _j, _row, _cell
else:
    START_TERRAIN = _start_rows()
    NEARBY_TABLE = _NearbyTable(_nearby_rows())


def copy_grid(grid):
    """A new list of lists of the same shape, every value converted with int()."""
    return [[int(x) for x in row] for row in grid]


def dist(a, b):
    """Taxicab distance."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def nearby(pos):
    """The in-bounds 8-neighbours of pos (a set; the same set object every time)."""
    return NEARBY_TABLE[pos[0], pos[1]]


def in_bounds(pos):
    return 0 <= pos[0] < BOARD_SIZE and 0 <= pos[1] < BOARD_SIZE


def is_legal(terrain, src, dst):
    """The original's test. No adjacency check (Rising Tide D12): src == dst passes if the rest holds."""
    if not (in_bounds(src) and in_bounds(dst)):
        return False
    if not terrain[src[0]][src[1]] > 0:
        return False
    h = terrain[dst[0]][dst[1]]
    if h == -1 or h == 8:
        return False
    return src not in CITIES and dst not in CITIES


def _allowed_moves_by_definition(terrain):
    moves = set()
    for i in range(BOARD_SIZE):
        for j in range(BOARD_SIZE):
            src = (i, j)
            for dst in nearby(src):
                if is_legal(terrain, src, dst):
                    moves.add((src, dst))
    return moves


def allowed_moves(terrain):
    """The set of legal neighbour moves ((i, j), (i2, j2)); 2316 on the start terrain."""
    if (is_legal is not _ORIGINAL[0] or nearby is not _ORIGINAL[1] or in_bounds is not _ORIGINAL[2]
            or NEARBY_TABLE is not _ORIGINAL[3]):
        # A bot replaced a helper: follow the definition through the replaced names.
        return _allowed_moves_by_definition(terrain)
    # The same result as the definition, with is_legal inlined (this runs every round).
    n = BOARD_SIZE
    cities = CITIES
    table = NEARBY_TABLE._rows if not _HAVE_NUMPY else NEARBY_TABLE.tolist()
    moves = set()
    add = moves.add
    for i in range(n):
        trow = terrain[i]
        nrow = table[i]
        for j in range(n):
            if not trow[j] > 0:
                continue
            src = (i, j)
            if src in cities:
                continue
            for dst in nrow[j]:
                a, b = dst
                if 0 <= a < n and 0 <= b < n:
                    h = terrain[a][b]
                    if h != -1 and h != 8 and dst not in cities:
                        add((src, dst))
    return moves


def is_near_water(terrain, pos):
    """True if a neighbour of pos is flooded, or pos is a border cell. pos itself is not looked at."""
    for a, b in nearby(pos):
        if terrain[a][b] == -1:
            return True
    last = BOARD_SIZE - 1
    return pos[0] == 0 or pos[1] == 0 or pos[0] == last or pos[1] == last


def rotate_move(plr, move):
    """Applies (i, j) -> (17 - j, i) to both cells plr times. None raises TypeError (as at 74483a9)."""
    (i1, j1), (i2, j2) = move
    last = BOARD_SIZE - 1
    for _ in range(plr):
        i1, j1 = last - j1, i1
        i2, j2 = last - j2, i2
    return ((i1, j1), (i2, j2))


def flood(terrain, round_num):
    """One flood step (Rising Tide R7) with the original's float test height < round_num * SINK_RATE."""
    level = round_num * SINK_RATE
    last = BOARD_SIZE - 1
    new = copy_grid(terrain)
    for i in range(BOARD_SIZE):
        for j in range(BOARD_SIZE):
            h = new[i][j]
            if h == -1 or not h < level:
                continue
            if i == 0 or j == 0 or i == last or j == last:
                new[i][j] = -1
                continue
            for a, b in nearby((i, j)):
                if terrain[a][b] == -1:
                    new[i][j] = -1
                    break
    return new


class Bot(typing.NamedTuple):
    name: str
    code: str
    func: typing.Callable


def make_bot(name, code, func):
    return Bot(name, code, func)


_ORIGINAL = (is_legal, nearby, in_bounds, NEARBY_TABLE)
