# test_suitebot.sh: SuiteBot II end to end: the stdio transcript (SuiteBot P5.4), comments and stale
# lines, the tcp transport with a bot in the original kit's style (probe, EXIT, replies without a
# newline), tcp misbehaviour, the clocks with slow bots (wide margins), replays and verify, maps.
. tests/e2e/lib.sh
BOTS=$(pwd)/tests/bots/suitebot
PY="python3 $BOTS"

# seat_verdicts REPLAY SEAT: "turn:verdict" for every turn the seat was asked in (a seat that is
# out stays listed with "asked":false: those entries are left out)
seat_verdicts() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
out = []
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j["type"] != "turn":
        continue
    for e in j["seats"]:
        if e["seat"] == int(sys.argv[2]) and e.get("asked", True):
            out.append("%d:%s" % (j["turn"], e["verdict"]))
print(" ".join(out))
EOF
}

# json_get FILE EXPR: evaluates EXPR on the JSON object j read from FILE
json_get() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"; }

# Tests about what bots say, not about the clock, give them 2 s a round (10 s hard): at the real
# 200 ms a Python bot on a loaded machine is now and then late, which changes what is played.
CALM="--move-ms 2000 --hard-ms 10000"

# SuiteBot P5.4: (5x4 plan, alice on base (1,1), bob on base (3,2), 5 rounds.)
transcript_stdio() {
  rm -f "$T_TMP/alice.in" "$T_TMP/bob.in"
  "$ARENA" play suitebot "alice=$PY/stdio_bot.py --record $T_TMP/alice.in --script BU" \
    "bob=$PY/stdio_bot.py --record $T_TMP/bob.in --script L --comment" \
    --option size=5x4 --option "bases=1,1;3,2" --option rounds=3 --seed 1 --display none \
    --log "$T_TMP/t.log" --sandbox-write "$T_TMP" $CALM >/dev/null || return 1 # the bots record in $T_TMP
  python3 - "$T_TMP" <<'EOF' || return 1
import sys
d = sys.argv[1]
r1 = ('{"aiPlayerId":1,"currentRound":1,"remainingRounds":98,"gamePlanWidth":5,"gamePlanHeight":4,"players":{"1":'
      '{"name":"alice","resources":0,"homeBaseLocation":{"x":1,"y":1},"agentLocation":{"x":1,"y":1},"agentLastMove":'
      'null},"2":{"name":"bob","resources":0,"homeBaseLocation":{"x":3,"y":2},"agentLocation":{"x":3,"y":2},'
      '"agentLastMove":null}},"fieldResources":[[1,1,1,1],[1,0,1,1],[1,1,1,1],[1,1,0,1],[1,1,1,1]],"fieldBombs":'
      '[[null,null,null,null],[null,null,null,null],[null,null,null,null],[null,null,null,null],[null,null,null,null]]}')
r2 = ('{"aiPlayerId":1,"currentRound":2,"remainingRounds":97,"gamePlanWidth":5,"gamePlanHeight":4,"players":{"1":'
      '{"name":"alice","resources":0,"homeBaseLocation":{"x":1,"y":1},"agentLocation":{"x":1,"y":1},"agentLastMove":'
      '"PLANT_BOMB"},"2":{"name":"bob","resources":0,"homeBaseLocation":{"x":3,"y":2},"agentLocation":{"x":2,"y":2},'
      '"agentLastMove":"LEFT"}},"fieldResources":[[1,1,1,1],[1,0,1,1],[1,1,1,1],[1,1,0,1],[1,1,1,1]],"fieldBombs":'
      '[[null,null,null,null],[null,{"ownerId":1,"countdown":3},null,null],[null,null,null,null],[null,null,null,null],'
      '[null,null,null,null]]}')
# with rounds=3 remainingRounds is 3-t-1; the spec's transcript is for R=100: adjust that one field
a = open(d + "/alice.in").read().split("\n")
b = open(d + "/bob.in").read().split("\n")
want1 = r1.replace('"remainingRounds":98', '"remainingRounds":1')
want2 = r2.replace('"remainingRounds":97', '"remainingRounds":0')
assert a[0] == want1, "round 1 to alice:\n%s\nexpected\n%s" % (a[0], want1)
assert b[0] == want1.replace('"aiPlayerId":1', '"aiPlayerId":2'), b[0]
assert a[1] == want2, "round 2 to alice:\n%s\nexpected\n%s" % (a[1], want2)
assert a[3] == "EXIT" and b[3] == "EXIT", (a[3], b[3])
assert len(a) == 5 and a[4] == "", "nothing after EXIT"
EOF
  expect_contains "$T_TMP/t.log" "[bob | round 1]: going left"
}
t_step "stdio_transcript_of_P5_4" transcript_stdio

