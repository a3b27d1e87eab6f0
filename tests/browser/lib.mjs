// lib.mjs: what the browser tests share: a headless Chromium (Debian's, through playwright-core),
// replays made with bin/arena, pages written by `arena view`, and TAP-style result lines.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const ARENA = path.resolve(ROOT, process.env.ARENA || 'bin/arena');
// The binary that plays the games (a branch's build can stand in for a game not in this one).
export const ARENA_PLAY = path.resolve(ROOT, process.env.ARENA_PLAY || process.env.ARENA || 'bin/arena');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A fresh profile directory for every run (launchPersistentContext passes it as --user-data-dir).
export async function launch(tmp) {
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1,
  });
}

export function tmpdir() { return fs.mkdtempSync(path.join(os.tmpdir(), 'arena-browser-')); }

export function run(bin, args, opts = {}) {
  return execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60000, ...opts });
}

// Games this build of arena knows (first word of each unindented line of `arena list`).
export function gamesIn(bin) {
  return run(bin, ['list']).split('\n').filter((l) => /^[a-z_]+\s/.test(l)).map((l) => l.split(/\s+/)[0]);
}

// Plays a game and returns {path, header, turns, result} of its replay.
export function play(dir, name, game, seats, extra = []) {
  const file = path.join(dir, `${name}.jsonl`);
  run(ARENA_PLAY, ['play', game, ...seats, '--display', 'none', '--replay', file, ...extra]);
  return readReplay(file);
}

export function readReplay(file) {
  const recs = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
  return { path: file, header: recs[0], turns: recs.filter((r) => r.type === 'turn'), result: recs.find((r) => r.type === 'result') };
}

// `arena view REPLAY -o HTML`; returns the page's path.
export function view(replay, html) {
  const out = html || replay.replace(/\.[^./]*$/, '') + '.html';
  run(ARENA, ['view', replay, '-o', out]);
  return out;
}

// Opens a page from disk and waits until the viewer has read the whole replay (or given up on it).
export async function open(ctx, htmlPath) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.errors = errors;
  await page.goto('file://' + htmlPath);
  await page.waitForFunction(() => ['ready', 'problem', 'error', 'empty'].includes(document.body.dataset.state), null, { timeout: 20000 });
  return page;
}

export const text = (page, id) => page.$eval('#' + id, (e) => e.textContent);

// The colour [r, g, b] of one pixel of the board canvas, in CSS pixels.
export function pixel(page, x, y) {
  return page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const k = c.width / c.clientWidth;
    const d = c.getContext('2d').getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [x, y]);
}

export async function seek(page, pos) {
  await page.$eval('#slider', (s, p) => { s.value = String(p); s.dispatchEvent(new Event('input', { bubbles: true })); }, pos);
  await page.waitForFunction((p) => window.arena.viewer.pos === p && !window.arena.viewer.dirty, pos);
}

// Waits until the picture for the current position is drawn.
export function drawn(page) {
  return page.waitForFunction(() => { const v = window.arena.viewer; return !v.dirty && (v.playing || !v.rafPending); });
}

export async function key(page, k, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(k);
  await drawn(page);
}

// Results: one "ok - name" / "not ok - name" line per check.
export class Tap {
  constructor(prefix) { this.prefix = prefix; this.failed = 0; this.passed = 0; }
  ok(cond, name, detail) {
    if (process.env.TIMING) { const now = Date.now(); console.log(`# +${now - (this.t || now)} ms`); this.t = now; }
    if (cond) { this.passed++; console.log(`ok - ${this.prefix}${name}`); }
    else {
      this.failed++;
      console.log(`not ok - ${this.prefix}${name}`);
      if (detail !== undefined) console.log(`#   ${String(typeof detail === 'string' ? detail : JSON.stringify(detail)).split('\n').join('\n#   ')}`);
    }
    return cond;
  }
  eq(got, want, name) {
    const g = JSON.stringify(got);
    const w = JSON.stringify(want);
    return this.ok(g === w, name, `got ${g}, want ${w}`);
  }
  // Runs a named step; an exception is a failure of that step, not of the whole run.
  async step(name, fn) {
    try { await fn(); } catch (e) { this.ok(false, name, e.stack || String(e)); }
  }
}

export function near(a, b, tol = 2) {
  return a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) <= tol);
}

export function hex(h) {
  const n = parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
