// test_serve_organizer.mjs: the organizer's pages against a real `arena serve --demo` with no local
// worker (so ladder games stay queued): settings (a refusal names the setting; an invite code then
// guards registration), users (reset a password, disable an account; the user changes her own,
// makes a team and leaves it once the organizers disabled it, uploads over a limit lowered
// meanwhile, logs out and in, and acts in a tab drawn before another tab logged her in again or
// out; a refused reset keeps what was typed),
// teams (disable one, and one submission; a team without members says so), a final's two stages
// told apart, the queue (depth, the oldest queued game, cancelling
// queued games in bulk), playing a cancelled game again, announcements (post, hide); then every
// organizer page at a phone's width, and the games' lists there (who played in sight, no sideways
// scrolling), the page of a mistyped address, and the keyboard's way past
// the navigation and through the games' filter.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiGet, fits, go, login, mainText, phoneFit, ready, register, until, withSite } from './serve_lib.mjs';

const button = (page, name) => page.getByRole('button', { name, exact: true });

export default async function (t, { dir }) {
  await withSite(t, dir, { game: 'chicken', jobs: 0, extra: ['--demo'] }, async ({ srv, users }) => {
    const [admin, guest] = await users('admin', 'guest');
    // Logging in goes on to ?next=, a page of this site only, as the browser reads the address: it
    // drops tabs and newlines, so "/%09/evil.example/" passed for a path and led to another site.
    await admin.route('http://evil.example/**', (r) => r.fulfill({ body: 'another site' }));
    for (const [next, want] of [['/%09/evil.example/', '/'], ['/%0A/evil.example/', '/'], ['/%5C/evil.example/', '/'],
      ['/games?kind=ladder', '/games?kind=ladder']]) {
      await go(admin, `/login?next=${next}`);
      await admin.fill('input[name=name]', 'admin');
      await admin.fill('input[name=password]', srv.password);
      await Promise.all([admin.waitForURL((u) => !u.pathname.startsWith('/login')), admin.click('form button[type=submit]')]);
      const u = new URL(admin.url());
      t.eq(u.origin === new URL(srv.base).origin ? u.pathname + u.search : u.href, want, `login: ?next=${next} goes to ${want}`);
      await ready(admin);
      await admin.context().clearCookies(); // logged out, for the next round
    }
    await login(admin, 'admin', srv.password);
    t.ok((await admin.textContent('#first-password')).startsWith('You are logged in with the password printed at the first start')
      && await admin.getAttribute('#first-password a', 'href') === '/account',
      'admin: while on the first start\'s password, the header asks to change it, with a link to the account page');

    // Settings: a wrong value is refused in the server's words, nothing changes; then an invite code.
    await go(admin, '/organizer?tab=settings');
    await admin.fill('input[name=team_size]', '-5');
    await button(admin, 'Save').click();
    await admin.waitForSelector('form.settings .msg.error');
    t.ok((await admin.textContent('form.settings .msg.error')).includes('team_size'), 'settings: a wrong value is refused, naming the setting',
      await admin.textContent('form.settings .msg.error'));
    await admin.reload();
    await admin.waitForSelector('input[name=team_size]');
    t.eq(await admin.inputValue('input[name=team_size]'), '4', 'settings: nothing changed');
    await admin.fill('input[name=invite_code]', 'sesame');
    await admin.fill('input[name=title]', 'Course Cup');
    await button(admin, 'Save').click();
    await admin.waitForSelector('form.settings .msg.ok');
    await go(guest, '/register');
    t.ok(await guest.$('input[name=invite]') !== null && (await guest.textContent('header.site .brand')) === 'Course Cup',
      'settings: the invite field and the new title show to a visitor');
    await guest.fill('input[name=name]', 'erin');
    await guest.fill('input[name=password]', 'erin-password');
    await guest.fill('input[name=again]', 'erin-password');
    await guest.fill('input[name=invite]', 'open sesame');
    await button(guest, 'Register').click();
    await guest.waitForSelector('#page .msg.error');
    t.ok(/invite/i.test(await guest.textContent('#page .msg.error')), 'register: a wrong invite code is refused in the server\'s words',
      await guest.textContent('#page .msg.error'));
    t.eq(await guest.$eval('input[name=invite]', (i) => [i.autocapitalize, i.getAttribute('autocorrect'), i.spellcheck]), ['none', 'off', false],
      'register: a phone\'s keyboard neither capitalizes nor corrects the invite code');
    await register(guest, 'erin ', 'erin-password', { invite: ' sesame ' });
    t.ok(guest.url().endsWith('/team') && (await guest.textContent('header.site .who')).includes('erin'),
      'register: with the invite code (pasted with spaces around it), the name with the blank a phone\'s keyboard leaves after it');
    t.eq(await guest.$eval('input[name=code]', (i) => [i.autocapitalize, i.getAttribute('autocorrect'), i.spellcheck]), ['none', 'off', false],
      'team: nor the join code');

    // Users: reset erin's password (the row's button chooses her in the form below the table, a
    // password field); a refused one keeps what was typed; erin logs in with the new one; then
    // disable the account.
    await go(admin, '/organizer?tab=users');
    const row = admin.locator('#tab-users tr', { hasText: 'erin' });
    await row.getByRole('button', { name: 'reset password' }).click();
    const resetTo = await admin.evaluate(() => [document.activeElement.id, document.activeElement.type,
      document.querySelector('#reset-user').selectedOptions[0].textContent]);
    t.eq(resetTo, ['reset-password', 'password', 'erin'], 'users: "reset password" chooses the user and goes to a password field');
    const tooLong = 'x'.repeat(300);
    await admin.fill('#reset-password', tooLong);
    await button(admin, 'Reset the password').click();
    await admin.waitForSelector('#reset .msg.error');
    t.ok(/256/.test(await admin.textContent('#reset .msg.error')) && await admin.inputValue('#reset-password') === tooLong
      && await admin.$eval('#reset-user', (s) => s.selectedOptions[0].textContent) === 'erin',
    'users: a refused password says why and keeps what was typed', await admin.textContent('#reset .msg.error'));
    await admin.fill('#reset-password', '');
    await button(admin, 'Reset the password').click();
    const cleared = await admin.waitForFunction(() => document.querySelector('#reset .msg').hidden, null, { timeout: 10000 }).then(() => true, () => false);
    t.ok(cleared, 'forms: the browser\'s own refusal (an empty field) takes the server\'s older message away');
    await admin.fill('#reset-password', 'fresh-password-1');
    await button(admin, 'Reset the password').click();
    await admin.waitForSelector('#reset .msg.ok');
    t.eq(await admin.inputValue('#reset-password'), '', 'users: the password field is emptied once the password is reset');
    // erin's page, drawn before the reset ended her session, says so when she acts.
    await guest.fill('input[name=name]', 'Early');
    await button(guest, 'Create').click();
    await guest.waitForSelector('#page .msg.error');
    t.ok((await guest.textContent('#page .msg.error')).includes('You are no longer logged in') && await guest.$('#join-code') === null,
      'users: a page drawn before the reset says its user is no longer logged in', await guest.textContent('#page .msg.error'));
    await guest.context().clearCookies();
    await login(guest, 'erin', 'fresh-password-1');
    t.ok((await guest.textContent('header.site .who')).includes('erin'), 'users: a reset password works');
    // erin: her own password at /account, then a team made and left, then log out and in again.
    await go(guest, '/account');
    await guest.fill('input[name=old]', 'fresh-password-1');
    await guest.fill('input[name=new]', 'erin-new-password');
    await guest.fill('input[name=again]', 'erin-new-password');
    await button(guest, 'Change password').click();
    await guest.waitForSelector('#page .msg.ok');
    // Two tabs: erin's /team is drawn, then she logs out and in again in another tab (a new session,
    // a new CSRF token); the first tab's form still works (same user: sent again with the new token).
    await go(guest, '/team');
    const tab = await guest.context().newPage();
    const logOut = async (p) => { // from a page other than "/", so the wait is for the logout's own move there
      await go(p, '/account');
      await Promise.all([p.waitForURL((u) => u.pathname === '/'), button(p, 'Log out').click()]);
      await ready(p);
    };
    await logOut(tab);
    await login(tab, 'erin', 'erin-new-password');
    await guest.fill('input[name=name]', 'Solo');
    await button(guest, 'Create').click();
    await guest.waitForSelector('#join-code, #page .msg.error');
    t.ok(await guest.$('#join-code') !== null, 'two tabs: a form drawn before logging in again in another tab still works',
      await guest.textContent('#page'));
    // The organizers lower upload_max_mb while erin's page shows the old limit: the server's 413
    // reaches her with the file's name, the new limit and what to do.
    await go(guest, '/submissions');
    await go(admin, '/organizer?tab=settings');
    await admin.fill('input[name=upload_max_mb]', '1');
    await button(admin, 'Save').click();
    await admin.waitForSelector('form.settings .msg.ok');
    const big = path.join(dir, 'big.zip');
    fs.writeFileSync(big, Buffer.alloc(1536 * 1024, 1));
    await guest.setInputFiles('#archive', big);
    await guest.click('form.upload button[type=submit]');
    await guest.waitForSelector('form.upload .msg.error', { timeout: 60000 });
    const over = await guest.textContent('form.upload .msg.error');
    t.ok(over.startsWith('big.zip (1.5 MiB) is refused: ') && over.includes('limit of 1 MiB') && over.includes('Make the archive smaller'),
      'upload: over a limit lowered since the page was drawn, the server\'s 413 says the limit and what to do', over);
    await go(admin, '/organizer?tab=users');
    t.eq(await admin.locator('#tab-users tr', { hasText: 'erin' }).locator('td').nth(3).textContent(), 'Solo',
      'users: a user\'s team is named (it said "team 3")');
    // The other tab logs out: this tab's page is someone else's now (nobody's), so it acts for
    // no one and says to reload.
    await go(guest, '/team');
    await logOut(tab);
    await button(guest, 'Leave the team').click();
    await guest.waitForSelector('#page .msg.error');
    t.ok((await guest.textContent('#page .msg.error')).startsWith('You are no longer logged in (you logged out in another tab or window'),
      'two tabs: after logging out in another, an old page says so and to log in again (in words, not the API\'s)', await guest.textContent('#page .msg.error'));
    await login(tab, 'admin', srv.password);
    await button(guest, 'Leave the team').click();
    await guest.waitForFunction(() => /as admin/.test(document.querySelector('#page .msg.error').textContent));
    t.ok((await guest.textContent('#page .msg.error')).startsWith('You are logged in as admin in another tab or window since this page was drawn: reload'),
      'two tabs: logged in as someone else in another, an old page acts for no one and says to reload', await guest.textContent('#page .msg.error'));
    await logOut(tab);
    await tab.close();
    await login(guest, 'erin', 'erin-new-password');
    // The organizers disable erin's team: her page says so, and that she may still leave it (the
    // server refused that once, and she was stuck in a team that can do nothing).
    await go(admin, '/organizer?tab=teams');
    await Promise.all([admin.waitForEvent('load'),
      admin.locator('#tab-teams tr', { hasText: 'Solo' }).getByRole('button', { name: 'disable' }).click()]);
    await admin.waitForSelector('#tab-teams');
    await go(guest, '/team');
    t.ok((await mainText(guest)).includes('This team is disabled by the organizers') && (await mainText(guest)).includes('You may still leave it'),
      'team: a disabled team\'s page says so, and that its members may leave it', await mainText(guest));
    await Promise.all([guest.waitForEvent('load'), button(guest, 'Leave the team').click()]);
    await ready(guest);
    t.ok((await mainText(guest)).includes('You are not in a team'), 'team: left (after a confirmation), though the team is disabled');
    await Promise.all([guest.waitForURL((u) => u.pathname === '/'), button(guest, 'Log out').click()]);
    await ready(guest);
    t.ok((await guest.textContent('header.site .who')).includes('Log in'), 'log out from the header');
    await login(guest, 'erin', 'erin-new-password');
    t.ok((await guest.textContent('header.site .who')).includes('erin'), 'account: the changed password logs in');

    await go(admin, '/organizer?tab=users');
    await Promise.all([admin.waitForEvent('load'), row.getByRole('button', { name: 'disable' }).click()]); // the page reloads after its POST
    await admin.waitForSelector('#tab-users');
    t.ok((await admin.locator('#tab-users tr', { hasText: 'erin' }).textContent()).includes('disabled'), 'users: the account shows disabled');
    await go(guest, '/account');
    t.ok((await guest.textContent('header.site .who')).includes('Log in'), 'users: a disabled account is logged out');

    // Teams: disable one.
    await go(admin, '/organizer?tab=teams');
    const greedy = admin.locator('#tab-teams tr', { hasText: 'Greedy' });
    await Promise.all([admin.waitForEvent('load'), greedy.getByRole('button', { name: 'disable' }).click()]); // the page reloads after its POST
    await admin.waitForSelector('#tab-teams');
    t.ok((await admin.locator('#tab-teams tr', { hasText: 'Greedy' }).textContent()).includes('disabled'), 'teams: a team disabled');
    const tracker = admin.locator('#tab-teams tr', { hasText: 'Tracker' });
    const sub = (await tracker.locator('a[href^="/submissions/"]').getAttribute('href')).split('/').pop();
    await admin.fill('input[name=id]', sub);
    await button(admin, 'Disable it').click();
    await admin.waitForSelector('#tab-teams form.inline .msg.ok');
    const detail = await apiGet(admin, `/api/submissions/${sub}`);
    t.ok(detail.submission && detail.submission.disabled, 'teams: a submission disabled by its id', detail);
    // The team's row: its join code (GET /api/teams carries it for organizers); its submissions,
    // listed for the organizer (GET /api/submissions?team=ID), the disabled one enabled from there.
    const teamId = Number(new URL(await tracker.locator('a[href*="team=" i]').getAttribute('href'), admin.url()).searchParams.get('team'));
    const code = (await apiGet(admin, `/api/teams/${teamId}`)).team.join_code;
    t.ok(code && code.length > 0 && (await tracker.locator('code').textContent()) === code, 'teams: the join code column', code);
    await Promise.all([admin.waitForURL(`**/organizer?tab=teams&team=${teamId}`), tracker.getByRole('link', { name: 'submissions' }).click()]);
    await ready(admin);
    const subRow = admin.locator('#team-subs tr', { has: admin.locator(`a[href="/submissions/${sub}"]`) });
    t.ok((await subRow.textContent()).includes('disabled'), 'teams: a team\'s submissions listed for the organizer', await admin.textContent('#team-subs'));
    await Promise.all([admin.waitForEvent('load'), subRow.getByRole('button', { name: 'enable' }).click()]);
    await ready(admin);
    const enabled = await apiGet(admin, `/api/submissions/${sub}`);
    t.ok(enabled.submission && !enabled.submission.disabled && !(await subRow.textContent()).includes('disabled'),
      'teams: a submission enabled again from the team\'s list', enabled);

    // The queue: ladder games wait (no worker); cancel them in bulk; play one again.
    await go(admin, '/organizer?tab=queue');
    const queued = await until(async () => {
      const cells = await admin.$$eval('#queue tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      const ladder = cells.find((c) => c[0] === 'ladder');
      return ladder && Number(ladder[1]) > 0 ? ladder : null;
    }, 60000);
    t.ok(queued && queued[6] !== '–', 'queue: queued ladder games and the age of the oldest', queued);
    // A worker (of another machine, say: stopped, so that nothing reclaims it), tagged, last seen
    // 90 s ago. Until 2026-11-28 the table read keys the API does not give: "last seen" was empty,
    // and the tags showed as the store keeps them (",gpu,fast,", or ",," for none).
    execFileSync('python3', ['-c', 'import sqlite3, sys, time\ndb = sqlite3.connect(sys.argv[1], timeout=60)\n'
      + 'db.execute("INSERT INTO workers(name, host, pid, pid_start, cpu, tags, state, started, last_seen) '
      + 'VALUES (\'lab-07\', \'lab\', 1, 0, \'Test CPU\', \',gpu,fast,\', \'stopped\', ?, ?)", (time.time() - 100, time.time() - 90))\n'
      + 'db.commit()', path.join(dir, 'site.db')]);
    const worker = await until(async () => {
      const cells = await admin.$$eval('#workers tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      return cells.find((c) => c[0] === 'lab-07') || null;
    }, 20000);
    t.ok(worker && worker[2] === 'Test CPU' && worker[3] === 'gpu, fast' && worker[5] === 'stopped' && /^1 min 3\d s ago$/.test(worker[6]),
      'queue: a worker with its CPU, its tags and when it was last seen', worker);
    await button(admin, 'cancel queued ladder games').click();
    await admin.waitForSelector('#tab-queue .msg.ok');
    const said = await admin.textContent('#tab-queue .msg.ok');
    t.ok(/^[1-9]\d* ladder games cancelled/.test(said), 'queue: queued games cancelled in bulk', said);
    await go(admin, '/games?kind=ladder');
    const again = admin.locator('#game-list tr', { hasText: 'cancelled' }).first();
    const id = await again.locator('td').first().textContent();
    await again.getByRole('button', { name: 'play again' }).click();
    const requeued = await until(async () => {
      await go(admin, '/games?kind=ladder');
      const st = await admin.locator('#game-list tr', { has: admin.locator(`a[href="/watch/${id}"]`) }).locator('td').nth(2).textContent();
      return st === 'queued' ? st : null;
    }, 20000);
    t.ok(requeued, 'games: a cancelled game is queued again with "play again"');

    // Announcements: post one, every page shows it; hide it.
    await go(admin, '/organizer?tab=announcements');
    await admin.fill('textarea[name=text]', 'Server maintenance at noon.');
    await Promise.all([admin.waitForEvent('load'), button(admin, 'Announce').click()]); // the page reloads after its POST
    await go(guest, '/ladder');
    t.ok((await guest.textContent('.announcements')).includes('Server maintenance at noon.'), 'announcements: shown to visitors');
    await go(admin, '/organizer?tab=announcements');
    const hide = admin.locator('#tab-announcements tr', { hasText: 'Server maintenance' }).getByRole('button', { name: 'hide' });
    await Promise.all([admin.waitForEvent('load'), hide.click()]); // the page reloads after its POST
    await go(guest, '/ladder');
    t.ok(await guest.$('.announcements') === null, 'announcements: hidden');
    // The final's tab before the freeze: starting the final asked "every frozen team plays" while
    // nothing was frozen (uploads go on, and the final plays the versions active now): the tab and
    // the question say so; and /final, with no final yet, told an organizer nothing of where one starts.
    await go(admin, '/final');
    await admin.waitForFunction(() => !document.querySelector('#final').textContent.includes('Loading'));
    t.ok((await admin.textContent('#final')).startsWith('There is no final tournament yet. Start one from')
      && await admin.$('#final a[href="/organizer?tab=final"]') !== null,
    'final: with none yet, an organizer is told where to start one', await admin.textContent('#final'));
    await go(admin, '/organizer?tab=final');
    t.ok((await mainText(admin)).includes('Submissions are not frozen: a final started now plays each team\'s version active now'),
      'final tab: before the freeze, it says a final started now plays the versions active now', await mainText(admin));
    let asked = null;
    admin.onDialog = (d) => { asked = d.message(); d.dismiss(); };
    await button(admin, 'Start the final').click();
    await until(async () => asked, 10000, 100);
    admin.onDialog = null;
    t.ok(asked && asked.startsWith('Submissions are not frozen: the final plays each team\'s version active now') && !asked.includes('frozen team'),
      'final tab: before the freeze, "Start the final" asks again saying nothing is frozen', asked);
    t.eq((await apiGet(admin, '/api/final')).state, 'none', 'final tab: declined, nothing started');
    // A final with a cutoff: its two stages' rows bore the same name ("final", "final"), which stage
    // each was untold (the reply stubbed: no worker plays here). A tie at the cutoff let three teams
    // on where it says 2: the cutoff's cell says why.
    const stage = (n, extra) => ({ name: 'final', stage: n, tourney: n, format: 'round-robin', games_per_pair: 1, cutoff: 0,
      seed: n, planned: 2, done: 2, state: 'done', note: '', advanced: null, advance_note: '', ...extra });
    await guest.route('**/api/final', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ state: 'done',
      release: 'public', seed: 1, rule: 'elo', rows: [],
      stages: [stage(1, { cutoff: 2, advanced: 3, advance_note: '3 go on: a tie at the 2nd place' }), stage(2)] }) }));
    await go(guest, '/final');
    await guest.waitForSelector('#final table');
    t.eq(await guest.$eval('#final table', (tb) => [...tb.tBodies[0].rows].map((tr) => tr.cells[0].textContent)),
      ['final, stage 1', 'final, stage 2'], 'final: with a cutoff, each stage\'s row says which stage it is');
    t.eq(await guest.$eval('#final table', (tb) => [...tb.tBodies[0].rows].map((tr) => tr.cells[3].textContent)),
      ['2 (3 go on: a tie at the 2nd place)', '–'], 'final: a tie at the cutoff lets more teams on, and the cutoff says so');
    // the CSV's columns as the file has them (stage and kind were left out)
    t.ok(/rank, stage, name, kind \(team or reference bot\)/.test(await guest.textContent('#final')) && await guest.$('#release-link') === null,
      'final: the CSV\'s description names its columns; a participant is shown no release link', await guest.textContent('#final'));
    await guest.unroute('**/api/final');
    // an organizer, the results not yet released to everyone: where to release them
    await admin.route('**/api/final', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ state: 'done',
      release: 'organizers', seed: 1, rule: 'elo', rows: [], stages: [stage(1)] }) }));
    await go(admin, '/final');
    await admin.waitForSelector('#final table');
    const releaseLink = await admin.$('#release-link');
    t.eq(releaseLink && await releaseLink.getAttribute('href'), '/organizer?tab=final', 'final: an organizer is shown where to release the results');
    await admin.unroute('**/api/final');
    // A team without members (the demo's, as one whose last member left): its page says so; the
    // heading stood over an empty space.
    const lone = (await apiGet(guest, '/api/teams')).teams.find((x) => x.members === 0);
    await go(guest, `/teams/${lone.id}`);
    t.eq((await guest.textContent('dl.facts dd')).trim(), 'none', 'teams: a team without members says "none" under Members');
    // Before its first rated game a team has no rank: its page said "Rank null".
    await guest.waitForSelector('#team-ladder p');
    t.ok((await guest.textContent('#team-ladder')).startsWith('Not ranked yet, rating'), 'teams: a team with no rated game says it is not ranked yet',
      await guest.textContent('#team-ladder'));

    // A small phone (360 px wide): no page and no table scrolls sideways (the tables are cards
    // there: the organizer's users and teams, the queue's workers scrolled in their box), and no
    // column is crushed to a letter a line (a button or a time taller than two lines of text).
    // Who played a game is in sight on /games and a team's page: the table put its seats fifth of
    // seven columns, past the screen's edge, seen only by scrolling the table sideways.
    await admin.setViewportSize({ width: 360, height: 800 });
    for (const p of ['/organizer?tab=users', '/organizer?tab=teams', '/organizer?tab=queue', '/organizer?tab=settings', '/games', '/ladder', '/',
      '/teams', `/teams/${lone.id}`, '/final']) {
      await go(admin, p);
      if (p.endsWith('queue')) await admin.waitForSelector('#queue table');
      const games = p === '/games' || p.startsWith('/teams/');
      if (games) await admin.waitForSelector('table.games .seat');
      const fit = await phoneFit(admin);
      t.ok(fits(fit), `phone: ${p} fits 360 px, no table scrolls sideways, nothing crushed`, fit);
      if (!games) continue;
      const seats = await admin.$$eval('table.games .seat', (s) => s.map((e) => {
        const r = e.getBoundingClientRect();
        return [e.textContent, Math.round(r.left), Math.round(r.right)];
      }));
      t.ok(seats.length >= 2 && seats.every(([, l, r]) => l >= 0 && r <= 360), `phone: who played is in sight on ${p}, no sideways scrolling`, seats);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });

    // An address that is no page: the site's own page says so (a 404), with the header's links.
    const nf = await guest.goto('/no-such-page');
    await ready(guest);
    t.ok(nf.status() === 404 && (await guest.textContent('h1')) === 'No such page' && (await mainText(guest)).includes('/no-such-page')
      && await guest.$('header.site nav a[href="/ladder"]') !== null, 'a mistyped address: a page that says so, status 404', nf.status());

    // The keyboard: the first Tab reaches "Skip to the page", Enter moves to the page's content.
    await go(guest, '/ladder');
    await guest.keyboard.press('Tab');
    const first = await guest.evaluate(() => document.activeElement.textContent);
    await guest.keyboard.press('Enter');
    const then = await guest.evaluate(() => document.activeElement.id);
    t.eq([first, then], ['Skip to the page', 'page'], 'keyboard: the first Tab skips the navigation, to the page');

    // The keyboard on the games' filter: arrows move through the kinds without loading the page
    // (the focus stays), Tab to "Show" and Enter shows them.
    await go(guest, '/games');
    // A submit of the filter leaves its mark in sessionStorage, which outlives the page it loads.
    await guest.evaluate(() => document.querySelector('#page form').addEventListener('submit', () => sessionStorage.setItem('filter-sent', '1')));
    await guest.focus('select[name=kind]');
    await guest.keyboard.press('ArrowDown');
    await guest.keyboard.press('ArrowDown');
    const kept = await guest.evaluate(() => [sessionStorage.getItem('filter-sent'), document.activeElement.name, document.activeElement.value]);
    t.eq(kept, [null, 'kind', 'scrimmage'], 'keyboard: the games filter changes with the arrows without loading the page (the focus stays)');
    await guest.keyboard.press('Tab');
    await Promise.all([guest.waitForURL('**/games?*kind=scrimmage*'), guest.keyboard.press('Enter')]);
    await ready(guest);
    t.eq(await guest.$eval('select[name=kind]', (x) => x.value), 'scrimmage', 'keyboard: Tab to Show, Enter: the chosen kind is shown');

    // Every kind the games' filter offers lists without a refusal (it once offered "final" while
    // the API refused it; the final's games are listed now).
    await go(admin, '/games');
    t.ok(!(await admin.textContent('#page')).includes('not listed here'), 'games: no note that the final\'s games are elsewhere (they are listed here)');
    const kinds = await admin.$$eval('#page select[name=kind] option', (os) => os.map((o) => o.value));
    const refused = [];
    for (const k of kinds) {
      await go(admin, `/games?kind=${k}`);
      const box = admin.locator('#page .msg.error');
      if (await box.count() && await box.first().isVisible()) refused.push([k, await box.first().textContent()]);
    }
    t.ok(kinds.includes('final') && refused.length === 0, 'games: every kind the filter offers is listed, none refused', { kinds, refused });
  });
}
