# test_rt_referee.sh: the referee with Rising Tide process bots: the transcript (Rising Tide P5.5) byte for
# byte, late/unasked/malformed/illegal lines, comments and identification, crashes, hard limits,
# floods; every game's replay verifies. Timings use wide margins (on-time bots answer in ~1 ms
# against a 300 ms limit; late bots sleep 1.5 s).
. tests/e2e/lib.sh
BOT="python3 tests/bots/rising_tide/misbehave.py"
P=builtin:pass_perth
CLOCK="--move-ms 300 --hard-ms 4000 --startup-ms 5000"

# play MODE ROUND ROUNDS [extra args]: seat 1 is the misbehaving bot; writes $T_TMP/j, log, replay
play() {
  mode=$1 at=$2 rounds=$3; shift 3
  "$ARENA" play rising_tide $P "$BOT $mode $at" $P $P --seed 7 --display none --json \
    --option rounds=$rounds --log "$T_TMP/log" --replay "$T_TMP/r.jsonl" $CLOCK "$@" >"$T_TMP/j"
}
verdicts() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); v=d["verdicts"][1]; print(v["late"],v["down"],v["invalid"],v["crash"])' "$T_TMP/j"; }
field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$T_TMP/j" "$1"; }

# Rising Tide P5.5: Seat 1 is a process bot "Wall Demo"; seats 0, 2 and 3 are builtin:pass_perth. The bot
# raises two cells next to its city in rounds 0 and 1, then passes.
transcript() {
  rec="$T_TMP/seat1.txt"
  # the bot records what it receives in $T_TMP, outside its sandbox: allow that folder
  "$ARENA" play rising_tide $P "python3 tests/bots/rising_tide/wall_demo.py $rec" $P $P --seed 1 \
    --display none --log "$T_TMP/log" $CLOCK --sandbox-write "$T_TMP" >/dev/null || return 1
  python3 - "$rec" "$T_TMP/log" <<'PY' || return 1
import sys
rec = open(sys.argv[1]).read()
first = """rising_tide 1
seat 1
rotation 1
rounds 800
rules written
round 0
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1
1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1
1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1
1 2 3 4 5 5 5 5 5 5 5 5 5 5 4 3 2 1
1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1
""" + "1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n" * 6 + """1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1
1 2 3 4 5 5 5 5 5 5 5 5 5 5 4 3 2 1
1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1
1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1
1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
go
"""
round1 = """round 1
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1
1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1
1 2 3 4 3 4 4 4 4 4 4 4 4 4 4 3 2 1
1 2 3 4 6 5 5 5 5 5 5 5 5 5 4 3 2 1
1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1
""" + "1 2 3 4 5 6 6 6 6 6 6 6 6 5 4 3 2 1\n" * 6 + """1 2 3 4 5 0 6 6 6 6 6 6 0 5 4 3 2 1
1 2 3 4 5 5 5 5 5 5 5 5 5 5 4 3 2 1
1 2 3 4 4 4 4 4 4 4 4 4 4 4 4 3 2 1
1 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 2 1
1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
go
"""
w = "-1 " * 17 + "-1\n"
last = "round 502\n" + w * 4 + "-1 -1 -1 -1 6 6 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n" + \
    "-1 -1 -1 -1 -1 0 6 6 6 6 6 6 0 -1 -1 -1 -1 -1\n" + \
    "-1 -1 -1 -1 -1 6 6 6 6 6 6 6 6 -1 -1 -1 -1 -1\n" * 6 + \
    "-1 -1 -1 -1 -1 0 6 6 6 6 6 6 0 -1 -1 -1 -1 -1\n" + w * 5 + "go\n"
assert rec.startswith(first + round1), "first two messages differ"
assert (last + "end 502 502 502 502\n") in rec, "round 502 or end message differs"
assert rec.endswith("end 502 502 502 502\n"), "something after end"
log = open(sys.argv[2]).read()
want = """[R0]
[GAME START]
BOTS: Pass Perth, Wall Demo, Pass Perth, Pass Perth
[R1]
Wall Demo has printed: 
raising the wall
[R502]
Pass Perth ELIMINATED
Wall Demo ELIMINATED
Pass Perth ELIMINATED
Pass Perth ELIMINATED
[GAME OVER]
SCORES: 
Pass Perth: 502
Wall Demo: 502
Pass Perth: 502
Pass Perth: 502
"""
assert log == want, "log differs:\n" + log
PY
}
t_step "Rising Tide P5.5 transcript: bytes to seat 1 and the log, exactly" transcript

