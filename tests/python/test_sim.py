"""arena_sdk.sim (the simulator from Python, ctypes): the batched, Gymnasium- and PettingZoo-shaped
APIs, state copies, and bad arguments, through memoryviews (standard library only). The numpy
path is tests/python/test_sim_numpy.py."""
import json
import os
import unittest

from arena_sdk import sim

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def flat(view):
    """A memoryview (any shape) or a list as a flat list."""
    x = view.tolist() if hasattr(view, "tolist") else view
    out = []
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, list):
            stack.extend(reversed(y))
        else:
            out.append(y)
    return out


def check_agents_listed_live(test, **env_kw):
    """PettingZoo's contract: `agents` lists the live agents, none after the step that ended the
    game, until reset(). It stayed full for ever: `while env.agents:` never ended. With
    autoreset the next game has begun: a step without reset() plays it, every agent listed.
    Shared by test_sim_numpy.py (numpy arrays); env_kw: ParallelEnv's other arguments."""
    for autoreset in (False, True):
        env = sim.ParallelEnv("chicken", seed=1, autoreset=autoreset, **env_kw)
        obs, infos = env.reset()
        test.assertEqual(env.agents, ["seat_0", "seat_1"])
        steps = 0
        while env.agents:
            acts = {a: [k for k, m in enumerate(infos[a]["action_mask"]) if m][0] for a in env.agents
                    if infos[a]["to_act"]}
            obs, rewards, terms, truncs, infos = env.step(acts)
            ended = any(terms.values()) or any(truncs.values())
            test.assertEqual(env.agents, [] if ended else ["seat_0", "seat_1"])
            steps += 1
            test.assertLess(steps, 100000)
        test.assertEqual(env.possible_agents, ["seat_0", "seat_1"])
        if autoreset:
            acts = {a: [k for k, m in enumerate(infos[a]["action_mask"]) if m][0] for a in env.possible_agents
                    if infos[a]["to_act"]}
            env.step(acts)
            test.assertEqual(env.agents, ["seat_0", "seat_1"])
        env.reset()
        test.assertEqual(env.agents, ["seat_0", "seat_1"])
        env.agents.clear()  # the caller's list: possible_agents is not emptied with it
        test.assertEqual(env.possible_agents, ["seat_0", "seat_1"])
        env.close()


