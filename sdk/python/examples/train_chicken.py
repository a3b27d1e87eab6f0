#!/usr/bin/env python3
"""Learns to play Chicken with numpy alone, in the batched simulator, then saves a bot that
`arena play` and `arena tourney` run as an ordinary process seat.

The policy is linear: one weight per (action, observation element) over the simulator's encoding
(docs/sim.md, "Chicken": the board seen from the mover's side, 8 planes of 8x8 and 12 numbers),
softmax over the legal actions. It learns by REINFORCE with a moving baseline from whole games
against built-in bots: +1 for a win, -1 for a loss, plus a little for the egg difference. As it
improves it reports its strength (greedy play, fixed seeds) against the built-in bots, and finally
writes a bot folder:

    OUT/bot.py            the policy and its weights; speaks Arena's Chicken protocol on stdin/stdout
    OUT/arena_sdk/sim.py  the simulator's Python module, which gives bot.py the same encoding
    OUT/libarena.so       the simulator's library

    arena play chicken "python3 OUT/bot.py" builtin:greedy

usage: train_chicken.py [--minutes M] [--envs N] [--threads T] [--seed S] [--out DIR] [--opponents a,b]
Ctrl-C ends the training early (after the batch under way): the policy so far is saved all the same.
Needs numpy (Debian: /usr/bin/python3 with python3-numpy).
"""
import argparse
import os
import shutil
import signal
import sys
import time

try:
    import numpy as np
except ImportError:
    sys.exit(f"train_chicken.py needs numpy, which this Python ({sys.executable}) does not have: run it with "
             "one that has (Debian: /usr/bin/python3 after apt-get install python3-numpy; or pip install numpy). "
             "The bot it saves needs no numpy.")

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..")))
from arena_sdk import sim  # noqa: E402

OBS, ACTIONS = 524, 12
# Inputs are the observation scaled to about [0, 1] (the 12 numbers after the 512 board cells:
# colour, ply, moves left x2, turds left x2, eggs x2, four trapdoor readings), and a constant 1.
SCALE = np.ones(OBS + 1, dtype=np.float32)
SCALE[512:524] = [1, 1 / 80, 1 / 40, 1 / 40, 1 / 5, 1 / 5, 1 / 20, 1 / 20, 1, 1, 1, 1]


def features(obs):
    """[N, 524] int16 observations -> [N, 525] float32 inputs."""
    x = np.empty((obs.shape[0], OBS + 1), dtype=np.float32)
    x[:, :OBS] = obs
    x[:, OBS] = 1
    return x * SCALE


def policy(W, x, mask, rng=None):
    """Actions for inputs x under the legal masks: sampled (rng) or the most likely (rng None)."""
    logits = x @ W.T
    logits = np.where(mask > 0, logits, -1e9)
    if rng is None:
        return logits.argmax(axis=1), None
    z = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(z) * (mask > 0)
    p /= p.sum(axis=1, keepdims=True)
    u = rng.random((len(p), 1))
    a = (p.cumsum(axis=1) < u).sum(axis=1)
    return np.minimum(a, ACTIONS - 1), p


def evaluate(W, opponent, games, seed, threads):
    """Score (win 1, tie 0.5) of greedy play over `games` games against builtin:opponent, the
    learner in seat 0 (the seed decides the colours, so it plays A and B alike)."""
    n = min(games, 256)
    env = sim.VecEnv("chicken", n, seed, bots={1: opponent}, threads=threads)
    obs, infos = env.reset()
    points, played = 0.0, 0
    while played < games:
        a, _ = policy(W, features(obs[:, 0, :]), infos["mask"][:, 0, :])
        env.actions[:, 0] = a
        obs, _, terminated, _, infos = env.step()
        done = terminated.astype(bool)
        if done.any():
            rank = infos["rank"][done]
            take = min(int(done.sum()), games - played)
            win = (rank[:, 0] < rank[:, 1])[:take]
            tie = (rank[:, 0] == rank[:, 1])[:take]
            points += win.sum() + 0.5 * tie.sum()
            played += take
    env.close()
    return points / games


class Adam:
    def __init__(self, shape, lr):
        self.m, self.v, self.t, self.lr = np.zeros(shape), np.zeros(shape), 0, lr

    def step(self, w, g):
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * g
        self.v = 0.999 * self.v + 0.001 * g * g
        mh, vh = self.m / (1 - 0.9 ** self.t), self.v / (1 - 0.999 ** self.t)
        return w + self.lr * mh / (np.sqrt(vh) + 1e-8)


