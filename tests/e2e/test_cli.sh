# test_cli.sh: the arena command line as a user meets it: help, errors, --json, verify catching
# tampered replays, trace-check on the original's traces (and on damaged ones).
. tests/e2e/lib.sh
P=builtin:pass_perth

help_everywhere() {
  for c in play replay view verify trace-check tourney worker serve standings report bench tester list doctor; do
    "$ARENA" $c --help >"$T_TMP/h" 2>&1 || { echo "$c --help failed"; return 1; }
    grep -q "usage: arena $c" "$T_TMP/h" || { echo "$c --help has no usage line"; cat "$T_TMP/h"; return 1; }
  done
  # a subcommand's own subcommand answers too (bench sim's options were in no help at all)
  "$ARENA" bench sim --help >"$T_TMP/h" || return 1
  expect_contains "$T_TMP/h" "usage: arena bench sim" || return 1
  "$ARENA" bench --help >"$T_TMP/h" || return 1
  expect_contains "$T_TMP/h" "arena bench sim --help" || return 1
  expect_contains "$T_TMP/h" "arena bench rezzo --help" || return 1
  "$ARENA" bench rezzo --help >"$T_TMP/h" || return 1
  expect_contains "$T_TMP/h" "usage: arena bench rezzo" || return 1
  "$ARENA" bench rezzo --option size=abc 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--option size=abc: an unknown option, or a bad or missing value" || return 1
  # an option the game checks when it sets up (against the seats) is a usage error too (it was exit 1)
  "$ARENA" bench suitebot --option bases=0,0 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "option bases=0,0: 1 bases for 4 seats" || return 1
  "$ARENA" help tourney | grep -q "usage: arena tourney" || { echo "arena help tourney"; return 1; }
  # (arena help bench sim printed the list of commands)
  "$ARENA" help bench sim | grep -q "usage: arena bench sim" || { echo "arena help bench sim"; return 1; }
  "$ARENA" help bench rezzo | grep -q "usage: arena bench rezzo" || { echo "arena help bench rezzo"; return 1; }
  "$ARENA" help frobnicate 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "unknown command 'frobnicate'" || return 1
  "$ARENA" --help | grep -q "commands:" || return 1
  # `help` answers --help too, as every subcommand does (it said "unknown command '--help'", exit 2)
  for h in --help -h help; do
    "$ARENA" help $h >"$T_TMP/h" 2>"$T_TMP/e" || { echo "arena help $h failed"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/h" "commands:" || return 1
  done
}
t_step "--help answers on every subcommand" help_everywhere
# libpq, libarchive and libmicrohttpd (and the ~35 libraries they bring) are loaded when a command
# first needs them (src/core/dl.h), not by every arena process at start: linked, they tripled the
# start-up of each `arena play` and `arena verify`.
heavy_libraries_load_on_use() {
  command -v readelf >/dev/null 2>&1 || { echo "# readelf missing: cannot look"; return 0; }
  readelf -d "$ARENA" >"$T_TMP/needed" || return 1
  expect_contains "$T_TMP/needed" "libjansson" || return 1  # (the listing is read right)
  for lib in libpq libarchive libmicrohttpd; do
    ! grep -q "NEEDED.*\[$lib\." "$T_TMP/needed" || { echo "$ARENA links $lib"; return 1; }
  done
}
t_step "libpq, libarchive and libmicrohttpd load on use, not at every start" heavy_libraries_load_on_use

usage_errors() {
  "$ARENA" frobnicate 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "unknown command 'frobnicate'" || return 1
  "$ARENA" play nosuchgame x 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "games are: rising_tide" || return 1
  "$ARENA" play rising_tide builtin:nobody $P $P $P 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "built-ins are: pass_perth" || return 1
  "$ARENA" play rising_tide $P $P $P $P --option rounds=0 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "rounds=0" || return 1
  # a refused command plays nothing: no seed line before its error (it printed one)
  ! grep -q "arena: seed" "$T_TMP/e" || { echo "a seed for a refused game"; return 1; }
  "$ARENA" play rising_tide $P $P $P $P $P --replay "$T_TMP/none.jsonl" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "needs exactly 4 seats, got 5; remove 1 of them" || return 1
  ! grep -q "arena: seed" "$T_TMP/e" && [ ! -e "$T_TMP/none.jsonl" ] || { echo "a seed or a replay for a refused game"; return 1; }
  "$ARENA" play rising_tide $P $P $P $P --option colour=red 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "its options are: rules rounds" || return 1
  "$ARENA" play rising_tide $P $P $P $P --seed 9007199254740992 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  "$ARENA" play rising_tide $P $P $P $P --seed 9007199254740991 --display none --option rounds=2 >/dev/null || return 1
  "$ARENA" play rising_tide $P $P $P "   " 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "seat 3: empty seat; give builtin:NAME" || return 1
  "$ARENA" play rising_tide $P $P $P "python:/no/such/file.py" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "does not exist" || return 1
  # a folder for Rising Tide's python:FILE.py, a file for Chicken's python:AGENT_DIR: the seat
  # started and crashed in every game
  mkdir -p "$T_TMP/agent"; : >"$T_TMP/bot.py"
  "$ARENA" play rising_tide "python:$T_TMP/agent" $P $P $P 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "seat 0: python seat: '$T_TMP/agent' is a folder (give python:FILE.py[:NAME])" || return 1
  "$ARENA" play chicken builtin:greedy "python:$T_TMP/bot.py" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "seat 1: python seat: '$T_TMP/bot.py' is a file (give python:AGENT_DIR)" || return 1
  ! grep -q "arena: seed" "$T_TMP/e" || { echo "a refused seat played"; return 1; }
  # a tcp seat in a game whose messages cannot travel over tcp could not start, and the game was
  # played without it (exit 0)
  "$ARENA" play chicken builtin:greedy tcp:/bin/true 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "seat 1: chicken cannot use a tcp seat (it needs a line-based game without a start-up handshake)" || return 1
  ! grep -q "arena: seed" "$T_TMP/e" || { echo "a refused seat played"; return 1; }
  # a short flag where a seat goes: taken for a seat, `-o K=V` was a program '-o' in play and two
  # entrants named '-o' in a tourney (which then stored nothing here: the folder is checked)
  (cd "$T_TMP" && "$ARENA" play chicken builtin:greedy builtin:greedy -o moves=10 2>"$T_TMP/e"); [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena: error: unknown option -o: options are long ones, e.g. --option KEY=VALUE" || return 1
  (cd "$T_TMP" && "$ARENA" tourney chicken builtin:greedy builtin:random -o moves=10 -j4 2>"$T_TMP/e"); [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena: error: unknown option -o: options are long ones" || return 1
  [ ! -e "$T_TMP/tourney.db" ] || { echo "a refused tourney made a store"; return 1; }
  # an option before the game was "unknown game '--seed'" (as if the game were misspelt), and in
  # list, which has no such option, the same
  for cmd in play tourney bench; do
    (cd "$T_TMP" && "$ARENA" $cmd --seed 1 chicken builtin:greedy builtin:greedy 2>"$T_TMP/e"); [ $? -eq 2 ] || return 1
    expect_contains "$T_TMP/e" "arena: error: --seed is an option: the game comes first, options after it ($ARENA $cmd GAME ... --seed); games are: rising_tide" || return 1
  done
  [ ! -e "$T_TMP/tourney.db" ] || { echo "a refused tourney made a store"; return 1; }
  "$ARENA" list --json 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena: error: unknown option --json ($ARENA list [GAME], or --bots)" || return 1
}
t_step "usage errors say what to do and exit 2" usage_errors

# A game that cannot be made for want of memory is a failure (exit 1) saying so, not a "usage
# error" (exit 2, as a refused option is): under a 70 MB address space, Rezzo's 4096x4096 world
# (80 MiB of cells) cannot be had, while a small game plays.
small_rezzo_under_70mb() {
  (ulimit -v 70000 && "$ARENA" play rezzo builtin:wander builtin:wander --seed 1 --option size=16x16 \
    --option max_ticks=2 --quick --display none) >/dev/null 2>&1
}
play_out_of_memory_is_a_failure() {
  (ulimit -v 70000 && exec "$ARENA" play rezzo builtin:wander builtin:wander --seed 1 --option size=4096x4096 \
    --option max_ticks=2 --quick --display none --replay "$T_TMP/oom.jsonl") >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena play: the game could not be made: out of memory for a 4096x4096 world (80 MiB)" || return 1
  ! grep -q "usage" "$T_TMP/e" && [ ! -e "$T_TMP/oom.jsonl" ] || { echo "a usage error, or a replay"; return 1; }
  # the same options with memory are no mistake of the command's; a refused size still is one
  "$ARENA" play rezzo builtin:wander builtin:wander --option size=4097x4096 --display none 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "option size=4097x4096: expected WIDTHxHEIGHT, each 16..4096"
}
t_step_if small_rezzo_under_70mb "arena does not run under a 70 MB address space here (a sanitizer build)" \
  "a game that cannot be made for want of memory is a failure (exit 1), not a usage error" play_out_of_memory_is_a_failure

# The same for bench's check of the game before it measures (it called every failure to make the
# game a usage error, exit 2): SuiteBot's 60 KB state, which no option makes larger, cannot be had
# when malloc refuses blocks of 32 KiB or more (fail_malloc.so, built by make unit-bins); options the
# game refuses stay a usage error (help_everywhere).
FAIL_MALLOC=${UNIT_DIR:-build/tests/unit}
FAIL_MALLOC=${FAIL_MALLOC%/unit}/fail_malloc.so
arena_takes_fail_malloc() {
  [ -f "$FAIL_MALLOC" ] && LD_PRELOAD=$FAIL_MALLOC "$ARENA" list >/dev/null 2>&1
}
bench_out_of_memory_is_a_failure() {
  ARENA_FAIL_MALLOC_MIN=32768 LD_PRELOAD=$FAIL_MALLOC "$ARENA" bench suitebot --games 1 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena bench: the game could not be made: out of memory for a suitebot state (" || return 1
  ! grep -q "usage" "$T_TMP/e" && [ ! -s "$T_TMP/o" ] || { echo "a usage error, or figures"; return 1; }
}
t_step_if arena_takes_fail_malloc "no $FAIL_MALLOC, or arena does not take a preloaded malloc (a sanitizer build)" \
  "bench: a game that cannot be made for want of memory is a failure (exit 1), not a usage error" \
  bench_out_of_memory_is_a_failure

# arena bench rezzo makes its worlds itself: one that could not be had (rz_new's message went to a
# NULL buffer: a crash; the reference stepper's copy came from the aborting xmalloc) is a failure,
# exit 1, saying what could not be measured, with no figures. A 320x320 world's cells are 5 blocks
# of 102400 bytes (calloc, which fail_malloc.so refuses too); the reference stepper's copy is one
# of 204800. The games' and a failing game's are test_bench_fail's (unit); --referee's game (made by
# match_new, which said so before) is checked here for its message.
bench_rezzo_out_of_memory_is_a_failure() {
  ARENA_FAIL_MALLOC_MIN=65536 LD_PRELOAD=$FAIL_MALLOC "$ARENA" bench rezzo --size 320x320 --steps 5 --games 0 \
    --no-ref >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena bench rezzo: the CA on a 320x320 world could not be measured: out of memory for a 320x320 world (0.5 MiB)" || return 1
  [ ! -s "$T_TMP/o" ] || { echo "figures"; cat "$T_TMP/o"; return 1; }
  ARENA_FAIL_MALLOC_MIN=150000 LD_PRELOAD=$FAIL_MALLOC "$ARENA" bench rezzo --size 320x320 --steps 5 --games 0 \
    >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena bench rezzo: the CA on a 320x320 world could not be measured: out of memory for the reference stepper's copy of a 320x320 world (204800 bytes)" || return 1
  [ ! -s "$T_TMP/o" ] && ! grep -q usage "$T_TMP/e" || { echo "figures, or a usage error"; return 1; }
  # --referee's table of tick times (8 bytes a tick: 160000 for --ticks 20000) that cannot be had:
  # the figures before it stand, then exit 1
  ARENA_FAIL_MALLOC_MIN=150000 LD_PRELOAD=$FAIL_MALLOC "$ARENA" bench rezzo --size 16x16 --steps 3 --games 0 \
    --ticks 20000 --no-ref --referee >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena bench rezzo: out of memory for the times of 20000 ticks" || return 1
  expect_contains "$T_TMP/o" "world       16x16       3 steps:" || return 1
  # and the referee's own state for its seats (170 KB; match_new's xcalloc aborted)
  ARENA_FAIL_MALLOC_MIN=150000 LD_PRELOAD=$FAIL_MALLOC "$ARENA" bench rezzo --size 16x16 --steps 3 --games 0 \
    --ticks 100 --no-ref --referee >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena bench rezzo: the referee's game could not be made: out of memory for the referee's match (" || return 1
  expect_contains "$T_TMP/o" "world       16x16       3 steps:"
}
t_step_if arena_takes_fail_malloc "no $FAIL_MALLOC, or arena does not take a preloaded malloc (a sanitizer build)" \
  "bench rezzo: a world that cannot be had is a failure (exit 1), not a crash" bench_rezzo_out_of_memory_is_a_failure

# --frames' picture (64x64 at zoom 16: 1024x1024 pixels, 3 MiB) that cannot be had when malloc
# refuses blocks of 2 MB: play and replay say so, write no frame and exit 1 (buf_reserve aborted the
# whole process). The world itself (blocks of 4096 bytes) is had.
frames_out_of_memory_is_a_failure() {
  rm -rf "$T_TMP/oom_frames"
  ARENA_FAIL_MALLOC_MIN=2000000 LD_PRELOAD=$FAIL_MALLOC "$ARENA" play rezzo builtin:wander builtin:wander \
    --option size=64x64 --option max_ticks=3 --quick --display none --seed 1 --frames "$T_TMP/oom_frames" --zoom 16 \
    --replay "$T_TMP/oom_frames.jsonl" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "play: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: --frames: out of memory for a 1024x1024 picture (3 MiB) (frame $T_TMP/oom_frames/00000001.png); no more frames are written" || return 1
  expect_contains "$T_TMP/e" "--frames $T_TMP/oom_frames: not every frame was written (see above)" || return 1
  [ -z "$(ls "$T_TMP/oom_frames")" ] || { echo "frames written"; ls "$T_TMP/oom_frames"; return 1; }
  ARENA_FAIL_MALLOC_MIN=2000000 LD_PRELOAD=$FAIL_MALLOC "$ARENA" replay "$T_TMP/oom_frames.jsonl" --frames "$T_TMP/oom_frames" \
    --zoom 16 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "replay: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena replay: out of memory for a 1024x1024 picture (3 MiB) (frame 1 of --frames $T_TMP/oom_frames)" || return 1
  [ -z "$(ls "$T_TMP/oom_frames")" ] || { echo "frames written"; return 1; }
  # with the memory, every frame (the start and 3 ticks)
  "$ARENA" replay "$T_TMP/oom_frames.jsonl" --frames "$T_TMP/oom_frames" --zoom 16 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  [ "$(ls "$T_TMP/oom_frames" | wc -l)" -eq 4 ] || { echo "frames:"; ls "$T_TMP/oom_frames"; return 1; }
  rm -rf "$T_TMP/oom_frames" "$T_TMP/oom_frames.jsonl"
}
t_step_if arena_takes_fail_malloc "no $FAIL_MALLOC, or arena does not take a preloaded malloc (a sanitizer build)" \
  "play/replay --frames: a picture that cannot be had is a failure (exit 1), not an abort" frames_out_of_memory_is_a_failure

# --referee's game is played on the --size world, as the CA's and the games' (it was 320x320
# whatever --size said); text and --json name the world of the game played (read from its state).
bench_rezzo_referee_takes_size() {
  "$ARENA" bench rezzo --size 48x32 --steps 1 --games 0 --ticks 50 --no-ref --referee >"$T_TMP/o" 2>"$T_TMP/e" \
    || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "referee: 2 process wanders, quick, 48x32, seed 12345 (start type_hash " || return 1
  "$ARENA" bench rezzo --size 32x48 --steps 1 --games 0 --ticks 50 --no-ref --referee --json >"$T_TMP/o" 2>"$T_TMP/e" \
    || { cat "$T_TMP/e"; return 1; }
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["referee_world"]=="32x48", j; assert j["referee_ticks_per_second"]>0, j' "$T_TMP/o"
}
t_step "bench rezzo --referee: the game is played on --size's world" bench_rezzo_referee_takes_size

# --referee's game takes --seed and --players as the CA's worlds do (it was 2 wanders on seed 12345's
# world whatever they said): its start world is the one `arena play` makes from the same seed, seats
# and size (the replay header's type_hash), two seeds give two worlds, and the JSON and the text
# name the seed, the players and the ticks played; --players 0 (a CA world without players) has no
# referee's game: a usage error before anything is measured.
bench_rezzo_referee_takes_seed_and_players() {
  for s in 3 4; do
    "$ARENA" bench rezzo --size 48x32 --steps 1 --games 0 --ticks 30 --no-ref --referee --seed $s --players 3 --json \
      >"$T_TMP/ref$s.json" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
    "$ARENA" play rezzo builtin:wander builtin:wander builtin:wander --seed $s --option size=48x32 --option max_ticks=1 \
      --quick --display none --replay "$T_TMP/ref$s.jsonl" >/dev/null 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  done
  python3 - "$T_TMP" <<'PY'
import json, sys
d = sys.argv[1]
hashes = []
for s in (3, 4):
    j = json.load(open("%s/ref%d.json" % (d, s)))
    header = json.loads(open("%s/ref%d.jsonl" % (d, s)).readline())
    assert (j["referee_seed"], j["referee_players"], j["referee_world"]) == (s, 3, "48x32"), j
    assert j["referee_start_hash"] == header["frame"]["type_hash"], (s, j["referee_start_hash"], header["frame"]["type_hash"])
    assert j["referee_ticks"] == 30 and j["referee_ticks_per_second"] > 0, j
    hashes.append(j["referee_start_hash"])
assert hashes[0] != hashes[1], hashes
PY
  [ $? -eq 0 ] || return 1
  "$ARENA" bench rezzo --size 48x32 --steps 1 --games 0 --ticks 20 --no-ref --referee --seed 5 --players 1 >"$T_TMP/o" \
    2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "referee: 1 process wanders, quick, 48x32, seed 5 (start type_hash " || return 1
  "$ARENA" bench rezzo --size 48x32 --steps 1 --games 0 --no-ref --referee --players 0 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "--players 0: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: --players 0 --referee: the referee's game needs 1..10 players" || return 1
  [ ! -s "$T_TMP/o" ] || { echo "figures"; cat "$T_TMP/o"; return 1; }
}
t_step "bench rezzo --referee: --seed and --players make its game" bench_rezzo_referee_takes_seed_and_players

# bench rezzo --json holds what the text says: each world's figures and hash, and the games' bot,
# world, count and ticks (it had only games_per_second and steps_per_second); the reference's
# figures are null when --no-ref left them unmeasured (they were 0).
bench_rezzo_json_is_complete() {
  "$ARENA" bench rezzo --size 48x32 --steps 7 --games 2 --ticks 30 --no-ref >"$T_TMP/text" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  "$ARENA" bench rezzo --size 48x32 --steps 7 --games 2 --ticks 30 --no-ref --json >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  python3 - "$T_TMP/o" "$T_TMP/text" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
ca = j["ca"]
assert len(ca) == 1, ca
w = ca[0]
assert (w["world"], w["dense"], w["width"], w["height"], w["steps"]) == ("48x32", False, 48, 32, 7), w
assert w["steps_per_second"] > 0 and w["mcells_per_second"] > 0, w
assert w["reference_steps_per_second"] is None and w["ratio"] is None, w
assert w["hash_ok"] is True and w["hash_expected"] is None, w
assert "type_hash %s" % w["type_hash"] in text, (w, text)  # the same run as the text's
g = j["games"]
m = re.search(r"games: (\S+) x2, (\d+x\d+), (\d+) games, (\d+) ticks:", text)
assert m, text
assert (g["bot"], g["seats"], g["world"], g["games"], g["ticks"]) == (m.group(1), 2, m.group(2), 2, int(m.group(4))), (g, m.groups())
assert g["games_per_second"] > 0 and g["ticks_per_second"] > 0, g
assert j["games_per_second"] == g["games_per_second"] and j["steps_per_second"] == g["ticks_per_second"], j
assert (j["game"], j["threads"], j["seed"], j["players"]) == ("rezzo", 1, 12345, 2), j
assert j["cpu"], j
PY
  [ $? -eq 0 ] || return 1
  # no games: null, and the reference's figures when measured
  "$ARENA" bench rezzo --size 16x16 --steps 3 --games 0 --json >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); w=j["ca"][0]; assert j["games"] is None, j; assert w["reference_steps_per_second"]>0 and w["ratio"]>0, w' "$T_TMP/o"
}
t_step "bench rezzo --json: the worlds' and the games' figures, as the text" bench_rezzo_json_is_complete

# A world the options leave no room in (10 players on 16x16 with seed 2: Rezzo D14) is a usage error,
# exit 2, with the game's message and no figures (it was a crash: the message went to a NULL buffer).
bench_rezzo_refused_world() {
  "$ARENA" bench rezzo --size 16x16 --players 10 --seed 2 --steps 1 --games 0 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: rezzo: a 16x16 world has no room for 10 players" || return 1
  expect_contains "$T_TMP/e" "(see \`$ARENA bench rezzo --help\`)" || return 1
  [ ! -s "$T_TMP/o" ] || { echo "figures"; cat "$T_TMP/o"; return 1; }
}
t_step "bench rezzo: a world the options leave no room in is a usage error" bench_rezzo_refused_world

# --size WxH is the games' world as well as the CA's: the games were played on W by W ("games: ...,
# 48x48" for --size 48x32; test_bench_fail checks the world they are played on); W is a whole number
# as H is ("20abcx16" was 20x16).
bench_rezzo_size_is_w_by_h() {
  "$ARENA" bench rezzo --size 48x32 --steps 1 --no-ref --games 1 --ticks 5 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "world       48x32       1 steps:" || return 1
  expect_contains "$T_TMP/o" "games: builtin:wander x2, 48x32, 1 games, 5 ticks:" || return 1
  for bad in 20abcx16 x16 16x 16x16x16 8x16; do
    "$ARENA" bench rezzo --size $bad --steps 1 --no-ref --games 0 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "--size $bad: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "--size $bad: expected WxH, each 16..4096" || return 1
  done
}
t_step "bench rezzo: --size WxH sizes the games too (they were W by W)" bench_rezzo_size_is_w_by_h

# The games take --seed, --players and --bot (they were 2 seats on seeds 1000, 1001, ... whatever
# --seed and --players said): game k is the game `arena play` plays with --seed S+k-1 and the same
# seats and size, so its ticks are play's turns (attackers on 32x32: some seeds end early, so two
# seeds or seat counts tell apart); --referee's process seats are --bot's kit program (it was
# wander whatever --bot said). --players 0 leaves the games no seat: a usage error unless --games 0.
bench_rezzo_games_take_seed_players_and_bot() {
  for case in 2:4 2:1 3:4; do
    n=${case%:*}; s=${case#*:}
    "$ARENA" bench rezzo --size 32x32 --steps 1 --no-ref --bot attacker --games 1 --ticks 3000 --seed $s --players $n \
      --json >"$T_TMP/g$n-$s.json" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
    seats=""; i=0; while [ $i -lt $n ]; do seats="$seats builtin:attacker"; i=$((i + 1)); done
    "$ARENA" play rezzo $seats --seed $s --option size=32x32 --option max_ticks=3000 --quick --display none --json \
      >"$T_TMP/p$n-$s.json" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  done
  python3 - "$T_TMP" <<'PY'
import json, sys
d = sys.argv[1]
ticks = []
for n, s in ((2, 4), (2, 1), (3, 4)):
    g = json.load(open("%s/g%d-%d.json" % (d, n, s)))["games"]
    p = json.load(open("%s/p%d-%d.json" % (d, n, s)))
    assert g["ticks"] == p["turns"], (n, s, g, p["turns"])
    assert (g["bot"], g["seats"], g["first_seed"], g["games"]) == ("builtin:attacker", n, s, 1), g
    ticks.append(g["ticks"])
assert ticks[0] != ticks[1] and ticks[0] != ticks[2], ticks  # else the test could not tell
PY
  [ $? -eq 0 ] || return 1
  "$ARENA" bench rezzo --size 32x32 --steps 1 --no-ref --bot attacker --games 2 --ticks 20 --seed 7 --players 3 >"$T_TMP/o" \
    2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "games: builtin:attacker x3, 32x32, 2 games, 40 ticks:" || return 1
  expect_contains "$T_TMP/o" "(seeds 7 to 8)" || return 1
  "$ARENA" bench rezzo --size 32x32 --steps 1 --no-ref --bot attacker --games 0 --ticks 20 --referee --json >"$T_TMP/o" \
    2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["referee_bot"]=="attacker" and j["referee_ticks"]==20, j' \
    "$T_TMP/o" || return 1
  "$ARENA" bench rezzo --size 32x32 --steps 1 --no-ref --players 0 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "--players 0: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: --players 0: the games need 1..10 players (--games 0 measures the CA alone)" || return 1
  [ ! -s "$T_TMP/o" ] || { echo "figures"; cat "$T_TMP/o"; return 1; }
  "$ARENA" bench rezzo --size 32x32 --steps 1 --no-ref --players 0 --games 0 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "world       32x32       1 steps:"
}
t_step "bench rezzo: the games take --seed, --players and --bot; --referee takes --bot" bench_rezzo_games_take_seed_players_and_bot

# The spec's worlds' known type_hashes are of seed 12345 with 2 players: another --seed or
# --players on the default worlds was "WRONG: the run does not count" and exit 1 for a correct run.
# Now those runs are checked against nothing (hash_expected null), and the spec's still are.
bench_rezzo_other_seed_on_the_spec_worlds() {
  "$ARENA" bench rezzo --seed 5 --games 0 --no-ref --json >"$T_TMP/o5" 2>"$T_TMP/e" || { echo "--seed 5: exit $?"; cat "$T_TMP/o5" "$T_TMP/e"; return 1; }
  "$ARENA" bench rezzo --games 0 --no-ref --json >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  python3 - "$T_TMP/o5" "$T_TMP/o" <<'PY'
import json, sys
other, spec = (json.load(open(p))["ca"] for p in sys.argv[1:3])
for o, s in zip(other, spec):
    assert o["hash_ok"] and s["hash_ok"], (o, s)
    if s["dense"]:
        assert o["type_hash"] == s["type_hash"], (o, s)  # the soup has its own fixed seed
        continue
    assert o["hash_expected"] is None and s["hash_expected"] == s["type_hash"], (o, s)
    assert o["type_hash"] != s["type_hash"], (o, s)
PY
}
t_step "bench rezzo: another --seed on the spec's worlds is no wrong hash" bench_rezzo_other_seed_on_the_spec_worlds

# arena bench's flags that only process seats take changed nothing without them, without a word:
# --procs and the sandbox flags with the engine-only bench (built-in bots), --procs with --tcp
# (its server is the one process seat). Refused, exit 2, nothing measured; with --referee they work.
bench_flags_that_need_process_seats() {
  for args in "--procs 1" "--sandbox on" "--mem-mb 256"; do
    "$ARENA" bench chicken --games 2 $args >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "bench chicken $args: exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
    [ ! -s "$T_TMP/o" ] || { echo "bench chicken $args: figures"; return 1; }
  done
  expect_contains "$T_TMP/e" "the sandbox flags apply to process seats: give --referee, --seat or --tcp" || return 1
  "$ARENA" bench chicken --games 2 --procs 1 2>"$T_TMP/e" >/dev/null
  expect_contains "$T_TMP/e" "--procs counts --referee's process seats: give --referee (or --seat)" || return 1
  "$ARENA" bench suitebot --games 2 --tcp "python3 tests/bots/suitebot/kit_style_bot.py" --procs 2 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "--tcp --procs: exit $rc"; return 1; }
  expect_contains "$T_TMP/e" "--procs does not apply to --tcp: its bot server is the one process seat (seat 0)" || return 1
  "$ARENA" bench chicken --referee --procs 1 --games 2 --json >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["questions"]>0, j' "$T_TMP/o"
}
t_step "bench: --procs and the sandbox flags without process seats are refused" bench_flags_that_need_process_seats

# --view is checked for every game in one place (game_display_mode_check), with or without the live
# view and in replay: a mistyped mode was the default display, silently (Chicken, Rezzo, Rising Tide).
view_modes() {
  refused() { # refused EXPECTED-TEXT ARGS...: exit 2 with the text, nothing played
    want=$1; shift
    "$ARENA" "$@" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $*: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "$want" || return 1
    ! grep -q "arena: seed" "$T_TMP/e" || { echo "arena $*: played"; return 1; }
  }
  refused "view 'X': chicken's display modes are spectator, A, B" play chicken builtin:greedy builtin:greedy --view X --display none || return 1
  refused "view 'live': rising_tide has one display only (no --view)" play rising_tide $P $P $P $P --view live --display none || return 1
  refused "view 'blasts': suitebot's display modes are plain, blast" play suitebot builtin:hold builtin:hold --view blasts || return 1
  refused "view 'asci': splitter's display modes are symbols, ascii" play splitter builtin:random --view asci || return 1
  refused "view 'follow=2,nope': 'nope' is not a part of Rezzo's view" play rezzo builtin:wander builtin:wander --view follow=2,nope || return 1
  # the game's view option is the same choice, checked the same way
  refused "view 'follow:0': follow:0: players count from 1: follow=1 to follow=2" play rezzo builtin:wander builtin:wander --option view=follow:0 || return 1
  # the valid modes still play (Chicken's draw takes a and b too)
  "$ARENA" play chicken builtin:greedy builtin:greedy --view b --seed 1 --display none --replay "$T_TMP/v.jsonl" >/dev/null || return 1
  "$ARENA" play suitebot builtin:hold builtin:hold --view blast --seed 1 --display none --option rounds=3 >/dev/null || return 1
  "$ARENA" play rezzo builtin:wander builtin:wander --view follow=2,letters --quick --seed 1 --display none --option max_ticks=3 >/dev/null || return 1
  refused "view 'Z': chicken's display modes are spectator, A, B" replay "$T_TMP/v.jsonl" --view Z --plain || return 1
  # a player the game does not have (Rezzo's follow=N, human=N) was drawn as player 1, silently
  "$ARENA" play rezzo builtin:wander builtin:wander --quick --seed 1 --display none --option size=16x16 \
    --option max_ticks=3 --replay "$T_TMP/rz.jsonl" >/dev/null || return 1
  refused "view 'follow=9': follow=9: this game has 2 players: follow=1 to follow=2" replay "$T_TMP/rz.jsonl" --view follow=9 --plain || return 1
  refused "view 'letters,follow=3': follow=3: this game has 2 players: follow=1 to follow=2" replay "$T_TMP/rz.jsonl" --view letters,follow=3 || return 1
  refused "view 'follow=3': follow=3: this game has 2 players: follow=1 to follow=2" play rezzo builtin:wander builtin:wander --view follow=3 --display none || return 1
  refused "view 'human=2': human=2: this game has 1 player: human=1" play rezzo builtin:wander --option view=human=2 --display none || return 1
  # follow=0 got the list of every part of the view
  refused "view 'follow=0': follow=0: players count from 1: follow=1 to follow=2" replay "$T_TMP/rz.jsonl" --view follow=0 --plain || return 1
  refused "view 'human=0': human=0: players count from 1: human=1" play rezzo builtin:wander --option view=human=0 --display none || return 1
  "$ARENA" replay "$T_TMP/rz.jsonl" --view follow=2 --plain >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "player 2 wander" || return 1
  # a negative or huge pan read outside the world's picture (a segmentation fault); a zoom past
  # int overflowed
  for v in pan=-1:0 pan=2147483647:2147483647 pan=0:4096 zoom=99999999999 zoom=-2147483648; do
    refused "view '$v': '$v' is not a part of Rezzo's view, a comma list of live, follow=N, human=N, letters, scale=S (1..999), zoom=Z (-4096..4096), pan=X:Y (0..4095 each)" \
      replay "$T_TMP/rz.jsonl" --view $v --plain || return 1
  done
  # past 127 characters the rest was dropped, silently: follow=9 at the end was never read
  long=letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,letters,live,follow=9
  refused "view '$long': longer than 127 characters: give each part of Rezzo's view once" \
    replay "$T_TMP/rz.jsonl" --view "$long" --plain || return 1
  "$ARENA" replay "$T_TMP/rz.jsonl" --view pan=4095:4095,zoom=-4096 --plain >/dev/null || return 1
  "$ARENA" replay "$T_TMP/rz.jsonl" --view follow=1,pan=8:8,zoom=4096 --plain >/dev/null || return 1
  "$ARENA" replay "$T_TMP/v.jsonl" --view A --plain >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "view: A" || return 1
  # a turn past the end shows the end, and says so
  "$ARENA" replay "$T_TMP/v.jsonl" --dump 100000 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/e" "arena replay: --turn 100000: the replay has 80 turns; showing the last" || return 1
  expect_contains "$T_TMP/o" "GAME OVER" || return 1
  # and arena list GAME names them
  "$ARENA" list chicken | grep -qx "display modes (--view MODE; v cycles them): spectator A B" || return 1
  "$ARENA" list rezzo | grep -q "^display modes (--view MODE; v cycles them): live follow=1 .* \.\.\. (docs/games/)$" || return 1
  ! "$ARENA" list rising_tide | grep -q "display modes"
}
t_step "--view: every game refuses a mode it does not have, naming its modes (play and replay)" view_modes

# Numbers are read strictly: text, NaN and infinities are usage errors (strtod and atof took
# "abc" as 0, an unlimited --speed, and "nan" as a lease or a match time-out).
usage_numbers() {
  bad() { # bad EXPECTED-TEXT ARGS...: exit 2 with the text
    want=$1; shift
    "$ARENA" "$@" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $*: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "$want"
  }
  bad "--speed abc: expected turns per second" play rising_tide $P $P $P $P --speed abc || return 1
  bad "--speed nan: expected turns per second" replay "$T_TMP/good.jsonl" --speed nan || return 1
  bad "--match-timeout nan: expected seconds" tourney chicken builtin:greedy builtin:tracker --match-timeout nan --db "$T_TMP/n.db" || return 1
  bad "--games 2147483647: expected 1 to 10000000" tourney chicken builtin:greedy builtin:tracker --games 2147483647 --db "$T_TMP/n.db" || return 1
  bad "--cycles 0: expected 1 to 10000000" tourney chicken builtin:greedy builtin:tracker --cycles 0 --db "$T_TMP/n.db" || return 1
  bad "--lease nan: expected seconds" tourney chicken builtin:greedy builtin:tracker --lease nan --db "$T_TMP/n.db" || return 1
  bad "--heartbeat inf: expected seconds" worker --db "$T_TMP/n.db" --heartbeat inf || return 1
  bad "--poll nan: expected seconds" worker --db "$T_TMP/n.db" --poll nan || return 1
  bad "--store-retry nan: expected seconds" tourney chicken builtin:greedy builtin:tracker --store-retry nan --db "$T_TMP/n.db" || return 1
  bad "--store-retry 0: expected seconds" worker --db "$T_TMP/n.db" --store-retry 0 || return 1
  bad "--seconds needs a duration" bench sim chicken --seconds nan || return 1
  # strtod and strtol took a blank, a '+' and hex where no integer option does (--speed 0x10 was
  # 16); bench said only "bad --seed"
  bad "--speed 0x10: expected turns per second" replay "$T_TMP/good.jsonl" --speed 0x10 || return 1
  bad "--poll  5: expected seconds" worker --db "$T_TMP/n.db" --poll " 5" || return 1
  bad "--jobs  5: expected 1 to 256" worker --db "$T_TMP/n.db" --jobs " 5" || return 1
  bad "--games  6: expected 1 to 10000000" tourney chicken builtin:greedy builtin:tracker --games " 6" --db "$T_TMP/n.db" || return 1
  bad "--seed x: expected an integer from 0 to 2^53-1" bench chicken --seed x || return 1
  # a ninth size was dropped without a word, and neither message gave the range
  bad "--batch 1,2,3,4,5,6,7,8,9: expected 1 to 8 sizes of 1 to 1048576" bench sim chicken --batch 1,2,3,4,5,6,7,8,9 || return 1
  bad "--batch 2000000: expected 1 to 8 sizes of 1 to 1048576" bench sim chicken --batch 2000000 || return 1
  bad "--threads 999: expected 1 to 8 counts of 1 to 256" bench sim chicken --threads 999 || return 1
  bad "--threads 1,1,1,1,1,1,1,1,2: expected 1 to 8 counts" bench sim chicken --threads 1,1,1,1,1,1,1,1,2 || return 1
  # an unknown game named neither the games nor the options, and sent to `arena bench --help`
  bad "unknown game chess: games are rising_tide, suitebot, chicken, splitter, rezzo; options --batch" bench sim chess || return 1
  expect_contains "$T_TMP/e" "bench sim --help" || return 1
  bad "unknown option --batches: games are" bench sim --batches 64 || return 1
  # replay's turn numbers said only "bad --dump"
  bad "--dump x: expected a number of turns played (0 = the start)" replay "$T_TMP/good.jsonl" --dump x || return 1
  bad "--turn -1: expected a number of turns played (0 = the start)" replay "$T_TMP/good.jsonl" --turn -1 || return 1
  [ ! -e "$T_TMP/n.db" ] || { echo "a refused command made a store"; return 1; }
}
t_step "numbers: text, NaN and infinities are usage errors (exit 2)" usage_numbers

# A flag without its value is one error, not two (worker added "unknown argument --name").
one_error_per_missing_value() {
  for args in "worker --db $T_TMP/w.db --name" "worker --tag" "worker --db" "worker --poll" "worker --store-retry"; do
    "$ARENA" $args >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $args: exit $rc"; return 1; }
    expect_eq "$(grep -c 'arena: error' "$T_TMP/e")" 1 "arena $args: error lines" || { cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "needs a value" || return 1
  done
  # The value left out in the middle of the line: the next option was taken for it (`--db --quiet`
  # stored the tournament in a file named --quiet and played it without --quiet, exit 0).
  mkdir -p "$T_TMP/opt_as_value"
  for args in "tourney chicken builtin:greedy builtin:yolanda --games 2 --jobs 1 --db --quiet" "worker --db --quiet" \
              "play chicken builtin:greedy builtin:greedy --display none --replay --json" "replay --view --plain x"; do
    (cd "$T_TMP/opt_as_value" && "$ARENA" $args >"$T_TMP/o" 2>"$T_TMP/e"); rc=$?
    [ $rc -eq 2 ] || { echo "arena $args: exit $rc"; return 1; }
    expect_eq "$(grep -c 'arena: error' "$T_TMP/e")" 1 "arena $args: error lines" || { cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "needs a value" || return 1
    [ -z "$(ls -A "$T_TMP/opt_as_value")" ] || { echo "arena $args made: $(ls -A "$T_TMP/opt_as_value")"; return 1; }
  done
  expect_contains "$T_TMP/e" "--view needs a value" || return 1
}
t_step "a flag without its value (at the end, or an option next): one error (exit 2)" one_error_per_missing_value

# A benchmark of process seats that never answered measured nothing: exit 1 saying so (it printed
# "0 questions: p50 0 us" and exit 0).
bench_measures_something() {
  "$ARENA" bench chicken --referee --seat true --games 2 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "no question was answered" || return 1
  # (a --seat whose program is not there at all is refused first, as play refuses it)
  "$ARENA" bench chicken --referee --seat "my bot" --games 2 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "--seat 0: 'my bot': the shell would find no program 'my'" || return 1
  # and so is a python: seat naming nothing (it was "arena bench: python seat: ..." and exit 1)
  "$ARENA" bench chicken --referee --seat python:"$T_TMP/no_agent" --games 2 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: --seat 0: python seat: '$T_TMP/no_agent' does not exist" || return 1
  "$ARENA" bench chicken --referee --games 2 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
}
t_step "bench --referee: seats that never answer are an error, not zeros" bench_measures_something

# play and tourney read the clock flags with one parser: the same words, one message per error.
clock_flags_one_parser() {
  for cmd in play tourney; do
    "$ARENA" $cmd rising_tide $P $P $P $P --move-ms 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
    expect_eq "$(grep -c 'arena: error' "$T_TMP/e")" 1 "$cmd: error lines" || return 1
    expect_contains "$T_TMP/e" "--move-ms needs a value" || return 1
    "$ARENA" $cmd rising_tide $P $P $P $P --hard-ms=soon 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
    expect_contains "$T_TMP/e" "--hard-ms soon: expected milliseconds" || return 1
  done
  # --no-timeout wins over any limit given with it, in either order; a bot answering after 200 ms
  # is late against --move-ms 50 alone (in rounds 1 and 2: round 0 has the start-up allowance).
  # The three games, which mostly wait on the bot's sleeps, are played side by side, and one python
  # reads the three verdicts (the step took 18 s on a loaded machine one after another).
  slow='while read -r l; do [ "$l" = go ] && { sleep 0.2; echo pass; }; done'
  n=0 pids=
  for flags in "--move-ms 50" "--move-ms 50 --no-timeout" "--no-timeout --move-ms 50"; do
    n=$((n + 1))
    "$ARENA" play rising_tide $P $P $P "$slow" $flags --option rounds=3 --display none --json --seed 1 >"$T_TMP/j$n" &
    pids="$pids $!"
  done
  rc=0
  for pid in $pids; do wait "$pid" || rc=1; done
  [ $rc -eq 0 ] || { echo "a game failed"; return 1; }
  python3 -c 'import json,sys; print(*[json.load(open(f))["verdicts"][3]["late"] for f in sys.argv[1:]])' \
    "$T_TMP/j1" "$T_TMP/j2" "$T_TMP/j3" >"$T_TMP/late" || return 1
  # late with "--move-ms 50", "--move-ms 50 --no-timeout", "--no-timeout --move-ms 50"
  expect_eq "$(cat "$T_TMP/late")" "2 0 0" "late counts" || return 1
}
t_step "clock flags: play and tourney read them alike (one error each; --no-timeout wins)" clock_flags_one_parser

# A seat that goes out of play says why under the table, with the last line of its stderr (a
# mistyped command used to show only "crash 1"); the bot's bytes reach the terminal without
# control characters.
out_seats_say_why() {
  # (a simple command whose program is nowhere is refused before the game: seats_checked_before_play)
  "$ARENA" play rising_tide $P $P "nosuchcmd_xyz || exit 127" "printf 'boom\033[2J here\\n' >&2; exit 3" --display none \
    --option rounds=2 --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 2 (nosuchcmd_xyz) crash: exited with status 127 (the shell's \"command not found\": check the seat's command); its stderr ends: " || return 1
  expect_contains "$T_TMP/o" "nosuchcmd_xyz: not found" || return 1
  expect_contains "$T_TMP/o" "seat 3 (printf) crash: exited with status 3; its stderr ends: boom?[2J here" || return 1
  expect_contains "$T_TMP/o" "(--stderr-dir DIR keeps each seat's whole stderr)" || return 1
  ! grep -q "$(printf '\033')" "$T_TMP/o" || { echo "an escape reached stdout"; return 1; }
  # a bot that logs on stdout ('#' lines: the Python adapters' tracebacks) shows its last one
  "$ARENA" play rising_tide $P $P $P "echo '#log: KeyError: width'; exit 1" --display none --option rounds=2 --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "crash: exited with status 1; its last # line: #log: KeyError: width" || return 1
  # a bot whose interpreter's interpreter lacks its execute bit (the check before the game looks at
  # the bot's own #! line, which names an executable file): the reason and the two ways out
  printf '#!/bin/sh\nwhile read l; do echo pass; done\n' >"$T_TMP/noexec.sh"; chmod 644 "$T_TMP/noexec.sh"
  printf '#!%s\n' "$T_TMP/noexec.sh" >"$T_TMP/mid.sh"; chmod 755 "$T_TMP/mid.sh"
  printf '#!%s\n' "$T_TMP/mid.sh" >"$T_TMP/via.sh"; chmod 755 "$T_TMP/via.sh"
  "$ARENA" play rising_tide $P $P $P "$T_TMP/via.sh" --display none --option rounds=2 --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "seat 3 (via.sh) crash: exited with status 127 (the sandbox could not start it: chmod +x it and its interpreter, or name the interpreter: \"python3 bot.py\"); its stderr ends: arena sandbox: exec: $T_TMP/via.sh failed: Permission denied" || return 1
  "$ARENA" play rising_tide $P $P $P "$T_TMP/via.sh" --sandbox off --display none --option rounds=2 --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "seat 3 (via.sh) crash: could not be started: Permission denied (chmod +x it, or name its interpreter" || return 1
  "$ARENA" play rising_tide $P $P $P $P --display none --option rounds=2 --seed 1 >"$T_TMP/o" || return 1
  ! grep -q "^seat [0-9]" "$T_TMP/o" || { echo "a line for a seat that stayed in play"; cat "$T_TMP/o"; return 1; }
  # down at start-up (a game with a `ready` handshake) for another reason than time: it said so
  # ("not ready within the start-up allowance (--startup-ms)" sent its author to raise that limit,
  # for a bot that died on an import or answered something else)
  "$ARENA" play chicken "sh -c 'echo hello there; cat >/dev/null'" "sh -c 'echo no module named x >&2; exit 3'" \
    --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (sh) down: answered its start-up message with 'hello there', not ready" || return 1
  expect_contains "$T_TMP/o" "seat 1 (sh) down: exited with status 3 during its start-up; its stderr ends: no module named x" || return 1
  "$ARENA" play chicken "sh -c 'kill -SEGV \$\$'" builtin:greedy --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (sh) down: killed by signal 11 (Segmentation fault) during its start-up" || return 1
  # (and a bot that is slow to start is told about the limit)
  "$ARENA" play chicken "sh -c 'sleep 60'" builtin:greedy --startup-ms 200 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (sh) down: not ready within the start-up allowance (--startup-ms)" || return 1
  # one that answered without a line end is told so (the limit was not the matter; it was not said)
  "$ARENA" play chicken "sh -c 'printf ready; sleep 60'" builtin:greedy --startup-ms 1000 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (sh) down: not ready within the start-up allowance (--startup-ms) and its last line has no line end: 'ready' (end every line with \\n)" || return 1
  "$ARENA" play suitebot "sh -c 'printf H; sleep 60'" builtin:hold --option rounds=1 --move-ms 50 --startup-ms 1000 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (sh) late 1 time and its last line has no line end: 'H' (end every line with \\n)" || return 1
}
t_step "play: a seat out of play says why under the table (exit status, signal, limit, its stderr's last line)" out_seats_say_why
# A seat's invalid lines: how many and the first, with why, under the table. A Chicken bot lost
# its game by one, a Rising Tide bot's moves became passes, and the table said "invalid 1" alone
# (why only in --log).
invalid_lines_say_why() {
  "$ARENA" play chicken "sh -c 'while read l; do case \$l in ready) echo ready;; go) echo LEFT PLAIN;; esac; done'" builtin:greedy \
    --option colours=fixed --option spawn=2 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" 'seat 0 (sh) invalid 1 time, the first: "LEFT PLAIN" (illegal: off_board at (-1,2))' || return 1
  # (a C1 control in UTF-8, U+009B = CSI, too: it passed; and a #name: holding one is not taken)
  "$ARENA" play rising_tide $P $P $P "sh -c 'printf \"#name: EV Ev\\302\\2332J\\n\"; while read l; do [ \"\$l\" = go ] && printf \"garbage \\033[31m\\302\\2332J\\n\"; done'" \
    --display none --option rounds=2 --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" 'seat 3 (sh) invalid 2 times, the first: "garbage ?[31m??2J" (malformed: expected `i1 j1 i2 j2` or `pass`)' || return 1
  ! grep -q "$(printf '\033')" "$T_TMP/o" || { echo "an escape reached stdout"; return 1; }
  ! grep -q "$(printf '\302\233')" "$T_TMP/o" || { echo "a C1 escape reached stdout"; return 1; }
  [ "$(grep -c '^seat [0-9]' "$T_TMP/o")" -eq 1 ] || { echo "a line for a seat without invalid lines"; cat "$T_TMP/o"; return 1; }
  # a NUL byte in the line: noted as '?' (the note was cut at it, "UP", beside "not printable ASCII"),
  # under the table and in the replay, which still verifies
  "$ARENA" play chicken "sh -c 'while read l; do case \$l in ready) echo ready;; go) printf \"UP\\000 PLAIN\\n\";; esac; done'" \
    builtin:greedy --option colours=fixed --display none --seed 1 --replay "$T_TMP/nul.jsonl" >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" 'seat 0 (sh) invalid 1 time, the first: "UP? PLAIN" (malformed: not printable ASCII)' || return 1
  expect_contains "$T_TMP/nul.jsonl" '"text":"UP? PLAIN"' || return 1
  "$ARENA" verify "$T_TMP/nul.jsonl" >/dev/null || return 1
}
t_step "play: a seat's invalid lines are counted under the table with the first one and why" invalid_lines_say_why
# --display terminal with stdout not a terminal: the game is played without the live view, and
# says so (it went without a word: the game played at full speed, unseen); the default says nothing
display_terminal_without_one() {
  "$ARENA" play chicken builtin:greedy builtin:greedy --display terminal --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/e" "arena play: --display terminal: stdout is not a terminal, so the game plays without the live view (watch it afterwards with --replay FILE and $ARENA replay FILE)" || return 1
  expect_contains "$T_TMP/o" "Chicken, seed 1:" || return 1
  "$ARENA" play chicken builtin:greedy builtin:greedy --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  ! grep -q "display" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
}
t_step "play: --display terminal without a terminal says it plays without the live view" display_terminal_without_one
# A bot down by its start-up allowance or its hard limit that wrote nothing on stdout most often
# printed into a buffer it never flushed (a pipe is block-buffered): the line says so and how to
# flush, where it sent the author to raise the limit in vain; one that wrote something is not told.
unflushed_output_says_flush() {
  printf 'import sys\nfor line in sys.stdin:\n    if line.strip() == "ready":\n        print("ready")\n' >"$T_TMP/nf.py"
  "$ARENA" play chicken "python3 $T_TMP/nf.py" builtin:greedy --startup-ms 500 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 0 (python3) down: not ready within the start-up allowance (--startup-ms) and wrote nothing on stdout (if it did print, its output sat in a buffer: flush every line, Python print(..., flush=True) or python3 -u, C fflush(stdout))" || return 1
  "$ARENA" play rising_tide $P $P $P "sh -c 'sleep 10'" --hard-ms 300 --startup-ms 300 --option rounds=20 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "seat 3 (sh) down: no answer within the hard limit (--hard-ms) and wrote nothing on stdout (if it did print" || return 1
  "$ARENA" play rising_tide $P $P $P "sh -c 'while read l; do [ \"\$l\" = go ] && break; done; echo pass; sleep 10'" \
    --hard-ms 300 --startup-ms 5000 --option rounds=20 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "seat 3 (sh) down: no answer within the hard limit (--hard-ms)" || return 1
  ! grep -q "wrote nothing" "$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
}
t_step "play: a seat down at a limit that wrote nothing on stdout is told to flush its output" unflushed_output_says_flush
# A bot that prints without flushing is not always put down: the game moves on at the soft limit,
# so a Rising Tide game shorter than the hard limit shows it only "late" at every round. The line
# under the table tells it to flush.
late_unflushed_says_flush() {
  printf 'import sys\nfor line in sys.stdin:\n    if line.strip() == "go":\n        print("pass")\n' >"$T_TMP/lnf.py"
  "$ARENA" play rising_tide $P $P $P "python3 $T_TMP/lnf.py" --startup-ms 500 --option rounds=8 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "seat 3 (python3) late 8 times and wrote nothing on stdout (if it did print, its output sat in a buffer: flush every line, Python print(..., flush=True) or python3 -u, C fflush(stdout))" || return 1
  # the same bot flushing a comment line at every round has written: late, and not told
  printf 'import sys\nfor line in sys.stdin:\n    if line.strip() == "go":\n        sys.stdout.write("# thinking\\n")\n        sys.stdout.flush()\n        print("pass")\n' >"$T_TMP/slow.py"
  "$ARENA" play rising_tide $P $P $P "python3 $T_TMP/slow.py" --startup-ms 500 --option rounds=3 --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  grep -Eq "^3 +python3 .* 3 +0 +0 +0$" "$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  ! grep -q "wrote nothing" "$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
}
t_step "play: a seat late at every round that wrote nothing on stdout is told to flush its output" late_unflushed_says_flush

# A seat whose program is not there is refused before any game, in play and in a tourney played
# here: "my bot" (a name taken for a command) crashed in every game with "my: not found" under the
# table, and "my bot=builtin:x" became the command `my bot=builtin:x`.
seats_checked_before_play() {
  refused() { # refused EXPECTED-TEXT ARGS...: exit 2 with the text, nothing played or stored
    want=$1; shift
    "$ARENA" "$@" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $*: exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "$want" || return 1
    ! grep -q "arena: seed" "$T_TMP/e" || { echo "arena $*: played"; return 1; }
  }
  refused "seat 0: 'my bot': the shell would find no program 'my' (not a file, nor on PATH); a command with arguments is one quoted seat (\"python3 bot.py --depth 3\"), and a name goes before it without blanks (my_bot=./bot)" \
    play rising_tide "my bot" $P $P $P --display none || return 1
  refused "seat 1: 'my bot=builtin:pass_perth': a seat's name cannot contain blanks; write NAME=SEAT with a name such as my_bot=builtin:pass_perth" \
    play rising_tide $P "my bot=$P" $P $P --display none || return 1
  # builtin:NAME:ARGS (docs/referee.md offered it) played NAME with the ARGS dropped unseen
  refused "seat 2: 'builtin:pass_perth:fast': a built-in bot takes no arguments; give builtin:pass_perth (the game's options are --option KEY=VALUE)" \
    play rising_tide $P $P "$P:fast" $P --display none || return 1
  refused "entrant 3: 'builtin:pass_perth:fast': a built-in bot takes no arguments" \
    tourney rising_tide a=$P b=$P "c=$P:fast" d=$P --db "$T_TMP/seats.db" || return 1
  refused "seat 2: '$T_TMP/nope': no such file" play rising_tide $P $P "$T_TMP/nope" $P --display none || return 1
  printf '#!/bin/sh\n' >"$T_TMP/noexec.sh"; chmod 644 "$T_TMP/noexec.sh"
  refused "seat 3: '$T_TMP/noexec.sh': not an executable file (chmod +x it, or name its interpreter" \
    play rising_tide $P $P $P "$T_TMP/noexec.sh" --display none || return 1
  refused "seat 1: '$T_TMP/': a folder; give the program in it" play rising_tide $P "$T_TMP/" $P $P --display none || return 1
  # a program whose first line the kernel cannot follow crashed in every game, under a message that
  # named the wrong culprit ("exec: ... failed: No such file or directory" for a file that is there)
  printf 'echo pass\n' >"$T_TMP/plain.sh"; printf '#!/bin/sh\r\necho pass\r\n' >"$T_TMP/crlf.sh"
  printf '#!/no/such/python3\n' >"$T_TMP/gone.py"; printf '#!/usr/bin/env python3 -u\n' >"$T_TMP/opts.py"
  chmod 755 "$T_TMP/plain.sh" "$T_TMP/crlf.sh" "$T_TMP/gone.py" "$T_TMP/opts.py"
  refused "seat 2: '$T_TMP/plain.sh': a script without a #! line, so it cannot be executed: add a first line such as #!/bin/sh or #!/usr/bin/env python3, or name its interpreter (\"sh $T_TMP/plain.sh\")" \
    play rising_tide $P $P "$T_TMP/plain.sh" $P --display none || return 1
  refused "seat 0: '$T_TMP/crlf.sh': its #! line ends with a carriage return (Windows line ends), which the kernel takes as part of the interpreter's name: convert the file (dos2unix $T_TMP/crlf.sh" \
    play rising_tide "$T_TMP/crlf.sh --depth 3" $P $P $P --display none || return 1
  refused "seat 1: '$T_TMP/gone.py': its interpreter '/no/such/python3' (its #! line) is not there" \
    play rising_tide $P "$T_TMP/gone.py" $P $P --display none || return 1
  refused "seat 3: '$T_TMP/opts.py': its #! line gives env 'python3 -u' as one program name (the kernel passes the rest of the line as one argument): write #!/usr/bin/env -S python3 -u" \
    play rising_tide $P $P $P "$T_TMP/opts.py" --display none || return 1
  refused "seat 2: '1 ./bot': the shell would find no program '1' (not a file, nor on PATH); a command with arguments is one quoted seat (\"python3 bot.py --depth 3\"), and a name goes before it without blanks (my_bot=./bot); 'DEPTH=' was read as the seat's name: for a variable give --env DEPTH=VALUE" \
    play rising_tide $P $P "DEPTH=1 ./bot" $P --display none || return 1
  refused "seat 0: 'sub/bot --level 2': the shell would find no program 'sub/bot' (no such file)" \
    play rising_tide "sub/bot --level 2" $P $P $P --display none || return 1
  # '=' and '=x' are no assignments to the shell but programs it does not find: a seat '=' played
  refused "seat 1: '=': the shell would find no program '=' (not a file, nor on PATH)" \
    play rising_tide $P "=" $P $P --display none || return 1
  refused "seat 3: '=x ./bot': the shell would find no program '=x' (not a file, nor on PATH)" \
    play rising_tide $P $P $P "=x ./bot" --display none || return 1
  # a name split_name cannot take was looked for as a program: "no such file" alone did not say why
  refused "seat 0: 'team/1=./bot': no such file; 'team/1' is not a seat's name (no '/', ':', quotes or blanks): write NAME=SEAT with a name such as my_bot=./bot" \
    play rising_tide "team/1=./bot" $P $P $P --display none || return 1
  refused "seat 2: '=./bot': no such file; a seat's name before '=' cannot be empty: write NAME=SEAT" \
    play rising_tide $P $P "=./bot" $P --display none || return 1
  refused "seat 1: '=builtin:x': the shell would find no program '=builtin:x' (not a file, nor on PATH); a command with arguments is one quoted seat (\"python3 bot.py --depth 3\"), and a name goes before it without blanks (my_bot=./bot); a seat's name before '=' cannot be empty" \
    play rising_tide $P "=builtin:x" $P $P --display none || return 1
  # an interpreter that is there, with its script missing: every game would crash
  refused "seat 1: 'python3 -u $T_TMP/nope.py': no such file '$T_TMP/nope.py' for python3 to run" \
    play rising_tide $P "python3 -u $T_TMP/nope.py" $P $P --display none || return 1
  # --env PATH=... is the seats' PATH: the check looks there
  mkdir -p "$T_TMP/pbin" && cp "$KITS/rising_tide/pass_perth" "$T_TMP/pbin/mybot_xyz" || return 1
  refused "no program 'mybot_xyz'" play rising_tide "mybot_xyz 1" $P $P $P --display none || return 1
  # (played: whether the sandbox then lets the seat read that folder is another matter)
  "$ARENA" play rising_tide "mybot_xyz 1" $P $P $P --env "PATH=$T_TMP/pbin:/usr/bin:/bin" --display none --option rounds=2 --seed 1 \
    >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  ! grep -q "arena: error" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  # what only the shell can judge still runs (operators, builtins, quotes)
  "$ARENA" play rising_tide "exec $KITS/rising_tide/pass_perth" "true; $KITS/rising_tide/pass_perth" $P $P --display none --option rounds=2 --seed 1 >"$T_TMP/o" || return 1
  ! grep -q "^seat [0-9]" "$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  # tourney: before the store is made or a match queued, for local workers only
  refused "entrant 1: 'my bot': the shell would find no program 'my'" tourney rising_tide "my bot" a=$P b=$P c=$P --db "$T_TMP/seats.db" || return 1
  refused "entrant 2: 'my bot=builtin:pass_perth': a seat's name cannot contain blanks" tourney rising_tide a=$P "my bot=$P" b=$P c=$P --db "$T_TMP/seats.db" || return 1
  [ ! -e "$T_TMP/seats.db" ] || { echo "a store was made"; return 1; }
  "$ARENA" tourney rising_tide "x=$T_TMP/nope" a=$P b=$P c=$P --db "$T_TMP/seats.db" --workers 0 --games 4 >/dev/null 2>&1 || { echo "--workers 0: the workers find the program"; return 1; }
  # but a program that is here and cannot run travels as it is (docs/scale.md) and fails on every
  # machine: queued for workers (an agent's folder given without python:), every game was lost
  refused "entrant 1: '$T_TMP/': a folder; give the program in it (python:FOLDER" \
    tourney rising_tide "x=$T_TMP/" a=$P b=$P c=$P --db "$T_TMP/seats2.db" --workers 0 || return 1
  refused "--fill 1: '$T_TMP/noexec.sh': not an executable file" \
    tourney rising_tide x=$P a=$P --fill "$T_TMP/noexec.sh" --db "$T_TMP/seats2.db" --workers 0 || return 1
  refused "entrant 2: '$T_TMP/crlf.sh': its #! line ends with a carriage return" \
    tourney rising_tide x=$P "y=$T_TMP/crlf.sh" a=$P b=$P --db "$T_TMP/seats2.db" --workers 0 || return 1
  [ ! -e "$T_TMP/seats2.db" ] || { echo "a store was made"; return 1; }
  # (which interpreters are there is the workers' machine's to say)
  "$ARENA" tourney rising_tide "x=$T_TMP/gone.py" a=$P b=$P c=$P --db "$T_TMP/seats3.db" --workers 0 --games 4 >/dev/null 2>&1 || { echo "--workers 0: the workers find the interpreter"; return 1; }
  # ... but local workers run it here: a missing interpreter crashed every game of the entrant
  refused "entrant 1: '$T_TMP/gone.py': its interpreter '/no/such/python3' (its #! line) is not there" \
    tourney rising_tide "x=$T_TMP/gone.py" a=$P b=$P c=$P --db "$T_TMP/seats4.db" --games 4 || return 1
  [ ! -e "$T_TMP/seats4.db" ] || { echo "a store was made"; return 1; }
}
t_step "play, tourney: a seat whose program is not there (or a name with blanks) is refused before any game" seats_checked_before_play

# An output the game cannot give is a usage error before anything is made (the folder was made,
# then the game refused with exit 1).
outputs_the_game_has() {
  "$ARENA" play chicken builtin:greedy builtin:greedy --frames "$T_TMP/fr" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--frames: chicken has no picture to write (Rezzo has)" || return 1
  # replay said so with exit 1, as if the replay had failed
  "$ARENA" play chicken builtin:greedy builtin:greedy --display none --seed 1 --replay "$T_TMP/nopic.jsonl" >/dev/null || return 1
  "$ARENA" replay "$T_TMP/nopic.jsonl" --frames "$T_TMP/fr" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--frames: chicken has no picture to write (Rezzo has)" || return 1
  "$ARENA" play rising_tide $P $P $P $P --history "$T_TMP/hi" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--history: rising_tide has no record format of its own (Chicken has); use --replay" || return 1
  [ ! -e "$T_TMP/fr" ] && [ ! -e "$T_TMP/hi" ] || { echo "a folder was made"; return 1; }
  ! grep -q "arena: seed" "$T_TMP/e" || return 1
  # --replay and --log on one file (under any spelling) wrote both into it: a broken replay, exit 0
  mkdir -p "$T_TMP/out"
  "$ARENA" play chicken builtin:greedy builtin:greedy --replay "$T_TMP/out/g.txt" --log "$T_TMP/out/../out/g.txt" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--replay and --log are one file ($T_TMP/out/../out/g.txt); give each its own" || return 1
  [ ! -e "$T_TMP/out/g.txt" ] || { echo "it was written"; return 1; }
}
t_step "play: --frames or --history for a game without them, or --replay and --log on one file: a usage error, nothing made" outputs_the_game_has
# An empty file or folder name (an unset shell variable: --replay "$OUT") printed the seed, played
# the game and then failed to write (exit 1), or wrote nowhere without a word (--log, exit 0); and
# --zoom without --frames did nothing. Each is a usage error before anything is played.
empty_output_names() {
  for flag in --replay --log --history --stderr-dir --frames; do
    "$ARENA" play chicken builtin:greedy builtin:greedy --display none "$flag" "" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "play $flag '': exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "$flag: an empty name; give a file or folder name, or leave $flag out" || return 1
    ! grep -q "arena: seed" "$T_TMP/e" || { echo "play $flag '': a game was begun"; return 1; }
  done
  "$ARENA" play chicken builtin:greedy builtin:greedy --display none --replay= 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  "$ARENA" tourney chicken builtin:greedy builtin:random --db "$T_TMP/e.db" --replays "" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--replays: an empty name" || return 1
  [ ! -e "$T_TMP/e.db" ] || { echo "tourney made its store"; return 1; }
  "$ARENA" serve --config "" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--config: an empty name" || return 1
  # worker's folders and the -o of view and report said "cannot create the folder : No such file or
  # directory" or "cannot write : ...", naming no flag (exit 1), and worker took --cache "" in silence
  for args in "worker --db $T_TMP/e.db --replays" "worker --db $T_TMP/e.db --exit-when-empty --cache" "view $T_TMP/none.jsonl -o" \
              "report --db $T_TMP/e.db -o" "worker --db $T_TMP/e.db --name"; do
    "$ARENA" $args "" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $args '': exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "${args##* }: an empty name" || return 1
  done
  [ ! -e "$T_TMP/e.db" ] || { echo "worker or report made a store"; return 1; }
  "$ARENA" play rezzo builtin:wander builtin:wander --display none --zoom 3 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--zoom sizes --frames' pictures; give --frames DIR too" || return 1
  "$ARENA" play rezzo builtin:wander builtin:wander --display none --seed 1 --option max_ticks=3 --quick \
    --replay "$T_TMP/z.jsonl" >/dev/null 2>&1 || return 1
  "$ARENA" replay "$T_TMP/z.jsonl" --zoom 3 >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--zoom sizes --frames' pictures" || return 1
  "$ARENA" replay "$T_TMP/z.jsonl" --frames "" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  # given with --frames it still works
  "$ARENA" replay "$T_TMP/z.jsonl" --frames "$T_TMP/zf" --zoom 3 >/dev/null 2>&1 || return 1
  ls "$T_TMP/zf" | grep -q png
}
t_step "play, replay, tourney, serve: an empty file or folder name, or --zoom without --frames, is a usage error" empty_output_names
# --replay or --log naming a bot's own program or script (a typo: --replay bot.py) wrote the replay
# over it before the game: the bot was lost (and crashed in the game)
outputs_never_over_a_bot() {
  mkdir -p "$T_TMP/bots"
  printf '#!/bin/sh\nwhile read l; do echo 0; done\n' >"$T_TMP/bots/bot.sh"; chmod +x "$T_TMP/bots/bot.sh"
  printf 'print(1)\n' >"$T_TMP/bots/b.py"
  cp "$T_TMP/bots/bot.sh" "$T_TMP/bots/bot.keep"; cp "$T_TMP/bots/b.py" "$T_TMP/bots/b.keep"
  for args in "$T_TMP/bots/bot.sh builtin:greedy --replay $T_TMP/bots/bot.sh" \
              "builtin:greedy $T_TMP/bots/bot.sh --log $T_TMP/bots/../bots/bot.sh" \
              "builtin:greedy python3_$T_TMP/bots/b.py --replay $T_TMP/bots/b.py"; do
    set -- $args
    seat0=$(echo "$1" | sed 's/^python3_/python3 /'); seat1=$(echo "$2" | sed 's/^python3_/python3 /')
    "$ARENA" play chicken "$seat0" "$seat1" "$3" "$4" --display none --seed 1 >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena play $args: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "is seat " || return 1
    expect_contains "$T_TMP/e" "'s program: writing over it would lose it; give another $3" || return 1
  done
  cmp -s "$T_TMP/bots/bot.sh" "$T_TMP/bots/bot.keep" && cmp -s "$T_TMP/bots/b.py" "$T_TMP/bots/b.keep" ||
    { echo "a bot was written over"; return 1; }
}
t_step "play: --replay or --log naming a seat's own program or script is a usage error, the bot kept" outputs_never_over_a_bot
# A replay or log that could not be written whole (a full disk) fails the command: it said
# "replay: FILE (watch: ...)" and exited 0 with the replay cut short.
outputs_on_a_full_disk() {
  "$ARENA" play chicken builtin:greedy builtin:tracker --seed 1 --display none --replay /dev/full >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "--replay /dev/full: exit $rc"; return 1; }
  expect_contains "$T_TMP/e" "writing the replay /dev/full failed: No space left on device" || return 1
  ! grep -q "(watch: " "$T_TMP/o" || { echo "the replay was announced"; return 1; }
  "$ARENA" play rising_tide $P $P $P $P --option rounds=3 --seed 1 --display none --log /dev/full >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "--log /dev/full: exit $rc"; return 1; }
  expect_contains "$T_TMP/e" "writing the log /dev/full failed: No space left on device"
}
t_step_if "[ -c /dev/full ]" "no /dev/full here" \
  "play: a replay or log cut short by a full disk fails the command (exit 1)" outputs_on_a_full_disk
# --frames into a full folder (a 16 KiB tmpfs in a mount namespace of our own): said, and exit 1
frames_on_a_full_disk() {
  mkdir -p "$T_TMP/fullframes"
  unshare -rm sh -c "mount -t tmpfs -o size=16k tmpfs '$T_TMP/fullframes' && '$ARENA' play rezzo builtin:wander \
    builtin:wander --quick --seed 1 --option size=64x64 --option max_ticks=40 --display none --frames '$T_TMP/fullframes'" \
    >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 1 ] || { echo "--frames on a full disk: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "--frames $T_TMP/fullframes: not every frame was written"
}
t_step_if mount_ns_here "no user and mount namespaces here" \
  "play: --frames on a full disk fails the command (exit 1)" frames_on_a_full_disk

# A report whose stored replays are gone (moved, or a relative path read from another folder) had
# no watch links and said nothing.
report_names_missing_replays() {
  "$ARENA" tourney chicken a=builtin:greedy b=builtin:tracker --db "$T_TMP/rr.db" --seed 1 --games 2 --workers 1 \
    --replays "$T_TMP/rr" >/dev/null 2>&1 || return 1
  "$ARENA" report --db "$T_TMP/rr.db" -o "$T_TMP/rr.html" >/dev/null 2>"$T_TMP/e" || return 1
  ! grep -q "not found" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  mv "$T_TMP/rr" "$T_TMP/rr-moved"
  "$ARENA" report --db "$T_TMP/rr.db" -o "$T_TMP/rr.html" >/dev/null 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/e" "arena: warning: 2 stored replays are not found (the first: $T_TMP/rr/t1-m000000.jsonl); their matches have no watch link"
}
t_step "report: stored replays that are gone are counted in a warning" report_names_missing_replays
# --tourney past the largest number (2^63) was read as the largest id, "no tournament
# 9223372036854775807"; --views "" was 0 pages: usage errors both
report_and_standings_numbers() {
  for cmd in "standings --db $T_TMP/rr.db" "report --db $T_TMP/rr.db -o $T_TMP/n.html"; do
    for id in 9223372036854775808 "" 1x 0; do
      "$ARENA" $cmd --tourney "$id" >/dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "$cmd --tourney '$id'"; cat "$T_TMP/e"; return 1; }
      # (it said "--tourney needs a tournament id", not what one is)
      expect_contains "$T_TMP/e" "--tourney $id: expected a tournament id, a whole number from 1 (" || return 1
    done
    "$ARENA" $cmd --tourney 1 >/dev/null || return 1
  done
  "$ARENA" report --db "$T_TMP/rr.db" -o "$T_TMP/n.html" --views "" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--views : expected a number of pages or all"
}
t_step "standings, report: --tourney past 2^63 and --views '' are usage errors" report_and_standings_numbers

# A tournament run with a relative --replays stored relative paths: `arena report` run from any
# other folder found none of them (no watch links). The folders are stored absolute.
report_from_another_folder() {
  mkdir -p "$T_TMP/rel/run" "$T_TMP/rel/elsewhere" || return 1
  (cd "$T_TMP/rel/run" && "$ARENA" tourney chicken a=builtin:greedy b=builtin:tracker --db t.db --seed 1 --games 2 \
    --workers 1 --replays reps >/dev/null 2>&1) || return 1
  (cd "$T_TMP/rel/elsewhere" && "$ARENA" report --db ../run/t.db -o r.html >/dev/null 2>"$T_TMP/e") || return 1
  ! grep -q "not found" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/rel/elsewhere/r.html" '../run/reps/t1-m000000.jsonl'
}
t_step "tourney: a relative --replays is stored absolute, so report finds the replays from any folder" report_from_another_folder

json_result() {
  "$ARENA" play rising_tide $P builtin:random_rizhao builtin:seawall_sydney $P --seed 11 --json >"$T_TMP/j" 2>"$T_TMP/e" || return 1
  python3 - "$T_TMP/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["seed"] == 11
assert len(d["scores"]) == 4 and len(d["ranks"]) == 4
assert all(set(v) == {"late", "down", "invalid", "crash"} for v in d["verdicts"])
best = max(d["scores"])
for s, r in zip(d["scores"], d["ranks"]):
    assert r == 1 + sum(1 for t in d["scores"] if t > s)
PY
}
t_step "--json: seed, scores, ranks (1 = best, ties share), verdicts" json_result

seed_printed() {
  "$ARENA" play rising_tide $P $P $P $P --display none --option rounds=2 --replay "$T_TMP/r.jsonl" --json >"$T_TMP/j" 2>"$T_TMP/e" || return 1
  seed=$(sed -n 's/^arena: seed \([0-9]*\)$/\1/p' "$T_TMP/e")
  [ -n "$seed" ] || { echo "no seed printed"; return 1; }
  grep -q "\"seed\":$seed," "$T_TMP/j" && grep -q "\"seed\":$seed," "$T_TMP/r.jsonl"
}
t_step "without --seed a seed is drawn, printed and stored" seed_printed

same_seed_same_replay() {
  for k in 1 2; do
    "$ARENA" play rising_tide builtin:random_rizhao builtin:trench_tunis builtin:border_barcelona builtin:nearby_new_orleans \
      --seed 77 --display none --replay "$T_TMP/r$k.jsonl" >/dev/null || return 1
  done
  cmp "$T_TMP/r1.jsonl" "$T_TMP/r2.jsonl"
}
t_step "determinism: the same seed and bots give a byte-identical replay" same_seed_same_replay

# A replay to tamper with.
"$ARENA" play rising_tide builtin:random_rizhao builtin:trench_tunis builtin:border_barcelona builtin:level_los_angeles \
  --seed 5 --display none --replay "$T_TMP/good.jsonl" >/dev/null

tamper() { # tamper NAME PYTHON-EXPR-ON-RECORDS EXPECTED-TEXT
  python3 - "$T_TMP/good.jsonl" "$T_TMP/bad.jsonl" "$2" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
exec(sys.argv[3])
with open(sys.argv[2], "w") as f:
    for r in recs:
        f.write(json.dumps(r, separators=(",", ":")) + "\n")
PY
  "$ARENA" verify "$T_TMP/bad.jsonl" >"$T_TMP/o" 2>&1
  rc=$?
  [ $rc -eq 1 ] || { echo "verify exit $rc"; cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "$3"
}
verify_good() { "$ARENA" verify "$T_TMP/good.jsonl"; }
t_step "verify accepts an untouched replay" verify_good
t_step "verify: a changed execution order fails naming it" tamper order 'recs[5]["events"]["order"].reverse()' "turn 4): events.order"
t_step "verify: a changed action fails" tamper action '
for s in recs[3]["seats"]:
    if isinstance(s.get("action"), list): s["action"] = [9, 9, 9, 8]; break' "turn 2)"
t_step "verify: a changed verdict fails" tamper verdict 'recs[7]["seats"][0]["verdict"] = "late"' "turn 6)"
t_step "verify: a changed frame fails" tamper frame 'recs[9]["frame"]["terrain"][0] = 5' "frame.terrain[0]"
t_step "verify: a changed result fails" tamper result 'recs[-1]["scores"][0] += 1' "score recorded"
t_step "verify: a changed seed fails" tamper seed 'recs[0]["seed"] += 1' "line"
t_step "verify: a changed option fails" tamper option 'recs[0]["options"]["rounds"] = "799"' "line"
t_step "verify: a renamed seat fails (header digest)" tamper name 'recs[0]["seats"][0]["name"] = "Mallory"' "header was changed"
t_step "verify: a changed note fails (file digest)" tamper note 'recs[4]["seats"][0]["ms"] = 1.5' "digest"
t_step "verify: a removed turn fails" tamper drop 'del recs[10]' "recorded turn 10"
truncated() {
  head -n 20 "$T_TMP/good.jsonl" >"$T_TMP/t.jsonl"
  "$ARENA" verify "$T_TMP/t.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/o" "without a result record"
  head -c 3000 "$T_TMP/good.jsonl" >"$T_TMP/t.jsonl"
  "$ARENA" verify "$T_TMP/t.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/o" "truncated or corrupt"
  # a second replay appended (>>): named as such (it said "unknown record type 'header'")
  cat "$T_TMP/good.jsonl" "$T_TMP/good.jsonl" >"$T_TMP/two.jsonl"
  "$ARENA" verify "$T_TMP/two.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/o" "line $(($(wc -l <"$T_TMP/good.jsonl") + 1)): records after the result (two replays in one file?)" || return 1
  # a byte order mark (an editor's) is named with how to remove it ("expected near ''" named an
  # invisible character), by the three readers
  { printf '\357\273\277'; cat "$T_TMP/good.jsonl"; } >"$T_TMP/bom.jsonl"
  for c in verify replay view; do
    "$ARENA" $c "$T_TMP/bom.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || { echo "$c"; cat "$T_TMP/o"; return 1; }
    expect_contains "$T_TMP/o" "bom.jsonl starts with a UTF-8 byte order mark (an editor added it): remove it with sed -i '1s/^\xEF\xBB\xBF//' FILE" || return 1
  done
  sed -i '1s/^\xEF\xBB\xBF//' "$T_TMP/bom.jsonl" && "$ARENA" verify "$T_TMP/bom.jsonl" >/dev/null || return 1
  "$ARENA" verify /no/such/file >"$T_TMP/o" 2>&1; [ $? -eq 1 ]
}
t_step "verify: truncated, corrupt and missing files fail with a clear message" truncated
# A replay with CR LF line ends (through Windows, git's autocrlf) is the same replay: it failed as
# "the header was changed"; a change made with CR LF line ends still fails.
crlf_line_ends() {
  sed 's/$/\r/' "$T_TMP/good.jsonl" >"$T_TMP/crlf.jsonl"
  "$ARENA" verify "$T_TMP/crlf.jsonl" >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "crlf.jsonl: OK (rising_tide" || return 1
  sed '3s/"verdict":"ok"/"verdict":"ok","ms":1.5/' "$T_TMP/crlf.jsonl" >"$T_TMP/crlf2.jsonl"
  ! cmp -s "$T_TMP/crlf.jsonl" "$T_TMP/crlf2.jsonl" || { echo "no note changed"; return 1; }
  "$ARENA" verify "$T_TMP/crlf2.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "the file was changed outside what re-simulation checks"
}
t_step "verify: CR LF line ends are line ends; a change is still caught" crlf_line_ends

# replay and list take one file or game: an extra one (or an unknown option) is a usage error, not
# silently ignored (verify read `--quiet FILE` as a file named --quiet, and once passed `FILE extra`
# as OK having looked at FILE only; it now checks every file it is given, below).
one_argument() {
  "$ARENA" verify --quiet "$T_TMP/good.jsonl" >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  [ ! -s "$T_TMP/o" ] || { echo "--quiet printed"; cat "$T_TMP/o"; return 1; }
  for args in "replay $T_TMP/good.jsonl $T_TMP/bad.jsonl --plain" "list chicken rezzo"; do
    "$ARENA" $args >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $args: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "at a time (" || return 1
  done
  "$ARENA" replay - --plain <"$T_TMP/good.jsonl" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "replay needs a file, not standard input" || return 1
  "$ARENA" verify - <"$T_TMP/good.jsonl" >"$T_TMP/o" || { echo "verify reads standard input"; return 1; }
  # named as such (it said "-: OK", "- is empty"), and a terminal is not waited on
  expect_contains "$T_TMP/o" "standard input: OK (" || return 1
  : | "$ARENA" verify - 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "arena verify: standard input is empty: not a replay" || return 1
  script -qec "'$ARENA' verify -" /dev/null >"$T_TMP/t" 2>&1
  expect_contains "$T_TMP/t" "standard input is a terminal: pipe a replay in ($ARENA verify - < REPLAY)" || return 1
  "$ARENA" verify "$T_TMP/good.jsonl" --strict 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "unknown option --strict" || return 1
  # list took an option after the game for a second game; trace-check printed its usage, no reason
  "$ARENA" list chicken --view 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "unknown option --view after the game" || return 1
  "$ARENA" trace-check chicken "$T_TMP/good.jsonl" --strict 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena: error: unknown option '--strict': trace-check takes a GAME and one FILE" || return 1
}
t_step "verify, replay and list: an extra argument or unknown option is a usage error" one_argument
# verify FILE...: every replay is checked (a bad one among good ones does not stop the others),
# each gets its line, then a count; exit 1 when any failed; --quiet keeps only failures and the count.
several_replays() {
  cp "$T_TMP/good.jsonl" "$T_TMP/good2.jsonl"
  "$ARENA" verify "$T_TMP/good.jsonl" "$T_TMP/good2.jsonl" >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  expect_eq "$(grep -c ': OK (' "$T_TMP/o")" 2 "OK lines" || return 1
  expect_contains "$T_TMP/o" "2 replays: 2 OK, 0 FAILED" || return 1
  "$ARENA" verify --quiet "$T_TMP/good.jsonl" "$T_TMP/bad.jsonl" /no/such/file "$T_TMP/good2.jsonl" >"$T_TMP/o" 2>"$T_TMP/e"
  expect_eq $? 1 "exit status with failures" || return 1
  [ ! -s "$T_TMP/o" ] || { echo "--quiet printed"; cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/e" "$T_TMP/bad.jsonl: FAILED: " || return 1
  expect_contains "$T_TMP/e" "/no/such/file" || return 1
  expect_contains "$T_TMP/e" "4 replays: 2 OK, 2 FAILED" || return 1
  # a header the game refuses (its seats, its options) names the replay too: the game's words alone
  # ("rising_tide needs exactly 4 seats, got 2") left the reader of a tournament's check guessing
  python3 - "$T_TMP/good.jsonl" "$T_TMP" <<'PY' || return 1
import json, sys
lines = open(sys.argv[1]).read().splitlines(True)
head = json.loads(lines[0])
two = dict(head, seats=head["seats"][:2])
odd = dict(head, options=dict(head["options"], colour="red"))
for name, h in (("two-seats", two), ("odd-option", odd)):
    open(sys.argv[2] + "/" + name + ".jsonl", "w").write(json.dumps(h, separators=(",", ":")) + "\n" + "".join(lines[1:]))
PY
  "$ARENA" verify "$T_TMP/good.jsonl" "$T_TMP/two-seats.jsonl" "$T_TMP/odd-option.jsonl" >"$T_TMP/o" 2>"$T_TMP/e"
  expect_eq $? 1 "exit status with refused headers" || return 1
  expect_contains "$T_TMP/e" "$T_TMP/two-seats.jsonl: rising_tide needs exactly 4 seats, got 2" || return 1
  expect_contains "$T_TMP/e" "$T_TMP/odd-option.jsonl: rising_tide has no option 'colour'" || return 1
  expect_contains "$T_TMP/e" "3 replays: 1 OK, 2 FAILED" || return 1
  "$ARENA" verify "$T_TMP/good.jsonl" - - <"$T_TMP/good.jsonl" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "standard input (-) can be read only once"
}
t_step "verify FILE...: every replay checked and named, then a count; exit 1 when any fails" several_replays
replay_is_a_folder() { # (it said "FOLDER is empty: not a replay")
  mkdir -p "$T_TMP/replays"
  for cmd in verify "replay --plain" view; do
    "$ARENA" $cmd "$T_TMP/replays" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "$cmd: exit"; return 1; }
    expect_contains "$T_TMP/e" "cannot read $T_TMP/replays: Is a directory" || return 1
  done
  : >"$T_TMP/empty.jsonl"
  "$ARENA" verify "$T_TMP/empty.jsonl" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "empty.jsonl is empty: not a replay" || return 1
  not_a_replay() { # not_a_replay FILE WHAT-VERIFY-AND-REPLAY-SAY WHAT-VIEW-SAYS: exit 1 with the words
    for cmd in verify "replay --plain"; do
      "$ARENA" $cmd "$1" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "$cmd: exit"; return 1; }
      expect_contains "$T_TMP/e" "$2" || return 1
    done
    "$ARENA" view "$1" -o "$T_TMP/v.html" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
    expect_contains "$T_TMP/e" "$3"
  }
  # a store given for a replay is named as one (it said "not a replay header ('[' or '{' expected
  # near 'SQLite')")
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --workers 1 --db "$T_TMP/s.db" >/dev/null 2>&1 || return 1
  not_a_replay "$T_TMP/s.db" "$T_TMP/s.db is a store, not a replay ($ARENA standings --db or $ARENA report --db read it)" \
    "$T_TMP/s.db is a store, not a replay ($ARENA report --db writes its pages)" || return 1
  # a gzipped replay says so, and how to read it (it said "not a replay header ('[' or '{' expected
  # near '')")
  "$ARENA" play chicken builtin:greedy builtin:tracker --seed 1 --display none --replay "$T_TMP/z.jsonl" >/dev/null 2>&1 || return 1
  gzip "$T_TMP/z.jsonl" || return 1
  "$ARENA" verify "$T_TMP/z.jsonl.gz" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "$T_TMP/z.jsonl.gz is gzip-compressed: decompress it first (gunzip, or zcat FILE | $ARENA verify -)" || return 1
  "$ARENA" view "$T_TMP/z.jsonl.gz" -o "$T_TMP/v.html" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "$T_TMP/z.jsonl.gz is gzip-compressed: zcat FILE | $ARENA view - > FILE.html reads it" || return 1
  # replay cannot take the pipe verify suggests (it reads its file again to step back): it says to
  # decompress to a file (it said "zcat FILE | arena verify -", which checks but never shows it)
  for opt in --plain "--frames $T_TMP/zf"; do
    # shellcheck disable=SC2086 # two words
    "$ARENA" replay "$T_TMP/z.jsonl.gz" $opt >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "replay $opt: exit"; return 1; }
    expect_contains "$T_TMP/e" "$T_TMP/z.jsonl.gz is gzip-compressed; replay reads its file again to step back: decompress it first (zcat $T_TMP/z.jsonl.gz > r.jsonl, then $ARENA replay r.jsonl)" || return 1
  done
  # piped in already, the pipe is where zcat goes (it said "zcat FILE | ...")
  "$ARENA" verify - <"$T_TMP/z.jsonl.gz" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "standard input is gzip-compressed: put zcat in the pipe (... | zcat | $ARENA verify -)" || return 1
  "$ARENA" view - <"$T_TMP/z.jsonl.gz" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "standard input is gzip-compressed: put zcat in the pipe (... | zcat | $ARENA view - > FILE.html)" || return 1
  zcat "$T_TMP/z.jsonl.gz" | "$ARENA" verify - >/dev/null
}
t_step "verify, replay, view: a folder is named as one; an empty file as empty; a store as a store" replay_is_a_folder

traces() {
  for f in tests/vectors/rising_tide/trace_*.jsonl; do
    "$ARENA" trace-check rising_tide "$f" >"$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  done
}
t_step "trace-check: every public trace of the original engine reproduces" traces

trace_damaged() {
  python3 - tests/vectors/rising_tide/trace_7.jsonl "$T_TMP/bad.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
out = []
for l in lines:
    d = json.loads(l)
    if d.get("round") == 150 and "terrain" in d and not out[-1:] == ["X"]:
        d["terrain"][100] += 1
    out.append(json.dumps(d))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
  "$ARENA" trace-check rising_tide "$T_TMP/bad.jsonl" >"$T_TMP/o"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/o" "game 0 round 150: terrain (5,10)" || return 1
  "$ARENA" trace-check rising_tide /no/such >"$T_TMP/o"; [ $? -eq 2 ] || return 1
  echo "not json" >"$T_TMP/x"; "$ARENA" trace-check rising_tide "$T_TMP/x" >"$T_TMP/o"; [ $? -eq 2 ] || return 1
  head -n 100 tests/vectors/rising_tide/trace_7.jsonl >"$T_TMP/short.jsonl"
  "$ARENA" trace-check rising_tide "$T_TMP/short.jsonl" >"$T_TMP/o"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/o" "the trace ends here but Arena's game goes on" || return 1
  # a round's order naming no seat (99999999999), or a seat twice: the rules indexed their seat
  # arrays by it (a crash); it is a difference like any other
  for order in "[3, 99999999999, 2, 1]" "[3, -1, 2, 1]" "[3, 3, 2, 1]" '[3, "x", 2, 1]'; do
    sed "2s/\"order\": \[3, 0, 2, 1\]/\"order\": $order/" tests/vectors/rising_tide/trace_3.jsonl >"$T_TMP/order.jsonl"
    ! cmp -s tests/vectors/rising_tide/trace_3.jsonl "$T_TMP/order.jsonl" || { echo "order not changed"; return 1; }
    "$ARENA" trace-check rising_tide "$T_TMP/order.jsonl" >"$T_TMP/o" 2>&1; [ $? -eq 1 ] || { echo "order $order"; cat "$T_TMP/o"; return 1; }
    expect_contains "$T_TMP/o" "game 0 round 0: order: an entry that is not a seat 0..3, or a seat twice" || return 1
  done
}
t_step "trace-check: a damaged trace names game and round; unreadable exits 2" trace_damaged

# Every checker sees the same refusals, worded once: a missing file, a folder, and an Arena replay
# given where a file of the original engine belongs (it used to read as "seat 0 is out in the
# trace" with exit 1 for rising_tide, and each checker worded a missing file its own way).
trace_wrong_files() {
  mkdir -p "$T_TMP/folder"
  for g in rising_tide chicken splitter rezzo; do
    "$ARENA" trace-check $g "$T_TMP/good.jsonl" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "$g: replay not refused"; return 1; }
    expect_contains "$T_TMP/e" "is an Arena replay, not a file of the original engine; check it with \`$ARENA verify" || return 1
    "$ARENA" trace-check $g /no/such >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
    expect_contains "$T_TMP/e" "cannot read /no/such: No such file or directory" || return 1
    "$ARENA" trace-check $g "$T_TMP/folder" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
    expect_contains "$T_TMP/e" "is a folder" || return 1
  done
}
t_step "trace-check: a replay, a missing file or a folder is refused with what to do (exit 2)" trace_wrong_files
# a pipe is read once: the checker got it without the start trace-check had looked at ("line 1: not
# JSON ('[' or '{' expected near '6')"); it is refused saying to save it (a file behind /dev/stdin is checked)
trace_from_a_pipe() {
  cat tests/vectors/rising_tide/trace_3.jsonl | "$ARENA" trace-check rising_tide /dev/stdin >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "/dev/stdin is a pipe, read once: save it to a file first" || return 1
  "$ARENA" trace-check rising_tide /dev/stdin <tests/vectors/rising_tide/trace_3.jsonl >"$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "/dev/stdin: OK (2 games"
}
t_step "trace-check: a pipe is refused saying to save it first (exit 2); a file behind /dev/stdin is checked" trace_from_a_pipe

# The commands that read a store say which of the usual mistakes it is (SQLite says "unable to
# open database file" for all of them), and never make a store where there was none.
store_paths() {
  mkdir -p "$T_TMP/a-folder"; echo "not a database" >"$T_TMP/notes.txt"
  # another program's SQLite database, one for each command (other1.db .. other4.db): made before
  # and read after by one python each (two python start-ups rather than eight)
  python3 -c 'import sqlite3,sys
for f in sys.argv[1:]:
    c = sqlite3.connect(f); c.execute("create table notes(x)"); c.commit()' \
    "$T_TMP/other1.db" "$T_TMP/other2.db" "$T_TMP/other3.db" "$T_TMP/other4.db" || return 1
  n=0 want= whose=
  for cmd in "standings --db" "report -o $T_TMP/r.html --db" "tourney --status --db" "worker --exit-when-empty --db"; do
    "$ARENA" $cmd "$T_TMP/missing.db" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 1 ] || { echo "$cmd missing: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "cannot open $T_TMP/missing.db: No such file or directory (no store there)" || return 1
    [ ! -e "$T_TMP/missing.db" ] || { echo "$cmd made a store"; return 1; }
    "$ARENA" $cmd "$T_TMP/a-folder" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
    expect_contains "$T_TMP/e" "it is a folder, not a store file" || return 1
    "$ARENA" $cmd "$T_TMP/notes.txt" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
    expect_contains "$T_TMP/e" "file is not a database ($T_TMP/notes.txt: is it an Arena store?)" || return 1
    : >"$T_TMP/empty.db"  # (a reading command wrote a whole store into it)
    "$ARENA" $cmd "$T_TMP/empty.db" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
    expect_contains "$T_TMP/e" "cannot open $T_TMP/empty.db: the file is empty, not a store" || return 1
    [ ! -s "$T_TMP/empty.db" ] || { echo "$cmd wrote into the empty file"; return 1; }
    # another program's SQLite database is named as one and left as it was (it was turned to WAL
    # and got every one of Arena's tables)
    n=$((n + 1))
    "$ARENA" $cmd "$T_TMP/other$n.db" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "$cmd other$n.db: exit"; return 1; }
    expect_contains "$T_TMP/e" "$T_TMP/other$n.db is an SQLite database but not an Arena store" || return 1
    want="${want}other$n.db: delete notes;" whose="$whose other$n.db: $cmd;"
  done
  python3 -c 'import sqlite3,sys
for f in sys.argv[1:]:
    c = sqlite3.connect(f)
    t = [c.execute("pragma journal_mode").fetchone()[0]] + [r[0] for r in c.execute("select name from sqlite_master")]
    print(f.rsplit("/", 1)[1] + ":", *t, end=";")' \
    "$T_TMP/other1.db" "$T_TMP/other2.db" "$T_TMP/other3.db" "$T_TMP/other4.db" >"$T_TMP/tables" || return 1
  expect_eq "$(cat "$T_TMP/tables")" "$want" "the other databases afterwards" || { echo "($whose)"; return 1; }
  # SQLite's names for a database kept nowhere: the tournament was played, "stored" and lost
  for name in "" ":memory:"; do
    "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --quiet --db "$name" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "--db '$name': exit"; return 1; }
    expect_contains "$T_TMP/e" "cannot use '$name' as a store: give a file name" || return 1
    [ ! -s "$T_TMP/o" ] || { echo "--db '$name': played"; cat "$T_TMP/o"; return 1; }
  done
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --db "$T_TMP/no/dir/t.db" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "cannot open $T_TMP/no/dir/t.db: No such file or directory"
}
t_step "standings, report, tourney --status, worker: a missing store, a folder or another file is named as such" store_paths

# An output folder that is a file (or cannot be made) stops the command before it plays: it used
# to play on and exit 0 with every replay, stderr file, frame or history record lost (a tournament
# stored every match as failed).
output_folder_is_a_file() {
  echo "notes" >"$T_TMP/afile"
  for args in "play chicken builtin:greedy builtin:tracker --display none --history" \
              "play chicken builtin:greedy builtin:tracker --display none --stderr-dir" \
              "play rezzo builtin:wander builtin:wander --quick --option size=32x32 --frames" \
              "tourney chicken builtin:greedy builtin:tracker --games 2 --quiet --db $T_TMP/of.db --replays" \
              "worker --db $T_TMP/of.db --exit-when-empty --stderr-dir"; do
    "$ARENA" $args "$T_TMP/afile" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 1 ] || { echo "arena $args FILE: exit $rc"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "$T_TMP/afile is a file, not a folder" || return 1
  done
  [ ! -e "$T_TMP/of.db" ] || { echo "the refused tournament made a store"; return 1; }
  "$ARENA" tester --games 1 --command builtin:greedy --replay-dir "$T_TMP/afile" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "--replay-dir $T_TMP/afile is a file, not a folder" || return 1
  # a missing folder is made, as for --replays and --frames (--history said "create it first")
  "$ARENA" play chicken builtin:greedy builtin:tracker --display none --seed 1 --history "$T_TMP/hist" >/dev/null || return 1
  ls "$T_TMP/hist" | grep -q . || { echo "no history record"; return 1; }
}
t_step "an output folder that is a file stops play, tourney, worker and tester before they play (exit 1)" output_folder_is_a_file
# An output folder is made with its missing parents, as docs/cli.md says output folders are made:
# `--replays out/r` in a new folder said "cannot create the folder out/r: No such file or directory".
output_folder_parents() {
  n="$T_TMP/new/a"
  "$ARENA" play rezzo builtin:wander builtin:wander --quick --option size=32x32 --option max_ticks=3 --display none \
    --seed 1 --replay "$T_TMP/rz.jsonl" --stderr-dir "$n/err" --frames "$n/frames" >/dev/null || return 1
  ls "$n/frames" | grep -q '\.png$' || { echo "play --frames: no picture in $n/frames"; return 1; }
  [ -d "$n/err" ] || { echo "play --stderr-dir: no folder"; return 1; }
  "$ARENA" play chicken builtin:greedy builtin:tracker --display none --seed 1 --history "$n/hist" >/dev/null || return 1
  ls "$n/hist" | grep -q '\.json$' || { echo "play --history: no record"; return 1; }
  "$ARENA" replay "$T_TMP/rz.jsonl" --frames "$T_TMP/new/b/frames" >/dev/null || return 1
  ls "$T_TMP/new/b/frames" | grep -q '\.png$' || { echo "replay --frames: no picture"; return 1; }
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --quiet --db "$T_TMP/fp.db" \
    --replays "$T_TMP/new/c/replays" || return 1
  [ "$(ls "$T_TMP/new/c/replays" | grep -c '\.jsonl$')" -eq 2 ] || { echo "tourney --replays: not 2 replays"; return 1; }
  "$ARENA" tester --games 1 --seed 1 --silent --command builtin:greedy --replay-dir "$T_TMP/new/d/r" >/dev/null || return 1
  [ -s "$T_TMP/new/d/r/game-0.jsonl" ] || { echo "tester --replay-dir: no replay"; return 1; }
}
t_step "an output folder is made with its missing parents (play, replay --frames, tourney, tester)" output_folder_parents
# A folder that is there but not writable stops them too: --stderr-dir warned and exited 0 with every
# stderr lost, a tournament's --replays stored its matches without replays. (Root writes anywhere:
# run as nobody then.)
output_folder_not_writable() {
  d=$(mktemp -d /tmp/arena-ro-XXXXXX) || return 1
  chmod 755 "$d"; mkdir "$d/ro"; chmod 555 "$d/ro"
  for args in "play chicken builtin:greedy builtin:tracker --display none --seed 1 --stderr-dir" \
              "play rezzo builtin:wander builtin:wander --quick --option size=32x32 --option max_ticks=5 --display none --frames"; do
    $AS "$ARENA" $args "$d/ro" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 1 ] || { echo "arena $args: exit $rc"; cat "$T_TMP/e"; rm -rf "$d"; return 1; }
    expect_contains "$T_TMP/e" "cannot write into the folder $d/ro: Permission denied" || { rm -rf "$d"; return 1; }
    ! grep -q "seat name" "$T_TMP/o" || { echo "arena $args: played"; rm -rf "$d"; return 1; }
  done
  rm -rf "$d"
}
t_step_unprivileged "an output folder that is there but not writable stops play before it plays (exit 1)" output_folder_not_writable

# -o never writes a page over the store or the replay it reads, under any name, nor over another
# store or replay: `arena report --db t.db -o t.db` replaced the tournament with its report.
output_over_inputs() {
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --quiet --db "$T_TMP/keep.db" || return 1
  cp "$T_TMP/good.jsonl" "$T_TMP/keep.jsonl"
  sum=$(cat "$T_TMP/keep.db" "$T_TMP/keep.jsonl" | cksum)
  for args in "report --db $T_TMP/keep.db -o $T_TMP/keep.db" "report --db $T_TMP/keep.db -o $T_TMP/./keep.db" \
              "report --db $T_TMP/keep.db -o $T_TMP/keep.jsonl" "view $T_TMP/keep.jsonl -o $T_TMP/./keep.jsonl" \
              "view $T_TMP/keep.jsonl -o $T_TMP/keep.db" "view $T_TMP/good.jsonl -o $T_TMP/keep.jsonl"; do
    "$ARENA" $args >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "arena $args: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "give another -o" || return 1
  done
  # play rewrites its replay and log from game to game, but never over a store
  for flag in --replay --log; do
    "$ARENA" play rising_tide $P $P $P $P $flag "$T_TMP/keep.db" --option rounds=2 --display none >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 2 ] || { echo "play $flag STORE: exit $rc"; return 1; }
    expect_contains "$T_TMP/e" "is an SQLite store: writing over it would lose it" || return 1
  done
  expect_eq "$(cat "$T_TMP/keep.db" "$T_TMP/keep.jsonl" | cksum)" "$sum" "the store and the replay" || return 1
  "$ARENA" play rising_tide $P $P $P $P --replay "$T_TMP/keep.jsonl" --option rounds=2 --display none >/dev/null || return 1
  "$ARENA" report --db "$T_TMP/keep.db" -o "$T_TMP/keep.html" >/dev/null || return 1
  "$ARENA" report --db "$T_TMP/keep.db" -o "$T_TMP/keep.html" >/dev/null || return 1  # a report is rewritten
  "$ARENA" view "$T_TMP/keep.jsonl" -o "$T_TMP/keep.html" >/dev/null  # and a page over a report
}
t_step "report and view: -o never writes over the store or replay read, nor another store or replay; play never over a store" output_over_inputs

