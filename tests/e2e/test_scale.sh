# test_scale.sh: tournaments played by many workers through a PostgreSQL store (docs/scale.md), on a
# throwaway cluster started here: the same results as on SQLite; bots that reach a worker without
# the organizer's folder (and a tourney's own workers with a home that cannot take their cache);
# kill -9 of a worker and of the scheduler, a restart of the server, a
# worker frozen past its lease, a worker sent SIGTERM, a match cancelled while it is played: nothing
# finished is lost, nothing is stored twice, a stale result is refused, an interrupted match is not
# counted against it, a cancelled one is stopped.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
export PYTHONPATH="$(pwd)/tests/e2e${PYTHONPATH:+:$PYTHONPATH}"
if ! pg_start; then
  echo "# skipped (not counted): the scale suite: $PG_SKIP"
  pg_stop
  exit 0
fi
# storedb.py's psql: the cluster's own, not Debian's wrapper on PATH (a Perl script each query)
export ARENA_TEST_PGBIN="$PG_BIN"
pids=""
cleanup() {
  for p in $pids; do kill -9 "$p" 2>/dev/null; kill -CONT "$p" 2>/dev/null; done
  pg_stop
  rm -rf "$T_TMP"
}
trap cleanup EXIT
# The organizer's folder: the slow bot (about a second a match) sits in bots/ there.
mkdir -p "$T_TMP/org/bots" "$T_TMP/elsewhere" "$T_TMP/home2"
cp tests/bots/tourney/slow/slow.py "$T_TMP/org/bots/"
ENTRANTS="s=python:bots/slow.py builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao"
# 5 groups of 4 of the 5 entrants, 2 games each: N matches (there were 20, 4 games a group, until
# 2026-11-29: each step that plays the whole tournament, eight of them, took twice as long)
GAME="rising_tide --option rounds=40 --games 2 --seed 1"
N=10
W="--lease 3 --heartbeat 1 --poll 0.2"

# rows DB: the stored results, normalized (one line per seat), and checks there is one result per job
rows() { python3 tests/e2e/storedb.py results "$1"; }
schedule() { # schedule DB: only puts the matches in the queue
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME $ENTRANTS --db "$1" --workers 0 --quiet)
}
worker() { # worker DB LOG ARGS...: an arena worker in the background, its pid in $last
  db=$1 log=$2; shift 2
  (cd "$T_TMP/elsewhere" && HOME="$T_TMP/home2" exec "$ARENA" worker --db "$db" $W "$@") 2>"$log" &
  last=$!
  pids="$pids $last"
}
stored() { pg_psql "$1" "select count(*) from results"; }
stored_at_least() { [ "$(stored "$1" 2>/dev/null || echo 0)" -ge "$2" ]; }
has_leased() { [ "$(pg_psql "$1" "select count(*) from jobs where state = 'leased'" 2>/dev/null)" -gt 0 ] 2>/dev/null; }

reference() {
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME $ENTRANTS --db "$T_TMP/ref.db" --jobs 6 --quiet) || return 1
  rows "$T_TMP/ref.db" >"$T_TMP/want" && [ "$(wc -l <"$T_TMP/want")" -eq $((N * 4)) ]
}
t_step "reference: the tournament on SQLite with 6 local workers" reference

