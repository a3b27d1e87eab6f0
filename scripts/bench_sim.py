#!/usr/bin/env python3
"""bench_sim.py: the simulator's figures (docs/benchmarks.md "Simulator"), measured side by side in
one run: the engine's own `arena bench GAME` rate, `arena bench sim` (C, through libarena's API) at
batch 1, 64 and 4096 with 1 and 2 threads, and the Python module (arena_sdk.sim) through the same
library. Rates are per CPU second of the measuring process (the work per core: on a shared machine
wall time also counts the time other processes held the cores), except thread scaling, which only
wall time shows (2 threads against 1, in alternating slices of one `arena bench sim` process). Each figure is the best of --rounds rounds (a round runs everything once, so the
ratios compare figures taken minutes apart at most). Prints a table and the issue's targets met or
not; --json writes every figure. Figures only: no threshold fails this script.
--only threads: just 2 threads over 1 at batch 4096 per game (each round's and the best; about 40 s
a round); --only python: just Python's rate over C's at batch 256 and 4096, one thread; --only env:
just the CPU time of one Gymnasium-shaped Env.step(a) call per game, numpy arrays and memoryviews
(a few seconds a round).

usage: scripts/bench_sim.py [--rounds N] [--seconds S] [--json FILE] [--only threads|python|env]
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "sdk", "python"))
from arena_sdk import sim  # noqa: E402

ARENA = os.path.join(ROOT, "bin", "arena")
# seats, the engine benchmark's command line, the simulator's options
GAMES = {
    "rising_tide": (4, ["rising_tide", "--bot", "random_rizhao", "--games", "300"], {}),
    "suitebot": (2, ["suitebot", "--seats", "2", "--games", "3000"], {}),
    "chicken": (2, ["chicken", "--games", "40000"], {}),
    "splitter": (1, ["splitter", "--games", "40000"], {}),
    "rezzo": (2, ["rezzo", "--no-ref", "--size", "64x64", "--games", "3"], {"size": "64x64"}),
}
BATCHES = [1, 64, 256, 4096]
# the engine benchmark's bot of each game (the opponents of the Gymnasium-shaped loop)
BOTS = {"rising_tide": "random_rizhao", "suitebot": "random", "chicken": "yolanda", "splitter": "random",
        "rezzo": "wander"}


def run_json(args):
    out = subprocess.run([ARENA] + args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def engine_rate(game):
    """The engine's turns per CPU second: its rate per wall second times the share of the wall time
    the process had a core (its CPU time over its wall time)."""
    before, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    r = run_json(["bench"] + GAMES[game][1] + ["--json"])
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r["steps_per_second"] * wall / max(cpu, 1e-6)


def c_figures(seconds, batches=BATCHES, threads="1,2"):
    rows = run_json(["bench", "sim", "--batch", ",".join(map(str, batches)), "--threads", threads, "--seconds",
                     str(seconds), "--json"])
    for r in rows:  # the engine-only loop ran in slices beside the bots, in the same process
        eng = r.get("engine_turns_per_cpu_second", 0)
        r["bots_over_engine"] = r["turns_per_cpu_second"] / eng if eng else 0.0
    return {(r["game"], r["batch"], r["threads"]): r for r in rows}


def py_env_steps(game, batch, threads, seconds, use_numpy):
    """Environment steps per second of env.sample(); env.step() from Python (the C figure's loop)."""
    seats, _, options = GAMES[game]
    env = sim.VecEnv(game, batch, 1, seats=seats, options=options, threads=threads, use_numpy=use_numpy)
    env.reset()
    for _ in range(3):
        env.sample()
        env.step()
    rate = sample_step_rate(env, batch, seconds)
    env.close()
    return rate


def sample_step_rate(env, batch, seconds):
    """Environment steps per CPU second of env.sample(); env.step() over `seconds` (3 calls at least)."""
    calls, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while calls < 3 or time.perf_counter() - start < seconds:
        env.sample()
        env.step()
        calls += 1
    return calls * batch / (time.process_time() - cpu0)


def py_call_us(use_numpy, seconds):
    """Wall time of one env.step() call at batch 1 (Chicken), and of a bare ctypes call."""
    env = sim.VecEnv("chicken", 1, 1, use_numpy=use_numpy)
    env.reset()
    n, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while n < 1000 or time.perf_counter() - start < seconds:
        env.sample()
        env.step()
        n += 1
    both = (time.process_time() - cpu0) / n
    lib = sim.load_library()
    ptr = env._ptr
    n, start, cpu0 = 0, time.perf_counter(), time.process_time()
    f = lib.arena_num_envs
    while n < 1000 or time.perf_counter() - start < seconds / 4:
        f(ptr)
        n += 1
    bare = (time.process_time() - cpu0) / n
    env.close()
    return both * 1e6, bare * 1e6


def env_step_us(game, seconds, use_numpy):
    """CPU microseconds of one Env.step(a) (seat 0 the agent, the other seats the engine benchmark's
    bot): a loop of vec.sample() + env.step(a) less a loop of vec.sample() alone, so that the figure
    is the step's, Python's part and C's. Best (least) of three slices."""
    seats, _, options = GAMES[game]
    bots = {s: BOTS[game] for s in range(1, seats)}
    env = sim.Env(game, 1, seats=seats, bots=bots, options=options, use_numpy=use_numpy)
    env.reset()
    vec = env.vec

    def per_call(with_step):
        n, start, cpu0 = 0, time.perf_counter(), time.process_time()
        while n < 1000 or time.perf_counter() - start < seconds / 6:
            a = vec.sample()[0, 0]
            if with_step:
                env.step(a)
            n += 1
        return (time.process_time() - cpu0) / n

    both = min(per_call(True) for _ in range(3))
    sample = min(per_call(False) for _ in range(3))
    env.close()
    return (both - sample) * 1e6


def only_env(rounds, seconds):
    """Env.step(a)'s CPU time per call, per game, with numpy arrays (when installed) and memoryviews."""
    kinds = ([True] if sim.have_numpy() else []) + [False]
    us = {}
    for _ in range(rounds):
        for g in GAMES:
            for k in kinds:
                v = env_step_us(g, seconds, k)
                us[(g, k)] = v if (g, k) not in us else min(us[(g, k)], v)
    print(f"{'game':12} " + " ".join(f"{'numpy' if k else 'memoryview':>11}" for k in kinds) +
          "   (CPU us per Env.step(a) call, sampling excluded, least of the rounds)")
    for g in GAMES:
        print(f"{g:12} " + " ".join(f"{us[(g, k)]:11.2f}" for k in kinds))
    return us


def py_single_loop(game, count, seconds):
    """count environments of batch 1 stepped in a Python loop, against one VecEnv of batch count."""
    seats, _, options = GAMES[game]
    envs = [sim.VecEnv(game, 1, k, seats=seats, options=options) for k in range(count)]
    for e in envs:
        e.reset()
    steps, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while steps < 3 * count or time.perf_counter() - start < seconds:
        for e in envs:
            e.sample()
            e.step()
        steps += count
    loop = steps / (time.process_time() - cpu0)
    for e in envs:
        e.close()
    return loop, py_env_steps(game, count, 1, seconds, sim.have_numpy())


def py_gym_loop(game, count, seconds):
    """EnvPool's "for-loop" baseline in our terms: count Gymnasium-shaped single environments
    (arena_sdk.sim.Env: one agent, seat 0; the other seats the engine benchmark's bot) stepped one
    at a time by a Python loop, each step `obs, reward, terminated, truncated, info = env.step(a)`,
    against one VecEnv of count environments with the same seats and bots. The policy is the same
    C sampler on both sides (arena_sample), so the loop pays only what a single-environment API
    pays per step in Python. Environment steps per CPU second: (loop, batched)."""
    seats, _, options = GAMES[game]
    bots = {s: BOTS[game] for s in range(1, seats)}
    envs = [sim.Env(game, k, seats=seats, bots=bots, options=options) for k in range(count)]
    for e in envs:
        e.reset()
    steps, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while steps < 3 * count or time.perf_counter() - start < seconds:
        for e in envs:
            a = e.vec.sample()[0, 0]
            obs, reward, terminated, truncated, info = e.step(a)
        steps += count
    loop = steps / (time.process_time() - cpu0)
    for e in envs:
        e.close()
    env = sim.VecEnv(game, count, 1, seats=seats, bots=bots, options=options)
    env.reset()
    batched = sample_step_rate(env, count, seconds)
    env.close()
    return loop, batched


def py_board_loop(count, seconds):
    """Plies per CPU second of `count` Python Chicken boards stepped in a Python loop: the SDK's
    chicken_lib.Board (Arena's Chicken rules in Python, as the course's bots see them: no trapdoor
    falls, no observation encoding), a uniformly random legal move each ply, a new board when a
    game ends. EnvPool's baseline: environments stepped by Python one at a time."""
    import random
    lib = os.path.join(ROOT, "sdk", "python", "arena_sdk", "chicken_lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    from game import board as gboard  # noqa: E402
    from game.game_map import GameMap  # noqa: E402
    rnd, gm = random.Random(1), GameMap()

    def fresh():
        b = gboard.Board(gm, 360)
        b.chicken_player.start((0, rnd.randrange(8)), 0)
        b.chicken_enemy.start((7, rnd.randrange(8)), 1)
        return b
    boards = [fresh() for _ in range(count)]
    plies, start, cpu0 = 0, time.perf_counter(), time.process_time()
    while plies < 3 * count or time.perf_counter() - start < seconds:
        for k, b in enumerate(boards):
            moves = b.get_valid_moves()
            if b.is_game_over() or not moves:
                boards[k] = fresh()
                continue
            d, t = rnd.choice(moves)
            b.apply_move(d, t)
            b.reverse_perspective()
            plies += 1
    return plies / (time.process_time() - cpu0)


def best(old, new):
    return new if old is None else max(old, new)


def only_threads(rounds, seconds):
    """2 threads over 1 at batch 4096, wall time, side by side in one `arena bench sim` process."""
    print(f"{'game':12} " + " ".join(f"{'round ' + str(r + 1):>8}" for r in range(rounds)) + f" {'best':>6}"
          "   (2 threads / 1 thread, batch 4096, agents' steps per wall second, alternating slices)")
    ratios = {}
    for _ in range(rounds):
        for key, row in c_figures(seconds, [4096], "2").items():
            ratios.setdefault(key[0], []).append(row["threads_over_one"])
    for g, rs in ratios.items():
        print(f"{g:12} " + " ".join(f"{r:7.2f}x" for r in rs) + f" {max(rs):5.2f}x  [{'met' if max(rs) >= 1.7 else 'NOT met'}"
              " >= 1.7x]")


def only_python(rounds, seconds):
    """Python's env.sample(); env.step() over C's same loop, one thread, batch 256 and 4096."""
    batches = [256, 4096]
    c, py = {}, {}
    for _ in range(rounds):
        for key, row in c_figures(seconds, batches, "1").items():
            c[key] = best(c.get(key), row["env_steps_per_cpu_second"])
        for g in GAMES:
            for b in batches:
                py[(g, b, 1)] = best(py.get((g, b, 1)), py_env_steps(g, b, 1, seconds, sim.have_numpy()))
    print(f"{'game':12} " + " ".join(f"{'py b' + str(b):>11} {'C b' + str(b):>11} {'py/C':>5}" for b in batches) +
          "   (environment steps per CPU second, best of the rounds)")
    for g in GAMES:
        cells = [f"{py[(g, b, 1)]:11,.0f} {c[(g, b, 1)]:11,.0f} {py[(g, b, 1)] / c[(g, b, 1)]:5.2f}" for b in batches]
        print(f"{g:12} " + " ".join(cells))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=0.4)
    ap.add_argument("--json")
    ap.add_argument("--only", choices=["threads", "python", "env"])
    a = ap.parse_args()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"== simulator: {cpu}, {os.cpu_count()} cores, load {open('/proc/loadavg').read().split()[0]}, "
          f"python {sys.version.split()[0]}, numpy {'yes' if sim.have_numpy() else 'no'}, {time.strftime('%Y-%m-%d %H:%M')}")
    if a.only == "threads":
        return only_threads(a.rounds, a.seconds)
    if a.only == "python":
        return only_python(a.rounds, a.seconds)
    if a.only == "env":
        us = only_env(a.rounds, a.seconds)
        if a.json:
            with open(a.json, "w") as f:
                json.dump([{"game": g, "numpy": k, "env_step_us": v} for (g, k), v in us.items()], f, indent=1)
        return None
    engine, c, py, py_plain, calls, single, gym, board = {}, {}, {}, {}, None, {}, {}, None
    for _ in range(a.rounds):
        for g in GAMES:
            engine[g] = best(engine.get(g), engine_rate(g))
        for key, row in c_figures(a.seconds).items():
            old = c.get(key)
            c[key] = row if old is None else {k: (max(v, old[k]) if isinstance(v, float) and k != "call_us"
                                                  and k != "copy_over_memcpy" else
                                                  (min(v, old[k]) if isinstance(v, float) else v))
                                              for k, v in row.items()}
        for g in GAMES:
            for b in BATCHES:
                for t in (1, 2):
                    py[(g, b, t)] = best(py.get((g, b, t)), py_env_steps(g, b, t, a.seconds, sim.have_numpy()))
            py_plain[g] = best(py_plain.get(g), py_env_steps(g, 256, 1, a.seconds, False))
            loop, batched = py_single_loop(g, 64, a.seconds)
            old = single.get(g)
            single[g] = (loop, batched) if old is None else (max(old[0], loop), max(old[1], batched))
            loop, batched = py_gym_loop(g, 64, a.seconds)
            old = gym.get(g)
            gym[g] = (loop, batched) if old is None else (max(old[0], loop), max(old[1], batched))
        board = best(board, py_board_loop(64, a.seconds))
        step_us, bare_us = py_call_us(sim.have_numpy(), a.seconds)
        calls = (step_us, bare_us) if calls is None else (min(calls[0], step_us), min(calls[1], bare_us))

    print("\nC, through libarena's API (arena bench sim), per CPU second: bots = every seat the engine"
          " benchmark's bot, turns; agents = every seat an agent with random legal actions, observations and"
          " masks written, agent-steps of arena_step alone (sampling excluded)")
    print(f"{'game':12} {'engine':>11} " + " ".join(f"{'bots b' + str(b):>11}" for b in BATCHES) +
          f" {'bots/eng':>8} {'(same process)':>14} " + " ".join(f"{'agents b' + str(b):>12}" for b in BATCHES) +
          f" {'2thr/1thr':>9} {'copy/memcpy':>11}")
    for g in GAMES:
        bots = [c[(g, b, 1)]["turns_per_cpu_second"] for b in BATCHES]
        side = max(c[(g, b, 1)]["bots_over_engine"] for b in BATCHES)
        agents = [c[(g, b, 1)]["step_agent_steps_per_cpu_second"] for b in BATCHES]
        scale = c[(g, 4096, 2)]["threads_over_one"]
        copy = c[(g, 4096, 1)]["copy_over_memcpy"]
        print(f"{g:12} {engine[g]:11,.0f} " + " ".join(f"{x:11,.0f}" for x in bots) +
              f" {max(bots) / engine[g]:7.2f}x {side:13.2f}x " + " ".join(f"{x:12,.0f}" for x in agents) +
              f" {scale:8.2f}x {(f'{copy:.2f}x' if copy else '-'):>11}")
    print("\nPython (arena_sdk.sim, numpy" + (")" if sim.have_numpy() else ": not installed)") +
          ": env.sample(); env.step(), environment steps per CPU second, and the ratio to C's same loop")
    print(f"{'game':12} " + " ".join(f"{'py b' + str(b):>11} {'/C':>5}" for b in BATCHES) +
          f" {'no numpy b256':>14} {'64 single envs':>15} {'batched 64':>11} {'gain':>6}"
          f" {'64 gym Envs':>12} {'batched 64':>11} {'gain':>6}")
    for g in GAMES:
        cells = []
        for b in BATCHES:
            cr = c[(g, b, 1)]["env_steps_per_cpu_second"]
            cells.append(f"{py[(g, b, 1)]:11,.0f} {py[(g, b, 1)] / cr:5.2f}")
        loop, batched = single[g]
        gloop, gbatched = gym[g]
        print(f"{g:12} " + " ".join(cells) + f" {py_plain[g]:14,.0f} {loop:15,.0f} {batched:11,.0f} "
              f"{batched / loop:5.1f}x {gloop:12,.0f} {gbatched:11,.0f} {gbatched / gloop:5.1f}x")
    print("(64 single envs: VecEnv(num_envs=1) objects, sample() + step() each, against one VecEnv of 64, every seat an"
          " agent; 64 gym Envs: Env objects (seat 0 an agent, the others the bot), env.step(a) with the same C"
          " sampler, against one VecEnv of 64 with the same bots: EnvPool's for-loop)")
    print(f"\nChicken: 64 Python boards (chicken_lib.Board) in a Python loop, random legal moves: {board:,.0f} plies per "
          f"CPU second; one VecEnv of 64 (two agents, observations and masks written): "
          f"{single['chicken'][1]:,.0f} ({single['chicken'][1] / board:.0f}x)")
    c_pair_us = 1e6 / c[("chicken", 1, 1)]["env_steps_per_cpu_second"]
    overhead = (calls[0] - c_pair_us) / 2
    print(f"\nPython call overhead (Chicken, batch 1, CPU time): sample()+step() {calls[0]:.2f} us against C's "
          f"{c_pair_us:.2f} us for the same two calls: {overhead:.2f} us per call; a bare ctypes call "
          f"{calls[1]:.2f} us")

    print("\nTargets (issue 21):")

    def target(name, ok, detail):
        print(f"  [{'met' if ok else 'NOT met'}] {name}: {detail}")
    for g in ("chicken", "splitter", "suitebot", "rising_tide"):
        best_agents = max(c[(g, b, 1)]["step_agent_steps_per_cpu_second"] for b in BATCHES)
        target(f"{g} >= 1M agent-steps/s per core, obs and mask written", best_agents >= 1e6, f"{best_agents:,.0f}")
    for g in ("chicken", "splitter"):
        best_agents = max(c[(g, b, 1)]["step_agent_steps_per_cpu_second"] for b in BATCHES)
        target(f"{g} stretch >= 10M", best_agents >= 1e7, f"{best_agents:,.0f}")
    for g in GAMES:
        r = max(c[(g, b, 1)]["bots_over_engine"] for b in BATCHES)
        sep = max(c[(g, b, 1)]["turns_per_cpu_second"] for b in BATCHES) / engine[g]
        target(f"{g}: batched API >= 90% of the engine-only rate (bots in every seat)", r >= 0.9,
               f"{r:.2f} beside the engine's loop in the same process ({sep:.2f} against `arena bench {g}` run apart)")
    for g in GAMES:
        rs = [py[(g, b, 1)] / c[(g, b, 1)]["env_steps_per_cpu_second"] for b in (256, 4096)]
        target(f"{g}: Python at batch >= 256 >= 90% of C", min(rs) >= 0.9, f"{min(rs):.2f} (b256 {rs[0]:.2f}, b4096 {rs[1]:.2f})")
    target("Python overhead <= 1 us per batched call", overhead <= 1.0, f"{overhead:.2f} us")
    for g in GAMES:
        s = c[(g, 4096, 2)]["threads_over_one"]
        eff = c[(g, 4096, 2)]["agent_steps_per_cpu_second"] / c[(g, 4096, 1)]["agent_steps_per_cpu_second"]
        target(f"{g}: 2 threads >= 1.7x one thread (batch 4096, wall time, side by side)", s >= 1.7,
               f"{s:.2f}x; per CPU second 2 threads do {eff:.2f} of one thread's work (so two free cores "
               f"would give about {2 * eff:.2f}x)")
    for g in GAMES:
        loop, batched = single[g]
        target(f"{g}: batched >= 10x a Python loop over single environments (the simulator's own, batch 1)",
               batched / loop >= 10, f"{batched / loop:.1f}x")
    for g in GAMES:
        loop, batched = gym[g]
        target(f"{g}: batched >= 10x a Python loop over Gymnasium-shaped single environments (Env.step, EnvPool's "
               "for-loop)", batched / loop >= 10, f"{batched / loop:.1f}x")
    target("chicken: batched >= 10x a Python loop over Python environments (chicken_lib boards)",
           single["chicken"][1] / board >= 10, f"{single['chicken'][1] / board:.0f}x")
    for g in ("chicken", "rising_tide", "splitter"):
        r = c[(g, 4096, 1)]["copy_over_memcpy"]
        target(f"{g}: batched state copy <= 2x memcpy of the same bytes", r <= 2, f"{r:.2f}x")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"engine": engine, "c": [dict(v) for v in c.values()],
                       "python": [{"game": g, "batch": b, "threads": t, "env_steps_per_second": v}
                                  for (g, b, t), v in py.items()],
                       "python_no_numpy_b256": py_plain, "single_loop": single, "gym_loop": gym,
                       "chicken_board_loop": board,
                       "call_us": {"sample_step": calls[0], "bare_ctypes": calls[1]}}, f, indent=1)


if __name__ == "__main__":
    main()
