"""serve_attacks.py: the competition server's attack suite. Each attack is its own test, against a
running server, and fails if the attack works; after each, the server must still answer.

Rising Tide is the game (the sandbox suite's attack bots speak its line protocol, so they can be
uploaded as they are, tests/bots/attacks)."""
import hashlib
import io
import json
import os
import re
import socket
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import ARENA, Client, Server, Tap, wait_for  # noqa: E402

ATTACKS = os.path.join('tests', 'bots', 'attacks')
SECRET_ENV = 'ARENA_TEST_SECRET_SERVE=hunter2'


def alive(srv):
    st, obj = Client(srv).request('GET', '/api/me')
    return srv.alive() and st == 200


def zip_of(entries):
    """entries: (name, bytes, mode) with mode a full st_mode (S_IFLNK for links)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return out.getvalue()


def tar_of(members):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode='w:gz') as t:
        for info, data in members:
            t.addfile(info, io.BytesIO(data) if data is not None else None)
    return out.getvalue()


def tinfo(name, kind=tarfile.REGTYPE, size=0, link=''):
    i = tarfile.TarInfo(name)
    i.type, i.size, i.linkname, i.mode = kind, size, link, 0o755
    return i


BOT_PY = b"import sys\nfor line in sys.stdin:\n    if line.strip() == 'go':\n        print('pass', flush=True)\n"


def raw_http(port, data, timeout=10):
    s = socket.create_connection(('127.0.0.1', port), timeout=timeout)
    out = b''
    try:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # refused before everything was sent: read whatever answer came
        while True:
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        return out
    finally:
        s.close()


def status_of(resp):
    m = re.match(rb'HTTP/1\.[01] (\d+)', resp)
    return int(m.group(1)) if m else None


def routes():
    out = subprocess.run([ARENA, 'serve', '--routes'], capture_output=True, text=True, check=True).stdout
    return [line.split()[:3] for line in out.splitlines() if line.strip()]


t = Tap()
os.environ['ARENA_TEST_SECRET_SERVE'] = 'hunter2'  # the workers inherit it; no bot may see it
srv = Server(game='rising_tide', jobs=1, config={
    'upload_max_mb': 1, 'unpacked_max_mb': 4, 'unpacked_max_files': 50, 'scrimmages_per_hour': 100}).start()
try:
    # ---- accounts ----
    victim = Client(srv)
    victim.register('victim', 'correct horse battery')
    st, vt = victim.post('/api/teams', {'name': 'Victims'})
    attacker = Client(srv)
    attacker.register('mallory', 'password-mallory')
    st, mt = attacker.post('/api/teams', {'name': 'Mallory'})

    # login brute force: 5 wrong guesses, then even the right password waits
    guesser = Client(srv)
    codes = [guesser.login('victim', f'guess{i}')[0] for i in range(5)]
    st, obj = guesser.login('victim', 'correct horse battery')
    st2, body, h = guesser.request('POST', '/api/login', {'name': 'victim', 'password': 'guess6'}, raw=True)
    t.check('login_brute_force_throttled', codes == [401] * 5 and st == 429 and 'retry-after' in h
            and int(h['retry-after']) > 0, (codes, st, obj, h))
    t.check('login_brute_force_server_alive', alive(srv))

    # session fixation: a cookie planted before login is never the session after it
    planted = 'A' * 43
    fix = Client(srv)
    fix.cookies['arena_session'] = planted
    fix.register('fixated', 'password-fixated')
    st, obj = fix.login('fixated', 'password-fixated')
    other = Client(srv)
    other.cookies['arena_session'] = planted
    st2, me = other.request('GET', '/api/me')
    t.check('session_fixation', st == 200 and fix.cookies.get('arena_session') not in (None, planted)
            and me['user'] is None, (fix.cookies, me))

    # CSRF: a logged-in request without the header, with a wrong one, with the anonymous token
    anon_token = Client(srv).me()['csrf']
    results = []
    for hdr in (None, 'x' * 43, anon_token):
        h = {'Content-Type': 'text/plain'}
        if hdr:
            h['X-CSRF-Token'] = hdr
        st, obj = attacker.request('POST', '/api/teams/settings', b'{"auto_accept": false}', headers=h, csrf=False)
        results.append(st)
    st, obj = attacker.get(f"/api/teams/{mt['id']}")
    t.check('csrf', results == [403, 403, 403] and obj['team']['auto_accept'] is True, (results, obj))

    # stored XSS: what users write comes back as JSON data, never as a page
    xss = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    xname, xteam = '<img src=x onerror=alert(1)>', '<script>alert(2)</script>'
    xc = Client(srv)
    st1, o1 = xc.register(xname, 'password-xss')
    st2, o2 = xc.post('/api/teams', {'name': xteam})
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    st3, o3 = adm.post('/api/organizer/announcements', {'text': xss})
    st4, teams_body, h4 = Client(srv).request('GET', '/api/teams', raw=True)
    st5, me_body, h5 = Client(srv).request('GET', '/api/me', raw=True)
    pages = [Client(srv).request('GET', p, raw=True)[1] for p in ('/', '/teams', '/index.html')]
    teams = json.loads(teams_body)['teams']
    t.check('stored_xss', st1 == 201 and st2 == 201 and st3 == 201
            and any(x['name'] == xteam for x in teams) and o1['user']['name'] == xname
            and json.loads(me_body)['competition']['announcements'][0]['text'] == xss
            and h4['content-type'].startswith('application/json') and h4['x-content-type-options'] == 'nosniff'
            and "default-src 'self'" in h4['content-security-policy']
            and not any(b'onerror' in p or b'alert(' in p for p in pages), (st1, st2, st3, h4))
    st, obj = Client(srv).register('bad\u0007name', 'password-ctl')
    t.check('control_characters_refused', st == 400, (st, obj))

    # SQL injection in every parameter: refused or taken literally, the store intact
    inj = ["' OR '1'='1", "1; DROP TABLE site_users; --", "\" OR 1=1 --", "1 UNION SELECT pw_hash FROM site_users"]
    statuses = []
    for p in inj:
        statuses.append(Client(srv).login(p, p)[0])
        c = Client(srv)
        statuses.append(c.register(p, 'password-inj')[0])
        statuses.append(Client(srv).register(p + 'e', 'password-inj', email=p + '@example.org')[0])
        statuses.append(c.post('/api/teams', {'name': p + 'x'})[0])
        statuses.append(attacker.post('/api/teams/join', {'code': p})[0])
        statuses.append(attacker.post('/api/scrimmages', {'opponent': p, 'games': 1})[0])
        for q in ('/api/games?team=', '/api/games?kind=', '/api/games?before=', '/api/games?limit=',
                  '/api/teams?after=', '/api/ladder/history?team=', '/api/games/1/stderr?seat='):
            statuses.append(attacker.request('GET', q + p.replace(' ', '%20').replace('#', ''))[0])
        statuses.append(adm.post('/api/organizer/settings', {'title': p})[0])
        statuses.append(attacker.request('POST', '/api/submissions', b'not an archive',
                                         {'X-Filename': p, 'Content-Type': 'application/octet-stream'})[0])
    st, users = adm.get('/api/organizer/users')
    names = {u['name'] for u in users['users']}
    st2, obj = Client(srv).login('victim', 'correct horse battery')
    t.check('sql_injection', 500 not in statuses and 503 not in statuses and inj[0] in names and inj[1] in names
            and 'victim' in names and st2 in (200, 429), (statuses, sorted(names)))
    t.check('sql_injection_server_alive', alive(srv))

    # archives: traversal, absolute paths, links out, devices; a zip bomb; too many files
    bad = {
        'archive_path_traversal': zip_of([('bot/../../evil.py', BOT_PY, stat.S_IFREG | 0o644)]),
        'archive_absolute_path': tar_of([(tinfo('/tmp/arena-evil-abs.py', size=len(BOT_PY)), BOT_PY)]),
        'archive_symlink_out': tar_of([(tinfo('bot/link', tarfile.SYMTYPE, link='/etc/passwd'), None),
                                       (tinfo('bot/bot.py', size=len(BOT_PY)), BOT_PY)]),
        'archive_symlink_dotdot': zip_of([('bot/up', b'../../../../etc', stat.S_IFLNK | 0o777),
                                          ('bot/bot.py', BOT_PY, stat.S_IFREG | 0o644)]),
        'archive_hardlink_out': tar_of([(tinfo('bot/hard', tarfile.LNKTYPE, link='/etc/passwd'), None)]),
        'archive_device': tar_of([(tinfo('bot/dev', tarfile.CHRTYPE), None)]),
        'archive_write_through_link': tar_of([(tinfo('bot/d', tarfile.SYMTYPE, link='.'), None),
                                              (tinfo('bot/d/x.py', size=len(BOT_PY)), BOT_PY)]),
        'zip_bomb': zip_of([('bot/bot.py', BOT_PY, stat.S_IFREG | 0o644),
                            ('bot/zeros.bin', b'\0' * (64 << 20), stat.S_IFREG | 0o644)]),
        'archive_too_many_files': zip_of([(f'bot/f{i}.txt', b'x', stat.S_IFREG | 0o644) for i in range(60)]),
    }
    before = set(os.listdir('/tmp'))
    for name, data in bad.items():
        st, obj = attacker.upload(data, name + '.bin')
        t.check(name, st == 400 and 'refused' in obj.get('error', '') and alive(srv), (st, obj, len(data)))
    st, subs = attacker.get('/api/submissions')
    t.check('refused_archives_leave_nothing', subs['submissions'] == [] and not os.path.exists('/tmp/arena-evil-abs.py')
            and not os.path.exists(os.path.join(srv.folder, 'evil.py'))
            and not any('evil' in f for f in set(os.listdir('/tmp')) - before), subs)

    # an upload over the size limit is refused before its body is read, and a chunked one too
    big = b'\0' * (2 << 20)
    st, obj = attacker.upload(big, 'big.zip')
    t.check('oversized_upload', st == 413 and alive(srv), (st, obj))
    resp = raw_http(srv.port, b'POST /api/submissions HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000000\r\n'
                    b'X-CSRF-Token: ' + (attacker.csrf or '').encode() + b'\r\n\r\n')
    t.check('oversized_upload_declared_length', status_of(resp) == 413 and alive(srv), resp[:200])
    chunks = b''.join(b'%x\r\n' % 65536 + b'a' * 65536 + b'\r\n' for _ in range(40)) + b'0\r\n\r\n'
    cookie = '; '.join(f'{k}={v}' for k, v in attacker.cookies.items()).encode()
    resp = raw_http(srv.port, b'POST /api/submissions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nCookie: '
                    + cookie + b'\r\nX-CSRF-Token: ' + attacker.csrf.encode() + b'\r\n\r\n' + chunks)
    t.check('oversized_upload_chunked', status_of(resp) in (413, None) and alive(srv), resp[:200])

    # oversized or malformed HTTP
    resp = raw_http(srv.port, b'GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ' + b'a' * (200 << 10) + b'\r\n\r\n')
    t.check('oversized_headers', status_of(resp) in (413, 431, 400, None) and alive(srv), resp[:200])
    resp = raw_http(srv.port, b'\x16\x03\x01garbage that is not http\r\n\r\n')
    t.check('malformed_request_line', status_of(resp) in (400, None) and alive(srv), resp[:200])
    resp = raw_http(srv.port, b'GET /api/me HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n')
    t.check('malformed_content_length', status_of(resp) in (400, 413, None) and alive(srv), resp[:200])
    st, obj = attacker.request('POST', '/api/teams/settings', b'{"auto_accept": tru', {'Content-Type': 'application/json'})
    t.check('malformed_json', st == 400 and alive(srv), (st, obj))
    resp = raw_http(srv.port, b'GET /api/me HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789')
    t.check('body_on_get_refused', status_of(resp) == 413 and alive(srv), resp[:200])
    resp = raw_http(srv.port, b'GET /' + b'../' * 20 + b'etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n')
    t.check('path_traversal_in_url', b'root:' not in resp and alive(srv), resp[:200])

    # every organizer endpoint: without login 401, as a participant 403
    org = [(m, p.replace('{id}', '1')) for m, p, cap in routes() if cap == 'organizer']
    anon = Client(srv)
    anon.me()
    bad_codes = []
    for m, p in org:
        st, obj = anon.request(m, p, {} if m == 'POST' else None)
        st2, obj2 = attacker.request(m, p, {} if m == 'POST' else None)
        if st != 401 or st2 != 403:
            bad_codes.append((m, p, st, st2))
    t.check('organizer_endpoints_need_an_organizer', len(org) >= 12 and not bad_codes, (len(org), bad_codes))

    # reading another team's code, logs, private games and stderr by changing ids
    lib = open(os.path.join(ATTACKS, 'attacklib.py'), 'rb').read()
    vzip = zip_of([('vbot/arena.json', b'{"command": "python3 victim.py lines victimmarker"}', stat.S_IFREG | 0o644),
                   ('vbot/attacklib.py', lib, stat.S_IFREG | 0o644),
                   ('vbot/victim.py', open(os.path.join(ATTACKS, 'victim.py'), 'rb').read(), stat.S_IFREG | 0o644)])
    st, obj = victim.upload(vzip, 'victim.zip')
    vsub = obj['submission']['id']
    wait_for(lambda: victim.get(f'/api/submissions/{vsub}')[1]['submission']['state'] in ('ready', 'failed'), 240, 0.5)
    st, vs = victim.get(f'/api/submissions/{vsub}')
    vgame = vs['submission']['validation_game']
    probes = [attacker.request('GET', f'/api/submissions/{vsub}')[0],
              attacker.request('GET', f'/api/submissions/{vsub}/download', raw=True)[0],
              attacker.request('POST', f'/api/submissions/{vsub}/activate', {})[0],
              attacker.request('GET', f'/api/games/{vgame}')[0],
              attacker.request('GET', f'/api/games/{vgame}/replay', raw=True)[0],
              attacker.request('GET', f'/api/games/{vgame}/stderr?seat=0', raw=True)[0],
              Client(srv).request('GET', f'/api/games/{vgame}')[0]]
    st, listing = attacker.get(f"/api/games?team={vt['id']}&kind=validation")
    st2, tv = attacker.get(f"/api/teams/{vt['id']}")
    t.check('other_teams_code_logs_games_by_id', vs['submission']['state'] == 'ready'
            and all(p in (403, 404) for p in probes) and listing['games'] == [] and 'join_code' not in tv['team'],
            (vs['submission'], probes, listing))

    # a Rising Tide bot as students write it: one .py calling util.make_bot, uploaded as it is
    rt = Client(srv)
    rt.register('tidal', 'password-tidal')
    rt.post('/api/teams', {'name': 'Tidal'})
    st, obj = rt.upload(open(os.path.join('tests', 'bots', 'rising_tide', 'printer.py'), 'rb').read(), 'printer.py')
    rsub = obj['submission']['id'] if st == 201 else 0
    o = wait_for(lambda: (lambda x: x if x['submission']['state'] in ('ready', 'failed') else None)(
        rt.get(f'/api/submissions/{rsub}')[1]), 300, 0.5) if rsub else None
    t.check('rising_tide_py_upload', o is not None and o['submission']['kind'] == 'python'
            and o['submission']['state'] == 'ready', o and o['submission'])

    # a bot that attacks the worker (the sandbox suite's attacks, uploaded as bots): reading the
    # other team's upload and the server's data, the worker's environment, writing outside its
    # folder, leaving processes and files for its next game
    data_dir = srv.data
    secret = os.path.join(data_dir, 'uploads', vs['submission']['sha256'])
    secret_hash = hashlib.sha256(open(secret, 'rb').read()).hexdigest()
    st, q = adm.get('/api/organizer/queue')
    worker_pid = max((w.get('pid', 0) for w in q['workers']), default=0) if isinstance(q.get('workers'), list) else 0
    if not worker_pid:
        out = subprocess.run(['pgrep', '-P', str(srv.proc.pid)], capture_output=True, text=True).stdout.split()
        worker_pid = int(out[0]) if out else 1
    attack_bots = {
        'read_outside': f'secret={secret} cwd={data_dir}',
        'write_outside': f'secret={secret} cwd={data_dir} outside={data_dir}',
        'proc_snoop': f'ref={worker_pid}',
        'links': f'secret={secret} outside={data_dir}',
        'survive': '',
        'daemon': '',
    }
    for name, args in attack_bots.items():
        marker = f'srvattack{name}{os.getpid()}'
        fname = 'daemon.sh' if name == 'daemon' else name + '.py'
        run = f'sh {fname}' if fname.endswith('.sh') else f'python3 {fname}'
        manifest = json.dumps({'command': f'{run} lines {marker} {args}'.strip()}).encode()
        arc = zip_of([(f'{name}/arena.json', manifest, stat.S_IFREG | 0o644),
                      (f'{name}/attacklib.py', lib, stat.S_IFREG | 0o644),
                      (f'{name}/{fname}', open(os.path.join(ATTACKS, fname), 'rb').read(), stat.S_IFREG | 0o755)])
        st, obj = attacker.upload(arc, name + '.zip')
        if st != 201:
            t.check(f'bot_attacks_worker_{name}', False, (st, obj))
            continue
        sid = obj['submission']['id']
        o = wait_for(lambda: (lambda x: x if x['submission']['state'] in ('ready', 'failed') else None)(
            attacker.get(f'/api/submissions/{sid}')[1]), 300, 0.5)
        # A manifest bot starts in its own folder, read-only (nothing left for its next game):
        # write_outside counts that as a failure of its own, not as a hole.
        err = '\n'.join(x for x in (o['stderr'] if o else '').splitlines() if '(wrongly) its own folder' not in x)
        leftovers = subprocess.run(['pgrep', '-f', marker], capture_output=True, text=True).stdout.split()
        pwned = [f for f in os.listdir(data_dir) if 'pwned' in f or f.startswith('dir-')]
        pwned += [f for f in os.listdir('/tmp') if f.startswith('arena-pwned-')]
        t.check(f'bot_attacks_worker_{name}', o is not None and 'SUCCEEDED' not in err
                and (name in ('survive', 'daemon') or 'BLOCKED' in err) and 'hunter2' not in err
                and not leftovers and not pwned
                and hashlib.sha256(open(secret, 'rb').read()).hexdigest() == secret_hash,
                (o and o['submission'], err[-1500:], leftovers, pwned))
    t.check('server_alive_after_every_attack', alive(srv))
finally:
    srv.stop()
t.done()