same_results_three_workers() {
  db=$(pg_url same)
  schedule "$db" || return 1
  # the organizer's bot folder goes away: the workers can only run the copy in the store
  mv "$T_TMP/org/bots" "$T_TMP/org/bots.away"
  worker "$db" "$T_TMP/w1.log" --jobs 2 --exit-when-empty --name one
  w1=$last
  worker "$db" "$T_TMP/w2.log" --jobs 2 --exit-when-empty --name two
  w2=$last
  worker "$db" "$T_TMP/w3.log" --jobs 2 --exit-when-empty --name three
  w3=$last
  wait $w1 $w2 $w3
  mv "$T_TMP/org/bots.away" "$T_TMP/org/bots"
  rows "$db" >"$T_TMP/got" || return 1
  cmp "$T_TMP/want" "$T_TMP/got" || { diff "$T_TMP/want" "$T_TMP/got" | head; return 1; }
  expect_eq "$(pg_psql same "select count(distinct worker) from results")" 3 "workers that played" || return 1
  # the slow bot ran from the workers' cache (a different HOME, another folder), fetched once
  ls "$T_TMP"/home2/.cache/arena/bundles/*/bots/slow.py >/dev/null || return 1
  expect_eq "$(pg_psql same "select count(*) from bundles")" 1 "bundles"
}
t_step "3 arena workers elsewhere (no organizer's folder, another HOME) give SQLite's results for the same seed" same_results_three_workers

# arena tourney's own workers where the home cannot take the bundle cache (a home mounted
# read-only on a cluster's node; here a file in the way): they handed every match of a bot that
# travels back, for ever. The private folder under $TMPDIR instead, said once, as `arena worker`.
a_tourney_whose_home_cannot_cache_plays() {
  printf 'import util\n\ndef f(terrain, round_num):\n    return None\n\nmy_bot = util.make_bot("Me", "ME", f)\n' \
    >"$T_TMP/org/me.py" || return 1
  : >"$T_TMP/nohome" && mkdir -p "$T_TMP/tmp3" || return 1
  priv="$T_TMP/tmp3/arena-bundles-$(id -u)"
  (cd "$T_TMP/org" && unset XDG_CACHE_HOME && HOME="$T_TMP/nohome" TMPDIR="$T_TMP/tmp3" exec timeout 60 "$ARENA" \
    tourney rising_tide me=python:me.py builtin:random_rizhao --fill builtin:pass_perth --games 4 --option rounds=20 \
    --seed 3 --db "$(pg_url nohome)" --jobs 2 --quiet) 2>"$T_TMP/e"
  rc=$?
  cat "$T_TMP/e"
  expect_eq "$rc" 0 "exit status" || return 1
  expect_contains "$T_TMP/e" "arena: the bundle cache $T_TMP/nohome/.cache/arena/bundles cannot be used (Not a directory): using $priv instead, private to this user (XDG_CACHE_HOME chooses another)" || return 1
  ls "$priv"/*/me.py >/dev/null || return 1
  expect_eq "$(pg_psql nohome "select count(*) from results")" 4 "matches stored"
}
t_step "arena tourney whose home cannot take the bundle cache plays from a private folder under \$TMPDIR, said once" \
  a_tourney_whose_home_cannot_cache_plays

