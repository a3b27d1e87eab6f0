// organizer.js: the organizers' pages, one tab each (?tab=, so back and reload keep it): settings,
// users, teams (and their submissions), the queue and the workers, announcements, the freeze and the
// final tournament.
import { api, post } from '../api.js';
import { el, fill, fmtDuration, link, msgBox, param, say, table, teamLink, time } from '../dom.js';
import { field, postForm } from '../forms.js';
import { allTeams, every, stateLine } from '../parts.js';

const TABS = [['settings', 'Settings'], ['users', 'Users'], ['teams', 'Teams'], ['queue', 'Queue'],
  ['announcements', 'Announcements'], ['final', 'Freeze and final']];

// A button that POSTs, then calls after(); a refusal is shown in box.
function action(label, url, body, box, after, question) {
  return el('button', { type: 'button', on: { click: async (e) => {
    if (question && !confirm(question)) return;
    e.target.disabled = true;
    try { const r = await post(url, body); await after(r); } catch (err) { say(box, err.message); }
    e.target.disabled = false;
  } } }, label);
}

// Every setting as a field: numbers, text, and JSON for lists and objects; only changed ones are sent.
async function settings(main) {
  const { settings: s, help } = await api('/api/organizer/settings');
  const kinds = {};
  const fields = Object.entries(s).map(([k, v]) => {
    kinds[k] = typeof v === 'number' ? 'number' : typeof v === 'string' ? 'text' : 'json';
    if (kinds[k] === 'json') return field(k, { name: k, type: 'textarea', rows: 2, value: JSON.stringify(v), spellcheck: 'false' }, help[k]);
    return field(k, { name: k, type: kinds[k] === 'number' ? 'number' : 'text', value: String(v), step: 'any' }, help[k]);
  });
  const form = postForm({
    fields, label: 'Save', url: '/api/organizer/settings', cls: 'stack settings',
    check: (v) => {
      for (const [k, kind] of Object.entries(kinds)) {
        if (kind !== 'json') continue;
        try { JSON.parse(v[k]); } catch (e) { return `${k}: not valid JSON (${e.message})`; }
      }
      return null;
    },
    body: (v) => {
      const out = {};
      for (const [k, kind] of Object.entries(kinds)) {
        const val = kind === 'number' ? Number(v[k]) : kind === 'json' ? JSON.parse(v[k]) : v[k];
        if (JSON.stringify(val) !== JSON.stringify(s[k])) out[k] = val;
      }
      return out;
    },
    done: (r, v, f, box) => { Object.assign(s, r.settings || {}); say(box, 'Saved.', 'ok'); },
  });
  fill(main, el('p', { class: 'dim' }, 'Only the settings you change are sent; a wrong value is refused with its name and nothing changes.'), form);
}

// Resetting a password: a form of its own (a password field, not a prompt() that shows what is
// typed and loses it when the server refuses it); a row's "reset password" chooses its user here.
function resetForm(users) {
  const form = postForm({
    fields: [field('User', { name: 'user', type: 'select', id: 'reset-user', options: users.map((u) => [String(u.id), u.name]) }),
      field('New password', { name: 'password', type: 'password', id: 'reset-password', autocomplete: 'new-password', required: true, minlength: 8 },
        'at least 8 characters; tell it to the user; their sessions end')],
    label: 'Reset the password', url: (v) => `/api/organizer/users/${Number(v.user)}/password`, body: (v) => ({ password: v.password }),
    cls: 'stack', done: (r, v, f, b) => {
      const u = users.find((x) => String(x.id) === v.user);
      f.querySelector('#reset-password').value = '';
      say(b, `${u ? u.name : 'The user'}'s password is reset.`, 'ok');
    },
  });
  form.id = 'reset';
  return form;
}

