"""The `util` module the Rising Tide adapter supplies (docs/python-sdk.md "The `util` module")."""
import importlib.util
import os
import random
import sys
import unittest

from arena_sdk import rising_tide_util as util

UTIL_PATH = util.__file__
N = 18
CORNERS = [(0, 0), (0, 17), (17, 0), (17, 17)]


def load_util_copy(block_numpy):
    """A fresh copy of the module, with numpy made unimportable when block_numpy is set."""
    saved = sys.modules.get("numpy", "absent")
    if block_numpy:
        sys.modules["numpy"] = None  # `import numpy` raises ImportError
    try:
        spec = importlib.util.spec_from_file_location("util_copy_%d" % block_numpy, UTIL_PATH)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        if saved == "absent":
            sys.modules.pop("numpy", None)
        else:
            sys.modules["numpy"] = saved


def have_numpy():
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def start():
    return util.copy_grid(util.START_TERRAIN)


def random_terrain(rng):
    t = [[rng.choice([-1, 0, 1, 2, 5, 7, 8, 8]) for _ in range(N)] for _ in range(N)]
    for i, j in util.CITIES:
        t[i][j] = rng.choice([0, -1])
    return t


def moves_by_definition(mod, terrain):
    return {((i, j), dst) for i in range(N) for j in range(N) for dst in mod.nearby((i, j))
            if mod.is_legal(terrain, (i, j), dst)}


class UtilTable(unittest.TestCase):
    """Each function of the original util module on the cases the original's behaviour fixes."""

    def test_11_nearby_corner(self):
        self.assertEqual(util.nearby((0, 0)), {(0, 1), (1, 0), (1, 1)})

    def test_11_is_near_water_border_and_city(self):
        self.assertIs(util.is_near_water(start(), (0, 5)), True)
        self.assertIs(util.is_near_water(start(), (5, 5)), False)

    def test_11_rotate_move(self):
        self.assertEqual(util.rotate_move(3, ((4, 4), (4, 3))), ((4, 13), (3, 13)))
        self.assertEqual(util.rotate_move(1, ((4, 4), (4, 3))), ((13, 4), (14, 4)))

    def test_11_flood_101_floods_the_edge_ring(self):
        flooded = util.flood(start(), 101)
        self.assertEqual(sum(row.count(-1) for row in flooded), 68)
        self.assertTrue(all(flooded[i][j] == -1 for i in range(N) for j in range(N)
                            if min(i, j, 17 - i, 17 - j) == 0))

    def test_11_allowed_moves_start_2316(self):
        self.assertEqual(len(util.allowed_moves(start())), 2316)
        self.assertEqual(len(util.allowed_moves(util.START_TERRAIN)), 2316)


class Constants(unittest.TestCase):
    def test_6_3_board_size_and_sink_rate(self):
        self.assertEqual(util.BOARD_SIZE, 18)
        self.assertIsInstance(util.SINK_RATE, float)
        self.assertEqual(util.SINK_RATE, 1 / 100)

    def test_6_3_cities_is_a_mutable_list(self):
        self.assertEqual(util.CITIES, [(5, 5), (5, 12), (12, 12), (12, 5)])
        self.assertIs(type(util.CITIES), list)

    def test_6_3_start_terrain_r3(self):
        t = util.START_TERRAIN
        self.assertEqual(sum(sum(int(x) for x in row) for row in t), 1060)
        for i in range(N):
            for j in range(N):
                want = 0 if (i, j) in util.CITIES else min(i, j, 17 - i, 17 - j, 5) + 1
                self.assertEqual(t[i][j], want, (i, j))

    def test_6_3_start_terrain_same_in_every_view(self):
        t = start()
        for _ in range(4):
            t = [[t[17 - j][i] for j in range(N)] for i in range(N)]
            self.assertEqual(t, start())

    def test_6_3_public_names(self):
        public = {n for n in vars(util) if not n.startswith("_")}
        want = {"BOARD_SIZE", "CITIES", "SINK_RATE", "START_TERRAIN", "NEARBY_TABLE", "copy_grid",
                "dist", "nearby", "in_bounds", "is_legal", "allowed_moves", "is_near_water",
                "rotate_move", "flood", "Bot", "make_bot", "typing"}
        if have_numpy():
            want.add("np")
        self.assertEqual(public, want)


