// test_serve_rising_tide.mjs: a Rising Tide competition in the browser (a real `arena serve --game
// rising_tide` with one worker): a bot in the original style (one .py calling util.make_bot) uploaded
// through the page passes its validation game and becomes active, its game opens in the viewer with
// four seats; a .py that raises at import fails, and its page says so with the server's reason and
// shows the traceback; a manifest whose build fails shows its build output; the .py uploaded as it
// is, not zipped, passes too; then the freeze: no "make active" offered, the pages and the API say why.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { apiGet, go, login, mainText, ready, register, until, withSite } from './serve_lib.mjs';

const BOT = `# A Rising Tide bot in the original API's style: util.make_bot around my_bot_fn.
import util

def my_bot_fn(terrain, round_num):
    print("round", round_num)
    return None

my_bot = util.make_bot("Tide Pass", "TP", my_bot_fn)
`;
const BROKEN = `import util
raise RuntimeError("broken on purpose at import")
`;

// A zip holding one file (Python's zipfile, as a student's tool would make it).
function zipOne(dir, name, text, out) {
  const src = path.join(dir, name);
  fs.writeFileSync(src, text);
  execFileSync('python3', ['-c', 'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[2], "w") as z: z.write(sys.argv[1], sys.argv[3])',
    src, out, name]);
  return out;
}

