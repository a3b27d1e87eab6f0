"""serve_gradebook.py: the final's CSV read as a gradebook reads it (Python's csv module, UTF-8),
checked cell by cell against the standings of /api/final: names with commas, quotes, non-ASCII
letters and a spreadsheet formula's first character, a team named as a reference bot (its row was
dropped: rows were told apart by name), a tie (identical results share a rank: they were numbered on
by team id), and rows without games (a final just started: empty figures, one shared rank). The
final has a cutoff of 2 with the four teams tied: all four go on (cut at exactly 2, the two teams
registered first went on) and /api/final says why."""
import csv
import io
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for, zip_folder  # noqa: E402

# BadMove plays an invalid move at once: every game it plays is over in one turn, the same each
# time, so two teams uploading it have the same results against everyone (a tie)
TEAMS = [('Henny', 'BadMove'), ('Smith, Jones & "Co"', 'BadMove'), ('Ünïcødé 队', 'BadMove'), ('=1+1', 'BadMove')]


def cell(x):
    """A name or an `above` cell as the CSV writes it: a formula's first character neutralized."""
    return "'" + x if x[:1] in ('=', '+', '-', '@') else x


def figure(v):
    return '' if v is None else f'{v:.1f}'


def check_csv(t, name, adm):
    """Every row and column of the CSV against /api/final's rows; returns the rows."""
    fin = adm.get('/api/final')[1]
    st, body, h = adm.request('GET', '/api/final.csv', raw=True)
    # RFC 4180 as docs/serve.md promises it: CRLF line ends, strict quoting, UTF-8 without a BOM
    # (csv.Error or UnicodeDecodeError end the program: a failure too)
    table = list(csv.reader(io.StringIO(body.decode('utf-8'), newline=''), strict=True))
    t.check(name + '_rfc4180_utf8_no_bom', not body.startswith(b'\xef\xbb\xbf') and body.endswith(b'\r\n')
            and body.count(b'\n') == body.count(b'\r\n') and h.get('content-type', '') == 'text/csv; charset=utf-8',
            (body[:40], h.get('content-type')))
    head, rows = (table[0], table[1:]) if table else ([], [])
    want = [[str(r['rank']), str(r['stage']), cell(r['name']), 'reference' if r['reference'] else 'team',
             figure(r['rating']), figure(r['lo']), figure(r['hi']), str(r['games']), str(r['wins']),
             str(r['draws']), str(r['losses']), cell('; '.join(r['grades']))] for r in fin['rows']]
    t.check(name, st == 200 and head == ['rank', 'stage', 'name', 'kind', 'rating', 'lo', 'hi', 'games', 'wins',
                                         'draws', 'losses', 'above'] and rows == want,
            '\n'.join(map(str, [st, head] + rows + ['want:'] + want)))
    return fin['rows']


t = Tap()
srv = Server(game='chicken', jobs=2, config={
    'ladder': 0, 'references': [{'name': 'Henny', 'seat': 'builtin:greedy', 'grade': '70%'}]}).start()
try:
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    teams = []
    for i, (name, bot) in enumerate(TEAMS):
        c = Client(srv)
        c.register(f'student{i}', 'password-student')
        st, obj = c.post('/api/teams', {'name': name})
        st2, up = c.upload(zip_folder(bot), bot + '.zip')
        t.check(f'team_{i}_uploads', st == 201 and st2 == 201, (st, obj, st2, up))
        teams.append(c)
    ok = wait_for(lambda: all(c.get('/api/submissions')[1]['active'] for c in teams), 300, 0.5)
    t.check('every_upload_ready', ok, [c.get('/api/submissions')[1] for c in teams])
    # a cutoff of 2 through the four-way tie: the second stage is the same five entrants again
    st, fin = adm.post('/api/organizer/final', {'games_per_pair': 2, 'cutoff': 2, 'seed': 11})
    # just started: no entrant has a game, so none has a figure, and none is ahead of another
    rows = check_csv(t, 'csv_matches_standings_before_any_game', adm) if st == 200 else []
    t.check('rows_without_games_share_a_rank', len(rows) == 5 and all(r['rank'] == 1 and r['games'] == 0
                                                                      and r['rating'] is None for r in rows)
            if fin['stages'][0]['done'] == 0 else True, rows)

    def done():
        o = adm.get('/api/final')[1]
        return o if o['state'] == 'done' else None
    fin = wait_for(done, 600, 0.5)
    rows = check_csv(t, 'csv_matches_standings', adm)
    names = sorted((r['name'], r['reference']) for r in rows)
    t.check('team_named_as_a_reference_bot_kept', names == sorted([(n, False) for n, _ in TEAMS] + [('Henny', True)]),
            names)
    # the four BadMove teams: 1-1 against each other (each loses the game it moves first in), 0-2
    # against the greedy bot: the same figures, one rank, the next row's rank counting them all
    teams_rows = [r for r in rows if not r['reference']]
    same = len({(r['rating'], r['lo'], r['hi'], r['wins'], r['losses']) for r in teams_rows}) == 1
    t.check('identical_results_share_a_rank', not same or (len({r['rank'] for r in teams_rows}) == 1
                                                            and teams_rows[0]['rank'] == 2), rows)
    t.check('the_tie_is_there', same, rows)
    # the tie at the cutoff: every team tied with the 2nd goes on, not the two registered first
    first = next((x for x in fin['stages'] if x['stage'] == 1), {})
    t.check('a_tie_at_the_cutoff_goes_on', len(fin['stages']) == 2 and all(r['stage'] == 2 for r in rows)
            and first.get('advanced') == 4 and first.get('advance_note') == '4 go on: a tie at the 2nd place'
            and all(x['advanced'] is None and x['advance_note'] == '' for x in fin['stages'] if x['stage'] == 2),
            (fin['stages'], rows))
finally:
    srv.stop()
t.done()
