// test_common.mjs: what every game's view shares, on Rising Tide replays (always built) and a
// synthetic Rezzo replay (scripts/gen_rezzo_replay.py, no engine needed): the page is self-contained,
// verdict markers and seat statuses, a truncated and a corrupt replay give a clear message, a file
// that is no replay is refused, a gzip replay opens through the file button, and a keyframe+diff
// replay is rebuilt exactly.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, play, view, open, text, seek, key, run, drawn } from './lib.mjs';
import { checkStateHashes } from './rezzo_check.mjs';

const RT = ['builtin:random_rizhao', 'builtin:trench_tunis', 'builtin:seawall_sydney', 'builtin:level_los_angeles'];

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'rt', 'rising_tide', RT, ['--seed', '11']);
  const lines = fs.readFileSync(r.path, 'utf8').split('\n');
  const n = r.turns.length;
  const html = view(r.path);
  const page0 = fs.readFileSync(html, 'utf8');
  t.ok(!/<script[^>]+src=|<link[^>]+href=|https?:\/\//i.test(page0), 'the page loads nothing from elsewhere (no src, href or URL)');

  // Only file: and data: requests: it opens from disk with no server and no network.
  const page = await ctx.newPage();
  const urls = [];
  page.on('request', (q) => urls.push(q.url()));
  await page.goto('file://' + html);
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  t.ok(urls.every((u) => /^(file|data|blob):/.test(u)), 'every request is local', urls.filter((u) => !/^(file|data|blob):/.test(u)));
  await drawn(page); // the counter is written by the first animation frame after the load, not by it
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'the replay opens from file://');
  await key(page, 'g');
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.arena.viewer.pos === 42);
  await drawn(page);
  t.eq(await text(page, 'turn'), `turn 42 / ${n}`, 'g then a number goes to that turn');
  await page.locator('#first').click();
  await drawn(page);
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'the first-turn button');
  await page.locator('#fwd').click();
  await drawn(page);
  await page.locator('#fwd').click();
  await drawn(page);
  t.eq(await text(page, 'turn'), `turn 2 / ${n}`, 'the step button');
  await page.locator('#last').click();
  await drawn(page);
  t.eq(await text(page, 'turn'), `turn ${n} / ${n}`, 'the last-turn button');
  await key(page, '?');
  t.ok(await page.$eval('#help', (e) => !e.hidden && e.textContent.includes('play / pause')), '? shows the keys');
  await page.close();

  // Verdict markers: a seat that is late once, then crashes.
  const bot = path.join(ROOT, 'tests/browser/bots/late_then_crash.sh');
  const v = play(dir, 'verdicts', 'rising_tide', [`slow=${bot}`, ...RT.slice(1)], ['--seed', '7', '--move-ms', '150']);
  const marks = v.turns.flatMap((tr, i) => tr.seats.filter((s) => s.asked !== false && s.verdict !== 'ok').map((s) => [i + 1, s.verdict]));
  t.ok(marks.some(([, k]) => k === 'late') && marks.some(([, k]) => k === 'crash'), 'the test replay has a late and a crash verdict', marks);
  const pv = await open(ctx, view(v.path));
  t.eq(await pv.evaluate(() => window.arena.viewer.timelineMarks.map((m) => [m.pos, m.text.split(' ')[3]])), marks.map(([p, k]) => [p, k]),
    'one timeline marker per verdict, at its turn');
  const crashPos = marks.find(([, k]) => k === 'crash')[0];
  const latePos = marks.find(([, k]) => k === 'late')[0];
  await seek(pv, latePos);
  t.eq(await pv.$eval('#seats tbody tr .status', (e) => e.textContent), 'late×1', 'seat status counts the late turn');
  await seek(pv, crashPos);
  const crashTurn = v.turns[crashPos - 1].turn;
  t.ok((await pv.$eval('#seats tbody tr .status', (e) => e.textContent)).startsWith(`CRASH at turn ${crashTurn}`), 'seat status shows the crash and its turn',
    await pv.$eval('#seats tbody tr .status', (e) => e.textContent));
  const tl = await pv.$eval('#timeline', (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width]; });
  const n2 = v.turns.length;
  await pv.mouse.move(tl[0] + ((crashPos - 0.5) / n2) * tl[2], tl[1] + 5);
  t.ok((await text(pv, 'tip')).includes('crash'), 'hovering the marker tells the verdict', await text(pv, 'tip'));
  await pv.close();

  // A truncated replay: cut in the middle of a line.
  const cut = lines.slice(0, 101).join('\n') + '\n' + lines[101].slice(0, 300);
  fs.writeFileSync(path.join(dir, 'cut.jsonl'), cut);
  let p = await open(ctx, view(path.join(dir, 'cut.jsonl')));
  t.eq(await p.evaluate(() => document.body.dataset.state), 'problem', 'a truncated replay opens with a problem');
  t.ok((await text(p, 'banner')).includes('This replay is truncated: the file ends in the middle of line 102'), 'the banner says it is truncated and where', await text(p, 'banner'));
  t.eq(await text(p, 'turn'), 'turn 0 / 100', 'it shows the turns before the cut');
  t.eq(p.errors, [], 'no script errors on a truncated replay');
  await p.close();
  // Truncated at a line end: no result record.
  fs.writeFileSync(path.join(dir, 'noresult.jsonl'), lines.slice(0, 51).join('\n') + '\n');
  p = await open(ctx, view(path.join(dir, 'noresult.jsonl')));
  t.ok((await text(p, 'banner')).includes('ends without a result record'), 'a replay without its result says so', await text(p, 'banner'));
  await p.close();
  // A corrupt line in the middle.
  const bad = lines.slice();
  bad[60] = bad[60].slice(0, 40) + '#garbage#' + bad[60].slice(80);
  fs.writeFileSync(path.join(dir, 'corrupt.jsonl'), bad.join('\n'));
  p = await open(ctx, view(path.join(dir, 'corrupt.jsonl')));
  t.ok((await text(p, 'banner')).includes('This replay is damaged: line 61 is not valid JSON'), 'a corrupt line is named in the banner', await text(p, 'banner'));
  t.eq(await text(p, 'turn'), 'turn 0 / 59', 'the turns before the damage are shown');
  t.ok(await p.$eval('#board', (c) => c.clientWidth > 100), 'the board is drawn, not a blank page');
  // A file that is no replay, opened with the file button from the keyboard: Tab reaches it (with a
  // ring that shows it), Enter opens the chooser (a click on the file input: what opens it; the
  // chooser itself is the browser's, so the file is then given to the input).
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello, this is not a replay\n');
  let tabs = 0;
  while (tabs < 20 && await p.evaluate(() => document.activeElement.id) !== 'open') { await p.keyboard.press('Tab'); tabs++; }
  const ring = await p.evaluate(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0; });
  t.ok(tabs < 20 && ring, '"open replay…" is reached with Tab and shows a focus ring', tabs);
  const chooserOpens = async (press) => {
    await p.evaluate(() => { window.__chooser = 0; document.getElementById('file').addEventListener('click', () => { window.__chooser++; }); });
    await p.keyboard.press(press);
    return p.waitForFunction(() => window.__chooser > 0, null, { timeout: 10000 }).then(() => true, () => false);
  };
  t.ok(await chooserOpens('Enter'), '"open replay…" opens the file chooser with Enter');
  const wasPlaying = await p.evaluate(() => window.arena.viewer.playing);
  t.ok(await chooserOpens(' ') && await p.evaluate(() => window.arena.viewer.playing) === wasPlaying,
    '"open replay…" opens the file chooser with Space (which does not play / pause then)');
  await p.setInputFiles('#file', path.join(dir, 'notes.txt'));
  await p.waitForFunction(() => document.body.dataset.state === 'error');
  t.ok((await text(p, 'fatal')).includes('This file is not an Arena replay: line 1 is not valid JSON'), 'a file that is no replay gets a clear message', await text(p, 'fatal'));
  // A gzip-compressed replay through the file button.
  fs.writeFileSync(path.join(dir, 'rt.jsonl.gz'), zlib.gzipSync(fs.readFileSync(r.path)));
  await p.setInputFiles('#file', path.join(dir, 'rt.jsonl.gz'));
  await p.waitForFunction(() => document.body.dataset.state === 'ready');
  await drawn(p); // (the last chunk's count is drawn on the next frame: it read "turn 0 / 59" under load)
  t.eq(await text(p, 'turn'), `turn 0 / ${n}`, 'a .jsonl.gz replay opens through the file button');
  t.eq(p.errors, [], 'no script errors');
  await p.close();

  // A synthetic Rezzo replay: keyframes and diffs, checked against its recorded state hashes.
  const rz = path.join(dir, 'rz.jsonl');
  run('python3', [path.join(ROOT, 'scripts/gen_rezzo_replay.py'), '--ticks', '900', '--size', '64', '--electrons', '30', '--keyframe-every', '200', '-o', rz]);
  p = await open(ctx, view(rz));
  t.eq(await text(p, 'turn'), 'turn 0 / 900', 'the synthetic Rezzo replay opens');
  await checkStateHashes(t, p, 'synthetic Rezzo');
  const zoom = async () => Number((await text(p, 'info')).match(/zoom ([\d.]+)/)[1]);
  const z0 = await zoom();
  await key(p, 'z');
  t.eq(await zoom(), 2 * z0, 'z doubles the zoom');
  t.eq(p.errors, [], 'no script errors');
  await p.close();
}