# Replays travel back: a tournament scheduled with --replays on PostgreSQL and played by a worker
# with no replays folder (another folder, another HOME) stores each replay with its result; the
# organizer's next run writes them into its folder, and each re-simulates to its stored result.
replays_come_back_through_the_store() {
  db=$(pg_url replays)
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME $ENTRANTS --db "$db" --workers 0 --replays reps --quiet) || return 1
  worker "$db" "$T_TMP/r1.log" --jobs 4 --exit-when-empty --name rep1
  r1=$last
  wait $r1
  expect_eq "$(pg_psql replays "select count(*) from replays r join results s on s.job_id = r.job_id")" $N "stored replays" || return 1
  expect_eq "$(ls "$T_TMP/org/reps" | wc -l)" 0 "replays the worker wrote into the organizer's folder" || return 1
  expect_eq "$(ls /tmp/arena-replay-$r1-* 2>/dev/null | wc -l)" 0 "the worker's leftover replay files" || return 1
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME $ENTRANTS --db "$db" --workers 0 --replays reps --quiet) || return 1
  expect_eq "$(ls "$T_TMP/org/reps" | grep -c '^t1-m.*\.jsonl$')" $N "replays written from the store" || return 1
  # ... and they are the results' replays: the report links each (it linked none: no path was stored)
  expect_eq "$(pg_psql replays "select count(*) from results where replay like '$T_TMP/org/reps/t1-m%.jsonl'")" $N \
    "results naming the organizer's copy" || return 1
  (cd "$T_TMP/org" && "$ARENA" report --db "$db" -o report.html >/dev/null) || return 1
  expect_eq "$(grep -o 'href="reps/t1-m[0-9]*\.jsonl"' "$T_TMP/org/report.html" | sort -u | wc -l)" $N "replay links" || return 1
  for f in "$T_TMP"/org/reps/*.jsonl; do
    "$ARENA" verify "$f" >/dev/null 2>"$T_TMP/verify.err" || { echo "$f:"; cat "$T_TMP/verify.err"; return 1; }
  done
}
t_step "replays of matches played elsewhere are stored with their results and come back to the organizer" replays_come_back_through_the_store

# The competition server without local workers: a worker elsewhere plays, the server serves the
# replay from the store (serve_remote.py prints its own ok / not ok lines).
ARENA_SERVE_DB=$(pg_url serve_remote) PG_BIN="$PG_BIN" ARENA="$ARENA" python3 tests/e2e/serve_remote.py |
  sed 's/^\(not \)\{0,1\}ok - /&serve on postgresql: /'

kill_a_worker() {
  db=$(pg_url killw)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/k1.log" --jobs 2
  k1=$last
  wait_until 30 has_leased killw || { echo "the worker never claimed"; return 1; }
  kill -9 $k1
  # its leased matches come back once the lease (3 s) expires; another worker finishes everything
  worker "$db" "$T_TMP/k2.log" --jobs 4 --exit-when-empty
  wait $last
  rows "$db" >"$T_TMP/got" || return 1
  cmp "$T_TMP/want" "$T_TMP/got" || return 1
  [ "$(pg_psql killw "select count(*) from attempts where outcome = 'lost'")" -ge 1 ] || { echo "no lost attempt"; return 1; }
  expect_eq "$(pg_psql killw "select sum(failures) from jobs")" 0 "failures counted"
}
t_step "kill -9 of a worker in mid-match: its matches come back after the lease; nothing lost or stored twice" kill_a_worker

kill_the_scheduler() {
  db=$(pg_url kills)
  # a lease far longer than the resume takes even on a loaded machine (one run at load 20 took
  # 25 s): waiting for it could not pass for "at once"
  (cd "$T_TMP/org" && exec "$ARENA" tourney $GAME $ENTRANTS --db "$db" --jobs 4 --quiet --lease 300) &
  s=$!
  pids="$pids $s"
  wait_until 30 has_leased kills || return 1
  sleep 1
  kill -9 $s
  wait $s 2>/dev/null
  before=$(stored kills)
  # the same command resumes: the dead scheduler's leases are taken back at once (same machine)
  start=$(date +%s)
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME $ENTRANTS --db "$db" --jobs 4 --quiet --lease 300) || return 1
  [ $(( $(date +%s) - start )) -lt 200 ] || { echo "waited for the 300 s lease"; return 1; }
  rows "$db" >"$T_TMP/got" || return 1
  cmp "$T_TMP/want" "$T_TMP/got" && echo "stored before the resume: $before"
}
t_step "kill -9 of the scheduler and its local workers: the same command resumes at once, same results" kill_the_scheduler

restart_the_server() {
  db=$(pg_url restart)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/r1.log" --jobs 4 --exit-when-empty
  r1=$last
  # (one stored: a match's result went through the first connection; of 10, the other 9 take at
  # least two more rounds of the worker's 4 slots, seconds, against the fraction of one the restart takes)
  wait_until 60 stored_at_least restart 1 || return 1
  pg_restart fast
  # The restart cut the worker's connection. It notices when it next uses it: the store reopens a
  # connection found dead before a statement (silently), and a statement refused while the server
  # was down makes the worker log "reconnecting" and retry; which one happens is a matter of timing.
  # Either way the matches stored after the restart went through a new connection.
  after=$(stored restart) || return 1
  [ "$after" -lt $N ] || { echo "all $N matches were stored before the restart was over"; return 1; }
  wait $r1 || { echo "the worker failed"; tail "$T_TMP/r1.log"; return 1; }
  rows "$db" >"$T_TMP/got" || return 1
  cmp "$T_TMP/want" "$T_TMP/got"
}
t_step "a restart of the PostgreSQL server in mid-tournament: the worker reconnects; nothing lost or twice" restart_the_server

frozen_worker() {
  db=$(pg_url frozen)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/f1.log" --jobs 1 --name frozen
  f1=$last
  wait_until 30 has_leased frozen || return 1
  kill -STOP $f1
  # while it sleeps, its lease expires and another worker plays everything
  worker "$db" "$T_TMP/f2.log" --jobs 4 --exit-when-empty
  wait $last
  kill -CONT $f1
  wait_until 20 grep -q "refused" "$T_TMP/f1.log" || { echo "no refusal:"; cat "$T_TMP/f1.log"; return 1; }
  kill -TERM $f1
  wait $f1
  grep -q "no longer holds the lease" "$T_TMP/f1.log" || return 1
  rows "$db" >"$T_TMP/got" || return 1
  cmp "$T_TMP/want" "$T_TMP/got"
}
t_step "a worker frozen (SIGSTOP) past its lease, then thawed, cannot store its stale result" frozen_worker

# A match cancelled while a worker plays it (the server dropping a final stage: queue_cancel_all,
# the same UPDATE here) is stopped at the worker's next heartbeat, its bots killed, with one line in
# the worker's log, and the worker plays on. It played the match to its end (a minute here: the bot
# sleeps that long on its first move, under no clock), its slot taken all that time.
no_bot_runs() { ! pgrep -f "$T_TMP/hom[e]2/" >/dev/null; } # (the pattern does not match pgrep itself)
cancel_while_played() { # the worker $c1 plays a match that is cancelled, then plays on
  wait_until 30 has_leased cancelled || { echo "the worker never claimed"; return 1; }
  pg_psql cancelled "UPDATE jobs SET state = 'cancelled', lease_token = NULL, lease_worker = NULL, lease_expires = NULL
    WHERE state IN ('queued', 'leased')" >/dev/null || return 1
  wait_until 30 grep -q "stopped and discarded" "$T_TMP/c1.log" || { echo "not stopped:"; cat "$T_TMP/c1.log"; return 1; }
  expect_eq "$(grep -c "stopped and discarded: job [0-9]*: result refused: this attempt no longer holds the lease (the match was cancelled)$" \
    "$T_TMP/c1.log")" 1 "lines saying so" || { cat "$T_TMP/c1.log"; return 1; }
  wait_until 10 no_bot_runs || { echo "its bot still runs:"; pgrep -af "$T_TMP/hom[e]2/"; return 1; }
  "$ARENA" tourney rising_tide builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao \
    --option rounds=10 --games 4 --seed 2 --db "$1" --workers 0 --quiet || return 1
  wait_until 30 stored_at_least cancelled 1 || { echo "nothing played after the cancel"; cat "$T_TMP/c1.log"; return 1; }
}
cancelled_in_play() {
  db=$(pg_url cancelled)
  mkdir -p "$T_TMP/sleepy/bots"
  printf '%s\n' 'import time' 'import util' '' 'def my_bot_fn(terrain, round_num):' '    time.sleep(60)' \
    '    return None' '' 'my_bot = util.make_bot("Sleepy", "SW", my_bot_fn)' >"$T_TMP/sleepy/bots/sleepy.py"
  (cd "$T_TMP/sleepy" && "$ARENA" tourney rising_tide z=python:bots/sleepy.py builtin:seawall_sydney builtin:trench_tunis \
    builtin:pass_perth --option rounds=10 --games 4 --seed 1 --no-timeout --db "$db" --workers 0 --quiet) || return 1
  worker "$db" "$T_TMP/c1.log" --jobs 1 --name canc
  c1=$last
  cancel_while_played "$db" || { kill -9 $c1; return 1; }
  kill -TERM $c1
  wait $c1 || return 1
  expect_eq "$(pg_psql cancelled "select count(*) from results r join jobs j on j.id = r.job_id where j.state = 'cancelled'")" 0 \
    "results of cancelled matches"
}
t_step "a match cancelled while a worker plays it is stopped at the next heartbeat; the worker plays on" cancelled_in_play

sigterm_hands_back() {
  db=$(pg_url term)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/t1.log" --jobs 2
  t1=$last
  wait_until 30 has_leased term || return 1
  kill -TERM $t1
  wait $t1
  grep -q "handed back (interrupted)" "$T_TMP/t1.log" || { cat "$T_TMP/t1.log"; return 1; }
  expect_eq "$(pg_psql term "select count(*) from jobs where state = 'leased'")" 0 "leases left" || return 1
  [ "$(pg_psql term "select count(*) from attempts where outcome = 'interrupted'")" -ge 1 ] || return 1
  expect_eq "$(pg_psql term "select sum(failures) from jobs")" 0 "failures counted" || return 1
  worker "$db" "$T_TMP/t2.log" --jobs 4 --exit-when-empty
  wait $last
  rows "$db" >"$T_TMP/got" && cmp "$T_TMP/want" "$T_TMP/got"
}
t_step "a worker sent SIGTERM hands its matches back as interrupted, not failed" sigterm_hands_back

# SIGTERM while the worker waits on the store (here a lock on the queue, held by a session of ours
# until the signal is sent; a slow server): nothing more is claimed. Every free slot was claimed and
# its match started within the step that was waiting, then handed back at once (four attempts,
# four sandboxes for nothing).
jobs_locked() {
  [ "$(pg_psql termwait "select count(*) from pg_locks where relation = 'jobs'::regclass and mode = 'AccessExclusiveLock' and granted")" = 1 ]
}
sigterm_while_waiting_claims_nothing_more() {
  db=$(pg_url termwait)
  schedule "$db" || return 1
  mkfifo "$T_TMP/lockfifo" || return 1
  "$PG_BIN/psql" -h "$PG_DIR" -U postgres -d termwait -X -q <"$T_TMP/lockfifo" >/dev/null &
  locker=$!
  exec 3>"$T_TMP/lockfifo"
  echo "begin; lock table jobs in access exclusive mode;" >&3
  wait_until 10 jobs_locked || { exec 3>&-; return 1; }
  worker "$db" "$T_TMP/tw.log" --jobs 4 --name termwait
  tw=$last
  wait_until 30 sh -c "[ \"\$(\"$PG_BIN/psql\" -h \"$PG_DIR\" -U postgres -d termwait -X -q -A -t -c \"select count(*) from workers where name = 'termwait'\")\" = 1 ]" ||
    { exec 3>&-; cat "$T_TMP/tw.log"; return 1; }
  kill -TERM $tw
  sleep 0.3
  echo "commit;" >&3
  exec 3>&-
  wait $tw
  rc=$?
  wait $locker
  expect_eq $rc 0 "exit status" || { cat "$T_TMP/tw.log"; return 1; }
  [ "$(pg_psql termwait "select count(*) from attempts")" -le 1 ] ||
    { pg_psql termwait "select outcome, count(*) from attempts group by outcome"; cat "$T_TMP/tw.log"; return 1; }
  expect_eq "$(pg_psql termwait "select count(*) from jobs where state = 'leased'")" 0 "leases left"
}
t_step "a worker sent SIGTERM while it waits on the store claims nothing more" sigterm_while_waiting_claims_nothing_more

# A worker stopped (SIGTERM) while the database is away cannot hand its match back: it exits 1 after
# --store-retry, saying where the match comes back: when its lease ends (300 s here), or as soon as a
# worker starts on this machine (the stopped worker's process is gone: its lease ends at once).
one_lost_attempt() { [ "$(pg_psql "$1" "select count(*) from attempts where outcome = 'lost'" 2>/dev/null)" = 1 ]; }
store_away_at_stop() {
  db=$(pg_url away)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/a1.log" --jobs 1 --lease 300 --store-retry 1 --name away
  a1=$last
  wait_until 30 has_leased away || { kill -9 $a1; echo "the worker never claimed"; return 1; }
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1
  kill -TERM $a1
  wait $a1
  rc=$?
  pg_restart
  expect_eq $rc 1 "exit status" || { cat "$T_TMP/a1.log"; return 1; }
  expect_contains "$T_TMP/a1.log" "stopping without it after 1 s, 1 not even handed back: the matches it held go back to \
the queue when their leases end (300 s after its last heartbeat), or as soon as a worker starts on this machine" || return 1
  expect_eq "$(pg_psql away "select count(*) from jobs where state = 'leased'")" 1 "matches left leased" || return 1
  worker "$db" "$T_TMP/a2.log" --jobs 1 --name back
  a2=$last
  wait_until 30 one_lost_attempt away
  rc=$?
  kill -TERM $a2
  wait $a2
  [ $rc -eq 0 ] || { echo "the lease was not taken back"; return 1; }
}
t_step "a worker stopped while the database is away says where its match comes back; a worker started here takes it back" \
  store_away_at_stop

status_json() {
  # --all: the first of the two workers was stopped more than ten leases (30 s) before on a loaded
  # machine, and the default list leaves out workers not seen for that long
  "$ARENA" tourney --db "$(pg_url term)" --status --json --all >"$T_TMP/st" || return 1
  python3 - "$T_TMP/st" $N <<'PY'
import json, sys
d, n = json.load(open(sys.argv[1])), int(sys.argv[2])
assert d["queue"]["done"] == n and d["queue"]["queued"] == 0, d["queue"]
assert d["tourneys"][0]["done"] == n and d["tourneys"][0]["planned"] == n
assert len(d["workers"]) == 2 and all(w["cpu"] and w["host"] for w in d["workers"]), d["workers"]
assert sum(w["played"] for w in d["workers"]) == n
PY
}
t_step "--status --json: the queue, each tournament and each worker (host, CPU, matches played)" status_json

require_a_tag() {
  db=$(pg_url tagged)
  worker "$db" "$T_TMP/u.log" --jobs 1 --name untagged
  u=$last
  "$ARENA" tourney rising_tide --option rounds=20 --games 4 --seed 3 builtin:seawall_sydney builtin:trench_tunis \
    builtin:pass_perth builtin:random_rizhao builtin:border_barcelona --db "$db" --workers 0 --require fast --quiet || return 1
  sleep 2 # the untagged worker looks several times (--poll 0.2) and finds nothing it may play
  expect_eq "$(stored tagged)" 0 "matches played by the untagged worker" || return 1
  worker "$db" "$T_TMP/t.log" --jobs 4 --name tagged --tag fast --tag other --exit-when-empty
  wait $last
  kill -TERM $u
  wait $u
  expect_eq "$(pg_psql tagged "select worker, count(*) from results group by worker" | sed 's/@[^|]*//')" "tagged|20" "who played"
}
t_step "a tournament requiring a tag (--require) is played only by workers with it (--tag)" require_a_tag

