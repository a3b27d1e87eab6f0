"""serve_final_failed.py: a final whose games fail (a bot past the whole game's time limit): its
stages count them apart from the games done (they read "done 3 / 3" and "over", the entrants short
of games, nothing said); an organizer plays a failed game again: the stage runs again until it ends
(it stayed "over" meanwhile); a game of a first stage that a second stage followed is refused with
why (played, it would change a table the second stage no longer follows from) and what to do: the
final started again with its seed resumes its tournament, its failed games played again.

The final is one team's and two reference bots': the references' game, built-in bots in the
referee, ends in a fraction of a second, so the whole game's limit is 2 s, set once the team's
check game is over (a Python agent's game, under load, wants the 10 s this test waited on each
failed attempt, nine of them, until 2026-11-29: 100 s of the program's 110)."""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for, zip_folder  # noqa: E402

# The final's clocks are long (an hour in the bank), the check game's the game's own (360 s): the
# sleeper thinks past the whole game's limit (match_timeout_s, 2 s once it is checked) in the final
# only, so it passes its check and every final game it plays fails (after the engine's retries)
SLEEP = ('moves = board.get_valid_moves()',
         'import time\n        if time_left() > 1000: time.sleep(60)\n        moves = board.get_valid_moves()')


t = Tap()
srv = Server(game='chicken', jobs=3, config={
    'ladder': 0, 'clock': {'startup_ms': 60000},
    'final_clock': {'move_ms': 60000, 'hard_ms': 120000, 'bank_ms': 3600000, 'startup_ms': 60000},
    'references': [{'name': 'Henny', 'seat': 'builtin:greedy', 'grade': '70%'},
                   {'name': 'Yoli', 'seat': 'builtin:yolanda', 'grade': '50%'}]}).start()
try:
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    teams = []
    for i, (name, bot, patch) in enumerate([('Sleepy', 'Yolly', SLEEP)]):
        c = Client(srv)
        c.register(f'student{i}', 'password-student')
        c.post('/api/teams', {'name': name})
        c.upload(zip_folder(bot, patch), bot + '.zip')
        teams.append(c)
    ok = wait_for(lambda: all(c.get('/api/submissions')[1]['active'] for c in teams), 120, 0.5)
    if not t.check('uploads_ready', ok, [c.get('/api/submissions')[1] for c in teams]):
        sys.exit(1)  # nothing to play: the rest would wait for a final that never starts
    st, obj = adm.post('/api/organizer/settings', {'match_timeout_s': 2})
    if not t.check('a_limit_of_2_s_is_taken', st == 200, (st, obj)):
        sys.exit(1)  # the final's games would wait on the default hour
    # a cutoff of 2: the team goes on to a second stage, with the references: the same three entrants
    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 1, 'cutoff': 2, 'seed': 3})

    def second_over():
        o = adm.get('/api/final')[1]
        return o if len(o['stages']) == 2 and o['state'] == 'done' else None
    fin = wait_for(second_over, 400, 1)
    stages = fin['stages'] if fin else []
    t.check('failed_games_counted_apart', len(stages) == 2 and all(s['planned'] == 3 and s['done'] == 1 and s['failed'] == 2
                                                                   for s in stages), fin)
    sleepy = [r for r in fin['rows'] if r['name'] == 'Sleepy'] if fin else []
    t.check('entrant_of_failed_games_has_none', len(sleepy) == 1 and sleepy[0]['games'] == 0 and sleepy[0]['rating'] is None, fin)
    games = adm.get('/api/games?kind=final&limit=50')[1]['games']
    # the first stage's games are the older ones (lower ids): 3 a stage
    ordered = sorted(games, key=lambda g: g['id'])
    first = [g for g in ordered[:3] if g['state'] == 'failed']
    second = [g for g in ordered[3:] if g['state'] == 'failed']
    st, obj = adm.post(f"/api/organizer/games/{first[0]['id']}/requeue") if first else (None, None)
    t.check('first_stage_game_refused_after_second_started', st == 409 and 'second stage' in obj['error']
            and 'start the final again with its seed (3' in obj['error'], (st, obj))
    st, obj = adm.post(f"/api/organizer/games/{second[0]['id']}/requeue") if second else (None, None)
    again = wait_for(lambda: (lambda o: o if o['state'] == 'running' else None)(adm.get('/api/final')[1]), 30, 0.2)
    t.check('stage_runs_again_while_its_game_is_replayed', st == 200 and again is not None
            and again['stages'][1]['state'] == 'running' and again['stages'][0]['state'] == 'done', (st, obj, again))
    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 1})
    t.check('no_other_final_while_it_is_replayed', st == 409, (st, obj))
    fin = wait_for(second_over, 120, 1)
    t.check('stage_over_again_once_played', fin is not None and fin['stages'][1]['failed'] == 2
            and fin['stages'][1]['done'] == 1, fin)
    # the final started again with its seed, as the refusal says: the same tournament, its played
    # games kept and its failed ones queued again (it was a 500: "could not schedule the stage")
    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 1, 'cutoff': 2, 'seed': 3})
    stage = obj['stages'][0] if st == 200 else {}
    t.check('final_started_again_plays_its_failed_games', st == 200 and stage.get('tourney') == stages[0]['tourney']
            and stage.get('done') == 1 and stage.get('failed') == 0 and stage.get('state') == 'running', (st, obj))
finally:
    srv.stop()
t.done()
