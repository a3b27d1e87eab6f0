"""Board constants and the sensor table (Chicken R10)."""


def prob_hear(dx, dy):
    """P(hear) of a trapdoor at distance (dx, dy) (absolute values)."""
    dx, dy = abs(dx), abs(dy)
    if dx + dy == 1:
        return 0.5
    if dx == 1 and dy == 1:
        return 0.25
    if (dx == 2 and dy <= 1) or (dy == 2 and dx <= 1):
        return 0.1
    return 0.0


def prob_feel(dx, dy):
    """P(feel) of a trapdoor at distance (dx, dy) (absolute values)."""
    dx, dy = abs(dx), abs(dy)
    if dx + dy == 1:
        return 0.3
    if dx == 1 and dy == 1:
        return 0.15
    return 0.0


class GameMap:
    MAP_SIZE = 8
    MAX_TRAPDOOR_DIST_FROM_CENTER = 2
    NUM_TRAPDOORS_PER_TEAM = 1
    MAX_TURDS = 5
    MAX_TURNS = 40  # Arena: the game's `moves` option (Board.MAX_TURNS reads it)
    CORNER_REWARD = 3
    TRAPDOOR_PENALTY = -4

    def __init__(self):
        self.MAP_SIZE = GameMap.MAP_SIZE
        self.MAX_TRAPDOOR_DIST_FROM_CENTER = GameMap.MAX_TRAPDOOR_DIST_FROM_CENTER
        self.NUM_TRAPDOORS_PER_TEAM = GameMap.NUM_TRAPDOORS_PER_TEAM
        self.MAX_TURDS = GameMap.MAX_TURDS
        self.MAX_TURNS = GameMap.MAX_TURNS
        self.CORNER_REWARD = GameMap.CORNER_REWARD
        self.TRAPDOOR_PENALTY = GameMap.TRAPDOOR_PENALTY

    def reflect(self, loc, symmetry):
        """symmetry 0: (7-x, y); 1: (x, 7-y); 2: (7-x, 7-y)."""
        x, y = loc
        m = self.MAP_SIZE - 1
        if symmetry == 0:
            return (m - x, y)
        if symmetry == 1:
            return (x, m - y)
        if symmetry == 2:
            return (m - x, m - y)
        raise ValueError("unknown symmetry: %r" % (symmetry,))
