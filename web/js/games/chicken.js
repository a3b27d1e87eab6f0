// games/chicken.js: Chicken: the 8x8 board with coordinates, the two chickens, their eggs and turds,
// found trapdoors (T) and, in the spectator view, the hidden ones (a dim t); the last ply, the
// mover's sensor readings and the square's hear/feel chances; v cycles spectator / A's / B's view.
import { sizeCanvas, centerText } from '../util.js';

// --- the frame as recorded (docs/games/chicken.md "Replays") --------------------------------------
// frame: {ply, mover: "A"|"B", seat_a (the seat playing A), spawn: [[x,y] A, [x,y] B],
//         doors: [[x,y] white, [x,y] black], found: [white, black], pos: [[x,y] A, [x,y] B],
//         eggs: [[[x,y]...] A, [...] B], turds: [[...] A, [...] B], score: [eggs A, eggs B],
//         turds_left: [A, B], moves_left: [A, B], sense: [hear white, feel white, hear black,
//         feel black] (the mover's readings), over, winner: "A"|"B"|"TIE", reason}
// events: {ply, mover, from: [x,y], to: [x,y]|null, fell: "white"|"black", blocked, fail: {seat,
//          reason, check}, sense}
const sideOfSeat = (f, s) => (s === f.seat_a ? 0 : 1);
const seatOfSide = (f, side) => (side === 0 ? f.seat_a : 1 - f.seat_a);

// --- the picture (Chicken P9) ----------------------------------------------------------------------
export const SIDE_COLORS = ['#ff9f1c', '#2ec4b6']; // A, B
export const LIGHT = '#eadcc2';
export const DARK = '#9a7b55';
const TURD = '#5b3a1e';
const CELL = 64;
const O = 24;
const SIZE = O + 8 * CELL + 6;
const VIEWS = ['spectator', "A's view", "B's view"];
// Chance (percent) to hear and to feel a door at distance (dx, dy), spec rule 10.
function chances(dx, dy) {
  if (dx + dy === 1) return [50, 30];
  if (dx === 1 && dy === 1) return [25, 15];
  if ((dx === 2 && dy <= 1) || (dy === 2 && dx <= 1)) return [10, 0];
  return [0, 0];
}

