# test_tourney_store_faults.sh: a tournament whose store refuses its results (a trigger on the SQLite
# file, as a full disk or a damaged database refuses every write) keeps trying for --store-retry
# seconds (30 by default; 3 here), then stops with exit status 1, saying why and how to resume, instead of retrying forever; once the
# store takes writes again the same command plays what is left, and every match is stored once.
# A store that cannot be opened, refuses to register the tournament, or holds matches this schedule
# does not make (a changed program, a tampered file) is refused with the reason, nothing played.
. tests/e2e/lib.sh
BOTS="builtin:seawall_sydney builtin:random_rizhao builtin:trench_tunis builtin:pass_perth"
SMALL="--option rounds=10 --seed 3 --games 4"
# sqlite FILE SQL: runs SQL in FILE, printing the rows (fields separated by |)
sqlite() {
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
for row in con.execute(sys.argv[2]):
    print("|".join(str(v) for v in row))
con.commit()
PY
}

store_refusing_results_stops_the_tournament() {
  db="$T_TMP/t.db"
  "$ARENA" tourney rising_tide $BOTS $SMALL --workers 0 --db "$db" --quiet || return 1
  sqlite "$db" "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
  # a short lease: the match held when it stops is back in the queue soon after
  timeout 600 "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 1 --lease 3 --heartbeat 1 --store-retry 3 --db "$db" \
    >"$T_TMP/out" 2>"$T_TMP/err"
  expect_eq $? 1 "exit status (124: it never stopped)" || { tail -n 5 "$T_TMP/err"; return 1; }
  expect_contains "$T_TMP/err" "arena: the store could not be written: cannot report match" || return 1
  expect_contains "$T_TMP/err" "refused by the test" || return 1
  expect_contains "$T_TMP/err" "stopped: the store could not be written; 0 of 4 matches are stored in $db: run the same command again to resume" || return 1
  expect_eq "$(grep -c 'the store could not be written:' "$T_TMP/err")" 1 "notes of the failure" || return 1
  expect_eq "$(grep -c 'the store refused a write (.*refused by the test.*); retrying for up to 3 s (--store-retry)' "$T_TMP/err")" 1 \
    "notes of the retries" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from results")" 0 "results" || return 1
  # the match it played was handed back as interrupted as it stopped, not left to its lease
  expect_eq "$(sqlite "$db" "select state, count(*) from jobs group by state")" "queued|4" "the matches' states" || return 1
  sqlite "$db" "DROP TRIGGER refuse"
  timeout 600 "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 1 --db "$db" >"$T_TMP/out2" 2>&1 ||
    { tail -n 5 "$T_TMP/out2"; return 1; }
  expect_contains "$T_TMP/out2" "4 of 4 matches stored" || return 1
  expect_eq "$(sqlite "$db" "select count(*), count(distinct job_id) from results where status = 'done'")" "4|4" "results"
}
t_step "a store that refuses results stops the tournament after --store-retry of retries (exit 1, how to resume); the same command then finishes it" \
  store_refusing_results_stops_the_tournament

# The retries are real: a store that refuses results for a while (until the test drops its trigger,
# once the tournament has said it retries) takes them on a later try, and the tournament finishes
# (a tournament that stopped at the first refusal exits 1 here).
a_store_refusing_results_for_a_while_is_retried() {
  db="$T_TMP/r.db"
  "$ARENA" tourney rising_tide $BOTS $SMALL --workers 0 --db "$db" --quiet || return 1
  sqlite "$db" "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
  timeout 600 "$ARENA" tourney rising_tide $BOTS $SMALL --jobs 1 --store-retry 600 --db "$db" >"$T_TMP/out" 2>"$T_TMP/err" &
  pid=$!
  wait_until 300 grep -q "the store refused a write" "$T_TMP/err" || { kill -9 $pid; cat "$T_TMP/err"; return 1; }
  sqlite "$db" "DROP TRIGGER refuse"
  wait $pid
  expect_eq $? 0 "exit status" || { tail -n 5 "$T_TMP/err"; return 1; }
  expect_contains "$T_TMP/out" "4 of 4 matches stored" || return 1
  ! grep -q "could not be written" "$T_TMP/err" || { cat "$T_TMP/err"; return 1; }
  expect_eq "$(sqlite "$db" "select count(*), count(distinct job_id) from results where status = 'done'")" "4|4" "results"
}
t_step "a store that refuses results for a while is retried: the tournament finishes once it takes them" \
  a_store_refusing_results_for_a_while_is_retried

