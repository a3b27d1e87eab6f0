// util.js: small helpers shared by the viewer core and the game renderers.

// Seat colours for games without their own palette (distinct on a dark background).
export const SEAT_COLORS = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4',
  '#42d4f4', '#f032e6', '#bfef45', '#fabed4', '#469990'];

export function rgb(r, g, b) { return `rgb(${r},${g},${b})`; }

// '#rrggbb' -> [r, g, b]
export function hexRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function clamp(v, lo, hi) { return v < lo ? lo : v > hi ? hi : v; }

// Text for a verdict entry of a turn record ({seat, verdict, cause, ms, text, why}).
export function verdictText(v) {
  let s = v.verdict;
  if (v.cause) s += ` (${v.cause})`;
  if (typeof v.ms === 'number') s += `, ${v.ms} ms`;
  if (v.why) s += `: ${v.why}`;
  if (v.text !== undefined) s += `; received "${String(v.text).slice(0, 60)}"`;
  return s;
}

// Sets up a canvas of a CSS size, crisp on high-density screens; returns its 2D context, scaled so
// that drawing code works in CSS pixels.
export function sizeCanvas(canvas, w, h) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = w + 'px';
  canvas.style.height = h + 'px';
  const ctx = canvas.getContext('2d', { willReadFrequently: false });
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

// Draws text centred in a box.
export function centerText(ctx, text, x, y, w, h, color, font) {
  ctx.fillStyle = color;
  ctx.font = font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + w / 2, y + h / 2 + 1);
}
