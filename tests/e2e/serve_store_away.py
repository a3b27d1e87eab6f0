"""serve_store_away.py: the PostgreSQL server stops under a running `arena serve`, then comes back:
meanwhile a request that needs the store answers 503 and says to try again (the pages, which need
no store, still load), and afterwards the server reconnects by itself (each HTTP thread after
one more 503) with nothing lost: the
accounts, the sessions, the teams. Run by test_serve_pg.sh, which gives the cluster (PG_DIR,
PG_BIN, PG_AS: the command prefix that runs PostgreSQL's tools as their user)."""
import os
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for  # noqa: E402

PG_DIR, PG_BIN = os.environ['PG_DIR'], os.environ['PG_BIN']
PG_AS = os.environ.get('PG_AS', '').split()


def pg_ctl(*args):
    return subprocess.run(PG_AS + [os.path.join(PG_BIN, 'pg_ctl'), '-D', os.path.join(PG_DIR, 'data')] + list(args),
                          capture_output=True, text=True, timeout=300).returncode


t = Tap()
srv = Server(game='chicken', jobs=0).start()
try:
    a = Client(srv)
    a.register('alice', 'password1')
    st, team = a.post('/api/teams', {'name': 'Hens'})
    stopped = pg_ctl('-m', 'fast', '-w', 'stop') == 0
    st, obj = a.get('/api/teams')
    st2, obj2 = a.get('/api/me')  # its session is in the store
    st3, body, h = Client(srv).request('GET', '/ladder', raw=True)
    t.check('store_away_answers_503', stopped and st == 503 and st2 == 503
            and obj['error'] == 'the store could not be read or written; try again in a moment', (stopped, st, obj, st2))
    t.check('store_away_pages_still_load', st3 == 200 and b'<html' in body, (st3, body[:200]))
    started = pg_ctl('-l', os.path.join(PG_DIR, 'server.log'), '-w', '-o',
                     f"-k {PG_DIR} -p 5432 -c listen_addresses='' -c fsync=off -c max_connections=400", 'start') == 0
    # each HTTP thread finds its connection broken at its first query, answers 503, and reconnects
    back = wait_for(lambda: (lambda r: r if r[0] == 200 else None)(a.get('/api/teams')), 120, 0.5)
    st, me = wait_for(lambda: (lambda r: r if r[0] == 200 else None)(a.get('/api/me')), 120, 0.5) or (None, {})
    t.check('store_back_the_server_reconnects', started and back is not None
            and [x['name'] for x in back[1]['teams']] == ['Hens'] and st == 200 and me['user']['name'] == 'alice'
            and (me.get('team') or {}).get('name') == 'Hens' and srv.alive(), (started, back, st, me))
finally:
    rc = srv.stop()
t.check('server_stops_cleanly', rc == 0, rc)
t.done()
