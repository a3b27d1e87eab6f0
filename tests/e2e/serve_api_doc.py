"""serve_api_doc.py: docs/serve.md's API tables, row by row, against a running server: who may call
each endpoint (the capability column: a caller below it is refused with the status the page gives),
every reply the table opens with 201 is a 201, and the keys the tables list for a reply are the
keys the reply has (where the reply is an object the table spells out)."""
import io
import os
import re
import sys
import zipfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for  # noqa: E402

DOC = open(os.path.join('docs', 'serve.md')).read()
# (method, path without its query, capability, request, reply) of each row: cells split at the
# pipes that are not escaped (a reply's `a\|b`)
CELLS = [[c.strip() for c in re.split(r'(?<!\\)\|', line)[1:-1]]
         for line in DOC.split('## The API', 1)[1].splitlines() if re.match(r'^\| (GET|POST) \| `', line)]
ROWS = [(c[0], c[1].strip('`').split('?')[0], c[2], c[3], c[4].replace('\\|', '|')) for c in CELLS]

t = Tap()
t.check('doc_api_rows_found', len(ROWS) >= 40, len(ROWS))
srv = Server(game='chicken', jobs=1, config={'team_size': 2, 'references': [
    {'name': 'Henny', 'seat': 'builtin:greedy', 'grade': '70%'}]}).start()
