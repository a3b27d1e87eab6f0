// games/suitebot.js: SuiteBot II: the torus with its resources, bases, agents and bombs (countdowns),
// the fields hit in the last round, and on request (b) the blast preview: every field a bomb on the
// plan will hit, darker the sooner.
import { sizeCanvas, centerText } from '../util.js';

// --- the frame as recorded (docs/games/suitebot.md "Replays") -------------------------------------
// frame: {round, rounds, w, h, bases: [[x, y]], agents: [[x, y]], res: ["0101..." per row y],
//         bombs: [[x, y, owner, countdown]], scores, last: [action|null], deaths, kills, late,
//         invalid, down: [round it went down, 0 if never]}   (player id = seat + 1)
// events: {moves, plants: [{player, x, y}], explosions: [[x, y, owner, by]],
//          hit: [[x, y, owners bitmask, mined]], deaths: [{player, cause, x, y, credit}], points, shared}
const resAt = (f, x, y) => f.res[y].charCodeAt(x) === 49; // '1'
const blastOptions = (header) => ({
  shape: (header.options && header.options.blast) === 'cross' ? 'cross' : 'square',
  radius: Number(header.options && header.options.radius) || 1,
});

// --- the picture -----------------------------------------------------------------------------------
export const PLAYER_COLORS = ['#e6194b', '#4363d8', '#3cb44b', '#f58231', '#f032e6', '#42d4f4', '#ffe119', '#e8e8e8'];
export const RESOURCE = '#4a3f22';
export const MINED = '#1d2026';
const SHARED_HIT = '#9a9a9a';
const LETTERS = 'ABCDEFGH';
const SIZE = 620;

