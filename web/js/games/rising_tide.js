// games/rising_tide.js: Rising Tide: the island's heights, the water and the four cities, coloured as
// the spec's display section (9): heights 0..8 from red to green, flooded cells blue #0000ff.
import { sizeCanvas, centerText } from '../util.js';

// --- the frame as recorded (docs/games/rising_tide.md "Replays") ----------------------------------
// frame: {round, terrain: [18*18 heights, row by row; -1 = flooded], scores: [-1 while alive, else
// the score]}; events: {order, moves: [{seat, board: [i1, j1, i2, j2], done}], eliminated, flooded}.
const N = 18;
const CITIES = [[5, 5], [5, 12], [12, 12], [12, 5]]; // (row i, column j) of seat 0..3's city
const frameTerrain = (f) => f.terrain;
const frameScores = (f) => f.scores;
const frameRound = (f) => f.round;

// --- the picture -----------------------------------------------------------------------------------
export const HEIGHT_COLORS = ['#ff0000', '#ff5f00', '#ff8700', '#ffaf00', '#ffd700', '#ffff00',
  '#d7ff00', '#afff00', '#00ff00'];
export const FLOODED = '#0000ff';
const SEAT_COLORS = ['#ff3b3b', '#ffffff', '#c04bff', '#00e5ff'];
const CELL = 30;
const OX = 26; // board origin: room for the coordinates
const OY = 26;
const GAUGE_X = OX + N * CELL + 24;
const W = GAUGE_X + 64;
const H = OY + N * CELL + 10;

function heightColor(h) {
  if (h < 0) return FLOODED;
  return HEIGHT_COLORS[Math.min(h, 8)];
}

