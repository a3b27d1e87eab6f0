# test_slurm.sh: a tournament played by a Slurm job array of arena workers (scripts/slurm_workers.sh)
# against a PostgreSQL store, on a one-node Slurm cluster and a PostgreSQL cluster started here and
# stopped at the end: the array ends by itself when the tournament is done, every match is stored
# once, and the results are those of the same tournament on SQLite. Each step plays its SQLite
# reference in the background while the array plays (the steps wait on Slurm and PostgreSQL more
# than they compute), and slurm.sh's MinJobAge makes `sbatch --wait` poll every 2 s. Steps 2, 3, 5:
# 19, 13, 44 s before (the program 103 s), 10-16, <10, 17-22 s after (49-68 s), at a load of 11-14.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
. tests/e2e/slurm.sh
export PYTHONPATH="$(pwd)/tests/e2e${PYTHONPATH:+:$PYTHONPATH}"

# Its usage, with no cluster: --help is the header alone (it printed the script's "set -eu"), and
# a store the tasks cannot reach is refused before sbatch (which then failed with its own errors).
usage() {
  scripts/slurm_workers.sh --help >"$T_TMP/o" || return 1
  expect_contains "$T_TMP/o" "Prints the array's job id." || return 1
  ! grep -q "set -eu" "$T_TMP/o" || { cat "$T_TMP/o"; return 1; }
  scripts/slurm_workers.sh --db "$T_TMP/t.db" --tasks 2 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "--db $T_TMP/t.db: a PostgreSQL URL is needed (postgresql://USER@HOST/DB)" || return 1
  # an option without its value stopped at the shell's "2: parameter not set"; --jobs reached sbatch
  scripts/slurm_workers.sh --db postgresql://h/db --tasks 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "slurm_workers.sh: --tasks needs a value (see --help)" || return 1
  scripts/slurm_workers.sh --db postgresql://h/db --jobs abc 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "slurm_workers.sh: --jobs abc: expected a positive number"
}
t_step "slurm_workers.sh: --help, and a store that is not PostgreSQL is refused" usage
if ! pg_start; then
  echo "# skipped (not counted): the Slurm job array test: $PG_SKIP"
  pg_stop
  exit 0
fi

# arena tourney --slurm's tasks get the URL in the environment, not on their command lines: ps on a
# shared node showed its password to every user of the node. A stand-in for sbatch runs the array's
# command as task 0 here (no Slurm needed), and the test reads that worker's command line.
tourney_slurm_hides_the_url() {
  mkdir -p "$T_TMP/fakebin"
  cat >"$T_TMP/fakebin/sbatch" <<'SH'
#!/bin/sh
while [ $# -gt 1 ]; do [ "$1" = --wrap ] && wrap=$2; shift; done
SLURM_ARRAY_JOB_ID=99 SLURM_ARRAY_TASK_ID=0 SLURM_CPUS_PER_TASK=1 sh -c "$wrap" >"$FAKE_DIR/task.log" 2>&1 &
echo $! >"$FAKE_DIR/task.pid"
echo 99
SH
  chmod +x "$T_TMP/fakebin/sbatch"
  db="$(pg_url hidden)&password=not-for-ps"
  FAKE_DIR=$T_TMP PATH="$T_TMP/fakebin:$PATH" "$ARENA" tourney rising_tide --option rounds=40 --games 4 --seed 1 \
    builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao \
    --db "$db" --slurm --workers 1 --quiet >"$T_TMP/fake.out" 2>&1 &
  sched=$!
  wait_until 30 test -s "$T_TMP/task.pid" || { kill $sched; cat "$T_TMP/fake.out"; return 1; }
  pid=$(cat "$T_TMP/task.pid")
  # the task's shell execs arena worker: read the command line once it has
  wait_until 30 grep -q worker /proc/$pid/cmdline || { kill $sched; cat "$T_TMP/fake.out" "$T_TMP/task.log"; return 1; }
  tr '\0' ' ' </proc/$pid/cmdline >"$T_TMP/cmdline"
  wait $sched || { cat "$T_TMP/fake.out" "$T_TMP/task.log"; return 1; }
  expect_eq "$(pg_psql hidden "select count(*) from results where worker like 'slurm-99-0@%'")" 4 "matches the task played" || return 1
  ! grep -q "not-for-ps" "$T_TMP/cmdline" || { echo "the task's command line shows the password:"; cat "$T_TMP/cmdline"; return 1; }
}
t_step "arena tourney --slurm: the tasks get the store's URL (its password) in the environment, not in ps" tourney_slurm_hides_the_url

# An array cancelled (scancel) or whose tasks all failed (a missing --output folder) left the
# scheduler following the store in silence, for ever. Stand-ins: an sbatch that starts no task and
# an squeue that lists none (the array has ended); the scheduler stops, exit 1, saying so.
tourney_slurm_stops_when_its_array_has_ended() {
  mkdir -p "$T_TMP/gonebin"
  printf '#!/bin/sh\necho 77\n' >"$T_TMP/gonebin/sbatch"
  printf '#!/bin/sh\nexit 0\n' >"$T_TMP/gonebin/squeue"
  chmod +x "$T_TMP/gonebin/sbatch" "$T_TMP/gonebin/squeue"
  PATH="$T_TMP/gonebin:$PATH" timeout 60 "$ARENA" tourney rising_tide --option rounds=10 --games 4 --seed 1 \
    builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao \
    --db "$(pg_url gone)" --slurm --workers 2 >"$T_TMP/gone.out" 2>&1
  rc=$?
  cat "$T_TMP/gone.out"
  expect_eq "$rc" 1 "exit status" || return 1
  expect_contains "$T_TMP/gone.out" "stopped: the Slurm job array 77 has ended with matches left (cancelled, or its tasks failed: see arena-worker-77-N.log" || return 1
  expect_contains "$T_TMP/gone.out" "0 of 4 matches are stored" || return 1
  ! grep -q "goes on playing" "$T_TMP/gone.out"
}
t_step "arena tourney --slurm: an array that ended with matches left (scancel) stops the scheduler, exit 1, saying so" \
  tourney_slurm_stops_when_its_array_has_ended

if ! slurm_start; then
  echo "# skipped (not counted): the Slurm job array test: $SLURM_SKIP"
  slurm_stop
  pg_stop
  exit 0
fi
trap 'slurm_stop; pg_stop; rm -rf "$T_TMP"' EXIT
GAME="rising_tide --option rounds=40 --games 4 --seed 1"
ENTRANTS="builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao builtin:border_barcelona"

rows() { python3 tests/e2e/storedb.py results "$1"; }
array_ended() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }
running_tasks() { # running_tasks DB JOB N: N of the array's tasks are registered, running workers
  [ "$(pg_psql "$1" "select count(*) from workers where name like 'slurm-$2-%' and state = 'running'")" = "$3" ]
}

