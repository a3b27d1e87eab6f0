# test_docs.sh: the user documentation stays true to the binary, in the two ways it drifted
# (2026-11-28 audit): an option that `arena CMD --help` offers but no page describes (worker's
# --poll, --lease ...), a display mode the help left out (Splitter's symbols), and README tour lines
# that a clone could not run (./mybot, "python3 mybot.py": refused, or 200 games scored 0).
# Also docs/sim.md's first examples, Python and C, run as a reader copies them.
. tests/e2e/lib.sh
ARENA_DIR=$(dirname "$ARENA")

# Every option of every subcommand's --help is in docs/cli.md, or in the page the command's
# section there sends its options to (tourney, serve, tester). The options are the flags of the
# help's usage lines and of its lines that start with an option, not those quoted inside a
# description (a seat's "python3 bot.py --depth 3", sbatch's --partition=batch in an example).
# (One python3 for all: a grep per flag took 11 s on a loaded machine.)
documented() {
  python3 - "$ARENA" <<'EOF'
import re, subprocess, sys
arena = sys.argv[1]
pages = {"tourney": "docs/tourney.md", "serve": "docs/serve.md", "tester": "docs/games/splitter.md"}
cmds = ["play", "replay", "view", "verify", "trace-check", "standings", "report", "bench", "bench sim",
        "bench rezzo", "list", "doctor", "worker", "tourney", "serve", "tester"]
line_re = re.compile(r"^usage:|^ +\[|^ +arena |^ *(-[a-zA-Z?], )?--[a-z]")
flag_re = re.compile(r"(?:^|(?<=[ \[|,(]))(--[a-z][a-z0-9-]*)(?=[\] ,|)]|$)")
cli = open("docs/cli.md").read()
bad = 0
for cmd in cmds:
    out = subprocess.run([arena] + cmd.split() + ["--help"], capture_output=True, text=True).stdout
    if not out.startswith("usage: arena "):
        print(f"arena {cmd} --help printed no usage")
        bad = 1
    docs = cli + (open(pages[cmd]).read() if cmd in pages else "")
    flags = {f for line in out.splitlines() if line_re.match(line) for f in flag_re.findall(line)}
    for f in sorted(flags):
        if not re.search(re.escape(f) + r"(?![a-z0-9-])", docs):
            where = "docs/cli.md" + (", " + pages[cmd] if cmd in pages else "")
            print(f"arena {cmd} --help: {f} is in no page ({where})")
            bad = 1
sys.exit(bad)
EOF
}
t_step "every option of each subcommand's --help is documented" documented

# play --help names every display mode of every game (those `arena list GAME` lists; Rezzo's
# follow=N family is named by its pattern).
view_modes_named() {
  "$ARENA" play --help >"$T_TMP/play_help.txt" || return 1
  bad=0
  for game in $("$ARENA" list --bots | awk '{print $1}' | sort -u); do
    modes=$("$ARENA" list "$game" | sed -n 's/^display modes ([^)]*): //p' | sed 's/ (.*//')
    for m in $modes; do
      case $m in *=*|...) continue ;; esac
      # the mode as a word of the help's --view text
      sed -n '/^  --view MODE/,/^  --[a-uw-z]/p' "$T_TMP/play_help.txt" | grep -qE "(^|[ :,])$m([,;) ]|\$)" ||
        { echo "play --help's --view does not name $game's mode $m"; bad=1; }
    done
  done
  return $bad
}
t_step "play --help names every game's display modes" view_modes_named