# tourney DB [ARGS...]: the small tournament on DB, its messages in $T_TMP/err
tourney() {
  db=$1; shift
  timeout 600 "$ARENA" tourney rising_tide $BOTS $SMALL --db "$db" "$@" >"$T_TMP/out" 2>"$T_TMP/err"
}

store_that_cannot_be_opened_or_written_is_refused() {
  tourney "$T_TMP/no/such/dir/t.db" --jobs 1
  expect_eq $? 1 "exit status" && expect_contains "$T_TMP/err" "cannot open $T_TMP/no/such/dir/t.db" || return 1
  db="$T_TMP/reg.db"
  # another tournament (the seed differs) makes the store, then the store refuses entrants
  "$ARENA" tourney rising_tide $BOTS --option rounds=10 --seed 99 --games 4 --workers 0 --quiet --db "$db" || return 1
  sqlite "$db" "CREATE TRIGGER refuse BEFORE INSERT ON players BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
  tourney "$db" --jobs 1
  expect_eq $? 1 "exit status" && expect_contains "$T_TMP/err" "refused by the test" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from tourneys")" 1 "tournaments" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from jobs")" 4 "jobs (the first tournament's)"
}
t_step "a store that cannot be opened, or refuses the tournament, is refused with the reason (exit 1)" \
  store_that_cannot_be_opened_or_written_is_refused

# A store that refuses the matches' queue (a full disk as the tournament starts) said only the
# engine's words ("sqlite: database or disk is full"): neither which store nor what to do.
store_refusing_the_queue_says_which_and_what_to_do() {
  db="$T_TMP/q.db"
  "$ARENA" tourney rising_tide $BOTS --option rounds=10 --seed 99 --games 4 --workers 0 --quiet --db "$db" || return 1
  sqlite "$db" "CREATE TRIGGER refuse BEFORE INSERT ON jobs BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
  tourney "$db" --jobs 1
  expect_eq $? 1 "exit status" || return 1
  expect_contains "$T_TMP/err" "refused by the test" || return 1
  expect_contains "$T_TMP/err" "the store $db could not be written; nothing was played now, and what it holds is kept: once it takes writes again (a full disk: free some space), run the same command again" ||
    return 1
  sqlite "$db" "DROP TRIGGER refuse"
  tourney "$db" --jobs 1 || { cat "$T_TMP/err"; return 1; }
  expect_contains "$T_TMP/out" "4 of 4 matches stored"
}
t_step "a store that refuses the queue names the store and says to run the command again once it takes writes" \
  store_refusing_the_queue_says_which_and_what_to_do

