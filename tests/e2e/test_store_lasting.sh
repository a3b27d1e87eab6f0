# test_store_lasting.sh: a store error no wait mends, met while a worker or a tournament runs, is not
# retried (a batch worker retried it with backoff until its time limit, saying the same line; a
# tournament for --store-retry): on PostgreSQL the worker's role whose rights are revoked (42501),
# a table dropped (42P01); on SQLite the file deleted or replaced under it, or made read-only, or a
# table dropped. Each stops, exit 1, saying the cause and what to do in one line, once. A store that
# only goes away (a restart: test_store_login.sh, test_tourney_pg.sh) is still waited for.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
GAME="rising_tide --option rounds=40 s=python:bots/slow.py builtin:trench_tunis builtin:pass_perth builtin:random_rizhao"
mkdir -p "$T_TMP/org/bots" && cp tests/bots/tourney/slow/slow.py "$T_TMP/org/bots/" || exit 1
HAVE_PG=0
if pg_start; then HAVE_PG=1; else echo "# skipped (not counted): the PostgreSQL steps: $PG_SKIP"; fi
cleanup() {
  pg_stop
  rm -rf "$T_TMP"
}
trap cleanup EXIT

# queue DB: a tournament of 8 slow matches (about a second each) queued in DB for workers
queue() { (cd "$T_TMP/org" && "$ARENA" tourney $GAME --games 8 --seed 1 --db "$1" --workers 0 --quiet); }

# stops_at_once PID SECS: PID (an arena started with its stderr in $T_TMP/e) must end within SECS,
# exit 1, without a retry; its stderr is shown
stops_at_once() {
  wait_until "$2" sh -c "! kill -0 $1 2>/dev/null" || { echo "still running after $2 s"; cat "$T_TMP/e"; return 1; }
  wait "$1"
  _rc=$?
  cat "$T_TMP/e"
  expect_eq "$_rc" 1 "exit status" || return 1
  if grep -q "reconnecting in\|trying again" "$T_TMP/e"; then echo "it was retried"; return 1; fi
}

# worker_playing DB [ARGS...]: starts a batch worker on DB (pid in $p, stderr in $T_TMP/e) and waits
# for its first stored match
worker_playing() {
  _db=$1
  shift
  "$@" "$ARENA" worker --db "$_db" --jobs 1 --exit-when-empty --poll 0.2 --lease 3 --heartbeat 1 2>"$T_TMP/e" &
  p=$!
  wait_until 60 grep -q "stored" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
}

# The worker's own role (lab), given the rights on the organizer's store as docs/scale.md says;
# the organizer revokes them while it plays.
revoked_rights_stop_a_batch_worker() {
  pg_psql postgres "create role lab login" >/dev/null || return 1
  queue "$(pg_url revoke)" || return 1
  pg_psql revoke "grant all on all tables in schema public to lab; grant all on all sequences in schema public to lab" \
    >/dev/null || return 1
  worker_playing "postgresql:///revoke?host=$PG_DIR&user=lab" || return 1
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  pg_psql revoke "revoke all on all tables in schema public from lab" >/dev/null || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" "permission denied for table" || return 1
  expect_contains "$T_TMP/e" "; this role may not use the store's tables (its rights revoked?): give it them again (GRANT arena TO ROLE: docs/scale.md)" || return 1
  expect_eq "$(grep -c "^arena: error: " "$T_TMP/e")" 1 "error lines" || return 1
  # what it was playing could not be handed back (the store refuses it too): its lease brings it back
  expect_contains "$T_TMP/e" "could not be handed back: they come back to the queue when their leases end"
}
t_step_if '[ $HAVE_PG = 1 ]' "no PostgreSQL" \
  "a batch worker whose role's rights are revoked under it stops at once (exit 1), saying what to grant" \
  revoked_rights_stop_a_batch_worker

