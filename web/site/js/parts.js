// parts.js: pieces several pages share: the log-in and team guards, polling, the games table, the
// rating interval bar.
import { api, post } from './api.js';
import { el, fill, fmtDuration, fmtNum, link, msgBox, parseTime, say, table, teamLink, time } from './dom.js';

// True when someone is logged in; otherwise the page says how to log in and returns false.
export function needUser(ctx, what) {
  if (ctx.me.user) return true;
  const next = encodeURIComponent(location.pathname + location.search);
  fill(ctx.main, el('h1', {}, what),
    el('p', {}, el('a', { href: '/login?next=' + next }, 'Log in'), ' or ', el('a', { href: '/register' }, 'register'),
      ' to see this page.'));
  return false;
}

// True when the caller is in a team; otherwise the page says how to get one.
export function needTeam(ctx, what) {
  if (!needUser(ctx, what)) return false;
  if (ctx.me.user.team) return true;
  fill(ctx.main, el('h1', {}, what),
    el('p', {}, 'You are not in a team yet: ', el('a', { href: '/team' }, 'create one or join one'), ' first.'));
  return false;
}

// Calls fn now and then every ms milliseconds while it returns true (and the page is shown); a
// failure is shown in box and retried, except a 401 (the user's session ended: api.js says so in
// words, and asking again would only say it again).
export function every(ms, fn, box) {
  let timer = null;
  const tick = async () => {
    timer = null;
    let again = true;
    try {
      again = await fn();
      if (box && box.dataset.polling) say(box, '');
    } catch (e) {
      if (box) { say(box, e.message); box.dataset.polling = '1'; }
      if (e.status === 401) again = false;
    }
    if (again) timer = setTimeout(tick, document.hidden ? ms * 4 : ms);
  };
  tick();
  return () => { if (timer) clearTimeout(timer); timer = null; };
}

// Every team, page after page of GET /api/teams.
export async function allTeams() {
  const teams = [];
  let after = null;
  do {
    const r = await api('/api/teams' + (after ? `?after=${after}` : ''));
    teams.push(...r.teams);
    after = r.next;
  } while (after);
  return teams;
}

// One seat of a game: its team (linked) or reference bot, score and rank.
function seat(s) {
  const who = s.team ? teamLink({ id: s.team, name: s.name }) : el('span', { class: 'ref' }, s.name || 'reference');
  const res = s.rank !== null && s.rank !== undefined ? el('span', { class: 'score' + (s.rank === 1 ? ' first' : '') },
    ` ${fmtNum(s.score)}`, s.rank === 1 ? ' ★' : '') : null;
  const bad = s.verdicts ? Object.entries(s.verdicts).filter(([, n]) => n > 0).map(([k, n]) => `${k}×${n}`) : [];
  return el('span', { class: 'seat' }, who, res, bad.length ? el('span', { class: 'verdicts' }, ` (${bad.join(', ')})`) : null);
}

export function seats(game) {
  const out = [];
  (game.seats || []).forEach((s, i) => { if (i) out.push(el('span', { class: 'vs' }, ' vs ')); out.push(seat(s)); });
  return out;
}

// The index of the caller's team's seat in a game, or -1.
export function mySeat(game, me) {
  const t = me.user && me.user.team;
  return t ? (game.seats || []).findIndex((s) => s.team === t) : -1;
}

export function gameState(g) {
  const label = { queued: 'queued', leased: 'playing', done: 'done', failed: 'failed', cancelled: 'cancelled' }[g.state] || g.state;
  return el('span', { class: 'st st-' + g.state, title: g.error || null }, label, g.error ? ` (${g.error})` : '');
}

// The links of one game: watch (not on its own watch page: watching), download the replay, one's own
// stderr; for organizers, play again.
export function gameLinks(g, me, onChange, watching = false) {
  const out = [];
  if (g.replay) out.push(watching ? null : [el('a', { href: link.game(g.id) }, 'watch'), ' '], el('a', { href: link.replay(g.id, true), download: true }, 'replay'));
  const s = mySeat(g, me);
  if (s >= 0 && (g.state === 'done' || g.state === 'failed')) out.push(' ', el('a', { href: `/api/games/${g.id}/stderr?seat=${s}` }, 'stderr'));
  if (me.user && me.user.organizer && (g.state === 'failed' || g.state === 'cancelled')) {
    const box = msgBox();
    out.push(' ', el('button', { type: 'button', on: { click: async (e) => {
      e.target.disabled = true;
      try { await post(`/api/organizer/games/${g.id}/requeue`); if (onChange) onChange(); } catch (err) { say(box, err.message); e.target.disabled = false; }
    } } }, 'play again'), box);
  }
  return out;
}

const KIND = { validation: 'validation', scrimmage: 'scrimmage', ladder: 'ladder', final: 'final' };

// A table of games (newest first). Its columns' classes let a phone show each row as a card with
// who played on top (site.css), where the table would have put them past the screen's edge.
export function gamesTable(games, me, onChange) {
  return table(['#game', 'kind', 'state', 'time', 'seats', '#turns', ''], games.map((g) => [
    el('a', { href: link.game(g.id) }, String(g.id)),
    [KIND[g.kind] || g.kind, g.kind === 'scrimmage' ? (g.ranked ? ' (ranked)' : ' (unranked)') : ''],
    gameState(g), g.finished ? time(g.finished) : time(g.created), seats(g), g.turns ?? '', gameLinks(g, me, onChange),
  ]), { empty: 'No games yet.', class: 'games', labels: false, cols: ['game', 'kind', 'state', 'time', 'who', 'turns', 'links'] });
}

// A rating's 95% interval as a bar on the scale [min, max].
export function intervalBar(row, min, max) {
  const W = 120, H = 12;
  const x = (v) => (max > min ? ((v - min) / (max - min)) * (W - 2) + 1 : W / 2);
  if (row.lo === null || row.hi === null || row.lo === undefined) return null;
  return el('svg:svg', { width: W, height: H, viewBox: `0 0 ${W} ${H}`, class: 'ibar', role: 'img',
    'aria-label': `95% interval ${fmtNum(row.lo)} to ${fmtNum(row.hi)}` },
  el('svg:line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'axis' }),
  el('svg:rect', { x: x(row.lo), y: 2, width: Math.max(1, x(row.hi) - x(row.lo)), height: H - 4, class: 'band' }),
  el('svg:rect', { x: x(row.rating) - 1, y: 0, width: 2, height: H, class: 'mark' }));
}

// The competition's state in one line: the deadline and its countdown, or the freeze.
export function stateLine(comp) {
  const parts = [];
  if (comp.frozen) parts.push(el('span', { class: 'badge frozen' }, 'frozen'), ' Submissions are closed',
    comp.deadline ? [' since ', time(comp.deadline)] : null, '.');
  else if (comp.deadline) {
    const d = parseTime(comp.deadline);
    const left = d ? (d - Date.now()) / 1000 : null;
    parts.push('Deadline ', time(comp.deadline), left !== null && left > 0 ? ` (in ${fmtDuration(left)})` : '', '.');
  } else parts.push('No deadline set.');
  return el('span', { class: 'state' }, parts);
}