# The README's short tour, run as written from a folder that has what a clone has (bin/ as built,
# tests/, sdk/), each line succeeding and leaving the files the tour then reads. The tester line
# plays 1 game instead of its 20 (a Python bot: about 2 s a game on a loaded machine).
tour() {
  clone="$T_TMP/clone"; mkdir -p "$clone"
  ln -s "$(cd "$ARENA_DIR" && pwd)" "$clone/bin"
  ln -s "$PWD/tests" "$clone/tests"; ln -s "$PWD/sdk" "$clone/sdk"
  python3 - README.md >"$T_TMP/tour.txt" <<'EOF' || return 1
import re, sys
text = open(sys.argv[1]).read()
block = text.split("## A short tour", 1)[1].split("\n\n", 2)[1]   # the indented block after it
cmds, cur = [], ""
for line in block.splitlines():
    line = line.strip()
    cur = cur + " " + line if cur else line
    if cur.endswith("\\"):
        cur = cur[:-1].rstrip()
        continue
    cmds.append(re.sub(r"\s{2,}#.*$", "", cur)); cur = ""
print("\n".join(c for c in cmds if c.startswith("bin/arena ")))
EOF
  [ "$(wc -l <"$T_TMP/tour.txt")" -ge 10 ] || { echo "the tour has fewer lines than it had:"; cat "$T_TMP/tour.txt"; return 1; }
  sed -i 's/^\(bin\/arena tester .*\)--games [0-9]*/\1--games 1/' "$T_TMP/tour.txt"
  while IFS= read -r cmd; do
    (cd "$clone" && sh -c "$cmd" </dev/null >"$T_TMP/tour.out" 2>"$T_TMP/tour.err") ||
      { echo "README tour line failed (status $?): $cmd"; tail -n 5 "$T_TMP/tour.out" "$T_TMP/tour.err"; return 1; }
    case $cmd in
    *" tester "*) grep -q '^Games played 1$' "$T_TMP/tour.out" && ! grep -q 'scored 0' "$T_TMP/tour.out" ||
      { echo "the tester line did not play its game: $cmd"; cat "$T_TMP/tour.out"; return 1; } ;;
    *" --json"*) head -c 1 "$T_TMP/tour.out" | grep -q '{' ||
      { echo "no JSON from: $cmd"; cat "$T_TMP/tour.out"; return 1; } ;;
    esac
  done <"$T_TMP/tour.txt"
  for f in game.jsonl log.txt game.html t.db report.html; do
    [ -s "$clone/$f" ] || { echo "the tour left no $f"; return 1; }
  done
}
t_step "the README's tour runs from a clone's folders" tour

# docs/sim.md's "In five minutes", as written, from a clone's folders: the Python block runs (with
# the python3 found first, and with Debian's /usr/bin/python3 too when it has numpy: memoryviews
# then numpy arrays), and the C block is a whole program that its own first comment's command
# compiles and runs (until 2026-11-28 it was a sketch with "..." whose loop stopped at once: no
# "action" buffer was bound).
sim_five_minutes() {
  clone="$T_TMP/simclone"; mkdir -p "$clone"
  for d in sdk lib include; do ln -s "$PWD/$d" "$clone/$d"; done
  python3 - docs/sim.md "$clone" <<'EOF' || return 1
import re, sys
text = open(sys.argv[1]).read().split("## In five minutes", 1)[1].split("\n## ", 1)[0]
py = re.search(r"```python\n(.*?)```", text, re.S).group(1)
c = re.search(r"```c\n(.*?)```", text, re.S).group(1)
open(sys.argv[2] + "/five.py", "w").write(py + 'print(tuple(obs.shape), tuple(infos["mask"].shape), tuple(env.actions.shape))\n')
open(sys.argv[2] + "/prog.c", "w").write(c)
cmd = re.search(r"^ \* (cc prog\.c .*?)(?: \*/)?$", c, re.M).group(1)
open(sys.argv[2] + "/build.sh", "w").write(cmd + "\n")
EOF
  for py in python3 /usr/bin/python3; do
    command -v "$py" >/dev/null 2>&1 || continue
    [ "$py" = python3 ] || "$py" -c 'import numpy' 2>/dev/null || continue
    (cd "$clone" && nice "$py" five.py) >"$T_TMP/five.out" 2>&1 || { echo "$py five.py failed:"; tail -n 5 "$T_TMP/five.out"; return 1; }
    expect_eq "$(cat "$T_TMP/five.out")" "(256, 1, 524) (256, 1, 12) (256, 1)" || return 1
  done
  (cd "$clone" && sh build.sh) >"$T_TMP/prog.out" 2>&1 || { echo "the C example: $(cat "$clone/build.sh")"; tail -n 5 "$T_TMP/prog.out"; return 1; }
  grep -qE '^[1-9][0-9]{3,} games, [0-9.]+ won against greedy$' "$T_TMP/prog.out" ||
    { echo "the C example played no games:"; cat "$T_TMP/prog.out"; return 1; }
}
t_step "docs/sim.md's five-minute examples run as written" sim_five_minutes

