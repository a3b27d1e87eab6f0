"""The misbehaving-bot matrix: for every game, a real bot wrapped by tests/bots/misbehave_wrap.py
crashes at its first move, crashes mid-game, prints garbage, prints a 100 MB line, prints a line
that never ends, puts a NUL byte in an answer, prints before it is asked, prints nothing, answers
twice, answers late, trickles one byte per second, closes stdout, or exits 0 early. For each:
the game ends with the result the game's spec prescribes, the verdict is recorded, the referee's
memory stays bounded (no 100 MB buffer) and no process of the seat is left behind.
"""
import concurrent.futures
import json
import os
import resource
import subprocess
import unittest
import uuid

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
ARENA = os.environ.get("ARENA", os.path.join(ROOT, "bin", "arena"))
KITS = os.path.join(os.path.dirname(os.path.realpath(ARENA)), "kits")
WRAP = os.path.join(ROOT, "tests", "bots", "misbehave_wrap.py")
MODES = ["crash1", "crash", "exit0", "garbage", "huge", "silent", "twice", "late", "trickle", "close", "endless", "nul",
         "early"]
# Rezzo reads 2-byte records: a NUL is one of its bytes, and a record stream never "ends a line"
# (its flood is the huge case's).
SKIP = {("rezzo", "endless"), ("rezzo", "nul")}

# game -> (seat list with {W} for the wrapped bot, wrapped seat index, kit bot, arguments)
GAMES = {
    "rising_tide": (["builtin:pass_perth", "{W}", "builtin:pass_perth", "builtin:pass_perth"], 1, "random_rizhao",
                    ["--option", "rounds=30", "--move-ms", "200", "--hard-ms", "5000", "--startup-ms", "5000"]),
    "suitebot": (["{W}", "builtin:harvester", "builtin:random"], 0, "random",
                 ["--option", "rounds=30", "--move-ms", "200", "--hard-ms", "5000", "--startup-ms", "5000"]),
    "chicken": (["{W}", "builtin:greedy"], 0, "yolanda",
                ["--option", "colours=fixed", "--bank-ms", "4000", "--startup-ms", "5000"]),
    "splitter": (["{W}"], 0, "greedy", ["--hard-ms", "2500", "--startup-ms", "5000"]),
    "rezzo": (["{W}", "builtin:wander"], 0, "wander",
              ["--option", "size=32x32", "--option", "max_ticks=20", "--option", "tick_ms=200", "--quick"]),
}
RECORDS = {"rezzo": 2}  # binary games: the wrapper counts N-byte records instead of lines


