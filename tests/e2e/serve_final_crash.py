"""serve_final_crash.py: a final with a cutoff survives a kill of the server between its stages.
The server is killed (SIGKILL, by the test hook ARENA_SERVE_TEST_KILL=final-stage2) once the first
stage's games are over and the second's are scheduled, before the stages are recorded: the first
stage must not be left done without its second (an older version marked it done in one step and
scheduled the second in the next, so a kill between them left a final that never went on), and
the restart finishes the final. Then the state that older version's kill left (the first stage
done, no second) is made in the store, and a restart starts the second stage all the same."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for  # noqa: E402

t = Tap()
srv = Server(game='chicken', jobs=2, extra=['--demo'], config={'ladder': 0}).start()


def crash_and_restart(seed, fix_store=None):
    """Starts a final of two stages on a server armed to die between them; returns the final after
    the restart (None if it never ends) and the stages the kill left."""
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    srv.stop()
    os.environ['ARENA_SERVE_TEST_KILL'] = 'final-stage2'
    try:
        srv.start()
    finally:
        del os.environ['ARENA_SERVE_TEST_KILL']
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 2, 'cutoff': 2, 'seed': seed})
    died = wait_for(lambda: srv.proc.poll() is not None, 300, 0.5)
    rc = srv.proc.returncode if died else None
    if not died:
        srv.stop()
    else:
        srv.proc = None
        srv.log.close()
    left = srv.sql('SELECT id, stage, state FROM site_finals ORDER BY id')
    if fix_store:
        fix_store(left)
    srv.start()
    adm = Client(srv)
    adm.login('admin', srv.admin_password())

    first = obj['stages'][0]['seed'] if st == 200 else None  # the stage's seed, derived from the final's

    def done():
        o = adm.get('/api/final')[1]
        return o if o['state'] == 'done' and len(o['stages']) == 2 and o['stages'][0]['seed'] == first else None
    return st, obj, rc, left, wait_for(done, 300, 0.5)


try:
    # fewer teams, fewer games: the first three demo teams play
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    for x in adm.get('/api/teams')[1]['teams'][3:]:
        adm.post(f"/api/organizer/teams/{x['id']}/disable", {'disabled': True})
    st, obj, rc, left, fin = crash_and_restart(11)
    t.check('final_started_before_the_kill', st == 200 and obj['stages'][0]['stage'] == 1, (st, obj))
    t.check('server_killed_between_the_stages', rc == -9, (rc, srv.log_text()[-1500:]))
    t.check('kill_leaves_first_stage_running_not_done_alone', [r[1:] for r in left] == [('1', 'running')], left)
    t.check('restart_finishes_the_final_after_a_kill_between_stages', fin is not None
            and [s['stage'] for s in fin['stages']] == [1, 2]
            and all(s['done'] == s['planned'] > 0 and s['state'] == 'done' for s in fin['stages'])
            and len([r for r in fin['rows'] if r['stage'] == 2]) == 2, (fin, srv.log_text()[-1500:]))
    games = srv.sql("SELECT COUNT(*), COUNT(DISTINCT owner_key) FROM jobs WHERE owner_kind = 'tourney' AND owner_id = "
                    f"{fin['stages'][1]['tourney'] if fin else 0}")
    t.check('second_stage_scheduled_once', fin is not None and games[0][0] == games[0][1]
            == str(fin['stages'][1]['planned']), (games, fin and fin['stages'][1]))

    # a store an older version's kill left: the first stage done, its second never recorded
    def as_older_version_left(rows):
        srv.sql_do(f"UPDATE site_finals SET state = 'done' WHERE id = {rows[-1][0]}")
    st, obj, rc, left, fin = crash_and_restart(12, as_older_version_left)
    t.check('older_versions_half_done_final_finished_at_restart', rc == -9 and fin is not None
            and [s['stage'] for s in fin['stages']] == [1, 2]
            and all(s['done'] == s['planned'] > 0 for s in fin['stages'])
            and 'its second was never started' in srv.log_text(), (rc, left, fin, srv.log_text()[-1500:]))
finally:
    srv.stop()
t.done()