# Rising Tide P5.2: An answer to a question whose soft limit has passed is late: logged and thrown away
# (that round was played with a pass).
late() {
  # Sleeping 1.5 s in round 2 with a 300 ms limit: round 2 (and the rounds asked while it
  # sleeps) are late; its late lines are logged when they arrive; it is back in step by the end.
  play late 2 24 || return 1
  set -- $(verdicts)
  [ "$1" -ge 1 ] && [ "$2" -eq 0 ] && [ "$3" -eq 0 ] && [ "$4" -eq 0 ] || { echo "verdicts $*"; return 1; }
  python3 - "$T_TMP/log" "$T_TMP/r.jsonl" <<'PY'
import json, re, sys
log = open(sys.argv[1]).read()
m = re.search(r"python3 is taking too long\.\nYour bot will forfeit its turn\. \ntime: ([0-9.]+) ms\nmove: pass\nround: 2\n", log)
assert m, log
assert float(m.group(1)) >= 300, m.group(1)
turns = [json.loads(l) for l in open(sys.argv[2]) if '"type":"turn"' in l]
v = {t["turn"]: [s for s in t["seats"] if s["seat"] == 1][0]["verdict"] for t in turns}
assert v[2] == "late" and v[1] == "ok" and v[23] == "ok", v
PY
  "$ARENA" verify "$T_TMP/r.jsonl"
}
t_step "Rising Tide P5.2 late reply: pass this round, logged when it arrives, stays in step" late

# Rising Tide P5.2: A bot that answers every go stays in step even after being late; one that skips an
# answer stays one behind (every later answer is late).
skip() {
  play skip 2 6 || return 1
  # The bot answers nothing in round 2, then each answer belongs to the previous round: late.
  expect_eq "$(verdicts)" "4 0 0 0" || return 1
  expect_eq "$(grep -c 'is taking too long' "$T_TMP/log")" 4 || return 1
  expect_contains "$T_TMP/log" "time: more than" || return 1
  expect_contains "$T_TMP/log" "move: None"
}
t_step "Rising Tide P5.2 a bot that skips an answer stays one behind; open question at the end is logged" skip

# Rising Tide P5.2: Also allowed at any time: comment lines starting with # (logged), #log: text (written
# to the log as it stands), empty lines (ignored)
comments() {
  play comment 1 4 || return 1
  expect_eq "$(verdicts)" "0 0 0 0" || return 1
  python3 - "$T_TMP/log" <<'PY'
import sys
log = open(sys.argv[1]).read()
assert "[R1]\npython3 has printed: \nhello from the bot\na raw log line\n" in log, log
PY
}
t_step "Rising Tide P5.2/P7 comments and #log: lines are logged, empty lines ignored" comments

# Rising Tide P5.2: before the first action one identification line #name: CODE NAME (2-character code,
# name of at most 40 characters) that names the seat unless the command line did.
ident() {
  play ident 1 3 || return 1
  expect_eq "$(field 'd["names"][1]')" "Xylophone Bot" || return 1
  expect_contains "$T_TMP/log" "BOTS: Pass Perth, Xylophone Bot, Pass Perth, Pass Perth" || return 1
  expect_contains "$T_TMP/log" "Xylophone Bot has printed: " || return 1
  expect_contains "$T_TMP/log" "name: ZZ Too Late" || return 1
  grep -q '"name":"Xylophone Bot","code":"XY"' "$T_TMP/r.jsonl" || { echo "replay header lacks the name"; return 1; }
  # A name given on the command line wins over the identification line.
  "$ARENA" play rising_tide $P "zed=$BOT ident 1" $P $P --seed 7 --display none --json --option rounds=2 $CLOCK >"$T_TMP/j" || return 1
  expect_eq "$(field 'd["names"][1]')" "zed"
}
t_step "Rising Tide P5.2 identification line before the first action; later ones are comments; CLI name wins" ident