def run(game, mode):
    seats, w, kit, args = GAMES[game]
    if (game, mode) == ("rezzo", "huge"):
        # The flood must pass 16 MiB within one tick to be a flood (the count starts anew with each
        # question): 200 ms asked the loaded machine for 80 MB/s through Python, a pipe and the
        # referee's record parser, which it did not always give. 3 s needs 5.3 MB/s.
        args = ["tick_ms=3000" if a == "tick_ms=200" else a for a in args]
    mark = "mark-" + uuid.uuid4().hex
    k = 1 if mode == "crash1" else 3
    wmode = "crash" if mode == "crash1" else mode
    rec = f"--records {RECORDS[game]} " if game in RECORDS else ""
    wrapped = f"python3 {WRAP} {wmode} {k} {rec}--mark {mark} -- {KITS}/{game}/{kit}"
    cmd = [ARENA, "play", game] + [wrapped if s == "{W}" else s for s in seats] + args + [
        "--seed", "5", "--display", "none", "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=dict(os.environ, LATE_SECONDS="1.0"))
    left = subprocess.run(["pgrep", "-f", mark], capture_output=True, text=True).stdout.split()
    maxrss_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return p, left, w, maxrss_kb


class Matrix(unittest.TestCase):
    results = {}

    @classmethod
    def setUpClass(cls):
        jobs = [(g, m) for g in GAMES for m in MODES if (g, m) not in SKIP]
        # Four games at a time: they mostly wait (on silences, trickles, late answers and the 5 s
        # hard limits; 10 s of CPU in 50 games), and two at a time took 59-62 s against 34-37 s.
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as ex:
            futs = {ex.submit(run, g, m): (g, m) for g, m in jobs}
            for f in concurrent.futures.as_completed(futs):
                cls.results[futs[f]] = f.result()

    def check(self, game, mode):
        p, left, w, maxrss = self.results[(game, mode)]
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        self.assertEqual(left, [], f"processes of the seat left behind: {left}")
        # 100 MB lines must not be buffered: every process of the run stays far below that.
        self.assertLess(maxrss, 80 * 1024, f"max RSS {maxrss} kB")
        r = json.loads(p.stdout)
        v = r["verdicts"][w]
        return r, v

    # --- the expected result of each misbehaviour, per game (each game's spec) ---

    def expect_down_or_crash_loses(self, game, r, v, kind):
        """A seat out of play: Rising Tide and SuiteBot play on (passes/holds); Chicken loses
        the game; Splitter's game scores 0."""
        self.assertEqual(v[kind], 1, v)
        if game in ("rising_tide", "suitebot"):
            self.assertEqual(r["turns"], 30)
        elif game == "chicken":
            self.assertEqual(r["ranks"][0], 2, r)
            self.assertEqual(r["ranks"][1], 1, r)
        else:
            self.assertEqual(r["scores"][0], 0, r)


def rezzo_expect(self, r, v, mode):
    """Rezzo T2-T4: a process failure or a flood eliminates the seat; no reply, late or
    stale records (wrong tick byte), a closed stdout and garbage are not verdicts (NO_MESSAGE, or
    dropped silently); a second record for a tick is MULTIPLE_MESSAGES (invalid)."""
    if mode in ("crash1", "crash", "exit0"):
        self.assertEqual(v["crash"], 1, v)
        self.assertEqual(r["ranks"], [2, 1], r)
    elif mode == "huge":
        self.assertEqual(v["down"], 1, v)
        self.assertEqual(r["ranks"], [2, 1], r)
    elif mode == "twice":
        self.assertEqual(v["invalid"], 1, v)
        self.assertEqual(r["turns"], 20)
    else:
        self.assertEqual(v, {"late": 0, "down": 0, "invalid": 0, "crash": 0})
        self.assertEqual(r["turns"], 20)


def make(game, mode):
    def test(self):
        r, v = self.check(game, mode)
        if game == "rezzo":
            rezzo_expect(self, r, v, mode)
        elif mode == "crash1" and game == "chicken":  # dies in the start-up handshake: FAILED_INIT
            self.expect_down_or_crash_loses(game, r, v, "down")
        elif mode in ("crash1", "crash", "exit0", "close"):
            self.expect_down_or_crash_loses(game, r, v, "crash")
        elif mode == "garbage":
            if game == "splitter":  # a line whose first field is not a number is skipped; then no answer
                self.expect_down_or_crash_loses(game, r, v, "down")
            else:
                self.assertEqual(v["invalid"], 1, v)
                if game == "chicken":
                    self.assertEqual(r["ranks"][0], 2, r)
        elif mode == "huge":
            self.assertEqual(v["invalid"], 1, v)
            if game == "chicken":
                self.assertEqual(r["ranks"][0], 2, r)
            if game == "splitter":
                self.assertEqual(r["scores"][0], 0, r)
        elif mode == "silent":
            if game == "splitter":
                self.expect_down_or_crash_loses(game, r, v, "down")
            elif game == "chicken":  # the bank runs out: TIMEOUT
                self.expect_down_or_crash_loses(game, r, v, "down")
            else:
                self.assertEqual(v["down"], 1, v)
                self.assertGreaterEqual(v["late"], 1, v)
                self.assertEqual(r["turns"], 30)
        elif mode == "twice":
            self.assertEqual(v["down"] + v["crash"], 0, v)
            if game != "splitter":  # Splitter reads the extra line against the next roll
                self.assertEqual(v["invalid"], 0, v)
        elif mode == "late":
            self.assertEqual(v["down"] + v["crash"] + v["invalid"], 0, v)
            if game in ("rising_tide", "suitebot"):
                self.assertGreaterEqual(v["late"], 1, v)
        elif mode == "endless":
            # cut at the line limit: invalid, and the game goes on without reading the rest
            self.assertEqual(v["invalid"], 1, v)
            if game in ("rising_tide", "suitebot"):  # no newline ever comes: down at the hard limit
                self.assertEqual(v["down"], 1, v)
                self.assertEqual(r["turns"], 30)
            elif game == "chicken":
                self.assertEqual(r["ranks"][0], 2, r)
            else:
                self.assertEqual(r["scores"][0], 0, r)
        elif mode == "nul":
            # a NUL inside the line is a byte of it, not its end: "pass\0junk" is not "pass"; SuiteBot
            # reads only a reply's first letter (SuiteBot D13), so it stands there
            if game == "suitebot":
                self.assertEqual(v, {"late": 0, "down": 0, "invalid": 0, "crash": 0})
            else:
                self.assertEqual(v["invalid"], 1, v)
                self.assertEqual(v["down"] + v["crash"], 0, v)
            if game == "chicken":
                self.assertEqual(r["ranks"][0], 2, r)
            if game == "splitter":
                self.assertEqual(r["scores"][0], 0, r)
        elif mode == "early":
            # a line before the first question: Rising Tide and SuiteBot take it as the first reply
            # (invalid), Chicken as the start-up reply (not ready: down), Splitter skips it (not a number)
            if game in ("rising_tide", "suitebot"):
                self.assertEqual(v, {"late": 0, "down": 0, "invalid": 1, "crash": 0})
                self.assertEqual(r["turns"], 30)
            elif game == "chicken":
                self.expect_down_or_crash_loses(game, r, v, "down")
            else:
                self.assertEqual(v, {"late": 0, "down": 0, "invalid": 0, "crash": 0})
                self.assertEqual(r["turns"], 22)
        elif mode == "trickle":
            if game == "suitebot":  # a letter and a newline take 2 s: late, within the 5 s hard limit
                self.assertGreaterEqual(v["late"], 1, v)
                self.assertEqual(v["down"], 0, v)
            elif game == "rising_tide":  # "pass\n" or a move takes 5 s or more: the 5 s hard limit
                self.assertEqual(v["down"], 1, v)
                self.assertEqual(r["turns"], 30)
            else:
                self.expect_down_or_crash_loses(game, r, v, "down")
    return test


for g in GAMES:
    for m in MODES:
        if (g, m) not in SKIP:
            setattr(Matrix, f"test_{g}_{m}", make(g, m))

if __name__ == "__main__":
    unittest.main()
