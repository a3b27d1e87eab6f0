# test_splitter_tester.sh: `arena tester` as a drop-in for the original Splitter Tester
# (Splitter P5.1-P5.4, S6.1-S7, docs/games/splitter.md), driven like a user with scripted bots.
. tests/e2e/lib.sh
B=tests/bots/splitter/steps.sh
HW="--seed HelloWorld"

# Runs the tester; stdout to $T_TMP/out (without the Time taken line, which varies), stderr to
# $T_TMP/err, status to $T_TMP/rc.
tester() {
  timeout 60 "$ARENA" tester "$@" >"$T_TMP/raw" 2>"$T_TMP/err"
  echo $? >"$T_TMP/rc"
  grep -v '^Time taken [0-9]*S$' "$T_TMP/raw" >"$T_TMP/out" || true
}
rc() { cat "$T_TMP/rc"; }
same() { # same EXPECTED_TEXT: compares $T_TMP/out with the text byte for byte
  printf '%s' "$1" >"$T_TMP/want"
  if ! cmp -s "$T_TMP/want" "$T_TMP/out"; then diff "$T_TMP/want" "$T_TMP/out" | head -40; return 1; fi
}

# The transcript of Splitter P5.4: builtin:greedy, layout 1, --seed HelloWorld, game 0.
GAME0_BLOCK='2 2 5
2 2 2
Groups of 1 points 1
Groups of 2 points 0
Groups of 3 points 6
Groups of 4 points 4
Groups of 5 points 5
Star points 5
Groups of 6 points 0
0 0 3 3 2 4 0 0
0 5 2 3 6 3 5 0
2 2 2 1 4 2 6 5
6 6 6 2 3 3 4 5
4 4 4 4 3 5 5 5
0 6 2 2 2 4 4 0
0 0 6 2 4 6 0 0
'
SUMMARY3='Games played 3
Points gotten 71
Points per game (avg) 23.666666666666668
'

# Splitter P5.4: arena tester --seed HelloWorld --games 1 --command bin/kits/splitter/greedy (layout 1,
# game 0).
s5_4_transcript_not_silent() {
  tester $HW --games 3 --command builtin:greedy
  [ "$(rc)" = 0 ] || return 1
  expect_eq "$(head -2 "$T_TMP/out" | tr '\n' '|')" "6 0 3|3 2 0|" "first two bot lines"
  head -37 "$T_TMP/out" | tail -17 >"$T_TMP/g0"
  printf '%s\n' "$GAME0_BLOCK" >"$T_TMP/want"
  cmp -s "$T_TMP/want" "$T_TMP/g0" || { diff "$T_TMP/want" "$T_TMP/g0"; return 1; }
  expect_eq "$(tail -3 "$T_TMP/out")" "$(printf '%s' "$SUMMARY3")" "summary"
  grep -q '^Time taken [0-9]*S$' "$T_TMP/raw"
  # rolls are never echoed: 3 games x (22 lines + 7 score lines + 7 rows + 1 empty) + 3 summary
  expect_eq "$(wc -l <"$T_TMP/out")" 114 "line count"
}
t_step "Splitter P5.4 transcript of --seed HelloWorld, greedy, three games (not silent)" s5_4_transcript_not_silent

s5_4_silent() {
  tester $HW --games 3 --silent --command builtin:greedy
  same "$SUMMARY3"
}
t_step "Splitter P5.4 with --silent: only the summary lines" s5_4_silent

# Splitter S10.1: greedy with --seed HelloWorld scores 21, 27, 23 on layout 1 and 29, 31, 34 on layout 2
s10_greedy_layout2() {
  tester $HW --games 3 --silent --layout 2 --command builtin:greedy
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 94" # 29 + 31 + 34
}
t_step "Splitter S10 greedy on layout 2 scores 29, 31, 34" s10_greedy_layout2

# Splitter S10.1: with --seed calib over 600 games totals 15693 (layout 1) and 17345 (layout 2).
s10_calibration() {
  tester --seed calib --games 600 --silent --command builtin:greedy --jobs 2
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 15693" || return 1
  tester --seed calib --games 600 --silent --command builtin:greedy --layout 2
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 17345"
}
t_step "Splitter S10 greedy --seed calib, 600 games: 15693 (layout 1) and 17345 (layout 2)" s10_calibration

