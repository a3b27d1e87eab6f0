# test_sim_example.sh: from training to tournament: the simulator's training example
# (sdk/python/examples/train_chicken.py) learns briefly, saves a bot folder, and that bot plays as
# an ordinary process seat in `arena play` (sandboxed, no verdicts) and in `arena tourney`.
. tests/e2e/lib.sh
PY=""
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
  echo "# skipped: no python3 with numpy (Debian: python3-numpy)"
  exit 0
fi
BOT="$T_TMP/chicken_bot"

train() {
  nice "$PY" sdk/python/examples/train_chicken.py --minutes 0.15 --envs 64 --eval-games 40 \
    --report-seconds 2 --out "$BOT" >"$T_TMP/train.out" 2>&1 || { cat "$T_TMP/train.out"; return 1; }
  expect_contains "$T_TMP/train.out" "vs yolanda" || return 1
  expect_contains "$T_TMP/train.out" "final (greedy play" || return 1
  for f in bot.py arena_sdk/sim.py libarena.so; do [ -f "$BOT/$f" ] || { echo "missing $f"; return 1; }; done
}
t_step "the example trains and reports its strength against the built-in bots" train

play() {
  # plain python3 (no numpy needed by the bot), sandboxed as any process seat
  "$ARENA" play chicken "python3 $BOT/bot.py" builtin:yolanda --seed 5 --display none --json >"$T_TMP/play.json" || return 1
  "$PY" - "$T_TMP/play.json" <<'PYEOF' || return 1
import json, sys
r = json.load(open(sys.argv[1]))
v = r["verdicts"][0]
assert not r["aborted"] and r["turns"] > 10, r
assert v == {"late": 0, "down": 0, "invalid": 0, "crash": 0}, v
PYEOF
}
t_step "the saved bot plays arena play as an ordinary process seat" play

tourney() {
  "$ARENA" tourney chicken "trained=python3 $BOT/bot.py" builtin:yolanda --games 4 --jobs 2 \
    --db "$T_TMP/t.db" --quiet >"$T_TMP/t.out" 2>&1 || { cat "$T_TMP/t.out"; return 1; }
  "$ARENA" standings --db "$T_TMP/t.db" >"$T_TMP/s.out" 2>&1 || { cat "$T_TMP/s.out"; return 1; }
  expect_contains "$T_TMP/s.out" "trained" || return 1
}
t_step "the saved bot plays arena tourney" tourney

# Ctrl-C during a long training (as a terminal sends it: to a trainer that does not ignore SIGINT,
# which a script's background job would) ends it after the batch under way and saves the bot; it
# raised KeyboardInterrupt out of the training loop and the whole run was lost.
interrupted() {
  "$PY" - "$PY" "$T_TMP/ibot" >"$T_TMP/int.out" 2>&1 <<'PYEOF' || { cat "$T_TMP/int.out"; return 1; }
import signal, subprocess, sys
py, out = sys.argv[1], sys.argv[2]
p = subprocess.Popen(["nice", py, "sdk/python/examples/train_chicken.py", "--minutes", "10", "--envs", "64",
                      "--eval-games", "40", "--report-seconds", "1", "--out", out],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
for line in p.stdout:  # the first strength report: the training is under way
    print(line, end="", flush=True)
    if "vs yolanda" in line:
        break
p.send_signal(signal.SIGINT)
print(p.stdout.read(), end="")
try:
    rc = p.wait(timeout=120)
except subprocess.TimeoutExpired:
    p.kill()
    sys.exit("the trainer did not stop within 120 s of Ctrl-C")
print(f"exit status {rc}")
sys.exit(rc)
PYEOF
  expect_contains "$T_TMP/int.out" "interrupted: training stops after this batch" || return 1
  expect_contains "$T_TMP/int.out" "final (greedy play" || return 1
  expect_contains "$T_TMP/int.out" "saved $T_TMP/ibot/bot.py" || return 1
  "$ARENA" play chicken "python3 $T_TMP/ibot/bot.py" builtin:yolanda --seed 5 --display none --json >"$T_TMP/iplay.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/iplay.json" ||
    { echo "the bot saved after Ctrl-C did not play:"; cat "$T_TMP/iplay.json"; return 1; }
}
t_step "Ctrl-C ends the training early and the bot is saved all the same" interrupted

# Bad arguments are refused at once, in one line and without a traceback: a mistyped second
# opponent failed only at the stage change and an --out that cannot be made only after the training
# (the run lost), and the library's refusals (--envs 0) came with a traceback.
bad_arguments() {
  refused() { # refused EXPECTED-TEXT ARGS...
    want=$1; shift
    timeout 60 nice "$PY" sdk/python/examples/train_chicken.py --minutes 5 --out "$T_TMP/never" "$@" \
      >"$T_TMP/bad.out" 2>&1 && { echo "accepted: $*"; return 1; }
    expect_contains "$T_TMP/bad.out" "$want" || return 1
    ! grep -q Traceback "$T_TMP/bad.out" || { echo "a traceback for $*:"; cat "$T_TMP/bad.out"; return 1; }
  }
  refused "--opponents: chicken has no built-in bot 'greedyy' (its bots: yolanda, greedy" --opponents yolanda,greedyy || return 1
  refused "--eval-games 0: expected 1 or more" --eval-games 0 || return 1
  refused "train_chicken.py: num_envs 0: expected 1 to" --envs 0 || return 1
  refused "train_chicken.py: setting threads=300: expected 1 to 256" --threads 300 || return 1
  # --minutes -1 and nan saved an untrained bot as if all was well, --seed -1 was numpy's traceback
  refused "--minutes -1.0: expected a duration, 0 or more (inf: until Ctrl-C)" --minutes -1 || return 1
  refused "--minutes nan: expected a duration" --minutes nan || return 1
  refused "--seed -1: expected 0 to 2^64-1" --seed -1 || return 1
  refused "--lr nan: expected a learning rate above 0" --lr nan || return 1
  refused "--report-seconds -1.0: expected seconds, 0 or more" --report-seconds -1 || return 1
  touch "$T_TMP/afile"
  timeout 60 nice "$PY" sdk/python/examples/train_chicken.py --minutes 5 --out "$T_TMP/afile/bot" >"$T_TMP/bad.out" 2>&1 &&
    { echo "accepted an --out under a file"; return 1; }
  expect_contains "$T_TMP/bad.out" "--out $T_TMP/afile/bot: the bot folder cannot be made: Not a directory" || return 1
}
t_step "bad arguments are refused before the training, in one line" bad_arguments
t_done
