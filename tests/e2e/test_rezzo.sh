#!/bin/sh
# test_rezzo.sh: Rezzo end to end with real processes: the original-style wander bot (Rezzo O8),
# the misbehaving test bots (tests/bots/rezzo/testbot.c) with their verdicts, acks and eliminations,
# quick mode and real-time pacing, the end of a game, verify, traces, and frames.
. tests/e2e/lib.sh
V=tests/vectors/rezzo
BOTS=$T_TMP/bots
mkdir -p "$BOTS"
CC=${CC:-cc}

# The test bots are C programs written against the protocol bytes; each mode is a link named after
# it, so that it runs directly (argv = [path], no shell), as original bots do.
$CC -O2 -o "$BOTS/testbot" tests/bots/rezzo/testbot.c || exit 1
$CC -O2 -I sdk/c/rezzo/compat -o "$BOTS/wander_compat" tests/bots/rezzo/wander_compat.c || exit 1
for m in idle nop double badbyte stale future odd exit@5 segv@5 closein@5 closeout@5 flood fork exit@2; do
  ln -sf testbot "$BOTS/$m"
done

# replay_seat FILE SEAT: one line per tick: "t act ack verdict cause elim" for seat SEAT (0-based).
replay_seat() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
s = int(sys.argv[2])
for r in recs[1:]:
    if r["type"] != "turn":
        continue
    e = r["events"]
    seat = [x for x in r["seats"] if x["seat"] == s]
    v = seat[0] if seat else {}
    elim = ",".join("%d:%s" % (x["id"], x["cause"]) for x in e["elim"])
    print(e["t"], e["acts"][s], e["acks"][s], v.get("verdict", "-"), v.get("cause", "-"), elim or "-")
EOF
}

play() { # play REPLAY SEAT... [-- OPTIONS]
  out=$1; shift
  "$ARENA" play rezzo "$@" --display none --replay "$out" --json >"$out.json" 2>"$out.err"
}

t_step "rezzo_trace_check_public_files" sh -c '
  for f in '"$V"'/trace_*.jsonl; do "$0" trace-check rezzo "$f" || exit 1; done' "$ARENA"

t_step "rezzo_trace_check_exit_codes" sh -c '
  sed "12s/\"records\": \[\"0a/\"records\": [\"0b/" '"$V"'/trace_s14_48x48_p4_random.jsonl > '"$T_TMP"'/bad.jsonl
  "$0" trace-check rezzo '"$T_TMP"'/bad.jsonl > '"$T_TMP"'/bad.out; rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc, expected 1"; exit 1; }
  grep -q "game 0 (line 1[23]), tick 1[01]:" '"$T_TMP"'/bad.out || { cat '"$T_TMP"'/bad.out; exit 1; }
  "$0" trace-check rezzo /nonexistent.jsonl >/dev/null; [ $? -eq 2 ]' "$ARENA"

