// test_serve_xss.mjs: stored XSS, in the browser. Every field a user (or an organizer) writes holds
// markup: the site's title, a user's name, a team's name, an announcement, an archive's file name,
// the bot's stderr and its printed lines (in the replay). Every page that shows them must show the
// characters as typed: no element made from them, no script run, no policy violation. The user's and
// the team's names are as long as a name may be (40 bytes) and end in one long word: on a phone no
// page that shows them scrolls sideways.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { apiGet, go, login, phoneFit, register, until, withSite, zipFolder } from './serve_lib.mjs';

const M = {
  title: '<img src=x onerror=__xss=8>Cup',
  user: '<img src=x onerror=__xss=1>TheLongestUse',
  team: '<svg onload=__xss=2>HensOfTheLongestName',
  announcement: '<script>__xss=3</script><b>bold</b><img src=x onerror=__xss=3>',
  file: '<img src=x onerror=__xss=4>.zip',
  stderr: '<img src=x onerror=__xss=5>',
  printed: '<iframe src=javascript:__xss=6>',
};

// A random Chicken agent that writes markup to stderr and prints markup (a comment in the replay).
const AGENT = `import random, sys
from game import *

class PlayerAgent:
    def __init__(self, board, time_left):
        sys.stderr.write(${JSON.stringify(M.stderr)} + "\\n")
        sys.stderr.flush()

    def play(self, board, sensor_data, time_left):
        print(${JSON.stringify(M.printed)})
        moves = board.get_valid_moves()
        return moves[random.randint(0, len(moves) - 1)]
`;

// Whether anything on the page came from user markup, and whether the expected strings show as text.
function inspect(page, wants) {
  return page.evaluate((w) => ({
    xss: window.__xss,
    csp: window.__csp || [],
    made: [...document.querySelectorAll('img[src="x"], svg[onload], iframe, script:not([src]), b')].map((e) => e.outerHTML.slice(0, 80)),
    missing: w.filter((s) => !document.body.innerText.includes(s)),
  }), wants);
}

