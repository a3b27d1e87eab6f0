"""serve_client.py: drives `arena serve` in the end-to-end tests: starts a server on a free
loopback port with its own store, and talks to it as a browser would (a cookie jar, the CSRF
header, JSON in and out, raw archives for uploads). Standard library only."""
import http.client
import io
import json
import os
import atexit
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import zipfile
import time

ARENA = os.environ.get('ARENA', os.path.abspath('bin/arena'))


class Server:
    """A server with a store of its own: an SQLite file in a fresh folder, or, when the test runs
    under test_serve_pg.sh, the PostgreSQL database named by ARENA_SERVE_DB (a fresh one per test
    script), with its data folder beside the SQLite file's place."""

    def __init__(self, game='chicken', jobs=0, db=None, config=None, extra=(), folder=None):
        self.folder = folder or tempfile.mkdtemp(prefix='arena-serve-')
        if not folder:
            atexit.register(self._remove_folder)
        self.db = db or os.environ.get('ARENA_SERVE_DB') or os.path.join(self.folder, 'site.db')
        self.data = os.path.join(self.folder, 'site.db.data')
        self.game, self.jobs, self.config, self.extra = game, jobs, config, list(extra)
        if self.db.startswith('postgres'):
            self.extra += ['--data', self.data]
        self.proc = None
        self.port = None
        self.log_path = os.path.join(self.folder, 'server.log')

    def start(self, timeout=60):
        args = [ARENA, 'serve', '--game', self.game, '--db', self.db, '--listen', '127.0.0.1:0',
                '--jobs', str(self.jobs)] + self.extra
        if self.config:
            path = os.path.join(self.folder, 'config.json')
            with open(path, 'w') as f:
                json.dump(self.config, f)
            args += ['--config', path]
        self.log = open(self.log_path, 'ab')
        start_at = self.log.tell()
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=self.log, start_new_session=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            text = open(self.log_path, errors='replace').read()[start_at:]
            ports = re.findall(r'on http://[^:]*:(\d+)/', text)
            if ports:
                self.port = int(ports[-1])
                return self
            if self.proc.poll() is not None:
                raise RuntimeError('arena serve exited: ' + text[-2000:])
            time.sleep(0.05)
        raise RuntimeError('arena serve did not start: ' + open(self.log_path).read()[-2000:])

    def admin_password(self):
        return open(os.path.join(self.data, 'admin-password.txt')).read().strip()

    def sql(self, query):
        """Rows of a read-only query on the store (values as text), on either engine."""
        if self.db.startswith('postgres'):
            from urllib.parse import parse_qs, urlparse
            u = urlparse(self.db)
            q = parse_qs(u.query)
            out = subprocess.run([os.environ.get('PG_BIN', '/usr/bin') + '/psql', '-X', '-q', '-At', '-F', '\t',
                                  '-h', q['host'][0], '-U', q.get('user', ['postgres'])[0], '-d', u.path.lstrip('/'),
                                  '-c', query], capture_output=True, text=True, check=True).stdout
            return [tuple(line.split('\t')) for line in out.splitlines()]
        import sqlite3
        db = sqlite3.connect(self.db, timeout=60)
        try:
            return [tuple('' if v is None else str(v) for v in row) for row in db.execute(query).fetchall()]
        finally:
            db.close()

    def sql_do(self, statement):
        """One statement that changes the store (committed), on either engine, the server stopped
        or not: a test puts the store in a state the API cannot reach (a value an older version
        allowed)."""
        if self.db.startswith('postgres'):
            self.sql(statement)
            return
        import sqlite3
        db = sqlite3.connect(self.db, timeout=60, isolation_level=None)
        try:
            db.execute(statement)
        finally:
            db.close()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM, timeout=60):
        if not self.proc:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        rc = self.proc.returncode
        self.proc = None
        self.log.close()
        return rc

    def kill9(self):
        """kill -9 of the server alone (its workers notice and hand their games back)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.proc = None
        self.log.close()

    def _remove_folder(self):
        # A folder this object made goes when the test ends (KEEP_TMP=1 keeps it, as in the browser
        # suite); a server still running then (a test that stopped early) is killed first.
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()
        if not os.environ.get('KEEP_TMP'):
            shutil.rmtree(self.folder, ignore_errors=True)

    def log_text(self):
        return open(self.log_path, errors='replace').read()


class Client:
    def __init__(self, server):
        self.server = server
        self.cookies = {}
        self.csrf = None

    def request(self, method, path, body=None, headers=None, raw=False, csrf=True):
        h = dict(headers or {})
        if method != 'GET' and csrf:
            if self.csrf is None:
                self.me()
            h.setdefault('X-CSRF-Token', self.csrf or '')
        if self.cookies:
            h['Cookie'] = '; '.join(f'{k}={v}' for k, v in self.cookies.items())
        data = body
        if body is not None and not isinstance(body, (bytes, bytearray)):
            data = json.dumps(body).encode()
            h.setdefault('Content-Type', 'application/json')
        conn = http.client.HTTPConnection('127.0.0.1', self.server.port, timeout=120)
        try:
            conn.request(method, path, body=data, headers=h)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered (a refusal) before the whole body was sent: read the answer
        try:
            r = conn.getresponse()
            payload = r.read()
        except (ConnectionResetError, http.client.RemoteDisconnected, BrokenPipeError):
            conn.close()
            return (None, b'', {}) if raw else (None, None)
        for k, v in r.getheaders():
            if k.lower() == 'set-cookie':
                name, _, rest = v.partition('=')
                value = rest.split(';')[0]
                if 'Max-Age=0' in v:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = value
        conn.close()
        if raw:
            return r.status, payload, dict((k.lower(), v) for k, v in r.getheaders())
        try:
            obj = json.loads(payload) if payload else None
        except ValueError:
            obj = payload
        if isinstance(obj, dict) and 'csrf' in obj:
            self.csrf = obj['csrf']
        return r.status, obj

    def at_once(self, reqs):
        """Several requests of this client as near at once as can be: each on its own connection,
        sent whole but for its last byte, then every last byte; reqs: [(method, path, body)], a
        body a dict (JSON) or bytes (with the header X-Filename: at-once.zip, an upload). Returns
        [(status, reply)] in the order of reqs (the reply JSON, else its bytes)."""
        if self.csrf is None:
            self.me()
        socks = []
        try:
            for method, path, body in reqs:
                data = body if isinstance(body, (bytes, bytearray)) else json.dumps(body or {}).encode()
                h = {'Host': '127.0.0.1', 'Content-Length': str(len(data)), 'Connection': 'close',
                     'X-CSRF-Token': self.csrf, 'Cookie': '; '.join(f'{k}={v}' for k, v in self.cookies.items())}
                if isinstance(body, (bytes, bytearray)):
                    h.update({'Content-Type': 'application/octet-stream', 'X-Filename': 'at-once.zip'})
                else:
                    h['Content-Type'] = 'application/json'
                whole = (f'{method} {path} HTTP/1.1\r\n' + ''.join(f'{k}: {v}\r\n' for k, v in h.items()) +
                         '\r\n').encode() + data
                s = socket.create_connection(('127.0.0.1', self.server.port), timeout=120)
                s.sendall(whole[:-1])
                socks.append((s, whole[-1:]))
            time.sleep(0.2)  # every request read but its last byte
            for s, last in socks:
                s.sendall(last)
            out = []
            for s, _ in socks:
                raw = b''
                while True:
                    d = s.recv(65536)
                    if not d:
                        break
                    raw += d
                head, _, payload = raw.partition(b'\r\n\r\n')
                try:
                    obj = json.loads(payload)
                except ValueError:
                    obj = payload
                out.append((int(head.split(b' ')[1]) if head else None, obj))
            return out
        finally:
            for s, _ in socks:
                s.close()

    def get(self, path):
        return self.request('GET', path)

    def post(self, path, body=None, **kw):
        return self.request('POST', path, body if body is not None else {}, **kw)

    def me(self):
        st, obj = self.request('GET', '/api/me')
        self.csrf = obj['csrf']
        return obj

    def register(self, name, password='correct horse', email='', invite=None):
        body = {'name': name, 'password': password, 'email': email}
        if invite is not None:
            body['invite'] = invite
        return self.post('/api/register', body)

    def login(self, name, password):
        return self.post('/api/login', {'name': name, 'password': password})

    def upload(self, data, filename='bot.zip'):
        return self.request('POST', '/api/submissions', data,
                            {'X-Filename': filename, 'Content-Type': 'application/octet-stream'})


class Tap:
    """ok / not ok lines, one per check, and the exit status."""

    def __init__(self):
        self.failed = 0

    def check(self, name, cond, why=''):
        if cond:
            print(f'ok - {name}')
        else:
            print(f'not ok - {name}')
            for line in str(why).splitlines()[:30]:
                print(f'#   {line}')
            self.failed += 1
        sys.stdout.flush()
        return cond

    def skip(self, name, why):
        print(f'ok - {name} # SKIP {why}')

    def done(self):
        sys.exit(1 if self.failed else 0)


CHICKEN_BOTS = os.path.join('tests', 'bots', 'chicken')


def zip_folder(name, patch=None, bots=CHICKEN_BOTS):
    """A Chicken agent's folder zipped as the course's students made it (folder/agent.py ...);
    patch, (old, new): agent.py with old (which must be there) replaced by new."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w') as z:
        for f in sorted(os.listdir(os.path.join(bots, name))):
            data = open(os.path.join(bots, name, f), 'rb').read()
            if patch and f == 'agent.py':
                assert patch[0].encode() in data
                data = data.replace(patch[0].encode(), patch[1].encode())
            z.writestr(f'{name}/{f}', data)
    return out.getvalue()


def wait_for(fn, timeout=120, step=0.2):
    """Calls fn until it returns something true, at most timeout seconds; returns the last value."""
    deadline = time.time() + timeout
    v = fn()
    while not v and time.time() < deadline:
        time.sleep(step)
        v = fn()
    return v
