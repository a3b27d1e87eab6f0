# test_kit_parse.sh: every game's C starter-kit programs (bin/kits/GAME/BOT) stop on a message their
# game's parser refuses: status 1, nothing on stdout, the message named on stderr with the game
# (docs/starter-kit.md). Splitter's case is in test_cli.sh `kit_arguments`.
. tests/e2e/lib.sh

first_bot() { ls "$KITS/$1" | head -n 1; }

kit_garbage_line() {
  # Rising Tide's and Chicken's ignored the line: status 0, nothing said
  for game in rising_tide chicken suitebot; do
    bot=$(first_bot $game)
    printf '\n\nhello \033[2J\n' | "$KITS/$game/$bot" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || { echo "# $game/$bot"; return 1; }
    [ ! -s "$T_TMP/o" ] || return 1
    expect_contains "$T_TMP/e" "kit: cannot parse the referee's message 3: 'hello ?[2J'; this program speaks $game's protocol (docs/games/$game.md)" || return 1
  done
  # bytes above 0x7e are shown as '?' too, never raw on the terminal
  printf '\377x\n' | "$KITS/chicken/$(first_bot chicken)" >/dev/null 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  expect_contains "$T_TMP/e" "message 1: '?x';"
}
t_step "kit programs of every text game refuse a garbage line by name (status 1)" kit_garbage_line

kit_garbage_record() {
  # Rezzo's took 340 bytes of 0xff for a view
  head -c 340 /dev/zero | tr '\0' '\377' | "$KITS/rezzo/$(first_bot rezzo)" >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 1 ] || return 1
  [ ! -s "$T_TMP/o" ] || return 1
  expect_contains "$T_TMP/e" "kit: cannot parse the referee's message 1; this program speaks rezzo's protocol (docs/games/rezzo.md)"
}
t_step "Rezzo's kit programs refuse a 340-byte record of 0xff by name (status 1)" kit_garbage_record

kit_bad_arguments() {
  # a refused argument printed the usage line alone, and --help was that usage error (exit 2)
  for arg in abc delay=-1 clock=of; do
    "$KITS/chicken/greedy" 1 $arg </dev/null >"$T_TMP/o" 2>"$T_TMP/e"; [ $? -eq 2 ] || { echo "# $arg"; return 1; }
    expect_contains "$T_TMP/e" "$KITS/chicken/greedy: '$arg' is not an argument it takes" || return 1
    expect_contains "$T_TMP/e" "delay=MS     sleep MS milliseconds (0 to 86400000) before each answer" || return 1
  done
  "$KITS/chicken/greedy" --help </dev/null >"$T_TMP/o" 2>"$T_TMP/e" || return 1
  expect_contains "$T_TMP/o" "A bot speaking chicken's protocol on stdin and stdout: a seat of \`arena play chicken\`" || return 1
  expect_contains "$T_TMP/o" "clock=off    a bot that reads the clock counts its work instead" || return 1
  kit="$(dirname "$KITS")/arena-kit"
  "$kit" --help >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "usage: arena-kit GAME BOT [SEED] [delay=MS] [move-ms=MS] [clock=off]" || return 1
  "$kit" chicken greedy 1 2 </dev/null 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "$kit chicken greedy: '2' is not an argument it takes" || return 1
}
t_step "kit programs name a refused argument and say what each takes; --help answers (exit 0)" kit_bad_arguments

t_done
