"""serve_store_away.py: the PostgreSQL server restarts, and then stops for a while, under a running
`arena serve`. After a restart every request is served, the first included, whichever HTTP thread
takes it (each keeps its own connection, cut by the restart). While the database is away a request
that needs the store answers 503 and says to try again (the pages, which need no store, still
load); when it is back, again the very first request is served, with nothing lost: the accounts,
the sessions, the teams. Run by test_serve_pg.sh, which gives the cluster (PG_DIR, PG_BIN, PG_AS:
the command prefix that runs PostgreSQL's tools as their user)."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap  # noqa: E402

PG_DIR, PG_BIN = os.environ['PG_DIR'], os.environ['PG_BIN']
PG_AS = os.environ.get('PG_AS', '').split()


def pg_ctl(*args):
    return subprocess.run(PG_AS + [os.path.join(PG_BIN, 'pg_ctl'), '-D', os.path.join(PG_DIR, 'data')] + list(args),
                          capture_output=True, text=True, timeout=300).returncode


def pg_start():
    return pg_ctl('-l', os.path.join(PG_DIR, 'server.log'), '-w', '-o',
                  f"-k {PG_DIR} -p 5432 -c listen_addresses='' -c fsync=off -c max_connections=400", 'start') == 0


THREADS = 4
# Requests enough that every HTTP thread takes some (one connection each, whichever thread accepts
# it): without the reconnection before a statement, a thread's first request after the restart
# would fail on its cut connection.
MANY = 12 * THREADS


def statuses(client, n):
    return [client.get('/api/teams')[0] for _ in range(n)]


t = Tap()
srv = Server(game='chicken', jobs=0, extra=['--threads', str(THREADS)]).start()
try:
    a = Client(srv)
    a.register('alice', 'password1')
    st, team = a.post('/api/teams', {'name': 'Hens'})
    warm = statuses(a, MANY)  # every thread opens its connection to the store
    restarted = pg_ctl('-m', 'fast', '-w', 'stop') == 0 and pg_start()
    after = statuses(a, MANY)
    t.check('store_restarted_every_request_is_served', restarted and warm == [200] * MANY and after == [200] * MANY,
            (restarted, warm, after))
    stopped = pg_ctl('-m', 'fast', '-w', 'stop') == 0
    st, obj = a.get('/api/teams')
    st2, obj2 = a.get('/api/me')  # its session is in the store
    st3, body, h = Client(srv).request('GET', '/ladder', raw=True)
    t.check('store_away_answers_503', stopped and st == 503 and st2 == 503
            and obj['error'] == 'the store could not be read or written; try again in a moment', (stopped, st, obj, st2))
    t.check('store_away_pages_still_load', st3 == 200 and b'<html' in body, (st3, body[:200]))
    started = pg_start()
    # the first request is served: a thread whose connection broke while the database was away
    # opens it again before its statement, and so does one whose connection was cut unseen
    back = a.get('/api/teams')
    st, me = a.get('/api/me')
    after = statuses(a, MANY)
    t.check('store_back_the_first_request_is_served', started and back[0] == 200
            and [x['name'] for x in back[1]['teams']] == ['Hens'] and st == 200 and me['user']['name'] == 'alice'
            and (me.get('team') or {}).get('name') == 'Hens' and after == [200] * MANY and srv.alive(),
            (started, back, st, me, after))
finally:
    rc = srv.stop()
t.check('server_stops_cleanly', rc == 0, rc)
t.done()