class VecEnvWithoutNumpy(unittest.TestCase):
    def test_games_and_bots(self):
        self.assertEqual(sim.games(), ["rising_tide", "suitebot", "chicken", "splitter", "rezzo"])
        self.assertIn("greedy", sim.bots("chicken"))
        with self.assertRaisesRegex(sim.ArenaError, "unknown game 'go'"):
            sim.bots("go")

    def test_buffers_are_memoryviews_of_the_documented_shapes(self):
        env = sim.VecEnv("chicken", num_envs=3, seed=2, bots={1: "greedy"}, use_numpy=False)
        self.assertIsInstance(env.obs, memoryview)
        self.assertEqual(env.obs.shape, (3, 1, 524))
        self.assertEqual(env.obs.format, "h")
        self.assertEqual(env.infos["mask"].shape, (3, 1, 12))
        self.assertEqual(env.actions.shape, (3, 1))
        self.assertEqual(env.infos["score"].shape, (3, 2))
        self.assertEqual((env.num_agents, env.agent_seats, env.num_actions, env.obs_dtype), (1, [0], 12, "int16"))
        self.assertEqual((env.infos["failed"].shape, env.infos["failed"].format), ((3,), "B"))
        obs, infos = env.reset()
        self.assertEqual(flat(infos["to_act"]), [1, 1, 1])  # greedy's first moves are played inside reset
        self.assertEqual(flat(infos["failed"]), [0, 0, 0])  # 1 where a game could not start or go on
        env.close()

    def test_rewards_add_up_to_the_score_and_games_restart(self):
        env = sim.VecEnv("chicken", num_envs=2, seed=4, bots={1: "yolanda"}, use_numpy=False)
        env.reset()
        total, ends, seed0 = [0.0, 0.0], 0, env.infos["seed"][0]
        for _ in range(300):
            env.sample()
            _, rewards, terminated, truncated, infos = env.step()
            for e in range(2):
                total[e] += rewards[e, 0]
                if terminated[e]:
                    self.assertEqual(total[e], infos["score"][e, 0])
                    self.assertIn(infos["rank"][e, 0], (1, 2))
                    self.assertNotEqual(infos["seed"][e], seed0 if e == 0 else 0)
                    total[e], ends = 0.0, ends + 1
        self.assertGreater(ends, 2)
        env.close()

    def test_actions_can_be_given_to_step(self):
        env = sim.VecEnv("splitter", num_envs=2, seed=1, use_numpy=False)
        env.reset()
        mask = env.infos["mask"]
        legal = [[k for k in range(env.num_actions) if mask[e, 0, k]][0] for e in range(2)]
        env.step([[legal[0]], [legal[1]]])
        self.assertEqual(flat(env.actions), legal)
        with self.assertRaisesRegex(sim.ArenaError, "3 values given, 2 expected"):
            env.step([1, 2, 3])
        env.close()

    def test_step_takes_another_envs_actions(self):
        """step(other.actions), a 2-dimensional memoryview, raised NotImplementedError (iterating
        it); a string was read as a number ("7" is not an action)."""
        a = sim.VecEnv("splitter", num_envs=2, seed=1, use_numpy=False)
        b = sim.VecEnv("splitter", num_envs=2, seed=1, use_numpy=False)
        a.reset()
        b.reset()
        mask = b.infos["mask"]
        b.step([[k for k in range(b.num_actions) if mask[e, 0, k]][0] for e in range(2)])
        a.step(b.actions)
        self.assertEqual(flat(a.actions), flat(b.actions))
        self.assertEqual(flat(a.obs), flat(b.obs))
        with self.assertRaisesRegex(sim.ArenaError, "action: '7' is not an integer"):
            a.step(["7", "7"])
        a.close()
        b.close()

    def test_actions_of_the_right_count_but_another_shape_are_refused(self):
        """A list of each agent's actions ([A][E]) was flattened and read as [E][A]: environment 0
        played agent 0's actions of environments 0 and 1, without a word."""
        env = sim.VecEnv("suitebot", num_envs=4, seed=1, use_numpy=False)
        twin = sim.VecEnv("suitebot", num_envs=4, seed=1, use_numpy=False)
        env.reset()
        twin.reset()
        per_agent = [[0, 1, 2, 3], [4, 5, 0, 1]]  # [agent][environment]
        with self.assertRaisesRegex(sim.ArenaError, r"actions: shape \(2, 4\) given, \(4, 2\) expected "
                                    r"\(\[environment, agent\]; or 8 values in that order\)"):
            env.step(per_agent)
        with self.assertRaisesRegex(sim.ArenaError, r"shape \(2, 4\) given"):
            env.actions = per_agent
        self.assertEqual(flat(env.actions), [0] * 8)  # nothing copied
        by_env = [list(x) for x in zip(*per_agent)]
        env.step(by_env)  # [E][A], flat, or another env's [E, A] memoryview: the same order
        twin.step([a for row in by_env for a in row])
        self.assertEqual(flat(env.obs), flat(twin.obs))
        env.step(twin.actions)
        self.assertEqual(flat(env.actions), flat(twin.actions))
        env.close()
        twin.close()

    def test_assigning_actions_copies_them_into_the_buffer(self):
        """env.actions = x rebound the attribute only: the library kept reading its own buffer and
        step() played the actions of before (zeros: in SuiteBot and Rezzo, legal ones)."""
        env = sim.VecEnv("suitebot", num_envs=2, seed=1, options={"rounds": 20}, use_numpy=False)
        twin = sim.VecEnv("suitebot", num_envs=2, seed=1, options={"rounds": 20}, use_numpy=False)
        env.reset()
        twin.reset()
        for t in range(5):
            env.actions = [[(t + 1) % 6, 4], [3, (t + 2) % 6]]
            twin.step([[(t + 1) % 6, 4], [3, (t + 2) % 6]])
            env.step()
            self.assertEqual(flat(env.obs), flat(twin.obs))
        with self.assertRaisesRegex(sim.ArenaError, "3 values given, 4 expected"):
            env.actions = [1, 2, 3]
        for name in ("obs", "rewards", "terminated", "truncated", "infos"):
            with self.assertRaises(AttributeError):
                setattr(env, name, None)
        env.close()
        twin.close()

    def test_copies_and_pickles_are_refused(self):
        """copy.copy(env) made a second VecEnv with the same pointer: deleting it freed the
        environments under the first (which kept stepping freed memory) and the interpreter
        crashed at exit freeing them again; deepcopy and pickle failed inside ctypes."""
        import copy
        import pickle

        env = sim.VecEnv("chicken", num_envs=2, seed=1, use_numpy=False)
        env.reset()
        snap = env.snapshot()
        bot = sim.Bot("chicken")
        for obj in (env, snap, bot):
            for how in (copy.copy, copy.deepcopy, pickle.dumps):
                with self.assertRaisesRegex(TypeError, f"a {type(obj).__name__} holds the library's memory"):
                    how(obj)
        # Env and ParallelEnv: copy.copy gave a second one sharing the first's environment (each
        # one's steps moved the other's game), deepcopy and pickle blamed "a VecEnv"
        for obj in (sim.Env("chicken", bots={1: "greedy"}), sim.ParallelEnv("chicken")):
            for how in (copy.copy, copy.deepcopy, pickle.dumps):
                with self.assertRaisesRegex(TypeError, f"^an? {type(obj).__name__} holds the library's memory"):
                    how(obj)
            with obj as same:  # and they close as a VecEnv does, on leaving a with block
                self.assertIs(same, obj)
            with self.assertRaisesRegex(sim.ArenaError, f"this {type(obj).__name__} \\(chicken\\) is closed"):
                obj.reset()
        env.sample()
        env.step()
        env.save_all(snap)
        for obj in (env, snap, bot):
            obj.close()

    def test_sample_draws_from_the_mask_as_it_stands(self):
        """arena.h: sample() draws from the bound mask as the caller left it (narrowed here to one
        legal action per environment); the next call writes the whole mask again."""
        env = sim.VecEnv("rising_tide", num_envs=3, seed=2, options={"rounds": 20}, use_numpy=False)
        env.reset()
        mask = env.infos["mask"]
        keep = {}
        for e in range(3):
            for a in range(4):
                legal = [k for k in range(env.num_actions) if mask[e, a, k]]
                keep[e, a] = legal[len(legal) // 2]
                for k in legal:
                    if k != keep[e, a]:
                        mask[e, a, k] = 0
        for _ in range(3):
            env.sample()
            self.assertEqual({(e, a): env.actions[e, a] for e in range(3) for a in range(4)}, keep)
        env.step()
        self.assertGreater(sum(flat(env.infos["mask"])), 12)  # written whole again
        env.close()

    def test_a_closed_env_says_so(self):
        """After close(), every call failed with the library's "env is NULL"."""
        env = sim.VecEnv("chicken", num_envs=2, seed=1, bots={1: "greedy"}, use_numpy=False)
        env.reset()
        env.close()
        for call in (env.reset, env.step, env.sample, env.render, lambda: env.reset_one(0, 1),
                     lambda: env.bot_action(0, 0, "greedy"), env.snapshot):
            with self.assertRaisesRegex(sim.ArenaError, r"this VecEnv \(chicken\) is closed"):
                call()
        env.close()  # twice is fine

    def test_a_closed_bot_or_parallel_env_says_so(self):
        """After close(), a Bot's calls said the library's "bot and data must not be NULL" or "bot is
        NULL", and ParallelEnv.step blamed the agents' actions ("seat_1 must act now but no action
        was given", from the last step's to_act)."""
        bot = sim.Bot("chicken")
        bot.close()
        for call in (lambda: bot.feed("x"), bot.observe, lambda: bot.reply(0), lambda: bot.run(lambda o, m: 0)):
            with self.assertRaisesRegex(sim.ArenaError, r"this Bot \(chicken\) is closed"):
                call()
        bot.close()  # twice is fine
        pe = sim.ParallelEnv("chicken", seed=3, use_numpy=False)
        pe.reset()
        pe.close()
        for call in (lambda: pe.step({"seat_0": 0}), pe.reset, pe.render):  # it said "this VecEnv", one never made
            with self.assertRaisesRegex(sim.ArenaError, r"this ParallelEnv \(chicken\) is closed"):
                call()
        env = sim.Env("chicken", seed=3, bots={1: "greedy"}, use_numpy=False)
        env.close()
        for call in (lambda: env.step(0), env.reset, env.render):
            with self.assertRaisesRegex(sim.ArenaError, r"this Env \(chicken\) is closed"):
                call()

    def test_a_bot_fed_another_games_messages_says_so(self):
        """A Chicken bot started by `arena tester` (a Splitter match) read "8 7 22" and said only
        "cannot parse this chicken message: 8 7 22"."""
        bot = sim.Bot("chicken")
        with self.assertRaisesRegex(sim.ArenaError, r"cannot parse this chicken message: 8 7 22 \(the bot reads "
                                    r"chicken's protocol, docs/games/: is it seated in a game of another kind\?\)"):
            bot.feed("8 7 22")
        bot.close()

    def test_a_bot_says_what_its_calls_need(self):
        """feed(None) was "object of type 'NoneType' has no len()", and observe() before a view named
        the C API alone (arena_bot_feed, ARENA_ACT)."""
        bot = sim.Bot("chicken")
        for bad in (None, 7, ["line"]):
            with self.assertRaisesRegex(sim.ArenaError, f"^feed takes a message of the referee as bytes or str, not "
                                        f"{type(bad).__name__}$"):
                bot.feed(bad)
        for call in (bot.observe, lambda: bot.reply(0)):
            with self.assertRaisesRegex(sim.ArenaError, r'\(Python: until feed\(\) returns "act"\)$'):
                call()
        bot.close()
        a, b = sim.Bot("splitter"), sim.Bot("splitter")  # bytearray and memoryview are bytes too
        self.assertEqual(a.feed(bytearray(b"8 7 22")), b.feed(memoryview(b"8 7 22")))
        a.close()
        b.close()

    def test_same_seed_same_games(self):
        def play(seed):
            env = sim.VecEnv("rising_tide", num_envs=2, seed=seed, options={"rounds": 50}, use_numpy=False)
            env.reset()
            out = []
            for _ in range(30):
                env.sample()
                env.step()
                out.append((flat(env.obs), flat(env.rewards)))
            env.close()
            return out

        self.assertEqual(play(7), play(7))
        self.assertNotEqual(play(7), play(8))

    def test_snapshot_restores_bit_for_bit(self):
        env = sim.VecEnv("suitebot", num_envs=4, seed=3, options={"rounds": 30}, use_numpy=False)
        env.reset()
        for _ in range(5):
            env.sample()
            env.step()
        snap = env.snapshot()
        env.save_all(snap)
        first = []
        for _ in range(20):
            env.sample()
            env.step()
            first.append((flat(env.obs), flat(env.rewards), flat(env.terminated)))
        env.restore_all(snap)
        again = []
        for _ in range(20):
            env.sample()
            env.step()
            again.append((flat(env.obs), flat(env.rewards), flat(env.terminated)))
        self.assertEqual(first, again)
        # a slot never saved into is refused (it held environment 0's state of the snapshot's making)
        fresh = env.snapshot(2)
        with self.assertRaisesRegex(sim.ArenaError, r"^slot 1 was never saved \(arena_save or arena_save_all first; "
                                    r"Python: save, save_all\): nothing restored$"):
            env.restore(0, fresh, 1)
        env.close()

    def test_snapshot_fits_the_same_options_however_written(self):
        # the snapshot compared a hash of the options' text: moves "040" was not moves 40
        a = sim.VecEnv("chicken", seed=6, options={"turds": 3, "moves": "040"}, use_numpy=False)
        b = sim.VecEnv("chicken", num_envs=2, seed=9, threads=2,
                       options={"moves": 40, "colours": "random", "turds": "+3"}, use_numpy=False)
        a.reset()
        b.reset()
        for _ in range(5):
            a.sample()
            a.step()
        snap = a.snapshot(1)
        a.save(0, snap, 0)
        b.restore(1, snap, 0)
        self.assertEqual(flat(b.obs[1:2]), flat(a.obs))
        other = sim.VecEnv("chicken", options={"moves": 41}, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, r"^the snapshot was made for other environments: option "
                                                    r"moves=40 there, moves=41 here; option turds=3 there, turds=5 "
                                                    r"here \(options are compared as the "
                                                    r"game's table lists them, .*\)$"):
            other.restore(0, snap, 0)
        # a number option whose default is not a number (spawn: "random or 1..6") is compared by value too
        c = sim.VecEnv("chicken", options={"spawn": "03"}, use_numpy=False)
        d = sim.VecEnv("chicken", options={"spawn": 3}, use_numpy=False)
        c.reset()
        d.reset()
        snap2 = c.snapshot(1)
        c.save(0, snap2, 0)
        d.restore(0, snap2, 0)
        self.assertEqual(flat(d.obs), flat(c.obs))
        # one world written two ways: Rezzo's width= and height= are the sides of its size= (the option
        # table says so), and its seed is a number (until 2026-11-28 both were refused)
        e = sim.VecEnv("rezzo", options={"size": "32x32", "seed": "07"}, use_numpy=False)
        f = sim.VecEnv("rezzo", options={"width": 32, "height": 32, "seed": 7}, use_numpy=False)
        e.reset()
        f.reset(seed=5)
        snap3 = e.snapshot(1)
        e.save(0, snap3, 0)
        f.restore(0, snap3, 0)
        self.assertEqual(flat(f.obs), flat(e.obs))
        g = sim.VecEnv("rezzo", options={"width": 32, "seed": 7}, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, "option size=32x32 there, size=32x320 here "
                                                    r"\(options are compared .* width= and height= folded into size="):
            g.restore(0, snap3, 0)
        for x in (c, d, e, f, g):
            x.close()
        bots = sim.VecEnv("chicken", bots={1: "greedy"}, options={"moves": 40, "turds": 3}, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, "seat 1 is an agent there, greedy here"):
            bots.restore(0, snap, 0)
        for env in (a, b, other, bots):
            env.close()

    def test_bad_arguments_raise_clear_errors(self):
        with self.assertRaisesRegex(sim.ArenaError, r"unknown game 'checkers' \(games: rising_tide"):
            sim.VecEnv("checkers")
        with self.assertRaisesRegex(sim.ArenaError, "chicken has no built-in bot 'stockfish'"):
            sim.VecEnv("chicken", bots={1: "stockfish"})
        # `arena play`'s way of naming them was refused without a word of why, and bot_action did not
        # list the bots at all
        with self.assertRaisesRegex(sim.ArenaError, r"setting bot.1=builtin:greedy: chicken has no built-in bot "
                                    r"'builtin:greedy' \(bots: yolanda, greedy, .*\); name it without builtin: \(greedy\)"):
            sim.VecEnv("chicken", bots={1: "builtin:greedy"})
        env = sim.VecEnv("chicken", bots={1: "greedy"}, use_numpy=False)
        env.reset()
        with self.assertRaisesRegex(sim.ArenaError, r"^chicken has no built-in bot 'builtin:tracker' \(bots: yolanda, "
                                    r"greedy, tracker, searcher, champion\); name it without builtin: \(tracker\)$"):
            env.bot_action(0, 0, "builtin:tracker")
        with self.assertRaisesRegex(sim.ArenaError, r"^chicken has no built-in bot 'Greedy' \(bots: yolanda, greedy, "
                                    r"tracker, searcher, champion\)$"):
            env.bot_action(0, 0, "Greedy")
        env.close()
        with self.assertRaisesRegex(sim.ArenaError, "option turds"):
            sim.VecEnv("chicken", options={"turds": -1})
        with self.assertRaisesRegex(sim.ArenaError, "num_envs 0"):
            sim.VecEnv("chicken", num_envs=0)
        # a view following a player the game does not have was accepted (and drew the whole world)
        with self.assertRaisesRegex(sim.ArenaError, r"rezzo: option view 'follow=9': follow=9: this game has 2 players"):
            sim.VecEnv("rezzo", seats=2, options={"size": "32x32", "view": "follow=9"})
        rz = sim.VecEnv("rezzo", seats=2, options={"size": "32x32"})
        rz.reset(seed=1)
        with self.assertRaisesRegex(sim.ArenaError, r"render format 'text:follow=3': view 'follow=3': follow=3: this game has 2 players"):
            rz.render(0, "text:follow=3")
        rz.close()
        # a NUL ended the C string: the bot "greedy\0junk" was greedy, moves "10\0x" ten moves
        with self.assertRaisesRegex(sim.ArenaError, r"setting 'bot.1=greedy\\x00junk': a NUL character cannot be passed"):
            sim.VecEnv("chicken", bots={1: "greedy\0junk"})
        with self.assertRaisesRegex(sim.ArenaError, "a NUL character cannot be passed"):
            sim.VecEnv("chicken", options={"moves": "10\0x"})
        with self.assertRaisesRegex(sim.ArenaError, "render mode 'text\\\\x00:bogus': a NUL character"):
            sim.VecEnv("chicken").render(0, "text\0:bogus")
        # a list where a dict belongs was an AttributeError ('list' object has no attribute 'items')
        with self.assertRaisesRegex(sim.ArenaError, r"bots must be a dict \(e.g. \{1: \"greedy\"\}\), not list"):
            sim.VecEnv("chicken", bots=[None, "greedy"])
        with self.assertRaisesRegex(sim.ArenaError, "options must be a dict"):
            sim.VecEnv("chicken", options=["moves=10"])
        env = sim.VecEnv("chicken", num_envs=2, bots={1: "greedy"}, use_numpy=False)
        env.reset()
        env.actions[1, 0] = 99
        with self.assertRaisesRegex(sim.ArenaError, r"environment 1, agent 0 \(seat 0\): action 99 is out of range 0..11"):
            env.step()
        mask = env.infos["mask"]
        env.actions[0, 0] = [k for k in range(12) if mask[0, 0, k]][0]
        env.actions[1, 0] = [k for k in range(12) if not mask[1, 0, k]][0]
        with self.assertRaisesRegex(sim.ArenaError, "is illegal now"):
            env.step()
        with self.assertRaisesRegex(sim.ArenaError, "render format 'svg'"):
            env.render(0, "svg")
        with self.assertRaisesRegex(sim.ArenaError, "environment 5"):
            env.render(5)
        # an unknown display mode was accepted and drew the default display
        with self.assertRaisesRegex(sim.ArenaError, "render format 'text:bogus': .*display modes are spectator, A, B"):
            env.render(0, "text:bogus")
        self.assertIn("view: A", env.render(0, "text:A"))
        with self.assertRaisesRegex(sim.ArenaError, "render mode must be a string, not NoneType"):
            env.render(0, None)
        env.close()

    def test_a_step_before_reset_says_to_reset(self):
        """Before the first reset() the buffers are not written: the mask is all 0, sample() draws 0
        from it, and the step's refusal said only "action 0 ... is illegal now (see the mask)"."""
        for game in ("splitter", "rising_tide"):
            env = sim.VecEnv(game, num_envs=2, seed=1, use_numpy=False)
            env.sample()
            with self.assertRaisesRegex(sim.ArenaError, r"is illegal now: .*arena_reset was never called: it writes "
                                        r"the buffers .*Python: reset\(\)"):
                env.step()
            env.reset()
            env.actions[0, 0] = [k for k in range(env.num_actions) if not env.infos["mask"][0, 0, k]][0]
            with self.assertRaises(sim.ArenaError) as refused:
                env.step()
            self.assertNotIn("never called", str(refused.exception))  # the mask was written: no hint
            # a restore writes them too (a search's environments are restored, never reset)
            snap = env.snapshot(2)
            env.save_all(snap)
            search = sim.VecEnv(game, num_envs=2, seed=1, use_numpy=False)
            search.restore(0, snap, 0)
            search.actions[0, 0] = [k for k in range(env.num_actions) if not search.infos["mask"][0, 0, k]][0]
            with self.assertRaises(sim.ArenaError) as refused:
                search.step()
            self.assertNotIn("never called", str(refused.exception))
            search.close()
            env.close()
        # an Env's step before its reset, the same
        env = sim.Env("splitter", seed=1, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, "arena_reset was never called"):
            env.step(0)
        env.close()

    def test_options_are_game_options_only(self):
        # options={...} went into the same settings list as the arguments: {"threads": 4} made four
        # threads, {"bot.1": "greedy"} a bot, {"seats": 1} overrode seats=2, all without a word
        for key, arg in (("threads", "threads=N"), ("seats", "seats=N"), ("max_steps", "max_steps=N"),
                         ("autoreset", "autoreset=False"), ("bot.1", r"bots=\{SEAT: NAME\}")):
            with self.assertRaisesRegex(sim.ArenaError, rf"^options: '{key}' is a setting of the simulator, not a game "
                                                        rf"option: give it as VecEnv\(\.\.\., {arg}\)$"):
                sim.VecEnv("chicken", options={key: 1})
        with self.assertRaisesRegex(sim.ArenaError, r"options: the key 'moves=10' holds '='"):
            sim.VecEnv("chicken", options={"moves=10": 5})
        with self.assertRaisesRegex(sim.ArenaError, r"options: the key 7 is not a string"):
            sim.VecEnv("chicken", options={7: 5})
        # an unknown key is the library's refusal, naming it and the game's options
        with self.assertRaisesRegex(sim.ArenaError, r"setting 'mvoes': not a simulator setting .* nor an option of "
                                                    r"chicken \(options: colours moves turds spawn doors\)"):
            sim.VecEnv("chicken", options={"mvoes": 10})
        # the arguments still make the settings, and a game option reaches the game
        env = sim.VecEnv("chicken", num_envs=2, bots={1: "greedy"}, options={"moves": 3}, use_numpy=False)
        env.reset()
        self.assertEqual(env.num_agents, 1)
        for _ in range(10):  # 3 moves a chicken: the game is over within 3 of the agent's steps
            env.sample()
            env.step()
            if env.terminated[0]:
                break
        self.assertEqual(env.terminated[0], 1)
        env.close()

    def test_option_values_are_written_as_the_games_read_them(self):
        # str() passed True as "True" and 40.0 as "40.0", which the games refused
        def fits(game, o1, o2):
            a = sim.VecEnv(game, seed=1, options=o1, use_numpy=False)
            b = sim.VecEnv(game, seed=2, options=o2, use_numpy=False)
            a.reset()
            snap = a.snapshot(1)
            a.save(0, snap, 0)
            b.restore(0, snap, 0)  # a snapshot fits only the same options (sim_setup.c)
            self.assertEqual(flat(b.obs), flat(a.obs))
            for x in (snap, a, b):
                x.close()
        fits("rising_tide", {"rounds": 40.0}, {"rounds": "40"})
        fits("suitebot", {"extras": True, "rounds": 7.0}, {"extras": "1", "rounds": 7})
        fits("suitebot", {"extras": False}, {"extras": 0})
        with self.assertRaisesRegex(sim.ArenaError, "option rounds=40 there, rounds=41 here"):
            fits("rising_tide", {"rounds": 40.0}, {"rounds": 41})
        for bad in (40.5, float("nan"), float("inf")):
            with self.assertRaisesRegex(sim.ArenaError, rf"^options: rounds={bad!r} is not a whole number "
                                                        r"\(game options take integers or text\)$"):
                sim.VecEnv("rising_tide", options={"rounds": bad})

    def test_a_game_that_could_not_go_on_is_named_by_the_error(self):
        """Env and ParallelEnv raise before returning an info: the error lists the failed environments
        (the failed buffer), as VecEnv's infos["failed"] shows them. The library's step is replaced by
        one that fails as a game out of memory does (the buffer flagged, -1): the library's own is
        tests/unit/test_sim_failed.c's."""
        def fail_in(vec, e):
            def step(ptr):
                vec.infos["failed"][e] = 1
                return -1
            vec._step_fn = step
        env = sim.VecEnv("chicken", num_envs=3, seed=1, bots={1: "greedy"}, use_numpy=False)
        env.reset()
        env.actions[0, 0] = 99
        with self.assertRaisesRegex(sim.ArenaError, "environment 0, agent 0 .*action 99") as cm:
            env.step()
        self.assertEqual(list(cm.exception.failed), [])  # an illegal action: no game failed
        fail_in(env, 1)
        with self.assertRaises(sim.ArenaError) as cm:
            env.step()
        self.assertEqual(cm.exception.failed, [1])
        one = sim.Env("chicken", seed=1, bots={1: "greedy"}, use_numpy=False)
        one.reset()
        fail_in(one.vec, 0)
        with self.assertRaises(sim.ArenaError) as cm:
            one.step(0)
        self.assertEqual(cm.exception.failed, [0])
        par = sim.ParallelEnv("rising_tide", seed=1, options={"rounds": 5}, use_numpy=False)
        obs, infos = par.reset()
        fail_in(par.vec, 0)
        with self.assertRaises(sim.ArenaError) as cm:
            par.step({a: [k for k in range(2593) if infos[a]["action_mask"][k]][0] for a in par.agents})
        self.assertEqual(cm.exception.failed, [0])
        for x in (env, one, par):
            x.close()

    def test_buffers_without_elements_are_empty_memoryviews(self):
        # bots in every seat: no agents; a memoryview cannot have a 0 in its shape (docs/sim.md)
        env = sim.VecEnv("chicken", num_envs=3, bots={0: "greedy", 1: "yolanda"}, use_numpy=False)
        self.assertEqual((env.obs.shape, env.actions.shape, env.infos["mask"].shape), ((0,), (0,), (0,)))
        self.assertEqual(env.infos["score"].shape, (3, 2))
        env.reset()
        env.step()
        env.close()

    def test_numbers_too_large_for_a_c_int_are_refused_not_wrapped(self):
        # ctypes passes the low 32 bits of an int: environment 2**32 was environment 0, and
        # VecEnv(num_envs=2**32 + 1) made one environment
        with self.assertRaisesRegex(sim.ArenaError, "num_envs: 4294967297 is out of range"):
            sim.VecEnv("chicken", num_envs=2**32 + 1)
        env = sim.VecEnv("chicken", num_envs=2, seed=3, bots={1: "greedy"}, use_numpy=False)
        env.reset()
        seeds = flat(env.infos["seed"])
        with self.assertRaisesRegex(sim.ArenaError, "environment: 4294967296 is out of range"):
            env.reset_one(2**32, 5)
        self.assertEqual(flat(env.infos["seed"]), seeds)
        with self.assertRaisesRegex(sim.ArenaError, "game seed"):
            env.reset_one(0, 2**64 + 5)  # the low 64 bits are 5: another game
        self.assertEqual(flat(env.infos["seed"]), seeds)
        with self.assertRaisesRegex(sim.ArenaError, "environment: 4294967296 is out of range"):
            env.bot_action(2**32, 0, "greedy")
        snap = env.snapshot(1)
        with self.assertRaisesRegex(sim.ArenaError, "slot: 4294967296 is out of range"):
            env.save(0, snap, 2**32)
        with self.assertRaisesRegex(sim.ArenaError, "environment: 4294967297 is out of range"):
            env.render(2**32 + 1)
        legal = [k for k in range(12) if env.infos["mask"][0, 0, k]][0]
        with self.assertRaisesRegex(sim.ArenaError, "action: 4294967296 is out of range"):
            env.step([[2**32 + legal], [2**32 + legal]])
        with self.assertRaisesRegex(sim.ArenaError, r"action: \d+\.5 is not a whole number"):
            env.step([[legal + 0.5], [legal]])
        # something else than a snapshot was an AttributeError ('str' object has no attribute '_ptr')
        with self.assertRaisesRegex(sim.ArenaError, r"expected a Snapshot \(env.snapshot\(count\)\), not str"):
            env.save(0, "snap")
        with self.assertRaisesRegex(sim.ArenaError, "expected a Snapshot"):
            env.restore_all(None)
        snap.close()
        with self.assertRaisesRegex(sim.ArenaError, "the snapshot is closed"):
            env.restore(0, snap, 0)
        env.close()
        one = sim.Env("chicken", seed=1, bots={1: "greedy"}, use_numpy=False)
        one.reset()
        with self.assertRaisesRegex(sim.ArenaError, "action: 4294967296 is out of range"):
            one.step(2**32)
        one.close()


    def test_seed_none_picks_a_seed_that_can_be_read_back(self):
        """seed=None was a TypeError (int(None)); as numpy's default_rng(None) and Gymnasium, it now
        means a seed from os.urandom, kept in env.seed so that the games can be replayed."""
        a = sim.VecEnv("chicken", num_envs=2, seed=None, bots={1: "greedy"}, use_numpy=False)
        b = sim.VecEnv("chicken", num_envs=2, seed=None, bots={1: "greedy"}, use_numpy=False)
        self.assertIsInstance(a.seed, int)
        self.assertTrue(0 <= a.seed < 2**64)
        self.assertNotEqual(a.seed, b.seed)  # 2^-64 to fail by chance
        seeds = flat(a.reset()[1]["seed"])
        replay = sim.VecEnv("chicken", num_envs=2, seed=a.seed, bots={1: "greedy"}, use_numpy=False)
        self.assertEqual(flat(replay.reset()[1]["seed"]), seeds)
        for e in (a, b, replay):
            e.close()
        one = sim.Env("chicken", seed=None, bots={1: "greedy"}, use_numpy=False)
        self.assertEqual(one.reset()[1]["seed"], sim.Env("chicken", seed=one.vec.seed, bots={1: "greedy"}).reset()[1]["seed"])
        one.close()
        sim.ParallelEnv("chicken", seed=None, use_numpy=False).close()

    def test_seeds_that_are_not_uint64_are_refused(self):
        """seed=-1 was seed 2^64-1 and seed=2^64 the games of seed 0 (masked), seed=1.5 seed 1."""
        for bad, why in ((-1, "seed: -1 is out of range"), (2**64, "seed: 18446744073709551616 is out of range"),
                         (1.5, "seed: 1.5 is not a whole number"), ("x", "seed: 'x' is not an integer"),
                         ("7", "seed: '7' is not an integer")):
            with self.assertRaisesRegex(sim.ArenaError, why):
                sim.VecEnv("chicken", seed=bad)
            with self.assertRaisesRegex(sim.ArenaError, why):
                sim.Env("chicken", seed=bad, bots={1: "greedy"})
        env = sim.VecEnv("chicken", seed=5, use_numpy=False)
        env.reset()
        with self.assertRaisesRegex(sim.ArenaError, "seed: -1 is out of range"):
            env.reset(seed=-1)
        self.assertEqual(env.seed, 5)
        with self.assertRaisesRegex(sim.ArenaError, r"game seed: 2\.5 is not a whole number"):
            env.reset_one(0, 2.5)
        self.assertEqual(sim.VecEnv("chicken", seed=2**64 - 1).seed, 2**64 - 1)
        env.close()

    def test_rezzo_worlds_repeat_every_2_to_the_32_seeds(self):
        """Rezzo generates its world from the game seed mod 2^32 (its rule D15, the original's -r) and
        its bots draw nothing, so games X and X + 2^32 are one game, as in `arena play` (the replay
        test feeds arena play's game 2^32 + 15 to the simulator's game 15); the seed buffer keeps the
        whole seed (0 to 2^53-1). Chicken, whose seed drives the match generator whole, differs."""
        def play(game, seed, bots):
            env = sim.VecEnv(game, 1, 0, seats=2, bots=bots, options={"size": "32x32"} if game == "rezzo" else None,
                             use_numpy=False, autoreset=False)
            env.reset_one(0, seed)
            out = [flat(env.infos["seed"])]
            for _ in range(40):
                env.sample()
                env.step()
                out.append((flat(env.obs), flat(env.rewards), flat(env.infos["score"])))
            out.append(env.render(0, "json"))
            env.close()
            return out

        x = 123456789
        a, b = play("rezzo", x, {1: "attacker"}), play("rezzo", x + 2**32, {1: "attacker"})
        self.assertEqual((a[0], b[0]), ([x], [x + 2**32]))
        self.assertEqual(a[1:], b[1:])
        self.assertNotEqual(a[1:], play("rezzo", x + 1, {1: "attacker"})[1:])
        self.assertNotEqual(play("chicken", x, {1: "greedy"})[1:], play("chicken", x + 2**32, {1: "greedy"})[1:])
        # the world seed option likewise: used mod 2^32, -5 is 2^32 - 5 (the original's -r -5)
        worlds, envs = [], []
        for seed in ("-5", str(2**32 - 5), str(2**64 - 5)):
            envs.append(sim.VecEnv("rezzo", options={"size": "32x32", "seed": seed}, use_numpy=False))
            envs[-1].reset()
            worlds.append(envs[-1].render(0, "json"))
        self.assertEqual(worlds[0], worlds[1])
        self.assertEqual(worlds[0], worlds[2])
        # but a snapshot compares the option as a number, not mod 2^32 (the simulator knows no game)
        snap = envs[0].snapshot(1)
        envs[0].save(0, snap, 0)
        with self.assertRaisesRegex(sim.ArenaError, "option seed=-5 there, seed=4294967291 here"):
            envs[1].restore(0, snap, 0)
        for env in envs:
            env.close()

    def test_counts_that_are_not_whole_numbers_are_refused(self):
        """int() made threads=1.9 one thread, seats=2.5 two seats and bots={"x": ...} a ValueError."""
        with self.assertRaisesRegex(sim.ArenaError, "threads: 1.9 is not a whole number"):
            sim.VecEnv("chicken", threads=1.9)
        with self.assertRaisesRegex(sim.ArenaError, "seats: 2.5 is not a whole number"):
            sim.VecEnv("chicken", seats=2.5)
        with self.assertRaisesRegex(sim.ArenaError, "bot seat: 'x' is not an integer"):
            sim.VecEnv("chicken", bots={"x": "greedy"})
        with self.assertRaisesRegex(sim.ArenaError, "max_steps: 0.5 is not a whole number"):
            sim.VecEnv("chicken", max_steps=0.5)
        self.assertEqual(sim.VecEnv("chicken", seats=2.0, threads=2.0).num_seats, 2)

    def test_switches_that_are_not_true_or_false_are_refused(self):
        """A truth test took autoreset="false" (and "0", "no", 2) for autoreset on, the finished
        games restarting without a word, and use_numpy="no" for numpy."""
        for value in ("false", "0", "no", 2, -1, None, 0.5):
            with self.assertRaisesRegex(sim.ArenaError, "autoreset: .* is not True or False"):
                sim.VecEnv("chicken", autoreset=value)
            for cls in (sim.Env, sim.ParallelEnv):
                with self.assertRaisesRegex(sim.ArenaError, "autoreset: .* is not True or False"):
                    cls("splitter", autoreset=value)
        for value in ("no", "False", 2):
            with self.assertRaisesRegex(sim.ArenaError, "use_numpy: .* is not True or False"):
                sim.VecEnv("chicken", use_numpy=value)
        self.assertFalse(sim.VecEnv("chicken", autoreset=0).autoreset)
        self.assertTrue(sim.VecEnv("chicken", autoreset=1).autoreset)
        self.assertFalse(sim.VecEnv("chicken", use_numpy=0).use_numpy)
        env = sim.Env("splitter", autoreset=0)  # 0 is off for Env too: a step after the end is refused
        env.reset()
        done = False
        while not done:
            mask = env.vec.infos["mask"].tolist()[0][0]
            _, _, term, trunc, _ = env.step(mask.index(1))
            done = term or trunc
        with self.assertRaisesRegex(sim.ArenaError, "the game is over"):
            env.step(0)

    def test_a_failed_constructor_leaves_no_noise(self):
        """__del__ ran close() on an object whose __init__ had raised before _ptr was set: Python
        printed "Exception ignored ... has no attribute '_ptr'" on stderr after the ArenaError."""
        import gc
        import sys

        seen = []
        old, sys.unraisablehook = sys.unraisablehook, seen.append
        try:
            for make in (lambda: sim.VecEnv("chicken", seed=-1), lambda: sim.VecEnv("chicken", num_envs=2**40),
                         lambda: sim.Bot(7), lambda: sim.VecEnv("chicken").snapshot(2**40),
                         lambda: sim.VecEnv("chicken", library="/nonexistent/libarena.so")):
                with self.assertRaises(sim.ArenaError):
                    make()
                gc.collect()
            # refused by Python before __init__ runs at all (a misspelt keyword, bots given by
            # position): the object is made, then dropped, and __del__ found no _ptr either
            for make in (lambda: sim.VecEnv("chicken", bot={1: "greedy"}), lambda: sim.VecEnv("chicken", 4, 1, {1: "greedy"}),
                         lambda: sim.Bot(), lambda: sim.Snapshot()):
                with self.assertRaises(TypeError):
                    make()
                gc.collect()
        finally:
            sys.unraisablehook = old
        self.assertEqual([str(u.exc_value) for u in seen], [])

    def test_buffers_too_large_for_the_memory_are_named(self):
        """A buffer the memory cannot hold (Rising Tide's mask: 10 KB an environment) raised mmap's
        bare OSError "[Errno 12] Cannot allocate memory", naming neither the buffer nor the cure.
        In a child whose address space is limited to 150 MB more than it uses."""
        import subprocess
        import sys

        block = ("import resource, sys\n"
                 "vm = [int(l.split()[1]) * 1024 for l in open('/proc/self/status') if l.startswith('VmSize:')][0]\n"
                 "resource.setrlimit(resource.RLIMIT_AS, (vm + (150 << 20), vm + (150 << 20)))\n"
                 "from arena_sdk import sim\n"
                 "try:\n"
                 "    sim.VecEnv('rising_tide', num_envs=20000, use_numpy=False)\n"
                 "except sim.ArenaError as e:\n"
                 "    print(e)\n")
        env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(sim.__file__)))  # this sim
        r = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=120, env=env)
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertEqual(r.stdout, "out of memory: the 'mask' buffer of 20000 environments of rising_tide (20000 x 4 x "
                                   "2593 uint8, 198 MB) could not be allocated (Cannot allocate memory): ask for fewer "
                                   "environments\n")

    def test_a_library_that_cannot_be_loaded_says_why(self):
        """Every failed load said "(build it with `make`, or set ARENA_LIB)": with ARENA_LIB set to a
        missing file too, and when the library was not built, without the path looked at (the
        message named only "libarena.so", the system's lookup)."""
        import shutil
        import subprocess
        import sys
        import tempfile

        def load(env, sdk):
            code = "import sys; sys.path.insert(0, sys.argv[1]); from arena_sdk import sim; sim.games()"
            r = subprocess.run([sys.executable, "-c", code, sdk], env=env, capture_output=True, text=True)
            self.assertNotEqual(r.returncode, 0)
            return r.stderr.strip().splitlines()[-1]

        base = {k: v for k, v in os.environ.items() if k not in ("ARENA_LIB", "LD_LIBRARY_PATH")}
        sdk = os.path.join(ROOT, "sdk", "python")
        self.assertEqual(load(dict(base, ARENA_LIB="/nonexistent/libarena.so"), sdk),
                         "arena_sdk.sim.ArenaError: cannot load libarena.so: ARENA_LIB=/nonexistent/libarena.so: "
                         "no such file (give the path of libarena.so, which `make` builds in a clone's lib/)")
        with tempfile.TemporaryDirectory() as clone:  # a clone not built yet: sdk/ and the Makefile
            os.makedirs(os.path.join(clone, "sdk", "python", "arena_sdk"))
            for f in ("__init__.py", "sim.py"):
                shutil.copy(os.path.join(sdk, "arena_sdk", f), os.path.join(clone, "sdk", "python", "arena_sdk", f))
            open(os.path.join(clone, "Makefile"), "w").close()
            self.assertEqual(load(base, os.path.join(clone, "sdk", "python")),
                             f"arena_sdk.sim.ArenaError: cannot load libarena.so: it is not built "
                             f"({clone}/lib/libarena.so does not exist) and the system has none: run `make` in "
                             f"{clone}, or set ARENA_LIB to the path of a libarena.so")
        # another library that loads (ARENA_LIB set to libc, say): ctypes' bare AttributeError
        import ctypes.util

        other = ctypes.util.find_library("c")
        self.assertEqual(load(dict(base, ARENA_LIB=other), os.path.dirname(os.path.dirname(sim.__file__))),
                         f"arena_sdk.sim.ArenaError: cannot use {other}: it has no arena_api_version, so it is not the "
                         f"libarena.so this SDK was written for (another library, or an older build: run `make`, or "
                         f"set ARENA_LIB to the libarena.so built with this sdk/python)")

    def test_bots_of_a_game(self):
        """arena_game_bot past the last bot now sets an error as every failing call: bots() still
        ends its list there, and an unknown game is still refused."""
        self.assertEqual(sim.bots("chicken")[:2], ["yolanda", "greedy"])
        with self.assertRaisesRegex(sim.ArenaError, "unknown game 'go'"):
            sim.bots("go")
        with self.assertRaisesRegex(sim.ArenaError, "game must be a string, not NoneType"):
            sim.bots(None)
        lib = sim.load_library()
        self.assertIsNone(lib.arena_game_bot(b"chicken", len(sim.bots("chicken"))))
        self.assertIn(b"of chicken: expected 0 to", lib.arena_last_error())


