// test_serve_story.mjs: the competition of issue 19 end to end in the browser, against a real
// `arena serve` (Chicken, two local workers): users register and form teams (create, join by code),
// upload real agents in the course's zip layout (and a tar.gz), see a failing upload say why (its
// stderr) and refused archives say what to do (a `..` entry, no bot, too big), scrimmage
// (auto-accepted, declined by hand, against a reference bot), watch a replay in the viewer (keys,
// back button, a phone's width), see the ladder move and a team's rating history, read an
// announcement, and the organizer freezes submissions, runs the final and releases it: the
// standings, the grade line and the CSV. Every step uses the pages' own forms.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { fits, go, login, mainText, phoneFit, ready, register, tarFolder, until, withSite, zipFolder } from './serve_lib.mjs';

const BOTS = path.join(ROOT, 'tests/bots/chicken');
const WAIT = 240000; // games on a shared, loaded machine: a wide margin, never a speed check

const button = (page, label) => page.getByRole('button', { name: label, exact: true });

// The submissions table's rows as {version, file, state, badges} (newest first).
function submissionRows(page) {
  return page.$$eval('#submission-list tbody tr', (trs) => trs.map((tr) => ({
    version: tr.cells[0].textContent, file: tr.cells[1].textContent, state: tr.cells[4].textContent, badges: tr.cells[5].textContent,
    detail: tr.cells[6].querySelector('a') ? tr.cells[6].querySelector('a').getAttribute('href') : null })));
}

async function uploadAndWait(page, file, name, want) {
  await go(page, '/submissions');
  await page.setInputFiles('#archive', file);
  await page.click('form.upload button[type=submit]');
  await page.waitForSelector('form.upload .msg.ok, form.upload .msg.error', { timeout: 60000 });
  const said = await page.textContent('form.upload .msg');
  const rows = await until(async () => {
    const r = await submissionRows(page);
    return r.length && r[0].file === name && /^(ready|failed)/.test(r[0].state) ? r : null;
  }, WAIT);
  return { said, rows, top: rows ? rows[0] : null, want };
}

// RFC 4180 CSV: fields in double quotes may hold commas, quotes (doubled) and line breaks.
function parseCsv(text) {
  const rows = [[]];
  let f = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') { f += '"'; i++; } else if (c === '"') q = false; else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') { rows[rows.length - 1].push(f); f = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      rows[rows.length - 1].push(f); f = ''; rows.push([]);
    } else f += c;
  }
  if (f || rows[rows.length - 1].length) rows[rows.length - 1].push(f);
  return rows.filter((r) => r.length > 1 || r[0]);
}

// The ladder page's rows as {team, rating, lo, hi, games}.
function ladderRows(page) {
  return page.$$eval('#ladder tbody tr', (trs) => trs.map((tr) => {
    const [lo, hi] = tr.cells[3].textContent.split('–').map((s) => Number(s.trim()));
    return { team: tr.cells[1].textContent, rating: Number(tr.cells[2].textContent), lo, hi, games: Number(tr.cells[5].textContent),
      wdl: [6, 7, 8].map((i) => Number(tr.cells[i].textContent)) };
  }));
}

