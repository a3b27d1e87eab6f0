# play_one.sh GAME SEED DIR: plays one quick game with built-in bots and writes DIR/SEED.jsonl
# (used by test_verify_many.sh through xargs, which then verifies them all). Prints nothing on success.
game=$1 seed=$2 dir=$3
case $game in
rising_tide) seats="builtin:random_rizhao builtin:trench_tunis builtin:border_barcelona builtin:level_los_angeles"; opts="" ;;
suitebot) seats="builtin:random builtin:harvester builtin:miner"; opts="--option rounds=60" ;;
chicken) case $((seed % 3)) in
  0) seats="builtin:yolanda builtin:greedy" ;; 1) seats="builtin:tracker builtin:yolanda" ;; *) seats="builtin:greedy builtin:tracker" ;;
  esac; opts="" ;;
splitter) seats="builtin:random"; opts="--option layout=both --option game=$seed" ;;
rezzo) case $((seed % 3)) in
  0) seats="builtin:wander builtin:attacker" ;; 1) seats="builtin:attacker builtin:wander builtin:wander" ;; *) seats="builtin:attacker builtin:attacker" ;;
  esac; opts="--quick --option size=40x40 --option max_ticks=300 --option keyframe_every=40" ;;
*) echo "no setup for $game"; exit 1 ;;
esac
"$ARENA" play "$game" $seats $opts --seed "$seed" --display none --json --replay "$dir/$seed.jsonl" >/dev/null 2>"$dir/$seed.err" \
  || { echo "play $game seed $seed failed:"; cat "$dir/$seed.err"; exit 1; }
