# test_eval.sh: `make eval` and its scripts go on past a failure. An evaluation runs for hours;
# one failed match (a whole-match limit passed) stopped the script at its first tournament
# (set -e on `arena tourney`'s exit 1), and `make eval` at the first failed script: the rest of the
# run was lost, and what had failed was not said at the end. The games here are few and cut short.
. tests/e2e/lib.sh

# eval_chicken.sh with no built-in games, 2 champion games a pairing, no real-clock games, and a
# whole-match limit no game meets: both pairings' tournaments fail all their matches.
chicken_goes_on_past_failed_matches() {
  ARENA="$ARENA" TOURNEY_ARGS="--match-timeout 0.3 --retries 0" scripts/eval_chicken.sh 0 2 0 >"$T_TMP/o" 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  # the second pairing was played too, and each line says what failed and why
  expect_contains "$T_TMP/o" "champion  vs searcher (3.6 s bank)      0 games played" || return 1
  expect_contains "$T_TMP/o" "champion  vs tracker  (3.6 s bank)      0 games played" || return 1
  expect_eq "$(grep -c '  2 of 2 matches failed (not counted):' "$T_TMP/o")" 2 "failure lines" || return 1
  expect_contains "$T_TMP/o" "    match 1: passed the whole-match limit of 0.3 s" || return 1
  expect_contains "$T_TMP/e" "eval_chicken: matches failed in: champion vs searcher (3.6 s bank), champion vs tracker (3.6 s bank)"
}
t_step "eval_chicken.sh: a tournament's failed matches do not stop the next pairing; exit 1 naming them" \
  chicken_goes_on_past_failed_matches

# A built-in game that could not be played (arena play exit 1) was dropped in silence: the pairing
# counted fewer games, exit 0, and the pairs after it were misaligned (an odd count stopped the
# summary with a Python IndexError). Its pair is left out, the line says so, and the script exits 1.
chicken_names_builtin_games_not_played() {
  printf '#!/bin/sh\ncase " $* " in *" --seed 1001 "*) echo "arena: error: made up by the test" >&2; exit 1;; esac\nexec "%s" "$@"\n' \
    "$ARENA" >"$T_TMP/flaky_arena"
  chmod +x "$T_TMP/flaky_arena"
  ARENA="$T_TMP/flaky_arena" scripts/eval_chicken.sh 6 0 0 >"$T_TMP/o" 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  # pairs 0 and 2 of each pairing counted (4 games), pair 1 left out, said on the line after it
  expect_eq "$(grep -c '(built-ins)       4 games:' "$T_TMP/o")" 6 "pairings with 4 games counted" || return 1
  expect_eq "$(grep -c '  1 of 3 pairs not counted: a game of each could not be played' "$T_TMP/o")" 6 "notes" || return 1
  expect_contains "$T_TMP/e" "eval_chicken: matches failed in: greedy vs yolanda (built-ins), tracker vs greedy (built-ins)" ||
    return 1
  ! grep -q Traceback "$T_TMP/e"
}
t_step "eval_chicken.sh: a built-in game that could not be played is named, its pair not counted (exit 1)" \
  chicken_names_builtin_games_not_played

# A usage error is the script's own mistake: every pairing after it would make it again.
chicken_stops_at_a_usage_error() {
  ARENA="$ARENA" TOURNEY_ARGS="--no-such-flag" scripts/eval_chicken.sh 0 2 0 >"$T_TMP/o" 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 2 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  expect_eq "$(grep -c 'unknown option --no-such-flag' "$T_TMP/e")" 1 "tournaments tried"
}
t_step "eval_chicken.sh: a usage error stops it at once (exit 2)" chicken_stops_at_a_usage_error

# make eval's runner: the evaluations after a failed one run, and the failed ones are named at the end.
runner_goes_on_and_names_the_failed() {
  for k in 1 2 3; do
    printf '#!/bin/sh\necho ran >"%s/ran%s"\nexit %s\n' "$T_TMP" $k $((k == 2 ? 0 : k + 2)) >"$T_TMP/eval_$k.sh"
    chmod +x "$T_TMP/eval_$k.sh"
  done
  EVALS="$T_TMP/eval_1.sh $T_TMP/eval_2.sh $T_TMP/eval_3.sh" scripts/run_evals.sh >"$T_TMP/o" 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 1 ] || { echo "exit $rc"; cat "$T_TMP/o" "$T_TMP/e"; return 1; }
  for k in 1 2 3; do [ -e "$T_TMP/ran$k" ] || { echo "eval_$k.sh did not run"; return 1; }; done
  expect_contains "$T_TMP/o" "== $T_TMP/eval_1.sh: exit 3 (the evaluations after it go on)" || return 1
  expect_contains "$T_TMP/e" "make eval: 2 of 3 evaluations failed (their output above says why): $T_TMP/eval_1.sh $T_TMP/eval_3.sh" ||
    return 1
  EVALS="$T_TMP/eval_2.sh" scripts/run_evals.sh >"$T_TMP/o" 2>&1 || return 1
  expect_contains "$T_TMP/o" "make eval: all 1 evaluations passed" || return 1
  # and it is what make eval runs (a dry run: nothing is played). Under `make test` the inherited
  # MAKELEVEL made the dry run end with "make[1]: Leaving directory": any line, not the last.
  make --no-print-directory -n eval 2>/dev/null | grep -qx "scripts/run_evals.sh"
}
t_step "make eval (scripts/run_evals.sh): goes on past a failed evaluation; exit 1 naming the failed ones" \
  runner_goes_on_and_names_the_failed

t_done