refuses_system_paths() {
  db=$(pg_url refuse)
  "$ARENA" tourney $GAME /usr/bin/true builtin:pass_perth builtin:trench_tunis builtin:seawall_sydney \
    --db "$db" --workers 0 2>"$T_TMP/e"; [ $? -eq 2 ] || return 1
  expect_contains "$T_TMP/e" "workers on other machines may not have it"
}
t_step "an entrant naming a system program by its path is refused at scheduling, with the reason" refuses_system_paths

# A worker on a machine whose arena was not rebuilt, against a store a newer arena brought up to
# date, retried for ever ("use a newer arena; trying again in 10 s"), a Slurm task for its whole
# time limit: no wait makes it newer. It exits 1 at once, saying so.
an_older_worker_does_not_wait_for_a_newer_store() {
  db=$(pg_url newer)
  schedule "$db" || return 1
  pg_psql newer "update schema_versions set version = 99 where domain = 'queue'" || return 1
  timeout 30 "$ARENA" worker --db "$db" --exit-when-empty 2>"$T_TMP/e"; rc=$?
  expect_eq $rc 1 "exit status" || { cat "$T_TMP/e"; return 1; }
  expect_contains "$T_TMP/e" "the store's 'queue' schema is version 99, newer than this arena knows" || return 1
  ! grep -q "trying again" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
}
t_step "an arena worker older than its store exits at once, saying so, instead of waiting for ever" \
  an_older_worker_does_not_wait_for_a_newer_store

