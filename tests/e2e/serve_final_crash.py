"""serve_final_crash.py: a final with a cutoff survives a kill of the server between its stages.
The server is killed (SIGKILL, by the test hook ARENA_SERVE_TEST_KILL=final-stage2) once the first
stage's games are over and the second's are scheduled, before the stages are recorded: the first
stage must not be left done without its second (an older version marked it done in one step and
scheduled the second in the next, so a kill between them left a final that never went on), and
the restart finishes the final. Then the state that older version's kill left (the first stage
done, no second) is made in the store, and a restart starts the second stage all the same.
A kill after the engine queued a first stage's games but before the stage was marked scheduled
(ARENA_SERVE_TEST_KILL=final-stage1) left games no stage owned, played for nothing while the final
never showed: the stage is recorded before its games are queued, so the restart finds them,
cancels them, a game a remote worker already took included (its result is then refused), and
forgets the stage (the organizer starts the final again). The game's options changed between a kill
between the stages and the restart: the second stage plays by its first's options, so the restart
schedules the tournament the kill left, not a new one beside its games. A first stage whose
second can never start is "blocked" with the reason, said once in the log, not at every start."""
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

    # a kill between queueing the first stage's games and marking the stage scheduled; no workers
    # meanwhile, so every game it queued is still queued when the restart looks
    srv.stop()
    srv.jobs = 0
    os.environ['ARENA_SERVE_TEST_KILL'] = 'final-stage1'
    try:
        srv.start()
    finally:
        del os.environ['ARENA_SERVE_TEST_KILL']
        srv.jobs = 2
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 2, 'cutoff': 2, 'seed': 10})
    died = wait_for(lambda: srv.proc.poll() is not None, 300, 0.5)
    rc = srv.proc.returncode if died else srv.stop()
    if died:
        srv.proc = None
        srv.log.close()
    t.check('server_killed_after_the_first_stage_was_queued', rc == -9, (rc, st, obj, srv.log_text()[-1500:]))
    left = srv.sql('SELECT stage, state FROM site_finals ORDER BY id')
    tid = srv.sql("SELECT t.id FROM tourneys t JOIN site_finals f ON t.key = f.tkey") if died else []
    tid = tid[0][0] if tid else '0'
    queued = srv.sql(f"SELECT COUNT(*) FROM jobs WHERE owner_kind = 'tourney' AND owner_id = {tid} AND state = 'queued'")
    t.check('kill_leaves_the_first_stage_recorded_with_its_games', left == [('1', 'scheduling')]
            and int(queued[0][0]) > 0, (left, tid, queued))
    # meanwhile a worker of another machine took one of those games (its lease far from expiring):
    # the restart cancels it too, its lease ended, so the result it reports is refused (an older
    # restart cancelled only the queued ones and that game was played and its result kept)
    srv.sql_do("UPDATE jobs SET state = 'leased', lease_token = 'remote-claim', lease_worker = 999, "
               "lease_started = 1, lease_expires = 1e12 WHERE id = (SELECT MIN(id) FROM jobs WHERE "
               f"owner_kind = 'tourney' AND owner_id = {tid})")
    srv.start()
    states = srv.sql(f"SELECT state, COUNT(*) FROM jobs WHERE owner_kind = 'tourney' AND owner_id = {tid} GROUP BY state")
    lease = srv.sql(f"SELECT COUNT(*) FROM jobs WHERE owner_kind = 'tourney' AND owner_id = {tid} "
                    "AND (lease_token IS NOT NULL OR lease_worker IS NOT NULL)")
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    t.check('restart_cancels_the_unowned_first_stage_games_those_being_played_too', tid != '0'
            and states == [('cancelled', queued[0][0])] and lease == [('0',)]
            and srv.sql('SELECT COUNT(*) FROM site_finals') == [('0',)]
            and srv.sql('SELECT COUNT(*) FROM site_final_entrants') == [('0',)]
            and adm.get('/api/final')[1]['state'] == 'none', (tid, states, lease, queued))
    said = [line for line in srv.log_text().splitlines() if 'while its first stage was being scheduled' in line]
    t.check('restart_says_the_first_stage_must_be_started_again', len(said) == 1
            and f'its {queued[0][0]} unplayed games are cancelled (1 being played' in said[0], said)
    st, obj, rc, left, fin = crash_and_restart(11)
    t.check('final_started_before_the_kill', st == 200 and obj['stages'][0]['stage'] == 1, (st, obj))
    t.check('server_killed_between_the_stages', rc == -9, (rc, srv.log_text()[-1500:]))
    t.check('kill_leaves_first_stage_running_not_done_alone', [r[1:] for r in left] == [('1', 'running'),
                                                                                      ('2', 'scheduling')], left)
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
        first = [r[0] for r in rows if r[1] == '1'][-1]
        srv.sql_do(f"UPDATE site_finals SET state = 'done' WHERE id = {first}")
        srv.sql_do(f"DELETE FROM site_final_entrants WHERE final_id > {first}")
        srv.sql_do(f"DELETE FROM site_finals WHERE id > {first}")
    st, obj, rc, left, fin = crash_and_restart(12, as_older_version_left)
    t.check('older_versions_half_done_final_finished_at_restart', rc == -9 and fin is not None
            and [s['stage'] for s in fin['stages']] == [1, 2]
            and all(s['done'] == s['planned'] > 0 for s in fin['stages'])
            and 'its second was never started' in srv.log_text(), (rc, left, fin, srv.log_text()[-1500:]))

    # the game's options changed between the kill and the restart (the file given to --config): the
    # second stage is scheduled again by its first's options, as stored with its tournament, so it
    # is the tournament the kill left queued; an older restart recomputed it from the settings, a new
    # tournament beside the old one's games, which no stage owned (played for nothing, never shown)
    killed = {}

    def options_changed(rows):
        killed['key'] = srv.sql("SELECT tkey FROM site_finals WHERE state = 'scheduling'")
        srv.config = dict(srv.config, options=['moves=30'])
    st, obj, rc, left, fin = crash_and_restart(13, options_changed)
    tid = srv.sql(f"SELECT id FROM tourneys WHERE key = '{killed['key'][0][0]}'") if killed.get('key') else []
    orphans = srv.sql("SELECT COUNT(*) FROM jobs WHERE owner_kind = 'tourney' AND state != 'cancelled' AND owner_id "
                      "NOT IN (SELECT tourney_id FROM site_finals)")
    t.check('options_changed_before_the_restart_second_stage_resumed_not_orphaned', rc == -9 and fin is not None
            and [s['stage'] for s in fin['stages']] == [1, 2] and all(s['state'] == 'done' for s in fin['stages'])
            and tid and str(fin['stages'][1]['tourney']) == tid[0][0] and orphans == [('0',)]
            and 'with its first stage\'s options' in srv.log_text(),
            (rc, left, killed, tid, orphans, fin, srv.log_text()[-1500:]))

    # a first stage whose second can never start (here its tournament is gone from the store): said
    # once, and the stage shows why, not the same line at every start forever
    srv.stop()
    srv.sql_do("INSERT INTO site_finals(name, stage, tourney_id, format, games, cutoff, stop_separated, seed, state, "
               "created) VALUES('stuck final', 1, 999999, 'round-robin', 2, 2, 0, 5, 'done', '2026-01-01 00:00:00')")
    for _ in range(3):
        srv.start()
        srv.stop()
    srv.start()
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    o = adm.get('/api/final')[1]
    said = [line for line in srv.log_text().splitlines() if 'stuck final' in line and 'cannot start' in line]
    t.check('blocked_second_stage_said_once_not_at_every_start', len(said) == 1, said)
    t.check('blocked_second_stage_shown_with_its_reason', o['state'] == 'blocked' and o['stages'][0]['state'] == 'blocked'
            and 'cannot start' in o['stages'][0]['note'], o)
finally:
    srv.stop()
t.done()