# The start-state vectors (start_states.json and its map files) through trace-check: the file as
# published passes; each kind of change is named with its vector and step (exit 1); a file or map
# that cannot be read exits 2.
start_states() {
  "$ARENA" trace-check rezzo "$V/start_states.json" >"$T_TMP/ss.out" || { cat "$T_TMP/ss.out"; return 1; }
  expect_contains "$T_TMP/ss.out" "OK (2 start states" || return 1
  mkdir -p "$T_TMP/ss" && cp "$V"/map_*.txt "$T_TMP/ss/"
  # the tampered files NAME.json, each the vectors edited by its PYTHON (as v), in one python run
  # (five took 4 s of the step under load: the interpreter's start-up)
  python3 -c 'import json,sys
for name, code in zip(sys.argv[3::2], sys.argv[4::2]):
    v = json.load(open(sys.argv[1])); exec(code); json.dump(v, open(sys.argv[2] + "/" + name + ".json", "w"))' \
    "$V/start_states.json" "$T_TMP/ss" \
    agent 'v["vectors"][1]["agents"][1]["x"] = 12' \
    count 'v["vectors"][0]["counts"]["conductor"] += 1' \
    owner 'v["vectors"][0]["owner_hash_step0"] = "0"*16' \
    hash 'v["vectors"][1]["type_hash"]["200"] = "f"*16' \
    map 'pass' || return 1
  tamper() { # tamper NAME WANT: NAME.json is refused (exit 1) with the message WANT
    "$ARENA" trace-check rezzo "$T_TMP/ss/$1.json" >"$T_TMP/ss/$1.out"; rc=$?
    expect_eq "$rc" 1 "exit status for $1" || { cat "$T_TMP/ss/$1.out"; return 1; }
    expect_contains "$T_TMP/ss/$1.out" "$2"
  }
  tamper agent "vector 1, start: agent 2: file (12, 61) facing N, Arena (13, 61) facing N" || return 1
  tamper count "vector 0, start: counts.conductor: file 12619, Arena 12618" || return 1
  tamper owner "vector 0, start: owner_hash_step0: file 0000000000000000" || return 1
  tamper hash "vector 1, after 200 idle steps: type_hash: file ffffffffffffffff, Arena 8f50bcc5ee276c9b" || return 1
  sed '3s/^\(.\{5\}\)./\1#/' "$V/map_seed1_64x64_2agents.txt" >"$T_TMP/ss/map_seed1_64x64_2agents.txt"
  tamper map "vector 1, start: map map_seed1_64x64_2agents.txt cell (5, 2): file '#'" || return 1
  # cannot be read: no file, not JSON, a map file that is missing
  "$ARENA" trace-check rezzo "$T_TMP/ss/none.json" >/dev/null; expect_eq "$?" 2 "exit status, no file" || return 1
  echo '{"vectors": [' >"$T_TMP/ss/cut.json"
  "$ARENA" trace-check rezzo "$T_TMP/ss/cut.json" >/dev/null; expect_eq "$?" 2 "exit status, cut file" || return 1
  mkdir -p "$T_TMP/ss2" && cp "$V/start_states.json" "$T_TMP/ss2/"
  "$ARENA" trace-check rezzo "$T_TMP/ss2/start_states.json" >"$T_TMP/ss2/out"; rc=$?
  expect_eq "$rc" 2 "exit status, missing map" && expect_contains "$T_TMP/ss2/out" "cannot read the map file"
}
t_step "rezzo_trace_check_start_states_good_tampered_unreadable" start_states

o8() {
  play "$T_TMP/o8p.jsonl" "$BOTS/wander_compat" "$BOTS/wander_compat" --seed 12345 --quick \
    --option tick_ms=1000 --option max_ticks=1000 || return 1
  play "$T_TMP/o8b.jsonl" builtin:wander builtin:wander --seed 12345 --quick \
    --option tick_ms=1000 --option max_ticks=1000 || return 1
  python3 - "$T_TMP/o8p.jsonl" "$T_TMP/o8b.jsonl" "$V/trace_s12345_320x320_p2_wander.jsonl" <<'EOF'
import json, sys
p = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
assert len(p) == len(b) == 1002, (len(p), len(b))
assert p[0]["frame"] == b[0]["frame"]
for x, y in zip(p[1:-1], b[1:-1]):
    assert x["events"] == y["events"], x["turn"]
    assert x["frame"] == y["frame"], x["turn"]
    assert [s["action"] for s in x["seats"]] == [s["action"] for s in y["seats"]], x["turn"]
assert p[-1]["ranks"] == b[-1]["ranks"]
# The first 1000 ticks of the original's trace: the same records and state hashes.
trace = [json.loads(l) for l in open(sys.argv[3])]
hashes = 0
for x, t in zip(p[1:-1], trace[1:-1]):
    assert x["events"]["t"] == t["t"]
    for s, seat in enumerate(t["seats"]):
        assert len(seat["records"]) == 1
        assert x["events"]["acts"][s] == int(seat["records"][0][2:], 16), t["t"]
        assert x["events"]["acks"][s] is not None
    if "state_hash" in x["events"]:
        assert x["events"]["state_hash"] == t["state_hash"], t["t"]
        hashes += 1
assert hashes == 10, hashes
assert p[-2]["frame"]["type_hash"] == trace[-1]["final_type_hash"]
print("1000 ticks equal; %d state hashes checked against the trace" % hashes)
EOF
}
# Rezzo O8: The acceptance test builds tests/bots/rezzo/wander_compat.c, a bot written in the original
# sample bot's exact style with only those names
t_step "rezzo_O8_original_style_wander_equals_builtin_and_trace" o8