array_plays_the_tournament() {
  game="rising_tide --option rounds=40 --games 12 --seed 1"
  "$ARENA" tourney $game $ENTRANTS --db "$T_TMP/ref60.db" --jobs 2 --quiet &
  ref=$!
  # a password in the URL (the cluster trusts, libpq sends it to nobody): no task shows it to ps
  db="$(pg_url slurm)&password=not-for-ps"
  "$ARENA" tourney $game $ENTRANTS --db "$db" --workers 0 --quiet || return 1
  # The queue opens once both tasks are up: one task alone plays a short tournament in about a
  # second, which CI once saw end before Slurm had started the other ('tasks that played 1'). Its
  # matches look held by another worker meanwhile, so neither task finds the store empty and ends.
  pg_psql slurm "update jobs set state = 'leased', lease_expires = extract(epoch from now()) + 3600" || return 1
  # --wait: sbatch prints the job id at once, then returns when every task has ended
  scripts/slurm_workers.sh --db "$db" --tasks 2 --jobs 1 --arena "$ARENA" --log-dir "$T_TMP/logs" --wait \
    >"$T_TMP/job" &
  sbatch_pid=$!
  wait_until 60 test -s "$T_TMP/job" || { echo "sbatch printed no job id"; return 1; }
  job=$(cat "$T_TMP/job")
  wait_until 60 running_tasks slurm "$job" 2 || { echo "the two tasks did not start"; squeue; cat "$T_TMP"/logs/*; return 1; }
  # the URL reached the tasks in the environment, not on their command lines (ps on a shared node
  # showed the password to every user of the node)
  shown=""
  for pid in $(pg_psql slurm "select pid from workers where name like 'slurm-$job-%'"); do
    tr '\0' ' ' </proc/$pid/cmdline >"$T_TMP/cmdline"
    grep -q " worker " "$T_TMP/cmdline" && ! grep -q "not-for-ps" "$T_TMP/cmdline" || shown="$shown$(cat "$T_TMP/cmdline");"
  done
  pg_psql slurm "update jobs set state = 'queued', lease_expires = null" || return 1
  [ -z "$shown" ] || { echo "a task's command line shows the password: $shown"; wait $sbatch_pid; return 1; }
  wait $sbatch_pid || { cat "$T_TMP"/logs/* 2>/dev/null | tail; return 1; }
  # both tasks ended by themselves (--exit-when-empty) and both played
  expect_eq "$(ls "$T_TMP/logs" | wc -l)" 2 "task logs" || return 1
  grep -q "no match left" "$T_TMP"/logs/arena-worker-*-0.log || { cat "$T_TMP"/logs/*; return 1; }
  expect_eq "$(pg_psql slurm "select count(distinct worker) from results")" 2 "tasks that played" || return 1
  pg_psql slurm "select worker from results limit 1" | grep -q "^slurm-$job-" || return 1
  expect_eq "$(pg_psql slurm "select count(*), count(distinct job_id) from results")" "60|60" "results" || return 1
  wait $ref || { echo "the SQLite reference failed"; return 1; }
  rows "$T_TMP/ref60.db" >"$T_TMP/want" && rows "$db" >"$T_TMP/got" && cmp "$T_TMP/want" "$T_TMP/got"
}
t_step "a Slurm job array of arena workers plays a PostgreSQL tournament and ends with it" array_plays_the_tournament

# arena tourney --slurm: the scheduler submits the array itself, follows it, and prints the standings;
# --slurm-args reach sbatch (the logs' folder); the same results as on SQLite.
tourney_submits_its_array() {
  "$ARENA" tourney $GAME $ENTRANTS --db "$T_TMP/ref.db" --jobs 2 --quiet &
  ref=$!
  db=$(pg_url byself)
  mkdir -p "$T_TMP/logs3"
  "$ARENA" tourney $GAME $ENTRANTS --db "$db" --slurm --workers 2 \
    --slurm-args "--output=$T_TMP/logs3/w-%A-%a.log --time=30" >"$T_TMP/out3" 2>"$T_TMP/err3" ||
    { cat "$T_TMP/err3"; return 1; }
  job=$(sed -n 's/.*Slurm job array \([0-9]*\) (2 tasks).*/\1/p' "$T_TMP/err3")
  [ -n "$job" ] || { cat "$T_TMP/err3"; return 1; }
  grep -q "20 of 20 matches stored" "$T_TMP/out3" && grep -q "Seawall Sydney" "$T_TMP/out3" || { cat "$T_TMP/out3"; return 1; }
  expect_eq "$(ls "$T_TMP/logs3" | wc -l)" 2 "task logs" || return 1
  expect_eq "$(pg_psql byself "select count(*), count(distinct job_id) from results")" "20|20" "results" || return 1
  [ "$(pg_psql byself "select count(*) from results where worker like 'slurm-$job-%'")" = 20 ] || return 1
  wait $ref || { echo "the SQLite reference failed"; return 1; }
  rows "$T_TMP/ref.db" >"$T_TMP/want3" && rows "$db" >"$T_TMP/got3" && cmp "$T_TMP/want3" "$T_TMP/got3" || return 1
  # the tasks end by themselves: the array leaves the queue
  wait_until 60 array_ended "$job" || { echo "the array did not end"; squeue; return 1; }
}
t_step "arena tourney --slurm submits its workers' array, follows it and prints the standings" tourney_submits_its_array

slurm_needs_postgres() {
  "$ARENA" tourney $GAME $ENTRANTS --db "$T_TMP/s.db" --slurm --quiet 2>"$T_TMP/err4"
  expect_eq $? 2 "exit status" && grep -q "needs a PostgreSQL store" "$T_TMP/err4" || { cat "$T_TMP/err4"; return 1; }
}
t_step "--slurm on an SQLite file is refused with a clear message" slurm_needs_postgres

# Preemption: Slurm signals a task (SIGTERM, as before a requeue or at a time limit): the task hands
# its match back at once, uncounted, and the rest of the array plays it; nothing is lost or doubled.
task0_plays() {
  [ "$(pg_psql preempt "select count(*) from jobs j join workers w on w.id = j.lease_worker where j.state = 'leased' and w.name = 'slurm-$1-0'")" = 1 ]
}
preempted_task_loses_nothing() {
  mkdir -p "$T_TMP/org/bots"
  cp tests/bots/tourney/slow/slow.py "$T_TMP/org/bots/"
  slow="s=python:bots/slow.py builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao"
  # 10 matches, 8 with the slow bot (about a second each), so task 0 still holds one when it is
  # signalled; then task 1 plays the rest alone (20 matches cost it 10 s more and assert nothing more)
  game="rising_tide --option rounds=40 --games 2 --seed 1"
  (cd "$T_TMP/org" && "$ARENA" tourney $game $slow --db "$T_TMP/ref2.db" --jobs 2 --quiet) &
  ref=$!
  db=$(pg_url preempt)
  (cd "$T_TMP/org" && "$ARENA" tourney $game $slow --db "$db" --workers 0 --quiet) || return 1
  job=$(scripts/slurm_workers.sh --db "$db" --tasks 2 --jobs 1 --arena "$ARENA" --log-dir "$T_TMP/logs2") || return 1
  wait_until 60 task0_plays "$job" || { echo "task 0 never played"; return 1; }
  scancel --batch --signal=TERM "${job}_0" || return 1
  wait_until 120 array_ended "$job" || { echo "the array did not end"; squeue; return 1; }
  grep -q "handed back (interrupted)" "$T_TMP"/logs2/arena-worker-*-0.log || { cat "$T_TMP"/logs2/*-0.log; return 1; }
  [ "$(pg_psql preempt "select count(*) from attempts where outcome = 'interrupted'")" -ge 1 ] || return 1
  expect_eq "$(pg_psql preempt "select sum(failures) from jobs")" 0 "failures counted" || return 1
  expect_eq "$(pg_psql preempt "select count(*), count(distinct job_id) from results")" "10|10" "results" || return 1
  wait $ref || { echo "the SQLite reference failed"; return 1; }
  rows "$T_TMP/ref2.db" >"$T_TMP/want2" && rows "$db" >"$T_TMP/got2" && cmp "$T_TMP/want2" "$T_TMP/got2"
}
t_step "a preempted Slurm task (SIGTERM) hands its match back; the array still plays everything once" preempted_task_loses_nothing
t_done