# docs/sim.md's process bot (`Bot("chicken").run(...)`), as written, as a seat with the SDK on its
# PYTHONPATH: the sandbox lets it import arena_sdk but not read lib/libarena.so, and the seat's
# stderr said "Permission denied (build it with `make`, or set ARENA_LIB)". It now says what the
# page says to do; done so (the library and sim.py copied beside the bot, ARENA_LIB set), it plays.
sim_process_bot() {
  dir="$T_TMP/procbot"; mkdir -p "$dir" || return 1
  python3 - docs/sim.md "$dir/bot.py" <<'EOF' || return 1
import re, sys
text = open(sys.argv[1]).read().split("## A process bot with the same encoding", 1)[1].split("\n## ", 1)[0]
open(sys.argv[2], "w").write(re.search(r"```python\n(.*?)```", text, re.S).group(1))
EOF
  "$ARENA" play chicken "python3 $dir/bot.py" builtin:greedy --seed 3 --display none --json \
    --env PYTHONPATH="$PWD/sdk/python" --stderr-dir "$T_TMP/procerr" >"$T_TMP/proc.json" || return 1
  if grep -q '"down":1' "$T_TMP/proc.json"; then # the sandbox kept lib/ from the seat (Landlock)
    expect_contains "$T_TMP/procerr/seat0.stderr" "it cannot be read here (permission denied)" || return 1
    expect_contains "$T_TMP/procerr/seat0.stderr" "copy libarena.so beside the bot and set ARENA_LIB to the copy" || return 1
  else
    echo "# the seat could read lib/ (no Landlock here): the message is not seen"
  fi
  mkdir -p "$dir/arena_sdk" && cp sdk/python/arena_sdk/sim.py sdk/python/arena_sdk/__init__.py "$dir/arena_sdk/" &&
    cp "$(dirname "$ARENA")/../lib/libarena.so" "$dir/" || return 1
  sed -i "1i import os, sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); os.environ['ARENA_LIB'] = os.path.join(sys.path[0], 'libarena.so')" "$dir/bot.py"
  "$ARENA" play chicken "python3 $dir/bot.py" builtin:greedy --seed 3 --display none --json >"$T_TMP/proc.json" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/proc.json" ||
    { echo "the copied process bot did not play:"; cat "$T_TMP/proc.json"; return 1; }
}
t_step "docs/sim.md's process bot as a seat: told to copy the library, then it plays" sim_process_bot

# Every module of sdk/python/arena_sdk and every example of sdk/python/examples is named in
# docs/python-sdk.md, and every module in the package's docstring (help(arena_sdk)): the page and
# the docstring named the Rising Tide modules alone, not the simulator (sim) nor Chicken's adapter.
sdk_named() {
  python3 - <<'EOF'
import ast, os, sys
page = open("docs/python-sdk.md").read()
doc = ast.get_docstring(ast.parse(open("sdk/python/arena_sdk/__init__.py").read()))
bad = 0
for f in sorted(os.listdir("sdk/python/arena_sdk")):
    if f.endswith(".py") and not f.startswith("_"):
        mod = f[:-3]
        if f"arena_sdk.{mod}`" not in page:
            print(f"docs/python-sdk.md does not name arena_sdk.{mod}"); bad = 1
        if f"\n  {mod} " not in "\n" + doc:
            print(f"arena_sdk's docstring does not list {mod}"); bad = 1
for f in sorted(os.listdir("sdk/python/examples")):
    if f.endswith(".py") and f not in page:
        print(f"docs/python-sdk.md does not name the example {f}"); bad = 1
sys.exit(bad)
EOF
}
t_step "docs/python-sdk.md and help(arena_sdk) name every module and example of the SDK" sdk_named

t_done
