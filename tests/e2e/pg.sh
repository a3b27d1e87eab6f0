# pg.sh: a throwaway PostgreSQL cluster for the store's tests (sourced): pg_start makes and starts
# one in a temporary folder, listening on a Unix socket there only, and sets PG_DIR, PG_BIN and
# pg_url NAME (a fresh database per name, created on first use); pg_stop stops and removes it.
# PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` user (Debian's
# package makes it). pg_start fails (status 1, PG_SKIP saying why) when no cluster can start.
# Under tests/run.sh the data folder is a copy of one initdb made once per run (pg_init).
PG_DIR=""
PG_SKIP=""
pg_start() {
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then PG_SKIP="PostgreSQL is not installed (apt-get install postgresql)"; return 1; fi
  PG_DIR=$(mktemp -d /tmp/arena-pg-XXXXXX)
  chmod 755 "$PG_DIR"
  PG_AS=""
  if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then PG_SKIP="running as root and there is no postgres user to run the cluster"; return 1; fi
    chown postgres "$PG_DIR"
    PG_AS="runuser -u postgres --"
  fi
  if ! pg_init; then
    PG_SKIP="initdb failed: $(tail -n 2 "$PG_DIR/initdb.log" | tr '\n' ' ')"; return 1
  fi
  # fsync off: a throwaway cluster; a restart (pg_restart) is still a clean one
  if ! $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
      -o "-k $PG_DIR -p 5432 -c listen_addresses='' -c fsync=off -c max_connections=400" start >/dev/null 2>&1; then
    PG_SKIP="the PostgreSQL server did not start: $(tail -n 2 "$PG_DIR/server.log" | tr '\n' ' ')"; return 1
  fi
  # SQLite's group_concat for the tests' own queries (every database is made from template1)
  "$PG_BIN/psql" -h "$PG_DIR" -U postgres -d template1 -X -q -c "
    CREATE FUNCTION group_concat_step(acc text, v anyelement) RETURNS text LANGUAGE sql IMMUTABLE
      AS \$\$ SELECT CASE WHEN acc IS NULL THEN v::text ELSE acc || ',' || v::text END \$\$;
    CREATE AGGREGATE group_concat(anyelement) (SFUNC = group_concat_step, STYPE = text);" >/dev/null
}
# pg_init: makes the cluster's data folder. initdb costs seconds (12 to 24 of a loaded CI machine)
# and its result is the same for every cluster of a run: under tests/run.sh (ARENA_TEST_PGTEMPLATE,
# a folder of the run's own, removed at its end) the first program to get here runs it and keeps a
# copy of the new data folder there, and the others copy that (cp -a keeps the owner, `postgres`
# under root, and the modes): each program still has a cluster of its own. flock makes the others
# wait for the first; without flock or the folder, each program runs its own initdb.
pg_init() {
  _tpl=${ARENA_TEST_PGTEMPLATE:-}
  if [ -z "$_tpl" ] || ! command -v flock >/dev/null 2>&1 || ! mkdir -p "$_tpl" 2>/dev/null; then
    pg_initdb
    return
  fi
  (
    flock 9 || exit 1
    [ ! -d "$_tpl/data" ] || exit 0
    pg_initdb || exit 2
    # the copy is complete or absent: a program that stops midway leaves no half a template
    rm -rf "$_tpl/data.new"
    cp -a "$PG_DIR/data" "$_tpl/data.new" && mv "$_tpl/data.new" "$_tpl/data"
    exit 0
  ) 9>"$_tpl/lock"
  [ $? -ne 2 ] || return 1
  [ ! -d "$PG_DIR/data" ] || return 0
  cp -a "$_tpl/data" "$PG_DIR/data" 2>/dev/null && return 0
  rm -rf "$PG_DIR/data"
  pg_initdb
}
# pg_initdb: a new data folder; --no-sync: a throwaway cluster needs none of it on the disk
pg_initdb() {
  $PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" --auth=trust -U postgres --no-sync >"$PG_DIR/initdb.log" 2>&1
}
# pg_url NAME: prints the URL of database NAME, creating it the first time
pg_url() {
  if [ ! -e "$PG_DIR/db-$1" ]; then
    "$PG_BIN/createdb" -h "$PG_DIR" -U postgres "$1" && : >"$PG_DIR/db-$1"
  fi
  echo "postgresql:///$1?host=$PG_DIR&user=postgres"
}
# pg_restart [MODE]: stops the server (fast: sessions are cut) and starts it again
pg_restart() {
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m "${1:-fast}" -w stop >/dev/null 2>&1
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-k $PG_DIR -p 5432 -c listen_addresses='' -c fsync=off -c max_connections=400" start >/dev/null 2>&1
}
# pg_psql NAME SQL: runs SQL in database NAME, unaligned, fields separated by |
pg_psql() { "$PG_BIN/psql" -h "$PG_DIR" -U postgres -d "$1" -X -q -A -t -F '|' -c "$2"; }
# pg_cpu: the CPU seconds of the cluster's server since it last started (the postmaster, the sessions
# it has reaped, and its processes still running): tests/run.sh's "CPU" of a program is that of the processes it
# waited for, and the server is a daemon's. pg_stop prints it on a comment line: test_tourney_pg.sh's
# "307 s for 44 s of CPU" in the CI of 3d1d508 looked like waiting, and left out about as much again,
# the server's (44 s in a run of 2026-11-29 with 36 s of the program's).
pg_cpu() {
  _pm=$(head -n 1 "$PG_DIR/data/postmaster.pid" 2>/dev/null) || return 1
  # shellcheck disable=SC2046
  for _p in $_pm $(pgrep -P "$_pm" 2>/dev/null); do cat "/proc/$_p/stat" 2>/dev/null; done |
    awk -v hz="$(getconf CLK_TCK 2>/dev/null || echo 100)" '{ sub(/^.*\) /, ""); t += $12 + $13 + $14 + $15 } END { printf "%.0f", t / hz }'
}
pg_stop() {
  [ -n "$PG_DIR" ] || return 0
  _cpu=$(pg_cpu) && echo "# the PostgreSQL server's CPU since it last started: $_cpu s (not in the program's CPU time)"
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
  rm -rf "$PG_DIR"
  PG_DIR=""
}