# A store in a folder that cannot be written said "attempt to write a readonly database (is it an
# Arena store?)": SQLite makes its journal (FILE-wal, FILE-shm) beside the file, even to read it.
# The folder (or the file) is named, with what to do. (Root writes anywhere: run as nobody then.)
store_in_a_folder_not_writable() {
  d=$(mktemp -d /tmp/arena-ro-XXXXXX) || return 1
  chmod 755 "$d"; mkdir "$d/ro"; chmod 555 "$d/ro"
  $AS "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$d/ro/t.db" --quiet 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 1 ] && expect_contains "$T_TMP/e" "cannot create the store $d/ro/t.db: its folder $d/ro is not writable" &&
    expect_contains "$T_TMP/e" "give --db a file in a folder you can write" &&
    expect_contains "$T_TMP/e" "($ARENA standings, $ARENA report and $ARENA tourney --status read a store there as it is)" ||
    { echo "exit $rc"; rm -rf "$d"; return 1; }
  # a store made there, the folder then made read-only: the same for every writer (readers read it:
  # the step below)
  chmod 777 "$d/ro"
  $AS "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$d/ro/t.db" --quiet || { rm -rf "$d"; return 1; }
  chmod 555 "$d/ro"
  for cmd in "worker --db $d/ro/t.db --exit-when-empty" \
             "tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db $d/ro/t.db"; do
    $AS "$ARENA" $cmd >/dev/null 2>"$T_TMP/e"; rc=$?
    [ $rc -eq 1 ] && expect_contains "$T_TMP/e" "cannot use the store $d/ro/t.db: its folder $d/ro is not writable" ||
      { echo "arena $cmd: exit $rc"; cat "$T_TMP/e"; rm -rf "$d"; return 1; }
    ! grep -q "readonly database" "$T_TMP/e" || { cat "$T_TMP/e"; rm -rf "$d"; return 1; }
  done
  # a store file that is not writable, in a folder that is: read, not written
  chmod 777 "$d/ro"; chmod 444 "$d/ro/t.db"
  $AS "$ARENA" standings --db "$d/ro/t.db" >/dev/null || { echo "standings of a read-only store"; rm -rf "$d"; return 1; }
  $AS "$ARENA" tourney --db "$d/ro/t.db" --status >"$T_TMP/st" 2>"$T_TMP/e" && expect_contains "$T_TMP/st" "2/2 stored" ||
    { echo "--status of a read-only store"; cat "$T_TMP/e"; rm -rf "$d"; return 1; }
  $AS "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 4 --seed 1 --db "$d/ro/t.db" --quiet 2>"$T_TMP/e"
  rc=$?
  [ $rc -eq 1 ] && expect_contains "$T_TMP/e" "cannot write the store $d/ro/t.db: the file is not writable" ||
    { echo "exit $rc"; rm -rf "$d"; return 1; }
  rm -rf "$d"
}
t_step_unprivileged "a store in a folder (or a file) that cannot be written says so and what to do, not 'readonly database'" \
  store_in_a_folder_not_writable