# Someone drops a table of the store (a schema dropped by hand): no wait brings it back.
a_dropped_table_stops_a_batch_worker() {
  queue "$(pg_url dropped)" || return 1
  worker_playing "$(pg_url dropped)" || return 1
  trap 'kill -9 $p 2>/dev/null' EXIT
  pg_psql dropped "drop table workers cascade" >/dev/null || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" 'relation "workers" does not exist' || return 1
  expect_contains "$T_TMP/e" "; a table the store needs is gone (its schema dropped or changed by hand?): restore the store from a backup"
}
t_step_if '[ $HAVE_PG = 1 ]' "no PostgreSQL" \
  "a batch worker whose store loses a table under it stops at once (exit 1), saying so" \
  a_dropped_table_stops_a_batch_worker

# arena tourney with its local workers, on a role whose rights go: it stops at once, not after
# --store-retry (600 s here), and says the same command resumes.
revoked_rights_stop_a_tourney() {
  pg_psql postgres "create role org login" >/dev/null || return 1
  url=$(pg_url tourrev)
  pg_psql tourrev "alter database tourrev owner to org; alter schema public owner to org" >/dev/null || return 1
  ourl="postgresql:///tourrev?host=$PG_DIR&user=org"
  (cd "$T_TMP/org" && exec "$ARENA" tourney $GAME --games 8 --seed 1 --db "$ourl" --jobs 1 --lease 3 --heartbeat 1 \
    --store-retry 600) >/dev/null 2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT
  wait_until 60 sh -c "[ \"\$(\"$PG_BIN/psql\" -h \"$PG_DIR\" -U postgres -d tourrev -X -q -A -t -c 'select count(*) from results' 2>/dev/null || echo 0)\" -ge 1 ]" ||
    { echo "nothing stored"; cat "$T_TMP/e"; return 1; }
  # the organizer's role loses its tables (their owner changed away from it, its grants none)
  pg_psql tourrev "reassign owned by org to postgres" >/dev/null || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" "; this role may not use the store's tables" || return 1
  expect_contains "$T_TMP/e" "stopped: the store could not be written (an error no wait mends: the line above says why and what to fix)" || return 1
  expect_contains "$T_TMP/e" "run the same command again to resume" || return 1
  if grep -q "retrying for up to" "$T_TMP/e"; then echo "it waited --store-retry"; return 1; fi
  [ -n "$url" ]
}
t_step_if '[ $HAVE_PG = 1 ]' "no PostgreSQL" \
  "arena tourney whose role loses its rights stops at once (exit 1), not after --store-retry" revoked_rights_stop_a_tourney

# SQLite: the store file replaced under a running worker (moved aside and a copy put in its place,
# as a restore does; or deleted): SQLite goes on with the file it has open, and the worker stored
# its results in a file no one would see again, without a word.
a_replaced_file_stops_a_batch_worker() {
  db="$T_TMP/rep.db"
  queue "$db" || return 1
  worker_playing "$db" || return 1
  trap 'kill -9 $p 2>/dev/null' EXIT
  mv "$db" "$db.old" && cp "$db.old" "$db" || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" "the store file $db was deleted or replaced since this program opened it" || return 1
  expect_contains "$T_TMP/e" "put the store back, or start again on the new one"
}
t_step "a batch worker whose SQLite store is replaced under it stops at once (exit 1), saying so" \
  a_replaced_file_stops_a_batch_worker

# SQLite: the file made read-only while a worker (not root: root writes anyway) plays; the running
# connection could go on writing, but a worker could not start on it, and the organizer meant it.
a_read_only_file_stops_a_batch_worker() {
  db="$T_TMP/ro/ro.db"
  mkdir -p "$T_TMP/ro" && queue "$db" || return 1
  chmod 777 "$T_TMP" "$T_TMP/ro" && chmod 666 "$db" "$db-wal" "$db-shm" 2>/dev/null
  chmod 666 "$db" || return 1
  worker_playing "$db" $AS || return 1
  trap 'kill -9 $p 2>/dev/null' EXIT
  chmod 444 "$db" || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" "cannot write the store $db: the file is not writable (Permission denied): make it writable, or give --db another file"
}
t_step_unprivileged "a batch worker whose SQLite store is made read-only under it stops at once (exit 1), saying what to do" \
  a_read_only_file_stops_a_batch_worker