kit_process_bot_prints_the_same() {
  tester $HW --games 3 --command builtin:greedy
  cp "$T_TMP/out" "$T_TMP/builtin"
  tester $HW --games 3 --command "$KITS/splitter/greedy"
  cmp "$T_TMP/builtin" "$T_TMP/out"
}
t_step "C starter kit: bin/kits/splitter/greedy as a process prints exactly what builtin:greedy prints" kit_process_bot_prints_the_same

# Splitter P5.3: A line starting with # is ignored.
p5_3_line_handling() {
  tester $HW --games 1 --command "$B '1=raw: 6 2 0\n-1 2 0\n-01 2 0\n6\t2\t0\nabc\n\n# hi\n6,2,0' '2=raw:3 3 0 9' '3=raw:2 1'"
  same ' 6 2 0
Input not a number skipping!
-1 2 0
Input not a number skipping!
-01 2 0
Input not a number skipping!
6	2	0
Input not a number skipping!
abc
Input not a number skipping!

Input not a number skipping!
# hi
6,2,0
3 3 0 9
2 1
Game 0 scored 0: malformed line "2 1": Index was outside the bounds of the array.
Games played 1
Points gotten 0
Points per game (avg) 0
'
}
t_step "Splitter P5.3 skipped lines (leading space, -1, -01, tabs, text, empty), # echoed, 4,2,1 and 4 fields place, too few fields" p5_3_line_handling

# Splitter P5.3: Commas become spaces; the line is split at every single space (two spaces give an
# empty field; a leading space an empty first field; tabs do not separate).
p5_3_comma_space_and_double_space() {
  tester $HW --games 1 --silent --command "$B '1=raw:6, 2, 0'"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: malformed line \"6, 2, 0\": The input string '' was not in a correct format." || return 1
  tester $HW --games 1 --silent --command "$B '1=raw:6  2 0'"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: malformed line \"6  2 0\": The input string '' was not in a correct format." || return 1
  tester $HW --games 1 --silent --command "$B '1=raw:6 2 99999999999'"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: malformed line \"6 2 99999999999\": Value was either too large or too small for an Int32."
}
t_step "Splitter P5.3 D3 malformed: '4, 2, 1', double spaces, Int32 overflow" p5_3_comma_space_and_double_space

