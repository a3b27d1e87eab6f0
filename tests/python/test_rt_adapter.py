"""The Rising Tide adapter (docs/python-sdk.md), driven as a subprocess with hand-written protocol
messages. A test named test_6_2_N checks start-up step N of docs/python-sdk.md "What the adapter
does at start-up"; test_6_4_* the page's "print() goes to the log" and errors, test_6_5_* "Errors
and what a return value must be"."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from arena_sdk import rising_tide_util as util

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SDK = os.path.join(ROOT, "sdk", "python")
BOTS = os.path.join(ROOT, "tests", "bots", "rising_tide")
SAMPLE = os.path.join(BOTS, "sample_ais.py")
TIMEOUT = 30  # seconds; every run here takes well under one


def view_text(terrain):
    return "".join(" ".join(str(x) for x in row) + "\n" for row in terrain)


def first_message(terrain=None, seat=0, rules="written"):
    terrain = terrain or util.START_TERRAIN
    return ("rising_tide 1\nseat %d\nrotation %d\nrounds 800\nrules %s\nround 0\n%sgo\n"
            % (seat, seat, rules, view_text(terrain)))


def round_message(r, terrain=None):
    return "round %d\n%sgo\n" % (r, view_text(terrain or util.START_TERRAIN))


def game(rounds, end=True):
    """The messages of `rounds` rounds on the start terrain, and the `end` line."""
    text = first_message() + "".join(round_message(r) for r in range(1, rounds))
    return text + ("end 502 502 502 502\n" if end else "")


def run_adapter(args, stdin_text, prelude=None, cwd=None):
    """Runs the adapter; returns (exit status, stdout lines, stderr text). With prelude, the
    adapter is started through `python3 -c` after running that code (e.g. to block numpy)."""
    path = os.pathsep.join(x for x in [SDK, os.environ.get("PYTHONPATH", "")] if x)
    env = dict(os.environ, PYTHONPATH=path, PYTHONUNBUFFERED="1")
    if prelude is None:
        cmd = [sys.executable, "-m", "arena_sdk.rising_tide_compat"] + list(args)
    else:
        code = prelude + "\nimport runpy, sys\nsys.argv = ['rising_tide_compat'] + sys.argv[1:]\n" \
            "runpy.run_module('arena_sdk.rising_tide_compat', run_name='__main__', alter_sys=True)\n"
        cmd = [sys.executable, "-c", code] + list(args)
    p = subprocess.run(cmd, input=stdin_text.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, cwd=cwd or ROOT, timeout=TIMEOUT)
    return p.returncode, p.stdout.decode("utf-8", "replace").split("\n")[:-1], p.stderr.decode("utf-8", "replace")


def actions(lines):
    """The action lines: everything that is not a comment or empty."""
    return [x for x in lines if x and not x.startswith("#")]


def log_lines(lines):
    return [x[len("#log: "):] for x in lines if x.startswith("#log: ")]


class TempBots(unittest.TestCase):
    """Helpers for tests that need a bot file of their own."""

    def setUp(self):
        self._dir = tempfile.TemporaryDirectory()
        self.dir = self._dir.name

    def tearDown(self):
        self._dir.cleanup()

    def bot_file(self, name, source):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(textwrap.dedent(source))
        return path

    def returning(self, expression, name="ret.py", prelude=""):
        """A bot whose my_bot_fn returns `expression` (evaluated in the bot)."""
        return self.bot_file(name, "import util\n%s\nBot = util.make_bot('Ret', 'RT', lambda t, r: %s)\n"
                             % (prelude, expression))


class Selection(TempBots):
    """Start-up step 6 (docs/python-sdk.md "Which bot a file gives")."""

    def test_6_2_5_exit_at_import_keeps_what_was_printed(self):
        path = self.bot_file("quits_early.py", "import sys\nprint('bye')\nsys.exit(4)\n")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual((rc, out), (4, ["# bye"]))

    def test_6_2_6_name_selects_a_bot_object(self):
        rc, out, _ = run_adapter([SAMPLE, "trench_tunis"], game(2))
        self.assertEqual(rc, 0)
        self.assertEqual(out[0], "#name: TN Trench Tunis")
        self.assertEqual(len(actions(out)), 2)

    def test_6_2_6_name_selects_a_plain_callable(self):
        rc, out, _ = run_adapter([SAMPLE, "pass_perth_fn"], game(1))
        self.assertEqual(rc, 0)
        self.assertEqual(out, ["#name: PA pass_perth_fn", "pass"])

    def test_6_2_6_single_bot_object(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "sleeper.py")], game(1))
        self.assertEqual((rc, out), (0, ["#name: SL Sleeper", "pass"]))

    def test_6_2_6_my_bot_fn_when_not_exactly_one_bot(self):
        path = self.bot_file("two_bots.py", """\
            import util
            a = util.make_bot("A", "AA", lambda t, r: None)
            b = util.make_bot("B", "BB", lambda t, r: None)
            def my_bot_fn(terrain, round_num):
                return ((4, 4), (4, 3))
            """)
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual((rc, out), (0, ["#name: TW two_bots", "4 4 4 3"]))

    def test_6_2_6_my_bot_fn_alone(self):
        path = self.bot_file("plain.py", "def my_bot_fn(terrain, round_num):\n    return None\n")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual((rc, out), (0, ["#name: PL plain", "pass"]))

    def test_6_2_6_one_bot_bound_to_two_names_counts_once(self):
        path = self.bot_file("alias.py", """\
            import util
            my_bot = util.make_bot("Aliased", "AL", lambda t, r: None)
            default = my_bot
            """)
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual((rc, out), (0, ["#name: AL Aliased", "pass"]))

    def test_6_2_6_refusal_lists_the_bot_objects(self):
        rc, out, _ = run_adapter([SAMPLE], game(1))
        self.assertEqual(rc, 1)
        self.assertEqual(out, [
            "#log: no bot found in %s; Bot objects: pass_perth, random_rizhao, nearby_new_orleans, "
            "trench_tunis, border_barcelona, level_los_angeles" % SAMPLE,
            "#log: name one as python:%s:NAME, or define my_bot_fn(terrain, round_num)" % SAMPLE,
        ])

    def test_6_2_6_refusal_without_any_bot(self):
        path = os.path.join(BOTS, "no_bot.py")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(rc, 1)
        self.assertEqual(out[0], "#log: no bot found in %s; Bot objects: none" % path)
        self.assertEqual(actions(out), [])

    def test_6_2_6_unknown_name(self):
        rc, out, _ = run_adapter([SAMPLE, "seawall_sydney"], game(1))
        self.assertEqual(rc, 1)
        self.assertTrue(out[0].startswith("#log: no bot named seawall_sydney in %s; Bot objects: pass_perth, " % SAMPLE))
        # alone: the referee shows a crashed seat's last log line, which was the hint to name one
        self.assertEqual(len(out), 1, out)

    def test_6_2_7_name_and_code_are_cleaned_for_the_name_line(self):
        path = self.bot_file("odd.py", """\
            import util
            my_bot = util.make_bot("  A very long bot name that goes on and on and on  ", "X", lambda t, r: None)
            """)
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(rc, 0)
        self.assertEqual(out[0], "#name: X_ A very long bot name that goes on and on")


class StartUp(TempBots):
    """Start-up steps 1 to 5 and 8 (docs/python-sdk.md "What the adapter does at start-up")."""

    def test_6_2_1_one_answer_per_go_and_nothing_else(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "printer.py")], game(4))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["pass"] * 4)
        for line in out:
            self.assertTrue(line == "pass" or line.startswith("# ") or line.startswith("#name: "), line)

    def test_6_2_2_print_becomes_comment_lines(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "printer.py")], game(2))
        self.assertEqual(rc, 0)
        self.assertEqual(out, [
            "#name: PT Printer",
            "# printer loaded",   # printed at import time, held until the name line is out
            "# x", "# round 0", "pass",
            "# x", "# round 1", "# two", "# lines", "# ", "# no newline", "pass",
        ])

    def test_6_2_2_printed_text_never_looks_like_a_protocol_line(self):
        path = self.returning("print('#name: XX Evil') or print('#log: fake') or print('4 4 4 3')")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(out, ["#name: RT Ret", "# #name: XX Evil", "# #log: fake", "# 4 4 4 3", "pass"])

    def test_6_2_2_long_printed_lines_are_split(self):
        path = self.returning("print('a' * 10000)")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual([len(x) for x in out[1:-1]], [4002, 4002, 2002])
        self.assertEqual("".join(x[2:] for x in out[1:-1]), "a" * 10000)

    def test_6_2_2_stdout_buffer_and_file_descriptor_stay_off_the_protocol(self):
        path = self.returning("(sys.stdout.buffer.write(b'bytes\\n'), os.write(1, b'4 4 4 3\\n'), "
                              "sys.__stdout__.write('1 1 1 1\\n'), sys.__stdout__.flush(), None)[-1]",
                              prelude="import os, sys")
        rc, out, err = run_adapter([path], game(2))
        self.assertEqual(out, ["#name: RT Ret", "# bytes", "pass", "# bytes", "pass"])
        self.assertIn("4 4 4 3", err)
        self.assertIn("1 1 1 1", err)

    def test_6_2_2_stdout_fileno_is_the_log_not_the_protocol(self):
        # sys.stdout.fileno() raised io.UnsupportedOperation (faulthandler, subprocess's
        # stdout=sys.stdout and C extensions ask for it): the bot failed every round
        path = self.returning("(os.write(sys.stdout.fileno(), b'3 3 3 3\\n'), "
                              "os.write(sys.stdout.buffer.fileno(), b'2 2 2 2\\n'), None)[-1]",
                              prelude="import os, sys")
        rc, out, err = run_adapter([path], game(2))
        self.assertEqual(out, ["#name: RT Ret", "pass", "pass"])
        self.assertEqual(err.count("3 3 3 3"), 2, err)
        self.assertEqual(err.count("2 2 2 2"), 2, err)

    def test_6_2_2_input_cannot_eat_protocol_lines(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "calls_input.py")], game(4))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["pass", "4 4 4 3", "pass", "4 4 4 3"])
        logs = log_lines(out)
        self.assertEqual(logs.count("Input Asker has thrown an error. "), 2)
        self.assertEqual(logs.count("EOFError: EOF when reading a line"), 2)

    def test_6_2_2_stdin_is_empty(self):
        path = self.returning("print(repr(sys.stdin.read()), repr(sys.stdin.readline()))", prelude="import sys")
        rc, out, _ = run_adapter([path], game(2))
        self.assertEqual(out, ["#name: RT Ret", "# '' ''", "pass", "# '' ''", "pass"])

    def test_6_2_3_util_and_display_are_the_adapters(self):
        self.bot_file("util.py", "raise RuntimeError('the original util.py must not be imported')\n")
        self.bot_file("display.py", "raise RuntimeError('the original display.py must not be imported')\n")
        path = self.returning("print(util.__name__, display.__name__)", prelude="import display")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(out, ["#name: RT Ret", "# arena_sdk.rising_tide_util arena_sdk.rising_tide_display", "pass"])

    def test_6_2_3_run_game_at_import_is_ignored(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "run_game_at_import.py")], game(2))
        self.assertEqual(rc, 0)
        self.assertEqual(out, ["#name: ES Eager Starter", "# display.run_game ignored under Arena",
                               "4 4 4 3", "pass"])

    def test_6_2_4_bot_folder_first_on_path(self):
        self.bot_file("helper_for_bot.py", "MOVE = ((4, 4), (4, 3))\n")
        path = self.returning("helper_for_bot.MOVE", prelude="import helper_for_bot")
        rc, out, _ = run_adapter([path], game(1), cwd="/")
        self.assertEqual(out, ["#name: RT Ret", "4 4 4 3"])

    def test_6_2_4_seed_makes_random_bots_reproducible(self):
        one = run_adapter(["--seed", "7", SAMPLE, "random_rizhao"], game(6))
        two = run_adapter(["--seed", "7", SAMPLE, "random_rizhao"], game(6))
        other = run_adapter(["--seed", "8", SAMPLE, "random_rizhao"], game(6))
        self.assertEqual(one[0], 0)
        self.assertEqual(len(actions(one[1])), 6)
        self.assertEqual(one[1], two[1])
        self.assertNotEqual(one[1], other[1])

    def test_6_2_5_loaded_under_its_stem_not_main(self):
        path = self.bot_file("stemmed.py", """\
            import sys, util
            print(__name__, sys.modules[__name__] is sys.modules.get("stemmed"), sys.argv)
            if __name__ == "__main__":
                print("main block ran")
            my_bot = util.make_bot("Stemmed", "ST", lambda t, r: None)
            """)
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(out, ["#name: ST Stemmed", "# stemmed True %r" % [path], "pass"])

    def test_6_2_5_load_failure_logs_the_traceback_and_exits_1(self):
        path = os.path.join(BOTS, "import_fails.py")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(rc, 1)
        self.assertEqual(actions(out), [])
        logs = log_lines(out)
        self.assertEqual(logs[:4], [
            "%s could not be loaded; the seat stops." % path,
            "Traceback (most recent call last):",
            '  File "%s", line 13, in <module>' % path,
            '    DEPTH = SETTINGS["width"]',
        ])
        self.assertEqual(logs[-1], "KeyError: 'width'")

    def test_6_2_5_syntax_error_is_a_load_failure(self):
        path = self.bot_file("broken_syntax.py", "def my_bot_fn(terrain, round_num)\n    return None\n")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(rc, 1)
        self.assertEqual(log_lines(out)[0], "%s could not be loaded; the seat stops." % path)
        self.assertTrue(log_lines(out)[-1].startswith("SyntaxError"))

    def test_6_2_8_terrain_is_a_fresh_list_of_int_each_round(self):
        path = self.bot_file("fresh.py", """\
            seen = []
            def my_bot_fn(terrain, round_num):
                ok = (type(terrain) is list and len(terrain) == 18 and
                      all(type(row) is list and len(row) == 18 and all(type(x) is int for x in row)
                          for row in terrain))
                print(ok, round_num, type(round_num).__name__, terrain[0][0], terrain[5][5],
                      any(t is terrain for t in seen))
                terrain[0][0] = 99
                seen.append(terrain)
            """)
        rc, out, _ = run_adapter([path], game(3))
        self.assertEqual(out, ["#name: FR fresh", "# True 0 int 1 0 False", "pass",
                               "# True 1 int 1 0 False", "pass", "# True 2 int 1 0 False", "pass"])

    def test_6_2_8_view_is_passed_as_sent(self):
        t = util.copy_grid(util.START_TERRAIN)
        t[0][0], t[3][4], t[17][16] = -1, 8, 7
        path = self.returning("print(t[0][0], t[3][4], t[17][16])")
        rc, out, _ = run_adapter([path], first_message(t) + "end 1 2 3 4\n")
        self.assertEqual(out, ["#name: RT Ret", "# -1 8 7", "pass"])

    def test_6_2_8_exit_on_end(self):
        rc, out, _ = run_adapter([SAMPLE, "pass_perth"], game(2) + round_message(2))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["pass", "pass"])  # nothing is read after `end`

    def test_6_2_8_exit_at_end_of_input(self):
        rc, out, _ = run_adapter([SAMPLE, "pass_perth"], game(3, end=False))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["pass"] * 3)

    def test_6_2_8_round_number_from_the_message(self):
        path = self.returning("print(r)")
        rc, out, _ = run_adapter([path], first_message() + round_message(37) + round_message(502))
        self.assertEqual([x for x in out if x.startswith("# ")], ["# 0", "# 37", "# 502"])

    def test_6_2_usage_error(self):
        rc, out, err = run_adapter([], "")
        self.assertEqual(rc, 2)
        self.assertIn("usage:", err)


class ReturnValues(TempBots):
    """docs/python-sdk.md "Errors and what a return value must be", and Rising Tide D13."""

    def answer(self, expression, prelude=""):
        rc, out, _ = run_adapter([self.returning(expression, prelude=prelude)], game(1))
        self.assertEqual(rc, 0)
        return out[1:]

    def test_6_5_1_none_is_pass(self):
        self.assertEqual(self.answer("None"), ["pass"])

    def test_6_5_4_tuples(self):
        self.assertEqual(self.answer("((4, 4), (4, 3))"), ["4 4 4 3"])

    def test_6_5_2_lists_and_other_iterables(self):
        self.assertEqual(self.answer("[[4, 4], [4, 3]]"), ["4 4 4 3"])
        self.assertEqual(self.answer("([4, 4], (4, 3))"), ["4 4 4 3"])
        self.assertEqual(self.answer("iter([iter([4, 4]), range(4, 2, -1)])"), ["4 4 4 3"])

    def test_6_5_2_bool_is_accepted(self):
        self.assertEqual(self.answer("((True, True), (True, False))"), ["1 1 1 0"])

    def test_6_5_4_coordinates_pass_unchanged(self):
        # Legality is the referee's business (Rising Tide D6, D12): off-board and far moves go out as they are.
        self.assertEqual(self.answer("((0, 0), (9, 9))"), ["0 0 9 9"])
        self.assertEqual(self.answer("((-1, 0), (18, 99))"), ["-1 0 18 99"])

    def test_6_5_4_int_subclass_is_written_as_its_value(self):
        out = self.answer("((Odd(4), 4), (4, 3))", prelude="class Odd(int):\n    __repr__ = __str__ = lambda s: 'odd'\n")
        self.assertEqual(out, ["4 4 4 3"])

    def test_6_5_3_non_parseable_exact_lines(self):
        self.assertEqual(self.answer("((4.0, 4), (4, 3))"), [
            "#log: Ret has made a non-parseable move. ",
            "#log: move: ((4.0, 4), (4, 3))",
            "#log: TypeError: a move holds four Python int (bool counts); got 4.0 of type float",
            "pass"])
        self.assertEqual(self.answer("'4 4 4 3'"), [
            "#log: Ret has made a non-parseable move. ",
            "#log: move: '4 4 4 3'",
            "#log: ValueError: too many values to unpack (expected 2)",
            "pass"])

    def test_6_5_3_wrong_shapes(self):
        for value in ["((4, 4),)", "((4, 4, 4), (4, 3))", "42", "[[4, 4], [4, '3']]",
                      "((4, 4), (4, 3), (4, 2))", "'pass'", "{}", "((4, 4), None)", "((None, 4), (4, 3))"]:
            out = self.answer(value)
            self.assertEqual(out[0], "#log: Ret has made a non-parseable move. ", value)
            self.assertEqual(out[1], "#log: move: %s" % repr(eval(value)), value)
            self.assertEqual(out[-1], "pass", value)

    def test_d13_numpy_like_integers_are_non_parseable(self):
        # numpy integers are not int instances; this stand-in behaves the same way without numpy.
        prelude = textwrap.dedent("""\
            class int64:
                def __init__(self, v): self.v = v
                def __index__(self): return self.v
                def __int__(self): return self.v
                def __repr__(self): return "np.int64(%d)" % self.v
            """)
        out = self.answer("((int64(4), 4), (4, 3))", prelude=prelude)
        self.assertEqual(out, [
            "#log: Ret has made a non-parseable move. ",
            "#log: move: ((np.int64(4), 4), (4, 3))",
            "#log: TypeError: a move holds four Python int (bool counts); got np.int64(4) of type ret.int64",
            "pass"])

    @unittest.skipUnless(__import__("importlib").util.find_spec("numpy"), "numpy is not installed")
    def test_d13_numpy_integers_are_non_parseable(self):
        out = self.answer("tuple(tuple(x) for x in numpy.array([[4, 4], [4, 3]]))", prelude="import numpy")
        self.assertEqual(out[0], "#log: Ret has made a non-parseable move. ")
        self.assertEqual(out[-1], "pass")

    def test_6_5_3_other_errors_while_unpacking_are_thrown_errors(self):
        prelude = "class Bad:\n    def __iter__(self):\n        raise RuntimeError('iterating went wrong')\n"
        out = self.answer("Bad()", prelude=prelude)
        self.assertEqual(out[0], "#log: Ret has thrown an error. ")
        self.assertEqual(out[-2], "#log: RuntimeError: iterating went wrong")
        self.assertEqual(out[-1], "pass")

    def test_6_5_3_huge_repr_is_cut(self):
        out = self.answer("list(range(5000))")
        self.assertTrue(out[1].startswith("#log: move: [0, 1, 2,"))
        self.assertTrue(out[1].endswith("more characters)"))
        self.assertLess(len(out[1]), 4100)


class Exceptions(TempBots):
    """docs/python-sdk.md "Errors and what a return value must be" (exceptions), and Rising Tide D7."""

    def test_6_4_value_error_exact_lines(self):
        path = os.path.join(BOTS, "raises_value_error.py")
        rc, out, _ = run_adapter([path], game(2))
        self.assertEqual(rc, 0)
        entry = [
            "#log: Raiser has thrown an error. ",
            "#log: Your bot will forfeit its turn. ",
            "#log: Traceback (most recent call last):",
            '#log:   File "%s", line 7, in my_bot_fn' % path,
            '#log:     raise ValueError("no plan for round %d" % round_num)',
        ]
        self.assertEqual(out[0], "#name: RV Raiser")
        self.assertEqual(out[1:6], entry)
        self.assertEqual(out[6:8], ["#log: ValueError: no plan for round 0", "pass"])
        self.assertEqual(out[8:13], entry)
        self.assertEqual(out[13:], ["#log: ValueError: no plan for round 1", "pass"])

    def test_6_4_bot_keeps_playing_after_an_exception(self):
        path = self.bot_file("flaky.py", """\
            def my_bot_fn(terrain, round_num):
                if round_num == 1:
                    return 1 / 0
                return ((4, 4), (4, 3))
            """)
        rc, out, _ = run_adapter([path], game(3))
        self.assertEqual(actions(out), ["4 4 4 3", "pass", "4 4 4 3"])
        self.assertIn("#log: ZeroDivisionError: division by zero", out)

    def test_6_4_output_before_an_exception_comes_first(self):
        path = self.returning("(print('thinking'), sys.stdout.write('half'), 1 / 0)", prelude="import sys")
        rc, out, _ = run_adapter([path], game(1))
        self.assertEqual(out[1:4], ["# thinking", "# half", "#log: Ret has thrown an error. "])

    def test_6_4_system_exit_is_not_caught(self):
        rc, out, _ = run_adapter([os.path.join(BOTS, "system_exit.py")], game(6))
        self.assertEqual(rc, 3)
        self.assertEqual(actions(out), ["pass"] * 3)
        self.assertEqual(log_lines(out), [])

    def test_6_4_keyboard_interrupt_is_not_caught(self):
        path = self.returning("(_ for _ in ()).throw(KeyboardInterrupt())")
        rc, out, _ = run_adapter([path], game(2))
        self.assertNotEqual(rc, 0)
        self.assertEqual(actions(out), [])
        self.assertEqual(log_lines(out), [])


class WireLoop(TempBots):
    """arena_sdk.rising_tide.run: the plain protocol loop for bots run as commands."""

    def run_bot(self, path, stdin_text):
        env = dict(os.environ, PYTHONPATH=SDK)
        p = subprocess.run([sys.executable, path], input=stdin_text.encode(), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=env, timeout=TIMEOUT)
        return p.returncode, p.stdout.decode().split("\n")[:-1]

    def test_starter_bot_plays(self):
        rc, out = self.run_bot(os.path.join(SDK, "examples", "rising_tide_starter.py"), game(2))
        self.assertEqual(rc, 0)
        self.assertEqual(out[:2], ["#name: PS Python Starter", "# starter bot in seat 0"])
        self.assertEqual(len(actions(out)), 2)
        for line in actions(out):
            i1, j1, i2, j2 = map(int, line.split())
            self.assertTrue(util.is_legal(util.START_TERRAIN, (i1, j1), (i2, j2)), line)
            self.assertLessEqual(max(abs(i2 - 5), abs(j2 - 5)), 2, line)

    def test_run_reports_errors_and_stays_in_step(self):
        path = self.bot_file("wire.py", """\
            import os
            from arena_sdk import rising_tide
            def bot(view):
                os.write(1, b"stray\\n")
                if view.round == 1:
                    raise ValueError("oops")
                if view.round == 2:
                    return ((1.5, 1), (1, 2))
                print("rules", view.rules, "seat", view.seat)
                return ((4, 4), (4, 3))
            print("scores", rising_tide.run(bot, name="Wire"), file=__import__("sys").stderr)
            """)
        rc, out = self.run_bot(path, game(3))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["4 4 4 3", "pass", "pass"])
        self.assertEqual(out[0], "#name: WI Wire")
        self.assertIn("# rules written seat 0", out)
        self.assertIn("#log: Wire has thrown an error. ", out)
        self.assertIn("#log: ValueError: oops", out)
        self.assertNotIn("stray", out)

    def test_run_bad_return_is_a_non_parseable_move_under_the_clean_name(self):
        # a returned value that is no move was "has thrown an error" with a traceback of the SDK's
        # own frames, and the log lines carried the name as given (a newline split them, an escape
        # reached log.txt) while the seat's name was cleaned
        path = self.bot_file("badret.py", """\
            from arena_sdk import rising_tide
            def bot(view):
                return "hello" if view.round == 0 else ((1.5, 1), (1, 2))
            rising_tide.run(bot, name="Bad\\nName\\x1b[31m", code="BN")
            """)
        rc, out = self.run_bot(path, game(2))
        self.assertEqual(rc, 0)
        self.assertEqual(actions(out), ["pass", "pass"])
        self.assertEqual(out[0], "#name: BN Bad?Name?[31m")
        self.assertIn("#log: Bad?Name?[31m has made a non-parseable move. ", out)
        self.assertIn("#log: move: 'hello'", out)
        self.assertIn("#log: move: ((1.5, 1), (1, 2))", out)
        self.assertIn("#log: TypeError: 'float' object cannot be interpreted as an integer", out)
        self.assertFalse([line for line in out if "thrown" in line or "\x1b" in line], out)


class WithoutNumpy(TempBots):
    def test_11_adapter_runs_without_numpy(self):
        path = self.returning("print(type(util.START_TERRAIN).__name__, hasattr(util, 'np'), "
                              "len(util.allowed_moves(t)))")
        rc, out, _ = run_adapter([path], game(2), prelude="import sys\nsys.modules['numpy'] = None")
        self.assertEqual(rc, 0)
        self.assertEqual(out, ["#name: RT Ret", "# list False 2316", "pass", "# list False 2316", "pass"])

    def test_11_sample_bots_without_numpy(self):
        for name in ["pass_perth", "random_rizhao", "nearby_new_orleans", "trench_tunis",
                     "border_barcelona", "level_los_angeles"]:
            rc, out, _ = run_adapter(["--seed", "1", SAMPLE, name], game(3),
                                     prelude="import sys\nsys.modules['numpy'] = None")
            self.assertEqual(rc, 0, name)
            self.assertEqual(len(actions(out)), 3, name)
            self.assertEqual(log_lines(out), [], name)
            for line in actions(out)[:1]:
                if name != "pass_perth":
                    i1, j1, i2, j2 = map(int, line.split())
                    self.assertTrue(util.is_legal(util.START_TERRAIN, (i1, j1), (i2, j2)), (name, line))
                    self.assertEqual(max(abs(i1 - i2), abs(j1 - j2)), 1, (name, line))


if __name__ == "__main__":
    unittest.main()