stale_lines() {
  "$ARENA" play suitebot "$PY/stdio_bot.py --stale --script R" builtin:hold --option rounds=4 --seed 1 \
    --display none --log "$T_TMP/s.log" --replay "$T_TMP/s.jsonl" --json $CALM >"$T_TMP/s.json" || return 1
  expect_contains "$T_TMP/s.log" 'stale line "R" discarded (no request pending)' || return 1
  expect_eq "$(seat_verdicts "$T_TMP/s.jsonl" 0)" "1:ok 2:ok 3:ok 4:ok" "verdicts"
}
t_step "stdio_stale_lines_are_logged_and_discarded" stale_lines

tcp_kit_style_full_game() {
  mkdir -p "$T_TMP/kit"
  "$ARENA" play suitebot "kit=tcp:python3 $BOTS/kit_style_bot.py" builtin:harvester builtin:random builtin:miner \
    --seed 5 --display none --replay "$T_TMP/kit.jsonl" --stderr-dir "$T_TMP/kit" --json $CALM >"$T_TMP/kit.json" || return 1
  expect_eq "$(json_get "$T_TMP/kit.json" 'j["turns"]')" 100 "turns" || return 1
  expect_eq "$(json_get "$T_TMP/kit.json" 'j["verdicts"][0]')" "{'late': 0, 'down': 0, 'invalid': 0, 'crash': 0}" \
    "verdicts of the kit-style bot" || return 1
  # its actions arrive without a newline and are applied: B U U L L ...
  python3 - "$T_TMP/kit.jsonl" <<'EOF' || return 1
import json, sys
acts = [json.loads(l)["seats"][0]["action"] for l in open(sys.argv[1]) if '"type":"turn"' in l]
assert acts[:6] == ["PLANT_BOMB", "UP", "UP", "LEFT", "LEFT", "PLANT_BOMB"], acts[:6]
EOF
  "$ARENA" verify "$T_TMP/kit.jsonl" >/dev/null || return 1
  # the probe reached it as an empty request, and EXIT stopped it (before the grace period's kill)
  expect_contains "$T_TMP/kit/seat0.stderr" "empty request ignored" || return 1
  expect_contains "$T_TMP/kit/seat0.stderr" "EXIT received, shutting down"
}
t_step "tcp_kit_style_bot_plays_a_full_game_unchanged" tcp_kit_style_full_game

tcp_variant() { # tcp_variant MODE... -- extra arena args (later clock flags win over $CALM); writes $T_TMP/v.jsonl, $T_TMP/v.log
  mode=$1; shift
  "$ARENA" play suitebot "v=tcp:python3 $BOTS/tcp_variant.py $mode" builtin:hold --seed 1 --option rounds=4 \
    --display none --replay "$T_TMP/v.jsonl" --log "$T_TMP/v.log" $CALM "$@" >/dev/null
}

# SuiteBot D17: end at the first \n or at EOF
tcp_newline_and_keep_open() {
  tcp_variant newline_open || return 1
  expect_eq "$(seat_verdicts "$T_TMP/v.jsonl" 0)" "1:ok 2:ok 3:ok 4:ok" "verdicts" || return 1
  python3 -c "import json,sys; l=open(sys.argv[1]).read().split('\n'); assert json.loads(l[1])['seats'][0]['action']=='UP'" \
    "$T_TMP/v.jsonl"
}
t_step "tcp_reply_ends_at_the_newline_on_an_open_connection" tcp_newline_and_keep_open