class NearbyTable(unittest.TestCase):
    def test_6_3_both_index_forms(self):
        t = util.NEARBY_TABLE
        self.assertIs(t[3, 4], t[(3, 4)])
        self.assertIs(t[3][4], t[3, 4])
        self.assertEqual(t[0, 17], {(0, 16), (1, 16), (1, 17)})

    def test_6_3_neighbour_sets(self):
        for i in range(N):
            for j in range(N):
                cells = util.NEARBY_TABLE[i, j]
                want = {(i + a, j + b) for a in (-1, 0, 1) for b in (-1, 0, 1)
                        if (a or b) and 0 <= i + a < N and 0 <= j + b < N}
                self.assertEqual(cells, want, (i, j))
                self.assertNotIn((i, j), cells)
        self.assertEqual(len(util.NEARBY_TABLE[5, 5]), 8)
        self.assertEqual(len(util.NEARBY_TABLE[0, 5]), 5)

    def test_6_3_nearby_is_the_same_set_object(self):
        self.assertIs(util.nearby((7, 8)), util.nearby((7, 8)))
        self.assertIs(util.nearby((7, 8)), util.NEARBY_TABLE[7, 8])
        self.assertIs(util.nearby([7, 8]), util.NEARBY_TABLE[7, 8])


class Helpers(unittest.TestCase):
    def test_6_3_copy_grid(self):
        grid = [[1.0, True, 3], [4, 5, -1]]
        copy = util.copy_grid(grid)
        self.assertEqual(copy, [[1, 1, 3], [4, 5, -1]])
        self.assertTrue(all(type(x) is int for row in copy for x in row))
        copy[0][0] = 9
        self.assertEqual(grid[0][0], 1.0)
        s = start()
        self.assertIsNot(util.copy_grid(s), s)
        self.assertIsNot(util.copy_grid(s)[0], s[0])

    def test_6_3_dist_is_taxicab(self):
        self.assertEqual(util.dist((0, 0), (3, 4)), 7)
        self.assertEqual(util.dist((5, 5), (4, 4)), 2)
        self.assertEqual(util.dist((12, 5), (5, 12)), 14)

    def test_6_3_in_bounds(self):
        for p in [(0, 0), (17, 17), (0, 17), (9, 3)]:
            self.assertTrue(util.in_bounds(p), p)
        for p in [(18, 0), (0, 18), (-1, 5), (5, -1)]:
            self.assertFalse(util.in_bounds(p), p)

    def test_d12_is_legal_has_no_adjacency_check(self):
        t = start()
        self.assertTrue(util.is_legal(t, (0, 0), (9, 9)))  # a far move: legal under the original rules
        self.assertTrue(util.is_legal(t, (1, 1), (1, 1)))  # src == dst passes
        self.assertTrue(util.is_legal(t, (4, 4), (4, 3)))

    def test_6_3_is_legal_conditions(self):
        t = start()
        t[2][2] = 0
        t[2][3] = -1
        t[2][4] = 8
        self.assertFalse(util.is_legal(t, (2, 2), (1, 1)))   # source height 0
        self.assertFalse(util.is_legal(t, (2, 3), (1, 1)))   # flooded source
        self.assertFalse(util.is_legal(t, (1, 2), (2, 3)))   # flooded destination
        self.assertFalse(util.is_legal(t, (1, 3), (2, 4)))   # destination at 8
        self.assertTrue(util.is_legal(t, (2, 4), (1, 4)))    # a source at 8 is fine
        self.assertFalse(util.is_legal(t, (4, 4), (5, 5)))   # city destination
        self.assertFalse(util.is_legal(t, (5, 12), (5, 11)))  # city source (height 0 anyway)
        t[5][12] = 3
        self.assertFalse(util.is_legal(t, (5, 12), (5, 11)))  # city source, with height
        self.assertFalse(util.is_legal(t, (17, 17), (18, 17)))  # off the board
        self.assertFalse(util.is_legal(t, (-1, 0), (0, 0)))

    def test_6_3_is_legal_follows_a_changed_cities_list(self):
        saved = list(util.CITIES)
        try:
            util.CITIES.append((3, 3))
            self.assertFalse(util.is_legal(start(), (3, 3), (3, 4)))
            self.assertNotIn(((3, 3), (3, 4)), util.allowed_moves(start()))
        finally:
            util.CITIES[:] = saved
        self.assertTrue(util.is_legal(start(), (3, 3), (3, 4)))

    def test_6_3_allowed_moves_is_a_set_of_neighbour_moves(self):
        moves = util.allowed_moves(start())
        self.assertIs(type(moves), set)
        for src, dst in moves:
            self.assertEqual(max(abs(src[0] - dst[0]), abs(src[1] - dst[1])), 1)
            self.assertTrue(util.is_legal(start(), src, dst))
            self.assertIs(type(src), tuple)

    def test_6_3_allowed_moves_equals_its_definition(self):
        rng = random.Random(6)
        for _ in range(30):
            t = random_terrain(rng)
            self.assertEqual(util.allowed_moves(t), moves_by_definition(util, t))

    def test_6_3_allowed_moves_uses_a_replaced_is_legal(self):
        saved = util.is_legal
        try:
            util.is_legal = lambda terrain, src, dst: src == (0, 0)
            self.assertEqual(util.allowed_moves(start()), {((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 0), (1, 1))})
        finally:
            util.is_legal = saved

    def test_6_3_is_near_water(self):
        t = start()
        for p in [(0, 0), (17, 3), (3, 17), (9, 0)]:
            self.assertTrue(util.is_near_water(t, p), p)
        for p in [(1, 1), (5, 5), (16, 16), (9, 9)]:
            self.assertFalse(util.is_near_water(t, p), p)
        t[8][8] = -1
        self.assertTrue(util.is_near_water(t, (7, 7)))
        self.assertTrue(util.is_near_water(t, (9, 8)))
        self.assertFalse(util.is_near_water(t, (8, 8)))  # the cell itself is not looked at
        self.assertFalse(util.is_near_water(t, (10, 10)))

    def test_6_3_rotate_move(self):
        m = ((4, 4), (4, 3))
        self.assertEqual(util.rotate_move(0, m), m)
        self.assertEqual(util.rotate_move(4, m), m)
        self.assertEqual(util.rotate_move(2, m), ((13, 13), (13, 14)))
        self.assertEqual(util.rotate_move(1, [[0, 0], [0, 1]]), ((17, 0), (16, 0)))

    def test_6_3_rotate_move_matches_r4(self):
        # Seat s's view cell (i, j) is this board cell (Rising Tide R4); rotate_move(4 - s) maps view to board.
        board_of = [lambda i, j: (i, j), lambda i, j: (j, 17 - i),
                    lambda i, j: (17 - i, 17 - j), lambda i, j: (17 - j, i)]
        for s in range(4):
            for i, j in [(0, 0), (4, 4), (4, 3), (12, 5), (17, 2)]:
                (a, b), _ = util.rotate_move((4 - s) % 4, ((i, j), (i, j)))
                self.assertEqual((a, b), board_of[s](i, j), (s, i, j))

    def test_1_rotate_move_none_raises_type_error(self):
        with self.assertRaises(TypeError):
            util.rotate_move(1, None)
        with self.assertRaises(TypeError):
            util.rotate_move(0, None)

    def test_r7_flood(self):
        t = start()
        self.assertEqual(util.flood(t, 100), t)              # 1 < 1.00 is false
        self.assertEqual(t, start())                         # the input is not changed
        self.assertIsNot(util.flood(t, 100), t)
        t[4][4] = -1
        self.assertEqual(util.flood(t, 0)[5][5], 0)          # nothing floods in round 0
        after = util.flood(t, 1)
        self.assertEqual(after[5][5], -1)                    # a city next to water, round >= 1
        self.assertEqual(after[4][5], 5)                     # height 5 needs round 501
        self.assertEqual(sum(row.count(-1) for row in after), 2)

    def test_r7_flood_spreads_one_cell_per_round(self):
        t = [[0] * N for _ in range(N)]
        t = util.flood(t, 1)
        self.assertEqual(sum(row.count(-1) for row in t), 68)
        t = util.flood(t, 2)
        self.assertEqual(sum(row.count(-1) for row in t), 68 + 60)

    def test_r10_four_passing_seats(self):
        t = start()
        flooded_in = {}
        for r in range(503):
            before = sum(row.count(-1) for row in t)
            t = util.flood(t, r)
            after = sum(row.count(-1) for row in t)
            if after != before:
                flooded_in[r] = after - before
        self.assertEqual(sorted(flooded_in), [101, 201, 301, 401, 501, 502])
        self.assertEqual(flooded_in[101], 68)
        self.assertEqual(flooded_in[502], 4)
        self.assertTrue(all(t[i][j] == -1 for i, j in util.CITIES))

    def test_6_3_bot_and_make_bot(self):
        def f(terrain, round_num):
            return None
        bot = util.make_bot("My Bot", "MB", f)
        self.assertIsInstance(bot, util.Bot)
        self.assertIsInstance(bot, tuple)
        self.assertEqual(util.Bot._fields, ("name", "code", "func"))
        self.assertEqual((bot.name, bot.code, bot.func), ("My Bot", "MB", f))
        name, code, func = bot
        self.assertIs(func, f)