# Quick mode ends a tick as soon as every seat has answered, so generous tick and start limits cost
# nothing on a quiet machine and keep a program that is slow to be scheduled (a loaded machine) from
# missing a tick, which would make the two games differ for a reason that is not the bot's.
slack="--option tick_ms=2000 --option start_ms=10000"
kit_wander() {
  play "$T_TMP/kit.jsonl" "$KITS/rezzo/wander" "$KITS/rezzo/wander" --seed 12345 --quick $slack \
    --option max_ticks=300 || return 1
  play "$T_TMP/kitb.jsonl" builtin:wander builtin:wander --seed 12345 --quick $slack --option max_ticks=300 || return 1
  [ "$(grep -o '"events".*' "$T_TMP/kit.jsonl" | md5sum)" = "$(grep -o '"events".*' "$T_TMP/kitb.jsonl" | md5sum)" ] || return 1
  # The attacker as a program plays exactly as the built-in (the same function behind both).
  play "$T_TMP/kita.jsonl" "$KITS/rezzo/attacker" builtin:wander --seed 6 --option size=96x96 --quick $slack || return 1
  play "$T_TMP/kitc.jsonl" builtin:attacker builtin:wander --seed 6 --option size=96x96 --quick $slack || return 1
  [ "$(grep -o '"events".*' "$T_TMP/kita.jsonl" | md5sum)" = "$(grep -o '"events".*' "$T_TMP/kitc.jsonl" | md5sum)" ]
}
t_step "rezzo_kit_bots_equal_builtins" kit_wander

# bot_case NAME BOT EXPECTED_AWK: plays BOT against wander on a small world and checks seat 0's
# ticks with an awk program over "t act ack verdict cause elim".
small="--seed 1 --option size=64x64 --option max_ticks=12 --option tick_ms=50 --option start_ms=500 --quick"
# Bots that write more than one record per tick play in real time: in quick mode the tick may end
# after the first record, and the second then counts (as stale) in the next tick.
realtime="--seed 1 --option size=64x64 --option max_ticks=12 --option tick_ms=50 --option start_ms=500"
# Cases whose checks need the bot's record of every tick to arrive within it: a loaded machine may
# not run a bot within 50 ms, so these get ticks of 2 s, which quick mode ends as soon as the bot
# answers (a case whose bot never answers in time, e.g. stale, keeps the short ticks: nothing it
# checks depends on when the bot runs). Real-time cases get 250 ms ticks (12 of them: 3 s).
answers="${small%tick_ms=50*}tick_ms=2000 --option start_ms=10000 --quick"
realtime_slack="${realtime%tick_ms=50*}tick_ms=250 --option start_ms=500"
bot_case() {
  name=$1 bot=$2 prog=$3 opts=${4:-$small}
  play "$T_TMP/$name.jsonl" "$bot" builtin:wander $opts || { cat "$T_TMP/$name.jsonl.err"; return 1; }
  "$ARENA" verify "$T_TMP/$name.jsonl" || return 1
  replay_seat "$T_TMP/$name.jsonl" 0 > "$T_TMP/$name.txt"
  awk "$prog" "$T_TMP/$name.txt" || { cat "$T_TMP/$name.txt"; return 1; }
}
# Rezzo P7: The ack in the message of tick t+1 (0 in tick 0), computed when the action is applied in seat
# order:
t_step "rezzo_P7_nop_acks_ok" bot_case nop "$BOTS/nop" \
  '$2!=32 || $3!=0 || $4!="ok" {bad=1} END{exit bad || NR!=12}' "$answers"
# Rezzo P6: any later record with the current ts: the ack becomes MULTIPLE_MESSAGES, the first action
# still stands.
t_step "rezzo_P7_double_multiple_first_applied" bot_case double "$BOTS/double" \
  '$2!=46 || $3!=4 || $4!="invalid" || $5!="multiple" {bad=1} END{exit bad || NR!=12}' "$realtime_slack"
# Rezzo T3: Unknown byte (INVALID_MESSAGE) and several records (MULTIPLE_MESSAGES) are recorded as the
# verdict invalid (causes malformed and multiple) with the raw records (at most 8 a tick), and never
# eliminate a seat.
t_step "rezzo_T3_badbyte_invalid_message" bot_case badbyte "$BOTS/badbyte" \
  '$2!=120 || $3!=3 || $4!="invalid" || $5!="malformed" {bad=1} END{exit bad || NR!=12}' "$answers"