tcp_hash_is_invalid() {
  tcp_variant hash || return 1
  expect_eq "$(seat_verdicts "$T_TMP/v.jsonl" 0)" "1:invalid 2:invalid 3:invalid 4:invalid" "verdicts" || return 1
  expect_contains "$T_TMP/v.log" 'v INVALID "# a comment" -> HOLD'
}
t_step "tcp_hash_reply_is_invalid_hold" tcp_hash_is_invalid

tcp_close_empty_is_invalid() {
  tcp_variant close_empty || return 1
  expect_eq "$(seat_verdicts "$T_TMP/v.jsonl" 0)" "1:invalid 2:invalid 3:invalid 4:invalid" "verdicts" || return 1
  expect_contains "$T_TMP/v.log" "empty reply"
}
t_step "tcp_accepted_then_closed_without_bytes_is_invalid" tcp_close_empty_is_invalid

tcp_slow_listen_within_startup() {
  # listening after 2.5 s: past round 1's hard limit (2 s), within it plus the start-up allowance
  tcp_variant "slow_listen 2.5" --startup-ms 10000 --move-ms 1000 --hard-ms 2000 || return 1
  expect_eq "$(seat_verdicts "$T_TMP/v.jsonl" 0)" "1:ok 2:ok 3:ok 4:ok" "verdicts"
}
t_step "tcp_refused_until_listening_is_retried_within_startup" tcp_slow_listen_within_startup

tcp_never_listens_goes_down() {
  # round 1 is late at its soft limit (the game goes on, HOLD), then down at the hard limit
  tcp_variant never_listen --startup-ms 200 --move-ms 100 --hard-ms 200 --option rounds=40 || return 1
  v=$(seat_verdicts "$T_TMP/v.jsonl" 0)
  case "$v" in "1:late "*down) ;; *) echo "verdicts: $v"; return 1 ;; esac
  expect_contains "$T_TMP/v.log" "v DOWN (no answer in 200 ms)"
}
t_step "tcp_refused_until_the_hard_limit_is_down" tcp_never_listens_goes_down

tcp_threaded_late_replies() {
  # a server answering every request after 600 ms on its own thread, with a 100 ms soft limit:
  # every round is late (connections overlap), none is down, the late replies are discarded
  tcp_variant "threaded 600" --move-ms 100 --hard-ms 5000 || return 1
  expect_eq "$(seat_verdicts "$T_TMP/v.jsonl" 0)" "1:ok 2:late 3:late 4:late" "verdicts" || return 1
  expect_contains "$T_TMP/v.log" 'v LATE'
}
t_step "tcp_overlapping_connections_late_and_discarded" tcp_threaded_late_replies

# ---- clocks (SuiteBot P7), margins of 5x and more ----
slow() { # slow ARGS... -- arena args (later clock flags win over $CALM): one stdio bot against hold
  args=$1; shift
  "$ARENA" play suitebot "v=$PY/stdio_bot.py $args" builtin:hold --seed 1 --display none \
    --replay "$T_TMP/c.jsonl" --log "$T_TMP/c.log" $CALM "$@" >/dev/null
}

clock_reply_in_time_applied() {
  slow "--slow 2:100 --script RRR" --option rounds=3 --move-ms 1000 --hard-ms 5000 || return 1
  expect_eq "$(seat_verdicts "$T_TMP/c.jsonl" 0)" "1:ok 2:ok 3:ok" "verdicts"
}
t_step "clock_reply_within_soft_limit_is_applied" clock_reply_in_time_applied

clock_late_then_recovers() {
  # soft 600 ms, one reply after 2000 ms: that round HOLDs; the queued rounds catch up; no down
  slow "--slow 3:2000 --script R" --option rounds=12 --move-ms 600 --hard-ms 8000 || return 1
  v=$(seat_verdicts "$T_TMP/c.jsonl" 0)
  case "$v" in "1:ok 2:ok 3:late "*) ;; *) echo "verdicts: $v"; return 1 ;; esac
  case "$v" in *"12:ok") ;; *) echo "no recovery: $v"; return 1 ;; esac
  case "$v" in *down*|*crash*) echo "went down: $v"; return 1 ;; esac
  expect_contains "$T_TMP/c.log" 'round 3: v LATE'
}
t_step "clock_late_reply_holds_and_the_game_goes_on" clock_late_then_recovers

