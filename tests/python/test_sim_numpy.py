"""arena_sdk.sim with numpy: the buffers are numpy arrays the library writes in place (no copy per
step). When the interpreter running this file has no numpy (pyenv's python3 here), the same tests
run under one that has (Debian's /usr/bin/python3 with python3-numpy) and their lines are reported."""
import os
import shutil
import subprocess
import sys
import unittest

from arena_sdk import sim

try:
    import numpy as np
except ImportError:
    np = None

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_sim import check_agents_listed_live  # noqa: E402


@unittest.skipIf(np is None, "no numpy in this interpreter (see test_under_an_interpreter_with_numpy)")
class WithNumpy(unittest.TestCase):
    def test_buffers_are_numpy_arrays_written_in_place(self):
        env = sim.VecEnv("rising_tide", num_envs=4, seed=1, options={"rounds": 40})
        self.assertIsInstance(env.obs, np.ndarray)
        self.assertEqual((env.obs.shape, env.obs.dtype), ((4, 4, 328), np.int16))
        self.assertEqual(env.infos["mask"].dtype, np.uint8)
        self.assertEqual(env.rewards.dtype, np.float32)
        self.assertEqual(env.infos["seed"].dtype, np.uint64)
        self.assertEqual((env.infos["failed"].shape, env.infos["failed"].dtype), ((4,), np.uint8))
        obs_before = env.obs
        address = env.obs.ctypes.data
        obs, infos = env.reset()
        self.assertIs(obs, obs_before)
        for _ in range(10):
            env.sample()
            obs, rewards, terminated, truncated, infos = env.step()
        self.assertIs(obs, obs_before)  # the same array, rewritten: no copy per step
        self.assertEqual(obs.ctypes.data, address)
        self.assertEqual(obs[0, 0, 324], 10)  # the round, after 10 rounds
        self.assertTrue((rewards == 1).all())  # everyone survived another round

    def test_parallel_env_lists_no_agent_after_the_game_ends(self):
        check_agents_listed_live(self)

    def test_numpy_actions_and_masks(self):
        env = sim.VecEnv("chicken", num_envs=64, seed=9, bots={1: "greedy"}, threads=2)
        env.reset()
        rng = np.random.default_rng(0)
        wins = games = 0
        for _ in range(400):
            mask = env.infos["mask"][:, 0, :]
            scores = rng.random(mask.shape) + mask * 2  # a random legal action: the highest score
            env.actions[:, 0] = scores.argmax(axis=1)
            _, rewards, terminated, _, infos = env.step()
            games += int(terminated.sum())
            wins += int((terminated & (infos["rank"][:, 0] == 1) & (infos["rank"][:, 1] == 2)).sum())
        self.assertGreater(games, 100)
        self.assertLess(wins, games / 2)  # random play rarely beats greedy

    def test_same_results_as_memoryviews(self):
        def play(use_numpy):
            env = sim.VecEnv("splitter", num_envs=8, seed=5, use_numpy=use_numpy)
            env.reset()
            out = []
            for _ in range(50):
                env.sample()
                env.step()
                out.append((bytes(memoryview(env.obs).cast("B")), bytes(memoryview(env.rewards).cast("B"))))
            env.close()
            return out

        self.assertEqual(play(True), play(False))

    def test_large_buffers_mapped_apart_same_results(self):
        """Buffers of 4 MB and more are mapped apart (asked for 2 MB pages): the same results as
        memoryviews, written in place."""
        def play(use_numpy):
            env = sim.VecEnv("rising_tide", num_envs=512, seed=3, seats=4, use_numpy=use_numpy)
            self.assertIsNotNone(env._buffers["mask"].memory)  # 512 x 4 agents x 2593 bytes
            self.assertIsNone(env._buffers["action"].memory)
            env.reset()
            out = []
            for _ in range(5):
                env.sample()
                env.step()
                out.append(bytes(memoryview(env.infos["mask"]).cast("B")) + bytes(memoryview(env.obs).cast("B")))
            env.close()
            return out

        first = play(True)
        self.assertTrue(any(b != 0 for b in first[-1]))
        self.assertEqual(first, play(False))

    def test_step_refuses_actions_an_int32_cannot_hold(self):
        """step(actions) copies into the int32 array: numpy's assignment cast 2**32 + k to k and
        1.5 to 1 silently, so a wrong action was played as a legal one."""
        env = sim.VecEnv("chicken", num_envs=2, seed=4, bots={1: "greedy"})
        env.reset()
        legal = env.infos["mask"][:, 0, :].argmax(axis=1)
        before = env.obs.copy()
        with self.assertRaisesRegex(sim.ArenaError, "actions: out of range"):
            env.step(legal.astype(np.int64) + 2**32)
        with self.assertRaisesRegex(sim.ArenaError, "actions: not whole numbers"):
            env.step(legal + 0.5)
        self.assertTrue((env.obs == before).all())
        env.step(legal.astype(np.float32))  # whole numbers of another dtype are fine
        self.assertFalse((env.obs == before).all())
        env.close()

    def test_step_refuses_actions_that_are_not_numbers(self):
        """Strings and objects raised numpy's TypeError from inside step(), and uint64 2**64-1 was
        cast to int64 first and reported as action -1."""
        env = sim.VecEnv("chicken", num_envs=2, seed=4, bots={1: "greedy"})
        env.reset()
        before = env.obs.copy()
        with self.assertRaisesRegex(sim.ArenaError, r"actions: not numbers \(<U1\)"):
            env.step(np.array(["1", "2"]))
        with self.assertRaisesRegex(sim.ArenaError, r"actions: not numbers \(object\)"):
            env.step(np.array([1, None], dtype=object))
        with self.assertRaisesRegex(sim.ArenaError, "actions: out of range .*18446744073709551615"):
            env.step(np.array([1, 2**64 - 1], dtype=np.uint64))
        with self.assertRaisesRegex(sim.ArenaError, "actions: not whole numbers"):
            env.step(np.array([np.inf, 1.0]))
        self.assertTrue((env.obs == before).all())
        env.close()

    def test_assigning_a_policys_actions_plays_them(self):
        """env.actions = policy(obs) rebound the attribute to the policy's array: step() played the
        bound buffer's zeros (here an illegal move, refused)."""
        env = sim.VecEnv("splitter", num_envs=2, seed=1)
        env.reset()
        buffer = env.actions
        env.actions = env.infos["mask"][:, 0, :].argmax(axis=1).reshape(2, 1)
        self.assertIs(env.actions, buffer)  # still the library's array, now holding the policy's
        env.step()
        self.assertEqual(env.obs[:, 0, 112:].tolist()[0][2], 1)  # one placement made
        env.close()

    def test_actions_of_the_right_count_but_another_shape_are_refused(self):
        """A stack of each agent's actions ([A, E]) was read in row-major order as [E, A]:
        environment 0 played agent 0's actions of environments 0 and 1, without a word."""
        env = sim.VecEnv("suitebot", num_envs=4, seed=1)
        twin = sim.VecEnv("suitebot", num_envs=4, seed=1)
        env.reset()
        twin.reset()
        per_agent = np.array([[0, 1, 2, 3], [4, 5, 0, 1]])  # [agent, environment]
        with self.assertRaisesRegex(sim.ArenaError, r"actions: shape \(2, 4\) given, \(4, 2\) expected "
                                    r"\(\[environment, agent\]; or 8 values in that order\)"):
            env.step(per_agent)
        with self.assertRaisesRegex(sim.ArenaError, r"shape \(2, 4\) given"):
            env.actions = per_agent
        self.assertEqual(env.actions.tolist(), [[0, 0]] * 4)  # nothing copied
        env.step(per_agent.T)  # the same actions as [E, A], flat, or with a dimension of 1 more
        twin.step(per_agent.T.reshape(8))
        self.assertTrue((env.obs == twin.obs).all())
        env.step(per_agent.T.reshape(4, 2, 1))
        twin.step(per_agent.T)
        self.assertTrue((env.obs == twin.obs).all())
        one = sim.VecEnv("splitter", num_envs=2, seed=1)
        one.reset()
        legal = one.infos["mask"][:, 0, :].argmax(axis=1)
        one.step(legal.reshape(1, 2))  # [1, E] with one agent: the same order
        self.assertEqual(one.actions.tolist(), [[legal[0]], [legal[1]]])
        for e in (env, twin, one):
            e.close()

    def test_gymnasium_shaped_env_returns_arrays(self):
        env = sim.Env("rezzo", seed=2, options={"size": "32x32", "max_ticks": 50})
        obs, info = env.reset()
        self.assertEqual((obs.shape, obs.dtype), ((508,), np.uint8))
        self.assertEqual(info["action_mask"].tolist(), [1] * 6)
        obs, reward, terminated, truncated, info = env.step(1)
        self.assertIsInstance(reward, float)

    def test_env_observations_are_the_callers_own(self):
        """Env returned views of the buffers with numpy (lists without): an observation kept from
        reset() turned into the next one at step(), so a stored transition held one obs twice."""
        env = sim.Env("chicken", seed=1, bots={1: "greedy"})
        obs, info = env.reset()
        first, mask = obs.copy(), info["action_mask"].copy()
        nxt, reward, terminated, truncated, info2 = env.step(int(mask.argmax()))
        self.assertTrue((obs == first).all())
        self.assertTrue((info["action_mask"] == mask).all())
        self.assertFalse((nxt == first).all())
        par = sim.ParallelEnv("chicken", seed=1)
        pobs, pinfos = par.reset()
        mover = [a for a in par.agents if pinfos[a]["to_act"]][0]
        kept = {a: pobs[a].copy() for a in par.agents}
        par.step({mover: int(pinfos[mover]["action_mask"].argmax())})
        self.assertTrue(all((pobs[a] == kept[a]).all() for a in par.agents))
        env.close()
        par.close()

    def test_env_step_returns_the_buffers_values_as_before(self):
        """Env.step reads the scalars directly and copies cached rows (it copied numpy scalars and
        indexed every buffer anew at each call), and without numpy makes its lists from flat views
        (the mask from bytes): the same values, of the same types, the arrays the caller's own, as
        the buffers' rows copied (sim._row) give them, with numpy and without."""
        for use_numpy in (True, False):
            for game, kw in (("chicken", {"bots": {1: "greedy"}}), ("splitter", {}),
                             ("rezzo", {"options": {"size": "32x32", "max_ticks": 8}}),
                             ("rising_tide", {"bots": {s: "random_rizhao" for s in (1, 2, 3)}, "options": {"rounds": 30}}),
                             ("suitebot", {"bots": {1: "random"}, "options": {"rounds": 30}})):
                env = sim.Env(game, seed=3, use_numpy=use_numpy, **kw)
                v = env.vec
                got = env.reset()
                for step in range(40):
                    want_info = {"action_mask": sim._row(v.infos["mask"], 0, 0), "score": sim._row(v.infos["score"], 0),
                                 "result": sim._row(v.infos["result"], 0), "rank": sim._row(v.infos["rank"], 0),
                                 "seed": sim._row(v.infos["seed"], 0)}
                    want = (sim._row(v.obs, 0, 0), float(sim._row(v.rewards, 0, 0)), bool(sim._row(v.terminated, 0)),
                            bool(sim._row(v.truncated, 0)), want_info)
                    if step:
                        self.assertEqual(len(got), 5)
                    else:
                        want = (want[0], want[4])
                    for x, y in zip(got, want):
                        self.assertIs(type(x), type(y))
                        if isinstance(y, dict):
                            self.assertEqual(sorted(x), sorted(y))
                            for k in y:
                                self.assertIs(type(x[k]), type(y[k]), k)
                                if use_numpy and isinstance(y[k], np.ndarray):
                                    self.assertEqual(x[k].dtype, y[k].dtype)
                                    self.assertEqual(x[k].tolist(), y[k].tolist())
                                    self.assertFalse(any(np.shares_memory(x[k], b.array) for b in v._buffers.values()
                                                         if b.nbytes))
                                else:
                                    self.assertEqual(x[k], y[k])
                        elif use_numpy and isinstance(y, np.ndarray):
                            self.assertEqual((x.dtype, x.tolist()), (y.dtype, y.tolist()))
                            self.assertFalse(np.shares_memory(x, v.obs))
                        else:
                            self.assertEqual(x, y)
                    mask = got[-1]["action_mask"]
                    got = env.step([k for k in range(len(mask)) if mask[k]][step % 2 if sum(mask) > 1 else 0])
                env.close()
                with self.assertRaisesRegex(sim.ArenaError, "is closed"):
                    env.step(0)

    def test_numpy_option_values_are_numbers(self):
        # numpy's numbers as option values: str(np.bool_(True)) is "True", str(np.float32(7)) "7.0"
        a = sim.VecEnv("suitebot", seed=1, options={"extras": np.bool_(True), "rounds": np.float32(7),
                                                    "kill": np.int64(3)})
        b = sim.VecEnv("suitebot", seed=2, options={"extras": 1, "rounds": 7, "kill": 3})
        a.reset()
        snap = a.snapshot(1)
        a.save(0, snap, 0)
        b.restore(0, snap, 0)  # a snapshot fits only the same options
        self.assertTrue((b.obs == a.obs).all())
        with self.assertRaisesRegex(sim.ArenaError, r"^options: rounds=.*7\.5.* is not a whole number"):
            sim.VecEnv("suitebot", options={"rounds": np.float64(7.5)})
        for x in (snap, a, b):
            x.close()

    def test_a_game_that_could_not_go_on_is_named_by_the_error(self):
        env = sim.Env("chicken", seed=1, bots={1: "greedy"})
        env.reset()

        def step(ptr):  # the library's step failing as a game out of memory does (test_sim.py)
            env.vec.infos["failed"][0] = 1
            return -1
        env.vec._step_fn = step
        with self.assertRaises(sim.ArenaError) as cm:
            env.step(0)
        self.assertEqual(cm.exception.failed, [0])
        env.close()

    def test_search_example_runs_on_numpy_arrays(self):
        """docs/sim.md's search example with numpy's arrays: comparing two ranks gives numpy bools,
        which cannot be subtracted (it stopped with a TypeError at its first finished rollout)."""
        r = subprocess.run([sys.executable, os.path.join(HERE, "..", "..", "sdk", "python", "examples",
                                                         "search_chicken.py"), "--games", "1", "--rollouts", "1"],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        self.assertIn("flat Monte Carlo (1 rollouts a move) against greedy", r.stdout)


class UnderAnotherInterpreter(unittest.TestCase):
    def test_under_an_interpreter_with_numpy(self):
        if np is not None:
            self.skipTest("this interpreter has numpy: WithNumpy ran here")
        candidates = ["/usr/bin/python3", shutil.which("python3") or ""]
        py = next((c for c in candidates if c and os.path.exists(c) and c != sys.executable and
                   subprocess.run([c, "-c", "import numpy"], capture_output=True).returncode == 0), None)
        if py is None:
            self.skipTest("no interpreter with numpy (Debian: apt-get install python3-numpy)")
        r = subprocess.run([py, os.path.join(HERE, "tap.py"), os.path.abspath(__file__)], capture_output=True,
                           text=True)
        for line in r.stdout.splitlines():
            print(f"#   {py}: {line}")
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        self.assertNotIn("not ok", r.stdout)
        self.assertGreaterEqual(r.stdout.count("ok - "), 4)


if __name__ == "__main__":
    unittest.main()
