// test_game_splitter.mjs: the Splitter view of a real game: counters, the score, stepping, seeking,
// and pixels: a written die in its value's colour, the pair just written outlined in white.
// (Splitter is written in another branch; this test runs once `arena list` knows the game.)
import { play, view, open, text, pixel, seek, key, hex } from './lib.mjs';

const DIE = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#b185f0', '#ff924c'];

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'sp', 'splitter', ['builtin:greedy'], ['--seed', '3']);
  const n = r.turns.length;
  const page = await open(ctx, view(r.path));
  t.eq(page.errors, [], 'no script errors');
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'turn counter at the start');
  await seek(page, 10);
  const f = r.turns[9].frame;
  t.eq(await text(page, 'label'), `round ${f.round} / ${f.rounds}`, 'round label after seeking');
  t.eq(await page.$eval('#seats tbody .score', (e) => Number(e.textContent)), f.score.total, 'score at turn 10 matches the frame');
  await key(page, 'n');
  t.eq(await text(page, 'turn'), `turn 11 / ${n}`, 'n steps forward');
  await key(page, 'End');
  t.eq(await page.$eval('#seats tbody .score', (e) => Number(e.textContent)), r.result.scores[0], 'final score matches the result record');
  await seek(page, 10);
  const pl = r.turns[9].events.placed;
  const c = await page.evaluate(([x, y]) => window.arena.viewer.inst.locate(x, y), [pl.x, pl.y]);
  t.eq(await pixel(page, c.x + 1, c.y + c.h / 2), [255, 255, 255], `the cell just written (${pl.x},${pl.y}) is outlined in white`);
  // a die's colour: count its pixels in the cell
  const count = await page.evaluate(([x, y, w, h, rgb]) => {
    const d = document.getElementById('board').getContext('2d').getImageData(x, y, w, h).data;
    let k = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - rgb[0]) < 8 && Math.abs(d[i + 1] - rgb[1]) < 8 && Math.abs(d[i + 2] - rgb[2]) < 8) k++;
    return k;
  }, [c.x + 6, c.y + 6, c.w - 12, c.h - 12, hex(DIE[pl.v - 1])]);
  t.ok(count > 20, `the die ${pl.v} at (${pl.x},${pl.y}) is drawn in ${DIE[pl.v - 1]}`, count);
  await page.close();
}
