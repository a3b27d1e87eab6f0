// screenshots.mjs: the pictures of docs/img/viewer_<game>.png: one real game per game, played with
// ARENA_PLAY (default bin/arena), written with `arena view`, opened in headless Chromium at a chosen
// turn. Usage: node tests/browser/screenshots.mjs [GAME...]   (scripts/screenshots.sh)
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ARENA_PLAY, gamesIn, launch, tmpdir, play, view, open, seek, drawn } from './lib.mjs';

const SCENES = {
  rising_tide: { seats: ['builtin:random_rizhao', 'builtin:trench_tunis', 'builtin:seawall_sydney', 'builtin:level_los_angeles'], extra: ['--seed', '5'], at: () => 160 },
  suitebot: { seats: ['builtin:miner', 'builtin:harvester', 'builtin:random', 'builtin:miner'], extra: ['--seed', '8'],
    at: (r) => r.turns.findIndex((t, i) => i > 25 && t.events.hit && t.events.hit.length) + 1 },
  chicken: { seats: ['builtin:greedy', 'builtin:tracker'], extra: ['--seed', '4'], at: () => 33 },
  splitter: { seats: ['builtin:greedy'], extra: ['--seed', '3'], at: () => 15 },
  rezzo: { seats: ['builtin:wander', 'builtin:attacker'], extra: ['--seed', '12345', '--quick', '--option', 'max_ticks=3000'], at: () => 1200, keys: ['1', 'x'] },
};

const wanted = process.argv.slice(2);
const games = gamesIn(ARENA_PLAY).filter((g) => SCENES[g] && (!wanted.length || wanted.includes(g)));
const tmp = tmpdir();
const ctx = await launch(tmp);
const out = path.join(ROOT, 'docs/img');
fs.mkdirSync(out, { recursive: true });
for (const g of games) {
  const s = SCENES[g];
  const r = play(tmp, g, g, s.seats, s.extra);
  const page = await open(ctx, view(r.path));
  await page.setViewportSize({ width: 1240, height: 780 });
  await seek(page, Math.max(0, s.at(r)));
  for (const k of s.keys || []) await page.keyboard.press(k);
  await drawn(page);
  const file = path.join(out, `viewer_${g}.png`);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
  await page.close();
}
await ctx.close();
fs.rmSync(tmp, { recursive: true, force: true });