try:
    anon, lone, alice, adm = Client(srv), Client(srv), Client(srv), Client(srv)
    anon.me()
    st_lone, _ = lone.register('lone', 'lone-password')
    alice.register('alice', 'alice-password')
    st_team, team = alice.post('/api/teams', {'name': 'Hens'})
    adm.login('admin', srv.admin_password())
    agent = io.BytesIO()
    with zipfile.ZipFile(agent, 'w') as z:
        z.writestr('Hen/agent.py', open('tests/bots/chicken/Yolly/agent.py').read())
        z.writestr('Hen/__init__.py', '')
    st_up, up = alice.upload(agent.getvalue(), 'Hen.zip')
    sub = up['submission']['id']
    ready = wait_for(lambda: alice.get(f'/api/submissions/{sub}')[1]['submission']['state'] in ('ready', 'failed'), 120)
    t.check('setup', st_lone == 201 and st_team == 201 and st_up == 201 and ready
            and alice.get(f'/api/submissions/{sub}')[1]['submission']['state'] == 'ready', (st_team, up))
    # The ladder's table lists the new active submission within seconds, though no ranked game is
    # played (one team): the table was computed again only when ranked results came in, or after
    # its minute, so the row came about 55 s later.
    rows = wait_for(lambda: anon.get('/api/ladder')[1]['rows'], 20)
    t.check('ladder_lists_a_new_active_submission_without_a_game', rows and rows[0]['team']['id'] == team['id']
            and rows[0]['games'] == 0, rows)

    # Who may call: each row's capability, tried by every caller below it. Ids in paths are ones
    # that exist (a refusal for the caller, not for a missing thing).
    ids = {'/api/teams/': team['id'], '/api/submissions/': sub, '/api/organizer/teams/': team['id'],
           '/api/organizer/submissions/': sub}

    def concrete(path):
        for prefix, i in ids.items():
            if path.startswith(prefix + '{id}'):
                return path.replace('{id}', str(i))
        return path.replace('{id}', '1')

    def call(client, method, path):
        return client.request(method, concrete(path), {} if method == 'POST' else None)[0]

    wrong = []
    for method, path, cap, _, reply in ROWS:
        if path in ('/api/login', '/api/register', '/api/password', '/api/logout', '/api/teams/leave'):
            continue  # (they change the callers themselves: tried by the other tests)
        if cap.startswith('public'):
            got = {'anonymous': call(anon, method, path)}
            ok = got['anonymous'] not in (401, 403)
        elif cap.startswith('user'):
            got = {'anonymous': call(anon, method, path)}
            ok = got['anonymous'] == 401
        elif cap.startswith('team'):
            # "team": logged in and in a team; a team's own things are 404 to anyone else
            got = {'anonymous': call(anon, method, path), 'no team': call(lone, method, path)}
            ok = got['anonymous'] == 401 and got['no team'] in ((403,) if cap == 'team' else (403, 404))
        elif cap.startswith('organizer'):
            got = {'anonymous': call(anon, method, path), 'participant': call(alice, method, path)}
            ok = got['anonymous'] == 401 and got['participant'] == 403
        elif cap.startswith('as released'):
            got = {'anonymous': call(anon, method, path), 'participant': call(alice, method, path)}
            ok = got['anonymous'] == 404 and got['participant'] == 404
        else:
            got, ok = {}, False
        if not ok:
            wrong.append((method, path, cap, got))
    t.check('doc_capability_of_every_row', not wrong, '\n'.join(map(str, wrong)))

    # Every row whose reply opens with 201 answers 201 when it succeeds.
    made = {('POST', '/api/register'): st_lone, ('POST', '/api/teams'): st_team, ('POST', '/api/submissions'): st_up,
            ('POST', '/api/scrimmages'): alice.post('/api/scrimmages', {'opponent': 'ref:greedy', 'games': 1})[0],
            ('POST', '/api/organizer/announcements'): adm.post('/api/organizer/announcements', {'text': 'hi'})[0]}
    rows201 = {(m, p) for m, p, _, _, reply in ROWS if reply.startswith('201')}
    t.check('doc_201_rows_answer_201', rows201 == set(made) and all(st == 201 for st in made.values()),
            (sorted(rows201), made))

    # The keys a reply's row spells out (`{"key", "key": ...}` at its top level) are the reply's.
    def top_keys(reply):
        """The keys of the object a reply cell opens with: strings at its first level that follow
        `{` or `,` (not values, "elo"|"mean score", nor words in parentheses)."""
        if not reply.startswith('`{'):
            return None
        keys, depth, paren, prev, i = [], 0, 0, '', 1
        while i < len(reply):
            c = reply[i]
            if c == '(':
                paren += 1
            elif c == ')':
                paren -= 1
            elif paren == 0 and c in '{[':
                depth += 1
            elif paren == 0 and c in '}]':
                depth -= 1
                if depth == 0:
                    break
            elif paren == 0 and c == '"':
                j = reply.index('"', i + 1)
                if depth == 1 and prev in '{,':
                    keys.append(reply[i + 1:j])
                i = j
            if paren == 0 and not c.isspace() and c != '`':
                prev = c
            i += 1
        return keys

    gets = {'/api/me': anon, '/api/ladder': anon, '/api/organizer/queue': adm, '/api/organizer/settings': adm,
            '/api/final': adm, f'/api/submissions/{sub}': alice, '/api/submissions': alice, '/api/scrimmages': alice,
            '/api/games': anon, '/api/teams': anon, f'/api/teams/{team["id"]}': alice,
            f'/api/ladder/history?team={team["id"]}': anon, '/api/organizer/users': adm}
    odd = []
    for method, path, _, _, reply in ROWS:
        if method != 'GET':
            continue
        url = next((u for u in gets if concrete(path) == u.split('?')[0]), None)
        keys = top_keys(reply)
        if url is None or keys is None:
            continue
        st, obj = gets[url].get(url)
        if st != 200 or sorted(obj) != sorted(keys):
            odd.append((path, st, sorted(keys), sorted(obj) if isinstance(obj, dict) else obj))
    t.check('doc_reply_keys_of_every_listed_get', len(gets) and not odd, '\n'.join(map(str, odd)))

    # The objects spelled out inside a reply: /api/me's competition, the ladder's rows, the
    # final's stages and rows, the queue's workers.
    def inner_keys(path, name):
        reply = next(r[4] for r in ROWS if r[0] == 'GET' and r[1] == path)
        rest = reply[reply.index(f'"{name}": ') + len(name) + 4:]
        return top_keys('`' + rest.lstrip('['))

    st_final, _ = adm.post('/api/organizer/final', {'games_per_pair': 1})
    inner = [('/api/me', 'competition', anon.me()['competition']),
             ('/api/ladder', 'rows', (wait_for(lambda: anon.get('/api/ladder')[1]['rows'], 120) or [{}])[0]),
             ('/api/final', 'stages', (adm.get('/api/final')[1]['stages'] or [{}])[0]),
             ('/api/final', 'rows', (adm.get('/api/final')[1]['rows'] or [{}])[0]),
             ('/api/organizer/queue', 'workers', (adm.get('/api/organizer/queue')[1]['workers'] or [{}])[0])]
    odd = [(path, name, sorted(inner_keys(path, name)), sorted(got)) for path, name, got in inner
           if sorted(inner_keys(path, name)) != sorted(got)]
    # (games_per_pair 1 for two seats: the log's hint names the final's field, not the CLI's --games)
    t.check('final_hint_names_games_per_pair', 'not a multiple of the 2 seats: the seats are not balanced (use '
            'games_per_pair 2)' in srv.log_text() and '--games' not in srv.log_text(), srv.log_text()[-1500:])
    t.check('doc_keys_of_the_objects_inside_replies', st_final == 200 and not odd, '\n'.join(map(str, [st_final] + odd)))
finally:
    srv.stop()
t.done()