# Splitter D2: An illegal placement scores 0 for that game and the run continues (--strict: the original's
# stop with status 1).
r5_each_failure() {
  for case in "1=raw:9 2 0|9 was not rolled please try again!" \
              "1=raw:6 9 0|Index was outside the bounds of the array." \
              "1=raw:6 -1 2|Index was outside the bounds of the array." \
              "1=raw:6 0 0|Can't place, tile blank / non-placeable place: 0,0" \
              "2=raw:3 2 0|Can't place on invalid tile it already has something place: 2,0 value: 6"; do
    arg=${case%%|*}; msg=${case#*|}
    tester $HW --games 2 --silent --command "$B '$arg'"
    [ "$(rc)" = 0 ] || { echo "status $(rc) for $arg"; return 1; }
    expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: $msg" "$arg" || return 1
    expect_contains "$T_TMP/out" "Games played 2" || return 1 # the run goes on (Splitter D2)
  done
}
t_step "Splitter R5 D2 each failure: 'Game 0 scored 0: <original message>' and the run continues" r5_each_failure

# Splitter D2: An illegal placement scores 0 for that game and the run continues (--strict: the original's
# stop with status 1).
strict_r5() {
  tester $HW --games 3 --silent --strict --command "$B '1=raw:9 2 0'"
  expect_eq "$(rc)" 1 "status" || return 1
  same '9 was not rolled please try again!
'
}
t_step "Splitter D2 --strict: an R5 failure prints the bare message, exits 1, no summary" strict_r5

strict_r5_not_silent() {
  tester $HW --games 3 --strict --command "$B '2=raw:3 2 0'"
  expect_eq "$(rc)" 1 "status" || return 1
  same '6 2 0
3 2 0
Can'"'"'t place on invalid tile it already has something place: 2,0 value: 6
'
}
t_step "Splitter D2 --strict without --silent: the echo, then the bare message" strict_r5_not_silent

# Splitter D3: A malformed line (too few fields, an empty, non-integer or out-of-range x or y) is treated
# like an illegal placement (--strict: the original's crash, see below).
strict_malformed() {
  tester $HW --games 3 --silent --strict --command "$B '1=raw:6 x 0'"
  expect_eq "$(rc)" 134 "status" || return 1
  same '' || return 1
  expect_eq "$(cat "$T_TMP/err")" "Unhandled exception. System.FormatException: The input string 'x' was not in a correct format." || return 1
  tester $HW --games 1 --silent --strict --command "$B '1=raw:6 2'"
  expect_eq "$(rc)" 134 || return 1
  expect_eq "$(cat "$T_TMP/err")" "Unhandled exception. System.IndexOutOfRangeException: Index was outside the bounds of the array."
}
t_step "Splitter D3 --strict: a malformed line aborts like .NET (stderr line, status 134, no summary)" strict_malformed

strict_keeps_running_on_timeout() {
  tester $HW --games 2 --silent --strict --timeout 200 --command "$B 3=hang"
  [ "$(rc)" = 0 ] && expect_contains "$T_TMP/out" "Game 1 scored 0: no move within 200 ms (move 3 of 22)"
}
t_step "Splitter D4 --strict: a timeout still scores 0 and the run goes on" strict_keeps_running_on_timeout

# Splitter D4: 1000 ms per move (--timeout), the first move --startup-timeout (10000 ms) instead; on
# timeout the game scores 0, the bot's process group is killed, the run continues.
d4_timeout_default() {
  tester $HW --games 2 --silent --command "$B 5=sleep:10"
  same 'Game 0 scored 0: no move within 1000 ms (move 5 of 22)
Game 1 scored 0: no move within 1000 ms (move 5 of 22)
Games played 2
Points gotten 0
Points per game (avg) 0
'
}
t_step "Splitter D4 a bot that sleeps before its 5th move: no move within 1000 ms, the next game runs" d4_timeout_default

d4_startup() {
  tester $HW --games 1 --silent --startup-timeout 300 --command "$B 1=hang"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: no move within 300 ms (move 1 of 22)" || return 1
  tester $HW --games 1 --silent --startup-timeout 300 --command sleep 30
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: no move within 300 ms (move 1 of 22)" || return 1
  # a slow start within the start-up limit is fine even with a short per-move limit
  tester $HW --games 1 --silent --timeout 100 --startup-timeout 5000 --command "sleep 0.3; exec $B"
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 12" "slow start"
}
t_step "Splitter D4 --startup-timeout replaces --timeout for the first move" d4_startup

# The clock flags of `arena play` (one parser for play, tourney and tester): --hard-ms and
# --startup-ms are --timeout and --startup-timeout; a move later than --move-ms scores 0 too.
tester_clock_flags() {
  tester $HW --games 1 --silent --hard-ms 200 --command "$B 5=sleep:1.5"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: no move within 200 ms (move 5 of 22)" || return 1
  tester $HW --games 1 --silent --command $B 5=sleep:1.5 --move-ms 200 # --command stops at a clock flag
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: no move within 200 ms (move 5 of 22)" || return 1
  tester $HW --games 1 --silent --startup-ms 300 --command "$B 1=hang"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: no move within 300 ms (move 1 of 22)" || return 1
  # a bank that runs out says so (it said "no move within 1000 ms", the --timeout no move had passed)
  tester $HW --games 1 --silent --bank-ms 300 --command "$B 5=sleep:0.5"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: its time bank of 300 ms ran out (move 5 of 22)" || return 1
  # and --help says so (it said a late reply "is discarded, the game's default applies", play's words)
  "$ARENA" tester --help >"$T_TMP/help" || return 1
  expect_contains "$T_TMP/help" "--move-ms N           soft limit: a later move scores the game 0" || return 1
  tester $HW --games 1 --silent --timeout 100 --no-timeout --command "$B 5=sleep:1"
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 12" "--no-timeout" || return 1
  tester $HW --games 1 --hard-ms soon --command "$B"
  expect_eq "$(rc)" 1 "status of a bad value" && expect_contains "$T_TMP/err" "--hard-ms soon: expected milliseconds"
}
t_step "clock flags of arena play: --hard-ms, --startup-ms, --move-ms, --bank-ms, --no-timeout" tester_clock_flags

# Splitter D5: A bot that exits or closes its output early scores 0; the run continues.
d5_early_exit() {
  tester $HW --games 2 --silent --command "$B 4=exit:0"
  same 'Game 0 scored 0: the bot exited before the game ended (move 4 of 22, exit status 0)
Game 1 scored 0: the bot exited before the game ended (move 4 of 22, exit status 0)
Games played 2
Points gotten 0
Points per game (avg) 0
' || return 1
  tester $HW --games 1 --silent --command "$B 4=exit:7"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: the bot exited before the game ended (move 4 of 22, exit status 7)" || return 1
  tester $HW --games 1 --silent --command "$B 2=kill"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: the bot exited before the game ended (move 2 of 22, killed by signal 9)" || return 1
  tester $HW --games 1 --silent --command "$B 3=close"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: the bot exited before the game ended (move 3 of 22, closed its output)" || return 1
  tester $HW --games 1 --silent --command ./no/such/bot
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: the bot exited before the game ended (move 1 of 22, exit status 127)" || return 1
  # ... and stderr says so before the games (they went by one after another, minutes for 200 games,
  # each with "exit status 2" for "python3 mybot.py" without mybot.py); stdout stays the original's
  expect_contains "$T_TMP/err" "arena tester: warning: './no/such/bot': the shell would find no program './no/such/bot' (no such file): every game will score 0" || return 1
  tester $HW --games 1 --silent --command python3 "$T_TMP/mybot.py"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: the bot exited before the game ended (move 1 of 22, exit status 2)" || return 1
  expect_contains "$T_TMP/err" "arena tester: warning: 'python3 $T_TMP/mybot.py': no such file '$T_TMP/mybot.py' for python3 to run: every game will score 0" || return 1
  tester $HW --games 1 --silent --command "$B"
  ! grep -q "warning" "$T_TMP/err" || { echo "a bot that is there was warned about"; cat "$T_TMP/err"; return 1; }
}
t_step "Splitter D5 a bot that exits early, is killed, closes its output or cannot start scores 0" d5_early_exit

huge_lines() {
  tester $HW --games 1 --silent --command "$B 2=huge:100000"
  a200=$(head -c 200 /dev/zero | tr '\0' a)
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: malformed line \"$a200\": line longer than 65536 bytes" || return 1
  tester $HW --games 1 --command "$B 2=huge:5000"
  # a long line within the limit is echoed (its first 4096 bytes) and skipped as not a number
  expect_eq "$(sed -n 2p "$T_TMP/out" | wc -c)" 4097 "echo length" || return 1
  expect_eq "$(sed -n 3p "$T_TMP/out")" "Input not a number skipping!" || return 1
  expect_contains "$T_TMP/out" "Games played 1" && ! grep -q "scored 0" "$T_TMP/out"
}
t_step "huge line: over 64 KiB is invalid (decided); 5000 bytes is skipped" huge_lines

# Splitter D12: Lines after the 22nd placement are ignored (not echoed) and the bot is ended.
d12_lines_after_the_end_are_ignored() {
  tester $HW --games 1 --command "$B '22=raw:2 3 6\nabc\n# after\n2 2 6'"
  ! grep -q -e abc -e '# after' -e 'Input not a number' "$T_TMP/out" || return 1
  expect_eq "$(sed -n 22p "$T_TMP/out")" "2 3 6" || return 1
  sed -n 23p "$T_TMP/out" | grep -q '^Groups of 1 points [0-9]*$'
}
t_step "Splitter D12 lines after the 22nd placement are ignored and not echoed" d12_lines_after_the_end_are_ignored

# Splitter P5.3: The placement is checked (R5) against the dice current when the line is processed: a line
# written ahead of its roll answers the next roll.
p5_3_early_lines_meet_the_next_roll() {
  tester $HW --games 1 --silent --command "$B 1=twice:3"
  expect_eq "$(head -1 "$T_TMP/out")" "Games played 1" || return 1
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 12" || return 1
  tester $HW --games 1 --silent --command "$B 1=twice:5"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 0 scored 0: 5 was not rolled please try again!"
}
t_step "Splitter P5.3 a line written before its roll is checked against the roll current when it is processed" p5_3_early_lines_meet_the_next_roll

# Splitter P5.3: Lines end at \n, \r\n or a lone \r; output that ends without a newline is a last line.
p5_3_line_ends() {
  tester $HW --games 1 --command "$B '1=raw:6 2 0\rabc' '2=raw:3 3 0\r'"
  expect_eq "$(head -5 "$T_TMP/out" | tr '\n' '|')" "6 2 0|abc|Input not a number skipping!|3 3 0|2 1 1|" || return 1
  expect_eq "$(grep -c 'Input not a number' "$T_TMP/out")" 1 "one skip (\\r\\n is one line end)"
}
t_step "Splitter P5.3 a lone CR ends a line, CR LF is one line end" p5_3_line_ends

# Splitter D1: Runs are always seeded: without --seed the tester draws 16 lowercase hex digits from the
# OS, prints Seed <hex> first, and proceeds exactly as with --seed <hex>.
d1_drawn_seed() {
  tester --games 2 --command "$B 1=twice:3"
  first=$(head -1 "$T_TMP/out")
  echo "$first" | grep -Eq '^Seed [0-9a-f]{16}$' || { echo "first line: $first"; return 1; }
  tail -n +2 "$T_TMP/out" >"$T_TMP/a"
  tester --seed "${first#Seed }" --games 2 --command "$B 1=twice:3"
  cmp "$T_TMP/a" "$T_TMP/out"
}
t_step "Splitter D1 without --seed: 'Seed <16 hex>' first, and that seed repeats the run" d1_drawn_seed

# Splitter D10: --jobs N plays N games at once with identical output (only Time taken differs).
d10_jobs_same_output() {
  # A generous move limit: with 4 games at once on a loaded machine a shell bot must never be cut
  # short by the clock in one run and not in the other (the outputs would differ for a reason
  # that has nothing to do with --jobs).
  tester $HW --games 12 --timeout 30000 --command "$B 1=twice:3"
  cp "$T_TMP/out" "$T_TMP/j1"
  grep -q "scored 0" "$T_TMP/j1" && grep -q "Groups of" "$T_TMP/j1" || { echo "want a mix of failed and played games"; return 1; }
  tester $HW --games 12 --timeout 30000 --jobs 4 --command "$B 1=twice:3"
  cmp "$T_TMP/j1" "$T_TMP/out" || return 1
  tester $HW --games 40 --jobs 3 --silent --command builtin:random
  cp "$T_TMP/out" "$T_TMP/r3"
  tester $HW --games 40 --silent --command builtin:random
  cmp "$T_TMP/r3" "$T_TMP/out"
}
t_step "Splitter D10 --jobs 4 prints the same as --jobs 1 (apart from Time taken)" d10_jobs_same_output

# Splitter S6.1: A missing --command (or an empty first token) prints Run tester with --help to get info
# about how to run it and exits 2; an option value that is not an integer is a usage error with status 1.
usage() {
  tester --games 3
  expect_eq "$(rc)" 2 || return 1
  same 'Run tester with --help to get info about how to run it
' || return 1
  tester --games 3 --command ""
  expect_eq "$(rc)" 2 || return 1
  tester --games abc --command "$B"
  expect_eq "$(rc)" 1 || return 1
  expect_contains "$T_TMP/err" "Cannot parse argument 'abc' for option '--games'" || return 1
  tester --bogus --command "$B"
  expect_eq "$(rc)" 1 || return 1
  tester --games 0 --seed x --command "$B"
  same 'Games played 0
Points gotten 0
Points per game (avg) NaN
' || return 1
  tester --games -5 --seed x --command "$B"
  expect_contains "$T_TMP/out" "Games played 0" || return 1
  tester --help
  expect_eq "$(rc)" 0 && expect_contains "$T_TMP/out" "--command" || return 1
  # every built-in bot, from the game's table (a fixed list left out the champion)
  expect_contains "$T_TMP/out" "builtin:NAME (random, random_left, greedy, search, champion)" || return 1
  tester --version
  expect_eq "$(rc)" 0
}
t_step "Splitter S6.1 usage: missing --command (status 2), bad integer (status 1), --games 0 gives NaN" usage

# Splitter S6.1: --command takes every token up to the next option, joined with single spaces, and
# --silent and --strict take an optional true or false.
command_forms() {
  tester $HW --games 2 --silent --command builtin:greedy
  cp "$T_TMP/out" "$T_TMP/a"
  tester $HW --games 2 --command="$KITS/splitter/greedy" --silent true
  cmp "$T_TMP/a" "$T_TMP/out" || return 1
  tester $HW --games 2 --command:"$KITS/splitter/greedy" --silent:true
  cmp "$T_TMP/a" "$T_TMP/out" || return 1
  tester $HW --games 2 --command sh "$B" 1=twice:3 --silent
  cp "$T_TMP/out" "$T_TMP/b"
  tester $HW --games 2 --silent --command "sh $B 1=twice:3"
  cmp "$T_TMP/b" "$T_TMP/out" || return 1
  tester $HW --games 1 --silent false --command builtin:greedy
  expect_contains "$T_TMP/out" "Groups of 1" || return 1
  # a command with double quotes reaches bash intact (Splitter D6)
  tester $HW --games 1 --silent --command "$B \"1=raw:6 2 0\""
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 12"
}
t_step "Splitter S6.1 --command tokens are joined; --command=, --command: and --silent true|false; D6 quotes intact" command_forms

layout_rule() {
  tester $HW --games 3 --silent --layout 5 --command builtin:greedy
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 94" || return 1
  tester $HW --games 3 --silent --layout 0 --command builtin:greedy
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 94"
}
t_step "--layout: any integer other than 1 selects layout 2" layout_rule

first_game() {
  tester $HW --games 1 --first-game 1 --silent --command builtin:greedy
  expect_eq "$(sed -n 2p "$T_TMP/out")" "Points gotten 27" || return 1
  tester $HW --games 1 --first-game 17 --silent --command "$B '1=raw:9 2 0'"
  expect_eq "$(head -1 "$T_TMP/out")" "Game 17 scored 0: 9 was not rolled please try again!" || return 1
  # the last index a game can have (an Int32), and one game past it: refused before any game (each
  # game past it failed alone, with an empty replay, and the run exited 0)
  tester $HW --games 1 --first-game 2147483647 --silent --command builtin:greedy
  expect_eq "$(rc)" 0 && expect_contains "$T_TMP/out" "Games played 1" || return 1
  tester $HW --games 2 --first-game 2147483647 --silent --replay-dir "$T_TMP/past" --command builtin:greedy
  expect_eq "$(rc)" 1 || return 1
  expect_contains "$T_TMP/err" "the last game's index 2147483648 is past 2147483647" || return 1
  [ ! -s "$T_TMP/out" ] && [ -z "$(ls "$T_TMP/past" 2>/dev/null)" ] || { echo "games were played"; cat "$T_TMP/out"; return 1; }
}
t_step "Splitter S6.1 --first-game K replays game K of a run; failure lines name the game index" first_game

replay_dir() {
  tester $HW --games 2 --silent --replay-dir "$T_TMP/replays" --command "$B 1=twice:3"
  for f in "$T_TMP/replays/game-0.jsonl" "$T_TMP/replays/game-1.jsonl"; do
    "$ARENA" verify "$f" >/dev/null || return 1
  done
  # a changed roll is found
  sed '2s/"next":\[[0-9],[0-9]\]/"next":[1,1]/' "$T_TMP/replays/game-0.jsonl" >"$T_TMP/bad.jsonl"
  ! cmp -s "$T_TMP/bad.jsonl" "$T_TMP/replays/game-0.jsonl" || { echo "sed changed nothing"; return 1; }
  ! "$ARENA" verify "$T_TMP/bad.jsonl" 2>/dev/null
}
t_step "Splitter S6.1 --replay-dir writes game-<index>.jsonl that arena verify accepts (and a changed roll fails)" replay_dir
# --replay-dir on a full disk (a 4 KiB tmpfs in a mount namespace of our own): a replay cut short
# is said on stderr (nothing said it); the run and its summary are the original's
replay_dir_full() {
  mkdir -p "$T_TMP/full"
  unshare -rm sh -c "mount -t tmpfs -o size=4k tmpfs '$T_TMP/full' && '$ARENA' tester $HW --games 1 --silent \
    --replay-dir '$T_TMP/full' --command builtin:greedy" >"$T_TMP/out" 2>"$T_TMP/err"
  expect_eq $? 0 "exit status" || return 1
  expect_contains "$T_TMP/out" "Games played 1" || return 1
  expect_contains "$T_TMP/err" "arena tester: writing the replay $T_TMP/full/game-0.jsonl failed: No space left on device"
}
t_step_if mount_ns_here "no user and mount namespaces here" \
  "Splitter --replay-dir on a full disk: the replay cut short is said" replay_dir_full

# Splitter D6: The bot runs as /bin/bash -c CMD (CMD one argument, intact even with "; /bin/sh without
# bash), in the current directory, environment inherited, stderr passed through
stderr_passthrough() {
  tester $HW --games 1 --silent --command "echo from-the-bot >&2; exec $B"
  expect_contains "$T_TMP/err" "from-the-bot"
}
t_step "Splitter D6 the bot's stderr goes to the tester's stderr" stderr_passthrough

# Splitter S6.3: Ctrl-C abandons the game in progress (its bot is killed), prints the summary of the
# completed games and ends by SIGINT (a shell shows 130).
ctrl_c() {
  cat >"$T_TMP/third_hangs.sh" <<EOF
#!/bin/sh
n=\$(cat "$T_TMP/count" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n >"$T_TMP/count"
if [ \$n -ge 3 ]; then echo \$\$ >"$T_TMP/hung_pid"; exec $PWD/$B 2=hang; fi
exec $PWD/$B
EOF
  chmod +x "$T_TMP/third_hangs.sh"
  rm -f "$T_TMP/count" "$T_TMP/hung_pid"
  # The bot counts its games in a file of the test's and reports its pid as the host sees it:
  # no sandbox for this one.
  "$ARENA" tester $HW --games 5 --silent --timeout 0 --sandbox off --command "$T_TMP/third_hangs.sh" >"$T_TMP/int" 2>&1 &
  pid=$!
  i=0
  while [ ! -s "$T_TMP/hung_pid" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
  sleep 0.2
  kill -INT $pid
  wait $pid; st=$?
  expect_eq "$st" 130 "status after Ctrl-C" || return 1
  expect_contains "$T_TMP/int" "Games played 2" || return 1
  expect_contains "$T_TMP/int" "Points gotten 21" || return 1
  hung=$(cat "$T_TMP/hung_pid")
  ! kill -0 "$hung" 2>/dev/null || { echo "the bot of the abandoned game still runs"; return 1; }
}
t_step "Splitter S6.3 Ctrl-C: the game in progress is abandoned, its bot killed, the summary printed, SIGINT re-raised" ctrl_c

python_starter() {
  tester $HW --games 2 --silent --command python3 sdk/python/examples/splitter_starter.py
  expect_eq "$(head -1 "$T_TMP/out")" "Games played 2" || return 1
  ! grep -q "scored 0" "$T_TMP/out"
}
t_step "Python starter bot plays through arena tester" python_starter

c_starter() {
  cc -O1 -Isrc -Isdk/c -o "$T_TMP/starter" sdk/c/examples/splitter_starter.c sdk/c/kit.c "$LIBARENA_A" $LIBARENA_LDFLAGS -ljansson -lm || return 1
  tester $HW --games 3 --silent --command "$T_TMP/starter"
  expect_eq "$(head -1 "$T_TMP/out")" "Games played 3" || return 1
  ! grep -q "scored 0" "$T_TMP/out"
}
t_step "C starter example (sdk/c/examples) builds on the kit and plays through arena tester" c_starter

t_done
