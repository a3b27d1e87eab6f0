"""Chicken's Python adapter (docs/games/chicken.md "Running original agents unchanged") and what
bots receive on the wire (Chicken D8).

The compatible `game` package is tested directly; the adapter is tested in real matches through
bin/arena with agents written in the original style (tests/bots/chicken/).
"""
import glob
import importlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The arena under test: $ARENA (make coverage's build), else bin/arena. (os.getenv, not
# os.environ.get: make sanitize picks the Python programs to run by the latter, and leaves this one
# out on purpose: it tests the adapter, which the ASan build does not change; tests/tests.mk.)
ARENA = os.getenv("ARENA") or os.path.join(ROOT, "bin", "arena")
BOTS = os.path.join(ROOT, "tests", "bots", "chicken")
LIB = os.path.join(ROOT, "sdk", "python", "arena_sdk", "chicken_lib")
if LIB not in sys.path:
    sys.path.insert(0, LIB)

game = importlib.import_module("game")
from game import board as gboard  # noqa: E402
from game.enums import Direction, MoveType, Result, WinReason, Cell, loc_after_direction  # noqa: E402
from game.game_map import GameMap, prob_hear, prob_feel  # noqa: E402
from game import trapdoor_manager  # noqa: E402
import board_utils  # noqa: E402


def fresh_board(a=(0, 2), b=(7, 2)):
    gm = GameMap()
    bd = gboard.Board(gm, 360)
    bd.chicken_player.start(a, 0)
    bd.chicken_enemy.start(b, 1)
    return bd


def play(*args, timeout=120):
    """Runs `arena play chicken ARGS --display none` and returns (json result, log text, history)."""
    tmp = tempfile.mkdtemp()
    try:
        log = os.path.join(tmp, "log")
        hist = os.path.join(tmp, "h")
        os.mkdir(hist)
        out = subprocess.run([ARENA, "play", "chicken", *args, "--display", "none", "--json", "--log", log,
                              "--history", hist], capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        result = json.loads(out.stdout)
        files = glob.glob(os.path.join(hist, "*.json"))
        history = json.load(open(files[0])) if files else None
        return result, open(log).read(), history
    finally:
        shutil.rmtree(tmp)


class GamePackage(unittest.TestCase):
    def test_star_import_binds_the_six_modules(self):
        ns = {}
        exec("from game import *", ns)
        self.assertEqual({"board", "chicken", "enums", "game_map", "history", "trapdoor_manager"},
                         {k for k in ns if not k.startswith("__")})

    def test_enums_have_the_original_names_and_values(self):
        self.assertEqual([(d.name, int(d)) for d in Direction], [("UP", 0), ("RIGHT", 1), ("DOWN", 2), ("LEFT", 3)])
        self.assertEqual([int(m) for m in MoveType], [0, 1, 2])
        self.assertEqual(int(WinReason.FAILED_INIT), 6)
        self.assertEqual(int(WinReason.SPAWN_BLOCKED), 7)
        self.assertEqual(int(Result.TIE), 2)
        self.assertEqual(int(Cell.TRAPDOOR), 5)
        self.assertEqual(loc_after_direction((3, 3), Direction.UP), (3, 2))
        with self.assertRaises(ValueError):
            loc_after_direction((3, 3), 7)

    def test_game_map_tables_and_reflect(self):
        self.assertEqual((prob_hear(1, 0), prob_hear(1, 1), prob_hear(2, 1), prob_hear(2, 2)), (0.5, 0.25, 0.1, 0.0))
        self.assertEqual((prob_feel(0, 1), prob_feel(1, 1), prob_feel(2, 0)), (0.3, 0.15, 0.0))
        gm = GameMap()
        self.assertEqual((gm.MAP_SIZE, gm.CORNER_REWARD, gm.TRAPDOOR_PENALTY), (8, 3, -4))
        self.assertEqual([gm.reflect((1, 2), s) for s in (0, 1, 2)], [(6, 2), (1, 5), (6, 5)])

    def test_valid_moves_in_rule_12_order_and_Q1(self):
        bd = fresh_board((2, 2), (6, 6))
        bd.turds_enemy.add((3, 2))
        moves = bd.get_valid_moves()
        self.assertEqual([(int(d), int(t)) for d, t in moves],
                         [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)])
        self.assertIsInstance(moves[0][0], Direction)
        self.assertFalse(bd.is_valid_move(Direction.RIGHT, MoveType.PLAIN))

    def test_is_valid_move_never_raises(self):
        bd = fresh_board()
        for bad in [(9, 0), (0, 7), ("UP", "EGG"), (None, 0), (1.5, 0), (True, 0)]:
            self.assertFalse(bd.is_valid_move(*bad))
        self.assertTrue(bd.is_valid_move(1, 1))

    def test_forecast_move_charges_no_time_and_honours_check_ok(self):
        bd = fresh_board()
        bd.player_time = 100.0
        child = bd.forecast_move(Direction.RIGHT, MoveType.EGG)
        self.assertEqual((bd.player_time, child.player_time), (100.0, 100.0))
        self.assertEqual(child.chicken_player.get_location(), (1, 2))
        self.assertEqual(child.chicken_player.get_eggs_laid(), 1)
        self.assertEqual(bd.chicken_player.get_location(), (0, 2))
        self.assertIsNone(bd.forecast_move(Direction.LEFT, MoveType.PLAIN))
        self.assertIsNotNone(bd.forecast_move(Direction.UP, MoveType.TURD, check_ok=False))

    def test_reverse_perspective_swaps_sides(self):
        bd = fresh_board()
        bd.eggs_player.add((0, 0))
        bd.enemy_time = 5.0
        bd.turns_left_enemy = 3
        bd.reverse_perspective()
        self.assertEqual(bd.eggs_enemy, {(0, 0)})
        self.assertEqual(bd.chicken_player.get_location(), (7, 2))
        self.assertEqual((bd.player_time, bd.turns_left_player), (5.0, 3))
        self.assertTrue(bd.is_as_turn)

    def test_end_turn_blocking_gives_5_and_ends(self):
        bd = fresh_board((7, 2), (7, 0))
        bd.eggs_player.add((6, 0))
        self.assertTrue(bd.apply_move(Direction.UP, MoveType.PLAIN))
        self.assertEqual(bd.chicken_player.get_eggs_laid(), 5)
        self.assertEqual((bd.get_winner(), bd.get_win_reason()), (Result.PLAYER, WinReason.BLOCKING_END))
        self.assertFalse(bd.is_as_turn)

    def test_corner_egg_and_game_end_by_moves(self):
        bd = fresh_board((0, 0), (7, 7))
        bd.turns_left_player, bd.turns_left_enemy = 1, 0
        self.assertTrue(bd.apply_move(Direction.RIGHT, MoveType.EGG))
        self.assertEqual(bd.chicken_player.get_eggs_laid(), 3)
        self.assertEqual((bd.get_winner(), bd.get_win_reason()), (Result.PLAYER, WinReason.EGGS_LAID))

    def test_check_win_timeout_without_tie_branch(self):
        bd = fresh_board()
        bd.player_time = -0.1
        bd.check_win()
        self.assertEqual((bd.winner, bd.win_reason), (Result.ENEMY, WinReason.TIMEOUT))

    def test_can_lay_helpers(self):
        bd = fresh_board((3, 3), (4, 3))
        self.assertTrue(bd.can_lay_egg())
        self.assertFalse(bd.can_lay_turd())  # the enemy is adjacent
        bd.chicken_enemy.loc = (5, 5)
        self.assertTrue(bd.can_lay_turd())
        bd.turds_enemy.add((3, 3))
        self.assertFalse(bd.can_lay_egg())

    def test_chicken_and_sensor_likelihoods(self):
        c = game.chicken.Chicken(5)
        c.start((0, 2), 0)
        self.assertTrue(c.is_player_a() and c.has_turds_left())
        self.assertEqual(c.get_next_loc(Direction.DOWN), (0, 3))
        self.assertIsNone(c.get_next_loc(9))
        self.assertEqual(c.prob_senses_if_trapdoor_were_at(True, False, 1, 2), (0.5, 0.7))
        d = c.get_copy()
        d.apply_dir(Direction.RIGHT)
        self.assertEqual(c.get_location(), (0, 2))

    def test_trapdoor_manager_follows_rules_5_and_6(self):
        random.seed(1)
        tm = trapdoor_manager.TrapdoorManager(GameMap())
        counts = {}
        for _ in range(4000):
            a, b = tm.choose_spawns()
            self.assertEqual(a[1], b[1])
            self.assertIn(a[1], range(1, 7))
            w, bl = tm.choose_trapdoors() and tm.trapdoors
            self.assertEqual((sum(w) % 2, sum(bl) % 2), (0, 1))
            counts[w] = counts.get(w, 0) + 1
        self.assertEqual(set(counts), {(3, 3), (4, 4), (2, 2), (2, 4), (3, 5), (4, 2), (5, 3), (5, 5)})
        self.assertGreater(counts[(3, 3)], counts[(2, 2)])
        self.assertEqual(len(tm.sample_trapdoors((0, 0))), 2)

    def test_board_string(self):
        bd = fresh_board()
        bd.eggs_player.add((1, 1))
        text, a_eggs, b_eggs, a_t, b_t = board_utils.get_board_string(bd, {(3, 3)})
        lines = text.splitlines()
        self.assertEqual(lines[0], "  0 1 2 3 4 5 6 7")
        self.assertEqual(lines[3][2], "@")
        self.assertEqual(lines[3][2 + 2 * 7], "%")
        self.assertEqual(lines[2][2 + 2 * 1], "a")
        self.assertEqual(lines[4][2 + 2 * 3], "T")
        self.assertEqual((a_eggs, b_eggs, a_t, b_t), (0, 0, 5, 5))


class Adapter(unittest.TestCase):
    def test_yolanda_style_agent_runs_unchanged_with_prints_as_comments(self):
        r, log, hist = play("python:" + os.path.join(BOTS, "Yolly"), "builtin:greedy", "--seed", "1")
        self.assertEqual(r["verdicts"][0], {"late": 0, "down": 0, "invalid": 0, "crash": 0})
        self.assertIn("[Yolly | start-up]: Yolly starting at", log)
        self.assertRegex(log, r"\[Yolly \| turn #\d+\]: I have 3\d\d\.\d seconds left")
        self.assertEqual(hist["turn_count"], 80)

    @unittest.skipUnless(importlib.util.find_spec("numpy"), "numpy is not installed")
    def test_yolanda_style_agent_with_numpy(self):
        r, log, _ = play("python:" + os.path.join(BOTS, "NumpyYolly"), "builtin:yolanda", "--seed", "2")
        self.assertEqual(r["verdicts"][0]["crash"], 0)
        self.assertIn("numpy picked", log)

    def test_minimax_agent_with_forecast_and_reverse_runs(self):
        r, log, hist = play("python:" + os.path.join(BOTS, "Minimax"), "builtin:yolanda", "--seed", "3")
        self.assertEqual(r["verdicts"][0], {"late": 0, "down": 0, "invalid": 0, "crash": 0})
        self.assertIn("value", log)
        self.assertEqual(r["scores"][0], 1)  # a 3-ply search beats random moves

    def test_promises_checked_from_inside_as_A_and_as_B(self):
        # time_left() in __init__, B's constructor sees B, bool sensors, forecast costs nothing,
        # star import, no numpy unless imported.
        for seat_args in (["python:" + os.path.join(BOTS, "Checker"), "builtin:yolanda"],
                          ["builtin:yolanda", "python:" + os.path.join(BOTS, "Checker")]):
            r, log, _ = play(*seat_args, "--option", "colours=fixed", "--seed", "4")
            me = 0 if seat_args[0].startswith("python") else 1
            self.assertEqual(r["verdicts"][me], {"late": 0, "down": 0, "invalid": 0, "crash": 0}, log[-2000:])
            self.assertIn("init ok: time_left", log)
            self.assertIn("seat %s" % ("A" if me == 0 else "B"), log)
            self.assertIn("numpy loaded: False", log)

    def test_exception_in_play_is_code_crash(self):
        r, log, hist = play("python:" + os.path.join(BOTS, "Crasher"), "builtin:yolanda", "--option", "colours=fixed",
                            "--seed", "5")
        self.assertEqual(hist["reason"], "CODE_CRASH")
        self.assertEqual(hist["result"], 1)
        self.assertIn("deliberate failure in play", hist["errlog_a"])

    def test_returning_9_0_is_invalid_turn(self):
        r, log, hist = play("python:" + os.path.join(BOTS, "BadMove"), "builtin:yolanda", "--option", "colours=fixed",
                            "--seed", "6")
        self.assertEqual(hist["reason"], "INVALID_TURN")
        # the enum name when in range, the raw value otherwise (as docs/games/chicken.md says)
        self.assertIn('"9 PLAIN"', log)

    def test_a_folder_without_agent_py_says_so(self):
        tmp = tempfile.mkdtemp()
        try:
            r, log, hist = play("python:" + tmp, "builtin:yolanda", "--option", "colours=fixed", "--seed", "7")
            self.assertEqual(hist["reason"], "FAILED_INIT")
            self.assertIn("is not an agent package: it has no agent.py", hist["errlog_a"])
        finally:
            shutil.rmtree(tmp)

    def test_import_error_is_failed_init(self):
        tmp = tempfile.mkdtemp()
        try:
            agent = os.path.join(tmp, "Broken")
            os.mkdir(agent)
            open(os.path.join(agent, "__init__.py"), "w").write("from .agent import PlayerAgent\n")
            open(os.path.join(agent, "agent.py"), "w").write("import no_such_module_here\n")
            r, log, hist = play("python:" + agent, "builtin:yolanda", "--option", "colours=fixed", "--seed", "7")
            self.assertEqual(hist["reason"], "FAILED_INIT")
            self.assertEqual(hist["turn_count"], 0)
            self.assertIn("no_such_module_here", hist["errlog_a"])
        finally:
            shutil.rmtree(tmp)

    def test_output_past_print_stays_off_the_protocol(self):
        # A line a child process printed (os.system, subprocess), or written with os.write(1, ...) or
        # sys.__stdout__, was read as the agent's move: INVALID_TURN, the game lost at its first
        # move. sys.stdout.buffer did not exist: the agent crashed at start-up; sys.stdout.fileno()
        # raised io.UnsupportedOperation: the agent crashed at its first move.
        tmp = tempfile.mkdtemp()
        try:
            agent = os.path.join(tmp, "Noisy")
            shutil.copytree(os.path.join(BOTS, "Yolly"), agent)
            src = open(os.path.join(agent, "agent.py")).read()
            src = src.replace("        self.moves_played = 0\n",
                              "        self.moves_played = 0\n"
                              "        import sys\n"
                              "        sys.stdout.buffer.write(b'bytes through the buffer\\n')\n")
            src = src.replace("        moves = board.get_valid_moves()\n",
                              "        import os, subprocess, sys\n"
                              "        os.system('echo a child printed this')\n"
                              "        subprocess.run(['sh', '-c', 'echo so did a subprocess'])\n"
                              "        null = os.stat(os.devnull)\n"
                              "        print('stdin is /dev/null:', os.path.samestat(os.fstat(0), null))\n"
                              "        os.write(1, b'written to fd 1\\n')\n"
                              "        os.write(sys.stdout.fileno(), b'written to stdout.fileno()\\n')\n"
                              "        sys.__stdout__.write('written to sys.__stdout__\\n')\n"
                              "        sys.__stdout__.flush()\n"
                              "        moves = board.get_valid_moves()\n")
            open(os.path.join(agent, "agent.py"), "w").write(src)
            r, log, hist = play("python:" + agent, "builtin:yolanda", "--option", "colours=fixed", "--seed", "8")
            self.assertEqual(r["verdicts"][0], {"late": 0, "down": 0, "invalid": 0, "crash": 0}, log[-2000:])
            self.assertEqual(hist["turn_count"], 80)
            self.assertIn("[Noisy | start-up]: bytes through the buffer", log)
            self.assertNotIn("a child printed this", log)
            self.assertIn("stdin is /dev/null: True", log)  # a child reading stdin ate the protocol
        finally:
            shutil.rmtree(tmp)


class Wire(unittest.TestCase):
    """D8 through real pipes: every byte each seat receives, checked against the replay's record."""

    def test_bytes_sent_hold_only_what_the_seat_may_know(self):
        tmp = tempfile.mkdtemp()
        try:
            games = 40
            kits = os.path.join(os.path.dirname(ARENA), "kits", "chicken")
            allowed = {"chicken", "seat", "spawn", "moves", "turds", "bank", "startup", "ready", "turn", "pos",
                       "eggs", "turdsleft", "score", "found", "sense", "time", "go", "end"}
            for g in range(games):
                cap = [os.path.join(tmp, "g%d_s%d" % (g, s)) for s in range(2)]
                rep = os.path.join(tmp, "g%d.rep" % g)
                # Each line goes to the capture file before the bot sees it: with tee (bot first) the
                # bot could read "end" and exit, and the referee end the seat's process group, before
                # the line reached the file.
                copy = "while IFS= read -r l; do printf \"%%s\\n\" \"$l\" >>%s; printf \"%%s\\n\" \"$l\"; done"
                seats = ["sh -c '%s | %s/%s %d'" % (copy % cap[s], kits, ("tracker", "yolanda")[s], g) for s in range(2)]
                subprocess.run([ARENA, "play", "chicken", *seats, "--seed", str(100 + g), "--display", "none",
                                "--replay", rep, "--sandbox-write", tmp], check=True, capture_output=True, timeout=60)
                records = [json.loads(line) for line in open(rep)]
                header, turns = records[0], [r for r in records if r["type"] == "turn"]
                frames = [header["frame"]] + [t["frame"] for t in turns]
                seat_a = header["frame"]["seat_a"]
                doors = [tuple(d) for d in header["frame"]["doors"]]
                for s in range(2):
                    colour = "A" if s == seat_a else "B"
                    text = open(cap[s]).read()
                    blocks, cur = [], []
                    for ln in text.split("\n"):
                        w = ln.split()
                        if not w:
                            continue
                        if w[0] in ("ready", "go"):
                            blocks.append(cur)
                            cur = []
                        else:
                            cur.append(w)
                    self.assertTrue(cur and cur[-1][0] == "end")  # the end line closes the stream
                    for lines in blocks:
                        block = " | ".join(" ".join(w) for w in lines)
                        for w in lines:
                            self.assertIn(w[0], allowed, block)
                        kv = {w[0]: w[1:] for w in lines}
                        if "turn" not in kv:
                            self.assertEqual(kv["seat"], [colour])
                            continue
                        k = int(kv["turn"][0])
                        before = frames[k]  # the state this block describes
                        self.assertEqual(before["mover"], colour)  # only the mover is asked
                        found = {tuple(int(v) for v in c.split(",")) for c in kv["found"]}
                        expect = {doors[i] for i in range(2) if before["found"][i]}
                        self.assertEqual(found, expect)  # undiscovered doors never listed
                        # the seat's own readings for this ply, exactly
                        self.assertEqual([int(v) for v in kv["sense"]], before["sense"])
        finally:
            shutil.rmtree(tmp)


if __name__ == "__main__":
    unittest.main()
