// test_game_chicken.mjs: the Chicken view of a real game: counters, eggs per seat, stepping, seeking,
// pixels (each chicken and an egg where the frame says, in its side's colour; a found trapdoor), the
// view cycle (v) and the fall markers on the timeline.
import { play, view, open, text, pixel, seek, key, hex } from './lib.mjs';

const SIDE = ['#ff9f1c', '#2ec4b6'];

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'ck', 'chicken', ['builtin:greedy', 'builtin:tracker'], ['--seed', '4']);
  const n = r.turns.length;
  const page = await open(ctx, view(r.path));
  t.eq(page.errors, [], 'no script errors');
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'turn counter at the start');
  t.eq(await text(page, 'label'), 'ply 0 / 80', 'ply label at the start');
  const eggs = () => page.$$eval('#seats tbody .score', (es) => es.map((e) => e.textContent));
  const want = (f) => [0, 1].map((s) => `${f.score[s === f.seat_a ? 0 : 1]} eggs`);
  await seek(page, 30);
  t.eq(await eggs(), want(r.turns[29].frame), 'eggs per seat at ply 30 match the frame');
  await key(page, 'n', 2);
  t.eq(await text(page, 'label'), `ply ${r.turns[31].frame.ply} / 80`, 'two plies forward');
  await key(page, 'End');
  t.eq(await page.$$eval('#seats tbody .score', (es) => es.map((e) => Number(e.textContent.split(' ')[0]))).then((x) => x.length), 2, 'two seats');
  t.eq(await page.$$eval('#seats tbody .rank', (es) => es.map((e) => Number(e.textContent))), r.result.ranks, 'final ranks match the result record');
  const last = r.turns[n - 1].frame;
  const w = last.winner === 'A' ? 0 : 1;
  if (last.winner !== 'TIE') t.ok((await text(page, 'info')).includes(`wins by ${last.reason} ${last.score[w]}-${last.score[1 - w]}`), 'the final line names winner, reason and eggs');

  const at = (x, y) => page.evaluate(([x, y]) => window.arena.viewer.inst.locate(x, y), [x, y]);
  await seek(page, 30);
  const f = r.turns[29].frame;
  for (let side = 0; side < 2; side++) {
    const [x, y] = f.pos[side];
    const c = await at(x, y);
    t.eq(await pixel(page, c.x + c.w / 2 - c.w * 0.25, c.y + c.h / 2), hex(SIDE[side]), `chicken ${'AB'[side]} is at (${x},${y}) in its colour`);
  }
  const egg = f.eggs[0].find(([x, y]) => !(f.pos[0][0] === x && f.pos[0][1] === y) && !(f.pos[1][0] === x && f.pos[1][1] === y));
  if (t.ok(egg, 'A has an egg on the board at ply 30')) {
    const c = await at(...egg);
    t.eq(await pixel(page, c.x + c.w / 2, c.y + c.h / 2), hex(SIDE[0]), `A's egg at (${egg}) is drawn`);
  }
  // Falls: a timeline marker each, and the door shows as found (T on black) afterwards.
  const falls = r.turns.map((tr, i) => [i + 1, tr.events.fell]).filter(([, fell]) => fell);
  t.eq(await page.evaluate(() => window.arena.viewer.timelineMarks.filter((m) => m.text.includes('falls')).length), falls.length, 'one timeline marker per fall');
  if (falls.length) {
    const [p, door] = falls[0];
    await seek(page, p);
    const [dx, dy] = r.turns[p - 1].frame.doors[door === 'white' ? 0 : 1];
    const c = await at(dx, dy);
    t.eq(await pixel(page, c.x + 9, c.y + 9), [17, 17, 17], `the ${door} trapdoor at (${dx},${dy}) shows as found`);
  }
  await key(page, 'v');
  t.ok((await text(page, 'info')).includes("view: A's view"), "v switches to A's view");
  await key(page, 'v', 2);
  t.ok((await text(page, 'info')).includes('view: spectator'), 'v cycles back to the spectator');
  await page.close();
}