# A worker already running when a newer arena brought the store up to date went on claiming and
# storing (it refused a newer store only at start-up). It reads the version again before each
# claim and after each reconnection (a server restarted for the upgrade), and exits 1 with the
# start-up message, the match it was playing handed back as interrupted (not failed, not lost).
exited() { ! kill -0 "$1" 2>/dev/null; }
newer_store_under_a_running_worker() { # NAME: the worker $nw has a match; the store is made newer
  wait_until 30 has_leased "$1" || return 1
  pg_psql "$1" "update schema_versions set version = 99 where domain = 'queue'" || return 1
}
it_stops_saying_so() { # NAME LOG: $nw exits 1 in time, saying why, its match handed back
  # (a step runs in a subshell: the cleanup at the end never sees $nw, so a worker playing on is
  # killed here, and retried its vanished server for ever once the cluster was gone)
  wait_until 10 exited $nw || { echo "the worker played on"; cat "$2"; kill -9 $nw; return 1; }
  wait $nw; rc=$?
  expect_eq $rc 1 "exit status" || { cat "$2"; return 1; }
  expect_contains "$2" "arena: error: postgresql:///$1?host=$PG_DIR&user=postgres: the store's 'queue' schema is version 99, \
newer than this arena knows" || return 1
  expect_contains "$2" "handed back to the queue, to be played again" || return 1
  expect_eq "$(pg_psql "$1" "select count(*) from jobs where state = 'leased' or failures > 0")" 0 "leased or failed" ||
    return 1
  [ "$(pg_psql "$1" "select count(*) from attempts where outcome = 'interrupted'")" -ge 1 ] || return 1
}
a_newer_store_stops_a_worker_at_its_claim() {
  db=$(pg_url newer_claim)
  schedule "$db" || return 1
  worker "$db" "$T_TMP/nc.log" --jobs 2
  nw=$last
  newer_store_under_a_running_worker newer_claim || { kill -9 $nw; return 1; }
  it_stops_saying_so newer_claim "$T_TMP/nc.log" # at its next claim, as a match ends (about a second)
}
t_step "a worker running when a newer arena migrates its store stops at its next claim, handing its match back" \
  a_newer_store_stops_a_worker_at_its_claim
