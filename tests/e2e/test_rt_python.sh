# test_rt_python.sh: Rising Tide with python: seats, end to end (docs/python-sdk.md; clocks and failures as Rising Tide P7).
# Original-style bots from tests/bots/rising_tide run through the adapter under bin/arena play.
. tests/e2e/lib.sh
B=tests/bots/rising_tide
S=$B/sample_ais.py

# play NAME SEAT... [options]: plays a game with a JSON result, log and replay under $T_TMP/NAME.*
play() {
  name=$1; shift
  timeout 120 "$ARENA" play rising_tide "$@" --display none --json \
    --log "$T_TMP/$name.log" --replay "$T_TMP/$name.jsonl" >"$T_TMP/$name.json" 2>"$T_TMP/$name.err"
}

# verdict NAME SEAT KEY: one verdict count of the JSON result
verdict() {
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["verdicts"][int(sys.argv[2])][sys.argv[3]])' \
    "$T_TMP/$1.json" "$2" "$3"
}

# all_verdicts_zero NAME KEY...: every seat has 0 of each KEY
all_verdicts_zero() {
  name=$1; shift
  for key in "$@"; do
    for seat in 0 1 2 3; do expect_eq "$(verdict "$name" $seat "$key")" 0 "seat $seat $key" || return 1; done
  done
}

# expect_entry NAME LINE...: the log of game NAME holds these lines one after another
expect_entry() {
  name=$1; shift
  python3 - "$T_TMP/$name.log" "$@" <<'EOF' || { echo "--- $name.log:"; head -c 4000 "$T_TMP/$name.log"; return 1; }
import sys
lines = open(sys.argv[1]).read().split("\n")
want = sys.argv[2:]
for k in range(len(lines) - len(want) + 1):
    if lines[k:k + len(want)] == want:
        sys.exit(0)
print("log does not hold the lines: %r" % want)
sys.exit(1)
EOF
}

# expect_absent NAME TEXT: the log of game NAME does not contain TEXT
expect_absent() {
  if grep -qF -- "$2" "$T_TMP/$1.log"; then echo "$1.log contains: $2"; grep -F -- "$2" "$T_TMP/$1.log" | head -5; return 1; fi
}

sample_game_clean() { # NAME: the sample bots produced no malformed or illegal line and never crashed
  all_verdicts_zero "$1" invalid crash down &&
    expect_absent "$1" "non-parseable" && expect_absent "$1" "illegal move" &&
    expect_absent "$1" "has thrown an error" && expect_absent "$1" "has stopped"
}

t_step "play: four sample bots through the adapter (pass, random, nearby, trench)" \
  play samples_a python:$S:pass_perth python:$S:random_rizhao python:$S:nearby_new_orleans \
  python:$S:trench_tunis --seed 11
t_step "samples_a: no malformed or illegal line, no crash" sample_game_clean samples_a
t_step "samples_a: the seats carry the bots' names" \
  expect_entry samples_a "BOTS: Pass Perth, Random Rizhao, Nearby New Orleans, Trench Tunis"

t_step "play: the other sample bots (border, level, random x2)" \
  play samples_b python:$S:border_barcelona python:$S:level_los_angeles python:$S:random_rizhao \
  python:$S:random_rizhao --seed 12
t_step "samples_b: no malformed or illegal line, no crash" sample_game_clean samples_b
rizhao_never_illegal() {
  expect_eq "$(verdict samples_b 2 invalid)" 0 "seat 2 invalid" && expect_eq "$(verdict samples_b 3 invalid)" 0 "seat 3 invalid" &&
    expect_eq "$(verdict samples_a 1 invalid)" 0 "samples_a seat 1 invalid"
}
t_step "samples_a, samples_b: random_rizhao never sent an illegal move" rizhao_never_illegal

t_step "play: random_rizhao x4 under rules=original" \
  play samples_c python:$S:random_rizhao python:$S:random_rizhao python:$S:random_rizhao \
  python:$S:random_rizhao --seed 13 --option rules=original --option rounds=120
t_step "samples_c: no malformed or illegal line" sample_game_clean samples_c

t_step "play: bots that raise, return garbage, call input() and print" \
  play errors python:$B/raises_value_error.py python:$B/garbage.py python:$B/calls_input.py \
  python:$B/printer.py --seed 3 --option rounds=8
t_step "errors: the adapter answers pass, so no invalid or crash verdicts" all_verdicts_zero errors invalid crash down
t_step "errors: ValueError -> the 'thrown an error' entry with the traceback" \
  expect_entry errors "Raiser has thrown an error. " "Your bot will forfeit its turn. " \
  "Traceback (most recent call last):" \
  "  File \"$B/raises_value_error.py\", line 7, in my_bot_fn"
t_step "errors: the error entry ends with the exception" \
  expect_entry errors "ValueError: no plan for round 0"
t_step "errors: garbage -> the 'non-parseable' entry with the value" \
  expect_entry errors "Garbage has made a non-parseable move. " "move: '4 4 4 3'" \
  "ValueError: too many values to unpack (expected 2)"
t_step "errors: a float coordinate is non-parseable" \
  expect_entry errors "Garbage has made a non-parseable move. " "move: ((4.0, 4), (4, 3))"
t_step "errors: input() raises EOFError and eats no protocol line" \
  expect_entry errors "Input Asker has thrown an error. " "Your bot will forfeit its turn. "
t_step "errors: input() entry ends with EOFError" expect_entry errors "EOFError: EOF when reading a line"
t_step "errors: print at import time and in a round -> 'has printed'" \
  expect_entry errors "Printer has printed: " "printer loaded" "x" "round 0"