# Entrant names in standings --csv never reach a spreadsheet as formulas (= + - @ neutralized,
# as in the server's final CSV); they were written as given.
csv_formulas() {
  "$ARENA" tourney chicken '@SUM(A1)=builtin:greedy' '-2+3=builtin:tracker' --db "$T_TMP/csv.db" --games 2 --seed 1 --quiet 2>/dev/null || return 1
  "$ARENA" standings --db "$T_TMP/csv.db" --csv >"$T_TMP/c" || return 1
  expect_contains "$T_TMP/c" ",\"'@SUM(A1)\"," || return 1
  expect_contains "$T_TMP/c" ",\"'-2+3\"," || return 1
  ! grep -q ',"[=+@-]' "$T_TMP/c" || { cat "$T_TMP/c"; return 1; }
}
t_step "standings --csv: a name that looks like a formula is neutralized" csv_formulas

replay_plain() {
  "$ARENA" replay "$T_TMP/good.jsonl" --turn 0 --plain >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "RISING TIDE" || return 1
  expect_contains "$T_TMP/o" "ROUND    0" || return 1
  "$ARENA" replay "$T_TMP/good.jsonl" --plain >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "SUNK R" || return 1
  head -n 30 "$T_TMP/good.jsonl" >"$T_TMP/t.jsonl"
  "$ARENA" replay "$T_TMP/t.jsonl" --plain >"$T_TMP/o" 2>&1 || return 1
  expect_contains "$T_TMP/o" "round 29 of 29" || return 1
  # cut at a line's end, it is named too (it played as a whole game, without a word)
  expect_contains "$T_TMP/o" "line 30: the replay ends without a result record (truncated?); playing the 29 turns it holds" || return 1
  # a damaged record is named by its line, as verify names it (replay said line 1 for any turn)
  python3 - "$T_TMP/good.jsonl" "$T_TMP/mid.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
rec = json.loads(lines[3]); rec["turn"] = 7; lines[3] = json.dumps(rec)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
  # and plays up to it, as a truncated replay does (it showed nothing, exit 1)
  "$ARENA" replay "$T_TMP/mid.jsonl" --plain >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "line 4: recorded turn 7, but the game is at turn 2; playing the 2 turns before it" || return 1
  expect_contains "$T_TMP/o" "round 2 of 2" || return 1
  # records after the result are damage too (they were played past without a word)
  cat "$T_TMP/good.jsonl" "$T_TMP/good.jsonl" >"$T_TMP/two.jsonl"
  "$ARENA" replay "$T_TMP/two.jsonl" --plain >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "line $(($(wc -l <"$T_TMP/good.jsonl") + 1)): a record after the result (two replays in one file?); the replay is damaged; playing the"
}
t_step "replay --plain draws a turn's picture; a truncated or damaged replay plays up to the damage" replay_plain
# replay reads its file twice (to step back): a pipe under a name (/dev/stdin, <(zcat r.jsonl.gz),
# the way docs suggest reading a gzipped replay) said "is empty: not a replay; playing the 0 turns
# before it"; it is a usage error saying to save it first. A file behind /dev/stdin still plays.
replay_from_a_pipe() {
  cat "$T_TMP/good.jsonl" | "$ARENA" replay /dev/stdin --plain >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "/dev/stdin is a pipe, read once; replay reads its file again to step back: save it first" || return 1
  "$ARENA" replay /dev/stdin --plain <"$T_TMP/good.jsonl" >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  [ -s "$T_TMP/o" ] || { echo "no picture"; return 1; }
}
t_step "replay: a pipe (read once) is refused with what to do; a file behind /dev/stdin plays" replay_from_a_pipe