# SQLite: a table of the store dropped by hand (or an old copy put back) while a worker plays: the
# worker said "reconnecting" with backoff for ever, as if the store had only gone away.
a_dropped_sqlite_table_stops_a_batch_worker() {
  db="$T_TMP/drop.db"
  queue "$db" || return 1
  worker_playing "$db" || return 1
  trap 'kill -9 $p 2>/dev/null' EXIT
  python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], timeout=30); c.execute('drop table workers'); c.commit()" \
    "$db" || return 1
  stops_at_once "$p" 15 || return 1
  expect_contains "$T_TMP/e" "no such table: workers" || return 1
  expect_contains "$T_TMP/e" "; a table the store needs is gone (its schema changed by hand?): restore the store from a copy" || return 1
  expect_eq "$(grep -c "^arena: error: " "$T_TMP/e")" 1 "error lines"
}
t_step "a batch worker whose SQLite store loses a table under it stops at once (exit 1), saying so" \
  a_dropped_sqlite_table_stops_a_batch_worker

# A full disk is not lasting: someone frees some. The worker (its SQLite store on a 4 MiB tmpfs in
# a mount namespace of our own, filled once it has stored a match) says it is the disk and that it
# keeps trying, and finishes every match once the space is back.
a_full_disk_is_waited_for() {
  mkdir -p "$T_TMP/fd"
  unshare -rm sh -c "
    mount -t tmpfs -o size=4m tmpfs '$T_TMP/fd' || exit 9
    (cd '$T_TMP/org' && '$ARENA' tourney $GAME --games 4 --seed 1 --db '$T_TMP/fd/s.db' --workers 0 --quiet) || exit 8
    '$ARENA' worker --db '$T_TMP/fd/s.db' --jobs 1 --exit-when-empty --poll 0.2 --lease 30 --heartbeat 1 2>'$T_TMP/e' &
    p=\$!
    for i in \$(seq 1 600); do grep -q stored '$T_TMP/e' && break; sleep 0.1; done
    head -c 8m /dev/zero >'$T_TMP/fd/fill' 2>/dev/null
    # (it waited for 'trying again', words the worker never says here: 60 s a run, every run)
    for i in \$(seq 1 600); do grep -q 'no room in the store' '$T_TMP/e' && break; sleep 0.1; done
    sleep 1
    rm '$T_TMP/fd/fill'
    wait \$p
    echo \$? >'$T_TMP/rc'
    sqlite3 '$T_TMP/fd/s.db' 'select count(*) from results' >'$T_TMP/n' 2>/dev/null ||
      python3 -c \"import sqlite3; print(sqlite3.connect('$T_TMP/fd/s.db').execute('select count(*) from results').fetchone()[0])\" >'$T_TMP/n'
  " || { echo "the namespace's part failed ($?)"; return 1; }
  cat "$T_TMP/e"
  expect_eq "$(cat "$T_TMP/rc")" 0 "exit status" || return 1
  expect_contains "$T_TMP/e" "sqlite: database or disk is full; the disk holding the store is full: free some space there (in: " || return 1
  expect_contains "$T_TMP/e" "); no room in the store: it keeps trying, again in 0.5 s" || return 1
  if grep -q "arena: error" "$T_TMP/e"; then echo "taken for lasting"; return 1; fi
  expect_eq "$(cat "$T_TMP/n")" 4 "matches stored"
}
t_step_if mount_ns_here "no user and mount namespaces here" \
  "a worker whose store's disk fills says so and keeps trying, then finishes once there is room" a_full_disk_is_waited_for

t_done
