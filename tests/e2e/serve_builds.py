"""serve_builds.py: uploads that are built or found by their shape, on a running Rising Tide server
with one local worker: an arena.json with a build command (built in the sandbox, its output kept:
built, failed, over its time limit, printing without end, killed), a program found by its name among
executables, a main.py among Python files, a file that is not Python, an archive without a bot, a
bot whose check game cannot be played; an older version made active, and not once the
submissions are frozen; the replay and the archive downloaded as files."""
import io
import json
import os
import shutil
import stat
import sys
import tarfile
import zipfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Server, Tap, wait_for  # noqa: E402

BOT_PY = "import sys\nfor line in sys.stdin:\n    if line.strip() == 'go':\n        print('pass', flush=True)\n"
# Rising Tide's Python bots as students write them (util.make_bot, run by the game's adapter)
BOT_C = """#include <stdio.h>
#include <string.h>
int main(void) {
    char line[4096];
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin))
        if (strncmp(line, "go", 2) == 0) printf("pass\\n");
    return 0;
}
"""
NOISY_PY = """import sys
import util
sys.stderr.write(('noise ' * 19 + 'end\\n') * 1000)
sys.stderr.flush()
my_bot = util.make_bot('Noisy', 'NS', lambda terrain, round_num: None)
"""


def zip_of(entries):
    """entries: {name: text or (text, mode)}."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w') as z:
        for name, v in entries.items():
            text, mode = v if isinstance(v, tuple) else (v, 0o644)
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFREG | mode) << 16
            z.writestr(info, text)
    return out.getvalue()


def tgz_of(entries):
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode='w:gz') as tf:
        for name, text in entries.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(text.encode()), 0o644
            tf.addfile(info, io.BytesIO(text.encode()))
    return out.getvalue()


def manifest(folder, command, build, **files):
    m = {'command': command}
    if build is not None:
        m['build'] = build
    entries = {f'{folder}/arena.json': json.dumps(m)}
    entries.update({f'{folder}/{k}': v for k, v in files.items()})
    return zip_of(entries)


def err(obj):
    return obj.get('error', '') if isinstance(obj, dict) else ''


t = Tap()
srv = Server(game='rising_tide', jobs=1, config={
    'build_timeout_s': 3, 'options': ['rounds=40'], 'validation_bot': 'builtin:random_rizhao',
    'clock': {'move_ms': 100, 'hard_ms': 5000, 'bank_ms': 0, 'startup_ms': 10000}}).start()
try:
    a = Client(srv)
    a.register('builder', 'password-builder')
    st, team = a.post('/api/teams', {'name': 'Builders'})

    # refused at once: not Python, no bot
    st, obj = a.upload(b'\x00\x01binary', 'bot.py')
    t.check('py_upload_that_is_not_python', st == 400 and 'bot.py is not a Python file (or an archive)' in err(obj), (st, obj))
    st, obj = a.upload(zip_of({'two/a.py': BOT_PY, 'two/b.py': BOT_PY}), 'two.zip')
    t.check('no_bot_says_what_rising_tide_expects', st == 400
            and 'Rising Tide expects one .py file (or bot.py / main.py), one executable file' in err(obj)
            and 'agent.py' not in err(obj), (st, obj))

    # a link inside the bot's folder: refused at once, named as in the archive (it was taken, then
    # failed at its packing with the server's own path to it)
    linked = io.BytesIO()
    with zipfile.ZipFile(linked, 'w') as z:
        z.writestr('ln/bot.py', BOT_PY)
        info = zipfile.ZipInfo('ln/alias.txt')
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(info, 'bot.py')
    st, obj = a.upload(linked.getvalue(), 'linked.zip')
    t.check('upload_with_a_link_inside_refused_at_once', st == 400 and "the archive is refused: 'ln/alias.txt' is "
            "a symbolic link" in err(obj) and srv.data not in err(obj), (st, obj))

    uploads = {
        'built': manifest('b', 'python3 bot.py', 'echo compiling; cp src.txt bot.py', **{'src.txt': BOT_PY}),
        'build_fails': manifest('f', 'python3 bot.py', "echo 'error: no compiler here' >&2; exit 3"),
        'build_too_long': manifest('s', 'python3 bot.py', 'echo start; sleep 60'),
        'build_floods': manifest('l', 'python3 bot.py', 'while :; do echo "a line of a build that never stops"; done'),
        'build_killed': manifest('k', 'python3 bot.py', 'kill -KILL $$'),
        # bytes that are no UTF-8 and a NUL: the store keeps text only (PostgreSQL refused the log)
        'build_prints_bytes': manifest('x', 'python3 bot.py', "printf 'bad \\377\\376 bytes\\000 and after\\n'; exit 1"),
        # a compiled bot: the sandbox refuses chmod, so the compiler's output was 0644 and "./bot"
        # failed its check game with "Permission denied"; the server makes a built program executable
        'compiled': manifest('c', './bot', 'cc -O2 -o bot bot.c', **{'bot.c': BOT_C}),
        'program_by_name': zip_of({'p/run.sh': ('#!/bin/sh\nwhile read -r line; do [ "$line" = go ] && echo pass; done\n',
                                               0o755),
                                   'p/tool': ('#!/bin/sh\nexit 1\n', 0o755), 'p/notes.txt': 'not a bot'}),
        'main_py': tgz_of({'m/main.py': NOISY_PY, 'm/helper.py': '# helper\n'}),
        # a link the build makes: refused when the bot is packed, named by its path in the archive
        'build_makes_link': manifest('n', 'python3 bot.py', 'cp src.txt bot.py; ln -s bot.py alias.txt', **{'src.txt': BOT_PY}),
    }
    ids = {}
    for name, data in uploads.items():
        st, obj = a.upload(data, name + ('.tar.gz' if name == 'main_py' else '.zip'))
        if st == 201:
            ids[name] = obj['submission']['id']
        else:
            t.check(f'upload_{name}', False, (st, obj))

    def final_state(sid):
        st, o = a.get(f'/api/submissions/{sid}')
        return o if st == 200 and o['submission']['state'] in ('ready', 'failed') else None
    got = {name: wait_for(lambda: final_state(sid), 400, 0.5) for name, sid in ids.items()}

    def sub(name):
        o = got.get(name) or {}
        return o.get('submission', {}), o.get('build_log', ''), o

    s, log, o = sub('built')
    t.check('build_runs_and_its_output_is_kept', s.get('state') == 'ready' and s.get('kind') == 'manifest'
            and '$ echo compiling; cp src.txt bot.py' in log and '\ncompiling\n' in log
            and 'arena: the build exited with status 0 after' in log, (s, log))
    t.check('built_bot_plays_its_check_game', o.get('validation') and o['validation']['state'] == 'done'
            and o['validation']['seats'][1]['name'] == 'random_rizhao' and 'checked: it played its game' in s.get('detail', ''),
            o.get('validation'))
    s, log, o = sub('compiled')
    t.check('compiled_bot_is_made_executable_and_plays', s.get('state') == 'ready'
            and 'arena: made bot executable' in log and 'checked: it played its game' in s.get('detail', ''),
            (s, log, o.get('stderr', '')[-300:]))
    s, log, o = sub('build_fails')
    t.check('build_failure_says_why', s.get('state') == 'failed' and s.get('detail') == 'the build failed (see the build log)'
            and 'error: no compiler here' in log and 'the build exited with status 3' in log, (s, log))
    s, log, o = sub('build_too_long')
    t.check('build_over_its_time_limit_is_stopped', s.get('state') == 'failed'
            and s.get('detail') == 'the build passed its time limit (see the build log)'
            and 'start\n' in log and 'the build passed its time limit of 3 s and was stopped' in log, (s, log))
    s, log, o = sub('build_floods')
    t.check('build_printing_without_end_is_stopped', s.get('state') == 'failed'
            and log.startswith('[... the start of the output is cut ...]\n') and 'printed more than 256 KiB; stopped' in log
            and len(log) < 70000, (s, log[:200], log[-300:], len(log)))
    s, log, o = sub('build_killed')
    t.check('build_killed_by_a_signal', s.get('state') == 'failed' and 'the build was killed by signal 9' in log, (s, log))
    s, log, o = sub('build_prints_bytes')
    try:
        stored = srv.sql(f"SELECT build_log FROM site_subs WHERE id = {ids.get('build_prints_bytes', 0)}")
    except Exception as e:  # SQLite's bytes that are no UTF-8
        stored = repr(e)
    t.check('build_log_bytes_kept_as_text', s.get('state') == 'failed' and 'bad \ufffd\ufffd bytes\ufffd and after\n' in log
            and isinstance(stored, list) and 'bad \ufffd\ufffd bytes\ufffd and after' in '\n'.join(x[0] for x in stored),
            (log, stored))
    s, log, o = sub('build_makes_link')
    t.check('link_made_by_the_build_named_in_the_archive', s.get('state') == 'failed'
            and s.get('detail', '').startswith('n/alias.txt: a bundle holds regular files and folders only'), s)
    s, log, o = sub('program_by_name')
    t.check('program_found_by_its_name', s.get('state') == 'ready' and s.get('kind') == 'program', s)
    s, log, o = sub('main_py')
    t.check('main_py_among_python_files', s.get('state') == 'ready' and s.get('kind') == 'python', s)
    err_text = o.get('stderr', '')
    t.check('stderr_shown_is_its_last_64_kib', err_text.startswith('[...]\n') and 'noise noise end\n' in err_text
            and 60000 < len(err_text) <= 65536 + 6, (len(err_text), err_text[:100]))

    # the newest ready version is active; an older ready one can be made active, until the freeze
    st, lst = a.get('/api/submissions')
    newest = max((x for x in lst['submissions'] if x['state'] == 'ready'), key=lambda x: x['version'], default={})
    st2, obj = a.post(f"/api/submissions/{ids.get('built', 0)}/activate")
    st3, lst2 = a.get('/api/submissions')
    t.check('older_version_made_active', newest.get('id') == ids.get('main_py') and lst['active'] == newest.get('id')
            and st2 == 200 and obj['submission']['active'] and lst2['active'] == ids.get('built')
            and lst2['final'] == ids.get('built'), (lst['active'], newest, st2, obj, lst2['active']))
    adm = Client(srv)
    adm.login('admin', srv.admin_password())
    adm.post('/api/organizer/settings', {'deadline': '2000-01-01T00:00:00Z'})
    st, obj = a.post(f"/api/submissions/{ids.get('program_by_name', 0)}/activate")
    st2, lst3 = a.get('/api/submissions')
    adm.post('/api/organizer/settings', {'deadline': ''})
    t.check('active_submission_frozen_at_the_deadline', st == 409 and 'submissions are frozen' in err(obj)
            and lst3['active'] == ids.get('built')
            and all(x['before_deadline'] is False for x in lst3['submissions']), (st, obj, lst3))

    # a server stopped while a build runs builds it again at its next start (with the time limit of
    # --config, whose value changed in the file, so it is applied at that start); an upload
    # waiting for its turn whose archive is gone meanwhile fails and says so
    adm.post('/api/organizer/settings', {'build_timeout_s': 120})
    st, obj = a.upload(manifest('r', 'python3 bot.py', 'echo once more; sleep 100'), 'restart.zip')
    rid = obj['submission']['id'] if st == 201 else 0
    st, obj = a.upload(manifest('w', 'python3 bot.py', 'echo waiting; sleep 100'), 'waiting.zip')
    wid, wsha = (obj['submission']['id'], obj['submission']['sha256']) if st == 201 else (0, '')
    building = wait_for(lambda: a.get(f'/api/submissions/{rid}')[1]['submission']['state'] == 'building', 120, 0.3)
    srv.stop()
    waiting = srv.sql(f'SELECT state FROM site_subs WHERE id = {wid}')
    os.remove(os.path.join(srv.data, 'uploads', wsha))
    shutil.rmtree(os.path.join(srv.data, 'subs', str(wid)), True)
    srv.config['build_timeout_s'] = 4
    srv.start()
    again = wait_for(lambda: final_state(rid), 300, 0.5)
    log = again['build_log'] if again else ''
    t.check('build_interrupted_by_a_stop_runs_again', building and again and again['submission']['state'] == 'failed'
            and 'echo once more' in log and 'the build passed its time limit of 4 s' in log, (building, again))
    gone = wait_for(lambda: final_state(wid), 120, 0.5)
    t.check('upload_gone_before_its_build_fails', waiting == [('checking',)] and gone
            and gone['submission']['state'] == 'failed' and 'is missing' in gone['submission']['detail'], (waiting, gone))

    # a check bot the game does not have: refused when the organizers save it (it would fail every
    # upload's check game long after), naming the game's bots; the check bot stays as it was
    st, obj = adm.post('/api/organizer/settings', {'validation_bot': 'builtin:nosuch'})
    st2, cur = adm.get('/api/organizer/settings')
    t.check('check_bot_the_game_lacks_is_refused', st == 400 and "setting validation_bot: 'builtin:nosuch' is not a bot of "
            "Rising Tide; write builtin:NAME with one of:" in err(obj) and 'random_rizhao' in err(obj)
            and cur['settings']['validation_bot'] == 'builtin:random_rizhao', (st, obj, cur.get('settings')))

    # downloads: the replay and the archive as files
    gid = (got.get('built') or {}).get('validation', {}).get('id', 0)
    st, body, h = a.request('GET', f'/api/games/{gid}/replay?download=1', raw=True)
    t.check('replay_download_is_an_attachment', st == 200 and h.get('content-disposition') ==
            f'attachment; filename="game{gid}.jsonl"' and json.loads(body.split(b'\n')[0]).get('game') == 'rising_tide',
            (st, h, body[:200]))
    st, body, h = a.request('GET', f"/api/submissions/{ids.get('main_py', 0)}/download", raw=True)
    st2, body2, h2 = a.request('GET', f"/api/submissions/{ids.get('built', 0)}/download", raw=True)
    t.check('archive_download_named_by_team_and_version', st == 200 and body == uploads['main_py']
            and h['content-disposition'] == f"attachment; filename=\"team{team['id']}-v{list(uploads).index('main_py') + 1}.tar.gz\""
            and st2 == 200 and h2['content-disposition'] == f"attachment; filename=\"team{team['id']}-v1.zip\"",
            (st, h.get('content-disposition'), st2, h2.get('content-disposition')))
finally:
    rc = srv.stop()
t.check('server_stops_cleanly', rc == 0, rc)
t.done()