class WithoutNumpy(unittest.TestCase):
    """The adapter runs without numpy installed (docs/python-sdk.md)."""

    def test_6_3_without_numpy(self):
        u = load_util_copy(block_numpy=True)
        self.assertFalse(hasattr(u, "np"))
        self.assertIs(type(u.START_TERRAIN), list)
        self.assertTrue(all(type(x) is int for row in u.START_TERRAIN for x in row))
        self.assertEqual(len(u.allowed_moves(u.START_TERRAIN)), 2316)
        self.assertEqual(u.NEARBY_TABLE[0, 0], {(0, 1), (1, 0), (1, 1)})
        self.assertIs(u.NEARBY_TABLE[(2, 3)], u.NEARBY_TABLE[2][3])
        self.assertEqual(len(u.NEARBY_TABLE), 18)
        self.assertEqual(u.NEARBY_TABLE.shape, (18, 18))
        rng = random.Random(9)
        for _ in range(5):
            t = random_terrain(rng)
            self.assertEqual(u.allowed_moves(t), moves_by_definition(u, t))


@unittest.skipUnless(have_numpy(), "numpy is not installed")
class WithNumpy(unittest.TestCase):
    def test_6_3_with_numpy(self):
        import numpy as np
        u = load_util_copy(block_numpy=False)
        self.assertIs(u.np, np)
        self.assertEqual(u.START_TERRAIN.dtype, np.int32)
        self.assertEqual(u.START_TERRAIN.shape, (18, 18))
        self.assertEqual(int(u.START_TERRAIN.sum()), 1060)
        self.assertEqual(u.NEARBY_TABLE.dtype, object)
        self.assertEqual(u.NEARBY_TABLE[0, 0], {(0, 1), (1, 0), (1, 1)})
        self.assertIs(u.nearby((4, 4)), u.NEARBY_TABLE[4, 4])
        self.assertEqual(len(u.allowed_moves(u.START_TERRAIN)), 2316)
        self.assertEqual(u.allowed_moves(u.START_TERRAIN), u.allowed_moves(u.copy_grid(u.START_TERRAIN)))
        self.assertTrue(u.is_near_water(u.START_TERRAIN, (0, 5)))
        flooded = u.flood(u.START_TERRAIN, 101)
        self.assertIs(type(flooded), list)
        self.assertEqual(sum(row.count(-1) for row in flooded), 68)


if __name__ == "__main__":
    unittest.main()
