// serve_lib.mjs: what the browser tests of `arena serve` share: a real server on a free loopback port
// with its own store and real local workers, browser contexts for its users (one cookie jar each),
// the pages' own forms to register and log in, bot archives made from tests/bots, and a guard that
// fails a page where a script other than the site's ran or an error was thrown.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ARENA, CHROMIUM, CHROMIUM_ARGS, ROOT } from './lib.mjs';

// Starts `arena serve` in dir; resolves to {base, password (the admin's), stop(), log()}.
// extra: more arguments (e.g. ['--demo']).
export async function startServer(dir, { game = 'chicken', jobs = 1, config = {}, extra = [] } = {}) {
  const cfg = path.join(dir, 'config.json');
  fs.writeFileSync(cfg, JSON.stringify(config));
  const db = path.join(dir, 'site.db');
  const logPath = path.join(dir, 'server.log');
  const log = fs.openSync(logPath, 'a');
  const proc = spawn(ARENA, ['serve', '--game', game, '--db', db, '--listen', '127.0.0.1:0', '--jobs', String(jobs), '--config', cfg, ...extra],
    { cwd: dir, stdio: ['ignore', log, log], detached: true });
  const readLog = () => fs.readFileSync(logPath, 'utf8');
  const deadline = Date.now() + 60000;
  let port = null;
  while (!port) {
    const m = /on http:\/\/127\.0\.0\.1:(\d+)\//.exec(readLog());
    if (m) port = Number(m[1]);
    else if (proc.exitCode !== null) throw new Error(`arena serve exited (${proc.exitCode}):\n${readLog().slice(-2000)}`);
    else if (Date.now() > deadline) throw new Error(`arena serve did not start:\n${readLog().slice(-2000)}`);
    else await new Promise((r) => setTimeout(r, 50));
  }
  const password = fs.readFileSync(db + '.data/admin-password.txt', 'utf8').trim();
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const t = setTimeout(() => { try { process.kill(-proc.pid, 'SIGKILL'); } catch (e) { /* already gone */ } }, 30000);
    await gone;
    clearTimeout(t);
    fs.closeSync(log);
  };
  return { base: `http://127.0.0.1:${port}`, password, stop, log: readLog };
}

// A browser of its own (the suite's shared context is one cookie jar; users here need one each).
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// A user's page: a fresh context (its own cookies); page.errors collects errors of the page's
// scripts, and window.__xss is the trap that markup in user data would spring.
export async function userPage(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base, acceptDownloads: true });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    // A 4xx/5xx reply the page expects (and shows) is logged by Chromium as a failed resource.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  page.on('dialog', (d) => (page.onDialog ? page.onDialog(d) : d.accept()));
  return page;
}

// Goes to a path and waits until the site's frame has drawn it.
export async function go(page, p) {
  await page.goto(p);
  await ready(page);
}

export function ready(page) {
  return page.waitForSelector('body[data-ready]', { timeout: 30000 });
}

export async function register(page, name, password, extra = {}) {
  await go(page, '/register');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', password);
  await page.fill('input[name=again]', password);
  if (extra.email) await page.fill('input[name=email]', extra.email);
  if (extra.invite) await page.fill('input[name=invite]', extra.invite);
  await Promise.all([page.waitForURL('**/team'), page.click('form button[type=submit]')]);
  await ready(page);
}

export async function login(page, name, password) {
  await go(page, '/login');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('form button[type=submit]')]);
  await ready(page);
}

// How a page sits on a narrow screen: wide, the pixels it scrolls sideways (0: none); scrolled, its
// tables that scroll sideways in their own box (their first words, with how many pixels are out of
// sight: a phone saw /submissions' buttons only by scrolling the table); crushed, the buttons,
// times, links and fields in it taller than three lines of their text (a column squeezed to a
// letter a line). fits(fit): none of the three.
export const fits = (fit) => fit.wide <= 0 && fit.scrolled.length === 0 && fit.crushed.length === 0;
export function phoneFit(page) {
  return page.evaluate(() => ({
    wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    scrolled: [...document.querySelectorAll('#page .table-wrap')].filter((w) => w.scrollWidth > w.clientWidth + 1)
      .map((w) => `${w.textContent.slice(0, 40)}: ${w.scrollWidth - w.clientWidth} px`),
    crushed: [...document.querySelectorAll('#page td button, #page td time, #page td a, #page input, #page select')]
      .filter((e) => e.getBoundingClientRect().height > 3 * parseFloat(getComputedStyle(e).fontSize))
      .map((e) => e.textContent || e.name) }));
}

// The visible text of the page's main part.
export const mainText = (page) => page.textContent('main#page');

// Polls fn (async, returns a value or null) until it gives something or timeoutMs passes.
export async function until(fn, timeoutMs, stepMs = 500) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) return null;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

// Zips the files of a folder as the course's students did (folder/agent.py, ...) with Python's
// zipfile; returns the archive's path.
export function zipFolder(folder, out, arcname = path.basename(folder)) {
  execFileSync('python3', ['-c', `import os, sys, zipfile
src, out, arc = sys.argv[1:4]
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    for n in sorted(os.listdir(src)):
        if n != '__pycache__':
            z.write(os.path.join(src, n), arc + '/' + n)`, folder, out, arcname]);
  return out;
}

export function tarFolder(folder, out, arcname = path.basename(folder)) {
  execFileSync('tar', ['-czf', out, '-C', path.dirname(folder), '--transform', `s,^${path.basename(folder)},${arcname},`,
    '--exclude', '__pycache__', path.basename(folder)]);
  return out;
}

// A copy of a test bot folder, so a test may change it.
export function copyBot(rel, dir, name) {
  const to = path.join(dir, name);
  fs.cpSync(path.join(ROOT, rel), to, { recursive: true, filter: (s) => !s.includes('__pycache__') });
  return to;
}

// Runs body({srv, users}) against a fresh server (options as startServer's) and a browser of its
// own; users('alice', 'bob') gives one page (one cookie jar) for each name. Afterwards every page
// must have had no script error; after a failure each page leaves a screenshot in dir.
export async function withSite(t, dir, opts, body) {
  const srv = await startServer(dir, opts);
  const browser = await launchBrowser();
  const pages = [];
  const users = async (...names) => {
    const out = [];
    for (const name of names) {
      const p = await userPage(browser, srv.base);
      p.label = name;
      pages.push(p);
      out.push(p);
    }
    return out;
  };
  try {
    await body({ srv, users });
    for (const p of pages) t.eq(p.errors, [], `no script error on ${p.label}'s pages`);
  } catch (e) {
    await shots(pages, dir);
    throw e;
  } finally {
    await browser.close();
    await srv.stop();
  }
}

// GET of an API path from inside a page (its cookies): the reply's JSON.
export function apiGet(page, p) {
  return page.evaluate((u) => fetch(u).then((r) => r.json()), p);
}

// After a failure: a screenshot of every page (kept with KEEP_TMP=1), named by its address.
export async function shots(pages, dir) {
  for (const [i, p] of pages.entries()) {
    try {
      await p.screenshot({ path: path.join(dir, `failed-${i}.png`), fullPage: true });
      console.log(`# page ${i}: ${p.url()} (failed-${i}.png)`);
    } catch (e) { /* a closed page has nothing to show */ }
  }
}
