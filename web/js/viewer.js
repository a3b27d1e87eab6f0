// viewer.js: the common part of the viewer: playback, controls, keys, the seat panel, the timeline
// with verdict markers, hover information. A game's renderer (games/*.js) draws the board.
import { SEAT_COLORS, clamp, verdictText } from './util.js';

const MARK_COLORS = { late: '#f0b429', invalid: '#d64bd6', down: '#ff4d4d', crash: '#b30000' };
const MIN_SPEED = 0.25;
const MAX_SPEED = 4096;

const CORE_KEYS = [
  ['space', 'play / pause'],
  ['→  n', 'next turn'],
  ['←  p', 'previous turn'],
  ['+  −', 'faster / slower (double / halve)'],
  ['Home  End', 'first / last turn'],
  ['g', 'go to a turn'],
  ['?', 'show / hide this help'],
];

export class Viewer {
  constructor(model, game, doc = document) {
    this.model = model;
    this.game = game;
    this.doc = doc;
    this.el = (id) => doc.getElementById(id);
    this.pos = 0;
    this.playing = false;
    this.speed = game.speed || 10;
    this.acc = 0;
    this.last = 0;
    this.rafPending = false;
    this.dirty = true;
    this.shownLength = -1;
    this.cache = {};
    this.stats = { firstDrawAt: null, loadedAt: null, frameTimes: [], drawMs: [] };
    const header = model.header;
    this.colors = (game.colors && game.colors(header)) || header.seats.map((_, i) => SEAT_COLORS[i % SEAT_COLORS.length]);
    this.el('panel').textContent = ''; // what the previous replay's renderer put there
    this.inst = game.create({
      canvas: this.el('board'),
      panel: this.el('panel'),
      replay: model,
      header,
      seatColor: (s) => this.colors[s] || '#888',
      seatName: (s) => (header.seats[s] ? header.seats[s].name : `seat ${s}`),
      redraw: () => this.invalidate(),
    });
    this.buildSeats();
    this.buildHelp();
    this.bind();
    this.el('subtitle').textContent = subtitle(model, game);
    this.updateSpeed();
    this.invalidate();
  }

  // --- positions -------------------------------------------------------------------------
  seek(p) {
    const np = clamp(Math.round(p), 0, this.model.length);
    if (np !== this.pos) { this.pos = np; this.invalidate(); }
  }
  step(d) { this.pause(); this.seek(this.pos + d); }
  play() {
    if (this.pos >= this.model.length && this.model.done) this.seek(0);
    this.playing = true;
    this.acc = 0;
    this.last = performance.now();
    this.el('play').textContent = '❚❚';
    this.invalidate();
  }
  pause() {
    this.playing = false;
    this.el('play').textContent = '▶';
  }
  toggle() { this.playing ? this.pause() : this.play(); }
  setSpeed(s) { this.speed = clamp(s, MIN_SPEED, MAX_SPEED); this.updateSpeed(); }
  updateSpeed() {
    const s = this.speed;
    this.el('speed').textContent = `${s < 1 ? s : Math.round(s)} turns/s`;
  }

  // Called while the file streams in and once at its end.
  loaded() {
    this.invalidate();
    if (this.model.done && this.stats.loadedAt === null) this.stats.loadedAt = performance.now();
  }

  invalidate() {
    this.dirty = true;
    if (!this.rafPending) {
      this.rafPending = true;
      requestAnimationFrame((t) => this.frame(t));
    }
  }

  frame(now) {
    this.rafPending = false;
    if (this.playing) {
      this.acc += ((now - this.last) * this.speed) / 1000;
      this.last = now;
      const steps = Math.floor(this.acc);
      if (steps > 0) {
        this.acc -= steps;
        const target = Math.min(this.pos + steps, this.model.length);
        if (target !== this.pos) { this.pos = target; this.dirty = true; }
        if (this.pos >= this.model.length && this.model.done) this.pause();
      }
    }
    if (this.dirty) {
      this.dirty = false;
      const t0 = performance.now();
      this.render();
      const t1 = performance.now();
      const st = this.stats;
      if (st.firstDrawAt === null) st.firstDrawAt = t1;
      if (this.playing) {
        st.frameTimes.push(now);
        st.drawMs.push(t1 - t0);
        if (st.frameTimes.length > 20000) { st.frameTimes.splice(0, 10000); st.drawMs.splice(0, 10000); }
      }
    }
    if (this.playing) {
      this.rafPending = true;
      requestAnimationFrame((t) => this.frame(t));
    }
  }

