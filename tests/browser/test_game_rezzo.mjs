// test_game_rezzo.mjs: the Rezzo view of a real game: the original's picture check (seed 12345,
// 320x320, 2 players, S_0: rgb_fnv 2e686739170873ff at zoom 1, agent 1's cell 255,28,28 and the cell
// in front 170,0,0), the canvas pixel of agent 1 at zoom 2, the world rebuilt from diffs against the
// recorded state hashes, counters, seeking, and the follow view.
// (Rezzo is written in another branch; this test runs once `arena list` knows the game.)
import { play, view, open, text, pixel, seek, key } from './lib.mjs';
import { FNV_SRC, checkStateHashes } from './rezzo_check.mjs';

export default async function (t, { ctx, dir }) {
  const r = play(dir, 'rz', 'rezzo', ['builtin:wander', 'builtin:attacker'], ['--seed', '12345', '--quick', '--option', 'max_ticks=1500']);
  const n = r.turns.length;
  const page = await open(ctx, view(r.path));
  t.eq(page.errors, [], 'no script errors');
  t.eq(await text(page, 'turn'), `turn 0 / ${n}`, 'turn counter at the start');
  const pic = await page.evaluate((src) => {
    const fnv = eval(src);
    const { W, H, pix } = window.arena.viewer.inst.picture(0);
    const px = (x, y) => { const v = pix[y * W + x]; return [v & 255, (v >>> 8) & 255, (v >>> 16) & 255]; };
    return { rgb: fnv((i) => (pix[Math.floor(i / 3)] >>> (8 * (i % 3))) & 255, W * H * 3), a1: px(74, 80), front: px(75, 80) };
  }, FNV_SRC);
  t.eq(pic.rgb, '2e686739170873ff', 'rgb_fnv of the S_0 picture at zoom 1 is the spec\'s');
  t.eq(pic.a1, [255, 28, 28], "agent 1's cell (74,80) is 255,28,28");
  t.eq(pic.front, [170, 0, 0], 'the cell in front (75,80) is 170,0,0');
  await key(page, 'n');
  await key(page, 'p');
  const c = await page.evaluate(() => window.arena.viewer.inst.locate(74, 80));
  t.eq(await pixel(page, c.x + 1, c.y + 1), [255, 28, 28], 'on the canvas (zoom 2) agent 1 is where the replay says');
  await checkStateHashes(t, page, 'real game');
  await seek(page, n);
  t.eq(await page.$$eval('#seats tbody .rank', (es) => es.map((e) => Number(e.textContent))), r.result.ranks, 'final ranks match the result record');
  await seek(page, 100);
  t.eq(await text(page, 'label'), `tick ${r.turns[99].frame.tick} / ${r.header.options.max_ticks}`, 'tick label after seeking');
  await key(page, '1');
  t.ok(await page.evaluate(() => getComputedStyle(document.querySelector('#panel canvas')).display !== 'none' &&
    document.querySelector('#panel').textContent.includes('agent 1')), '1 follows agent 1 and shows its 13x13 view');
  await page.close();
}
