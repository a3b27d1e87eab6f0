// chart.js: a rating's history as a plain SVG chart: the rating after each number of games, its 95%
// interval as a band, axes with a few round ticks.
import { el, fmtNum } from './dom.js';

// Round tick values covering [lo, hi], about n of them.
function ticks(lo, hi, n) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(+v.toFixed(10));
  return out;
}

// points: [{games, rating, lo, hi}] in order of games. Returns an <svg> (or a note when empty).
export function historyChart(points, { width = 640, height = 240, label = 'rating' } = {}) {
  const pts = points.filter((p) => Number.isFinite(p.rating));
  if (!pts.length) return el('p', { class: 'dim' }, 'No rated games yet.');
  const L = 48, R = 10, T = 10, B = 28;
  const gx = pts.map((p) => p.games);
  const ys = pts.flatMap((p) => [p.rating, p.lo, p.hi]).filter(Number.isFinite);
  let [x0, x1] = [Math.min(...gx), Math.max(...gx)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (x1 === x0) { x0 -= 1; x1 += 1; }
  if (y1 === y0) { y0 -= 1; y1 += 1; }
  const pad = (y1 - y0) * 0.05;
  y0 -= pad; y1 += pad;
  const X = (v) => L + ((v - x0) / (x1 - x0)) * (width - L - R);
  const Y = (v) => T + (1 - (v - y0) / (y1 - y0)) * (height - T - B);
  const line = (key) => pts.filter((p) => Number.isFinite(p[key])).map((p, i) => `${i ? 'L' : 'M'}${X(p.games).toFixed(1)},${Y(p[key]).toFixed(1)}`).join('');
  const banded = pts.filter((p) => Number.isFinite(p.lo) && Number.isFinite(p.hi));
  const band = banded.length ? banded.map((p, i) => `${i ? 'L' : 'M'}${X(p.games).toFixed(1)},${Y(p.hi).toFixed(1)}`).join('') +
    banded.slice().reverse().map((p) => `L${X(p.games).toFixed(1)},${Y(p.lo).toFixed(1)}`).join('') + 'Z' : '';
  const last = pts[pts.length - 1];
  return el('svg:svg', { class: 'chart', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img',
    'aria-label': `${label} over games played: ${fmtNum(last.rating)} after ${last.games} games` },
  ticks(y0, y1, 5).map((v) => [
    el('svg:line', { class: 'grid', x1: L, x2: width - R, y1: Y(v), y2: Y(v) }),
    el('svg:text', { class: 'tick', x: L - 6, y: Y(v) + 4, 'text-anchor': 'end' }, fmtNum(v))]),
  ticks(x0, x1, 8).filter(Number.isInteger).map((v) => el('svg:text', { class: 'tick', x: X(v), y: height - B + 16, 'text-anchor': 'middle' }, String(v))),
  el('svg:text', { class: 'tick', x: width - R, y: height - 2, 'text-anchor': 'end' }, 'games'),
  band ? el('svg:path', { class: 'band', d: band }) : null,
  el('svg:path', { class: 'line', d: line('rating') }),
  pts.map((p) => el('svg:circle', { class: 'dot', cx: X(p.games), cy: Y(p.rating), r: 2.5 },
    el('svg:title', {}, `${p.games} games: ${fmtNum(p.rating)}${Number.isFinite(p.lo) ? ` [${fmtNum(p.lo)}, ${fmtNum(p.hi)}]` : ''}`))));
}