  // --- drawing -----------------------------------------------------------------------------
  render() {
    const m = this.model;
    const pos = this.pos;
    this.inst.draw(pos);
    this.text('turn', `turn ${pos} / ${m.length}${m.done ? '' : '…'}`);
    this.text('label', this.inst.label ? this.inst.label(pos) : '');
    this.renderSeats(pos);
    this.text('info', this.inst.info ? this.inst.info(pos) : '');
    const slider = this.el('slider');
    if (this.shownLength !== m.length || !this.timelineDone) {
      slider.max = String(m.length);
      this.el('goto').max = String(m.length);
      this.drawTimeline();
      this.shownLength = m.length;
      this.timelineDone = m.done;
    }
    if (slider.value !== String(pos)) slider.value = String(pos);
    this.text('loading', m.done ? '' : `loading… ${m.length} turns, ${(m.bytes / 1048576).toFixed(1)} MiB`);
    this.renderProblem();
  }

  text(id, s) {
    if (this.cache[id] === s) return;
    this.cache[id] = s;
    this.el(id).textContent = s;
  }

  buildSeats() {
    const body = this.el('seats').tBodies[0];
    body.textContent = '';
    this.seatCells = this.model.header.seats.map((seat, s) => {
      const tr = this.doc.createElement('tr');
      tr.innerHTML = '<td><span class="swatch"></span></td><td class="name"></td><td class="num score"></td>' +
        '<td class="status"></td><td class="num rank"></td>';
      tr.querySelector('.swatch').style.background = this.colors[s];
      const code = seat.code ? `${seat.code} ` : '';
      tr.querySelector('.name').textContent = `${code}${seat.name}`;
      tr.title = `seat ${s}: ${seat.spec || seat.name}`;
      body.appendChild(tr);
      return { tr, score: tr.querySelector('.score'), status: tr.querySelector('.status'), rank: tr.querySelector('.rank'), key: '' };
    });
  }

  renderSeats(pos) {
    const m = this.model;
    const scores = this.inst.scores ? this.inst.scores(pos) : [];
    const st = m.seatStatus(pos);
    const final = m.result && pos === m.length;
    this.seatCells.forEach((c, s) => {
      let status = 'ok';
      let cls = '';
      const x = st[s];
      if (x.out) { status = `${x.out.verdict.toUpperCase()} at turn ${x.out.turn}`; cls = `st-${x.out.verdict}`; }
      else if (x.invalid) { status = `invalid×${x.invalid}`; cls = 'st-invalid'; }
      else if (x.late) { status = `late×${x.late}`; cls = 'st-late'; }
      if (x.out && (x.late || x.invalid)) status += ` (late×${x.late}, invalid×${x.invalid})`;
      let score = scores[s];
      if (final && (score === undefined || score === null)) score = m.result.scores[s];
      const rank = final && m.result.ranks ? String(m.result.ranks[s]) : '';
      const key = `${score}|${status}|${cls}|${rank}`;
      if (key === c.key) return;
      c.key = key;
      c.score.textContent = score === undefined || score === null ? '' : String(score);
      c.status.textContent = status;
      c.status.className = `status ${cls}`;
      c.rank.textContent = rank;
    });
  }

  renderProblem() {
    const p = this.model.problem;
    const key = p ? `${p.kind}|${p.message}|${this.model.done}|${this.model.length}` : '';
    if (this.cache.problem === key) return;
    this.cache.problem = key;
    const b = this.el('banner');
    if (!p || !this.model.done) { b.hidden = true; return; }
    const n = this.model.length;
    b.hidden = false;
    if (p.kind === 'truncated') {
      b.className = 'warn';
      b.textContent = `This replay is truncated: ${p.message}. Showing the ${n} turn${n === 1 ? '' : 's'} it holds; there is no final result.`;
    } else {
      b.className = '';
      b.textContent = `This replay is damaged: ${p.message}. Showing the ${n} turn${n === 1 ? '' : 's'} before the damage.`;
    }
  }