# arena standings, arena report and arena tourney --status could not read a store in a folder they
# may not write: SQLite makes its journal's files (FILE-wal, FILE-shm) beside the store even to read
# it, and the store was opened to be migrated. They read it as it is, writing nothing; a journal holding changes
# that cannot be read without writing is refused, saying so (the file alone would miss them).
a_store_in_a_read_only_folder_is_read() {
  d=$(mktemp -d /tmp/arena-ro-XXXXXX) || return 1
  chmod 755 "$d"; mkdir "$d/ro" "$d/out"; chmod 777 "$d/out"
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$d/ro/t.db" --quiet || { rm -rf "$d"; return 1; }
  chmod 555 "$d/ro"; chmod 444 "$d/ro/t.db"
  # --status, the journal's index not there (a writer closed the store cleanly): it opened the
  # store to migrate it, so SQLite could not make the index, and it said the folder must be writable
  [ ! -e "$d/ro/t.db-shm" ] && $AS "$ARENA" tourney --db "$d/ro/t.db" --status >"$d/out/st" 2>"$d/out/e" &&
    expect_contains "$d/out/st" "chicken      round-robin  2/2 stored (0 failed), 0 queued" &&
    $AS "$ARENA" tourney --db "$d/ro/t.db" --status --json >"$d/out/st.json" 2>>"$d/out/e" &&
    expect_contains "$d/out/st.json" '"planned":2' && [ ! -e "$d/ro/t.db-shm" ] || { cat "$d/out/e"; rm -rf "$d"; return 1; }
  "$ARENA" standings --db "$d/ro/t.db" --csv >"$d/want" || { rm -rf "$d"; return 1; }
  before=$(ls -la --time-style=full-iso "$d/ro")
  $AS "$ARENA" standings --db "$d/ro/t.db" --csv >"$d/out/got" 2>"$d/out/e" && cmp "$d/want" "$d/out/got" &&
    $AS "$ARENA" standings --db "$d/ro/t.db" --list >"$d/out/list" 2>>"$d/out/e" && grep -q chicken "$d/out/list" &&
    $AS "$ARENA" report --db "$d/ro/t.db" -o "$d/out/r.html" >/dev/null 2>>"$d/out/e" &&
    expect_contains "$d/out/r.html" "Tracker" &&
    $AS "$ARENA" tourney --db "$d/ro/t.db" --status >"$d/out/st" 2>>"$d/out/e" &&
    expect_contains "$d/out/st" "2/2 stored" || { cat "$d/out/e"; rm -rf "$d"; return 1; }
  expect_eq "$(ls -la --time-style=full-iso "$d/ro")" "$before" "the folder after reading" || { rm -rf "$d"; return 1; }
  # a journal holding changes, its index gone: refused, saying why and what to do
  chmod 755 "$d/ro"; chmod 644 "$d/ro/t.db"
  python3 -c 'import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("update players set name = ? where idx = 0", ("Renamed",)); c.commit()
os._exit(0)  # no checkpoint: the change stays in the journal' "$d/ro/t.db" || { rm -rf "$d"; return 1; }
  rm -f "$d/ro/t.db-shm"; chmod 555 "$d/ro"
  $AS "$ARENA" standings --db "$d/ro/t.db" >/dev/null 2>"$d/out/e"; rc=$?
  [ $rc -eq 1 ] && expect_contains "$d/out/e" "cannot read the store $d/ro/t.db: its journal $d/ro/t.db-wal holds changes not yet in the file" ||
    { echo "exit $rc"; cat "$d/out/e"; rm -rf "$d"; return 1; }
  # its index there (a reader that may write made it): the journal's changes are read
  chmod 755 "$d/ro"
  python3 -c 'import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("select count(*) from players").fetchall(); os._exit(0)' "$d/ro/t.db"
  chmod 555 "$d/ro"
  $AS "$ARENA" standings --db "$d/ro/t.db" >"$d/out/got" 2>"$d/out/e" && expect_contains "$d/out/got" "Renamed" ||
    { cat "$d/out/e"; rm -rf "$d"; return 1; }
  rm -rf "$d"
}
t_step_unprivileged "standings, report and tourney --status read a store in a folder they may not write, writing nothing; a journal they cannot read is refused, saying so" \
  a_store_in_a_read_only_folder_is_read

# A device or a pipe named as the store: SQLite took /dev/null for an empty database ("not an Arena
# store", "disk I/O error"), and a reader opening a pipe waited for a writer for ever.
a_device_or_a_pipe_is_no_store() {
  mkfifo "$T_TMP/pipe" || return 1
  for cmd in "standings" "report -o $T_TMP/r.html" "tourney --status" "worker --exit-when-empty" \
             "tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --quiet"; do
    for store in "$T_TMP/pipe" /dev/null; do
      timeout 20 "$ARENA" $cmd --db "$store" >/dev/null 2>"$T_TMP/e"; rc=$?
      [ $rc -eq 1 ] && expect_contains "$T_TMP/e" "cannot open $store: it is not a file (a device, a pipe or a socket)" ||
        { echo "arena $cmd --db $store: exit $rc"; cat "$T_TMP/e"; return 1; }
    done
  done
}
t_step "a device or a pipe named as the store is refused, saying so (a reader waited on a pipe for ever)" \
  a_device_or_a_pipe_is_no_store

