# test_live_view.sh: the live terminal view and replay playback in a real pseudo-terminal
# (util-linux `script`): drawing, quitting, the final frame waiting for q, a terminal too small,
# and the terminal always restored.
. tests/e2e/lib.sh
P=builtin:pass_perth

# Keys are typed only once the screen shows what they answer: the view enters raw mode with
# TCSAFLUSH, which drops what was typed before it (as a user's early keys), so a key sent after a
# fixed delay was lost on a loaded machine (CI, load 17: the replay never paused).
on_screen() { wait_until 25 grep -qsF -- "$1" "$T_TMP/typescript"; } # the pty's output so far shows TEXT
in_pty() { # in_pty TEXT INPUT COMMAND: runs COMMAND in a pty, typing INPUT once TEXT is on screen
  text=$1 input=$2; shift 2
  rm -f "$T_TMP/typescript"
  (on_screen "$text"; printf "$input") | TERM=xterm-256color timeout 30 script -qefc "$*" "$T_TMP/typescript" >/dev/null 2>&1
}

end_waits_for_q() {
  in_pty "game over: press q to quit" q "stty rows 30 cols 100; $ARENA play rising_tide $P $P $P $P --seed 1 --option rounds=10 --speed 0" || return 1
  expect_contains "$T_TMP/typescript" "RISING TIDE" || return 1
  expect_contains "$T_TMP/typescript" "seed 1 |" || return 1
  expect_contains "$T_TMP/typescript" "game over: press q to quit" || return 1
  # alternate screen entered and left, cursor shown again
  grep -q "$(printf '\033\\[?1049h')" "$T_TMP/typescript" && grep -q "$(printf '\033\\[?1049l')" "$T_TMP/typescript"
}
t_step "play: live view draws, the final frame stays up until q, terminal restored" end_waits_for_q

quit_abandons() {
  marker="live-quit-$$"
  in_pty "RISING TIDE" q "$ARENA play rising_tide $P 'python3 tests/bots/rising_tide/misbehave.py pass 0 /dev/null $marker' $P $P --seed 1 --speed 2"
  rc=$?
  [ $rc -eq 1 ] || { echo "exit status $rc, expected 1 (abandoned)"; return 1; }
  sleep 0.3
  ! pgrep -f "$marker" >/dev/null || { echo "bot left running"; return 1; }
  grep -q "$(printf '\033\\[?1049l')" "$T_TMP/typescript"
}
t_step "play: q abandons the game, kills the bots and restores the terminal" quit_abandons

live_pause() { # space pauses a live game and the status line says so at once (not at the next key)
  rm -f "$T_TMP/typescript"
  (on_screen "RISING TIDE"; printf ' '; on_screen PAUSED; printf q) | TERM=xterm-256color timeout 30 \
    script -qefc "stty rows 30 cols 100; $ARENA play rising_tide $P $P $P $P --seed 1 --speed 1" "$T_TMP/typescript" >/dev/null 2>&1
  expect_contains "$T_TMP/typescript" "PAUSED"
}
t_step "play: space pauses, and the status line says PAUSED before any other key" live_pause

too_small() {
  in_pty "terminal too small" q "stty cols 60 rows 20; $ARENA play rising_tide $P $P $P $P --seed 1 --option rounds=5 --speed 0" || return 1
  expect_contains "$T_TMP/typescript" "terminal too small: need 80x24"
}
t_step "a terminal smaller than 80x24 says so" too_small

playback() {
  "$ARENA" play rising_tide builtin:random_rizhao $P $P $P --seed 2 --option rounds=40 --display none --replay "$T_TMP/r.jsonl" >/dev/null || return 1
  # pause, step forward twice, step back once, quit
  rm -f "$T_TMP/typescript"
  (on_screen "RISING TIDE"; printf ' '; on_screen PAUSED; printf 'nn'; sleep 0.3; printf 'p'; sleep 0.3; printf q) | TERM=xterm-256color \
    timeout 30 script -qefc "stty rows 30 cols 100; $ARENA replay $T_TMP/r.jsonl --speed 1" "$T_TMP/typescript" >/dev/null 2>&1 || return 1
  expect_contains "$T_TMP/typescript" "PAUSED" || return 1
  expect_contains "$T_TMP/typescript" "round 2/40" || return 1
  grep -q "$(printf '\033\\[?1049l')" "$T_TMP/typescript"
}
t_step "replay: pause, step forward and back, quit" playback

# A cut replay plays the turns it holds; the status line says where it is cut (the message on
# stderr went under the playback's screen): it read "round 6/6" as if the game had 6 rounds.
playback_cut() {
  [ -s "$T_TMP/r.jsonl" ] || "$ARENA" play rising_tide builtin:random_rizhao $P $P $P --seed 2 --option rounds=40 --display none --replay "$T_TMP/r.jsonl" >/dev/null || return 1
  head -n 7 "$T_TMP/r.jsonl" >"$T_TMP/cut.jsonl"
  in_pty "RISING TIDE" q "stty rows 30 cols 100; $ARENA replay $T_TMP/cut.jsonl --speed 0" || return 1
  expect_contains "$T_TMP/typescript" "round 6/6 (cut at line 7)"
}
t_step "replay: a cut replay's status line says where it is cut" playback_cut

rezzo_human() {
  # Rezzo 9.5's human seat: each key press is one action, taken at the next tick (the rest: nop).
  # Left, Enter (hit), b then Up (build mode: build), Right; then q quits the final frame.
  rm -f "$T_TMP/typescript"
  (on_screen "Enter hit, Down nop, b build mode"; printf '\033[D'; sleep 0.6; printf '\r'; sleep 0.6; printf 'b\033[A'
   sleep 0.6; printf '\033[C'; on_screen "game over: press q to quit"; printf q) | TERM=xterm-256color timeout 40 script -qefc \
    "stty rows 40 cols 120; $ARENA play rezzo human builtin:wander --seed 1 --option size=64x64 --option max_ticks=40 --option tick_ms=200 --replay $T_TMP/h.jsonl" \
    "$T_TMP/typescript" >/dev/null 2>&1
  expect_contains "$T_TMP/typescript" "Enter hit, Down nop, b build mode" || return 1
  "$ARENA" verify "$T_TMP/h.jsonl" >/dev/null || return 1
  python3 - "$T_TMP/h.jsonl" <<'PY'
import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
assert r[0]["seats"][0]["spec"] == "human"
acts = [t["seats"][0]["action"] for t in r if t["type"] == "turn"]
pressed = [a for a in acts if a != ord(" ")]
assert pressed == [ord("\\"), ord("!"), ord("."), ord("/")], acts
PY
}
t_step "rezzo human seat: arrows, Enter, b + Up are the agent's actions, one per tick, in order" rezzo_human

t_done