a_newer_store_stops_a_worker_at_its_reconnection() {
  db=$(pg_url newer_rc)
  # one match of about 20 s (half a second a round, within its move time): no claim in the time given
  printf 'import sys, time\nfor line in sys.stdin:\n    if line.strip() == "go":\n        time.sleep(0.5)\n        print("pass", flush=True)\n' \
    >"$T_TMP/org/bots/nap.py"
  (cd "$T_TMP/org" && "$ARENA" tourney rising_tide --option rounds=40 --games 1 --seed 1 "z=python3 bots/nap.py" \
    builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth --move-ms 2000 --hard-ms 5000 --db "$db" \
    --workers 0 --quiet 2>/dev/null) || return 1
  worker "$db" "$T_TMP/nr.log" --jobs 1
  nw=$last
  newer_store_under_a_running_worker newer_rc || { kill -9 $nw; return 1; }
  pg_psql newer_rc "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = 'newer_rc' and
    pid <> pg_backend_pid()" >/dev/null || { kill -9 $nw; return 1; }
  it_stops_saying_so newer_rc "$T_TMP/nr.log" # at its next heartbeat (1 s), which reconnects
}
t_step "a worker running when a newer arena migrates its store stops when it reconnects, handing its match back" \
  a_newer_store_stops_a_worker_at_its_reconnection