# Rezzo P6: ts ≠ t mod 256: dropped silently (late answers, future ticks)
t_step "rezzo_P6_stale_dropped" bot_case stale "$BOTS/stale" \
  '$2!="None" || $3!=1 || $4!="ok" {bad=1} END{exit bad || NR!=12}'
# Rezzo P6: ts ≠ t mod 256: dropped silently (late answers, future ticks)
t_step "rezzo_P6_future_dropped" bot_case future "$BOTS/future" \
  '$2!="None" || $3!=1 || $4!="ok" {bad=1} END{exit bad || NR!=12}'
# The odd byte's case: from tick 5 on its bot never answers again, so each of those 7 ticks runs out
# its window: with the answers' 2 s ticks the case took 15 s. Ticks of 500 ms (3.5 s) still give
# ticks 0-4, whose records must arrive within them, ten times the 50 ms a loaded machine missed
# (twice the real-time cases').
odd_slack="${small%tick_ms=50*}tick_ms=500 --option start_ms=10000 --quick"
# Rezzo P4: an odd byte stays pending and pairs with the next one, so it misaligns the stream for good.
t_step "rezzo_P4_odd_byte_misaligns_for_good" bot_case odd "$BOTS/odd" \
  '$1<5 && $3==1 {bad=1} $1>=5 && $3!=1 {bad=1} END{exit bad || NR!=12}' "$odd_slack"
# Rezzo D6: A seat whose process fails (exit, signal, a write failing with EPIPE, a fatal pipe error) is
# eliminated after the step of the tick in which the referee noticed it
t_step "rezzo_D6_exit_eliminated_next_tick" bot_case exit "$BOTS/exit@5" \
  '$1<5 && $6!="-" {bad=1} $1==5 && ($4!="crash" || $5!="exit" || $6!="1:exit") {bad=1} END{exit bad || NR!=6}' "$answers"
# Rezzo D6: A seat whose process fails (exit, signal, a write failing with EPIPE, a fatal pipe error) is
# eliminated
t_step "rezzo_D6_segv_cause_signal" bot_case segv "$BOTS/segv@5" \
  '$1==5 && ($4!="crash" || $5!="signal" || $6!="1:signal") {bad=1} END{exit bad || NR!=6}' "$answers"
# Rezzo D6: A seat whose process fails (exit, signal, a write failing with EPIPE, a fatal pipe error) is
# eliminated
t_step "rezzo_D6_closein_cause_pipe" bot_case closein "$BOTS/closein@5" \
  '$1==5 && $3!=1 {bad=1} $1==6 && ($4!="crash" || $6!="1:pipe") {bad=1} END{exit bad || NR!=7}' "$answers"
# Rezzo D6: EOF on its stdout alone is not a failure.
t_step "rezzo_D6_closeout_not_eliminated" bot_case closeout "$BOTS/closeout@5" \
  '$1>=5 && ($3!=1 || $4!="ok") {bad=1} $6!="-" {bad=1} END{exit bad || NR!=12}'
# Rezzo T5: A bot that never reads stays alive
t_step "rezzo_T5_idle_stays_alive" bot_case idle "$BOTS/idle" \
  '$3!=1 || $4!="ok" || $6!="-" {bad=1} END{exit bad || NR!=12}'
# Ticks of 250 ms here: the flooding bot writes a megabyte a tick, which a loaded machine may not
# schedule within 50 ms.
flood_ticks="${realtime%tick_ms=50*}tick_ms=250 --option start_ms=500"

# Rezzo P6: Each record read while the current tick is t is classified:
t_step "rezzo_P6_flood_classified_referee_responsive" bot_case flood "$BOTS/flood" \
  '$2!=46 || $3!=4 || $5!="multiple" {bad=1} END{exit bad || NR!=12}' "$flood_ticks"