async function users(main, me) {
  const box = msgBox();
  const after = param('after');
  const [r, teamList] = await Promise.all([api('/api/organizer/users' + (after ? `?after=${Number(after)}` : '')), allTeams()]);
  const teamName = new Map(teamList.map((t) => [t.id, t.name]));
  const reload = () => location.reload();
  const others = r.users.filter((u) => u.id !== me.user.id);
  const reset = resetForm(others);
  fill(main, box, table(['#id', 'name', 'e-mail', 'team', 'role', 'state', 'since', ''], r.users.map((u) => [
    String(u.id), u.name, u.email || '', u.team ? teamLink({ id: u.team, name: teamName.get(u.team) || `team ${u.team}` }) : '–',
    u.organizer ? 'organizer' : 'participant', u.disabled ? 'disabled' : 'active', time(u.created),
    u.id === me.user.id ? el('span', { class: 'dim' }, 'you') : [
      action(u.disabled ? 'enable' : 'disable', `/api/organizer/users/${u.id}`, { disabled: !u.disabled, organizer: u.organizer }, box, reload,
        u.disabled ? null : `Disable ${u.name}'s account? They are logged out at once.`), ' ',
      action(u.organizer ? 'make participant' : 'make organizer', `/api/organizer/users/${u.id}`, { organizer: !u.organizer, disabled: u.disabled }, box, reload,
        u.organizer ? null : `Make ${u.name} an organizer? Organizers see and change everything.`), ' ',
      el('button', { type: 'button', on: { click: () => {
        reset.querySelector('#reset-user').value = String(u.id);
        reset.querySelector('#reset-password').focus();
      } } }, 'reset password')],
  ]), { empty: 'No user.' }),
  r.next ? el('p', {}, el('a', { href: `/organizer?tab=users&after=${r.next}` }, 'more users')) : null,
  others.length ? [el('h2', {}, 'Reset a password'), reset] : null);
}

async function teamSubs(t, box) {
  const out = el('div', { class: 'subs' });
  try {
    const r = await api(`/api/submissions?team=${t.id}`);
    fill(out, table(['#version', 'file', 'state', ''], (r.submissions || []).filter((s) => s.team === t.id).map((s) => [
      el('a', { href: link.submission(s.id) }, String(s.version)), s.filename || '', [s.state, s.active ? ' (active)' : '', s.disabled ? ' (disabled)' : ''],
      action(s.disabled ? 'enable' : 'disable', `/api/organizer/submissions/${s.id}/disable`, { disabled: !s.disabled }, box, () => location.reload())]),
    { empty: 'No submission.' }));
  } catch (e) {
    fill(out, el('span', { class: 'dim' }, e.message));
  }
  return out;
}

async function teams(main) {
  const box = msgBox();
  const all = await allTeams();
  const reload = () => location.reload();
  const shown = Number(param('team'));
  const subsBox = el('div', { id: 'team-subs' });
  const bySub = postForm({ fields: field('Submission id', { name: 'id', type: 'number', min: 1, required: true }), label: 'Disable it',
    url: (v) => `/api/organizer/submissions/${Number(v.id)}/disable`, body: () => ({ disabled: true }), cls: 'inline',
    done: (r, v, f, b) => say(b, `Submission ${v.id} is disabled.`, 'ok') });
  fill(main, box, table(['team', '#members', 'join code', 'bot', 'state', ''], all.map((t) => [
    teamLink(t), t.members, el('code', {}, t.join_code || ''), t.active_submission ? el('a', { href: link.submission(t.active_submission) }, `submission ${t.active_submission}`) : '–',
    t.disabled ? 'disabled' : 'active',
    [action(t.disabled ? 'enable' : 'disable', `/api/organizer/teams/${t.id}/disable`, { disabled: !t.disabled }, box, reload,
      t.disabled ? null : `Disable ${t.name}? It can no longer upload, scrimmage or play ladder games.`), ' ',
    el('a', { href: `/organizer?tab=teams&team=${t.id}` }, 'submissions')]]), { empty: 'No team yet.' }),
  subsBox, el('h2', {}, 'Disable a submission by its id'), bySub);
  const t = all.find((x) => x.id === shown);
  if (t) fill(subsBox, el('h2', {}, 'Submissions of ', t.name), await teamSubs(t, box));
}

