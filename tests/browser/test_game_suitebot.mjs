// test_game_suitebot.mjs: the SuiteBot view of a real game: counters, scores per round, stepping,
// seeking, and pixels: a bomb is drawn where the frame says in its owner's colour, resource and mined
// fields differ, the blast preview (b) shades a field next to a bomb.
import { play, view, open, text, pixel, seek, key, hex } from './lib.mjs';

const PLAYER = ['#e6194b', '#4363d8', '#3cb44b', '#f58231', '#f032e6', '#42d4f4', '#ffe119', '#e8e8e8'];
const RESOURCE = '#4a3f22';
const MINED = '#1d2026';

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'sb', 'suitebot', ['builtin:miner', 'builtin:harvester', 'builtin:random'], ['--seed', '3']);
  const n = r.turns.length;
  const page = await open(ctx, view(r.path));
  t.eq(page.errors, [], 'no script errors');
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'turn counter at the start');
  t.eq(await text(page, 'label'), `round 0 / ${r.header.frame.rounds}`, 'round label at the start');
  const scores = () => page.$$eval('#seats tbody .score', (es) => es.map((e) => Number(e.textContent)));
  await seek(page, 40);
  t.eq(await scores(), r.turns[39].frame.scores, 'scores at round 40 match the frame');
  await key(page, 'n');
  t.eq(await text(page, 'turn'), `turn 41 / ${n}`, 'n steps forward');
  t.eq(await scores(), r.turns[40].frame.scores, 'scores follow the step');
  await key(page, 'ArrowLeft', 2);
  t.eq(await text(page, 'label'), `round ${r.turns[38].frame.round} / ${r.header.frame.rounds}`, 'left arrow steps back');
  await key(page, 'End');
  t.eq(await scores(), r.result.scores, 'final scores match the result record');
  t.eq(await page.$$eval('#seats tbody .rank', (es) => es.map((e) => Number(e.textContent))), r.result.ranks, 'final ranks');
  t.ok((await text(page, 'info')).includes('final ranking:'), 'the final ranking is shown');

  // A frame with a bomb that is neither under an agent nor on a base.
  let found = null;
  for (let p = 1; p <= n && !found; p++) {
    const f = r.turns[p - 1].frame;
    const hit = new Set((r.turns[p - 1].events.hit || []).map(([x, y]) => `${x},${y}`));
    for (const [x, y, owner] of f.bombs) {
      const busy = f.agents.concat(f.bases).some(([ax, ay]) => ax === x && ay === y) || hit.has(`${x},${y}`);
      if (!busy) { found = { p, x, y, owner, f }; break; }
    }
  }
  t.ok(found, 'the game has a bomb in the open');
  await seek(page, found.p);
  const c = await page.evaluate(([x, y]) => window.arena.viewer.inst.locate(x, y), [found.x, found.y]);
  t.eq(await pixel(page, c.x + c.w * 0.2, c.y + c.h / 2), hex(PLAYER[found.owner - 1]),
    `bomb of player ${found.owner} at (${found.x},${found.y}) in round ${found.p} is drawn in its colour`);
  // A resource field and a mined field with nothing on them (at the bomb's round or later).
  const free = (p, want) => {
    const fr = r.turns[p - 1].frame;
    const hit = r.turns[p - 1].events.hit || [];
    for (let y = 0; y < fr.h; y++) for (let x = 0; x < fr.w; x++) {
      const busy = fr.agents.concat(fr.bases).some(([ax, ay]) => ax === x && ay === y) ||
        fr.bombs.some(([bx, by]) => bx === x && by === y) || hit.some(([hx, hy]) => hx === x && hy === y);
      if (!busy && fr.res[y][x] === want) return [x, y];
    }
    return null;
  };
  for (const [want, colour, what] of [['1', RESOURCE, 'resource'], ['0', MINED, 'mined']]) {
    let p = found.p;
    while (p < n && !free(p, want)) p++;
    const xy = free(p, want);
    if (!t.ok(xy, `a free ${what} field exists`)) continue;
    await seek(page, p);
    const q = await page.evaluate(([x, y]) => window.arena.viewer.inst.locate(x, y), xy);
    t.eq(await pixel(page, q.x + 4, q.y + 4), hex(colour), `${what} field (${xy}) in round ${p} is ${colour}`);
  }
  await seek(page, found.p);
  const f = found.f;
  let q;
  // The blast preview shades the bomb's neighbours.
  const nx = (found.x + 1) % f.w;
  q = await page.evaluate(([x, y]) => window.arena.viewer.inst.locate(x, y), [nx, found.y]);
  const before = await pixel(page, q.x + 3, q.y + 3);
  await key(page, 'b');
  const after = await pixel(page, q.x + 3, q.y + 3);
  t.ok(after[0] > before[0] + 20, 'b shows the blast preview next to a bomb', { before, after });
  await key(page, 'b');
  t.eq(await pixel(page, q.x + 3, q.y + 3), before, 'b again hides it');
  await page.close();
}