missing() {
  # a program that is not there is refused before the game (docs/referee.md "Seats"), and so is one
  # whose #! interpreter is missing; one whose interpreter's interpreter is missing passes that
  # check and then fails to start (outside the sandbox, where the exec failure is the referee's to see)
  printf '#!/no/such/interpreter\n' >"$T_TMP/mid-interpreter"; chmod 755 "$T_TMP/mid-interpreter"
  printf '#!%s\n' "$T_TMP/mid-interpreter" >"$T_TMP/no-interpreter"; chmod 755 "$T_TMP/no-interpreter"
  play "$T_TMP/missing.jsonl" "$T_TMP/no-interpreter" builtin:wander builtin:wander $small --sandbox off || return 1
  "$ARENA" verify "$T_TMP/missing.jsonl" || return 1
  python3 - "$T_TMP/missing.jsonl" <<'EOF'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
assert r[0]["absent"] == [0], r[0].get("absent")
a = r[0]["frame"]["agents"][0]
assert a["alive"] is False and a["eliminated_at"] == 0 and a["cause"] == "start", a
assert r[-1]["ranks"] == [3, 1, 1], r[-1]["ranks"]
assert r[-1]["verdicts"][0]["crash"] == 1
EOF
}
# Rezzo D7: A seat that cannot be started is still placed, then removed at tick 0 before any message
t_step "rezzo_D7_missing_program_eliminated_at_tick_0" missing

slow() {
  play "$T_TMP/slow.jsonl" "$BOTS/testbot slow 100" builtin:wander --seed 1 --option size=64x64 \
    --option max_ticks=8 --option tick_ms=40 --option start_ms=40 || return 1
  replay_seat "$T_TMP/slow.jsonl" 0 > "$T_TMP/slow.txt"
  # Every answer arrives after its tick's window: none is ever accepted (stale when read).
  awk '$3!=1 || $2!="None" {bad=1} END{exit bad || NR!=8}' "$T_TMP/slow.txt" || { cat "$T_TMP/slow.txt"; return 1; }
}
# Rezzo T2: A late record arrives in a later tick with a stale ts and is dropped.
t_step "rezzo_T2_slow_replies_dropped_as_stale" slow

elapsed_ms() { # elapsed_ms COMMAND...: runs it, prints wall milliseconds
  s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e - s) / 1000000 ))
}

quick_dead() {
  # A dead seat is not waited for (Rezzo D8): after exit@2 the other two answer at once. Waiting for it
  # would cost 27 windows of 3 s.
  ms=$(elapsed_ms "$ARENA" play rezzo "$BOTS/exit@2" "$BOTS/nop" "$BOTS/nop" --seed 3 --option size=64x64 \
       --option max_ticks=30 --option tick_ms=3000 --option start_ms=3000 --quick --display none)
  echo "$ms ms"; [ "$ms" -lt 16000 ]
}
# Rezzo D8: eliminated and failed seats are never waited for.
t_step "rezzo_D8_quick_does_not_wait_for_dead_seat" quick_dead

quick_idle() {
  # idle never answers: quick mode waits for it until each deadline (10 windows of 100 ms).
  ms=$(elapsed_ms "$ARENA" play rezzo "$BOTS/idle" "$BOTS/nop" --seed 3 --option size=64x64 \
       --option max_ticks=10 --option tick_ms=100 --option start_ms=100 --quick --display none)
  echo "$ms ms"; [ "$ms" -ge 1000 ] && [ "$ms" -lt 5000 ]
}
# Rezzo D8: In quick mode a tick ends once every alive seat has sent a record with the current ts
t_step "rezzo_D8_quick_waits_for_idle_until_deadline" quick_idle

pacing() {
  # Real time: 100 ticks at tick_ms=20 never take less than 2.0 s (every window is waited for in
  # full); the upper bound is the contract's 5x margin, not a speed gate.
  ms=$(elapsed_ms "$ARENA" play rezzo "$BOTS/nop" "$BOTS/nop" --seed 3 --option size=64x64 \
       --option max_ticks=100 --option tick_ms=20 --option start_ms=20 --display none)
  echo "$ms ms"; [ "$ms" -ge 2000 ] && [ "$ms" -lt 10000 ]
}
# Rezzo D9: Each tick's deadline is tick_ms after the referee has finished writing that tick's messages
t_step "rezzo_D9_realtime_pacing" pacing