# arena worker waited, retrying for ever, for a PostgreSQL URL that names no server (libpq cannot
# parse it): no wait makes it valid. It says so and exits 2, the password hidden; so do arena
# tourney and arena tourney --status.
a_worker_refuses_a_url_that_names_no_server() {
  timeout 20 "$ARENA" worker --db "postgresql://u:s3cret@[::1" --exit-when-empty >/dev/null 2>"$T_TMP/e"; rc=$?
  [ $rc -eq 2 ] && expect_contains "$T_TMP/e" "--db: not a PostgreSQL connection URL (" &&
    expect_contains "$T_TMP/e" "postgresql://u:***@[::1" || { echo "exit $rc"; cat "$T_TMP/e"; return 1; }
  ! grep -q s3cret "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  ! grep -q "trying again" "$T_TMP/e" || return 1
  # Values libpq checks only when it connects, and parameters it does not know, were refused only
  # then, in libpq's words (a worker waited for them): each is named before anything is tried.
  # (require_auth: libpq 16 and later know it, and its value; libpq 15 knows no such parameter.)
  u="postgresql://u:s3cret@127.0.0.1:1/x"
  for bad in "port=abc|invalid port value: \"abc\"" "connect_timeout=-x|invalid connect_timeout value: \"-x\"" \
             "no_such_thing=1|no_such_thing" "require_auth=bogus|require_auth" \
             "keepalives_idle=9x|invalid keepalives_idle value"; do
    for cmd in "worker --exit-when-empty" "tourney --status" "tourney chicken builtin:greedy builtin:tracker --games 2 --quiet"; do
      timeout 20 "$ARENA" $cmd --db "$u?${bad%%|*}" >/dev/null 2>"$T_TMP/e"; rc=$?
      [ $rc -eq 2 ] && expect_contains "$T_TMP/e" "--db: not a PostgreSQL connection URL (" &&
        expect_contains "$T_TMP/e" "${bad#*|}" || { echo "arena $cmd ${bad%%|*}: exit $rc"; cat "$T_TMP/e"; return 1; }
      ! grep -q -e s3cret -e "trying again" -e "cannot connect" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
    done
  done
}
t_step_if "ldconfig -p 2>/dev/null | grep -q libpq.so.5" "libpq is not installed" \
  "worker, tourney and --status refuse a PostgreSQL URL that names no server or a bad parameter (exit 2), naming it, the password hidden" \
  a_worker_refuses_a_url_that_names_no_server

# A store named in libpq's key=value form (as psql takes it) or by a misspelt URL was taken for an
# SQLite file's path: `arena tourney --workers 0` queued the matches in a new local file of that
# name, where no worker elsewhere could see them, printing the password with it. Each is refused,
# saying how a PostgreSQL store is named, the password not repeated, nothing made.
a_store_named_another_way_is_refused() {
  mkdir -p "$T_TMP/kv" && cd "$T_TMP/kv" || return 1
  for bad in "host=db.lab user=arena password=s3cret dbname=arena|a libpq key=value connection string is not taken" \
             "dbname = arena password=s3cret|a libpq key=value connection string is not taken" \
             "postgresq://arena:s3cret@db.lab/arena|not a PostgreSQL URL (it starts postgresql:// or postgres://)" \
             "postgres:/arena:s3cret@db.lab/arena|not a PostgreSQL URL (it starts postgresql:// or postgres://)" \
             "mysql://arena:s3cret@db.lab/arena|not a store (a PostgreSQL URL or an SQLite file's path)"; do
    for cmd in "worker --exit-when-empty|2" "tourney --status|2" "tourney chicken builtin:greedy builtin:tracker --workers 0|2" \
               "standings|1"; do
      timeout 20 "$ARENA" ${cmd%%|*} --db "${bad%%|*}" >/dev/null 2>"$T_TMP/e"; rc=$?
      [ $rc -eq "${cmd#*|}" ] && expect_contains "$T_TMP/e" "${bad#*|}: name a PostgreSQL store by its URL, postgresql://" ||
        { echo "arena ${cmd%%|*} --db ${bad%%|*}: exit $rc"; cat "$T_TMP/e"; cd - >/dev/null; return 1; }
      ! grep -q s3cret "$T_TMP/e" || { cat "$T_TMP/e"; cd - >/dev/null; return 1; }
    done
  done
  cd - >/dev/null
  expect_eq "$(ls -A "$T_TMP/kv")" "" "files made"
}
t_step "a store named as libpq's key=value string or by a misspelt URL is refused, not made a local file" \
  a_store_named_another_way_is_refused

