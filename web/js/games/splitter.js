// games/splitter.js: Splitter: the sheet (non-fillable cells blank, empty cells ·, stars ★, hearts ♥,
// written dice in one colour per value), the dashed line between the halves, the pair just written,
// exact-size groups in bold and groups already too large dimmed; the roll, the last placement and the
// score split into exact groups, star bonus and hearts.
import { sizeCanvas, centerText } from '../util.js';

// --- the frame as recorded (docs/games/splitter.md "Replays") -------------------------------------
// frame: {layout, game, w, h, cells: [W*H codes, row by row: 0 not fillable, 1 normal, 2 star,
//         3 heart], sheet: [W*H values, 0 empty, 1..6 a die], round, rounds, roll: [d1, d2]|null,
//         score: {exact, stars, hearts, total}, over, failed}
// events: {roll: [d1, d2]|null, placed: {v, x, y, other, mx}|null, next: [d1, d2]|null,
//          failure: {verdict, cause, rule}|null}

// --- the picture (Splitter S9) -----------------------------------------------------------------
export const DIE_COLORS = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#b185f0', '#ff924c'];
export const EMPTY = '#2a2f3a';
const STAR_BG = '#6b5a12';
const HEART_BG = '#6b1a3a';
const CELL = 64;
const O = 12;

// Groups of equal dice joined through edges: per cell, the size of its group (0 for empty cells).
function groupSizes(sheet, W, H) {
  const size = new Int32Array(W * H);
  const seen = new Uint8Array(W * H);
  for (let s = 0; s < W * H; s++) {
    if (!sheet[s] || seen[s]) continue;
    const v = sheet[s];
    const stack = [s];
    const members = [];
    seen[s] = 1;
    while (stack.length) {
      const c = stack.pop();
      members.push(c);
      const x = c % W;
      const y = (c - x) / W;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        const k = ny * W + nx;
        if (!seen[k] && sheet[k] === v) { seen[k] = 1; stack.push(k); }
      }
    }
    for (const c of members) size[c] = members.length;
  }
  return size;
}

export default {
  id: 'splitter',
  name: 'Splitter',
  speed: 5,
  create(view) {
    const f0 = view.replay.frame(0);
    const W = f0.w;
    const H = f0.h;
    const ctx = sizeCanvas(view.canvas, O * 2 + W * CELL, O * 2 + H * CELL);
    function locate(x, y) { return { x: O + x * CELL, y: O + y * CELL, w: CELL, h: CELL }; }

    function draw(pos) {
      const f = view.replay.frame(pos);
      const t = view.replay.turn(pos);
      const sizes = groupSizes(f.sheet, W, H);
      ctx.fillStyle = '#0b0d12';
      ctx.fillRect(0, 0, O * 2 + W * CELL, O * 2 + H * CELL);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const i = y * W + x;
          const code = f.cells[i];
          if (code === 0) continue;
          const r = locate(x, y);
          const v = f.sheet[i];
          ctx.fillStyle = v && code === 2 ? STAR_BG : v && code === 3 ? HEART_BG : EMPTY;
          ctx.fillRect(r.x + 2, r.y + 2, r.w - 4, r.h - 4);
          if (!v) {
            const mark = code === 2 ? '★' : code === 3 ? '♥' : '·';
            const col = code === 2 ? '#ffd54a' : code === 3 ? '#ff4f8b' : '#777';
            centerText(ctx, mark, r.x, r.y, r.w, r.h, col, code === 1 ? 'bold 28px sans-serif' : '30px sans-serif');
            continue;
          }
          const exact = sizes[i] === v;
          const tooBig = sizes[i] > v;
          ctx.globalAlpha = tooBig ? 0.35 : 1;
          centerText(ctx, String(v), r.x, r.y, r.w, r.h, DIE_COLORS[v - 1], `${exact ? 'bold 38px' : '30px'} sans-serif`);
          ctx.globalAlpha = 1;
          if (exact) {
            ctx.strokeStyle = DIE_COLORS[v - 1];
            ctx.lineWidth = 2;
            ctx.strokeRect(r.x + 5, r.y + 5, r.w - 10, r.h - 10);
          }
        }
      }
      // the dashed line between the halves
      ctx.strokeStyle = '#c3c8d2';
      ctx.setLineDash([6, 6]);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(O + (W / 2) * CELL, O);
      ctx.lineTo(O + (W / 2) * CELL, O + H * CELL);
      ctx.stroke();
      ctx.setLineDash([]);
      const p = t && t.events && t.events.placed;
      if (p) {
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = 3;
        for (const x of [p.x, p.mx]) {
          const r = locate(x, p.y);
          ctx.strokeRect(r.x + 1.5, r.y + 1.5, r.w - 3, r.h - 3);
        }
      }
    }

    function info(pos) {
      const f = view.replay.frame(pos);
      const t = view.replay.turn(pos);
      const seed = view.header.seed;
      const lines = [`game ${f.game}, layout ${f.layout}, seed ${seed}`, `round ${f.round}/${f.rounds}`];
      if (f.roll) lines.push(`roll ${f.roll[0]} ${f.roll[1]}`);
      const e = t && t.events;
      if (e && e.placed) lines.push(`last placement: ${e.placed.v} at (${e.placed.x},${e.placed.y}) · ${e.placed.other} at (${e.placed.mx},${e.placed.y})`);
      const s = f.score;
      lines.push(`score now ${s.total}: exact groups ${s.exact}, star bonus ${s.stars}, hearts ${s.hearts}`);
      if (e && e.failure) lines.push(`FAILED: ${e.failure.verdict} (${e.failure.cause})${e.failure.rule ? `, rule ${e.failure.rule}` : ''}`);
      const seat = t && t.seats && t.seats[0];
      if (seat && seat.verdict !== 'ok' && seat.text !== undefined) lines.push(`received: ${seat.text}`);
      if (f.over) lines.push('', `final score ${s.total}${f.failed ? ' (the game failed: 0)' : ''}`);
      return lines.join('\n');
    }

    return {
      locate,
      draw,
      info,
      label: (pos) => { const f = view.replay.frame(pos); return `round ${f.round} / ${f.rounds}`; },
      scores: (pos) => [view.replay.frame(pos).score.total],
      hover(px, py, pos) {
        const x = Math.floor((px - O) / CELL);
        const y = Math.floor((py - O) / CELL);
        if (x < 0 || y < 0 || x >= W || y >= H) return null;
        const f = view.replay.frame(pos);
        const i = y * W + x;
        const code = f.cells[i];
        if (code === 0) return `(${x}, ${y}) not fillable`;
        const kind = ['', 'normal', 'star', 'heart'][code];
        const v = f.sheet[i];
        if (!v) return `(${x}, ${y}) ${kind}, empty; mirror (${W - 1 - x}, ${y})`;
        const sizes = groupSizes(f.sheet, W, H);
        const state = sizes[i] === v ? 'exact' : sizes[i] > v ? 'too large' : 'not yet complete';
        return `(${x}, ${y}) ${kind}: ${v}, group of ${sizes[i]} (${state}); mirror (${W - 1 - x}, ${y})`;
      },
    };
  },
};
