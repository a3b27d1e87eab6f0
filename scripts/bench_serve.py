#!/usr/bin/env python3
"""bench_serve.py: the competition server's figures (docs/benchmarks.md, "The competition server"),
on loopback only, each part bounded in games and seconds. Run by scripts/bench_serve.sh.

  1. A competition of 8 teams (Chicken, the C kit's bots uploaded as arena.json bots), J local
     workers: the time from an upload to its validation result and to its first five ladder games,
     ladder games per hour against `arena tourney` playing the same bots on the same J workers
     (the server's overhead as a ratio), and page and API latency p50/p99 with 100 concurrent
     clients browsing while the ladder plays and uploads arrive.
  2. Fairness: 40 teams (built-in bots: games of milliseconds), 2 workers; an hour is simulated
     as 120 games (2 workers playing one-minute games): over every window of 120 consecutive
     ladder games, the fewest games of any team against the most.
  3. Memory: a store of 1,000 teams and 100,000 finished ranked games; the server's resident memory
     once its ladder table is computed (and the peak while computing it), and its latency then.
"""
import io
import json
import os
import re
import subprocess
import sys
import threading
import time
import zipfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'e2e'))
from serve_client import ARENA, Client, Server, wait_for  # noqa: E402

HELPER = sys.argv[1] if len(sys.argv) > 1 else None
JOBS = int(os.environ.get('JOBS', '2'))
KIT = os.path.abspath('bin/arena-kit')
BOTS = ['greedy', 'tracker', 'searcher', 'yolanda', 'greedy', 'tracker', 'searcher', 'yolanda']


def kit_zip(bot, tag):
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo(f'{tag}/arena-kit')
        info.external_attr = 0o100755 << 16
        z.writestr(info, open(KIT, 'rb').read())
        z.writestr(f'{tag}/arena.json', json.dumps({'command': f'./arena-kit chicken {bot}'}))
    return out.getvalue()


def rss(pid):
    status = open(f'/proc/{pid}/status').read()
    return {k: int(re.search(rf'{k}:\s+(\d+)', status).group(1)) / 1024 for k in ('VmRSS', 'VmHWM')}


def cpu_s(pid):
    """User + system CPU seconds of a process so far."""
    f = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf('SC_CLK_TCK')


def ladder_done(srv):
    return int(srv.sql("SELECT COUNT(*) FROM jobs WHERE owner_kind = 'ladder' AND state = 'done'")[0][0])


def competition():
    srv = Server(game='chicken', jobs=JOBS, config={'placement_games': 5, 'scrimmages_per_hour': 1000}).start()
    clients = []
    try:
        t0 = time.time()
        for i, bot in enumerate(BOTS):
            c = Client(srv)
            c.register(f'user{i}', 'bench-password')
            c.post('/api/teams', {'name': f'team{i}'})
            st, obj = c.upload(kit_zip(bot, f'bot{i}'), f'bot{i}.zip')
            clients.append((c, obj['submission']['id']))
        for c, sid in clients:
            wait_for(lambda: c.get(f'/api/submissions/{sid}')[1]['submission']['state'] in ('ready', 'failed'), 600, 0.5)
        wait_for(lambda: all(r['placement_left'] == 0 for r in Client(srv).get('/api/ladder')[1]['rows'])
                 and len(Client(srv).get('/api/ladder')[1]['rows']) == len(BOTS), 900, 1)
        print(f'setup: {len(BOTS)} teams uploaded, validated and placed in {time.time() - t0:.0f} s')

        # upload to validation result and to its first five ladder games
        c = Client(srv)
        c.register('newcomer', 'bench-password')
        st, team = c.post('/api/teams', {'name': 'newcomer'})
        t_up = time.time()
        st, obj = c.upload(kit_zip('tracker', 'new'), 'new.zip')
        sid = obj['submission']['id']
        wait_for(lambda: c.get(f'/api/submissions/{sid}')[1]['submission']['state'] in ('ready', 'failed'), 600, 0.1)
        t_ready = time.time() - t_up

        def five():
            st, g = c.get(f"/api/games?team={team['id']}&kind=ladder&limit=20")
            return len([x for x in g['games'] if x['state'] == 'done']) >= 5
        wait_for(five, 900, 0.2)
        t_five = time.time() - t_up
        print(f'upload -> validation result: {t_ready:.1f} s; -> its first five ladder games: {t_five:.1f} s '
              f'(J={JOBS}, {len(BOTS)} other teams playing the ladder)')

        # ladder throughput over a window, against arena tourney on the same bots and workers
        window = float(os.environ.get('WINDOW', '60'))
        n0, w0, c0 = ladder_done(srv), time.time(), cpu_s(srv.proc.pid)
        time.sleep(window)
        n1, w1, c1 = ladder_done(srv), time.time(), cpu_s(srv.proc.pid)
        server_rate = (n1 - n0) / (w1 - w0) * 3600

        # latency: 100 clients browsing while the ladder plays and uploads arrive
        stop = threading.Event()
        uploads = []

        def uploader():
            u = clients[0][0]
            k = 0
            while not stop.is_set():
                st, obj = u.upload(kit_zip(BOTS[k % 4], f'v{k}'), f'v{k}.zip')
                uploads.append(st)
                k += 1
                stop.wait(5)
        th = threading.Thread(target=uploader)
        th.start()
        st, g = Client(srv).get('/api/games?kind=ladder&limit=1')
        gid = g['games'][0]['id']
        paths = ['/', '/api/me', '/api/ladder', '/api/teams', '/api/games?limit=20', f'/api/games/{gid}',
                 f'/api/ladder/history?team=1', '/viewer/js/viewer.js']
        out = subprocess.run([HELPER, 'load', str(srv.port), '100', os.environ.get('LOAD_S', '30')] + paths,
                             capture_output=True, text=True, check=True).stdout
        stop.set()
        th.join()
        lat = json.loads(out)
        print(f"latency, 100 concurrent clients for {lat['seconds']:.0f} s while the ladder plays and "
              f"{len(uploads)} uploads arrive: {lat['requests']} requests ({lat['per_s']:.0f}/s, {lat['errors']} errors), "
              f"p50 {lat['p50_ms']:.1f} ms, p99 {lat['p99_ms']:.1f} ms")
        for p, (n, p50, p99) in lat['paths'].items():
            print(f'    {p:32s} {n:6d} requests  p50 {p50:7.1f} ms  p99 {p99:7.1f} ms')
        print(f"server memory then: {rss(srv.proc.pid)['VmRSS']:.0f} MiB resident")
    finally:
        srv.stop()

    # arena tourney: the same seats (the server's own copies of the uploaded bots, through their
    # arena.json launchers), the same workers, about the same number of games
    games = max(2, 2 * round((n1 - n0) / 56))  # even: seats balanced
    folder = srv.folder
    subs = srv.sql("SELECT seat FROM site_subs WHERE kind = 'manifest' ORDER BY id LIMIT %d" % len(BOTS))
    seats = [f't{i}={seat}' for i, (seat,) in enumerate(subs)]
    t0 = time.time()
    subprocess.run([ARENA, 'tourney', 'chicken'] + seats + ['--games', str(games), '--jobs', str(JOBS), '--db',
                   os.path.join(folder, 'tourney.db'), '--quiet', '--seed', '1'], check=True)
    tourney_rate = games * 28 / (time.time() - t0) * 3600
    print(f'ladder games per hour with J={JOBS}: arena serve {server_rate:.0f} ({n1 - n0} in {w1 - w0:.0f} s), '
          f'arena tourney {tourney_rate:.0f} ({games * 28} games): ratio {server_rate / tourney_rate:.2f}; '
          f'the server process itself used {1000 * (c1 - c0) / max(1, n1 - n0):.1f} ms of CPU per ladder game')