export default {
  id: 'rising_tide',
  name: 'Rising Tide',
  speed: 60, // the original's frame rate
  colors: (header) => header.seats.map((_, i) => SEAT_COLORS[i % 4]),
  create(view) {
    const ctx = sizeCanvas(view.canvas, W, H);
    const rounds = Number(view.header.options && view.header.options.rounds) || 800;
    const codes = view.header.seats.map((s, i) => s.code || `S${i}`);
    const cityOf = new Map(CITIES.map(([i, j], s) => [i * N + j, s]));

    function locate(i, j) { return { x: OX + j * CELL, y: OY + i * CELL, w: CELL, h: CELL }; }

    function draw(pos) {
      const f = view.replay.frame(pos);
      const terrain = frameTerrain(f);
      const scores = frameScores(f);
      ctx.fillStyle = '#0b0d12';
      ctx.fillRect(0, 0, W, H);
      // coordinates
      ctx.font = '11px sans-serif';
      ctx.fillStyle = '#8a91a0';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let k = 0; k < N; k++) {
        ctx.fillText(String(k), OX + k * CELL + CELL / 2, OY - 10);
        ctx.fillText(String(k), OX - 13, OY + k * CELL + CELL / 2);
      }
      for (let i = 0; i < N; i++) {
        for (let j = 0; j < N; j++) {
          const h = terrain[i * N + j];
          ctx.fillStyle = heightColor(h);
          ctx.fillRect(OX + j * CELL, OY + i * CELL, CELL, CELL);
        }
      }
      // thin grid so equal heights still read as cells
      ctx.strokeStyle = 'rgba(0,0,0,0.18)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = 0; k <= N; k++) {
        ctx.moveTo(OX + k * CELL + 0.5, OY);
        ctx.lineTo(OX + k * CELL + 0.5, OY + N * CELL);
        ctx.moveTo(OX, OY + k * CELL + 0.5);
        ctx.lineTo(OX + N * CELL, OY + k * CELL + 0.5);
      }
      ctx.stroke();
      // living cities: the seat's code, white on black (a sunk city is just blue)
      CITIES.forEach(([i, j], s) => {
        if (s >= scores.length || scores[s] !== -1) return;
        const r = locate(i, j);
        ctx.fillStyle = '#000';
        ctx.fillRect(r.x, r.y, r.w, r.h);
        centerText(ctx, codes[s], r.x, r.y, r.w, r.h, '#fff', 'bold 12px sans-serif');
        ctx.strokeStyle = view.seatColor(s);
        ctx.lineWidth = 2;
        ctx.strokeRect(r.x + 1, r.y + 1, r.w - 2, r.h - 2);
      });
      // this round's board moves: outlines on the source and destination cells, centres left clear
      const t = view.replay.turn(pos);
      if (t && t.events && Array.isArray(t.events.moves)) {
        for (const m of t.events.moves) {
          if (!m.done || !Array.isArray(m.board)) continue;
          const [i1, j1, i2, j2] = m.board;
          ctx.strokeStyle = view.seatColor(m.seat);
          ctx.lineWidth = 3;
          for (const [i, j] of [[i1, j1], [i2, j2]]) {
            const r = locate(i, j);
            ctx.strokeRect(r.x + 2.5, r.y + 2.5, r.w - 5, r.h - 5);
          }
        }
      }
      drawGauge(frameRound(f) / 100);
    }

    // The water gauge: a strip of the height colours (8 at the top), water up to the level.
    function drawGauge(level) {
      const top = OY + 20;
      const band = (N * CELL - 30) / 9;
      ctx.font = '11px sans-serif';
      ctx.fillStyle = '#c3c8d2';
      ctx.textAlign = 'center';
      ctx.fillText('WATER', GAUGE_X + 28, OY + 4);
      for (let h = 0; h <= 8; h++) {
        const y = top + (8 - h) * band;
        ctx.fillStyle = HEIGHT_COLORS[h];
        ctx.fillRect(GAUGE_X + 18, y, 20, band);
        ctx.fillStyle = '#8a91a0';
        ctx.textAlign = 'right';
        ctx.fillText(String(h), GAUGE_X + 12, y + band / 2);
      }
      const wl = Math.min(level, 9);
      const wy = top + 9 * band - wl * band;
      ctx.fillStyle = 'rgba(0,0,255,0.55)';
      ctx.fillRect(GAUGE_X + 10, wy, 36, top + 9 * band - wy);
      ctx.fillStyle = '#fff';
      ctx.textAlign = 'center';
      ctx.fillText(level.toFixed(2), GAUGE_X + 28, top + 9 * band + 10);
    }

    return {
      locate,
      draw,
      label: (pos) => `round ${frameRound(view.replay.frame(pos))} / ${rounds}`,
      scores(pos) {
        return frameScores(view.replay.frame(pos)).map((x) => (x === -1 ? 'alive' : x));
      },
      info(pos) {
        const f = view.replay.frame(pos);
        const lines = [`water level ${(frameRound(f) / 100).toFixed(2)}`];
        const t = view.replay.turn(pos);
        if (t && t.events) {
          const e = t.events;
          if (Array.isArray(e.order)) lines.push(`order: ${e.order.map((s) => codes[s]).join(' ')}`);
          for (const m of e.moves || []) {
            const [i1, j1, i2, j2] = m.board;
            lines.push(`${codes[m.seat]}: (${i1},${j1}) -> (${i2},${j2})${m.done ? '' : ' skipped'}`);
          }
          if (e.flooded) lines.push(`${e.flooded} cell${e.flooded === 1 ? '' : 's'} flooded`);
          for (const s of e.eliminated || []) lines.push(`${codes[s]} ${view.seatName(s)} sinks`);
        }
        return lines.join('\n');
      },
      hover(x, y, pos) {
        const j = Math.floor((x - OX) / CELL);
        const i = Math.floor((y - OY) / CELL);
        if (i < 0 || j < 0 || i >= N || j >= N) return null;
        const f = view.replay.frame(pos);
        const h = frameTerrain(f)[i * N + j];
        let s = `(${i}, ${j}) ${h < 0 ? 'flooded' : `height ${h}`}`;
        const c = cityOf.get(i * N + j);
        if (c !== undefined) s += `\ncity of ${codes[c]} ${view.seatName(c)} (${frameScores(f)[c] === -1 ? 'alive' : 'sunk'})`;
        return s;
      },
    };
  },
};
