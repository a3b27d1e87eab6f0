# test_champions.sh: the champions (issue 17) as starter-kit programs under the sandbox: whole games
# with no late, down or invalid verdict, and their clocks used (Chicken: more than a quarter of the bank
# spent, none overdrawn, with a 60 s bank and two 20 s banks; the champion's time management scales
# with the bank; Rezzo: real time, 60 ms ticks, not quick, planning in 20 ms slices; Rising Tide: the
# real 100 ms a move, a whole game). The games run
# side by side, about a minute and a half in all. The real 360 s bank takes six minutes a game, too
# long for every test run (CI runs the suite twice): ARENA_REAL_CLOCK=1 adds that game here, and
# `make eval` (scripts/eval_chicken.sh) plays real-clock games under the sandbox with their verdicts.
# run-alone: its games think on real clocks (Rezzo's 60 ms ticks with no late reply, Chicken's banks
# spent by wall time) and already fill both cores side by side (tests/run.sh runs it by itself).
. tests/e2e/lib.sh

# chicken_game NAME BANK_MS SEAT ARGS...: the kit champion in seat SEAT (0 = A, colours fixed)
# against builtin:searcher; result JSON in NAME, match JSON in NAME.hist/.
chicken_game() {
  name=$1 bank=$2 seat=$3; shift 3
  mkdir -p "$T_TMP/$name.hist"
  if [ "$seat" = 0 ]; then set -- "$KITS/chicken/champion" builtin:searcher "$@"; else set -- builtin:searcher "$KITS/chicken/champion" "$@"; fi
  timeout $((bank / 1000 + 120)) "$ARENA" play chicken "$@" --option colours=fixed --bank-ms "$bank" \
    --display none --json --history "$T_TMP/$name.hist" >"$T_TMP/$name" 2>"$T_TMP/$name.err"
  echo $? >"$T_TMP/$name.rc"
}

# chicken_check NAME BANK_MS SEAT: no verdict for anyone, a finished game, and the champion spent
# more than a quarter of its bank and never all of it.
chicken_check() {
  name=$1 bank=$2 seat=$3
  expect_eq "$(cat "$T_TMP/$name.rc")" 0 "exit status" || { cat "$T_TMP/$name.err"; return 1; }
  python3 - "$T_TMP/$name" "$T_TMP/$name.hist" "$bank" "$seat" <<'EOF' || return 1
import glob, json, sys
result, hist, bank, seat = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for s, v in enumerate(result["verdicts"]):
    assert v == {"late": 0, "down": 0, "invalid": 0, "crash": 0}, "seat %d verdicts %s" % (s, v)
m = json.load(open(glob.glob(hist + "/*.json")[0]))
assert m["reason"] in ("EGGS_LAID", "BLOCKING_END", "SPAWN_BLOCKED"), m["reason"]
left = m["a_time_left" if seat == 0 else "b_time_left"][-1]
print("champion left %.1f s of %.1f s, result %s, eggs %d-%d" % (left, bank / 1000, m["reason"], m["a_eggs_laid"][-1], m["b_eggs_laid"][-1]))
# it thinks on its clock (a quarter of the bank at least: a game that ends early by a block leaves
# more than half, 10.05 s of 20 s was seen) and never overdraws it
assert 0 < left < bank / 1000 * 0.75, "bank left %.3f s of %.3f s" % (left, bank / 1000)
EOF
}

# kit_game NAME ARGS...: `arena play ARGS` (the kit champion in seat 0) as one JSON result in NAME;
# kit_check NAME ASSERTIONS: exit status 0, no verdict for the champion, then ASSERTIONS (Python,
# the result as j).
kit_game() {
  name=$1; shift
  timeout 400 "$ARENA" play "$@" --display none --json >"$T_TMP/$name" 2>"$T_TMP/$name.err"
  echo $? >"$T_TMP/$name.rc"
}
kit_check() {
  expect_eq "$(cat "$T_TMP/$1.rc")" 0 "exit status" || { cat "$T_TMP/$1.err"; return 1; }
  python3 - "$T_TMP/$1" "$2" <<'EOF' || return 1
import json, sys
j = json.load(open(sys.argv[1]))
assert j["verdicts"][0] == {"late": 0, "down": 0, "invalid": 0, "crash": 0}, j["verdicts"][0]
exec(sys.argv[2])
EOF
}
# Rezzo: against builtin:attacker in real time at 128x128; it must not lose.
REZZO_CHECK='print("champion rank %d, attacker rank %d, %d ticks" % (j["ranks"][0], j["ranks"][1], j["turns"]))
assert j["ranks"][0] <= j["ranks"][1], "the champion lost to the attacker"'
# Rising Tide: at the real clock (100 ms soft, 5000 ms hard) against three built-in bots, a whole
# game; it must survive. (In test_rt_referee.sh until 2026-11-27: with three programs at a time on
# two cores, CI saw one late move in 800.)
RT_CHECK='print("champion score %d, scores %s" % (j["scores"][0], j["scores"]))
assert j["scores"][0] == 800, "the champion did not survive the 800 rounds"'

if [ -n "${ASAN_OPTIONS:-}" ]; then
  # make sanitize: these games test the champions' use of real clocks, which the sanitizers do not
  # look at (and slow down); the referee's paths they take (banks, Rezzo's records in real time)
  # run under the sanitizers in test_chicken.sh and test_rezzo.sh, the champions' code in the unit
  # tests test_champions, test_chicken_champion and test_rezzo_champion. Running alone, they cost
  # CI a minute and a quarter of wall time with one program on two cores.
  echo "# skipped (not counted): the champions on real clocks under make sanitize (make test plays them)"
  exit 0
fi
if [ "${ARENA_REAL_CLOCK:-0}" = 1 ]; then chicken_game real 360000 0 & fi
chicken_game long 60000 0 --seed 9 &
kit_game rezzo rezzo "$KITS/rezzo/champion" builtin:attacker --seed 5 --option size=128x128 --option max_ticks=1200 &
chicken_game short_a 20000 0 --seed 7 &
chicken_game short_b 20000 1 --seed 8 &
wait
kit_game rt rising_tide "$KITS/rising_tide/champion" builtin:trench_tunis builtin:seawall_sydney \
  builtin:nearby_new_orleans --seed 3 # (after the others: its 100 ms moves want a core each time, which they would not leave it)

if [ "${ARENA_REAL_CLOCK:-0}" = 1 ]; then
  t_step "chicken_champion_at_the_real_clock_360s_no_verdict_and_uses_its_bank" chicken_check real 360000 0
else
  echo "# skipped (not counted): chicken_champion_at_the_real_clock_360s takes six minutes; set ARENA_REAL_CLOCK=1 (make eval plays it)"
fi
t_step "chicken_champion_with_a_60s_bank_no_verdict_and_uses_its_bank" chicken_check long 60000 0
t_step "chicken_champion_as_A_with_a_20s_bank_no_verdict" chicken_check short_a 20000 0
t_step "chicken_champion_as_B_with_a_20s_bank_no_verdict" chicken_check short_b 20000 1
t_step "rezzo_champion_in_real_time_60ms_ticks_no_verdict" kit_check rezzo "$REZZO_CHECK"
t_step "rising_tide_champion_plays_a_full_game_under_the_sandbox_at_the_real_clock" kit_check rt "$RT_CHECK"
t_done