# Opening a store asked information_schema whether schema_versions existed, then read that
# domain's row, for each of its 11 domains: 23 statements (4,000 of test_tourney.sh's 30,000 on
# PostgreSQL) before the first useful one, paid by every command, worker reconnection and server
# connection. An opening asks the catalog once and reads every version in one statement; the
# server's log (log_statement = all for this database's sessions only) counts them.
opening_statements() { # CMD...: runs arena CMD; prints its catalog questions and version reads
  n0=$(wc -l <"$PG_DIR/server.log")
  "$ARENA" "$@" >/dev/null 2>"$T_TMP/open.e" || { cat "$T_TMP/open.e"; return 1; }
  tail -n +$((n0 + 1)) "$PG_DIR/server.log" | grep 'LOG:  \(statement\|execute [^:]*\): ' >"$T_TMP/open.log"
  echo "$(grep -c 'information_schema\|pg_catalog\|pg_class\|to_regclass' "$T_TMP/open.log") \
$(grep -c 'FROM schema_versions' "$T_TMP/open.log")"
}
an_opening_asks_the_catalog_once() {
  db=$(pg_url opening)
  "$ARENA" tourney rising_tide --option rounds=40 --games 1 builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth \
    builtin:random_rizhao --db "$db" --quiet || return 1
  pg_psql postgres "alter database opening set log_statement = 'all'" || return 1
  expect_eq "$(opening_statements standings --db "$db")" "1 1" "arena standings: catalog questions, version reads" ||
    return 1
  expect_eq "$(opening_statements tourney --db "$db" --status)" "1 1" \
    "arena tourney --status: catalog questions, version reads" || return 1
  # a worker reads the versions again before its claim (store_newer)
  expect_eq "$(opening_statements worker --db "$db" --exit-when-empty)" "1 2" \
    "arena worker: catalog questions, version reads"
}
t_step "opening a PostgreSQL store asks the catalog once and reads the schema versions in one statement" \
  an_opening_asks_the_catalog_once