# SuiteBot D14: the process group is killed at once; its agent HOLDs, can die, keeps its score
clock_no_answer_down() {
  # no answer from round 2 on: late rounds (HOLD) until round 2's hard limit, then down; a
  # 40-round game at 100 ms a round outlasts the 500 ms hard limit five times over
  # the bot records in $T_TMP (allowed), and its pid file must hold its pid on the machine (no
  # pid namespace; with one, the namespace's end takes every process anyway)
  slow "--hang 2 --record $T_TMP/hang.in --pidfile $T_TMP/hang.pid" --option rounds=40 --move-ms 100 --hard-ms 500 \
    --sandbox-write "$T_TMP" --sandbox-without pid || return 1
  v=$(seat_verdicts "$T_TMP/c.jsonl" 0)
  case "$v" in "1:ok 2:late "*down) ;; *) echo "verdicts: $v"; return 1 ;; esac
  expect_contains "$T_TMP/c.log" "round 2: v DOWN (no answer in 500 ms)" || return 1
  # not queried after going down: it received one line per round it was asked in, and no EXIT
  asked=$(echo "$v" | wc -w)
  expect_eq "$(wc -l <"$T_TMP/hang.in" | tr -d ' ')" "$asked" "lines received" || return 1
  ! grep -q EXIT "$T_TMP/hang.in" || return 1
  # and its process is gone (killed with its group when it went down; a zombie left to an init
  # that does not reap counts as gone)
  pid=$(cat "$T_TMP/hang.pid")
  [ ! -e "/proc/$pid" ] || grep -q '^[0-9]* (.*) Z' "/proc/$pid/stat"
}
t_step "clock_no_answer_by_hard_limit_is_down_for_the_game" clock_no_answer_down

clock_crash_down() {
  slow "--crash 3" --option rounds=5 || return 1
  expect_eq "$(seat_verdicts "$T_TMP/c.jsonl" 0)" "1:ok 2:ok 3:crash" "verdicts" || return 1
  expect_contains "$T_TMP/c.log" "round 3: v CRASH (exit status 3) -> DOWN"
}
t_step "clock_crash_is_down" clock_crash_down

# SuiteBot D15: round 1 gets the start-up allowance (10 s) on top of its limits
clock_startup_ok() {
  # 2 s of start-up: past round 1's hard limit (1.5 s), within it plus the start-up allowance
  slow "--startup 2000" --option rounds=2 --startup-ms 10000 --move-ms 1000 --hard-ms 1500 || return 1
  expect_eq "$(seat_verdicts "$T_TMP/c.jsonl" 0)" "1:ok 2:ok" "verdicts"
}
t_step "clock_slow_startup_within_startup_limit" clock_startup_ok

clock_startup_down() {
  # start-up 3 s against a 200 ms allowance: late in round 1, down at its hard limit, HOLD all game
  slow "--startup 3000" --option rounds=40 --startup-ms 200 --move-ms 100 --hard-ms 200 || return 1
  v=$(seat_verdicts "$T_TMP/c.jsonl" 0)
  case "$v" in "1:late "*down) ;; *) echo "verdicts: $v"; return 1 ;; esac
  expect_eq "$(python3 -c "import json,sys; print(json.loads(open(sys.argv[1]).read().split(chr(10))[-2])['scores'])" \
    "$T_TMP/c.jsonl")" "[0, 0]" "scores"
}
t_step "clock_startup_over_the_limit_is_down_for_the_game" clock_startup_down

# ---- replays, determinism, options ----
determinism() {
  "$ARENA" play suitebot builtin:miner builtin:harvester builtin:random builtin:hold --seed 42 --display none \
    --replay "$T_TMP/d1.jsonl" >/dev/null || return 1
  "$ARENA" play suitebot builtin:miner builtin:harvester builtin:random builtin:hold --seed 42 --display none \
    --replay "$T_TMP/d2.jsonl" >/dev/null || return 1
  cmp "$T_TMP/d1.jsonl" "$T_TMP/d2.jsonl" || return 1
  "$ARENA" verify "$T_TMP/d1.jsonl" >/dev/null || return 1
  # a changed action is found
  sed '5s/"action":"UP"/"action":"DOWN"/;5s/"action":"HOLD"/"action":"LEFT"/' "$T_TMP/d1.jsonl" >"$T_TMP/d3.jsonl"
  ! cmp -s "$T_TMP/d1.jsonl" "$T_TMP/d3.jsonl" || { echo "sed changed nothing"; return 1; }
  ! "$ARENA" verify "$T_TMP/d3.jsonl" 2>/dev/null
}
t_step "determinism_same_seed_same_replay_and_verify" determinism

