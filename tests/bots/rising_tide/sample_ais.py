# Our Python versions of the six Rising Tide sample bots, written in the original's style from
# the bots' descriptions (docs/games/rising_tide.md "Built-in bots"; the original sample_ais.py is
# not part of Arena).
# Every bot works on its own view (own city at (5, 5)) through the original's util helpers, and,
# as in the original, raises when it has no legal move left (the adapter turns that into a pass).
import random

import util


def pass_perth_fn(terrain, round_num):
    return None


pass_perth = util.make_bot("Pass Perth", "PR", pass_perth_fn)


def random_rizhao_fn(terrain, round_num):
    return random.choice(list(util.allowed_moves(terrain)))


random_rizhao = util.make_bot("Random Rizhao", "RZ", random_rizhao_fn)


def nearby_new_orleans_fn(terrain, round_num):
    # Put land as close to the city as possible; the source does not matter.
    moves = list(util.allowed_moves(terrain))
    best = min(util.dist(dst, util.CITIES[0]) for src, dst in moves)
    return random.choice([(src, dst) for src, dst in moves if util.dist(dst, util.CITIES[0]) == best])


nearby_new_orleans = util.make_bot("Nearby New Orleans", "NO", nearby_new_orleans_fn)


def trench_tunis_fn(terrain, round_num):
    # Dig at the coast nearest to the other cities.
    moves = list(util.allowed_moves(terrain))
    scores = []
    for src, dst in moves:
        if util.is_near_water(terrain, src):
            scores.append(min(util.dist(src, city) for city in util.CITIES[1:]))
        else:
            scores.append(float("inf"))
    best = min(scores)
    return random.choice([move for move, score in zip(moves, scores) if score == best])


trench_tunis = util.make_bot("Trench Tunis", "TN", trench_tunis_fn)


def border_barcelona_fn(terrain, round_num):
    # Carry inland land onto the coast.
    moves = list(util.allowed_moves(terrain))
    random.shuffle(moves)
    for src, dst in moves:
        if util.is_near_water(terrain, dst) and not util.is_near_water(terrain, src):
            return (src, dst)
    return moves[0]


border_barcelona = util.make_bot("Border Barcelona", "BC", border_barcelona_fn)


def level_los_angeles_fn(terrain, round_num):
    # Level the 10x10 block around the city: land flows downhill.
    moves = list(util.allowed_moves(terrain))
    random.shuffle(moves)
    for (i1, j1), (i2, j2) in moves:
        if max(i1, j1, i2, j2) < 10 and terrain[i1][j1] > terrain[i2][j2]:
            return ((i1, j1), (i2, j2))
    return moves[0]


level_los_angeles = util.make_bot("Level Los Angeles", "LA", level_los_angeles_fn)