bench_unknown_bot() {
  "$ARENA" bench chicken --bot nope 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "no built-in bot 'nope' for chicken; built-ins are: yolanda greedy tracker searcher champion"
}
t_step "bench --bot with an unknown bot lists the game's built-ins" bench_unknown_bot

list() {
  "$ARENA" list >"$T_TMP/o" && expect_contains "$T_TMP/o" "rising_tide" || return 1
  "$ARENA" list rising_tide >"$T_TMP/o" && expect_contains "$T_TMP/o" "seawall_sydney" && expect_contains "$T_TMP/o" "--move-ms 100" || return 1
  # each game's own form of a python: seat (Chicken's said python:FILE.py[:NAME], Rising Tide's form)
  expect_contains "$T_TMP/o" "python seats: python:FILE.py[:NAME] runs a bot" || return 1
  "$ARENA" list chicken >"$T_TMP/o" && expect_contains "$T_TMP/o" "python seats: python:AGENT_DIR runs a bot" || return 1
  ! "$ARENA" list suitebot | grep -q "python seats" || return 1
  "$ARENA" play chicken python:"$T_TMP/nope" builtin:greedy 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "python seat: '$T_TMP/nope' does not exist (give python:AGENT_DIR)" || return 1
  # each option's type, as the game's table gives it (game_option.type: how the game reads the
  # value, and how the simulator's snapshots compare it)
  "$ARENA" list suitebot >"$T_TMP/o" || return 1
  for row in "size +WxH +default" "rounds +number +default 100 " "map +text +default" "blast +text +default square "; do
    grep -Eq "^  $row" "$T_TMP/o" || { echo "list suitebot: no row '$row'"; return 1; }
  done
  "$ARENA" list rezzo >"$T_TMP/o" || return 1
  for row in "size +WxH +default 320x320 " "width +width +default" "height +height +default" "seed +number +default"; do
    grep -Eq "^  $row" "$T_TMP/o" || { echo "list rezzo: no row '$row'"; return 1; }
  done
  # every game's option table is in columns (Rezzo's keyframe_every pushed its row's one out), and
  # every row names one of the five types
  for g in $("$ARENA" list --bots | cut -d' ' -f1 | sort -u); do
    "$ARENA" list "$g" | awk -v g="$g" '/^options/ {on=1; next} on && /^$/ {on=0}
      on && $2 !~ /^(text|number|WxH|width|height)$/ { print g ": no type: " $0; bad = 1 }
      on { d = index($0, " default "); match(substr($0, d + 9), /^[^ ]* +/); h = d + 9 + RLENGTH; if (!c) { c = d; e = h }
           else if (d != c || h != e) { print g ": not in columns: " $0; bad = 1 } }
      END { exit bad || !c }' || return 1
  done
}
t_step "list shows games, bots, options, clock defaults and the game's python: seat" list

