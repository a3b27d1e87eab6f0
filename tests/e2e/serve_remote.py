"""serve_remote.py: a competition server on a PostgreSQL store with no local workers (--jobs 0):
an `arena worker` on "another machine" (another folder, another HOME, no access to the server's
data folder) plays a submission's validation game; the replay comes back through the store, so
the server shows it and serves it. Run by test_scale.sh with ARENA_SERVE_DB set (PostgreSQL)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import ARENA, Client, Server, Tap, wait_for  # noqa: E402


t = Tap()
srv = Server(game='chicken', jobs=0).start()
elsewhere, home = tempfile.mkdtemp(prefix='arena-elsewhere-'), tempfile.mkdtemp(prefix='arena-home-')
try:
    a = Client(srv)
    a.register('alice', 'password1')
    a.post('/api/teams', {'name': 'Hens'})
    # the course's layout: the agent's folder zipped as it is (Yolly/agent.py ...)
    zipped = shutil.make_archive(os.path.join(elsewhere + '.zip', 'Yolly'), 'zip',
                                 os.path.join('tests', 'bots', 'chicken'), 'Yolly')
    st, obj = a.upload(open(zipped, 'rb').read(), 'Yolly.zip')
    sid = obj['submission']['id'] if st == 201 else 0
    queued = wait_for(lambda: srv.sql("SELECT count(*) FROM jobs WHERE state = 'queued'")[0][0] != '0', 240, 0.5)
    t.check('validation_game_queued_without_local_workers', sid and queued, (st, obj))
    env = dict(os.environ, HOME=home)
    w = subprocess.run([ARENA, 'worker', '--db', srv.db, '--jobs', '1', '--exit-when-empty', '--poll', '0.2',
                        '--name', 'remote'], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600)
    o = wait_for(lambda: (lambda r: r[1] if r[0] == 200 and r[1]['submission']['state'] in ('ready', 'failed')
                          else None)(a.get(f'/api/submissions/{sid}')), 120, 0.5)
    t.check('remote_worker_played_the_validation', w.returncode == 0 and o and o['submission']['state'] == 'ready'
            and o['validation']['state'] == 'done', (w.returncode, w.stderr[-2000:], o))
    gid = o['validation']['id'] if o else 0
    stored = srv.sql('SELECT count(*) FROM replays r JOIN site_games g ON g.job_id = r.job_id WHERE g.id = %d' % gid)
    t.check('replay_stored_with_the_result', stored == [('1',)], stored)
    t.check('worker_wrote_nothing_of_its_own', os.listdir(elsewhere) == [], os.listdir(elsewhere))
    st, g = a.get(f'/api/games/{gid}')
    t.check('game_shows_its_replay', st == 200 and g['game']['replay'] is True, (st, g))
    st, body, h = a.request('GET', f'/api/games/{gid}/replay', raw=True)
    lines = body.split(b'\n') if st == 200 else []
    first = json.loads(lines[0]) if lines else {}
    last = json.loads([x for x in lines if x.strip()][-1]) if lines else {}
    t.check('replay_served_from_the_store', st == 200 and first.get('game') == 'chicken' and 'result' in str(last),
            (st, body[:300]))
finally:
    srv.stop()
    shutil.rmtree(elsewhere, True)
    shutil.rmtree(home, True)
    shutil.rmtree(elsewhere + '.zip', True)
t.done()
