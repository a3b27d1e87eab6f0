# test_store_login.sh: a PostgreSQL store that refuses the login (a wrong or missing password, an
# unknown role, a database that does not exist), on a throwaway cluster started here with a role
# that must give its password (scram-sha-256): `arena worker` says so at once in one line, with
# what to do, and exits 1 (it retried with backoff for ever), also when the server starts refusing
# it while it runs or its database is dropped; `arena tourney`, `--status` and `arena serve` say
# the same, and a tourney stopped by it says whether a read or a write failed; a server that is not
# there yet is still waited for. The password is never shown.
. tests/e2e/lib.sh
. tests/e2e/pg.sh
if ! pg_start; then
  echo "# skipped (not counted): the store login suite: $PG_SKIP"
  pg_stop
  exit 0
fi
cleanup() {
  pg_stop
  rm -rf "$T_TMP"
}
trap cleanup EXIT

# pwuser must log in with its password (the cluster trusts every other local role), and owns the
# database the store is made in.
pg_psql postgres "create role pwuser login password 'right-pw'" >/dev/null
pg_psql postgres "create database login owner pwuser" >/dev/null
sed -i '0,/^local/s//local all pwuser scram-sha-256\nlocal/' "$PG_DIR/data/pg_hba.conf"
pg_psql postgres "select pg_reload_conf()" >/dev/null
url() { echo "postgresql://$1@/$2?host=$PG_DIR"; }
GAME="rising_tide --option rounds=40 builtin:seawall_sydney builtin:trench_tunis builtin:pass_perth builtin:random_rizhao"
RIGHT=$(url pwuser:right-pw login)

# cut_off PID SECS SQL...: the server starts refusing a running arena (the SQL, run as postgres: a
# password changed and its sessions cut, its database dropped); PID must stop within SECS, exit 1.
# Its stderr ($T_TMP/e) is shown.
cut_off() {
  _p=$1 _secs=$2
  shift 2
  for _q in "$@"; do pg_psql postgres "$_q" >/dev/null || return 1; done
  wait_until "$_secs" sh -c "! kill -0 $_p 2>/dev/null" || { echo "still running after $_secs s"; cat "$T_TMP/e"; return 1; }
  wait "$_p"
  _rc=$?
  cat "$T_TMP/e"
  expect_eq "$_rc" 1 "exit status"
}
REFUSE="alter role pwuser password 'changed-pw'"
CUT="select pg_terminate_backend(pid) from pg_stat_activity where usename = 'pwuser'"

# refused CMD... : runs an arena command that must end at once (it waited for ever), exit 1 or
# the status in $want_rc, its stderr in $T_TMP/e, never showing the wrong password
refused() {
  timeout 20 "$ARENA" "$@" 2>"$T_TMP/e" >/dev/null
  rc=$?
  cat "$T_TMP/e"
  expect_eq "$rc" "${want_rc:-1}" "exit status" || return 1
  if grep -q "wrong-pw" "$T_TMP/e"; then echo "the password is shown"; return 1; fi
  ! grep -q "trying again" "$T_TMP/e" || { echo "it was retried"; return 1; }
}

a_wrong_password_is_refused_at_once() {
  refused worker --db "$(url pwuser:wrong-pw login)" --jobs 1 || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" 'password authentication failed for user "pwuser"' || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it in the URL (USER:PASSWORD@), ~/.pgpass or PGPASSWORD"
}
t_step "arena worker with a wrong password exits 1 at once, in one line saying what to fix" \
  a_wrong_password_is_refused_at_once

no_password_is_refused_at_once() {
  PGPASSFILE=/nonexistent refused worker --db "$(url pwuser login)" || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" "the server asks for a password and none was given"
}
t_step "arena worker without the password the server asks for exits 1 at once, saying where to give it" \
  no_password_is_refused_at_once

an_unknown_role_is_refused_at_once() {
  refused worker --db "$(url nosuchrole login)" --exit-when-empty || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" 'role "nosuchrole" does not exist; no such role, or the server'"'"'s pg_hba.conf'
}
t_step "arena worker with an unknown role exits 1 at once, saying so" an_unknown_role_is_refused_at_once

a_missing_database_is_refused_at_once() {
  refused worker --db "$(url pwuser:right-pw nosuchdb)" || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" 'database "nosuchdb" does not exist; no such database on that server: create it (createdb'
}
t_step "arena worker on a database that does not exist exits 1 at once, saying how to make it" \
  a_missing_database_is_refused_at_once

