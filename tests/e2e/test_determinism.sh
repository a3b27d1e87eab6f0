# test_determinism.sh: for every game, the same seed and the same bots give byte-identical replays
# across runs and across --jobs values (a small tournament of built-ins with --replays, played with
# one and with two workers, and again).
. tests/e2e/lib.sh

# game -> entrants and options (quick games)
setup() {
  case $1 in
  rising_tide) echo "builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao|--option rounds=60" ;;
  suitebot) echo "builtin:random builtin:harvester builtin:miner|--option rounds=40 --seats 3" ;;
  chicken) echo "builtin:greedy builtin:yolanda builtin:tracker|" ;;
  splitter) echo "builtin:random builtin:greedy|" ;;
  rezzo) echo "builtin:wander builtin:attacker|--option size=48x48 --option max_ticks=150 --quick" ;;
  esac
}

for game in rising_tide suitebot chicken splitter rezzo; do
  "$ARENA" list "$game" >/dev/null 2>&1 || { echo "# $game is not built into this arena"; continue; }
  conf=$(setup "$game"); entrants=${conf%%|*}; opts=${conf#*|}
  same() {
    for run in j1 j2 j1b; do
      jobs=${run#j}; jobs=${jobs%b}
      rm -rf "$T_TMP/$game-$run"
      "$ARENA" tourney "$game" $entrants $opts --games 4 --seed 21 --jobs "$jobs" --db "$T_TMP/$game-$run.db" \
        --replays "$T_TMP/$game-$run" --quiet >"$T_TMP/out" 2>&1 || { cat "$T_TMP/out"; return 1; }
    done
    n=$(ls "$T_TMP/$game-j1" | wc -l)
    [ "$n" -ge 4 ] || { echo "only $n replays"; return 1; }
    diff -r "$T_TMP/$game-j1" "$T_TMP/$game-j2" >/dev/null || { echo "--jobs 1 and --jobs 2 differ"; diff -rq "$T_TMP/$game-j1" "$T_TMP/$game-j2" | head; return 1; }
    diff -r "$T_TMP/$game-j1" "$T_TMP/$game-j1b" >/dev/null || { echo "two runs with --jobs 1 differ"; return 1; }
    for f in "$T_TMP/$game-j1"/*.jsonl; do "$ARENA" verify "$f" --quiet || return 1; done
  }
  t_step "$game: byte-identical replays across runs and --jobs 1/2 ($(echo $entrants | wc -w) entrants)" same
done
t_done