# Another program's SQLite database named as the store of a new tournament got Arena's tables and
# was turned to WAL (the commands that only read a store refused it; tourney and serve did not).
another_programs_database_is_not_written() {
  python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("create table notes(x)"); c.commit()' "$T_TMP/notes.db" || return 1
  tourney "$T_TMP/notes.db" --jobs 1
  expect_eq $? 1 "exit status" || return 1
  expect_contains "$T_TMP/err" "$T_TMP/notes.db is an SQLite database but not an Arena store" || return 1
  expect_eq "$(sqlite "$T_TMP/notes.db" "select name from sqlite_master")" notes "its tables" || return 1
  expect_eq "$(sqlite "$T_TMP/notes.db" "pragma journal_mode")" delete "its journal mode" || return 1
  # an empty file, or none, becomes a store
  : >"$T_TMP/new.db"
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --db "$T_TMP/new.db" --quiet || return 1
  expect_eq "$(sqlite "$T_TMP/new.db" "select count(*) from matches")" 2 "matches in the new store"
}
t_step "another program's SQLite database is refused as a new tournament's store and left as it was" \
  another_programs_database_is_not_written

store_with_other_matches_is_refused() {
  db="$T_TMP/t.db" # the finished tournament above
  seed=$(sqlite "$db" "select seed from jobs where owner_key = 0")
  sqlite "$db" "update jobs set seed = seed + 1 where owner_key = 0"
  tourney "$db" --jobs 1
  expect_eq $? 1 "exit status" || return 1
  expect_contains "$T_TMP/err" "stored match 0 (seed $((seed + 1))) differs from this schedule's (seed $seed) in $db; use another --db" || return 1
  sqlite "$db" "update jobs set seed = seed - 1 where owner_key = 0"
  sqlite "$db" "update jobs set owner_key = 99 where owner_key = 3"
  tourney "$db" --jobs 1
  expect_eq $? 1 "exit status" || return 1
  expect_contains "$T_TMP/err" "stored match 99 is not in this schedule in $db; use another --db" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from results")" 4 "results (nothing played)"
}
t_step "a store holding matches this schedule does not make (a tampered file) is refused, naming the match" \
  store_with_other_matches_is_refused
# A player numbered past the 256 entrants a tournament has (a tampered file): the reader took up to
# 100000, and the standings' pairwise tables of n * n counts asked for 40 GB: standings and report
# aborted "out of memory" (exit 134). Refused, naming it.
store_with_a_player_past_the_entrants_is_refused() {
  db="$T_TMP/p.db"
  "$ARENA" tourney chicken builtin:greedy builtin:tracker --games 2 --seed 1 --jobs 1 --db "$db" --quiet || return 1
  sqlite "$db" "update players set idx = 99999 where idx = 1"
  for cmd in "standings" "report -o $T_TMP/p.html"; do
    "$ARENA" $cmd --db "$db" >"$T_TMP/out" 2>"$T_TMP/err"
    expect_eq $? 1 "$cmd: exit status (134: an abort)" || { cat "$T_TMP/err"; return 1; }
    expect_contains "$T_TMP/err" "tournament 1 has a player numbered 99999, past the 256 entrants a tournament has: the store is damaged" ||
      return 1
  done
}
t_step "a stored tournament with a player numbered past 256 entrants (a tampered file) is refused by standings and report" \
  store_with_a_player_past_the_entrants_is_refused