# the same refusal by the organizer's commands, which share the opening (they never waited, but
# said only libpq's words)
the_organizers_commands_say_the_same() {
  bad=$(url pwuser:wrong-pw login)
  refused tourney $GAME --games 1 --db "$bad" --workers 0 || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  refused tourney --db "$bad" --status || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  refused standings --db "$bad" || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  want_rc=2 refused serve --game chicken --db "$bad" --listen 127.0.0.1:0 || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it"
}
t_step "arena tourney, --status, standings and serve say the same of a wrong password" \
  the_organizers_commands_say_the_same

# A server not there yet is still waited for (a worker started before it), and a stop meanwhile
# is a stop asked for (exit 0).
a_server_not_there_is_waited_for() {
  mkdir -p "$T_TMP/nosrv"
  "$ARENA" worker --db "postgresql://pwuser:right-pw@/login?host=$T_TMP/nosrv" 2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  wait_until 10 grep -q "trying again in" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  kill -0 "$p" || return 1
  kill -TERM "$p"
  wait "$p"
  expect_eq "$?" 0 "exit status after SIGTERM"
}
t_step "a server that is not there is still waited for with backoff" a_server_not_there_is_waited_for

# The server starts refusing a running worker (its password changed, its session cut): it stops,
# exit 1, saying why, instead of reconnecting for ever. (It played with the right one first.)
refused_while_running() {
  (cd "$T_TMP" && "$ARENA" tourney $GAME --games 4 --seed 1 \
    --db "$RIGHT" --workers 0 --quiet) || return 1
  "$ARENA" worker --db "$RIGHT" --jobs 1 --poll 0.2 --lease 3 --heartbeat 1 2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  wait_until 30 grep -q "stored" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  cut_off "$p" 20 "$REFUSE" "$CUT" || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  if grep -q "changed-pw\|right-pw" "$T_TMP/e"; then echo "a password is shown"; return 1; fi
}
t_step "a running worker the server starts refusing stops (exit 1), saying why" refused_while_running

# A store that vanishes under a batch worker (--exit-when-empty: a Slurm task), its database
# dropped while it plays: it stops, exit 1, saying so, instead of reconnecting until its time limit.
a_dropped_store_stops_a_batch_worker() {
  pg_psql postgres "alter role pwuser password 'right-pw'" >/dev/null || return 1 # (the step above changed it)
  pg_psql postgres "create database gone owner pwuser" >/dev/null || return 1
  mkdir -p "$T_TMP/org/bots" && cp tests/bots/tourney/slow/slow.py "$T_TMP/org/bots/" || return 1
  (cd "$T_TMP/org" && "$ARENA" tourney rising_tide --option rounds=40 s=python:bots/slow.py builtin:trench_tunis \
    builtin:pass_perth builtin:random_rizhao --games 8 --seed 1 --db "$(url pwuser:right-pw gone)" --workers 0 \
    --quiet) || return 1
  "$ARENA" worker --db "$(url pwuser:right-pw gone)" --jobs 1 --exit-when-empty --poll 0.2 --lease 3 --heartbeat 1 \
    2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  wait_until 60 grep -q "stored" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  cut_off "$p" 20 "drop database gone with (force)" || return 1
  # (the server may add a DETAIL line: "It seems to have just been dropped or renamed.")
  expect_contains "$T_TMP/e" 'database "gone" does not exist' || return 1
  expect_contains "$T_TMP/e" '; no such database on that server: create it'
}
t_step "a batch worker whose database is dropped under it stops (exit 1), saying so" a_dropped_store_stops_a_batch_worker

# The same for `arena tourney` playing with its local workers: it stops at once, exit 1, saying
# why and that the same command resumes (it retried for --store-retry, 30 s, before the reason).
a_tourney_refused_while_running_stops_at_once() {
  pg_psql postgres "alter role pwuser password 'right-pw'" >/dev/null || return 1
  pg_psql postgres "create database tour owner pwuser" >/dev/null || return 1
  mkdir -p "$T_TMP/org/bots" && cp tests/bots/tourney/slow/slow.py "$T_TMP/org/bots/" || return 1
  (cd "$T_TMP/org" && exec "$ARENA" tourney rising_tide --option rounds=40 s=python:bots/slow.py builtin:trench_tunis \
    builtin:pass_perth builtin:random_rizhao --games 8 --seed 1 --db "$(url pwuser:right-pw tour)" --jobs 1 \
    --lease 3 --heartbeat 1) >/dev/null 2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  wait_until 60 sh -c "[ \"\$(\"$PG_BIN/psql\" -h \"$PG_DIR\" -U postgres -d tour -X -q -A -t -c 'select count(*) from results' 2>/dev/null || echo 0)\" -ge 1 ]" ||
    { echo "nothing stored"; cat "$T_TMP/e"; return 1; }
  cut_off "$p" 15 "$REFUSE" "$CUT" || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  expect_contains "$T_TMP/e" "stopped: the store could not be written (the server refused this login: the line above says why" || return 1
  expect_contains "$T_TMP/e" "run the same command again to resume"
}
t_step "arena tourney whose login the server starts refusing stops at once (exit 1), saying why" \
  a_tourney_refused_while_running_stops_at_once