no_survivors() {
  mkdir -p "$T_TMP/err"
  # The bot reports its child's pid as the host sees it: no pid namespace for this test (the
  # sandbox's own suite checks that nothing survives inside one).
  play "$T_TMP/fork.jsonl" "$BOTS/fork" "$BOTS/idle" --seed 3 --option size=64x64 --option max_ticks=5 \
    --option tick_ms=20 --option start_ms=200 --quick --stderr-dir "$T_TMP/err" --sandbox-without pid || return 1
  child=$(sed -n 's/^child //p' "$T_TMP/err/seat0.stderr")
  [ -n "$child" ] || { echo "no child pid"; return 1; }
  # A zombie is dead (killed, waiting for a reaper that this machine's init may never be).
  state=$(sed 's/^.*) //' "/proc/$child/stat" 2>/dev/null | cut -d' ' -f1)
  if [ -n "$state" ] && [ "$state" != Z ]; then echo "process $child survived the match ($state)"; return 1; fi
}
# Rezzo D18: There is no end message: stdin is closed, the referee waits at most 200 ms, then kills the
# process group; eliminated seats are killed at once.
t_step "rezzo_D18_no_process_survives_the_match" no_survivors

verify_tamper() {
  play "$T_TMP/v.jsonl" builtin:wander builtin:attacker --seed 5 --option size=64x64 --option max_ticks=60 --quick || return 1
  "$ARENA" verify "$T_TMP/v.jsonl" || return 1
  # Change seat 0's action in the record of tick 20 (build -> turn left).
  awk 'NR==22 { sub(/"seat":0,"verdict":"ok","action":[0-9]+/, "\"seat\":0,\"verdict\":\"ok\",\"action\":92") } {print}' \
    "$T_TMP/v.jsonl" > "$T_TMP/v2.jsonl"
  cmp -s "$T_TMP/v.jsonl" "$T_TMP/v2.jsonl" && { echo "nothing changed"; return 1; }
  if "$ARENA" verify "$T_TMP/v2.jsonl" 2>"$T_TMP/v2.err"; then echo "tampered replay accepted"; return 1; fi
  grep -q "turn 20" "$T_TMP/v2.err" || { cat "$T_TMP/v2.err"; return 1; }
}
t_step "rezzo_verify_rejects_an_altered_action" verify_tamper

frames() {
  play "$T_TMP/f1.jsonl" builtin:wander builtin:attacker --seed 7 --option size=64x48 --option max_ticks=30 --quick \
    --frames "$T_TMP/frames" --zoom 3 || return 1
  play "$T_TMP/f2.jsonl" builtin:wander builtin:attacker --seed 7 --option size=64x48 --option max_ticks=30 --quick || return 1
  # The frames change nothing in the game: the replays are equal but for the timing notes.
  [ "$(sed 's/"ms":[0-9.]*,//g' "$T_TMP/f1.jsonl" | md5sum)" = "$(sed 's/"ms":[0-9.]*,//g' "$T_TMP/f2.jsonl" | md5sum)" ] || return 1
  n=$(ls "$T_TMP/frames" | wc -l)
  [ "$n" -eq 31 ] || { echo "$n frames, expected 31 (S_0..S_30)"; return 1; }
  [ -f "$T_TMP/frames/00000001.png" ] && [ -f "$T_TMP/frames/00000031.png" ] || return 1
  # 64x48 cells at zoom 3, 8-bit RGB (colour type 2), not interlaced: the PNG header says so.
  head -c 29 "$T_TMP/frames/00000031.png" | od -An -tx1 | tr -d ' \n' | grep -q "000000c0000000900802000000" || return 1
}
t_step "rezzo_frames_one_png_per_state_and_replay_unchanged" frames

replay_frames() {
  # The same frames from the replay, by re-simulation (PNG bytes equal: same writer).
  "$ARENA" replay "$T_TMP/f1.jsonl" --frames "$T_TMP/frames2" --zoom 3 || return 1
  for f in "$T_TMP"/frames/*.png; do cmp -s "$f" "$T_TMP/frames2/$(basename "$f")" || { echo "$f differs"; return 1; }; done
  [ "$(ls "$T_TMP/frames2" | wc -l)" -eq 31 ]
}
t_step "rezzo_replay_frames_equal_live_frames" replay_frames

playback() {
  # Replay playback draws the world through the game's draw (printed, no terminal needed).
  "$ARENA" replay "$T_TMP/f1.jsonl" --dump 30 > "$T_TMP/pb.txt" || return 1
  expect_contains "$T_TMP/pb.txt" "tick 30/30" && expect_contains "$T_TMP/pb.txt" "attacker"
}
t_step "rezzo_replay_playback_draws" playback

t_done
