"""serve_basic.py: accounts, teams, settings and the API's refusals against a running server."""
import io
import os
import subprocess
import sys
import zipfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import ARENA, Client, Server, Tap  # noqa: E402

t = Tap()
srv = Server(game='chicken', jobs=0, config={'title': 'Course ladder', 'team_size': 2}).start()
try:
    anon = Client(srv)
    me = anon.me()
    t.check('me_anonymous', me['user'] is None and me['competition']['game'] == 'chicken'
            and me['competition']['title'] == 'Course ladder' and len(me['csrf']) == 43
            and me['competition']['bots'] == ['yolanda', 'greedy', 'tracker', 'searcher', 'champion'], me)
    st, obj = anon.request('POST', '/api/register', {'name': 'alice', 'password': 'password1'}, csrf=False)
    t.check('register_without_csrf_refused', st == 403, (st, obj))
    a = Client(srv)
    st, obj = a.register('alice', 'password1')
    t.check('register_logs_in', st == 201 and obj['user']['name'] == 'alice' and 'arena_session' in a.cookies, (st, obj))
    st, obj = Client(srv).register('ALICE', 'password2')
    t.check('register_name_taken_case_insensitive', st == 409, (st, obj))
    st, obj = Client(srv).register('bob', 'short')
    t.check('register_short_password_refused', st == 400 and 'password' in obj['error'], (st, obj))
    st, obj = a.post('/api/teams', {'name': 'Hens'})
    t.check('team_create', st == 201 and len(obj['join_code']) == 16, (st, obj))
    code, team_id = obj['join_code'], obj['id']
    b = Client(srv)
    b.register('bob', 'password2')
    st, obj = b.post('/api/teams/join', {'code': 'nope'})
    t.check('team_join_wrong_code', st == 404, (st, obj))
    st, obj = b.post('/api/teams/join', {'code': code})
    t.check('team_join', st == 200 and obj['id'] == team_id, (st, obj))
    c = Client(srv)
    c.register('carol', 'password3')
    st, obj = c.post('/api/teams/join', {'code': code})
    t.check('team_size_limit', st == 409 and 'full' in obj['error'], (st, obj))
    st, obj = c.get(f'/api/teams/{team_id}')
    t.check('team_public_view_hides_code', st == 200 and 'join_code' not in obj['team']
            and [m['name'] for m in obj['members']] == ['alice', 'bob'], (st, obj))
    st, obj = a.get(f'/api/teams/{team_id}')
    t.check('team_member_sees_code', obj['team'].get('join_code') == code, obj)
    st, obj = a.post('/api/logout')
    st2, me = a.request('GET', '/api/me')
    t.check('logout', st == 200 and me['user'] is None, (st, me))
    st, obj = a.login('alice', 'wrong password')
    t.check('login_wrong_password', st == 401, (st, obj))
    st, obj = a.login('alice', 'password1')
    t.check('login', st == 200 and obj['user']['team'] == team_id, (st, obj))
    st, obj = a.post('/api/password', {'old': 'password1', 'new': 'password9'})
    st2, obj2 = Client(srv).login('alice', 'password9')
    t.check('password_change', st == 200 and st2 == 200, (st, obj, st2, obj2))
    # a blank around the name (a phone's keyboard leaves one after a suggested word): no name has one
    st, obj = Client(srv).login(' Alice ', 'password9')
    t.check('login_name_with_blanks_around', st == 200 and obj['user']['name'] == 'alice', (st, obj))
    st, obj = a.get('/api/organizer/settings')
    t.check('organizer_settings_refused_to_participant', st == 403, (st, obj))
    adm = Client(srv)
    st, obj = adm.login('admin', srv.admin_password())
    t.check('admin_login', st == 200 and obj['user']['organizer'], (st, obj))
    st, obj = c.post('/api/teams', {'name': 'Owls'})
    owls, owls_code = obj['id'], obj['join_code']

    def codes(cl):
        return {x['id']: x.get('join_code') for x in cl.get('/api/teams')[1]['teams']}
    t.check('team_list_join_codes_for_organizers_and_members', codes(adm) == {team_id: code, owls: owls_code}
            and codes(c) == {team_id: None, owls: owls_code} and codes(anon) == {team_id: None, owls: None},
            (codes(adm), codes(c), codes(anon)))
    # a member of a disabled team may leave it, and then make or join another; the team stays
    # disabled and cannot be joined (its bot is what the organizers stopped, not its people)
    adm.post(f'/api/organizer/teams/{owls}/disable', {'disabled': True})
    st, obj = c.post('/api/teams/leave')
    st2, obj2 = c.post('/api/teams', {'name': 'Owls again'})
    st3, obj3 = c.post('/api/teams/leave')
    st4, obj4 = c.post('/api/teams/join', {'code': owls_code})
    st5, obj5 = c.post('/api/teams/leave')
    owls_now = anon.get(f'/api/teams/{owls}')[1]
    t.check('team_disabled_member_may_leave', st == 200 and st2 == 201 and st3 == 200
            and st4 == 403 and 'this team is disabled' in obj4['error']
            and st5 == 403 and obj5['error'] == 'you are not in a team' and c.me()['team'] is None
            and owls_now['team']['disabled'] and owls_now['members'] == [], (st, obj, st2, obj2, st4, obj4, st5, obj5))
    agent = io.BytesIO()
    with zipfile.ZipFile(agent, 'w') as z:
        z.writestr('Bot/agent.py', 'print("hello")\n')
    st, obj = a.upload(agent.getvalue(), 's%C3%A9ri%C3%A9s.zip')
    st2, obj2 = a.upload(agent.getvalue(), '..%2F..%2Fetc%2Fpasswd%00%1b%ZZ%.zip')
    t.check('upload_filename_percent_decoded_then_checked', st == 201 and obj['submission']['filename'] == 'sériés.zip'
            and st2 == 201 and obj2['submission']['filename'] == '.._.._etc_passwd__%ZZ%.zip', (st, obj, st2, obj2))
    sub = obj['submission']['id']
    st, obj = adm.get(f'/api/submissions?team={team_id}')
    st2, obj2 = adm.post(f'/api/organizer/submissions/{sub}/disable', {'disabled': True})
    st3, obj3 = adm.get(f'/api/submissions?team={team_id}')
    t.check('organizer_lists_any_teams_submissions', st == 200 and [x['version'] for x in obj['submissions']] == [2, 1]
            and st2 == 200 and [x['disabled'] for x in obj3['submissions']] == [False, True], (st, obj, st3, obj3))
    st, obj = c.get(f'/api/submissions?team={team_id}')
    st2, obj2 = a.get(f'/api/submissions?team={team_id}')
    st3, obj3 = adm.get('/api/submissions')
    st4, obj4 = adm.get('/api/submissions?team=999999')
    st5, obj5 = anon.get(f'/api/submissions?team={team_id}')
    t.check('submission_list_of_another_team_refused', st == 403 and st2 == 200 and len(obj2['submissions']) == 2
            and st3 == 403 and 'team' in obj3['error'] and st4 == 404 and st5 == 401, (st, st2, st3, obj3, st4, st5))
    st, obj = adm.post('/api/organizer/settings', {'team_size': 0})
    t.check('settings_out_of_range_refused', st == 400 and 'team_size' in obj['error'], (st, obj))
    st, obj = adm.post('/api/organizer/settings', {'invite_code': 'hatch', 'deadline': '2099-01-01T00:00:00Z'})
    t.check('settings_set', st == 200 and obj['settings']['invite_code'] == 'hatch', (st, obj))
    st, obj = Client(srv).register('dave', 'password4')
    st2, obj2 = Client(srv).register('dave', 'password4', invite='hatch')
    t.check('invite_code_required', st == 403 and st2 == 201, (st, obj, st2, obj2))
    st, obj = anon.get('/api/me')
    t.check('invite_code_secret', 'hatch' not in str(obj) and obj['competition']['registration']['invite_required'], obj)
    st, obj = adm.post('/api/organizer/announcements', {'text': 'Deadline moved <b>'})
    st2, me = anon.request('GET', '/api/me')
    t.check('announcement_shown', st == 201 and me['competition']['announcements'][0]['text'] == 'Deadline moved <b>', me)
    # docs/serve.md lists every endpoint of the server's table (arena serve --routes)
    routes = subprocess.run([ARENA, 'serve', '--routes'], capture_output=True, text=True, check=True).stdout
    doc = open(os.path.join('docs', 'serve.md')).read()
    missing = [x.split()[:2] for x in routes.splitlines() if f'| {x.split()[0]} | `{x.split()[1]}' not in doc]
    t.check('doc_lists_every_endpoint', routes.count('/api/') > 40 and not missing, missing)
    st, obj = anon.get('/api/nothing')
    t.check('unknown_endpoint_404', st == 404, (st, obj))
    st, body, h = anon.request('GET', '/', raw=True)
    t.check('index_page', st == 200 and b'<html' in body and h['content-type'].startswith('text/html')
            and h['x-content-type-options'] == 'nosniff', (st, h))
    st, body, h = anon.request('GET', '/viewer/js/viewer.js', raw=True)
    t.check('viewer_served', st == 200 and h['content-type'].startswith('text/javascript'), (st, h))
    # the organizers change settings that --config names too (the title; the deadline, as "Freeze
    # now" does): a restart with the same file keeps their values and says so
    frozen_at = '2001-02-03T04:05:06Z'
    srv.config['deadline'] = '2099-01-01T00:00:00Z'
    srv.stop()
    srv.start()  # the file names a deadline now: applied once
    st, obj = adm.login('admin', srv.admin_password())
    st, obj = adm.post('/api/organizer/settings', {'title': 'Renamed on the page', 'deadline': frozen_at})
    srv.stop()
    srv.start()
    st, obj = Client(srv).login('alice', 'password9')
    st2, obj2 = Client(srv).get(f'/api/teams/{team_id}')
    me = Client(srv).me()['competition']
    t.check('restart_keeps_accounts_teams_settings', st == 200 and len(obj2['members']) == 2
            and me['title'] == 'Renamed on the page' and me['deadline'] == frozen_at and me['frozen']
            and 'setting deadline keeps the value the organizers set' in srv.log_text(), (st, obj, obj2, me))
    t.check('start_with_the_deadline_past_says_so', 'arena serve: the deadline 2001-02-03T04:05:06Z has passed (server '
            'time): uploads are refused' in srv.log_text(), srv.log_text()[-1500:])
    # a value changed in the file is applied at the next start; the others stay the organizers'
    srv.config['title'] = 'Course ladder, term 2'
    srv.stop()
    srv.start()
    me = Client(srv).me()['competition']
    t.check('restart_applies_what_changed_in_the_config_file', me['title'] == 'Course ladder, term 2'
            and me['deadline'] == frozen_at and me['team_size'] == 2, me)
    # a store whose organizers are all disabled (made before the last one could not be): the next
    # start makes 'admin' a usable organizer again, on a new password
    srv.stop()
    srv.sql_do("UPDATE site_users SET disabled = 1 WHERE organizer = 1")
    srv.start()
    adm = Client(srv)  # (its old sessions ended)
    st, obj = adm.login('admin', srv.admin_password())
    st2, obj2 = adm.get('/api/organizer/settings')
    t.check('restart_without_an_enabled_organizer_enables_admin', st == 200 and st2 == 200
            and "no enabled organizer was left: 'admin' is one again" in srv.log_text(), (st, obj, st2))
    # a stored value that today's checks refuse (a range narrowed by a later version, a month's
    # 30th of February) is not replaced by the default without a word: the start stops, naming each
    # with its stored value and the file that settles it, and leaves the store as it was
    srv.stop()
    srv.sql_do("UPDATE site_settings SET value = '500' WHERE key = 'team_size'")
    srv.sql_do("INSERT INTO site_settings(key, value, changed) VALUES('upload_max_mb', '5000', 'x')")
    srv.sql_do("UPDATE site_settings SET value = '\"a\\u0001b\"' WHERE key = 'invite_code'")
    keys = "('team_size', 'invite_code', 'upload_max_mb')"
    stored = dict(srv.sql(f"SELECT key, value FROM site_settings WHERE key IN {keys}"))

    def start_fails():
        mark = len(srv.log_text())
        try:
            srv.start()
        except RuntimeError:
            return srv.stop(), srv.log_text()[mark:]
        srv.stop()  # (started after all: stopped, so no server outlives the test)
        return 'started', srv.log_text()[mark:]
    # (the file names team_size already, with the value of the last start: that settles it)
    rc, log = start_fails()
    t.check('stored_setting_refused_stops_the_start', rc == 2
            and 'setting upload_max_mb: the stored value 5000 is refused by this version (expected an integer from 1 '
                'to 2048)' in log
            and 'setting invite_code: the stored value "a\\u0001b" is refused by this version (control characters '
                'are not allowed)' in log and 'setting team_size' not in log
            and '2 stored settings refused (named above); the store is left as it was' in log
            and 'e.g. {"invite_code": "", "upload_max_mb": 200} (the defaults)' in log
            and stored == dict(srv.sql(f"SELECT key, value FROM site_settings WHERE key IN {keys}")), (rc, log[-1500:]))
    # the file settling one of them is not enough, and applies nothing
    srv.config['upload_max_mb'] = 100
    rc, log = start_fails()
    t.check('stored_setting_refused_until_each_is_settled', rc == 2 and 'upload_max_mb' not in log
            and '1 stored setting refused' in log and 'e.g. {"invite_code": ""} (the default)' in log
            and stored == dict(srv.sql(f"SELECT key, value FROM site_settings WHERE key IN {keys}")), (rc, log[-1500:]))
    srv.config['invite_code'] = 'hatch-2'
    srv.start()
    me = Client(srv).me()['competition']
    st, obj = adm.login('admin', srv.admin_password())
    st2, obj2 = adm.get('/api/organizer/settings')
    t.check('stored_setting_refused_settled_by_the_config_file', me['team_size'] == 2 and me['upload_max_mb'] == 100
            and obj2['settings']['invite_code'] == 'hatch-2' and me['title'] == 'Course ladder, term 2'
            and "setting team_size takes the file's value in place of the stored one" in srv.log_text(), (me, obj2))
finally:
    srv.stop()
t.done()
