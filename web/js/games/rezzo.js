// games/rezzo.js: Rezzo: the world picture of docs/games/rezzo.md "Displays" (palette, flags in
// their owners' colours, each alive agent's cell, the triangle behind it and its home marker tinted
// in its colour), with zoom and pan on the torus, the followed agent's 13x13 view, the tick's
// actions and acks, the eliminations and the ranks. The state between keyframes comes from the
// recorded diffs (keyframes.js).
import { KeyframeCursor } from '../keyframes.js';
import { sizeCanvas, clamp } from '../util.js';

// --- the frame as recorded (docs/games/rezzo.md "Replays") ---------------------------------------
// keyframe: {tick, key: true, width, height, cells: "<W*H view letters>", damage: [[index, value]],
//            agents: [{id, alive, x, y, facing: "N"|"E"|"S"|"W", home: [x, y], eliminated_at, cause}]}
// diff frame: {tick, diff: "<for each changed cell in increasing index order: the gap since the
//            previous one as a little-endian base-64 varint (5 bits a character; characters from the
//            upper half of B64 continue the number), then the new view letter>",
//            damage: [[index, value]] (changed cells whose damage is not 0),
//            agents: [[x, y, facing 0..3] or null when eliminated]}
// events: {t, acts: [byte|null], multi: [seat id], acks: [0..4|null], elim: [{id, cause}]}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const FACINGS = 'NESW';
const isKey = (f) => f.key === true || typeof f.cells === 'string';
const maxTicks = (header) => Number(header.options && header.options.max_ticks) || 0;

// --- the picture (docs/games/rezzo.md "Displays") ---------------------------------------------------
export const PLAYER_RGB = [[255, 0, 0], [64, 64, 255], [0, 255, 0], [255, 127, 0], [255, 0, 255],
  [0, 255, 255], [163, 109, 122], [0, 102, 102], [102, 0, 102], [255, 255, 255]];
const ACTIONS = { 32: 'nop', 94: 'advance', 92: 'left', 47: 'right', 46: 'build', 33: 'hit' };
const ACKS = ['OK', 'NO_MESSAGE', 'INVALID_ACTION', 'INVALID_MESSAGE', 'MULTIPLE_MESSAGES'];
const ARROWS = '↑→↓←';
const FWD = [[0, -1], [1, 0], [0, 1], [-1, 0]];   // N E S W
const RIGHT = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const VIEW_PX = 640;
const FOLLOW_CELL = 14;