async function queue(main) {
  const box = msgBox();
  const counts = el('div', { id: 'queue' });
  const workers = el('div', { id: 'workers' });
  const kinds = ['validation', 'scrimmage', 'ladder', 'tourney'];
  const requeue = postForm({ fields: field('Game id', { name: 'id', type: 'number', min: 1, required: true }), label: 'Play it again',
    url: (v) => `/api/organizer/games/${Number(v.id)}/requeue`, body: () => ({}), cls: 'inline',
    done: (r, v, f, b) => say(b, `Game ${v.id} is queued again.`, 'ok') });
  fill(main, box, counts,
    el('h2', {}, 'Cancel queued games'), el('p', { class: 'dim' }, 'Games being played finish; only queued ones are cancelled.'),
    el('p', {}, kinds.map((k) => [action(`cancel queued ${k === 'tourney' ? 'final' : k} games`, '/api/organizer/queue/cancel', { kind: k }, box,
      (r) => say(box, `${r.cancelled} ${k} games cancelled.`, 'ok'), `Cancel every queued ${k} game?`), ' '])),
    el('h2', {}, 'Play a failed or cancelled game again'), requeue,
    el('p', {}, el('a', { href: '/games' }, 'Recent games'), ' (failed ones have a "play again" button).'),
    el('h2', {}, 'Workers'), workers);
  every(5000, async () => {
    const q = await api('/api/organizer/queue');
    const row = (name, c) => [name, c.queued, c.leased, c.done, c.failed, c.cancelled, c.queued ? fmtDuration(c.oldest_queued_s || 0) : '–'];
    fill(counts, table(['games', '#queued', '#playing', '#done', '#failed', '#cancelled', 'oldest queued'],
      [row('all', q.all), ...kinds.map((k) => row(k === 'tourney' ? 'final' : k, q.by_kind[k] || {}))]));
    fill(workers, table(['worker', 'host', 'cpu', 'tags', '#played', 'state', 'last seen'], (q.workers || []).map((w) => [
      w.name, w.host || '', w.cpu || '', (w.tags || []).join(', '), w.played ?? 0, w.state || '',
      typeof w.last_seen_s === 'number' ? `${fmtDuration(w.last_seen_s)} ago` : '']), { empty: 'No worker has been seen.' }));
    return true;
  }, box);
}

async function announcements(main, me) {
  const box = msgBox();
  const form = postForm({ fields: field('Announcement', { name: 'text', type: 'textarea', rows: 3, required: true, maxlength: 2000 }, 'shown on every page, newest first'),
    label: 'Announce', url: '/api/organizer/announcements', body: (v) => ({ text: v.text }) });
  fill(main, form, el('h2', {}, 'Shown now'), box,
    table(['announcement', 'by', 'when', ''], (me.competition.announcements || []).map((a) => [a.text, a.author || '', time(a.created),
      action('hide', `/api/organizer/announcements/${a.id}/hide`, {}, box, () => location.reload())]), { empty: 'None.' }));
}

function nowUtc() { return new Date().toISOString().replace(/\.\d+Z$/, 'Z'); }