# Rising Tide P5.6: A malformed action line answers the oldest open question as a pass and is logged as a
# non-parseable move
malformed() {
  play malformed 1 3 || return 1
  expect_eq "$(verdicts)" "0 0 1 0" || return 1
  expect_contains "$T_TMP/log" "python3 has made a non-parseable move. " || return 1
  expect_contains "$T_TMP/log" "move: 3,4,4,4" || return 1
  "$ARENA" verify "$T_TMP/r.jsonl"
}
t_step "Rising Tide P5.6 malformed line: a pass and a non-parseable entry" malformed

# Rising Tide D1: Adjacency is enforced by default (the written rules); the original engine never checked
# it ("an intentional security flaw"). --option rules=original reproduces the engine exactly.
illegal() {
  play illegal 1 3 || return 1
  expect_eq "$(verdicts)" "0 0 1 0" || return 1
  expect_contains "$T_TMP/log" "python3 has made an illegal move. " || return 1
  grep -q '"verdict":"invalid","cause":"illegal","action":\[0,0,9,9\]' "$T_TMP/r.jsonl" || return 1
  "$ARENA" verify "$T_TMP/r.jsonl" || return 1
  play illegal 1 3 --option rules=original || return 1
  expect_eq "$(verdicts)" "0 0 0 0"
}
t_step "Rising Tide D1 non-adjacent move: illegal under written, legal under original" illegal

# Rising Tide P5.2: A line with no open question is unasked: logged and thrown away.
twice() {
  play twice 1 4 || return 1
  expect_eq "$(verdicts)" "0 0 0 0" || return 1
  expect_contains "$T_TMP/log" "python3 sent a move nobody asked for. "
}
t_step "Rising Tide P5.2 an extra action line is unasked: logged and thrown away" twice

huge() {
  play huge 1 4 || return 1
  expect_eq "$(verdicts)" "0 0 1 0" || return 1
  grep -q '"cause":"toolong"' "$T_TMP/r.jsonl"
}
t_step "contract: a line over 64 KiB is invalid, the rest discarded, the bot stays in step" huge

flood() {
  # 19 MiB from a Python bot takes a while on a loaded machine: a soft limit of 300 ms would end
  # the turn (late) before 16 MiB arrived, so this test gives the turn 10 times as long
  play flood 1 4 --move-ms 3000 || return 1
  expect_eq "$(verdicts)" "0 1 0 0" || return 1
  grep -q '"cause":"flood"' "$T_TMP/r.jsonl"
}
t_step "contract: more than 16 MiB in one turn puts the seat down" flood

garbage() {
  play garbage 1 3 || return 1
  expect_eq "$(verdicts)" "0 0 1 0" || return 1
  "$ARENA" verify "$T_TMP/r.jsonl"
}
t_step "binary garbage is a malformed line; replay stays valid JSON" garbage

# Rising Tide P7: an exit, a signal or closed output (a crash) puts the seat down the same way
crash_exit() {
  play exit 2 6 || return 1
  expect_eq "$(verdicts)" "0 0 0 1" || return 1
  expect_contains "$T_TMP/log" "python3 has stopped (exit status 3)." || return 1
  expect_contains "$T_TMP/log" "Its seat is down: all its later moves are passes. " || return 1
  "$ARENA" verify "$T_TMP/r.jsonl"
}
t_step "Rising Tide P7 crash: exit status, seat down, game goes on" crash_exit

# Rising Tide P7: an exit, a signal or closed output (a crash) puts the seat down the same way
crash_signal() {
  play signal 1 4 || return 1
  expect_eq "$(verdicts)" "0 0 0 1" || return 1
  expect_contains "$T_TMP/log" "(killed by signal 9, SIGKILL)."
}
t_step "Rising Tide P7 crash: killed by a signal" crash_signal

# Rising Tide P7: an exit, a signal or closed output (a crash) puts the seat down the same way
crash_close() {
  play close 1 4 || return 1
  expect_eq "$(verdicts)" "0 0 0 1" || return 1
  expect_contains "$T_TMP/log" "(closed its output)."
}
t_step "Rising Tide P7 crash: closed its output while still running" crash_close