# docs/scale.md's Security: each worker machine its own role, given the organizer's by GRANT. A role
# without it could not even read the store (the worker retried "permission denied" for ever, and the
# page did not say what a worker's role needs); with it, it plays.
a_worker_role_granted_the_organizers_plays() {
  pg_psql postgres "create role org login; create role lab07 login" && pg_psql postgres "create database roles owner org" ||
    return 1
  org="postgresql:///roles?host=$PG_DIR&user=org" lab="postgresql:///roles?host=$PG_DIR&user=lab07"
  (cd "$T_TMP/org" && "$ARENA" tourney $GAME builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth \
    builtin:random_rizhao --db "$org" --workers 0 --quiet) || return 1
  # the worker retries (the role may be granted meanwhile): stopped once it has said why
  "$ARENA" worker --db "$lab" --exit-when-empty 2>"$T_TMP/e" &
  lw=$!
  wait_until 30 grep -q "permission denied" "$T_TMP/e"
  kill $lw 2>/dev/null
  wait $lw
  expect_contains "$T_TMP/e" "permission denied" || return 1
  pg_psql postgres "grant org to lab07" || return 1
  timeout 60 "$ARENA" worker --db "$lab" --exit-when-empty --jobs 2 --quiet || return 1
  expect_eq "$(pg_psql roles "select count(*) from results where status = 'done'")" 2 "matches played by lab07"
}
t_step "a worker machine's own role, granted the organizer's (docs/scale.md's Security), plays" \
  a_worker_role_granted_the_organizers_plays

t_done
