# test_valgrind_referee.sh: bin/arena under valgrind through the referee's other paths (built-in
# and process seats, a silent seat, the Python adapter, replays, verify, playback, trace-check,
# bench); no memory error, no definite leak. The misbehaving bots are test_valgrind_misbehave.sh.
. tests/valgrind/lib.sh
t_step "play: builtins, replay and log" vg play play rising_tide builtin:random_rizhao builtin:trench_tunis builtin:seawall_sydney $P \
  --seed 3 --display none --replay "$T_TMP/r.jsonl" --log "$T_TMP/log.txt"
t_step "play: kit processes" vg kits play rising_tide bin/kits/rising_tide/random_rizhao bin/kits/rising_tide/level_los_angeles $P $P \
  --seed 4 --display none --option rounds=60 $LIMITS
t_step "play: silent bot goes down" vg silent play rising_tide $P "$BOT silent 0" $P $P --seed 5 --display none \
  --option rounds=4 --move-ms 200 --hard-ms 1500 --startup-ms 500
t_step "play: python adapter seat" vg python play rising_tide python:tests/bots/rising_tide/sample_ais.py:trench_tunis $P $P $P \
  --seed 6 --display none --option rounds=30 $LIMITS
t_step "verify" vg verify verify "$T_TMP/r.jsonl"
t_step "verify fails cleanly on a corrupt replay" sh -c "head -c 5000 '$T_TMP/r.jsonl' > '$T_TMP/bad.jsonl'; $A verify '$T_TMP/bad.jsonl'; [ \$? -eq 1 ]"
t_step "replay --plain" vg replay replay "$T_TMP/r.jsonl" --plain --turn 30
t_step "trace-check" vg trace trace-check rising_tide tests/vectors/rising_tide/trace_11.jsonl
t_step "bench --referee" vg bench bench rising_tide --referee --games 2
t_step "usage errors" sh -c "$A play rising_tide $P 2>/dev/null; [ \$? -eq 2 ]"
t_done
