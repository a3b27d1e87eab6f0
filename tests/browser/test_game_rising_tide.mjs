// test_game_rising_tide.mjs: the Rising Tide view of a real game: counters, scores, stepping, seeking,
// and the colours of Rising Tide P9 at chosen cells (a flooded cell is #0000ff, heights by table,
// a living city is its code white on black).
import { play, view, open, text, pixel, seek, key, hex, near } from './lib.mjs';

const HEIGHTS = ['#ff0000', '#ff5f00', '#ff8700', '#ffaf00', '#ffd700', '#ffff00', '#d7ff00', '#afff00', '#00ff00'];
const CITIES = [[5, 5], [5, 12], [12, 12], [12, 5]];

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'rt', 'rising_tide', ['builtin:random_rizhao', 'builtin:trench_tunis', 'builtin:seawall_sydney', 'builtin:level_los_angeles'], ['--seed', '5']);
  const n = r.turns.length;
  const page = await open(ctx, view(r.path));
  t.eq(await page.evaluate(() => document.body.dataset.state), 'ready', 'the page reads the whole replay');
  t.eq(page.errors, [], 'no script errors');
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'turn counter at the start');
  t.eq(await text(page, 'label'), 'round 0 / 800', 'round label at the start');
  const names = await page.$$eval('#seats tbody .name', (es) => es.map((e) => e.textContent));
  t.eq(names, r.header.seats.map((s) => `${s.code} ${s.name}`), 'seat panel names and codes');
  t.eq(await page.$$eval('#seats tbody .score', (es) => es.map((e) => e.textContent)), ['alive', 'alive', 'alive', 'alive'], 'every seat alive at the start');

  await key(page, 'End');
  t.eq(await text(page, 'turn'), `turn ${n} / ${n}`, 'End goes to the last turn');
  t.eq(await page.$$eval('#seats tbody .score', (es) => es.map((e) => Number(e.textContent))), r.result.scores, 'final scores match the result record');
  t.eq(await page.$$eval('#seats tbody .rank', (es) => es.map((e) => Number(e.textContent))), r.result.ranks, 'final ranks match the result record');

  await key(page, 'Home');
  await key(page, 'ArrowRight', 3);
  t.eq(await text(page, 'turn'), `turn 3 / ${n}`, 'three steps forward (right arrow)');
  t.eq(await text(page, 'label'), `round ${r.turns[2].frame.round} / 800`, 'round label follows the frame');
  await key(page, 'p');
  t.eq(await text(page, 'turn'), `turn 2 / ${n}`, 'one step back (p)');

  // Seek to a late round with flooded cells, and check cell colours against the frame.
  const pos = n - 40;
  await seek(page, pos);
  t.eq(await text(page, 'turn'), `turn ${pos} / ${n}`, 'the slider seeks');
  const f = r.turns[pos - 1].frame;
  const moved = new Set();
  for (const m of r.turns[pos - 1].events.moves) { moved.add(`${m.board[0]},${m.board[1]}`); moved.add(`${m.board[2]},${m.board[3]}`); }
  const cell = async (i, j) => page.evaluate(([i, j]) => window.arena.viewer.inst.locate(i, j), [i, j]);
  let flooded = null;
  const byHeight = {};
  for (let i = 0; i < 18; i++) for (let j = 0; j < 18; j++) {
    if (CITIES.some(([a, b]) => a === i && b === j) || moved.has(`${i},${j}`)) continue;
    const h = f.terrain[i * 18 + j];
    if (h < 0 && !flooded) flooded = [i, j];
    if (h >= 0 && !(h in byHeight)) byHeight[h] = [i, j];
  }
  t.ok(flooded, 'the chosen round has a flooded cell');
  let c = await cell(...flooded);
  t.eq(await pixel(page, c.x + c.w / 2, c.y + c.h / 2), [0, 0, 255], `flooded cell (${flooded}) is blue #0000ff`);
  for (const [h, [i, j]] of Object.entries(byHeight)) {
    c = await cell(i, j);
    t.eq(await pixel(page, c.x + c.w / 2, c.y + c.h / 2), hex(HEIGHTS[h]), `cell (${i},${j}) of height ${h} is ${HEIGHTS[h]}`);
  }
  // A living city: black with the seat's code in white.
  const aliveSeat = f.scores.findIndex((s) => s === -1);
  t.ok(aliveSeat >= 0, 'a seat is still alive at that round');
  c = await cell(...CITIES[aliveSeat]);
  t.eq(await pixel(page, c.x + 6, c.y + 6), [0, 0, 0], `seat ${aliveSeat}'s living city is black`);
  const whiteText = await page.evaluate(([x, y, w, h]) => {
    const d = document.getElementById('board').getContext('2d').getImageData(x, y, w, h).data;
    let white = 0;
    for (let k = 0; k < d.length; k += 4) if (d[k] > 200 && d[k + 1] > 200 && d[k + 2] > 200) white++;
    return white;
  }, [c.x + 4, c.y + 4, c.w - 8, c.h - 8]);
  t.ok(whiteText > 10, 'the living city shows its code in white', whiteText);

  // Hover tells the cell.
  c = await cell(...flooded);
  const box = await page.$eval('#board', (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top]; });
  await page.mouse.move(box[0] + c.x + 10, box[1] + c.y + 10);
  t.ok((await text(page, 'tip')).startsWith(`(${flooded[0]}, ${flooded[1]}) flooded`), 'hover names the cell and its state', await text(page, 'tip'));

  // Play and pause: the position moves on.
  await seek(page, 0);
  await key(page, ' ');
  await page.waitForFunction(() => window.arena.viewer.pos >= 5);
  await key(page, ' ');
  const p1 = await page.evaluate(() => window.arena.viewer.pos);
  t.ok(p1 >= 5 && !(await page.evaluate(() => window.arena.viewer.playing)), 'space plays, space pauses', p1);
  await key(page, '+');
  t.eq(await text(page, 'speed'), '120 turns/s', '+ doubles the speed (default 60, the original\'s frame rate)');
  await key(page, '-');
  await key(page, '-');
  t.eq(await text(page, 'speed'), '30 turns/s', '- halves the speed');
  await page.close();
}
