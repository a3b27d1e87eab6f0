// bench_viewer.mjs: how fast the web viewer opens and plays a large replay in headless Chromium.
// Usage: node tests/browser/bench_viewer.mjs [HTML...]   (scripts/bench_viewer.sh makes the pages)
// For each page: the time from navigation to the first picture and to the whole replay read
// (performance.now() in the page, 3 runs, the median), then 5 s of playback at 60 turns/s and 5 s at
// 960 turns/s (frames per second from requestAnimationFrame timestamps, draw time per frame), then
// 50 random seeks.
import { launch, tmpdir, open } from './lib.mjs';

const pages = process.argv.slice(2);
const ctx = await launch(tmpdir());
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
const results = [];
for (const html of pages) {
  const first = [];
  const loaded = [];
  let page;
  for (let run = 0; run < 3; run++) {
    if (page) await page.close();
    page = await open(ctx, html);
    const s = await page.evaluate(() => ({ first: window.arena.viewer.stats.firstDrawAt, loaded: window.arena.viewer.stats.loadedAt,
      turns: window.arena.model.length, mib: window.arena.model.bytes / 1048576 }));
    first.push(s.first);
    loaded.push(s.loaded);
    if (run === 0) results.push({ html, turns: s.turns, mib: s.mib });
  }
  const r = results[results.length - 1];
  r.first_ms = median(first);
  r.open_ms = median(loaded);
  for (const speed of [60, 960]) {
    const st = await page.evaluate(async (speed) => {
      const v = window.arena.viewer;
      v.pause();
      v.seek(0);
      v.setSpeed(speed);
      v.stats.frameTimes = [];
      v.stats.drawMs = [];
      const p0 = v.pos;
      v.play();
      await new Promise((res) => setTimeout(res, 5000));
      v.pause();
      return { times: v.stats.frameTimes, draw: v.stats.drawMs, advanced: v.pos - p0 };
    }, speed);
    const iv = st.times.slice(1).map((t, i) => t - st.times[i]);
    r[`fps_${speed}`] = (st.times.length - 1) / ((st.times[st.times.length - 1] - st.times[0]) / 1000);
    r[`interval_p99_ms_${speed}`] = pct(iv, 0.99);
    r[`draw_ms_mean_${speed}`] = st.draw.reduce((a, b) => a + b, 0) / st.draw.length;
    r[`draw_ms_p99_${speed}`] = pct(st.draw, 0.99);
    r[`turns_per_s_${speed}`] = st.advanced / 5;
  }
  r.seek_ms_mean = await page.evaluate(async () => {
    const v = window.arena.viewer;
    let total = 0;
    let x = 12345;
    for (let i = 0; i < 50; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const t0 = performance.now();
      v.seek(x % (v.model.length + 1));
      v.render();
      total += performance.now() - t0;
    }
    return total / 50;
  });
  await page.close();
}
await ctx.close();
const f = (x) => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(1)) : x);
for (const r of results) console.log(Object.entries(r).map(([k, v]) => `${k}=${f(v)}`).join(' '));