partial() {
  play partial 2 5 || return 1
  # "pass" without a newline then EOF: read as the answer, then the seat is crash.
  expect_eq "$(verdicts)" "0 0 0 1" || return 1
  grep -q '"turn":2,"seats":.*{"seat":1,"verdict":"ok","action":"pass"' "$T_TMP/r.jsonl"
}
t_step "contract: a last line without newline then EOF is read, then crash" partial

# Rising Tide P7: a late move is a pass and the bot keeps playing; a question open for 5000 ms puts the
# seat down: its process group is killed, all its later moves are passes, and its city still counts
silent() {
  "$ARENA" play rising_tide $P "$BOT silent 0" $P $P --seed 7 --display none --json --option rounds=6 \
    --log "$T_TMP/log" --move-ms 100 --hard-ms 600 --startup-ms 200 >"$T_TMP/j" || return 1
  set -- $(verdicts)
  [ "$1" -ge 1 ] && [ "$2" -eq 1 ] && [ "$4" -eq 0 ] || { echo "verdicts $*"; return 1; }
  expect_contains "$T_TMP/log" "python3 has not answered for 600 ms." || return 1
  expect_contains "$T_TMP/log" "round: 0"
}
t_step "Rising Tide P7 hard limit: a silent bot is late, then down" silent

missing_cmd() {
  # a program that is not there is refused before the game (docs/referee.md "Seats")
  "$ARENA" play rising_tide $P "./no/such/bot" $P $P --seed 7 --display none --json 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "seat 1: './no/such/bot': no such file" || return 1
  # one that is there but cannot start (its interpreter's interpreter is missing: the check before
  # the game looks at the program's own #! line) crashes its seat
  printf '#!/no/such/interpreter\n' >"$T_TMP/midinterp"; chmod 755 "$T_TMP/midinterp"
  printf '#!%s\n' "$T_TMP/midinterp" >"$T_TMP/nointerp"; chmod 755 "$T_TMP/nointerp"
  "$ARENA" play rising_tide $P "$T_TMP/nointerp" $P $P --seed 7 --display none --json --option rounds=4 $CLOCK >"$T_TMP/j" || return 1
  expect_eq "$(verdicts)" "0 0 0 1" || return 1
  expect_eq "$(field 'd["scores"][1] > 0')" "True"
}
t_step "a command that cannot start crashes its seat, never the referee (a missing one is refused first)" missing_cmd

no_orphans() {
  # The seat starts a background child that would outlive the game; only this test's child
  # carries the marker (other test runs on the machine must not confuse the check).
  marker="arena-orphan-$$-$(date +%s%N)"
  "$ARENA" play rising_tide $P "sh -c 'python3 -c \"import time; time.sleep(300)\" $marker & exec python3 tests/bots/rising_tide/misbehave.py pass'" $P $P \
    --seed 1 --display none --option rounds=3 $CLOCK >/dev/null || return 1
  sleep 0.2
  if pgrep -f "$marker" >/dev/null; then ps -eo pid,pgid,args | grep "[a]rena-orphan"; return 1; fi
  return 0
}
t_step "end of game kills the seat's whole process group (no process left behind)" no_orphans

# Rising Tide D3: Exactly 4 seats: otherwise rising_tide needs exactly 4 seats, got N; fill the empty
# seats with builtin:pass_perth (fewer than 4) or ...got N; remove N-4 of them (more than 4) and exit
# status 2.
seats3() {
  "$ARENA" play rising_tide $P $P $P --display none 2>"$T_TMP/err"
  rc=$?
  expect_eq "$rc" 2 "exit status" || return 1
  expect_contains "$T_TMP/err" "rising_tide needs exactly 4 seats, got 3; fill the empty seats with builtin:pass_perth"
}
t_step "Rising Tide D3 three seats: the exact message and exit status 2" seats3

# (The champion's whole game at the real clock is in test_champions.sh, which runs alone: beside two
# other programs on two cores it once answered a move late.)

t_done
