// run.mjs: runs the browser tests: test_common.mjs, then test_<game>.mjs for every game this build of
// arena knows. A game whose module exists but which is not in the build is listed as a comment (it
// is not counted as passing). With --serve, the tests of `arena serve`'s pages (test_serve_*.mjs)
// instead: they start servers and workers, so run.sh gives them their own time limit.
// Usage: node tests/browser/run.mjs [--serve] [NAME...]
import fs from 'node:fs';
import path from 'node:path';
import { ARENA_PLAY, ROOT, Tap, gamesIn, launch, tmpdir } from './lib.mjs';

const here = path.join(ROOT, 'tests/browser');
const serve = process.argv.includes('--serve');
const wanted = process.argv.slice(2).filter((a) => a !== '--serve');
const games = gamesIn(ARENA_PLAY);
const tmp = tmpdir();
let failed = 0;
const ctx = serve ? null : await launch(tmp); // the server's tests launch browsers of their own
try {
  const files = fs.readdirSync(here).filter((f) => /^test_.*\.mjs$/.test(f)).sort();
  const order = files.filter((f) => f === 'test_common.mjs').concat(files.filter((f) => f !== 'test_common.mjs'));
  for (const f of order) {
    const name = f.slice(5, -4);
    if (name.startsWith('serve_') !== serve) continue;
    if (wanted.length && !wanted.includes(name)) continue;
    const game = name.startsWith("game_") ? name.slice(5) : null;
    if (game && !games.includes(game)) {
      console.log(`# ${game}: not a game of ${path.relative(ROOT, ARENA_PLAY)}; its browser test did not run`);
      continue;
    }
    const t = new Tap(`browser ${name}: `);
    const dir = fs.mkdtempSync(path.join(tmp, name + '-'));
    const mod = await import(path.join(here, f));
    const t0 = Date.now();
    await t.step('runs', () => mod.default(t, { ctx, dir }));
    console.log(`# ${name}: ${t.passed} passed, ${t.failed} failed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    failed += t.failed;
  }
} finally {
  if (ctx) await ctx.close();
  if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.log(`# kept ${tmp}`);
}
process.exit(failed ? 1 : 0);