map_option() {
  printf '# a map\n|......|\n|.A..  |\n|......|\n|  ..B.|\n' >"$T_TMP/plan.map"
  "$ARENA" play suitebot builtin:miner builtin:harvester --option map="$T_TMP/plan.map" --seed 2 --display none \
    --replay "$T_TMP/m.jsonl" >/dev/null || return 1
  "$ARENA" verify "$T_TMP/m.jsonl" >/dev/null || return 1
  head -1 "$T_TMP/m.jsonl" | grep -q '"w":6,"h":4,"bases":\[\[1,1\],\[4,3\]\]' || { head -c 900 "$T_TMP/m.jsonl"; return 1; }
  ! "$ARENA" play suitebot builtin:miner builtin:harvester builtin:hold --option map="$T_TMP/plan.map" \
    --display none 2>"$T_TMP/err" || return 1
  expect_contains "$T_TMP/err" "the map has 2 bases but there are 3 seats"
}
t_step "option_map_file_is_read_and_kept_in_the_replay" map_option

# A tournament read no file option: every match got the path as its map and failed ("no grid"),
# exit 0. A folder or an empty file was played as the default map.
map_option_tourney_and_bad_files() {
  cd "$T_TMP" || return 1 # (a refused tourney must leave no tourney.db here)
  printf '# a map\n|......|\n|.A..  |\n|......|\n|  ..B.|\n' >"$T_TMP/plan.map"
  "$ARENA" tourney suitebot a=builtin:miner b=builtin:harvester --option map="$T_TMP/plan.map" --games 2 --seed 2 \
    --workers 1 --db "$T_TMP/map.db" --replays "$T_TMP/mr" >"$T_TMP/o" 2>"$T_TMP/e" || { cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/o" "2 of 2 matches stored" || return 1
  ! grep -q "failed" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  for r in "$T_TMP"/mr/*.jsonl; do
    head -1 "$r" | grep -q '"w":6,"h":4,"bases":\[\[1,1\],\[4,3\]\]' || { head -c 900 "$r"; return 1; }
  done
  mkdir -p "$T_TMP/maps"; : >"$T_TMP/empty.map"
  for cmd in play tourney; do
    "$ARENA" $cmd suitebot a=builtin:miner b=builtin:harvester --option map="$T_TMP/maps" 2>"$T_TMP/e" >/dev/null
    [ $? -eq 2 ] || { echo "$cmd: a folder"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "option map=$T_TMP/maps: cannot read the file: Is a directory" || return 1
    "$ARENA" $cmd suitebot a=builtin:miner b=builtin:harvester --option map="$T_TMP/empty.map" 2>"$T_TMP/e" >/dev/null
    [ $? -eq 2 ] || { echo "$cmd: an empty file"; cat "$T_TMP/e"; return 1; }
    expect_contains "$T_TMP/e" "option map=$T_TMP/empty.map: the file is empty" || return 1
  done
  [ ! -e tourney.db ] || { echo "a refused tourney made a store"; return 1; }
}
t_step "option_map_file_in_a_tourney_too; a folder or an empty file is refused" map_option_tourney_and_bad_files

# map= with size= or bases= asked for two games at once: the map's was played without a word. The
# game's option reader refuses the pair, naming both, so play refuses it (exit 2, nothing played)
# and so does a tourney, before it stores anything (it failed every match, one by one, and said so
# only at its end, exit 1); the simulator is test_sim_replay's, the reader test_suitebot's (unit).
map_with_size_or_bases_refused() {
  printf '# a map\n|......|\n|.A..  |\n|......|\n|  ..B.|\n' >"$T_TMP/plan.map"
  "$ARENA" play suitebot builtin:miner builtin:harvester --option map="$T_TMP/plan.map" --option size=20x20 \
    --display none --replay "$T_TMP/ms.jsonl" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "play: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: option map cannot be given with option size=20x20: the map sets the plan's size and bases itself (give map, or size and bases, not both)" || return 1
  [ ! -e "$T_TMP/ms.jsonl" ] || { echo "play: a replay"; return 1; }
  "$ARENA" tourney suitebot a=builtin:miner b=builtin:harvester --option map="$T_TMP/plan.map" --option bases='1,1;2,2' \
    --games 2 --seed 2 --workers 1 --db "$T_TMP/ms.db" >"$T_TMP/o" 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] || { echo "tourney: exit $rc"; cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "arena: error: option map cannot be given with option bases=1,1;2,2: the map sets the plan's size and bases itself" || return 1
  if grep -q "cannot be played" "$T_TMP/e"; then echo "a match was played"; return 1; fi
  [ ! -e "$T_TMP/ms.db" ] || { echo "tourney: a store"; return 1; }
}
t_step "option_map_with_size_or_bases_is_refused_naming_both" map_with_size_or_bases_refused

# The site's organizers save the options every game is played with: the pair is refused there too
# (400 with the reader's words), the map alone is saved (tests/e2e/serve_client.py's server, on a
# store of its own in this test's folder).
map_with_size_refused_by_the_site_settings() {
  python3 - "$T_TMP" <<'PY'
import os, sys
sys.path.insert(0, "tests/e2e")
from serve_client import Client, Server
folder = os.path.join(sys.argv[1], "site")
os.makedirs(folder, exist_ok=True)
srv = Server(game="suitebot", jobs=0, db=os.path.join(folder, "site.db"), folder=folder).start()
try:
    adm = Client(srv)
    assert adm.login("admin", srv.admin_password())[0] == 200
    grid = "|.. A|\n|....|\n|B . |\n"
    st, obj = adm.post("/api/organizer/settings", {"options": ["map=" + grid, "size=10x10"]})
    assert st == 400 and obj["error"] == ("setting options: option map cannot be given with option size=10x10: the "
                                          "map sets the plan's size and bases itself (give map, or size and bases, "
                                          "not both)"), (st, obj)
    st, obj = adm.post("/api/organizer/settings", {"options": ["map=" + grid]})
    assert st == 200 and obj["settings"]["options"] == ["map=" + grid], (st, obj)
finally:
    assert srv.stop() == 0
PY
}
t_step "option_map_with_size_is_refused_by_the_site_settings" map_with_size_refused_by_the_site_settings

eight_players_tcp_and_stdio_mixed() {
  "$ARENA" play suitebot "tcp:python3 $BOTS/kit_style_bot.py" "$PY/stdio_bot.py --script BUDLRH" \
    builtin:miner builtin:harvester builtin:random builtin:hold "$KITS/suitebot/miner" "$KITS/suitebot/random" \
    --seed 8 --display none --json $CALM >"$T_TMP/8.json" || return 1
  expect_eq "$(json_get "$T_TMP/8.json" 'sum(v["invalid"]+v["late"]+v["down"]+v["crash"] for v in j["verdicts"])')" 0 \
    "verdict counts"
}
t_step "eight_seats_mixed_transports" eight_players_tcp_and_stdio_mixed

champion_real_clock_sandbox() {
  # The champion as its kit program under the default sandbox at the real clock (200 ms soft,
  # 1000 ms hard): it thinks about 60 ms a round by its own clock and is never late, down or invalid.
  "$ARENA" play suitebot "$KITS/suitebot/champion" builtin:miner builtin:harvester builtin:random \
    --seed 12 --display none --json >"$T_TMP/ch.json" || return 1
  expect_eq "$(json_get "$T_TMP/ch.json" 'sum(j["verdicts"][0][k] for k in ("late","down","invalid","crash"))')" 0 \
    "the champion's verdicts"
  expect_eq "$(json_get "$T_TMP/ch.json" 'j["turns"]')" 100 "rounds played"
}
t_step "champion_plays_a_full_game_under_the_sandbox_at_the_real_clock" champion_real_clock_sandbox

t_done
