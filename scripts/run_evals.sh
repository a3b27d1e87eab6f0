#!/bin/sh
# run_evals.sh: `make eval`: every strength evaluation, scripts/eval_* (EVALS: another list of
# programs, split at blanks), one after another, each with its default game counts.
# An evaluation that fails (its tournament had failed matches, its targets were not met, a game
# could not be played) does not stop the ones after it: they take hours, and one failed match
# lost the rest of the run. Each failure is said when it happens ("== NAME: exit N"); at the end
# the failed evaluations are named and the exit status is 1 (0 when every one passed).
cd "$(dirname "$0")/.." || exit 2
failed="" n=0 nfailed=0
for s in ${EVALS:-scripts/eval_*}; do
  n=$((n + 1))
  echo "== $s"
  rc=0
  "$s" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "== $s: exit $rc (the evaluations after it go on)"
    failed="$failed $s" nfailed=$((nfailed + 1))
  fi
done
if [ "$nfailed" -gt 0 ]; then
  echo "make eval: $nfailed of $n evaluations failed (their output above says why):$failed" >&2
  exit 1
fi
echo "make eval: all $n evaluations passed"
