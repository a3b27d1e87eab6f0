"""storedb.py: the tournament tests' window on a store, SQLite file or PostgreSQL database alike.

connect(target) gives an object with execute(sql, params) -> rows (like sqlite3's); on PostgreSQL
it runs psql (values come back as int, float or str). has_table() and integrity() replace the
SQLite-only sqlite_master and PRAGMA integrity_check. target(tmp, name) is a fresh store's --db
value: TMP/NAME.db, or a new database NAME when ARENA_TEST_PGHOST names a test cluster (pg.sh).
"""
import os
import sqlite3
import subprocess


def _client(name):
    """The PostgreSQL client program: from the test cluster's folder (ARENA_TEST_PGBIN, pg.sh's
    PG_BIN) when given, not Debian's wrapper on PATH (a Perl script that starts for every query)."""
    folder = os.environ.get("ARENA_TEST_PGBIN")
    return os.path.join(folder, name) if folder else name


def target(tmp, name):
    host = os.environ.get("ARENA_TEST_PGHOST")
    if not host:
        return os.path.join(tmp, name + ".db")
    subprocess.run([_client("createdb"), "-h", host, "-U", "postgres", name], capture_output=True)
    return "postgresql:///%s?host=%s&user=postgres" % (name, host)


def _value(text):
    if text == "":
        return None
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _literal(v):
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


class _Rows(list):
    def fetchall(self):
        return list(self)

    def fetchone(self):
        return self[0] if self else None


class _Postgres:
    def __init__(self, url):
        self.url = url

    def execute(self, sql, params=()):
        parts = sql.split("?")
        assert len(parts) == len(params) + 1, sql
        text = parts[0] + "".join(_literal(p) + rest for p, rest in zip(params, parts[1:]))
        out = subprocess.run([_client("psql"), self.url, "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1",
                              "-c", text], capture_output=True, text=True, check=True).stdout
        return _Rows(tuple(_value(v) for v in line.split("\x1f")) for line in out.splitlines())

    def close(self):
        pass


def connect(target):
    if target.startswith(("postgresql://", "postgres://")):
        return _Postgres(target)
    return sqlite3.connect(target)


def has_table(con, name):
    if isinstance(con, _Postgres):
        return bool(con.execute("select 1 from information_schema.tables where table_name = ?", (name,)))
    return bool(con.execute("select 1 from sqlite_master where name = ?", (name,)).fetchall())


def integrity(con):
    if isinstance(con, _Postgres):
        return "ok" if con.execute("select 1") else "unreachable"
    return con.execute("pragma integrity_check").fetchone()[0]


def results(target):
    """Every stored seat of the store's tournament as (idx, seed, seat, player, score, rank), the
    score as a float, in order (the same on both engines); checks no job has two results."""
    con = connect(target)
    rows = [(idx, seed, seat, player, float(score), rank) for (idx, seed, seat, player, score, rank) in con.execute(
        "select m.idx, m.seed, s.seat, s.player, s.score, s.rank from matches m join seats s on s.match_idx = m.idx "
        "order by m.idx, s.seat")]
    if has_table(con, "jobs"):
        assert con.execute("select count(*) - count(distinct job_id) from results").fetchone()[0] == 0, \
            "a job stored twice"
    return rows


if __name__ == "__main__":  # storedb.py results DB: one line per stored seat
    import sys
    for row in results(sys.argv[2]):
        print(*row)
