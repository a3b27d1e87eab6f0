#!/bin/sh
# fuzz_campaign.sh [SECONDS] [RUNS] [TARGET...]: every fuzz target (or only the TARGETs named,
# appending to the figures already recorded, so an interrupted campaign can resume) until RUNS
# executions (default 10 million) or SECONDS (default 1800), two targets at a time; the figures for docs/hardening.md go to
# build-fuzz/campaign.txt, crashes to build-fuzz/crashes/ (copy each into the target's corpus as
# a regression test).
set -eu
cd "$(dirname "$0")/.."
SECONDS_MAX=${1:-1800}
RUNS=${2:-10000000}
[ $# -gt 2 ] && shift 2 || set --
make -s fuzz FUZZ_SECONDS=1 >/dev/null 2>&1 # builds every target with libFuzzer
out=build-fuzz/campaign.txt
[ $# -gt 0 ] || : >"$out"
run() {
  t=$1
  rm -rf "build-fuzz/campaign-$t"; cp -r "tests/fuzz/corpus/$t" "build-fuzz/campaign-$t"
  start=$(date +%s)
  "build-fuzz/$t" -runs="$RUNS" -max_total_time="$SECONDS_MAX" -print_final_stats=1 -max_len=65536 \
    -artifact_prefix="build-fuzz/crashes/$t-" "build-fuzz/campaign-$t" >"build-fuzz/campaign-$t.log" 2>&1 || true
  secs=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build-fuzz/campaign-$t.log")
  cov=$(grep -o 'cov: [0-9]*' "build-fuzz/campaign-$t.log" | tail -n 1 | cut -d' ' -f2)
  found=$(grep -c 'ERROR: \(Address\|Leak\|Undefined\)Sanitizer\|deadly signal' "build-fuzz/campaign-$t.log" || true)
  echo "$t execs=${execs:-?} seconds=$secs coverage=${cov:-?} crashes=$found" >>"$out"
}
mkdir -p build-fuzz/crashes
if [ $# -eq 0 ]; then
  set -- $(ls tests/fuzz/fuzz_*.c | xargs -n1 basename | sed 's/\.c$//')
fi
while [ $# -gt 0 ]; do
  run "$1" &
  if [ $# -gt 1 ]; then run "$2" & shift; fi
  wait
  shift
done
cat "$out"