def fairness():
    folder = Server().folder
    db = os.path.join(folder, 'fair.db')
    subprocess.run([HELPER, 'fill', db, '40', '0'], check=True, capture_output=True)
    srv = Server(game='chicken', jobs=2, db=db, folder=folder,
                 config={'placement_games': 0, 'provisional_games': 5, 'ladder_ahead': 8}).start()
    target = int(os.environ.get('FAIR_GAMES', '1500'))
    try:
        wait_for(lambda: ladder_done(srv) >= target, 900, 1)
        rows = srv.sql("SELECT g.id, s.team_id FROM site_games g JOIN site_game_seats s ON s.game_id = g.id "
                       "JOIN jobs j ON j.id = g.job_id WHERE g.kind = 'ladder' AND j.state = 'done' ORDER BY g.id")
    finally:
        srv.stop()
    games = {}
    for gid, team in rows:
        games.setdefault(int(gid), []).append(int(team))
    order = sorted(games)
    hour = min(120, len(order))  # a short run (FAIR_GAMES < 120) is one window
    worst = (1e9, 0, 0, 0)
    for start in range(0, len(order) - hour + 1):
        count = {t: 0 for t in range(1, 41)}
        for g in order[start:start + hour]:
            for t in games[g]:
                count[t] += 1
        lo, hi = min(count.values()), max(count.values())
        if hi and lo / hi < worst[0]:
            worst = (lo / hi, lo, hi, start)
    total = {t: 0 for t in range(1, 41)}
    for g in order:
        for t in games[g]:
            total[t] += 1
    print(f'fairness, 40 teams, 2 workers, {len(order)} ladder games: over the worst simulated hour '
          f'({hour} consecutive games) the fewest games of a team {worst[1]}, the most {worst[2]} (ratio {worst[0]:.2f}, '
          f'target >= 0.5); over all: {min(total.values())} to {max(total.values())}')


def memory():
    folder = Server().folder
    db = os.path.join(folder, 'mem.db')
    teams, games = int(os.environ.get('MEM_TEAMS', '1000')), int(os.environ.get('MEM_GAMES', '100000'))
    fill = json.loads(subprocess.run([HELPER, 'fill', db, str(teams), str(games)], check=True, capture_output=True,
                                     text=True).stdout)
    srv = Server(game='chicken', jobs=0, db=db, folder=folder, config={'ladder': 0}).start()
    try:
        t0 = time.time()
        ok = wait_for(lambda: Client(srv).get('/api/ladder')[1]['games'] == games, 900, 1)
        took = time.time() - t0
        mem = rss(srv.proc.pid)
        lat = json.loads(subprocess.run([HELPER, 'load', str(srv.port), '10', '10', '/api/ladder', '/api/teams',
                                         '/api/games?limit=50', '/api/me'], capture_output=True, text=True).stdout)
        print(f'memory, {teams} teams and {games} stored games (filled in {fill["fill_s"]:.0f} s): '
              f'{mem["VmRSS"]:.0f} MiB resident once the ladder table is computed ({took:.0f} s after start{"" if ok else ", not finished"}), '
              f'{mem["VmHWM"]:.0f} MiB at the peak; 10 clients then: p50 {lat["p50_ms"]:.1f} ms, p99 {lat["p99_ms"]:.1f} ms')
    finally:
        srv.stop()


if __name__ == '__main__':
    parts = os.environ.get('PARTS', 'competition fairness memory').split()
    for p in parts:
        globals()[p]()
        sys.stdout.flush()