export default {
  id: 'chicken',
  name: 'Chicken',
  speed: 2,
  colors: (header) => header.seats.map((_, s) => SIDE_COLORS[sideOfSeat(header.frame, s)]),
  create(view) {
    const ctx = sizeCanvas(view.canvas, SIZE, SIZE);
    let mode = 0; // index into VIEWS
    const moves = Number(view.header.options && view.header.options.moves) || 40;
    const bank = view.header.clock && view.header.clock.bank_ms;
    const sideName = (f, side) => `${'AB'[side]} (${view.seatName(seatOfSide(f, side))})`;
    const has = (list, x, y) => list.some(([a, b]) => a === x && b === y);

    function locate(x, y) { return { x: O + x * CELL, y: O + y * CELL, w: CELL, h: CELL }; }

    function draw(pos) {
      const f = view.replay.frame(pos);
      const t = view.replay.turn(pos);
      ctx.fillStyle = '#0b0d12';
      ctx.fillRect(0, 0, SIZE, SIZE);
      ctx.font = '12px sans-serif';
      for (let k = 0; k < 8; k++) {
        centerText(ctx, String(k), O + k * CELL, 0, CELL, O, '#8a91a0', '12px sans-serif');
        centerText(ctx, String(k), 0, O + k * CELL, O, CELL, '#8a91a0', '12px sans-serif');
      }
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const r = locate(x, y);
          ctx.fillStyle = (x + y) % 2 === 0 ? LIGHT : DARK;
          ctx.fillRect(r.x, r.y, r.w, r.h);
          // a chicken on its own egg or turd shows the item as the square's colour
          for (let side = 0; side < 2; side++) {
            const [px, py] = f.pos[side];
            if (px !== x || py !== y) continue;
            if (has(f.eggs[side], x, y)) { ctx.fillStyle = SIDE_COLORS[side] + '99'; ctx.fillRect(r.x, r.y, r.w, r.h); }
            if (has(f.turds[side], x, y)) { ctx.fillStyle = TURD; ctx.fillRect(r.x, r.y, r.w, r.h); }
          }
        }
      }
      // trapdoors: found ones for everybody, hidden ones only for the spectator
      f.doors.forEach(([x, y], d) => {
        const r = locate(x, y);
        if (f.found[d]) {
          ctx.fillStyle = '#111';
          ctx.fillRect(r.x + 6, r.y + 6, r.w - 12, r.h - 12);
          centerText(ctx, 'T', r.x, r.y, r.w, r.h, '#ff5050', 'bold 28px sans-serif');
        } else if (mode === 0) {
          centerText(ctx, 't', r.x, r.y, r.w, r.h, 'rgba(0,0,0,0.35)', '26px sans-serif');
        }
      });
      for (let side = 0; side < 2; side++) {
        for (const [x, y] of f.eggs[side]) {
          if (f.pos[side][0] === x && f.pos[side][1] === y) continue;
          const r = locate(x, y);
          ctx.fillStyle = SIDE_COLORS[side];
          ctx.strokeStyle = '#000';
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.ellipse(r.x + CELL / 2, r.y + CELL / 2, CELL * 0.2, CELL * 0.27, 0, 0, 2 * Math.PI);
          ctx.fill();
          ctx.stroke();
        }
        for (const [x, y] of f.turds[side]) {
          if (f.pos[side][0] === x && f.pos[side][1] === y) continue;
          const r = locate(x, y);
          ctx.fillStyle = TURD;
          ctx.fillRect(r.x + CELL * 0.25, r.y + CELL * 0.25, CELL * 0.5, CELL * 0.5);
          ctx.strokeStyle = SIDE_COLORS[side];
          ctx.lineWidth = 3;
          ctx.strokeRect(r.x + CELL * 0.25, r.y + CELL * 0.25, CELL * 0.5, CELL * 0.5);
        }
      }
      // the last ply: where the mover came from; a fall is marked where it happened
      if (t && t.events && t.events.from) {
        const side = t.events.mover === 'A' ? 0 : 1;
        const [fx, fy] = t.events.from;
        const r = locate(fx, fy);
        ctx.strokeStyle = SIDE_COLORS[side];
        ctx.setLineDash([5, 4]);
        ctx.lineWidth = 2;
        ctx.strokeRect(r.x + 3, r.y + 3, r.w - 6, r.h - 6);
        ctx.setLineDash([]);
        if (t.events.fell && t.events.to) {
          const q = locate(t.events.to[0], t.events.to[1]);
          ctx.strokeStyle = '#ff2020';
          ctx.lineWidth = 4;
          ctx.strokeRect(q.x + 2, q.y + 2, q.w - 4, q.h - 4);
        }
      }
      for (let side = 0; side < 2; side++) {
        const r = locate(f.pos[side][0], f.pos[side][1]);
        ctx.fillStyle = SIDE_COLORS[side];
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(r.x + CELL / 2, r.y + CELL / 2, CELL * 0.34, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        centerText(ctx, side === 0 ? '@' : '%', r.x, r.y, r.w, r.h, '#000', 'bold 26px sans-serif');
      }
    }

    function readings(f) {
      const [hw, fw, hb, fb] = f.sense;
      const parts = [];
      if (hw) parts.push('hears white'); if (fw) parts.push('feels white');
      if (hb) parts.push('hears black'); if (fb) parts.push('feels black');
      return parts.length ? parts.join(', ') : 'nothing';
    }

    function info(pos) {
      const f = view.replay.frame(pos);
      const t = view.replay.turn(pos);
      const ms = view.replay.thinkMs(pos);
      const lines = [];
      lines.push(f.over ? `--- GAME OVER after ply ${f.ply}` : `--- TURN ${f.ply + 1}: ${f.mover} to play`);
      for (let side = 0; side < 2; side++) {
        const s = seatOfSide(f, side);
        const b = bank ? `  bank ${((bank - ms[s]) / 1000).toFixed(1)} s` : '';
        lines.push(`${'AB'[side]} ${side === 0 ? '@' : '%'} ${view.seatName(s)}${b}`);
      }
      lines.push(`eggs A:${f.score[0]} B:${f.score[1]}   turds left A:${f.turds_left[0]} B:${f.turds_left[1]}   ` +
        `moves left A:${f.moves_left[0]} B:${f.moves_left[1]}`);
      if (t && t.events) {
        const e = t.events;
        const seatEntry = (t.seats || [])[0];
        const think = seatEntry && typeof seatEntry.ms === 'number' ? `, ${seatEntry.ms} ms` : '';
        if (e.from) {
          lines.push(`last ply ${e.ply}: ${e.mover} (${e.from[0]},${e.from[1]}) -> ${e.to ? `(${e.to[0]},${e.to[1]})` : '-'}` +
            `${seatEntry && Array.isArray(seatEntry.action) ? ` ${['UP', 'RIGHT', 'DOWN', 'LEFT'][seatEntry.action[0]]} ${['PLAIN', 'EGG', 'TURD'][seatEntry.action[1]]}` : ''}${think}`);
        }
        if (e.fell) lines.push(`${e.mover} falls through the ${e.fell} trapdoor: +4 eggs for the other side, back to spawn`);
        if (e.blocked) lines.push(`${e.mover} blocks the other side: +5 eggs`);
        if (e.fail) lines.push(`FAILED: ${view.seatName(e.fail.seat)} ${e.fail.reason}${e.fail.check ? ` (${e.fail.check})` : ''}`);
      }
      const moverSide = f.mover === 'A' ? 0 : 1;
      if (!f.over && (mode === 0 || mode - 1 === moverSide)) {
        lines.push(`${f.mover} senses: ${readings(f)}`);
        if (mode === 0) {
          const [x, y] = f.pos[moverSide];
          const w = chances(Math.abs(x - f.doors[0][0]), Math.abs(y - f.doors[0][1]));
          const b = chances(Math.abs(x - f.doors[1][0]), Math.abs(y - f.doors[1][1]));
          lines.push(`at (${x},${y}): white door hear ${w[0]}% feel ${w[1]}%, black door hear ${b[0]}% feel ${b[1]}%`);
        }
      }
      if (f.over) {
        if (f.winner === 'TIE') lines.push(`TIE by ${f.reason} ${f.score[0]}-${f.score[1]}`);
        else {
          const w = f.winner === 'A' ? 0 : 1;
          lines.push(`${'AB'[w]} (${view.seatName(seatOfSide(f, w))}) wins by ${f.reason} ${f.score[w]}-${f.score[1 - w]}`);
        }
      }
      lines.push('', `view: ${VIEWS[mode]} (v)`);
      return lines.join('\n');
    }

    return {
      locate,
      draw,
      info,
      label: (pos) => `ply ${view.replay.frame(pos).ply} / ${2 * moves}`,
      scores(pos) {
        const f = view.replay.frame(pos);
        return view.header.seats.map((_, s) => `${f.score[sideOfSeat(f, s)]} eggs`);
      },
      marks(pos) {
        const t = view.replay.turn(pos);
        if (!t || !t.events || !t.events.fell) return null;
        return [{ color: '#4da3ff', text: `${t.events.mover} falls through the ${t.events.fell} trapdoor` }];
      },
      keys: [['v', 'cycle the view: spectator, A\'s view, B\'s view']],
      key(k) { if (k === 'v') { mode = (mode + 1) % 3; return true; } return false; },
      hover(px, py, pos) {
        const x = Math.floor((px - O) / CELL);
        const y = Math.floor((py - O) / CELL);
        if (x < 0 || y < 0 || x > 7 || y > 7) return null;
        const f = view.replay.frame(pos);
        const out = [`(${x}, ${y}) ${(x + y) % 2 === 0 ? 'white' : 'black'} square`];
        for (let side = 0; side < 2; side++) {
          if (f.pos[side][0] === x && f.pos[side][1] === y) out.push(`chicken ${sideName(f, side)}`);
          if (has(f.eggs[side], x, y)) out.push(`${'AB'[side]} egg`);
          if (has(f.turds[side], x, y)) out.push(`${'AB'[side]} turd`);
          if (f.spawn[side][0] === x && f.spawn[side][1] === y) out.push(`${'AB'[side]}'s spawn`);
        }
        f.doors.forEach(([dx, dy], d) => {
          if (dx === x && dy === y && (f.found[d] || mode === 0)) out.push(`${['white', 'black'][d]} trapdoor${f.found[d] ? ' (found)' : ' (hidden)'}`);
        });
        if (mode === 0) {
          const w = chances(Math.abs(x - f.doors[0][0]), Math.abs(y - f.doors[0][1]));
          const b = chances(Math.abs(x - f.doors[1][0]), Math.abs(y - f.doors[1][1]));
          out.push(`here: white door hear ${w[0]}% feel ${w[1]}%; black door hear ${b[0]}% feel ${b[1]}%`);
        }
        return out.join('\n');
      },
    };
  },
};