def train(args):
    rng = np.random.default_rng(args.seed)
    opponents = args.opponents.split(",")
    W = np.zeros((ACTIONS, OBS + 1), dtype=np.float32)
    opt = Adam(W.shape, args.lr)
    # envs playing each opponent in turn (the current stage's opponent); seat 0 learns
    stage = 0
    env = sim.VecEnv("chicken", args.envs, args.seed, bots={1: opponents[stage]}, threads=args.threads)
    obs, infos = env.reset()
    start, last_report, baseline = time.time(), -1e9, 0.0
    history = []
    T = 120  # steps per batch: every environment finishes at least one game (at most 40 moves each)
    it = 0
    # Ctrl-C ends the training after the batch under way, and the policy so far is evaluated and
    # saved (until 2026-11-29 it lost the whole run); a second Ctrl-C stops at once
    stop = []

    def interrupt(signum, frame):
        if stop:
            raise KeyboardInterrupt
        stop.append(signum)
        print("\ninterrupted: training stops after this batch (Ctrl-C again to quit without saving)", flush=True)

    signal.signal(signal.SIGINT, interrupt)
    while time.time() - start < args.minutes * 60 and not stop:
        X = np.empty((T, args.envs, OBS + 1), dtype=np.float32)
        A = np.empty((T, args.envs), dtype=np.int64)
        P = np.empty((T, args.envs, ACTIONS), dtype=np.float32)
        G = np.zeros((T, args.envs), dtype=np.float32)
        end = np.zeros((T, args.envs), dtype=bool)
        outcome = np.zeros((T, args.envs), dtype=np.float32)
        for t in range(T):
            X[t] = features(obs[:, 0, :])
            A[t], P[t] = policy(W, X[t], infos["mask"][:, 0, :], rng)
            env.actions[:, 0] = A[t]
            obs, _, terminated, _, infos = env.step()
            end[t] = terminated.astype(bool)
            rank, score = infos["rank"], infos["score"]
            outcome[t] = np.sign(rank[:, 1] - rank[:, 0]) + 0.02 * (score[:, 0] - score[:, 1])
        # each step's return is the outcome of the game it belongs to; steps after an
        # environment's last finished game in this batch have none yet and are left out
        known = np.zeros(args.envs, dtype=bool)
        ret = np.zeros(args.envs, dtype=np.float32)
        for t in range(T - 1, -1, -1):
            ret = np.where(end[t], outcome[t], ret)
            known |= end[t]
            G[t] = np.where(known, ret, np.nan)
        use = ~np.isnan(G)
        adv = np.where(use, G - baseline, 0.0)
        baseline = 0.9 * baseline + 0.1 * float(np.nanmean(G))
        onehot = np.zeros_like(P)
        np.put_along_axis(onehot, A[..., None], 1.0, axis=2)
        grad = np.einsum("te,tea,tei->ai", adv, onehot - P, X) / max(int(use.sum()), 1)
        W = opt.step(W, grad).astype(np.float32)
        it += 1
        games = int(end.sum())
        if time.time() - last_report > args.report_seconds:
            last_report = time.time()
            scores = {o: evaluate(W, o, args.eval_games, 1000 + it, args.threads) for o in opponents}
            elapsed = time.time() - start
            history.append((elapsed, it, scores))
            print(f"{elapsed:6.0f} s  batch {it:4d} ({games} games, mean return {np.nanmean(G):+.2f})  "
                  + "  ".join(f"vs {o} {100 * s:5.1f}%" for o, s in scores.items()), flush=True)
            # move on to the next opponent once this one is mostly beaten
            if scores[opponents[stage]] > 0.8 and stage + 1 < len(opponents):
                stage += 1
                env.close()
                env = sim.VecEnv("chicken", args.envs, args.seed + stage, bots={1: opponents[stage]},
                                 threads=args.threads)
                obs, infos = env.reset()
                print(f"        now training against {opponents[stage]}", flush=True)
    env.close()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return W, history


BOT = '''#!/usr/bin/env python3
"""A Chicken bot trained by sdk/python/examples/train_chicken.py: a linear policy over the
simulator's encoding (docs/sim.md). The encoding comes from libarena.so beside this file, through
arena_sdk/sim.py (standard library only, no numpy), so it sees exactly what it saw in training."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ["ARENA_LIB"] = os.path.join(HERE, "libarena.so")
from arena_sdk.sim import Bot  # noqa: E402

SCALE = {scale}
W = {weights}


def choose(obs, mask):
    x = [obs[i] * SCALE[i] for i in range(len(obs))] + [SCALE[-1]]
    nonzero = [(i, v) for i, v in enumerate(x) if v]
    best, best_value = None, None
    for a in range(len(W)):
        if not mask[a]:
            continue
        row = W[a]
        value = sum(row[i] * v for i, v in nonzero)
        if best is None or value > best_value:
            best, best_value = a, value
    return best if best is not None else 0


if __name__ == "__main__":
    Bot("chicken").run(choose)
'''


