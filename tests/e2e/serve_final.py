"""serve_final.py: the freeze and the final tournament on a running server: uploads refused after
the deadline, unranked scrimmages against reference bots still possible, the final through the
tournament engine with a cutoff (two stages), results for organizers first, then participants,
then everyone (its games too, listed and watched as the ladder's); grade lines; the CSV; every
game's seed recorded and its replay verifiable."""
import csv
import glob
import io
import os
import re
import subprocess
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import ARENA, Client, Server, Tap, wait_for  # noqa: E402

t = Tap()
# a reference bot's name as long as a name may be (40 bytes): cut at 30 bytes by the final (inside
# its 'é'), it lost its grade line, looked up by the whole name; it begins with '@', as a
# spreadsheet's formula does
HENNY = '@Henny, the hen of the coop!!\u00e9\u00e9\u00e9\u00e9\u00e9'
srv = Server(game='chicken', jobs=2, extra=['--demo'], config={
    'references': [{'name': HENNY, 'seat': 'builtin:greedy', 'grade': '70%'}]}).start()
try:
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    p = Client(srv)
    p.register('student', 'password-student')
    st, team = p.post('/api/teams', {'name': 'Late team'})
    st, obj = adm.post('/api/organizer/settings', {'deadline': '2000-01-01T00:00:00Z'})
    st, me = p.get('/api/me')
    t.check('frozen_after_deadline', me['competition']['frozen'] is True, me['competition'])
    st, obj = p.upload(b'PK\x05\x06' + b'\0' * 18, 'late.zip')
    # the active version at the deadline counts (not the last upload, which may have failed its
    # check): the refusal says which, by the mark the submissions page shows
    t.check('upload_after_deadline_refused', st == 409 and 'counts at the deadline' in obj['error']
            and 'last upload' not in obj['error'], (st, obj))
    demo = Client(srv)
    # a demo team's member: the organizer moves a new user into one (join by its code)
    st, teams = adm.get('/api/teams')
    code = adm.get(f"/api/teams/{teams['teams'][3]['id']}")[1]['team']['join_code']
    demo.register('demo-member', 'password-demo')
    demo.post('/api/teams/join', {'code': code})
    st, obj = demo.post('/api/scrimmages', {'opponent': 'ref:' + HENNY, 'games': 1})
    t.check('freeze_allows_unranked_reference_scrimmage', st == 201 and not obj['scrimmage']['ranked']
            and obj['scrimmage']['reference'] == HENNY, (st, obj))
    st, obj = demo.post('/api/scrimmages', {'opponent': teams['teams'][0]['id'], 'games': 1, 'ranked': True})
    t.check('freeze_refuses_ranked', st == 409 and 'frozen' in obj['error'], (st, obj))

    st, obj = adm.post('/api/organizer/final', {'games_per_pair': 10, 'cutoff': 2, 'seed': 42})
    t.check('final_started', st == 200 and obj['state'] == 'running' and obj['stages'][0]['planned'] == 100, (st, obj))
    st, obj = p.get('/api/final')
    t.check('final_hidden_from_participants', st == 404, (st, obj))
    # its games are the site's games of kind "final", listed as the ladder's, hidden until released
    st, obj = adm.get('/api/games?kind=final&limit=200')
    first = obj['games'][-1]['id'] if st == 200 and obj['games'] else 0
    t.check('final_games_listed_for_organizers', st == 200 and len(obj['games']) == 100
            and all(g['kind'] == 'final' and len(g['seats']) == 2 for g in obj['games']), (st, str(obj)[:400]))
    st1, o1 = p.get('/api/games?kind=final')
    st2, o2 = p.get(f'/api/games/{first}')
    st3, o3 = p.get('/api/games?limit=200')
    t.check('final_games_hidden_before_release', st1 == 200 and o1['games'] == [] and st2 == 404
            and not any(g['kind'] == 'final' for g in o3['games']), (st1, o1, st2, st3))
    # a team in the final lists its own games: those it may see, not a page of nothing (its newest
    # games are all the final's, hidden) with a link to older ones
    st, own = demo.get(f"/api/games?team={teams['teams'][3]['id']}&limit=5")
    t.check('own_games_listed_past_the_hidden_final', st == 200 and len(own['games']) > 0
            and not any(g['kind'] == 'final' for g in own['games']), (st, own))

    def done():
        st, o = adm.get('/api/final')
        return o if o['state'] == 'done' and len(o['stages']) == 2 else None
    fin = wait_for(done, 600, 1)
    t.check('final_two_stages_through_the_engine', fin is not None and fin['stages'][0]['done'] == 100
            and fin['stages'][1]['done'] == fin['stages'][1]['planned'] and fin['seed'] == fin['stages'][0]['seed'], fin)
    # the seed shown is the one given: the final started again with it is the same final (it showed
    # a seed derived from it, which started another)
    t.check('final_seed_shown_is_the_one_given', fin is not None and fin['seed'] == 42, fin and fin['seed'])
    rows = fin['rows'] if fin else []
    top = [r for r in rows if r['stage'] == 2]
    # the top 2 teams go on, more only through a tie at the 2nd place, which the first stage says
    went = fin['stages'][0].get('advanced') if fin else None
    t.check('final_cutoff_top_teams_and_references', len([r for r in top if not r['reference']]) == went
            and went is not None and went >= 2 and fin['stages'][0]['advance_note'] == (
                '2 go on' if went == 2 else f'{went} go on: a tie at the 2nd place')
            and any(r['reference'] for r in top) and all(r['rank'] == i + 1 or (i and r['rank'] == rows[i - 1]['rank'] and
                                                 (r['rating'], r['lo'], r['hi']) == (rows[i - 1]['rating'], rows[i - 1]['lo'], rows[i - 1]['hi']))
                                                 for i, r in enumerate(rows)), rows)
    t.check('final_grade_lines', any(HENNY + ' 70%' in r['grades'] for r in rows)
            and [r['name'] for r in top if r['reference']] == [HENNY], rows)
    st, body, h = adm.request('GET', '/api/final.csv', raw=True)
    table = list(csv.DictReader(io.StringIO(body.decode())))
    above = [r['above'] for r in table if r['above']]
    t.check('final_csv_grade_lines_neutralized', above and all(a.startswith("'" + HENNY + ' 70%') for a in above)
            and "'" + HENNY in [r['name'] for r in table], (above, body[:600]))
    t.check('final_csv', st == 200 and h['content-type'].startswith('text/csv') and len(table) == len(rows)
            and [n[1:] if n.startswith("'@") else n for n in (r['name'] for r in table)] == [r['name'] for r in rows]
            and all(float(a['rating']) == r['rating'] for a, r in zip(table, rows)), (body[:600], rows))
    # docs/serve.md says what the server sends: the CSV's columns, a stage's and a row's fields
    doc = open(os.path.join('docs', 'serve.md')).read()
    m = re.search(r'`/api/final\.csv`.*?columns `([a-z_,]+)`', doc)
    header = body.decode().split('\r\n')[0]
    t.check('doc_lists_the_csv_columns', m is not None and m.group(1) == header, (m and m.group(1), header))
    line = next((x for x in doc.splitlines() if x.startswith('| GET | `/api/final` |')), '')
    m = re.search(r'"stages": \[\{([^}]*)\}\]', line)
    doc_stage = re.findall(r'"(\w+)"', m.group(1)) if m else []
    m = re.search(r'"rows": \[\{(.*?)\}\]\}`', line)
    doc_row = re.findall(r'"(\w+)"', re.sub(r'\{[^{}]*\}|\[[^][]*\]', '', m.group(1))) if m else []
    t.check('doc_lists_the_final_fields', fin is not None and doc_stage == list(fin['stages'][0])
            and rows and doc_row == list(rows[0]), (doc_stage, fin and list(fin['stages'][0]), doc_row, rows[:1]))
    adm.post('/api/organizer/final/release', {'level': 'participants'})
    st1, o1 = p.get('/api/final')
    st2, o2 = Client(srv).get('/api/final')
    games = p.get('/api/games?kind=final&limit=200')[1].get('games', [])
    st4, o4 = Client(srv).get(f'/api/games/{first}/replay')
    adm.post('/api/organizer/final/release', {'level': 'public'})
    st3, o3 = Client(srv).get('/api/final')
    t.check('final_release_levels', st1 == 200 and st2 == 404 and st3 == 200, (st1, st2, st3))
    planned = 100 + fin['stages'][1]['planned'] if fin else 0
    t.check('final_games_listed_when_released', len(games) == planned and all(g['replay'] and g['state'] == 'done' for g in games)
            and st4 == 404, (len(games), planned, st4))
    st, body, h = Client(srv).request('GET', f'/api/games/{first}/replay', raw=True)
    same = [f for f in glob.glob(os.path.join(srv.data, 'replays', 't*-m*.jsonl')) if open(f, 'rb').read() == body]
    t.check('final_game_replay_public_once_released', st == 200 and len(same) == 1, (st, same, body[:200]))
    replays = sorted(glob.glob(os.path.join(srv.data, 'replays', 't*-m*.jsonl')))
    ok = len(replays) == 100 + fin['stages'][1]['planned'] if fin else False
    res = subprocess.run([ARENA, 'verify', replays[0]], capture_output=True, text=True) if replays else None
    t.check('final_replays_recorded_and_verified', ok and res.returncode == 0, (len(replays), res and res.stdout[-300:]))

    # the references edited after the final (a grade changed, then all removed for the next one):
    # its grade lines keep the grades it was played under (they became the new grade, then the bare
    # name, in its JSON and in the CSV for the gradebook)
    def grades_now():
        o = adm.get('/api/final')[1]
        body = adm.request('GET', '/api/final.csv', raw=True)[1]
        cells = [r['above'] for r in csv.DictReader(io.StringIO(body.decode())) if r['above']]
        return [g for r in o['rows'] for g in r['grades']], cells
    before = grades_now()
    adm.post('/api/organizer/settings', {'references': [{'name': HENNY, 'seat': 'builtin:greedy', 'grade': '90%'}]})
    regraded = grades_now()
    adm.post('/api/organizer/settings', {'references': []})
    removed = grades_now()
    t.check('final_grades_kept_when_references_change', before[0] and all(g == HENNY + ' 70%' for g in before[0])
            and regraded == before and removed == before, (before, regraded, removed))

    # stop_when_separated: two entrants far apart (the course's random sample against the searcher,
    # the other teams disabled, no reference bot): the stage stops once their intervals are apart,
    # long before its planned games, and its other games are cancelled
    for x in adm.get('/api/teams')[1]['teams']:
        if not any(k in x['name'].lower() for k in ('yolanda', 'searcher')):
            adm.post(f"/api/organizer/teams/{x['id']}/disable", {'disabled': True})
    adm.post('/api/organizer/settings', {'references': [], 'ladder': 0})
    st, obj = adm.post('/api/organizer/final', {'name': 'preliminary', 'games_per_pair': 200,
                                                'stop_when_separated': True, 'seed': 7})

    def separated():
        o = adm.get('/api/final')[1]
        return o if o['state'] == 'done' and o['stages'][0]['name'] == 'preliminary' else None
    sep = wait_for(separated, 600, 1)
    stage = sep['stages'][0] if sep else {}
    t.check('final_stops_when_separated', st == 200 and sep is not None and len(sep['rows']) == 2
            and 'searcher' in sep['rows'][0]['name'].lower() and sep['rows'][0]['separated']
            and 10 <= stage['done'] < stage['planned'] == 200, (st, obj, sep))
    # the preliminary's CSV is named after it (both it and the final's came as final.csv)
    st, body, h = adm.request('GET', '/api/final.csv', raw=True)
    t.check('preliminary_csv_named_after_it', st == 200
            and h.get('content-disposition') == 'attachment; filename="preliminary.csv"', (st, h))
finally:
    srv.stop()
t.done()