t_step "errors: a partial last line goes out at the end of the call" \
  expect_entry errors "two" "lines" "" "no newline"

t_step "play: tuples and lists, True/False coordinates, display.run_game at import" \
  play shapes python:$B/tuples_lists.py python:$B/bools.py python:$B/run_game_at_import.py \
  python:$S:random_rizhao --seed 4 --option rounds=60
t_step "shapes: every move accepted (no invalid verdict, nothing logged as bad)" sample_game_clean shapes
t_step "shapes: display.run_game leaves a comment" \
  expect_entry shapes "Eager Starter has printed: " "display.run_game ignored under Arena"
# seat_moves NAME SEAT: the lines seat SEAT sent, one per round, from the replay
seat_moves() {
  python3 -c 'import json, sys
for line in open(sys.argv[1]):
    rec = json.loads(line)
    for s in rec.get("seats", []) if rec.get("type") == "turn" else []:
        if s["seat"] == int(sys.argv[2]):
            print(s["verdict"], s.get("text", ""))' "$T_TMP/$1.jsonl" "$2"
}
bools_played() { # every answer of the bool bot was an accepted move with a 1 in it
  seat_moves shapes 1 >"$T_TMP/bools.txt" &&
    expect_eq "$(grep -c . "$T_TMP/bools.txt")" 60 "rounds answered" &&
    expect_eq "$(grep -cE '^ok ([0-9]+ )*1( [0-9]+)*$' "$T_TMP/bools.txt")" 60 "ok moves with a 1"
}
lists_played() { # every answer of the tuples/lists bot was an accepted move
  seat_moves shapes 0 >"$T_TMP/lists.txt" &&
    expect_eq "$(grep -cE '^ok [0-9]+ [0-9]+ [0-9]+ [0-9]+$' "$T_TMP/lists.txt")" 60 "ok moves"
}
t_step "shapes: the True/False coordinates were played as 1/0" bools_played
t_step "shapes: the tuple and list moves were played" lists_played

mkdir -p "$T_TMP/failures.d"
t_step "play: a sleeper, SystemExit, a failing import and sample_ais.py without a name" \
  play failures python:$B/sleeper.py python:$B/system_exit.py python:$B/import_fails.py python:$S \
  --seed 5 --option rounds=10 --stderr-dir "$T_TMP/failures.d"
sleeper_late() {
  [ "$(verdict failures 0 late)" -ge 1 ] || { echo "no late verdict"; return 1; }
  expect_eq "$(verdict failures 0 down)" 0 down && expect_eq "$(verdict failures 0 crash)" 0 crash
}
t_step "failures: the sleeper is late, not down" sleeper_late
t_step "failures: the log says the sleeper is taking too long" \
  expect_entry failures "Sleeper is taking too long." "Your bot will forfeit its turn. "
t_step "failures: SystemExit -> crash verdict" expect_eq "$(verdict failures 1 crash)" 1 crash
# The round of the crash entry is the round the bot ended in only when its exit is seen within that
# round's limit: a loaded machine may not run it within 100 ms (then it is late in round 3 and seen
# ended in round 4), so this check plays it alone with a limit no load reaches.
t_step "play: SystemExit in round 3 with a 10 s move limit" \
  play quitter python:$B/system_exit.py builtin:pass_perth builtin:pass_perth builtin:pass_perth \
  --seed 5 --option rounds=10 --move-ms 10000
t_step "failures: the log has the SystemExit crash in its round" \
  expect_entry quitter "Quitter has stopped (exit status 3)." "Its seat is down: all its later moves are passes. " "round: 3"
t_step "failures: a failing import -> traceback in the log, crash" \
  expect_entry failures "$B/import_fails.py could not be loaded; the seat stops." "Traceback (most recent call last):"
import_failed() {
  expect_entry failures "KeyError: 'width'" && expect_entry failures "import_fails has stopped (exit status 1)." &&
    expect_eq "$(verdict failures 2 crash)" 1 crash
}
t_step "failures: the import's exception, exit status 1, crash verdict" import_failed
# the adapter's log lines (comments) are kept with the seat's stderr: what arena serve shows a team
t_step "failures: --stderr-dir keeps the traceback (the seat's comment lines) with its stderr" \
  expect_contains "$T_TMP/failures.d/seat2.stderr" "#log: KeyError: 'width'"
t_step "failures: sample_ais.py alone is refused with the bot list" \
  expect_entry failures "no bot found in $S; Bot objects: pass_perth, random_rizhao, nearby_new_orleans, trench_tunis, border_barcelona, level_los_angeles"
refused_crashes() {
  expect_entry failures "sample_ais has stopped (exit status 1)." && expect_eq "$(verdict failures 3 crash)" 1 crash
}
t_step "failures: the refused seat crashes" refused_crashes

t_step "play: the Python starter bot (wire protocol) as a command seat" \
  play starter "python3 sdk/python/examples/rising_tide_starter.py" builtin:trench_tunis \
  builtin:trench_tunis builtin:trench_tunis --seed 6 --option rounds=200
starter_ok() {
  all_verdicts_zero starter invalid crash down &&
    expect_entry starter "BOTS: Python Starter, Trench Tunis, Trench Tunis, Trench Tunis" &&
    expect_entry starter "Python Starter has printed: " "starter bot in seat 0"
}
t_step "starter: named by its #name: line, print() logged, no bad verdicts" starter_ok

for g in samples_a samples_b samples_c errors shapes failures starter; do
  t_step "verify: the replay of $g" "$ARENA" verify "$T_TMP/$g.jsonl"
done

t_done
