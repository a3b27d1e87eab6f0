// rezzo_check.mjs: checks shared by the Rezzo tests (real and synthetic replays): the state the viewer
// rebuilds from keyframes and diffs against every recorded state_hash (docs/games/rezzo.md "Replays"), and seeking
// straight to a tick against stepping to it.

// FNV-1a 64 (as the replay's hashes) in the page, over bytes given by a function, as 16 hex digits.
export const FNV_SRC = `(bytes, n) => {
  let lo = 0x84222325, hi = 0xcbf29ce4;
  for (let i = 0; i < n; i++) {
    lo = (lo ^ bytes(i)) >>> 0;
    const l = lo * 0x1b3;
    hi = (hi * 0x1b3 + ((lo << 8) >>> 0) + Math.floor(l / 4294967296)) % 4294967296;
    lo = l % 4294967296;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}`;

export async function checkStateHashes(t, page, what) {
  const r = await page.evaluate((src) => {
    const fnv = eval(src);
    const inst = window.arena.viewer.inst;
    const m = window.arena.model;
    let checked = 0;
    const bad = [];
    for (let p = 1; p <= m.length; p++) {
      const e = m.turns[p - 1].events;
      if (!e || !e.state_hash || m.turns[p - 1].frame.key) continue; // keyframes are loaded, not rebuilt
      const st = inst.state(p);
      const n = st.letters.length;
      const h = fnv((i) => (i < n ? st.letters[i] : st.damage[i - n]), 2 * n);
      checked++;
      if (h !== e.state_hash) bad.push({ pos: p, got: h, want: e.state_hash });
    }
    return { checked, bad: bad.slice(0, 3) };
  }, FNV_SRC);
  t.ok(r.checked > 0 && r.bad.length === 0, `${what}: the state rebuilt from diffs matches all ${r.checked} recorded state hashes`, r);
  const seekVsStep = await page.evaluate((src) => {
    const fnv = eval(src);
    const inst = window.arena.viewer.inst;
    const m = window.arena.model;
    const target = Math.floor(m.length * 0.7) + 3;
    const hashAt = () => { const st = inst.state(target); return fnv((i) => st.letters[i], st.letters.length); };
    inst.state(0);
    const direct = hashAt();           // from the nearest keyframe
    inst.state(target - 7);
    for (let p = target - 6; p < target; p++) inst.state(p);
    const stepped = hashAt();          // one diff at a time
    return { direct, stepped };
  }, FNV_SRC);
  t.eq(seekVsStep.direct, seekVsStep.stepped, `${what}: seeking straight to a tick gives the same world as stepping to it`);
}