export default {
  id: 'suitebot',
  name: 'SuiteBot II',
  speed: 5,
  colors: (header) => header.seats.map((_, i) => PLAYER_COLORS[i % 8]),
  create(view) {
    const f0 = view.replay.frame(0);
    const W = f0.w;
    const H = f0.h;
    const cell = Math.max(8, Math.min(48, Math.floor(SIZE / Math.max(W, H))));
    const ctx = sizeCanvas(view.canvas, W * cell, H * cell);
    const blast = blastOptions(view.header);
    let preview = false;
    const color = (p) => PLAYER_COLORS[(p - 1) % 8]; // by player id 1..8

    function locate(x, y) { return { x: x * cell, y: y * cell, w: cell, h: cell }; }

    function blastCells(bx, by) {
      const out = [];
      const r = blast.radius;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (blast.shape === 'cross' && dx !== 0 && dy !== 0) continue;
          out.push((((by + dy) % H) + H) % H * W + ((((bx + dx) % W) + W) % W));
        }
      }
      return out;
    }

    // Rounds until each field is hit (chains included), or -1: the viewer's picture of the plan.
    function schedule(f) {
      const bombs = f.bombs.map(([x, y, , c]) => ({ x, y, t: c, cells: blastCells(x, y) }));
      const at = new Map(bombs.map((b, i) => [b.y * W + b.x, i]));
      for (let changed = true; changed;) {
        changed = false;
        for (const a of bombs) {
          for (const c of a.cells) {
            const j = at.get(c);
            if (j !== undefined && bombs[j].t > a.t) { bombs[j].t = a.t; changed = true; }
          }
        }
      }
      const when = new Int32Array(W * H).fill(-1);
      for (const b of bombs) for (const c of b.cells) if (when[c] < 0 || when[c] > b.t) when[c] = b.t;
      return when;
    }

    function draw(pos) {
      const f = view.replay.frame(pos);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          ctx.fillStyle = resAt(f, x, y) ? RESOURCE : MINED;
          ctx.fillRect(x * cell, y * cell, cell, cell);
          if (resAt(f, x, y)) {
            ctx.fillStyle = '#e0c060';
            ctx.beginPath();
            ctx.arc(x * cell + cell / 2, y * cell + cell / 2, Math.max(1.5, cell * 0.09), 0, 2 * Math.PI);
            ctx.fill();
          }
        }
      }
      ctx.strokeStyle = 'rgba(255,255,255,0.06)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= W; x++) { ctx.moveTo(x * cell + 0.5, 0); ctx.lineTo(x * cell + 0.5, H * cell); }
      for (let y = 0; y <= H; y++) { ctx.moveTo(0, y * cell + 0.5); ctx.lineTo(W * cell, y * cell + 0.5); }
      ctx.stroke();
      if (preview) {
        const when = schedule(f);
        for (let c = 0; c < W * H; c++) {
          if (when[c] < 0) continue;
          ctx.fillStyle = `rgba(255,80,0,${Math.max(0.12, 0.5 - 0.08 * when[c])})`;
          ctx.fillRect((c % W) * cell, Math.floor(c / W) * cell, cell, cell);
        }
      }
      // fields hit in this round: the owner's colour, grey when shared
      const t = view.replay.turn(pos);
      const hit = t && t.events && Array.isArray(t.events.hit) ? t.events.hit : [];
      for (const [x, y, mask] of hit) {
        const single = mask && (mask & (mask - 1)) === 0;
        ctx.globalAlpha = 0.6;
        ctx.fillStyle = single ? color(31 - Math.clz32(mask) + 1) : SHARED_HIT;
        ctx.fillRect(x * cell, y * cell, cell, cell);
        ctx.globalAlpha = 1;
      }
      const bombAt = new Map(f.bombs.map((b) => [b[1] * W + b[0], b]));
      const agentAt = new Map();
      f.agents.forEach(([x, y], i) => agentAt.set(y * W + x, (agentAt.get(y * W + x) || []).concat(i + 1)));
      const baseAt = new Map(f.bases.map(([x, y], i) => [y * W + x, i + 1]));
      // a bomb under an agent or on a base: the owner's colour as the field's background
      for (const [k, b] of bombAt) {
        if (!agentAt.has(k) && !baseAt.has(k)) continue;
        ctx.fillStyle = color(b[2]);
        ctx.fillRect(b[0] * cell, b[1] * cell, cell, cell);
      }
      const font = (bold) => `${bold ? 'bold ' : ''}${Math.round(cell * 0.55)}px sans-serif`;
      for (const [k, p] of baseAt) {
        const x = k % W;
        const y = Math.floor(k / W);
        const home = (agentAt.get(k) || []).includes(p);
        const ink = bombAt.has(k) ? '#000' : color(p); // on a bomb's background colour
        ctx.strokeStyle = ink;
        ctx.lineWidth = Math.max(2, cell * 0.08);
        ctx.strokeRect(x * cell + 2, y * cell + 2, cell - 4, cell - 4);
        if (home) {
          ctx.fillStyle = color(p);
          ctx.fillRect(x * cell + cell * 0.18, y * cell + cell * 0.18, cell * 0.64, cell * 0.64);
          centerText(ctx, LETTERS[p - 1], x * cell, y * cell, cell, cell, '#000', font(true));
        } else if (!agentAt.has(k)) {
          centerText(ctx, LETTERS[p - 1], x * cell, y * cell, cell, cell, ink, font(false));
        }
      }
      for (const [k, b] of bombAt) {
        if (agentAt.has(k) || baseAt.has(k)) continue;
        const [x, y, owner, cd] = b;
        ctx.fillStyle = color(owner);
        ctx.beginPath();
        ctx.arc(x * cell + cell / 2, y * cell + cell / 2, cell * 0.4, 0, 2 * Math.PI);
        ctx.fill();
        centerText(ctx, String(cd), x * cell, y * cell, cell, cell, '#000', font(true));
      }
      for (const [k, ps] of agentAt) {
        const x = k % W;
        const y = Math.floor(k / W);
        const others = ps.filter((p) => baseAt.get(k) !== p);
        if (!others.length) continue;
        // several agents on one field: the first one's colour, all letters
        const p = others[0];
        ctx.fillStyle = '#000';
        ctx.fillRect(x * cell + cell * 0.2, y * cell + cell * 0.2, cell * 0.6, cell * 0.6);
        ctx.strokeStyle = color(p);
        ctx.lineWidth = Math.max(2, cell * 0.07);
        ctx.strokeRect(x * cell + cell * 0.2, y * cell + cell * 0.2, cell * 0.6, cell * 0.6);
        centerText(ctx, others.map((q) => LETTERS[q - 1].toLowerCase()).join(''), x * cell, y * cell, cell, cell, color(p), font(true));
      }
    }

    function info(pos) {
      const f = view.replay.frame(pos);
      const lines = [];
      for (let i = 0; i < f.scores.length; i++) {
        const status = f.down[i] ? `DOWN since round ${f.down[i]}` :
          f.invalid[i] ? `invalid×${f.invalid[i]}` : f.late[i] ? `late×${f.late[i]}` : 'ok';
        lines.push(`${LETTERS[i]} ${view.seatName(i).padEnd(12).slice(0, 12)} ${String(f.scores[i]).padStart(4)}  ` +
          `${(f.last[i] || '-').padEnd(10)} deaths ${f.deaths[i]} kills ${f.kills[i]}  ${status}`);
      }
      const t = view.replay.turn(pos);
      if (t && t.events) {
        const e = t.events;
        for (const p of e.plants || []) lines.push(`${LETTERS[p.player - 1]} plants a bomb at (${p.x},${p.y})`);
        for (const [x, y, o] of e.explosions || []) lines.push(`bomb of ${LETTERS[o - 1]} explodes at (${x},${y})`);
        for (const d of e.deaths || []) {
          lines.push(`${LETTERS[d.player - 1]} dies (${d.cause}) at (${d.x},${d.y})${d.credit ? `, +10 for ${LETTERS[d.credit - 1]}` : ''}`);
        }
      }
      if (pos === view.replay.length && view.replay.result) {
        const r = view.replay.result;
        lines.push('', 'final ranking:');
        r.ranks.map((rank, i) => [rank, i]).sort((a, b) => a[0] - b[0])
          .forEach(([rank, i]) => lines.push(`${rank}. ${LETTERS[i]} ${view.seatName(i)} ${r.scores[i]}`));
      }
      return lines.join('\n');
    }

    return {
      locate,
      draw,
      info,
      keys: [['b', 'show / hide the blast preview']],
      key(k) { if (k === 'b') { preview = !preview; return true; } return false; },
      label: (pos) => { const f = view.replay.frame(pos); return `round ${f.round} / ${f.rounds}`; },
      scores: (pos) => view.replay.frame(pos).scores,
      hover(px, py, pos) {
        const x = Math.floor(px / cell);
        const y = Math.floor(py / cell);
        if (x < 0 || y < 0 || x >= W || y >= H) return null;
        const f = view.replay.frame(pos);
        const out = [`(${x}, ${y}) ${resAt(f, x, y) ? 'resource' : 'mined'}`];
        f.bases.forEach(([bx, by], i) => { if (bx === x && by === y) out.push(`base ${LETTERS[i]} (${view.seatName(i)})`); });
        f.agents.forEach(([ax, ay], i) => { if (ax === x && ay === y) out.push(`agent ${LETTERS[i].toLowerCase()} (${view.seatName(i)})`); });
        for (const [bx, by, o, c] of f.bombs) if (bx === x && by === y) out.push(`bomb of ${LETTERS[o - 1]}, countdown ${c}`);
        return out.join('\n');
      },
    };
  },
};