kits() {
  for b in pass_perth random_rizhao nearby_new_orleans trench_tunis border_barcelona level_los_angeles seawall_sydney; do
    [ -x "$KITS/rising_tide/$b" ] || { echo "missing $KITS/rising_tide/$b"; return 1; }
  done
  "$ARENA" play rising_tide "$KITS/rising_tide/seawall_sydney" "$KITS/rising_tide/trench_tunis" \
    builtin:seawall_sydney "$KITS/rising_tide/level_los_angeles" --seed 3 --display none --json --replay "$T_TMP/k.jsonl" >"$T_TMP/j" || return 1
  "$ARENA" verify "$T_TMP/k.jsonl" || return 1
  # The deterministic wall builder plays the same as a process and as a built-in. Without a clock:
  # a process descheduled past the 100 ms of a move on a loaded machine has its move dropped
  # (seen once in CI), which says nothing of what it would have played.
  "$ARENA" play rising_tide builtin:seawall_sydney builtin:pass_perth builtin:pass_perth builtin:pass_perth \
    --seed 3 --no-timeout --display none --replay "$T_TMP/a.jsonl" >/dev/null || return 1
  "$ARENA" play rising_tide "$KITS/rising_tide/seawall_sydney" builtin:pass_perth builtin:pass_perth builtin:pass_perth \
    --seed 3 --no-timeout --display none --replay "$T_TMP/b.jsonl" >/dev/null || return 1
  python3 - "$T_TMP/a.jsonl" "$T_TMP/b.jsonl" <<'PY'
import json, sys
def frames(p):
    return [json.loads(l)["frame"] for l in open(p) if '"type":"turn"' in l]
a, b = frames(sys.argv[1]), frames(sys.argv[2])
assert a == b, "built-in and process seawall_sydney differ"
PY
}
t_step "the C starter kit builds every built-in; a kit bot plays exactly like its built-in" kits

