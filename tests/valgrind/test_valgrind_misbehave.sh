# test_valgrind_misbehave.sh: the referee under valgrind against a bot that misbehaves in every
# way tests/bots/rising_tide/misbehave.py knows; no memory error, no definite leak.
. tests/valgrind/lib.sh
for mode in comment malformed illegal twice huge garbage exit signal close partial ident skip; do
  t_step "play: misbehaving bot ($mode)" vg $mode play rising_tide $P "$BOT $mode 2" $P $P --seed 5 --display none \
    --option rounds=8 --json --replay "$T_TMP/m.jsonl" --log "$T_TMP/m.log" $LIMITS
done
t_done