const hexOf = ([r, g, b]) => `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
const packRGB = (r, g, b) => (0xff000000 | (b << 16) | (g << 8) | r) >>> 0; // ImageData is RGBA in memory

// Palette colour of each view letter, and the owner (player id) of owned letters.
function letterTables(showPhotons) {
  const rgb = new Array(256).fill(null).map(() => [0, 0, 0]);
  const owner = new Uint8Array(256);
  rgb[46] = [127, 127, 127];                              // '.' conductor
  rgb[42] = [255, 255, 0];                                // '*' electron
  rgb[44] = [64, 64, 0];                                  // ',' electron tail
  rgb[126] = showPhotons ? [190, 120, 255] : [0, 0, 0];   // '~' photon: black in the original
  for (let p = 1; p <= 10; p++) {
    const a = 48 + p - 1; const f = 65 + p - 1; const g = 97 + p - 1; const b = 110 + p - 1;
    rgb[a] = [255, 255, 255]; rgb[g] = [255, 255, 255]; rgb[b] = [255, 255, 255];
    rgb[f] = PLAYER_RGB[p - 1];
    owner[a] = owner[f] = owner[g] = owner[b] = p;
  }
  const packed = new Uint32Array(256);
  for (let i = 0; i < 256; i++) packed[i] = packRGB(...rgb[i]);
  return { rgb, owner, packed };
}

export default {
  id: 'rezzo',
  name: 'Rezzo',
  speed: 60,
  colors: (header) => header.seats.map((_, i) => hexOf(PLAYER_RGB[i % 10])),
  create(view) {
    const f0 = view.replay.frame(0);
    const W = f0.width;
    const H = f0.height;
    const n = W * H;
    const nplayers = view.header.seats.length;
    const letters = new Uint8Array(n);
    const damage = new Uint8Array(n);
    let agents = [];   // {id, alive, x, y, facing (0..3), home: [x, y], eliminated_at, cause}
    let tables = letterTables(false);
    let showPhotons = false;
    let showLetters = false;
    let follow = 0;    // followed player id, 0 = none
    // the camera: world cell at the viewport's top-left, and the zoom (pixels per cell)
    let zoom = Math.max(1, Math.floor(VIEW_PX / Math.max(W, H)));
    if (VIEW_PX / Math.max(W, H) < 1) zoom = VIEW_PX / Math.max(W, H);
    const fitZoom = zoom;
    let camX = 0;
    let camY = 0;
    const ctx = sizeCanvas(view.canvas, VIEW_PX, VIEW_PX);
    const off = document.createElement('canvas');
    off.width = W;
    off.height = H;
    const offCtx = off.getContext('2d');
    const image = offCtx.createImageData(W, H);
    const pix = new Uint32Array(image.data.buffer);
    const flags = new Int32Array(11);
    // the follow view, beside the world
    const side = document.createElement('div');
    side.innerHTML = '<div class="rz-follow-title"></div>';
    const fcanvas = document.createElement('canvas');
    side.appendChild(fcanvas);
    view.panel.appendChild(side);
    const fctx = sizeCanvas(fcanvas, 13 * FOLLOW_CELL, 13 * FOLLOW_CELL);
    const ftitle = side.firstChild;

    function loadKey(f) {
      const cells = f.cells;
      for (let i = 0; i < n; i++) letters[i] = cells.charCodeAt(i);
      damage.fill(0);
      for (const [i, v] of f.damage || []) damage[i] = v;
      agents = f.agents.map((a) => ({ id: a.id, alive: a.alive !== false, x: a.x, y: a.y,
        facing: FACINGS.indexOf(a.facing), home: a.home, eliminated_at: a.eliminated_at, cause: a.cause }));
    }
    function applyDiff(f) {
      const d = f.diff || '';
      let idx = -1;
      let k = 0;
      while (k < d.length) {
        let gap = 0;
        let shift = 0;
        for (;;) {
          const v = B64.indexOf(d[k++]);
          if (v >= 32) { gap += (v - 32) * 2 ** shift; shift += 5; } else { gap += v * 2 ** shift; break; }
        }
        idx += gap + 1;
        letters[idx] = d.charCodeAt(k++);
        damage[idx] = 0; // listed cells have damage 0 unless "damage" says otherwise
      }
      for (const [i, v] of f.damage || []) damage[i] = v;
      (f.agents || []).forEach((a, s) => {
        const ag = agents[s];
        if (!ag) return;
        if (a === null) { ag.alive = false; return; }
        ag.alive = true; ag.x = a[0]; ag.y = a[1]; ag.facing = a[2];
      });
    }
    const cursor = new KeyframeCursor(view.replay, { isKey, load: loadKey, apply: applyDiff });

    // The original's picture at zoom 1 into `pix`: palette, then each alive agent's tints, in id order.
    function picture() {
      const packed = tables.packed;
      const owner = tables.owner;
      flags.fill(0);
      for (let i = 0; i < n; i++) {
        const c = letters[i];
        pix[i] = packed[c];
        if (c >= 65 && c <= 74) flags[owner[c]]++;
      }
      const tint = (x, y, rgb) => {
        const i = (((y % H) + H) % H) * W + (((x % W) + W) % W);
        const v = pix[i];
        const r = Math.floor((2 * rgb[0] + (v & 255)) / 3);
        const g = Math.floor((2 * rgb[1] + ((v >>> 8) & 255)) / 3);
        const b = Math.floor((2 * rgb[2] + ((v >>> 16) & 255)) / 3);
        pix[i] = packRGB(r, g, b);
      };
      for (const a of agents) {
        if (!a.alive) continue;
        const C = PLAYER_RGB[(a.id - 1) % 10];
        tint(a.x, a.y, C);
        const [fx, fy] = FWD[a.facing];
        const [rx, ry] = RIGHT[a.facing];
        for (let r = -1; r <= 1; r++) tint(a.x - fx + r * rx, a.y - fy + r * ry, C);
        for (let r = -2; r <= 2; r++) tint(a.x - 2 * fx + r * rx, a.y - 2 * fy + r * ry, C);
        const [hx, hy] = a.home;
        for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) tint(hx + dx, hy + dy, C);
      }
      offCtx.putImageData(image, 0, 0);
    }

    function followed() { return follow ? agents.find((a) => a.id === follow && a.alive) : null; }

    function draw(pos) {
      if (!cursor.seek(pos)) return;
      picture();
      const a = followed();
      if (a) { // keep the followed agent in the middle
        camX = a.x + 0.5 - VIEW_PX / zoom / 2;
        camY = a.y + 0.5 - VIEW_PX / zoom / 2;
      }
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, VIEW_PX, VIEW_PX);
      ctx.imageSmoothingEnabled = zoom < 1;
      // the torus: as many copies of the world as the viewport needs
      const wx = ((camX % W) + W) % W;
      const wy = ((camY % H) + H) % H;
      for (let oy = -wy * zoom; oy < VIEW_PX; oy += H * zoom) {
        for (let ox = -wx * zoom; ox < VIEW_PX; ox += W * zoom) ctx.drawImage(off, ox, oy, W * zoom, H * zoom);
      }
      if (showLetters && zoom >= 10) drawLetters(wx, wy);
      drawFollow();
    }

    function drawLetters(wx, wy) {
      ctx.font = `${Math.floor(zoom * 0.7)}px monospace`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const cells = Math.ceil(VIEW_PX / zoom) + 1;
      for (let j = 0; j < cells; j++) {
        for (let i = 0; i < cells; i++) {
          const x = (Math.floor(wx) + i) % W;
          const y = (Math.floor(wy) + j) % H;
          const c = letters[y * W + x];
          const px = (Math.floor(wx) + i - wx) * zoom;
          const py = (Math.floor(wy) + j - wy) * zoom;
          const dmg = damage[y * W + x];
          if (c !== 32) { ctx.fillStyle = '#000'; ctx.fillText(String.fromCharCode(c), px + zoom / 2, py + zoom / 2); }
          if (dmg) { ctx.fillStyle = '#f33'; ctx.fillText(String(dmg), px + zoom * 0.8, py + zoom * 0.25); }
        }
      }
    }

    // The followed agent's 13x13 view, forward at the top, as the agent receives it (Rezzo P2).
    function viewCell(a, r, k) {
      const [fx, fy] = FWD[a.facing];
      const [rx, ry] = RIGHT[a.facing];
      const ahead = 12 - r;
      const right = k - 6;
      const x = (((a.x + ahead * fx + right * rx) % W) + W) % W;
      const y = (((a.y + ahead * fy + right * ry) % H) + H) % H;
      return y * W + x;
    }
    function drawFollow() {
      const a = followed();
      side.style.display = a ? '' : 'none';
      if (!a) return;
      ftitle.textContent = `agent ${a.id} (${view.seatName(a.id - 1)}) sees (f: next agent, w: whole world)`;
      for (let r = 0; r < 13; r++) {
        for (let k = 0; k < 13; k++) {
          const i = viewCell(a, r, k);
          const c = letters[i];
          const o = tables.owner[c];
          const rgb = o ? PLAYER_RGB[(o - 1) % 10] : tables.rgb[c];
          fctx.fillStyle = `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;
          fctx.fillRect(k * FOLLOW_CELL, r * FOLLOW_CELL, FOLLOW_CELL, FOLLOW_CELL);
          if (showLetters) {
            fctx.fillStyle = o ? '#000' : '#fff';
            fctx.font = '10px monospace';
            fctx.textAlign = 'center';
            fctx.textBaseline = 'middle';
            const label = damage[i] ? String(damage[i]) : String.fromCharCode(c);
            fctx.fillText(label, k * FOLLOW_CELL + 7, r * FOLLOW_CELL + 7);
          }
        }
      }
    }

    function info(pos) {
      cursor.seek(pos);
      const t = view.replay.turn(pos);
      const e = t && t.events ? t.events : null;
      const lines = [];
      for (let s = 0; s < nplayers; s++) {
        const a = agents[s];
        if (!a) continue;
        const act = e && e.acts ? e.acts[s] : null;
        const ack = e && e.acks ? e.acks[s] : null;
        const st = a.alive ? `${ARROWS[a.facing]} (${a.x},${a.y})` : `out${a.eliminated_at !== undefined ? ` at tick ${a.eliminated_at}` : ''}${a.cause ? ` (${a.cause})` : ''}`;
        lines.push(`${String(a.id).padStart(2)} ${view.seatName(s).padEnd(12).slice(0, 12)} ${st.padEnd(16)} ` +
          `flags ${String(flags[a.id] || 0).padStart(4)}  ${act === null || act === undefined ? '-' : ACTIONS[act] || `byte ${act}`}` +
          `${ack === null || ack === undefined ? '' : ` -> ${ACKS[ack] || ack}`}`);
      }
      if (e && e.elim && e.elim.length) for (const x of e.elim) lines.push(`player ${x.id} is eliminated (${x.cause})`);
      if (pos === view.replay.length && view.replay.result) {
        const r = view.replay.result;
        lines.push('', 'ranks: ' + r.ranks.map((rk, s) => `${s + 1}:${rk}`).join('  '));
      }
      lines.push('', `zoom ${zoom < 1 ? zoom.toFixed(2) : zoom}  ${follow ? `following ${follow}` : 'whole world'}`);
      return lines.join('\n');
    }

    function zoomAt(px, py, factor) {
      const nz = clamp(zoom * factor, Math.min(fitZoom, 1), 32);
      if (nz === zoom) return false;
      const wxp = camX + px / zoom;
      const wyp = camY + py / zoom;
      zoom = nz;
      camX = wxp - px / zoom;
      camY = wyp - py / zoom;
      return true;
    }

    return {
      locate(x, y) { // CSS pixels of world cell (x, y) with the camera as it is
        const wx = ((camX % W) + W) % W;
        const wy = ((camY % H) + H) % H;
        return { x: (((x - wx) % W) + W) % W * zoom, y: (((y - wy) % H) + H) % H * zoom, w: zoom, h: zoom };
      },
      draw,
      info,
      label: (pos) => {
        const f = view.replay.frame(pos);
        const m = maxTicks(view.header);
        return `tick ${f.tick}${m ? ` / ${m}` : ''}`;
      },
      scores(pos) {
        cursor.seek(pos);
        const final = pos === view.replay.length && view.replay.result;
        return agents.map((a, s) => (final ? view.replay.result.scores[s] : a.alive ? `${flags[a.id] || 0} flags` : 'out'));
      },
      keys: [['z  x', 'zoom in / out (or the mouse wheel)'], ['h j k l', 'pan (or drag)'], ['r', 'whole world, fitted'],
        ['f', 'follow the next agent'], ['1..9', 'follow agent N'], ['w', 'stop following'],
        ['t', 'letters and damage on the cells (zoomed in) and in the agent view'], ['o', 'show photons']],
      key(k) {
        const step = Math.max(1, Math.round(32 / zoom));
        if (k === 'z') return zoomAt(VIEW_PX / 2, VIEW_PX / 2, 2);
        if (k === 'x') return zoomAt(VIEW_PX / 2, VIEW_PX / 2, 0.5);
        if (k === 'h') { camX -= step; follow = 0; return true; }
        if (k === 'l') { camX += step; follow = 0; return true; }
        if (k === 'k') { camY -= step; follow = 0; return true; }
        if (k === 'j') { camY += step; follow = 0; return true; }
        if (k === 'r') { zoom = fitZoom; camX = 0; camY = 0; follow = 0; return true; }
        if (k === 'w') { follow = 0; return true; }
        if (k === 't') { showLetters = !showLetters; return true; }
        if (k === 'o') { showPhotons = !showPhotons; tables = letterTables(showPhotons); return true; }
        if (k === 'f') {
          const alive = agents.filter((a) => a.alive).map((a) => a.id);
          if (!alive.length) return false;
          follow = alive.find((id) => id > follow) || alive[0];
          if (zoom < 4) zoom = 4;
          return true;
        }
        if (/^[1-9]$/.test(k) && Number(k) <= nplayers) { follow = Number(k); if (zoom < 4) zoom = 4; return true; }
        return false;
      },
      wheel(px, py, dy) { return zoomAt(px, py, dy < 0 ? 2 : 0.5); },
      drag(dx, dy) { camX -= dx / zoom; camY -= dy / zoom; follow = 0; return true; },
      hover(px, py, pos) {
        cursor.seek(pos);
        const x = ((Math.floor(camX + px / zoom) % W) + W) % W;
        const y = ((Math.floor(camY + py / zoom) % H) + H) % H;
        const c = letters[y * W + x];
        const o = tables.owner[c];
        const names = { 32: 'blank', 46: 'conductor', 42: 'electron', 44: 'electron tail', 126: 'photon' };
        let what = names[c];
        if (!what) {
          const kind = c <= 57 ? 'agent' : c <= 74 ? 'flag' : c <= 106 ? 'flag geyser' : 'base';
          what = `${kind} of player ${o} (${view.seatName(o - 1)})`;
        }
        const d = damage[y * W + x];
        return `(${x}, ${y}) ${what}${d ? `, damage ${d}` : ''}`;
      },
      // for tests: the state the picture is drawn from, and the picture at zoom 1 (RGBA words)
      state(pos) { cursor.seek(pos); return { letters, damage, agents }; },
      picture(pos) { cursor.seek(pos); picture(); return { W, H, pix }; },
      destroy() { side.remove(); },
    };
  },
};
