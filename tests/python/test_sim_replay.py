"""Same game, same result: a replay recorded by `arena play` (built-in bots) fed to the simulator
action by action reproduces every recorded frame and the scores, for every game (issue 21)."""
import json
import os
import subprocess
import tempfile
import unittest

from arena_sdk import sim

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARENA = os.environ.get("ARENA", os.path.join(ROOT, "bin", "arena"))

# game: (seats, options, seed) -- two different bots where the game has them
CASES = {
    "rising_tide": (["builtin:seawall_sydney", "builtin:random_rizhao", "builtin:trench_tunis",
                     "builtin:border_barcelona"], ["rounds=120"], 11),
    "suitebot": (["builtin:harvester", "builtin:random", "builtin:miner"], ["rounds=60"], 12),
    "chicken": (["builtin:greedy", "builtin:yolanda"], [], 13),
    "splitter": (["builtin:greedy"], [], 14),
    "rezzo": (["builtin:wander", "builtin:attacker"], ["size=64x64", "max_ticks=400"], 15),
}


def record(game, seats, options, seed, path):
    cmd = [ARENA, "play", game] + seats + ["--seed", str(seed), "--replay", path, "--display", "none"]
    for o in options:
        cmd += ["--option", o]
    if game == "rezzo":
        cmd.append("--quick")
    subprocess.run(cmd, check=True, capture_output=True)
    with open(path) as f:
        return [json.loads(line) for line in f]


class ReplayEquivalence(unittest.TestCase):
    def check(self, game, seed=None, sim_seed=None):
        seats, options, case_seed = CASES[game]
        seed = case_seed if seed is None else seed
        with tempfile.TemporaryDirectory() as tmp:
            lines = record(game, seats, options, seed, os.path.join(tmp, "r.jsonl"))
        header, turns, result = lines[0], [l for l in lines if l["type"] == "turn"], lines[-1]
        self.assertEqual(result["type"], "result")
        env = sim.VecEnv(game, 1, 0, seats=len(seats), options=header["options"], autoreset=False, use_numpy=False)
        self.assertEqual(header["seed"], seed)
        env.reset_one(0, header["seed"] if sim_seed is None else sim_seed)
        self.assertEqual(json.loads(env.render(0, "json")), header["frame"], "the first frame")
        for k, turn in enumerate(turns):
            asked = {s["seat"] for s in turn["seats"]}
            on_move = {env.agent_seats[a] for a in range(env.num_agents) if env.infos["to_act"][0, a]}
            self.assertEqual(on_move, asked, f"turn {k}: who acts")
            for s in turn["seats"]:
                self.assertEqual(s["verdict"], "ok")
                a = env.action_from_json(0, s["seat"], s["action"])
                self.assertGreaterEqual(a, 0, f"turn {k}: {s['action']} is in the flat action space")
                env.actions[0, env.agent_seats.index(s["seat"])] = a
            env.step()
            if "frame" in turn:
                self.assertEqual(json.loads(env.render(0, "json")), turn["frame"], f"turn {k}: the frame")
        self.assertEqual(env.terminated[0], 1, "the game ended with the replay's last turn")
        self.assertEqual(env.infos["result"].tolist()[0], result["scores"])
        self.assertEqual(env.infos["rank"].tolist()[0], result["ranks"])
        self.assertGreater(len(turns), 20)
        env.close()

    def test_rising_tide(self):
        self.check("rising_tide")

    def test_suitebot(self):
        self.check("suitebot")

    def test_chicken(self):
        self.check("chicken")

    def test_splitter(self):
        self.check("splitter")

    def test_rezzo(self):
        self.check("rezzo")

    def test_suitebot_map_with_size_or_bases_is_refused_as_in_arena_play(self):
        """SuiteBot's map gives the plan, bases and resources: size= or bases= beside it asked for
        another game, which both played as the map's without a word. The game's own option reader
        (src/games/suitebot/sb_options.c) refuses the pair, naming both options, so `arena play`
        (exit 2, nothing played) and the simulator (ArenaError) refuse it alike; the map alone is
        the same game in both (docs/sim.md, Settings)."""
        grid = "# a map\n|......|\n|.A..  |\n|......|\n|  ..B.|\n"
        seats = ["builtin:harvester", "builtin:miner"]
        said = "option map cannot be given with option %s: the map sets the plan's size and bases itself"
        with tempfile.TemporaryDirectory() as tmp:
            plan = os.path.join(tmp, "plan.map")
            with open(plan, "w") as f:
                f.write(grid)
            plain = record("suitebot", seats, ["map=" + plan, "rounds=30"], 3, os.path.join(tmp, "a.jsonl"))
            for extra, named in ((["size=20x20", "bases=junk"], "size=20x20 nor option bases=junk"),
                                 (["size=junk"], "size=junk"), (["bases=1,1;2,2"], "bases=1,1;2,2")):
                cmd = [ARENA, "play", "suitebot"] + seats + ["--seed", "3", "--replay", os.path.join(tmp, "b.jsonl"),
                                                             "--display", "none"]
                for o in ["map=" + plan, "rounds=30"] + extra:
                    cmd += ["--option", o]
                p = subprocess.run(cmd, capture_output=True, text=True)
                self.assertEqual(p.returncode, 2, (extra, p.stderr))
                self.assertIn(said % named, p.stderr)
                self.assertFalse(os.path.exists(os.path.join(tmp, "b.jsonl")), extra)
        for extra, named in (({"size": "20x20", "bases": "junk"}, "size=20x20 nor option bases=junk"),
                             ({"size": "junk"}, "size=junk"), ({"bases": "1,1;2,2"}, "bases=1,1;2,2")):
            with self.assertRaises(sim.ArenaError) as caught:
                env = sim.VecEnv("suitebot", 1, 0, bots={0: "harvester", 1: "miner"},
                                 options=dict({"map": grid, "rounds": 30}, **extra), autoreset=False, use_numpy=False)
                try:
                    env.reset_one(0, 3)
                finally:
                    env.close()
            self.assertIn(said % named, str(caught.exception))
        env = sim.VecEnv("suitebot", 1, 0, bots={0: "harvester", 1: "miner"}, options={"map": grid, "rounds": 30},
                         autoreset=False, use_numpy=False)
        env.reset_one(0, 3)
        frames = [json.loads(env.render(0, "json"))]
        while not env.terminated[0]:
            env.step()
            frames.append(json.loads(env.render(0, "json")))
        self.assertEqual(frames, [plain[0]["frame"]] + [l["frame"] for l in plain if l["type"] == "turn"])
        self.assertEqual(env.infos["result"].tolist()[0], plain[-1]["scores"])
        env.close()

    def test_rezzo_seed_2_to_the_32_plus_x_is_game_x(self):
        """Rezzo's world is generated from the seed mod 2^32 (rule D15) and its bots draw nothing:
        arena play's game 2^32 + 15 is the simulator's game 15, frame for frame (docs/sim.md)."""
        self.check("rezzo", seed=2**32 + 15, sim_seed=15)


if __name__ == "__main__":
    unittest.main()