kit_example() {
  cc -O2 -Isrc -Isdk/c sdk/c/examples/rising_tide_bot.c sdk/c/kit.c "$LIBARENA_A" $LIBARENA_LDFLAGS -ljansson -lsqlite3 -lpng -lz -lm \
    -o "$T_TMP/mybot" || return 1
  "$ARENA" play rising_tide "$T_TMP/mybot" $P $P $P --seed 1 --json --replay "$T_TMP/m.jsonl" >"$T_TMP/j" || return 1
  grep -q '"verdicts":\[{"late":0,"down":0,"invalid":0,"crash":0}' "$T_TMP/j" || return 1
  grep -q '"seat":0,"verdict":"ok","action":\[3,3,4,4\]' "$T_TMP/m.jsonl"
}
t_step "docs/starter-kit.md: the example bot builds and plays" kit_example

kit_arguments() {
  # SEED, then delay=MS, move-ms=MS and clock=off in any order; anything else is a usage error.
  "$KITS/rising_tide/pass_perth" 1 clock=off move-ms=50 delay=0 </dev/null || return 1
  # SEED is optional ([SEED] in the usage): without it, delay=MS was a usage error
  "$KITS/rising_tide/pass_perth" delay=0 clock=off </dev/null || return 1
  "$KITS/rising_tide/pass_perth" fast </dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  "$KITS/rising_tide/pass_perth" 1 move-ms=fast </dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "move-ms=MS" || return 1
  # a message its game's parser refuses: which one, what it said, and what the program is for (it
  # said only "cannot parse the referee's message")
  printf '\n\nhello \033[2J\n' | "$KITS/splitter/random" >/dev/null 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "kit: cannot parse the referee's message 3: 'hello ?[2J'; this program speaks splitter's protocol (docs/games/splitter.md): run it as a seat of \`arena play splitter\`" || return 1
  # a copy under another name said only "arena-kit: no bot mybot for game a3": it finds its bot
  # from its path, and says so; arena-kit with a wrong bot names the game's bots
  mkdir -p "$T_TMP/my"; cp "$KITS/chicken/greedy" "$T_TMP/my/mybot"
  "$T_TMP/my/mybot" </dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena-kit: no game my (for the bot mybot); games are: rising_tide" || return 1
  expect_contains "$T_TMP/e" "(this program takes its game and bot from its path, GAME/BOT as in bin/kits/chicken/greedy; under another name, run the build's bin/arena-kit GAME BOT [SEED])" || return 1
  "$(dirname "$ARENA")/arena-kit" chicken nosuch </dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "arena-kit: no bot nosuch for game chicken; its bots are: yolanda greedy" || return 1
  "$(dirname "$ARENA")/arena-kit" chicken greedy 5 </dev/null || return 1
}
t_step "kit programs take SEED, delay=MS, move-ms=MS and clock=off; a message they cannot parse is named" kit_arguments