  // Verdict markers (and the game's own markers) along the timeline.
  drawTimeline() {
    const cv = this.el('timeline');
    const w = cv.clientWidth || 600;
    const h = 18;
    const dpr = window.devicePixelRatio || 1;
    if (cv.width !== Math.round(w * dpr)) { cv.width = Math.round(w * dpr); cv.height = Math.round(h * dpr); }
    const ctx = cv.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#262a33';
    ctx.fillRect(0, 0, w, h);
    const n = Math.max(1, this.model.length);
    const x = (p) => Math.round(((p - 0.5) / n) * (w - 1));
    this.timelineMarks = this.allMarks();
    for (const mk of this.timelineMarks) {
      ctx.fillStyle = mk.color;
      const xx = x(mk.pos);
      ctx.fillRect(xx - 1, mk.row ? 10 : 1, 3, 7);
    }
  }

  allMarks() {
    const out = [];
    const names = this.model.header.seats.map((s) => s.name);
    for (const mk of this.model.marks) {
      const t = this.model.turns[mk.pos - 1].turn;
      out.push({ pos: mk.pos, row: 0, color: MARK_COLORS[mk.v.verdict] || '#fff',
        text: `turn ${t}: ${names[mk.seat] || 'seat ' + mk.seat} ${verdictText(mk.v)}` });
    }
    if (this.inst.marks) {
      const turns = this.model.turns;
      for (let p = 1; p <= turns.length; p++) {
        const gm = this.inst.marks(p);
        if (gm) for (const g of gm) out.push({ pos: p, row: 1, color: g.color, text: `turn ${turns[p - 1].turn}: ${g.text}` });
      }
    }
    return out;
  }

  timelineHover(ev) {
    const cv = this.el('timeline');
    const r = cv.getBoundingClientRect();
    const n = Math.max(1, this.model.length);
    const px = ev.clientX - r.left;
    const pos = Math.round((px / r.width) * n + 0.5);
    const near = (this.timelineMarks || []).filter((mk) => Math.abs(((mk.pos - 0.5) / n) * r.width - px) <= 4);
    const lines = near.slice(0, 8).map((mk) => mk.text);
    if (near.length > 8) lines.push(`… ${near.length - 8} more`);
    if (!lines.length) lines.push(`turn ${clamp(pos, 0, this.model.length)}`);
    this.tip(ev, lines.join('\n'));
    return clamp(pos, 0, this.model.length);
  }

  tip(ev, s) {
    const t = this.el('tip');
    if (!s) { t.hidden = true; return; }
    t.textContent = s;
    t.hidden = false;
    const x = Math.min(ev.clientX + 14, window.innerWidth - t.offsetWidth - 4);
    const y = Math.min(ev.clientY + 14, window.innerHeight - t.offsetHeight - 4);
    t.style.left = `${Math.max(0, x)}px`;
    t.style.top = `${Math.max(0, y)}px`;
  }

  buildHelp() {
    const rows = CORE_KEYS.concat(this.inst.keys || []);
    const tb = this.el('keys');
    tb.textContent = '';
    for (const [k, what] of rows) {
      const tr = this.doc.createElement('tr');
      tr.innerHTML = '<td></td><td></td>';
      tr.cells[0].textContent = k;
      tr.cells[1].textContent = what;
      tb.appendChild(tr);
    }
  }