export default async function (t, { dir }) {
  await withSite(t, dir, { game: 'rising_tide', jobs: 1, config: { ladder: 0, scrimmage_max_games: 3 } }, async ({ srv, users }) => {
    const [page, admin] = await users('tess', 'admin');
    await register(page, 'tess', 'tess-password');
    await page.fill('input[name=name]', 'Tide Team');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForSelector('#join-code');
    const api = (p) => apiGet(page, p);
    const upload = async (file) => {
      await go(page, '/submissions');
      await page.setInputFiles('#archive', file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.waitForSelector('form.upload .msg.ok, form.upload .msg.error', { timeout: 60000 });
      return until(async () => {
        const s = (await api('/api/submissions')).submissions[0];
        return s && (s.state === 'ready' || s.state === 'failed') ? s : null;
      }, 240000);
    };

    const bad = await upload(zipOne(dir, 'broken.py', BROKEN, path.join(dir, 'broken.zip')));
    await go(page, `/submissions/${bad.id}`);
    const state = await page.textContent('#state');
    t.ok(bad.state === 'failed' && state.includes('failed') && state.includes(bad.detail) && bad.detail.length > 0,
      'a bot that raises at import fails; its page gives the reason', [bad, state]);
    const log = await page.textContent('#stderr');
    t.ok(log.includes('Traceback') && log.includes('RuntimeError: broken on purpose at import'),
      'its page shows the traceback (the adapter\'s log lines, kept with the seat\'s stderr)', log);

    // A manifest whose build fails: its page shows the build's output, and says the check game was
    // never played because of it (not "not played yet", as if it were still to come).
    const manifest = path.join(dir, 'manifest.zip');
    execFileSync('python3', ['-c', 'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n'
      + '    z.writestr("bot/arena.json", \'{"command": "./bot", "build": "echo compiling the bot; exit 3"}\')', manifest]);
    const unbuilt = await upload(manifest);
    await go(page, `/submissions/${unbuilt.id}`);
    const [built, checked] = [await page.textContent('#build-log'), await page.textContent('#validation')];
    t.ok(unbuilt.state === 'failed' && built.includes('compiling the bot') && /^Not played: this version failed before its check game/.test(checked),
      'a manifest whose build fails: its page shows the build output and says the check game was never played', [unbuilt, built, checked]);

    const good = await upload(zipOne(dir, 'tide_pass.py', BOT, path.join(dir, 'marée.zip')));
    t.ok(good.state === 'ready' && good.kind === 'python' && good.active, 'a .py calling util.make_bot passes and is active', good);
    t.eq(good.filename, 'marée.zip', 'a non-ASCII file name arrives as it was (percent-encoded by the page, decoded by the server)');
    await go(page, '/submissions');
    t.ok((await page.textContent('#submission-list tbody tr:first-child')).includes('active'), 'the submissions page marks it active');

    await go(page, `/submissions/${good.id}`);
    await page.click('#validation >> text=watch');
    await page.waitForURL('**/watch/*');
    await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
    t.eq(await page.$$eval('#seats tbody tr', (r) => r.length), 4, 'its validation game opens in the viewer: four seats');
    const here = new URL(page.url()).pathname;
    const links = await page.$$eval('.gamebar a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    t.ok(links.some(([w]) => w === 'replay') && !links.some(([, h]) => h === here),
      'the watch page links the replay\'s download, not itself ("watch")', [here, links]);
    const n = await page.evaluate(() => window.arena.model.length);
    await page.keyboard.press('End');
    await page.waitForFunction((k) => window.arena.viewer.pos === k && !window.arena.viewer.dirty, n); // (and drawn)
    t.eq(await page.textContent('#turn'), `turn ${n} / ${n}`, 'the viewer plays it to the end');

    // A scrimmage against a built-in bot by its name: the field suggests this game's bots (it
    // suggested Chicken's "yolanda" in every game).
    await go(page, '/scrimmages');
    const hint = [await page.getAttribute('input[name=ref]', 'placeholder'),
      await page.$$eval('#builtin-bots option', (os) => os.map((o) => o.value))];
    t.ok(hint[0] === 'e.g. pass_perth' && hint[1].includes('random_rizhao') && !hint[1].includes('yolanda'),
      'scrimmages: the built-in bot field suggests the game\'s own bots', hint);
    t.eq(await page.getAttribute('input[name=games]', 'max'), '3', 'scrimmages: the games field stops at the organizers\' limit (it allowed 100)');

    // The .py itself, not zipped: the file chooser offers it, and it passes as the zipped one did.
    await go(page, '/submissions');
    t.ok((await page.getAttribute('#archive', 'accept')).split(',').includes('.py') && (await page.textContent('label[for=archive]')).includes('.py'),
      'the upload offers a .py file as it is', await page.getAttribute('#archive', 'accept'));
    const binary = path.join(dir, 'binary.py');
    fs.writeFileSync(binary, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
    await page.setInputFiles('#archive', binary);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.waitForSelector('form.upload .msg.error', { timeout: 60000 });
    const said = await page.textContent('form.upload .msg.error');
    t.ok(said.includes('binary.py is not a Python file (or an archive): upload a .py, a zip or a tar.gz') && said.split('upload').length === 2,
      'a .py that is no Python file is refused with what to do, said once', said);
    const bare = await upload(path.join(dir, 'tide_pass.py'));
    t.ok(bare.filename === 'tide_pass.py' && bare.state === 'ready' && bare.kind === 'python' && bare.active,
      'a bare .py uploaded through the page passes and is active', bare);

    // The ladder is off here (setting ladder 0): its page says so, and promises the placement games
    // no time (it said "5 placement games left, about 35 s" for games never played).
    const ladderSays = async () => {
      await go(page, '/ladder');
      return until(async () => {
        const row = await page.$('#ladder tbody tr');
        return row ? [await page.textContent('#ladder-stopped').catch(() => null), await row.textContent()] : null;
      }, 60000);
    };
    const off = await ladderSays();
    t.ok(off && off[0] === 'The ladder is paused by the organizers: no new ladder game is played.'
      && /placement games? left \(not played while the ladder is stopped\)/.test(off[1]) && !/about/.test(off[1]),
    'ladder off: the page says the ladder is paused, and gives the placement games no time', off);

    // The freeze: the older ready version's "make active" is gone, and the pages say why. Until
    // 2026-11-29 the button stayed and a click got the server's 409 (its words said nothing of
    // choosing being over).
    await go(page, '/submissions');
    const offered = () => page.getByRole('button', { name: 'make active', exact: true }).count();
    t.eq(await offered(), 1, 'before the freeze: an older ready version can be made active');
    await login(admin, 'admin', srv.password);
    // an organizer viewing the team's version: no "make active" (only its members choose; the
    // button was there and the server answered 403)
    await go(admin, `/submissions/${good.id}`);
    await admin.waitForSelector('#state');
    t.eq(await admin.getByRole('button', { name: 'make active', exact: true }).count(), 0,
      'an organizer viewing a team\'s ready version is offered no "make active" (only the team\'s members choose)');
    await go(admin, '/organizer?tab=final');
    await Promise.all([admin.waitForEvent('load'), admin.getByRole('button', { name: /^Freeze now/ }).click()]);
    await ready(admin);
    // The page drawn before the freeze still offers the button: a click says why in words (the
    // server's), and the page is drawn again as frozen (the button stayed, to be refused again).
    await page.getByRole('button', { name: 'make active', exact: true }).click();
    await page.waitForSelector('#frozen', { timeout: 15000 });
    const told = await page.textContent('main .msg.error');
    t.ok(/^submissions are frozen since the deadline \(.*server time\): the active version can no longer be changed/.test(told)
      && await offered() === 0 && await page.$('form.upload') === null,
    'a page drawn before the freeze: "make active" says the freeze in words, then the page shows no upload form or "make active"', told);
    await go(page, '/submissions');
    await page.waitForSelector('#submission-list tbody tr');
    t.ok(await offered() === 0 && (await mainText(page)).includes('uploads are closed and the active version can no longer be changed'),
      'freeze: no "make active" on the submissions page, which says the active version can no longer change', await mainText(page));
    await go(page, `/submissions/${good.id}`);
    await page.waitForSelector('#state');
    t.ok(await offered() === 0 && (await page.textContent('#state')).includes('submissions are frozen: the active version can no longer be changed'),
      'freeze: a ready version\'s own page offers no "make active" and says why', await page.textContent('#state'));
    const refused = await page.evaluate(async (id) => {
      const me = await (await fetch('/api/me')).json();
      const r = await fetch(`/api/submissions/${id}/activate`, { method: 'POST', headers: { 'X-CSRF-Token': me.csrf } });
      return [r.status, (await r.json()).error];
    }, good.id);
    t.ok(refused[0] === 409 && /^submissions are frozen since the deadline \(\d{4}-\d\d-\d\dT[\d:]+Z, server time\): the active version can no longer be changed; the one active at the deadline/.test(refused[1]),
      'freeze: the API refuses a change of the active version, saying the freeze ended the choice and which version the final plays', refused);
    const frozen = await ladderSays();
    t.ok(frozen && String(frozen[0]).startsWith('The ladder is stopped: submissions are frozen') && !/about/.test(frozen[1]),
      'freeze: the ladder page says the ladder is stopped by the freeze', frozen);
  });
}