async function finalTab(main, me) {
  const c = me.competition;
  const box = msgBox();
  const freezeBtn = c.frozen ? el('p', {}, 'Submissions are frozen. To open uploads again, set a later deadline (or none) in ',
    el('a', { href: '/organizer?tab=settings' }, 'Settings'), '.') : el('button', { type: 'button', on: { click: async (e) => {
    if (!confirm('Freeze submissions now? Uploads are refused from this moment; ranked scrimmages stop.')) return;
    e.target.disabled = true;
    try { await post('/api/organizer/settings', { deadline: nowUtc() }); location.reload(); } catch (err) { say(box, err.message); e.target.disabled = false; }
  } } }, 'Freeze now (the deadline becomes this moment)');
  const start = postForm({
    fields: [field('Format', { name: 'format', type: 'select', options: [['round-robin', 'round robin']], value: 'round-robin' }),
      field('Games per pair', { name: 'games_per_pair', type: 'number', min: 1, value: '2', required: true }, 'each pair plays this many games, seats swapped'),
      field('Cutoff', { name: 'cutoff', type: 'number', min: 0, value: '0' }, '0: everyone plays everyone; K: a first stage, then the top K play on'),
      field('Stop when every interval is separated from its neighbours', { name: 'stop_when_separated', type: 'checkbox' }),
      field('Seed', { name: 'seed', type: 'number', min: 0, placeholder: 'drawn when empty' }, 'every game\'s seed derives from it, so the final can be re-run and verified')],
    label: 'Start the final', url: '/api/organizer/final',
    // Before the freeze the final plays the versions active now while uploads go on (a
    // preliminary round does that on purpose): it asked "every frozen team plays" all the same.
    question: c.frozen ? 'Start the final tournament now? Ratings are reset and every team plays its version active at the deadline.'
      : 'Submissions are not frozen: the final plays each team\'s version active now, and uploads go on (later ones stay out of it). '
        + 'Start it anyway (a preliminary round, say)? Ratings are reset.',
    body: (v) => {
      const b = { format: v.format, games_per_pair: Number(v.games_per_pair), cutoff: Number(v.cutoff || 0), stop_when_separated: !!v.stop_when_separated };
      if (v.seed !== '') b.seed = Number(v.seed);
      return b;
    },
    done: () => location.assign('/final'),
  });
  let current = null;
  try { current = await api('/api/final'); } catch (e) { /* none yet */ }
  const levels = [['organizers', 'organizers only'], ['participants', 'participants (logged in)'], ['public', 'everyone']];
  const release = postForm({
    fields: field('Who sees the results', { name: 'level', type: 'select', value: current ? current.release : 'organizers', options: levels }),
    label: 'Release', url: '/api/organizer/final/release', cls: 'inline',
    done: (r, v, f, b) => say(b, `The final's results are now visible to ${new Map(levels).get(v.level) || v.level}.`, 'ok'),
  });
  fill(main, box, el('h2', {}, 'Freeze'), el('p', {}, stateLine(c)), freezeBtn,
    el('h2', {}, 'Final tournament'),
    current && current.state !== 'none' ? el('p', {}, `A final is ${current.state === 'running' ? 'being played' : current.state === 'blocked' ? 'stopped after its first stage (its second cannot start)' : 'over'}: `, el('a', { href: '/final' }, 'its standings'),
      '. Starting another (once no stage is being played) makes a new final; the page shows the latest.') : null,
    el('p', { class: 'dim' }, 'Played by the workers through the tournament engine with the final clocks (setting final_clock); the standings are at ',
      el('a', { href: '/final' }, '/final'), '.'),
    c.frozen ? null : el('p', { class: 'msg info', id: 'not-frozen' }, 'Submissions are not frozen: a final started now plays each team\'s version active now, '
      + 'and teams can still upload and change it. Freeze first (above) for the final; a preliminary round may be played before.'),
    start,
    el('h2', {}, 'Release'), release);
}

export default async function organizer(ctx) {
  const { me, main } = ctx;
  if (!me.user || !me.user.organizer) {
    fill(main, el('h1', {}, 'Organizer'), el('p', {}, 'This page is for organizers.', me.user ? '' : [' ', el('a', { href: '/login?next=/organizer' }, 'Log in'), '.']));
    return;
  }
  const tab = TABS.some(([t]) => t === param('tab')) ? param('tab') : 'settings';
  const body = el('div', { id: 'tab-' + tab });
  fill(main, el('h1', {}, 'Organizer'),
    el('nav', { class: 'tabs', 'aria-label': 'organizer' }, TABS.map(([t, label]) =>
      el('a', { href: `/organizer?tab=${t}`, 'aria-current': t === tab ? 'page' : null }, label))),
    body);
  const fn = { settings, users, teams, queue, announcements, final: finalTab }[tab];
  try {
    await fn(body, me);
  } catch (e) {
    const box = msgBox();
    body.append(box);
    say(box, e.message);
  }
}