# play's closing hint said `arena replay FILE`, and a usage error `(see \`arena play --help\`)`: in a
# clone arena is not on PATH (bin/arena), so the command printed was not found. The hints name the
# program as it was run: a relative path as given, `arena` when found on PATH, a path with a blank
# quoted for the shell (so is a replay's name).
hints_name_the_program_as_run() {
  bin=$(dirname "$ARENA")
  (cd "$bin/.." && "./$(basename "$bin")/arena" play chicken builtin:greedy builtin:tracker --seed 1 --display none \
    --replay "$T_TMP/r.jsonl") >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "replay: $T_TMP/r.jsonl (watch: ./$(basename "$bin")/arena replay $T_TMP/r.jsonl)" || return 1
  (cd "$bin" && ./arena play) 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "missing GAME; e.g. ./arena play rising_tide" || return 1
  expect_contains "$T_TMP/e" "(see \`./arena play --help\`)" || return 1
  PATH="$bin:$PATH" arena play chicken builtin:greedy builtin:tracker --seed 1 --display none --replay "$T_TMP/r.jsonl" \
    >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "(watch: arena replay $T_TMP/r.jsonl)" || return 1
  mkdir -p "$T_TMP/my dir" && ln -s "$ARENA" "$T_TMP/my dir/arena" || return 1
  "$T_TMP/my dir/arena" play chicken builtin:greedy builtin:tracker --seed 1 --display none --replay "$T_TMP/my dir/r 1.jsonl" \
    >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  expect_contains "$T_TMP/o" "(watch: '$T_TMP/my dir/arena' replay '$T_TMP/my dir/r 1.jsonl')" || return 1
  "$T_TMP/my dir/arena" list >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "\`'$T_TMP/my dir/arena' list GAME\` shows a game's bots" || return 1
  # the command it names works as printed
  "$T_TMP/my dir/arena" play chicken builtin:greedy builtin:tracker --seed 1 --display none --replay "$T_TMP/my dir/r 1.jsonl" \
    | sed -n 's/.*(watch: \(.*\))$/\1/p' >"$T_TMP/cmd" || return 1
  sh -c "$(cat "$T_TMP/cmd") --plain" >"$T_TMP/o" 2>&1 || { cat "$T_TMP/o"; return 1; }
  # tourney's hints too: matches queued for workers elsewhere
  (cd "$bin" && ./arena tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --workers 0 --db "$T_TMP/q.db") \
    2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/e" "workers play them (./arena worker --db ...); \`./arena tourney --db ... --status\` shows the progress" || return 1
  # and the hints of the layers below the command line (the seat, the replay reader, the server,
  # trace-check, the watch page): they said `arena list`, "command not found" in a clone
  (cd "$bin" && ./arena play chicken builtin:nosuch builtin:greedy --display none) 2>"$T_TMP/e"
  expect_contains "$T_TMP/e" "built-ins are: yolanda greedy tracker searcher champion (see \`./arena list\`)" || return 1
  (cd "$bin" && ./arena verify "$T_TMP/q.db") 2>"$T_TMP/e"
  expect_contains "$T_TMP/e" "is a store, not a replay (./arena standings --db or ./arena report --db read it)" || return 1
  (cd "$bin" && ./arena serve --game nosuch --db "$T_TMP/srv.db") 2>"$T_TMP/e"
  expect_contains "$T_TMP/e" "unknown game 'nosuch' (./arena list shows them)" || return 1
  (cd "$bin" && ./arena trace-check chicken "$T_TMP/r.jsonl") 2>"$T_TMP/e"
  expect_contains "$T_TMP/e" "check it with \`./arena verify $T_TMP/r.jsonl\`" || return 1
  (cd "$bin" && ./arena view - -o "$T_TMP/e.html" </dev/null) 2>"$T_TMP/e"
  expect_contains "$T_TMP/e" "standard input is empty: pipe a replay in (./arena view - < REPLAY)"
}
t_step "the hints that name a command name the program as it was run (bin/arena in a clone), quoted when need be" \
  hints_name_the_program_as_run

t_done