export default async function (t, { dir }) {
  await withSite(t, dir, { game: 'chicken', jobs: 1, config: { title: M.title, placement_games: 1, provisional_games: 2 } }, async ({ srv, users }) => {
    const [user, admin] = await users('user', 'admin');
    const pages = [user, admin];
    for (const p of pages) {
      await p.context().addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => { (window.__csp = window.__csp || []).push(`${e.violatedDirective} ${e.blockedURI}`); });
      });
    }
    await register(user, M.user, 'markup-password');
    await user.fill('input[name=name]', M.team);
    await user.getByRole('button', { name: 'Create', exact: true }).click();
    await user.waitForSelector('#join-code');

    const folder = path.join(dir, 'Markup');
    fs.mkdirSync(folder);
    fs.copyFileSync(path.join(ROOT, 'tests/bots/chicken/Yolly/__init__.py'), path.join(folder, '__init__.py'));
    fs.writeFileSync(path.join(folder, 'agent.py'), AGENT);
    const zip = fs.readFileSync(zipFolder(folder, path.join(dir, 'markup.zip')));
    await go(user, '/submissions');
    await user.setInputFiles('#archive', { name: M.file, mimeType: 'application/zip', buffer: zip });
    await user.getByRole('button', { name: 'Upload', exact: true }).click();
    const api = (p) => apiGet(user, p);
    const sub = await until(async () => {
      const r = await api('/api/submissions');
      const s = r.submissions && r.submissions[0];
      return s && (s.state === 'ready' || s.state === 'failed') ? s : null;
    }, 240000);
    t.ok(sub && sub.state === 'ready', 'the markup agent passes its validation game', sub);

    // A scrimmage against a built-in bot: the team's name is a seat of a replay.
    await go(user, '/scrimmages');
    await user.fill('input[name=ref]', 'yolanda');
    await user.fill('input[name=games]', '1');
    await user.getByRole('button', { name: 'Ask', exact: true }).click();
    await user.waitForSelector('#page form .msg');
    const game = await until(async () => {
      const r = await api('/api/scrimmages');
      const s = r.scrimmages && r.scrimmages[0];
      return s && s.state === 'done' ? s.game_ids[0] : null;
    }, 240000);
    t.ok(game, 'the scrimmage is played');
    const rated = await until(async () => ((await api('/api/ladder')).rows || []).length > 0, 240000);
    t.ok(rated, 'the team is on the ladder');

    await login(admin, 'admin', srv.password);
    await go(admin, '/organizer?tab=announcements');
    await admin.fill('textarea[name=text]', M.announcement);
    await Promise.all([admin.waitForEvent('load'), admin.getByRole('button', { name: 'Announce', exact: true }).click()]); // the page reloads after its POST

    const checks = [
      [user, '/', [M.title, M.announcement, M.team]],
      [user, '/team', [M.team, M.user]],
      [user, '/account', [M.user]],
      [user, '/teams', [M.team]],
      [user, `/teams/${sub.team}`, [M.team, M.user]],
      [user, '/ladder', [M.team]],
      [user, '/submissions', [M.file]],
      [user, `/submissions/${sub.id}`, [M.file, M.stderr]],
      [user, '/scrimmages', [M.team]],
      [user, '/games', [M.team]],
      [user, `/watch/${game}`, [M.team]],
      [admin, '/organizer?tab=users', [M.user]],
      [admin, '/organizer?tab=teams', [M.team]],
      [admin, '/organizer?tab=announcements', [M.announcement]],
    ];
    for (const [p, where, wants] of checks) {
      await go(p, where);
      if (where.startsWith('/watch/')) {
        await p.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
        // Play the whole game: the printed lines and the names pass through the viewer's panels.
        await p.keyboard.press('End');
        await p.waitForFunction(() => window.arena.viewer.pos === window.arena.model.length);
      } else {
        await p.waitForTimeout(300); // a page that polls draws its first answer
      }
      const r = await inspect(p, wants);
      // the tab names the team, or the game, with the site (every team's page was titled "Teams", a
      // game's "Chicken · seed … · Arena replay" once the viewer had read it)
      if (where.startsWith('/teams/') || where.startsWith('/watch/')) {
        const want = where.startsWith('/teams/') ? `${M.team} · ${M.title}` : `${await p.textContent('h1')} · ${M.title}`;
        t.eq(await p.title(), want, `${where}: the page's title names ${where.startsWith('/teams/') ? 'the team' : 'the game'} and the site`);
      }
      t.ok(r.xss === undefined && r.csp.length === 0 && r.made.length === 0 && r.missing.length === 0,
        `${where}: user markup shows as text; nothing made from it, no script run`, r);
    }
    await go(user, '/ladder');
    t.ok((await user.title()).endsWith(M.title), 'the site\'s title with markup is the page\'s title, as text', await user.title());

    // The longest names on a phone (375 px): the header's user name, the games filter's "my team
    // (NAME)" and the viewer's seat names wrap or shrink; no page scrolls sideways.
    await user.setViewportSize({ width: 375, height: 800 });
    for (const where of ['/', '/team', `/teams/${sub.team}`, '/games', `/watch/${game}`]) {
      await go(user, where);
      if (where.startsWith('/watch/')) await user.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
      const fit = await phoneFit(user);
      t.ok(fit.wide <= 0 && fit.crushed.length === 0, `phone: ${where} with 40-byte names fits 375 px`, fit);
    }

    // A participant in another zone (India: UTC+5:30, no summer time) reads each time with its zone
    // named, the UTC in its tooltip: a bare "16:25" was read as the server's zone or one's own.
    const india = await user.context().browser().newContext({ baseURL: srv.base, timezoneId: 'Asia/Kolkata' });
    const far = await india.newPage();
    await go(far, `/teams/${sub.team}`);
    const since = await far.$eval('dl.facts time', (e) => [e.textContent, e.title]);
    await india.close();
    const shifted = (s) => { const d = new Date(s.replace(' UTC', 'Z').replace(' ', 'T')); d.setUTCMinutes(d.getUTCMinutes() + 330); return d.toISOString().slice(0, 16).replace('T', ' '); };
    t.ok(/ UTC$/.test(since[1]) && since[0] === `${shifted(since[1])} UTC+5:30`, 'times: shown in the reader\'s zone, named (UTC+5:30), the UTC as tooltip', since);
  });
}
