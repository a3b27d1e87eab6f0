"""Spawns, trapdoors and sensors (Chicken R5, R6 and R10) with the `random` module, for agents' own
simulators. The referee draws the real ones from the match RNG; these never see them."""
import random

from . import game_map as _game_map


def delta_locs(a, b):
    return (abs(a[0] - b[0]), abs(a[1] - b[1]))


def _default_weights(size=8):
    w = [[0] * size for _ in range(size)]
    for x in range(2, 6):
        for y in range(2, 6):
            w[x][y] = 2 if x in (3, 4) and y in (3, 4) else 1
    return w


def choose_trapdoor(weights, parity):
    """Rejection sampling: a square drawn with probability w/total, kept when (x + y) % 2 == parity.
    weights is indexed weights[x][y] (a nested list or an array)."""
    flat = []
    for x, column in enumerate(weights):
        for y, w in enumerate(column):
            flat.append(((x, y), float(w)))
    total = sum(w for _, w in flat)
    if total <= 0 or not any(w > 0 and (loc[0] + loc[1]) % 2 == parity for loc, w in flat):
        raise ValueError("no square of parity %d has weight" % parity)
    while True:
        r = random.random() * total
        acc = 0.0
        for loc, w in flat:
            acc += w
            if acc > r:
                break
        if (loc[0] + loc[1]) % 2 == parity:
            return loc


class TrapdoorManager:
    def __init__(self, game_map):
        self.game_map = game_map
        self.trapdoors = []
        self.spawns = None
        self.weights = _default_weights(game_map.MAP_SIZE)

    def choose_spawns(self):
        size = self.game_map.MAP_SIZE
        y = random.randint(1, size - 2)
        a, b = ((0, y), (size - 1, y)) if y % 2 == 0 else ((size - 1, y), (0, y))
        self.spawns = (a, b)
        return self.spawns

    def choose_trapdoors(self):
        self.trapdoors = [choose_trapdoor(self.weights, 0), choose_trapdoor(self.weights, 1)]
        return set(self.trapdoors)

    def sample_trapdoors(self, loc):
        """[(heard, felt) for the white door, then the black door] at loc."""
        out = []
        for door in self.trapdoors:
            dx, dy = delta_locs(loc, door)
            out.append((random.random() < _game_map.prob_hear(dx, dy), random.random() < _game_map.prob_feel(dx, dy)))
        return out

    def is_trapdoor(self, loc):
        return tuple(loc) in set(self.trapdoors)

    def get_trapdoors(self):
        return set(self.trapdoors)

    def get_spawns(self):
        return self.spawns