class GymAndPettingZooShapes(unittest.TestCase):
    def test_env_plays_whole_games(self):
        env = sim.Env("splitter", seed=5, use_numpy=False)
        self.assertEqual((env.observation_shape, env.action_count), ((116,), 112))
        obs, info = env.reset(seed=5)
        self.assertEqual(len(obs), 116)
        returns, done, steps = 0.0, False, 0
        while not done:
            mask = info["action_mask"]
            action = [k for k in range(112) if mask[k]][steps % 3]
            obs, reward, terminated, truncated, info = env.step(action)
            returns += reward
            done = terminated or truncated
            steps += 1
        self.assertEqual(steps, 22)
        self.assertEqual(returns, info["result"][0])
        self.assertEqual(info["rank"], [1])
        env.close()

    def test_a_step_after_the_end_is_refused_without_autoreset(self):
        """autoreset=False: a game that ended stays over, and Env.step after the end returned
        (0.0, False, False) for ever (a loop that missed terminated never ended)."""
        for use_numpy in (False, None):
            env = sim.Env("splitter", seed=1, autoreset=False, use_numpy=use_numpy)
            obs, info = env.reset()
            for _ in range(2):
                done = False
                while not done:
                    action = [k for k, m in enumerate(info["action_mask"]) if m][0]
                    obs, reward, terminated, truncated, info = env.step(action)
                    done = terminated or truncated
                for _ in range(2):
                    with self.assertRaisesRegex(sim.ArenaError, r"the game is over \(autoreset=False\): reset\(\) "
                                                "starts the next one"):
                        env.step(0)
                obs, info = env.reset()  # and the next game plays
            env.vec.reset_one(0, 5)  # a new game started through the VecEnv is played too
            env.step([k for k, m in enumerate(env.action_mask()) if m][0])
            env.close()
        # cut at max_steps: the same
        env = sim.Env("chicken", seed=1, bots={1: "greedy"}, autoreset=False, max_steps=4, use_numpy=False)
        obs, info = env.reset()
        truncated = False
        while not truncated:
            obs, reward, terminated, truncated, info = env.step([k for k, m in enumerate(info["action_mask"]) if m][0])
        with self.assertRaisesRegex(sim.ArenaError, "the game is over"):
            env.step(0)
        env.close()
        # ParallelEnv: step({}) after the end, the same (no agent was to act: nothing was missing)
        pe = sim.ParallelEnv("chicken", seed=1, autoreset=False, use_numpy=False)
        obs, infos = pe.reset()
        for _ in range(2):
            over = False
            while not over:
                acts = {a: [k for k, m in enumerate(infos[a]["action_mask"]) if m][0] for a in pe.agents
                        if infos[a]["to_act"]}
                obs, rewards, terms, truncs, infos = pe.step(acts)
                over = any(terms.values()) or any(truncs.values())
            with self.assertRaisesRegex(sim.ArenaError, r"the game is over \(autoreset=False\)"):
                pe.step({})
            obs, infos = pe.reset()
        pe.close()

    def test_reset_without_a_seed_starts_new_games(self):
        """Gymnasium's reset(): seed=None moves on. Every reset() re-seeded with the constructor's
        seed, so an episode loop calling env.reset() trained on one game over and over."""
        env = sim.Env("chicken", seed=1, bots={1: "greedy"}, use_numpy=False)
        seeds = [env.reset()[1]["seed"] for _ in range(4)]
        self.assertEqual(len(set(seeds)), 4, seeds)
        self.assertEqual(env.reset(seed=1)[1]["seed"], seeds[0])  # a given seed replays
        self.assertEqual(sim.Env("chicken", seed=1, bots={1: "greedy"}).reset()[1]["seed"], seeds[0])
        env.close()
        vec = sim.VecEnv("splitter", num_envs=3, seed=7, use_numpy=False)
        first = flat(vec.reset()[1]["seed"])
        second = flat(vec.reset()[1]["seed"])
        self.assertFalse(set(first) & set(second), (first, second))
        self.assertEqual(flat(vec.reset(seed=7)[1]["seed"]), first)
        vec.close()
        par = sim.ParallelEnv("chicken", seed=2, use_numpy=False)
        par.reset()
        one = flat(par.vec.infos["seed"])
        par.reset()
        self.assertNotEqual(flat(par.vec.infos["seed"]), one)
        par.close()

    def test_reset_refuses_options_it_cannot_apply(self):
        """reset(options=...) ignored its options: a user asking for 10 moves got 40 without a word."""
        env = sim.Env("chicken", seed=1, bots={1: "greedy"}, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, r"reset\(options=\{'moves': 10\}\): the game's options are set when"):
            env.reset(options={"moves": 10})
        env.reset(options={})  # nothing asked: fine
        env.reset(options=None)
        env.close()
        par = sim.ParallelEnv("chicken", seed=1, use_numpy=False)
        with self.assertRaisesRegex(sim.ArenaError, "reset takes none"):
            par.reset(options={"moves": 10})
        par.close()

    def test_env_needs_one_agent(self):
        with self.assertRaisesRegex(sim.ArenaError, "Env plays one agent"):
            sim.Env("chicken")

    def test_env_with_num_envs_names_vecenv(self):
        """num_envs given to Env or ParallelEnv was "VecEnv.__init__() got multiple values for
        argument 'num_envs'", naming a class the caller never called."""
        for cls in (sim.Env, sim.ParallelEnv):
            with self.assertRaisesRegex(TypeError, f"^{cls.__name__} plays one environment: num_envs is not one of "
                                        r"its arguments \(VecEnv\(game, num_envs, ...\) steps several\)$"):
                cls("splitter", num_envs=4)

    def test_parallel_env_dicts(self):
        env = sim.ParallelEnv("chicken", seed=1, use_numpy=False)
        self.assertEqual(env.possible_agents, ["seat_0", "seat_1"])
        obs, infos = env.reset(seed=1)
        self.assertEqual(set(obs), {"seat_0", "seat_1"})
        mover = [a for a in env.agents if infos[a]["to_act"]]
        self.assertEqual(len(mover), 1)
        mask = infos[mover[0]]["action_mask"]
        action = [k for k in range(12) if mask[k]][0]
        obs, rewards, terms, truncs, infos = env.step({mover[0]: action})
        self.assertEqual(set(rewards), {"seat_0", "seat_1"})
        self.assertNotEqual(mover, [a for a in env.agents if infos[a]["to_act"]])
        env.close()


    def test_parallel_env_lists_no_agent_after_the_game_ends(self):
        check_agents_listed_live(self, use_numpy=False)

    def test_parallel_env_refuses_a_missing_or_unknown_agent(self):
        """A dict without an agent that must act played that agent's action of the turn before (still
        in the action buffer); a misspelt agent name was ignored."""
        env = sim.ParallelEnv("rising_tide", seed=1, options={"rounds": 5}, use_numpy=False)
        obs, infos = env.reset()
        first = {a: [k for k in range(2593) if infos[a]["action_mask"][k]][0] for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(first)
        frame = env.render("json")
        with self.assertRaisesRegex(sim.ArenaError, r"seat_3 must act now but no action was given"):
            env.step({"seat_0": 2592, "seat_1": 2592, "seat_2": 2592})
        with self.assertRaisesRegex(sim.ArenaError, r"unknown agent 'seat_4' \(agents: seat_0, seat_1, seat_2, seat_3\)"):
            env.step({"seat_0": 2592, "seat_1": 2592, "seat_2": 2592, "seat_3": 2592, "seat_4": 2592})
        self.assertEqual(env.render("json"), frame)  # nothing was played
        env.step({a: 2592 for a in env.agents})  # everyone passes
        self.assertNotEqual(env.render("json"), frame)
        env.close()
        turns = sim.ParallelEnv("chicken", seed=1, use_numpy=False)
        obs, infos = turns.reset()
        mover = [a for a in turns.agents if infos[a]["to_act"]][0]
        with self.assertRaisesRegex(sim.ArenaError, f"{mover} must act now"):
            turns.step({})
        turns.close()


class LookingAtGames(unittest.TestCase):
    def test_render_text_and_frame(self):
        env = sim.VecEnv("chicken", seed=1, use_numpy=False)
        env.reset()
        self.assertIn("eggs A:0 B:0", env.render())
        frame = json.loads(env.render(0, "json"))
        self.assertEqual(frame["ply"], 0)
        env.close()

    def test_bot_action_and_json_actions(self):
        env = sim.VecEnv("chicken", seed=3, use_numpy=False)
        env.reset()
        seat = env.agent_seats[[a for a in range(2) if env.infos["to_act"][0, a]][0]]
        a = env.bot_action(0, seat, "greedy")
        self.assertTrue(0 <= a < 12)
        self.assertEqual(env.infos["mask"][0, seat, a], 1)
        self.assertEqual(env.action_from_json(0, seat, [0, 0]), 0)  # UP PLAIN (the mirror keeps UP)
        # RIGHT EGG: RIGHT (1) for A, LEFT (3) for B, whose board is mirrored (obs[512] is the colour)
        self.assertEqual(env.action_from_json(0, seat, [1, 1]), 3 * (1 if env.obs[0, seat, 512] == 0 else 3) + 1)
        with self.assertRaisesRegex(sim.ArenaError, "not an action of chicken"):
            env.action_from_json(0, seat, "UP")
        # the refusal shows the form (it said "not an action of chicken" alone): a JSON text given
        # for the decoded value is told apart
        with self.assertRaisesRegex(sim.ArenaError, r'^not an action of chicken: "\[1, 1\]" \(a replay\'s "action" '
                                    r'value, as \[[13],2\] is: Python takes it decoded, not as JSON text\)$'):
            env.action_from_json(0, seat, "[1, 1]")
        env.close()
        env = sim.VecEnv("suitebot", use_numpy=False)
        env.reset()
        with self.assertRaisesRegex(sim.ArenaError, r'as "PLANT_BOMB" is'):
            env.action_from_json(0, 0, "B")
        env.close()


    def test_bot_action_keeps_the_bots_memory_while_its_moves_are_played(self):
        """Chicken's tracker builds beliefs from every view it saw: asked at each of seat 0's turns
        (twice: the same answer) with its answers played, it plays the game of bots={0: "tracker"};
        until 2026-11-28 each call started from an empty memory and another random stream."""
        def play(asked):
            env = sim.VecEnv("chicken", 1, 0, bots={1: "greedy"} if asked else {0: "tracker", 1: "greedy"},
                             autoreset=False, use_numpy=False)
            frames = []
            for game_seed in (21, 22):
                env.reset_one(0, game_seed)
                while not env.terminated[0]:
                    if asked and env.infos["to_act"][0, 0]:
                        a = env.bot_action(0, 0, "tracker")
                        self.assertEqual(env.bot_action(0, 0, "tracker"), a)
                        env.actions[0, 0] = a
                    env.step()
                frames.append((env.render(0, "json"), env.infos["result"].tolist()))
            env.close()
            return frames

        self.assertEqual(play(True), play(False))

    def test_bot_action_after_a_restore_joins_the_restored_game(self):
        """A restore replaces the game: the bot asked next joins it as it stands (its memory of the
        game it was asked in before is dropped), so it answers as in environments that only ever saw
        the restored game, and goes on alike."""
        def ask_and_step(env, es, steps):
            out = []
            for _ in range(steps):
                env.sample()  # the environments not asked play at random
                for e in es:
                    if env.infos["to_act"][e, 0]:
                        env.actions[e, 0] = env.bot_action(e, 0, "tracker")
                        out.append(env.actions[e, 0])
                env.step()
            return out

        a = sim.VecEnv("chicken", 2, 31, bots={1: "greedy"}, use_numpy=False)
        a.reset()
        ask_and_step(a, (0, 1), 12)
        snap = a.snapshot(1)
        a.save(1, snap, 0)
        a.restore(0, snap, 0)
        b = sim.VecEnv("chicken", 1, 77, bots={1: "greedy"}, use_numpy=False)
        b.reset()
        b.restore(0, snap, 0)
        self.assertEqual(ask_and_step(a, (0,), 30), ask_and_step(b, (0,), 30))
        a.close()
        b.close()

    def test_bot_action_for_a_seat_off_move_is_refused(self):
        # Chicken's bots answered a seat off move with a move for the position as if it were
        # theirs (one the game refused), and bot_action returned it as if it were a move
        env = sim.VecEnv("chicken", num_envs=2, seed=3, autoreset=False, use_numpy=False)
        env.reset()
        for _ in range(3):
            on = 0 if env.infos["to_act"][1, 0] else 1
            a = env.bot_action(1, on, "greedy")
            self.assertEqual(env.infos["mask"][1, on, a], 1)
            for bot in sim.bots("chicken"):
                with self.assertRaisesRegex(sim.ArenaError, rf"^environment 1: seat {1 - on} is not to move "
                                                            rf"\(seats to move: {on}\)$"):
                    env.bot_action(1, 1 - on, bot)
            env.sample()
            env.step()
        for _ in range(200):
            if env.terminated[0]:
                break
            env.sample()
            env.step()
        self.assertEqual(env.terminated[0], 1)
        with self.assertRaisesRegex(sim.ArenaError, r"environment 0: seat 0 is not to move: nobody is \(the game is over\)"):
            env.bot_action(0, 0, "greedy")
        env.close()


class HelpAnswers(unittest.TestCase):
    def test_every_public_method_says_what_it_does(self):
        """help(VecEnv.save), help(Env.step) and ten others printed nothing but the signature."""
        import inspect

        bare = [f"{cls.__name__}.{name}" for cls in (sim.VecEnv, sim.Env, sim.ParallelEnv, sim.Snapshot, sim.Bot)
                for name, f in inspect.getmembers(cls) if not name.startswith("_") and callable(f)
                and not (f.__doc__ or "").strip()]
        self.assertEqual(bare, [])


class SearchExample(unittest.TestCase):
    def test_flat_monte_carlo_with_state_copies_plays_a_game(self):
        import subprocess
        import sys

        r = subprocess.run([sys.executable, os.path.join(ROOT, "sdk", "python", "examples", "search_chicken.py"),
                            "--games", "1", "--rollouts", "1"], capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("game 1: eggs", r.stdout)
        self.assertIn("flat Monte Carlo (1 rollouts a move) against greedy", r.stdout)

    def test_bad_arguments_are_one_line(self):
        """--games 0 was a ZeroDivisionError at the end, --rollouts 0 or a negative seed the
        library's refusal with a traceback."""
        import subprocess
        import sys

        example = os.path.join(ROOT, "sdk", "python", "examples", "search_chicken.py")
        for args, rc, text in ((["--games", "0"], 2, "--games 0 --rollouts 2: expected 1 or more of each"),
                               (["--rollouts", "0"], 2, "--games 10 --rollouts 0: expected 1 or more of each"),
                               (["--rollouts", "100000"], 1, "search_chicken.py: num_envs 1200000: expected 1 to"),
                               (["--seed", "-1"], 1, "search_chicken.py: seed: -1 is out of range")):
            r = subprocess.run([sys.executable, example] + args, capture_output=True, text=True, timeout=60)
            self.assertEqual(r.returncode, rc, r.stderr)
            self.assertIn(text, r.stderr)
            self.assertNotIn("Traceback", r.stderr)


class TrainExampleWithoutNumpy(unittest.TestCase):
    def test_says_what_to_run_it_with(self):
        """The training example needs numpy: without it (pyenv's python3 here), one line saying which
        interpreter to use, where a ModuleNotFoundError traceback was."""
        import subprocess
        import sys

        example = os.path.join(ROOT, "sdk", "python", "examples", "train_chicken.py")
        block = ("import runpy, sys; sys.modules['numpy'] = None; sys.argv = [sys.argv[1], '--minutes', '0']; "
                 "runpy.run_path(sys.argv[0], run_name='__main__')")
        r = subprocess.run([sys.executable, "-c", block, example], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("train_chicken.py needs numpy, which this Python", r.stderr)
        self.assertIn("/usr/bin/python3 after apt-get install python3-numpy", r.stderr)
        self.assertNotIn("Traceback", r.stderr)


if __name__ == "__main__":
    unittest.main()