export default async function (t, { dir }) {
  // ladder_ahead 2 (the default keeps 6 queued for two workers): the final's games, queued after
  // the freeze, wait only for the ladder games already queued, which are played first.
  await withSite(t, dir, { game: 'chicken', jobs: 2, config: {
    placement_games: 2, provisional_games: 4, scrimmages_per_hour: 30, upload_max_mb: 1, ladder_ahead: 2,
    references: [{ name: 'Henny', seat: 'builtin:greedy', grade: '70%' }] } }, async ({ srv, users }) => {
    const [alice, bob, carol, dave, admin] = await users('alice', 'bob', 'carol', 'dave', 'admin');

    // --- accounts and teams -------------------------------------------------------------------
    // the name's limit is the server's: bytes, not characters ("é" takes two)
    await go(alice, '/register');
    t.ok((await alice.textContent('main')).includes('1 to 40 bytes of UTF-8'), 'register: the name help says its limit in bytes');
    await register(alice, 'alice', 'alice-password');
    await register(bob, 'bob', 'bob-password');
    t.ok((await alice.textContent('header.site .who')).includes('alice'), 'register: the new user is logged in (name in the header)');
    await alice.fill('input[name=name]', 'Hens');
    await button(alice, 'Create').click();
    await alice.waitForSelector('#join-code');
    const code = await alice.textContent('#join-code');
    t.ok(/\S{4,}/.test(code) && (await alice.textContent('h1')) === 'Hens', 'team: created, its join code shown', code);
    // with the blank a phone's keyboard leaves after a word it suggested (the server refused it)
    await bob.fill('input[name=name]', 'Roosters ');
    await button(bob, 'Create').click();
    await bob.waitForSelector('#join-code, #page .msg.error');
    t.eq(await bob.textContent('h1'), 'Roosters', 'team: a name typed with a blank at its end is created without it', await bob.textContent('#page'));

    await register(carol, 'carol', 'carol-password');
    await carol.fill('#page input[name=code]', code);
    await button(carol, 'Join').click();
    await carol.waitForSelector('#members');
    await alice.reload();
    await ready(alice);
    t.eq(await alice.$$eval('#members li', (l) => l.map((x) => x.textContent).sort()), ['alice', 'carol'], 'team: joined by code, both members listed');

    // A wrong join code: the server's words are shown.
    await register(dave, 'dave', 'dave-password');
    await dave.fill('#page input[name=code]', 'no-such-code');
    await button(dave, 'Join').click();
    await dave.waitForSelector('#page .msg.error');
    t.ok((await dave.textContent('#page .msg.error')).length > 3, 'team: a wrong join code is refused with the server\'s message',
      await dave.textContent('#page .msg.error'));

    // --- submissions ----------------------------------------------------------------------------
    const yollyZip = zipFolder(path.join(BOTS, 'Yolly'), path.join(dir, 'Yolly.zip'));
    const up = await uploadAndWait(alice, yollyZip, 'Yolly.zip');
    t.ok(/version 1/.test(up.said), 'upload: the page says which version it became', up.said);
    t.ok(up.top && up.top.state.startsWith('ready') && up.top.badges.includes('active'),
      'upload: the course\'s zip layout passes its validation game and becomes active', up.rows);

    const crashZip = zipFolder(path.join(BOTS, 'Crasher'), path.join(dir, 'Crasher.zip'));
    const bad = await uploadAndWait(bob, crashZip, 'Crasher.zip');
    t.ok(bad.top && bad.top.state.startsWith('failed') && /crash/.test(bad.top.state) && !bad.top.badges.includes('active'),
      'upload: a crashing agent fails its validation game, and the list says why', bad.rows);
    await bob.click('#submission-list tbody tr:first-child >> text=details');
    await bob.waitForSelector('#stderr');
    t.ok((await bob.textContent('#stderr')).includes('deliberate failure'), 'submission page: the bot\'s own stderr is shown');
    t.ok(await bob.$('#validation a[href^="/watch/"]') !== null, 'submission page: the validation game can be watched');

    const tgz = tarFolder(path.join(BOTS, 'Yolly'), path.join(dir, 'yolly.tar.gz'), 'agent');
    const good = await uploadAndWait(bob, tgz, 'yolly.tar.gz');
    t.ok(good.top && good.top.version === '2' && good.top.state.startsWith('ready') && good.top.badges.includes('active'),
      'upload: a tar.gz is version 2, ready and active', good.rows);

    // Archives refused at once: each says why and what to do, and the file stays chosen for another try.
    const refusedUpload = async (file) => {
      await go(bob, '/submissions');
      await bob.setInputFiles('#archive', file);
      await bob.click('form.upload button[type=submit]');
      await bob.waitForSelector('form.upload .msg.error', { timeout: 60000 });
      return { said: await bob.textContent('form.upload .msg.error'), kept: await bob.$eval('#archive', (x) => x.files.length) };
    };
    const mkzip = (name, entries) => {
      const out = path.join(dir, name);
      execFileSync('python3', ['-c', 'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n'
        + '    for n in sys.argv[2:]: z.writestr(n, "print(1)\\n")', out, ...entries]);
      return out;
    };
    t.eq(await bob.getByRole('progressbar', { name: 'upload progress', includeHidden: true }).count(), 1, 'upload: the progress bar is named');
    const chooser = (await bob.getAttribute('#archive', 'accept')).split(',');
    const offered = ['bot.zip', 'bot.tar', 'bot.tar.gz', 'bot.tgz', 'bot.tar.bz2', 'bot.tar.xz'].filter((f) => chooser.some((x) => f.endsWith(x)));
    t.eq(offered.length, 6, 'upload: the file chooser offers every archive the server reads (zip, tar, gzip, bzip2, xz)', chooser);
    const dotdot = await refusedUpload(mkzip('dotdot.zip', ['../evil.py', 'agent/agent.py']));
    t.ok(/'\.\.\/evil\.py'/.test(dotdot.said) && /upload a zip or tar\.gz made from your bot's folder/.test(dotdot.said) && dotdot.kept === 1,
      'upload: a zip with ".." is refused naming the entry and saying what to do; the file stays chosen', dotdot);
    const layout = await refusedUpload(mkzip('notes.zip', ['README.txt', 'notes/plan.txt']));
    t.ok(/no bot found/.test(layout.said) && /agent\.py/.test(layout.said) && layout.kept === 1,
      'upload: a zip without a bot says what the game expects', layout);
    const big = path.join(dir, 'big.zip');
    fs.writeFileSync(big, Buffer.alloc(1536 * 1024, 1));
    const tooBig = await refusedUpload(big);
    t.ok(/big\.zip is 1\.5 MiB: the largest archive accepted is 1 MiB/.test(tooBig.said), 'upload: a file over upload_max_mb is refused before it is sent', tooBig);
    t.eq((await submissionRows(bob)).map((r) => r.version), ['2', '1'], 'upload: refused archives leave no version behind');

    // --- the validation replay in the viewer ------------------------------------------------------
    await go(alice, up.top.detail);
    const [dl] = await Promise.all([alice.waitForEvent('download'), alice.click('dl.facts >> text=download')]);
    t.ok(fs.readFileSync(await dl.path()).equals(fs.readFileSync(yollyZip)) && dl.suggestedFilename().endsWith('.zip'),
      'submission page: the archive downloads as uploaded', dl.suggestedFilename());
    const [rp] = await Promise.all([alice.waitForEvent('download'), alice.click('#validation >> text=replay')]);
    const header = JSON.parse(fs.readFileSync(await rp.path(), 'utf8').split('\n')[0]);
    t.ok(header.type === 'header' && header.game === 'chicken', 'submission page: the validation replay downloads', header.type);
    await alice.click('#validation >> text=watch');
    await alice.waitForURL('**/watch/*');
    await alice.waitForFunction(() => ['ready', 'problem', 'error'].includes(document.body.dataset.state), null, { timeout: 30000 });
    t.eq(await alice.evaluate(() => document.body.dataset.state), 'ready', 'watch: the viewer opens the validation game\'s replay');
    const heads = await alice.$$eval('h1', (h) => h.map((x) => [x.textContent, x.getBoundingClientRect().height > 0]));
    t.ok(heads.length === 1 && heads[0][1] && /^Validation game \d+: \S.* vs \S/.test(heads[0][0]),
      'watch: one heading, shown, names the game (kind, number, who played)', heads);
    const total = await alice.evaluate(() => window.arena.model.length);
    await alice.keyboard.press('End');
    await alice.waitForFunction((n) => window.arena.viewer.pos === n && !window.arena.viewer.dirty, total); // (and drawn)
    t.eq(await alice.textContent('#turn'), `turn ${total} / ${total}`, 'watch: the viewer\'s keys work on the site (End: the last turn)');

    // On a phone (375 px) the board shrinks to the screen, and hovering a square still names that
    // square (the pointer is mapped back to the board's own drawing).
    const hoverAt = async (fx, fy) => {
      const r = await alice.$eval('#board', (b) => { const q = b.getBoundingClientRect(); return [q.left, q.top, q.width, q.height]; });
      await alice.mouse.move(r[0] + fx * r[2], r[1] + fy * r[3]);
      return alice.$eval('#tip', (x) => (x.hidden ? '' : x.textContent.split('\n')[0]));
    };
    const wideTip = await hoverAt(0.3, 0.7);
    await alice.setViewportSize({ width: 375, height: 800 });
    const phone = await alice.evaluate(() => ({ page: document.documentElement.scrollWidth, board: document.querySelector('#board').getBoundingClientRect().right }));
    const phoneTip = await hoverAt(0.3, 0.7);
    t.ok(phone.page <= 375 && phone.board <= 375, 'watch on a phone: the board fits the screen, the page does not scroll sideways', phone);
    t.ok(/^\(\d, \d\)/.test(wideTip) && phoneTip === wideTip, 'watch on a phone: hovering names the same square as on a wide screen', [wideTip, phoneTip]);
    await alice.setViewportSize({ width: 1280, height: 900 });
    // The viewer's buttons have names in words (not "|◀" or "?"), as a screen reader says them.
    await alice.getByRole('button', { name: 'first turn', exact: true }).click();
    await alice.getByRole('button', { name: 'next turn', exact: true }).click();
    // (the viewer draws the turn on its next frame: read it once drawn; it read "turn 0" under load)
    await alice.waitForFunction(() => window.arena.viewer.pos === 1 && !window.arena.viewer.dirty, null, { timeout: 10000 }).catch(() => {});
    t.eq([await alice.textContent('#turn'), await alice.getByRole('button', { name: 'keys (?)', exact: true }).count()],
      [`turn 1 / ${total}`, 1], 'watch: the viewer\'s buttons are named in words (first turn, next turn, keys)');

    // --- scrimmages -------------------------------------------------------------------------------
    await go(alice, '/scrimmages');
    const options = await alice.$$eval('select[name=opponent] option', (o) => o.map((x) => x.textContent));
    t.ok(options.includes('Roosters') && options.some((o) => o.includes('Henny')) && !options.includes('Hens'),
      'scrimmage: the opponents are the other teams with a bot and the reference bots', options);
    await alice.selectOption('select[name=opponent]', { label: 'Roosters' });
    await alice.fill('input[name=games]', '2');
    await button(alice, 'Ask').click();
    await alice.waitForSelector('#page form .msg.ok');
    t.ok(/accepted/.test(await alice.textContent('#page form .msg.ok')), 'scrimmage: asked, accepted automatically');
    const scrim = await until(async () => {
      const rows = await alice.$$eval('#scrimmage-list tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      return rows.length && rows[0][5] === 'done' ? rows[0] : null;
    }, WAIT);
    const wdl = scrim ? scrim[7].split('/').map(Number) : [];
    t.ok(scrim && scrim[6] === '2' && wdl.reduce((a, b) => a + b, 0) === 2, 'scrimmage: both games played, wins/draws/losses add up', scrim);
    const bobSees = await until(async () => {
      await go(bob, '/scrimmages');
      const rows = await bob.$$eval('#scrimmage-list tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      return rows.length ? rows[0] : null;
    }, 30000);
    t.ok(bobSees && bobSees[7] === [...wdl].reverse().join(' / '), 'scrimmage: the asked team sees the same result from its side', [scrim, bobSees]);

    // Watch a scrimmage game, then the back button returns to the list.
    await alice.click('#scrimmage-list tbody tr:first-child td:last-child a');
    await alice.waitForURL('**/watch/*');
    await alice.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30000 });
    const seatNames = await alice.$$eval('#seats .name', (s) => s.map((x) => x.textContent));
    t.ok(seatNames.length === 2, 'watch: a scrimmage game in the viewer, two seats', seatNames);
    t.ok((await alice.textContent('.gamebar')).includes('Roosters'), 'watch: the game\'s teams above the viewer');
    const scrimHeads = await alice.$$eval('h1', (h) => h.map((x) => x.textContent));
    t.ok(scrimHeads.length === 1 && /^Scrimmage \d+: (Hens vs Roosters|Roosters vs Hens)$/.test(scrimHeads[0]),
      'watch: a scrimmage\'s heading names both teams', scrimHeads);
    await alice.goBack();
    await ready(alice);
    t.ok(alice.url().endsWith('/scrimmages') && await alice.$('#scrimmage-list tbody tr') !== null, 'back button: back to the scrimmage list, drawn again');

    // By hand: Roosters turn auto-accept off, Hens ask, Roosters decline.
    await go(bob, '/team');
    await bob.uncheck('#auto-accept');
    await bob.waitForSelector('#page .msg.ok');
    await go(alice, '/scrimmages');
    await alice.selectOption('select[name=opponent]', { label: 'Roosters' });
    await alice.fill('input[name=games]', '1');
    await button(alice, 'Ask').click();
    await alice.waitForSelector('#page form .msg.ok');
    t.ok(/waiting/.test(await alice.textContent('#page form .msg.ok')), 'scrimmage: without auto-accept the request waits');
    await go(bob, '/scrimmages');
    await bob.waitForSelector('#incoming tbody tr');
    // A poll that finds nothing new leaves the list alone: a focused button keeps its focus (each
    // poll redrew the tables, and the focus fell back to the page every 4 s). Once no earlier
    // scrimmage is still being played, the list stays the same from one poll to the next.
    await bob.waitForFunction(() => !document.querySelector('#scrimmage-list .st-accepted'), null, { timeout: 60000 });
    await bob.focus('#incoming >> text=decline');
    await bob.waitForResponse((r) => new URL(r.url()).pathname === '/api/scrimmages', { timeout: 15000 });
    await bob.waitForTimeout(500);
    t.eq(await bob.evaluate(() => document.activeElement && document.activeElement.textContent), 'decline',
      'polling: a poll that finds nothing new keeps the focus on the list\'s button');
    // bob logs out in another tab while this list polls (a request waits for him): it says so in
    // words (not the API's "log in first"), once, and stops asking.
    let polls = 0;
    const countPolls = (r) => { if (new URL(r.url()).pathname === '/api/scrimmages') polls++; };
    bob.on('request', countPolls);
    const other = await bob.context().newPage();
    await go(other, '/account');
    await Promise.all([other.waitForURL((u) => u.pathname === '/'), button(other, 'Log out').click()]);
    await other.close();
    await bob.waitForSelector('#page > .msg.error', { timeout: 60000 });
    const gone = await bob.textContent('#page > .msg.error');
    const pollsThen = polls;
    await bob.waitForTimeout(3 * 4000 + 2000); // three of the list's poll periods: none may come
    bob.off('request', countPolls);
    t.ok(gone.startsWith('You are no longer logged in (you logged out in another tab or window') && gone.endsWith('reload this page.'),
      'polling: a list whose user logged out in another tab says so in words and to reload', gone);
    t.eq(polls, pollsThen, 'polling: ... and stops asking the server');
    await login(bob, 'bob', 'bob-password');
    await go(bob, '/scrimmages');
    await bob.waitForSelector('#incoming tbody tr');
    await bob.click('#incoming >> text=decline');
    await bob.waitForFunction(() => !document.querySelector('#incoming tbody tr'));
    await go(alice, '/scrimmages');
    t.eq(await alice.textContent('#scrimmage-list tbody tr:first-child td:nth-child(6)'), 'declined', 'scrimmage: declined by hand, the asker sees it');

    await alice.check('input[name=ranked]');
    await alice.selectOption('select[name=opponent]', { label: 'reference: Henny (70%)' });
    t.ok(await alice.isDisabled('input[name=ranked]') && !(await alice.isChecked('input[name=ranked]')),
      'scrimmage: "ranked" is unticked and off for a reference bot (its games are unranked)');
    await button(alice, 'Ask').click();
    await alice.waitForSelector('#page form .msg');
    t.ok(/accepted/.test(await alice.textContent('#page form .msg')), 'scrimmage: a reference bot accepts at once', await alice.textContent('#page form .msg'));

    // --- the ladder ---------------------------------------------------------------------------------
    await go(alice, '/ladder');
    const first = await until(async () => { const r = await ladderRows(alice); return r.length === 2 && r.every((x) => x.games > 0) ? r : null; }, WAIT);
    t.ok(first && first.every((r) => r.lo <= r.rating && r.rating <= r.hi) && first.map((r) => r.team).sort().join() === 'Hens,Roosters',
      'ladder: both teams rated, each rating inside its 95% interval', first);
    const sum = (rows) => rows.reduce((a, r) => a + r.games, 0);
    const moved = first && await until(async () => { const r = await ladderRows(alice); return sum(r) > sum(first) ? r : null; }, WAIT, 1000);
    t.ok(moved, 'ladder: the page follows the games as they are played', [first, moved]);

    await alice.click('#ladder >> text=Roosters');
    await alice.waitForURL('**/teams/*');
    await ready(alice);
    await alice.waitForSelector('#history svg.chart, #history p', { timeout: 30000 });
    t.ok(await alice.$('#history svg.chart path.line') !== null && await alice.$$eval('#history circle', (c) => c.length) >= 1,
      'team page: the rating history chart');
    t.ok(await alice.$$eval('#team-games tbody tr', (r) => r.length) >= 1, 'team page: its games');

    // Games, filtered through the address: reload and back keep the filter.
    await go(alice, '/games');
    await Promise.all([alice.waitForURL('**/games?*kind=ladder*'), alice.selectOption('select[name=kind]', 'ladder')]);
    await ready(alice);
    await alice.reload();
    await ready(alice);
    const kinds = await alice.$$eval('#game-list tbody tr td:nth-child(2)', (c) => c.map((x) => x.textContent));
    t.ok(kinds.length > 0 && kinds.every((k) => k === 'ladder'), 'games: the kind filter survives a reload', kinds);
    await alice.goBack();
    await ready(alice);
    t.ok(!alice.url().includes('kind=') && (await alice.$eval('select[name=kind]', (s) => s.value)) === '', 'games: the back button returns to every kind');

    // --- the organizer: an announcement, then the freeze -------------------------------------------
    await go(admin, '/login');
    await admin.fill('input[name=name]', 'admin');
    await admin.press('input[name=name]', 'Tab');
    await admin.keyboard.type(srv.password);
    await Promise.all([admin.waitForURL((u) => u.pathname === '/'), admin.keyboard.press('Enter')]);
    await ready(admin);
    t.ok((await admin.textContent('header.site nav')).includes('Organizer'), 'log in with the keyboard (Tab, Enter); the organizer\'s tab shows');
    await go(admin, '/organizer?tab=announcements');
    await admin.fill('textarea[name=text]', 'Deadline moved to Friday.');
    await button(admin, 'Announce').click();
    await ready(admin);
    await go(alice, '/ladder');
    t.ok((await alice.textContent('.announcements')).includes('Deadline moved to Friday.'), 'announcement: shown on every page');

    await go(admin, '/organizer?tab=final');
    await Promise.all([admin.waitForEvent('load'), admin.getByRole('button', { name: /^Freeze now/ }).click()]);
    await ready(admin);
    await go(alice, '/submissions');
    t.ok(await alice.$('form.upload') === null && (await mainText(alice)).includes('frozen') && (await alice.textContent('header.site')).includes('frozen'),
      'freeze: uploads close, the header and the submissions page say so');
    await go(alice, '/');
    t.eq((await alice.$$eval('.state', (xs) => xs.map((x) => x.textContent.includes('frozen')))).join(), 'true',
      'freeze: the front page says so, once (in the header)');
    await go(alice, '/team');
    t.eq(await alice.textContent('#counts'), 'version 1 (Yolly.zip)', 'freeze: the team page says which upload counts');

    // --- the final -----------------------------------------------------------------------------------
    await go(admin, '/organizer?tab=final');
    // frozen, the tab said only "Submissions are frozen.": not how to open them again
    t.ok((await mainText(admin)).includes('Submissions are frozen. To open uploads again, set a later deadline (or none) in Settings.')
      && !(await mainText(admin)).includes('Submissions are not frozen'),
    'freeze: the organizer\'s tab says how to reopen uploads, and no longer warns that nothing is frozen', await mainText(admin));
    await admin.fill('input[name=games_per_pair]', '2');
    await admin.fill('input[name=seed]', '7');
    await Promise.all([admin.waitForURL('**/final'), button(admin, 'Start the final').click()]);
    await ready(admin);
    const standings = await until(async () => {
      const over = (await admin.textContent('#final')).includes('The final is over');
      return over ? admin.$$eval('table.final tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent))) : null;
    }, WAIT, 1000);
    const names = standings ? standings.map((r) => r[1].replace(' (reference bot: a grade line)', '')) : [];
    // ranks as the standings give them: 1, 2, 3, or shared by rows of the same rating and interval
    // (the two teams' Yolly agents can draw the same results: 1, 2, 2)
    const ranked = standings && standings.every((r, i) => i === 0 ? r[0] === '1'
      : r[0] === String(i + 1) || (r[0] === standings[i - 1][0] && r[2] === standings[i - 1][2] && r[3] === standings[i - 1][3]));
    t.ok(standings && names.slice().sort().join() === 'Henny,Hens,Roosters' && ranked,
      'final: played through the workers, standings of both teams and the reference bot', standings);
    t.ok(standings && standings.every((r) => Number(r[4]) === 4), 'final: a round robin, two games a pair: four games each', standings);
    await go(alice, '/final');
    t.eq((await alice.textContent('#final')).split('not released yet').length, 2, 'final: participants see nothing before the release (said once)');
    await go(alice, '/games?kind=final');
    t.eq(await alice.$$eval('table.games tbody a[href^="/watch/"]', (a) => a.length), 0, 'final: its games are hidden from participants before the release');
    await go(admin, '/organizer?tab=final');
    await admin.selectOption('select[name=level]', 'participants');
    await button(admin, 'Release').click();
    await admin.waitForSelector('#tab-final .msg.ok');
    t.eq(await admin.textContent('#tab-final .msg.ok'), 'The final\'s results are now visible to participants (logged in).',
      'final: the release says who sees the results, in words');
    await go(alice, '/final');
    await alice.waitForSelector('table.final');
    t.eq(await alice.$$eval('table.final tbody tr', (trs) => trs.map((tr) => tr.cells[1].textContent)),
      standings && standings.map((r) => r[1]), 'final: released to participants, the same standings');
    // Its games are listed and watched as the ladder's are: every game of the round robin, each with its replay.
    await Promise.all([alice.waitForURL('**/games?kind=final'), alice.click('#final-games')]);
    await ready(alice);
    const finalGames = await alice.$$eval('table.games tbody tr', (trs) => trs.map((tr) => [tr.cells[1].textContent, !!tr.querySelector('a[href^="/watch/"]')]));
    t.ok(finalGames.length === 6 && finalGames.every(([k, w]) => k === 'final' && w), 'final: its six games listed, each with a watch link', finalGames);
    await alice.click('table.games tbody tr >> text=watch');
    await alice.waitForURL('**/watch/*');
    await alice.waitForFunction(() => ['ready', 'problem', 'error'].includes(document.body.dataset.state), null, { timeout: 30000 });
    t.eq(await alice.evaluate(() => document.body.dataset.state), 'ready', 'final: a game of the final opens in the viewer');
    await go(alice, '/final');
    await alice.waitForSelector('table.final');
    const [download] = await Promise.all([alice.waitForEvent('download'), alice.click('#csv')]);
    const csv = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    const head = csv[0];
    const col = (name) => head.indexOf(name);
    t.ok(['rank', 'name', 'rating', 'lo', 'hi', 'games', 'wins', 'draws', 'losses'].every((k) => col(k) >= 0), 'CSV: the columns a gradebook needs', head);
    t.eq(csv.slice(1).map((r) => [r[col('rank')], r[col('name')], r[col('games')]]),
      standings && standings.map((r) => [r[0], names[standings.indexOf(r)], r[4]]), 'CSV: the same ranks, names and games as the page');

    // A participant's pages, full of this competition's data, on a small phone (360 px): no page
    // and no table scrolls sideways (the tables are cards there; /submissions' table scrolled, its
    // buttons out of sight).
    await alice.setViewportSize({ width: 360, height: 800 });
    for (const p of ['/submissions', up.top.detail, '/scrimmages', '/team', '/teams', '/games', '/ladder', '/final']) {
      await go(alice, p);
      const fit = await phoneFit(alice);
      t.ok(fits(fit), `phone: ${p} fits 360 px, no table scrolls sideways, nothing crushed`, fit);
    }

  });
}