# A worker told to stop (SIGTERM) while the store refuses its report tries for --store-retry seconds
# (30 by default; 3 here), then exits 1 saying so, instead of trying until the match's lease (here
# 300 s) is gone; the match is handed back as interrupted (a write the store still takes), so it is
# played again now, not when the lease ends (test_scale.sh: when even that cannot be written).
worker_stops_though_the_store_refuses() {
  db="$T_TMP/w.db"
  "$ARENA" tourney rising_tide $BOTS $SMALL --workers 0 --db "$db" --quiet || return 1
  sqlite "$db" "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
  "$ARENA" worker --db "$db" --jobs 1 --lease 300 --heartbeat 1 --store-retry 3 --quiet 2>"$T_TMP/werr" &
  pid=$!
  # until its first report has been refused (a game of 10 rounds takes well under a second)
  for _ in $(seq 1 600); do grep -q "refused by the test" "$T_TMP/werr" && break; sleep 0.2; done
  grep -q "refused by the test" "$T_TMP/werr" || { kill -9 $pid; echo "no refused report"; return 1; }
  kill -TERM $pid
  # it must end by itself: after 3 s of tries, its last at that time (240 s: a bound no load reaches)
  for _ in $(seq 1 1200); do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
  if kill -0 $pid 2>/dev/null; then kill -9 $pid; echo "the worker never stopped"; return 1; fi
  wait $pid
  expect_eq $? 1 "exit status" || { cat "$T_TMP/werr"; return 1; }
  # it tried again once told to stop, before it gave up
  expect_contains "$T_TMP/werr" "(stopping: tries for " || return 1
  expect_contains "$T_TMP/werr" "stopping without it after 3 s: the matches it held were handed back to the queue as interrupted, to be played again" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from results")" 0 "results" || return 1
  expect_eq "$(sqlite "$db" "select count(*) from jobs where state = 'leased'")" 0 "matches still leased" || return 1
  expect_eq "$(sqlite "$db" "select outcome, substr(reason, 1, 60) from attempts")" \
    "interrupted|the worker stopped without storing its result (cannot report" "the attempt"
}
t_step "arena worker told to stop while the store refuses its report exits after --store-retry (exit 1), not at its lease's end" \
  worker_stops_though_the_store_refuses

# A replay folder on a full disk (a 12 KiB tmpfs in a mount namespace of our own): each match's
# replay cut short was renamed into place and stored as the match's replay (empty or truncated, so
# report linked it and verify failed it); now the match is stored without a replay, with a warning.
replays_on_a_full_disk() {
  mkdir -p "$T_TMP/full"
  unshare -rm sh -c "mount -t tmpfs -o size=12k tmpfs '$T_TMP/full' && '$ARENA' tourney chicken builtin:greedy \
    builtin:tracker --games 4 --seed 1 --workers 1 --db '$T_TMP/full.db' --replays '$T_TMP/full' --quiet; echo \$? >'$T_TMP/rc'; ls '$T_TMP/full'" \
    >"$T_TMP/ls" 2>"$T_TMP/err"
  expect_eq "$(cat "$T_TMP/rc")" 0 "exit status" || { cat "$T_TMP/err"; return 1; }
  expect_contains "$T_TMP/err" "writing the replay $T_TMP/full/" || return 1
  expect_contains "$T_TMP/err" "is stored without its replay" || return 1
  expect_eq "$(sqlite "$T_TMP/full.db" "select count(*) from results")" 4 "results" || return 1
  expect_eq "$(sqlite "$T_TMP/full.db" "select count(*) from results where replay <> ''")" \
    "$(grep -c 'jsonl$' "$T_TMP/ls")" "replays stored, and whole on the disk" || return 1
  [ ! -s "$T_TMP/ls" ] || { echo "files left on the full disk:"; cat "$T_TMP/ls"; return 1; }
}
t_step_if mount_ns_here "no user and mount namespaces here" \
  "a tournament's replay cut short by a full disk is not stored as the match's replay" replays_on_a_full_disk
t_done