# And when it only follows other machines' workers (a --require tag its own lack; --slurm): it had
# no step to fail, and polled a store that refused it for ever, in silence.
a_following_tourney_refused_stops() {
  pg_psql postgres "alter role pwuser password 'right-pw'" >/dev/null || return 1
  pg_psql postgres "create database follow owner pwuser" >/dev/null || return 1
  (cd "$T_TMP" && exec "$ARENA" tourney $GAME --games 4 --seed 1 --db "$(url pwuser:right-pw follow)" --jobs 1 \
    --require gpu) >/dev/null 2>"$T_TMP/e" &
  p=$!
  trap 'kill -9 $p 2>/dev/null' EXIT # (a step runs in a subshell: the program's cleanup never sees $p)
  wait_until 30 grep -q "worker tagged 'gpu'" "$T_TMP/e" || { cat "$T_TMP/e"; return 1; }
  cut_off "$p" 15 "$REFUSE" "$CUT" || return 1
  expect_contains "$T_TMP/e" "the password is wrong: fix it" || return 1
  # what failed was a read (it only polls): its last line said "could not be written" (until 2026-11-29)
  expect_contains "$T_TMP/e" "stopped: the store could not be read (the server refused this login: the line above says why" || return 1
  if grep -q "could not be written" "$T_TMP/e"; then echo "a read that failed is called a write"; return 1; fi
  expect_contains "$T_TMP/e" "run the same command again to resume"
}
t_step "arena tourney following other workers stops (exit 1) when the server starts refusing its login" \
  a_following_tourney_refused_stops

# docs/scale.md's roles: a worker machine's own role, a member of the store owner's (GRANT arena TO
# lab07). A worker that was first to use a new store made its tables its own role's, and the
# organizer's command was refused "permission denied for table schema_versions" (every other
# worker's role too). The tables are the database owner's, whoever makes them.
a_member_role_first_to_use_a_store_makes_the_owners_tables() {
  pg_psql postgres "create role org1 login" >/dev/null && pg_psql postgres "create role lab1 login" >/dev/null &&
    pg_psql postgres "grant org1 to lab1" >/dev/null && pg_psql postgres "create database shared owner org1" >/dev/null ||
    return 1
  timeout 30 "$ARENA" worker --db "$(url lab1 shared)" --exit-when-empty --quiet || return 1
  expect_eq "$(pg_psql shared "select string_agg(distinct tableowner, ',') from pg_tables where schemaname = 'public'")" \
    org1 "the tables' owner" || return 1
  (cd "$T_TMP" && "$ARENA" tourney $GAME --games 4 --seed 1 --db "$(url org1 shared)" --workers 0 --quiet) || return 1
  timeout 60 "$ARENA" worker --db "$(url lab1 shared)" --exit-when-empty --quiet || return 1
  expect_eq "$(pg_psql shared "select count(*) from results where status = 'done'")" 4 "matches played"
}
t_step "a worker role (a member of the owner's) first to use a store makes the owner's tables: the organizer's role can use them" \
  a_member_role_first_to_use_a_store_makes_the_owners_tables

# A URL asking for TLS (sslmode=require) of a server without it: libpq gives up at once, no wait
# mends it (a worker retried with backoff for ever). Last: the server listens on a loopback port
# from here on (a Unix socket ignores sslmode), which PGPORT names for pg_psql.
tls_the_server_lacks_is_refused_at_once() {
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-k $PG_DIR -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null 2>&1 || return 1
  export PGPORT=$port
  refused worker --db "postgresql://pwuser:right-pw@127.0.0.1:$port/login?sslmode=require" --exit-when-empty || return 1
  expect_eq "$(wc -l <"$T_TMP/e")" 1 "lines" || return 1
  expect_contains "$T_TMP/e" "server does not support SSL, but SSL was required; the server does not offer TLS: turn ssl on" ||
    return 1
  # the same URL without it logs in (the refusal was the TLS, not the address)
  timeout 30 "$ARENA" worker --db "postgresql://pwuser:right-pw@127.0.0.1:$port/login?sslmode=prefer" --exit-when-empty \
    --quiet
}
t_step "arena worker asking for TLS the server lacks (sslmode=require) exits 1 at once, saying what to change" \
  tls_the_server_lacks_is_refused_at_once

t_done