def save(W, out):
    os.makedirs(os.path.join(out, "arena_sdk"), exist_ok=True)
    sdk = os.path.join(HERE, "..", "arena_sdk")
    shutil.copy(os.path.join(sdk, "sim.py"), os.path.join(out, "arena_sdk", "sim.py"))
    with open(os.path.join(out, "arena_sdk", "__init__.py"), "w") as f:
        f.write('"""The part of Arena\'s Python SDK the trained bot needs."""\n')
    shutil.copy(sim.load_library()._name, os.path.join(out, "libarena.so"))
    rows = ",\n     ".join("[" + ", ".join(f"{v:.6g}" for v in row) + "]" for row in W.tolist())
    with open(os.path.join(out, "bot.py"), "w") as f:
        f.write(BOT.format(scale="[" + ", ".join(f"{v:.6g}" for v in SCALE.tolist()) + "]",
                           weights="[" + rows + "]"))
    os.chmod(os.path.join(out, "bot.py"), 0o755)
    np.save(os.path.join(out, "weights.npy"), W)


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()),
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--minutes", type=float, default=3.0, help="training time (wall clock)")
    ap.add_argument("--envs", type=int, default=256, help="environments stepped in one batch")
    ap.add_argument("--threads", type=int, default=2, help="the simulator's threads")
    ap.add_argument("--seed", type=int, default=1, help="seed of the games and of the policy's sampling")
    ap.add_argument("--lr", type=float, default=0.05, help="Adam's learning rate")
    ap.add_argument("--opponents", default="yolanda,greedy",
                    help="built-in bots to train against, in order: the next once 80%% is reached")
    ap.add_argument("--eval-games", type=int, default=400, help="games of each strength report (the final: twice)")
    ap.add_argument("--report-seconds", type=float, default=20.0, help="time between strength reports")
    ap.add_argument("--out", default="chicken_bot", help="the bot folder to write")
    args = ap.parse_args()
    # checked before the training: a mistyped second opponent failed at the stage change, and an
    # --out that cannot be made at the end, each with a traceback and the run lost
    try:
        known = sim.bots("chicken")
    except sim.ArenaError as e:
        sys.exit(f"train_chicken.py: {e}")
    for o in args.opponents.split(","):
        if o not in known:
            ap.error(f"--opponents: chicken has no built-in bot {o!r} (its bots: {', '.join(known)})")
    if args.eval_games < 1:
        ap.error(f"--eval-games {args.eval_games}: expected 1 or more")
    # --minutes -1 or nan trained nothing and saved the untrained bot as if all was well, --seed -1
    # was numpy's traceback, --lr nan a policy of NaN (inf minutes: until Ctrl-C, which saves)
    if not args.minutes >= 0:
        ap.error(f"--minutes {args.minutes}: expected a duration, 0 or more (inf: until Ctrl-C)")
    if not 0 <= args.seed < 2**64:
        ap.error(f"--seed {args.seed}: expected 0 to 2^64-1")
    if not 0 < args.lr < float("inf"):
        ap.error(f"--lr {args.lr}: expected a learning rate above 0")
    if not args.report_seconds >= 0:
        ap.error(f"--report-seconds {args.report_seconds}: expected seconds, 0 or more")
    try:
        os.makedirs(os.path.join(args.out, "arena_sdk"), exist_ok=True)
    except OSError as e:
        ap.error(f"--out {args.out}: the bot folder cannot be made: {e.strerror}")
    try:
        run(args)
    except sim.ArenaError as e:  # the library's refusal (--envs 0, --threads 300) in one line
        sys.exit(f"train_chicken.py: {e}")


def run(args):
    print(f"training a linear Chicken policy for {args.minutes} minutes: {args.envs} environments, "
          f"{args.threads} thread{'s' if args.threads != 1 else ''}, opponents {args.opponents}", flush=True)
    W, history = train(args)
    save(W, args.out)  # first: a Ctrl-C during the final evaluation loses nothing
    try:
        final = {o: evaluate(W, o, 2 * args.eval_games, 99, args.threads) for o in args.opponents.split(",")}
        print("final (greedy play, %d games each): " % (2 * args.eval_games)
              + "  ".join(f"vs {o} {100 * s:.1f}%" for o, s in final.items()), flush=True)
    except KeyboardInterrupt:
        print("\nthe final evaluation was interrupted", flush=True)
    print(f"saved {args.out}/bot.py: arena play chicken \"python3 {args.out}/bot.py\" builtin:greedy")


if __name__ == "__main__":
    main()
