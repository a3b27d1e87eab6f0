# test_splitter_play.sh: Splitter through `arena trace-check` (every public vector file), `arena play`
# (built-in and process bots, failures as verdicts) and `arena verify` of the replays.
. tests/e2e/lib.sh
B=tests/bots/splitter/steps.sh

trace_vectors() {
  for f in tests/vectors/splitter/*.json; do
    "$ARENA" trace-check splitter "$f" >"$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  done
}
t_step "trace-check splitter: every vector file matches (Splitter R9 scoring boards, R7/R8 dice)" trace_vectors

trace_differences() {
  sed 's/"expected_score": 7/"expected_score": 8/' tests/vectors/splitter/scoring_vectors.json >"$T_TMP/s.json"
  "$ARENA" trace-check splitter "$T_TMP/s.json" >"$T_TMP/o"
  expect_eq $? 1 || return 1
  expect_contains "$T_TMP/o" "vector 7 (TestGridA): score 7, expected 8" || return 1
  sed '0,/\[6,5\],\[3,4\]/s//[6,5],[3,5]/' tests/vectors/splitter/dice_vectors.json >"$T_TMP/d.json"
  "$ARENA" trace-check splitter "$T_TMP/d.json" >"$T_TMP/o"
  expect_eq $? 1 || return 1
  expect_contains "$T_TMP/o" "game 0, roll 2: got 3 4, expected 3 5" || return 1
  "$ARENA" trace-check splitter "$T_TMP/missing.json" >"$T_TMP/o"
  expect_eq $? 2 || return 1
  echo '{"other": 1}' >"$T_TMP/x.json"
  "$ARENA" trace-check splitter "$T_TMP/x.json" >"$T_TMP/o"
  expect_eq $? 2
}
t_step "trace-check splitter: exit 1 naming the first difference, 2 when unreadable" trace_differences

play_builtin() {
  "$ARENA" play splitter builtin:greedy --option seed_string=HelloWorld --seed 3 --display none --json \
    --replay "$T_TMP/g.jsonl" >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" '"scores":[21]' || return 1
  "$ARENA" verify "$T_TMP/g.jsonl" >/dev/null
}
t_step "play splitter builtin:greedy (HelloWorld dice) scores 21; the replay verifies" play_builtin

play_process() {
  "$ARENA" play splitter "$KITS/splitter/greedy" --option seed_string=HelloWorld --option layout=both \
    --option game=1 --display none --json --replay "$T_TMP/p.jsonl" >"$T_TMP/o" 2>/dev/null || return 1
  expect_contains "$T_TMP/o" '"scores":[31]' || return 1 # game 1 with layout=both is layout 2
  "$ARENA" verify "$T_TMP/p.jsonl" >/dev/null || return 1
  # a changed action no longer verifies
  sed '2s/"action":\[[0-9],/"action":[9,/' "$T_TMP/p.jsonl" >"$T_TMP/bad.jsonl"
  ! "$ARENA" verify "$T_TMP/bad.jsonl" 2>/dev/null
}
t_step "play splitter with a kit process bot; layout=both picks by game index; tampering is found" play_process

# Splitter R7: Game g of a run with seed string S uses .NET's seeded System.Random with seed CustomHash(S)
# + g (32-bit wrapping)
play_integer_seed_is_the_seed_string() {
  # contract: an integer match seed is used as its decimal string
  "$ARENA" play splitter builtin:greedy --seed 42 --display none --json >"$T_TMP/a" 2>/dev/null || return 1
  "$ARENA" play splitter builtin:greedy --seed 7 --option seed_string=42 --display none --json >"$T_TMP/b" 2>/dev/null || return 1
  expect_eq "$(grep -o '"scores":\[[0-9]*\]' "$T_TMP/a")" "$(grep -o '"scores":\[[0-9]*\]' "$T_TMP/b")"
}
t_step "Splitter R7 in play an integer seed is the Tester's seed string in decimal" play_integer_seed_is_the_seed_string

# Splitter S7: In arena play the same events become the verdicts invalid, down and crash in the result,
# the replay and the log, with the same texts
play_failures_are_verdicts() {
  "$ARENA" play splitter "$B '1=raw:9 2 0'" --option seed_string=HelloWorld --display none --json \
    --replay "$T_TMP/f.jsonl" --log "$T_TMP/f.log" >"$T_TMP/o" 2>/dev/null || return 1
  expect_contains "$T_TMP/o" '"scores":[0]' || return 1
  expect_contains "$T_TMP/o" '"invalid":1' || return 1
  expect_contains "$T_TMP/f.log" "Game 0 scored 0: 9 was not rolled please try again!" || return 1
  "$ARENA" verify "$T_TMP/f.jsonl" >/dev/null || return 1
  "$ARENA" play splitter "$B 3=hang" --hard-ms 200 --display none --json --replay "$T_TMP/h.jsonl" >"$T_TMP/o" 2>/dev/null || return 1
  expect_contains "$T_TMP/o" '"down":1' || return 1
  "$ARENA" verify "$T_TMP/h.jsonl" >/dev/null || return 1
  "$ARENA" play splitter "$B 2=exit:3" --display none --json --replay "$T_TMP/e.jsonl" >"$T_TMP/o" 2>/dev/null || return 1
  expect_contains "$T_TMP/o" '"crash":1' || return 1
  "$ARENA" verify "$T_TMP/e.jsonl" >/dev/null
}
t_step "Splitter S7 in play, failures become verdicts (invalid, down, crash) and the replays verify" play_failures_are_verdicts

# Splitter S9: arena replay FILE plays a replay back in the same view.
s9_replay_playback() {
  "$ARENA" play splitter builtin:greedy --option seed_string=HelloWorld --display none --replay "$T_TMP/v.jsonl" >/dev/null 2>&1 || return 1
  "$ARENA" replay "$T_TMP/v.jsonl" --plain >"$T_TMP/end" || return 1
  for w in "SPLITTER" "round 22/22" "last  2 at (2,2) · 2 at (5,2)" "star bonus   5" "Star points 5" "final score 21" \
           "│  6  6  6  2 ┆ 3  3  4  5 │"; do
    expect_contains "$T_TMP/end" "$w" || return 1
  done
  "$ARENA" replay "$T_TMP/v.jsonl" --plain --turn 5 >"$T_TMP/t5" || return 1
  expect_contains "$T_TMP/t5" "round 6/22" && expect_contains "$T_TMP/t5" "roll  5 4" && expect_contains "$T_TMP/t5" "★"
}
t_step "Splitter S9 replay playback draws the sheet, the panel and the final score block" s9_replay_playback

# Splitter S9: The live view (--display terminal) draws the sheet
s9_live_view() {
  # q once the final frame is up (a q typed before the view's raw mode is dropped: test_live_view.sh)
  rm -f "$T_TMP/typescript"
  (wait_until 25 grep -qsF "final score" "$T_TMP/typescript"; printf q) | TERM=xterm-256color timeout 30 script -qefc \
    "stty rows 30 cols 100; $ARENA play splitter builtin:greedy --seed 1 --speed 0" "$T_TMP/typescript" >/dev/null 2>&1 || return 1
  expect_contains "$T_TMP/typescript" "SPLITTER" && expect_contains "$T_TMP/typescript" "final score"
}
t_step "Splitter S9 play splitter draws the live view in a terminal" s9_live_view

list() {
  "$ARENA" list splitter >"$T_TMP/o" || return 1
  for w in random random_left greedy search layout seed_string dice_seed; do expect_contains "$T_TMP/o" "$w" || return 1; done
  for b in random random_left greedy search; do [ -x "$KITS/splitter/$b" ] || { echo "no kit $b"; return 1; }; done
}
t_step "list splitter shows the bots and options; every built-in is a kit program" list

t_done