  // --- input -------------------------------------------------------------------------------
  bind() {
    // Every listener goes with the viewer (another replay opened in the same page replaces it).
    this.abort = new AbortController();
    const signal = this.abort.signal;
    const on = (id, ev, f) => this.el(id).addEventListener(ev, f, { signal });
    on('play', 'click', () => this.toggle());
    on('back', 'click', () => this.step(-1));
    on('fwd', 'click', () => this.step(1));
    on('first', 'click', () => { this.pause(); this.seek(0); });
    on('last', 'click', () => { this.pause(); this.seek(this.model.length); });
    on('slower', 'click', () => this.setSpeed(this.speed / 2));
    on('faster', 'click', () => this.setSpeed(this.speed * 2));
    on('slider', 'input', (e) => { this.pause(); this.seek(Number(e.target.value)); });
    on('goto', 'change', (e) => { this.pause(); this.seek(Number(e.target.value)); });
    on('goto', 'keydown', (e) => { if (e.key === 'Enter' || e.key === 'Escape') { e.target.blur(); } });
    on('help-button', 'click', () => { this.el('help').hidden = !this.el('help').hidden; });
    const tl = this.el('timeline');
    tl.addEventListener('mousemove', (e) => this.timelineHover(e), { signal });
    tl.addEventListener('mouseleave', () => this.tip(null, ''), { signal });
    tl.addEventListener('click', (e) => { this.pause(); this.seek(this.timelineHover(e)); }, { signal });
    const board = this.el('board');
    board.addEventListener('mousemove', (e) => {
      const [x, y] = this.boardPoint(e);
      const s = this.inst.hover ? this.inst.hover(x, y, this.pos) : null;
      this.tip(e, s);
    }, { signal });
    board.addEventListener('mouseleave', () => this.tip(null, ''), { signal });
    if (this.inst.wheel) board.addEventListener('wheel', (e) => {
      const [x, y] = this.boardPoint(e);
      if (this.inst.wheel(x, y, e.deltaY)) { e.preventDefault(); this.invalidate(); }
    }, { passive: false, signal });
    if (this.inst.drag) {
      let from = null;
      board.addEventListener('mousedown', (e) => { from = [e.clientX, e.clientY]; }, { signal });
      window.addEventListener('mouseup', () => { from = null; }, { signal });
      window.addEventListener('mousemove', (e) => {
        if (!from) return;
        const k = this.boardScale();
        const dx = (e.clientX - from[0]) * k;
        const dy = (e.clientY - from[1]) * k;
        from = [e.clientX, e.clientY];
        if (this.inst.drag(dx, dy)) this.invalidate();
      }, { signal });
    }
    this.doc.addEventListener('keydown', (e) => this.key(e), { signal });
    window.addEventListener('resize', () => { this.shownLength = -1; this.invalidate(); }, { signal });
  }

  // The board's drawing size (CSS pixels, as the renderer set it) over its shown size: 1, or more
  // when a narrow screen shrinks the board (viewer.css).
  boardScale() {
    const b = this.el('board');
    const shown = b.getBoundingClientRect().width;
    const drawn = parseFloat(b.style.width) || shown;
    return shown > 0 ? drawn / shown : 1;
  }

  // A pointer event's place on the board, in the renderer's own CSS pixels.
  boardPoint(e) {
    const r = this.el('board').getBoundingClientRect();
    const k = this.boardScale();
    return [(e.clientX - r.left) * k, (e.clientY - r.top) * k];
  }

  key(e) {
    if (e.target && (e.target.tagName === 'INPUT' && e.target.type !== 'range')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    // Space on a focused "open replay…" presses it (opens the chooser), not play / pause.
    if (k === ' ' && e.target && e.target.id === 'open') return;
    let done = true;
    if (k === ' ') this.toggle();
    else if (k === 'ArrowRight' || k === 'n') this.step(1);
    else if (k === 'ArrowLeft' || k === 'p') this.step(-1);
    else if (k === '+' || k === '=') this.setSpeed(this.speed * 2);
    else if (k === '-' || k === '_') this.setSpeed(this.speed / 2);
    else if (k === 'Home') { this.pause(); this.seek(0); }
    else if (k === 'End') { this.pause(); this.seek(this.model.length); }
    else if (k === 'g') { const g = this.el('goto'); g.value = String(this.pos); g.focus(); g.select(); }
    else if (k === '?') this.el('help').hidden = !this.el('help').hidden;
    else if (this.inst.key && this.inst.key(k)) this.invalidate();
    else done = false;
    if (done) e.preventDefault();
  }

  destroy() {
    this.pause();
    this.abort.abort();
    if (this.inst.destroy) this.inst.destroy();
  }
}

function subtitle(model, game) {
  const h = model.header;
  const names = h.seats.map((s) => s.name).join(' · ');
  return `${game.name || h.game} · seed ${h.seed} · ${names} · ${model.name}`;
}
