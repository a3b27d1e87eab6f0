// submissions.js: a team's bots. /submissions: upload an archive (with progress), every version with
// its state, which one is active and which one counts at the deadline; /submissions/ID: one version's
// build output, validation game (result, replay) and the bot's own stderr, and its download.
import { api, post, upload } from '../api.js';
import { changed, el, fill, fmtBytes, link, msgBox, pathId, say, table, time } from '../dom.js';
import { every, gameLinks, gameState, needTeam, seats } from '../parts.js';

const BUSY = ['checking', 'building', 'validating'];

function stateCell(s) {
  return el('span', { class: 'st st-' + s.state }, s.state, s.disabled ? ' (disabled by the organizers)' : '',
    s.detail ? el('span', { class: 'detail' }, ': ', s.detail) : null);
}

// "make active" for a ready version that is not; during the freeze none is offered (the server
// refuses it: the version active at the deadline is the final's), and a ready one says why instead.
// A page drawn before the organizers froze still has the button: the server's 409 says why, and
// onFrozen(its words) draws the page again as frozen (the button stayed, to be refused again).
const FROZEN_CHOICE = 'submissions are frozen: the active version can no longer be changed';
const frozenNote = () => el('span', { class: 'dim frozen-choice' }, `(${FROZEN_CHOICE})`);
function activateButton(s, box, after, frozen, onFrozen) {
  if (s.active || s.state !== 'ready' || s.disabled) return null;
  if (frozen) return frozenNote();
  return el('button', { type: 'button', on: { click: async (e) => {
    const btn = e.target;
    btn.disabled = true;
    try {
      await post(`/api/submissions/${s.id}/activate`);
      await after();
    } catch (err) {
      if (err.status === 409 && /^submissions are frozen/.test(err.message)) {
        if (onFrozen) { onFrozen(err.message); return; }
        btn.replaceWith(frozenNote());
      } else btn.disabled = false;
      say(box, err.message);
    }
  } } }, 'make active');
}

const download = (s) => el('a', { href: `/api/submissions/${s.id}/download`, download: true }, 'download');

function uploadForm(ctx, onDone) {
  const c = ctx.me.competition;
  const box = msgBox();
  // Every archive the server reads (a zip, a tar plain or compressed): the file chooser hides the others.
  const file = el('input', { type: 'file', id: 'archive', name: 'archive', required: true,
    accept: '.zip,.tar,.tar.gz,.tgz,.gz,.tar.bz2,.tbz2,.bz2,.tar.xz,.txz,.xz' + (c.python_file ? ',.py' : '') });
  const bar = el('progress', { max: 1, value: 0, hidden: true, id: 'upload-progress', 'aria-label': 'upload progress' });
  const pct = el('span', { class: 'dim' });
  const btn = el('button', { type: 'submit' }, 'Upload');
  const form = el('form', { class: 'upload' },
    el('label', { for: 'archive' }, 'Archive (zip, tar, tar.gz, tar.bz2 or tar.xz', c.python_file ? ', or one .py file' : '',
      '; at most ', String(c.upload_max_mb), ' MiB)'), ' ', file, ' ', btn, ' ', bar, ' ', pct, box);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = file.files[0];
    if (!f) { say(box, 'Choose an archive first.'); return; }
    if (f.size > c.upload_max_mb * 1024 * 1024) {
      say(box, `${f.name} is ${fmtBytes(f.size)}: the largest archive accepted is ${c.upload_max_mb} MiB.`);
      return;
    }
    btn.disabled = true;
    bar.hidden = false;
    say(box, '');
    try {
      const r = await upload('/api/submissions', f, (sent, total) => {
        bar.value = total ? sent / total : 0;
        pct.textContent = `${fmtBytes(sent)} of ${fmtBytes(total)}`;
      });
      form.reset();
      say(box, `Uploaded as version ${r.submission.version}: it is being checked.`, 'ok');
      await onDone();
    } catch (err) {
      // Over the server's limit (the organizers may have lowered it since this page was drawn):
      // the file's name and size, the server's words, and what to do.
      say(box, err.status === 413 ? `${f.name} (${fmtBytes(f.size)}) is refused: ${err.message}. `
        + 'Make the archive smaller (leave out data files, logs and caches), or ask the organizers.' : err.message);
    }
    btn.disabled = false;
    bar.hidden = true;
    pct.textContent = '';
  });
  return form;
}

// note: a message to show as the page is drawn (the freeze learnt from a refusal).
async function list(ctx, note) {
  const { me, main } = ctx;
  const box = msgBox();
  const listBox = el('div', { id: 'submission-list' });
  const frozen = me.competition.frozen;
  const draw = async () => {
    const r = await api('/api/submissions');
    const subs = r.submissions || [];
    if (!changed(listBox, r)) return subs.some((s) => BUSY.includes(s.state));
    fill(listBox, table(['#version', 'file', '#size', 'uploaded', 'state', '', ''], subs.map((s) => {
      const row = [
        el('a', { href: link.submission(s.id) }, String(s.version)),
        s.filename || '', fmtBytes(s.size || 0), time(s.created), stateCell(s),
        [s.id === r.active ? el('span', { class: 'badge active' }, 'active') : null,
          s.id === r.final ? el('span', { class: 'badge', title: 'the version active at the deadline: the one the final plays' }, 'counts at the deadline') : null,
          frozen ? null : activateButton(s, box, draw, false, frozenNow)],
        [el('a', { href: link.submission(s.id) }, 'details'), ' ', download(s)]];
      row.rowClass = s.id === r.active ? 'active' : null;
      return row;
    }), { empty: 'No submission yet.' }));
    return subs.some((s) => BUSY.includes(s.state));
  };
  const c = me.competition;
  fill(main, el('h1', {}, 'Submissions'),
    frozen ? el('p', { class: 'msg info', id: 'frozen' }, 'Submissions are frozen: uploads are closed and the active version can no longer be changed. '
      + 'The version marked "counts at the deadline" (the one active at the deadline) is the one in the final.')
      : uploadForm(ctx, async () => { stop(); stop = every(3000, draw, box); }),
    el('p', { class: 'dim' }, 'Every upload is checked (unpacked, built, then one game against a reference bot); only a bot that passes can be active. ',
      'The newest bot that passes becomes active by itself unless you chose another. ', gameHelp(c)),
    box, listBox);
  if (note) say(box, note);
  let stop = every(3000, draw, box);
  // The organizers froze since this page was drawn: drawn again as frozen (no upload form, no
  // "make active"), the server's words kept above it.
  function frozenNow(why) {
    stop();
    me.competition.frozen = true;
    list(ctx, why);
  }
}

function gameHelp(c) {
  if (c.game === 'chicken') return 'Chicken: a zip of your agent folder (with agent.py and __init__.py), as for the course.';
  if (c.game === 'rising_tide') return 'Rising Tide: a .py file that calls util.make_bot, as it is or in a zip or tar.gz.';
  return 'Any game: a folder with an executable, or a manifest naming the command (docs/serve.md).';
}

// Why a version has no validation game: not yet, never (it failed before: a refused build), or none needed.
function noGame(s) {
  if (BUSY.includes(s.state)) return 'Not played yet.';
  if (s.state === 'failed') return 'Not played: this version failed before its check game (its state above says why; a build\'s output is below).';
  return s.kind === 'builtin' ? 'None: a built-in bot needs no check.' : 'None.';
}

// Whether the caller is in the version's team: only its members choose the active one (an
// organizer viewing another team's version was offered "make active", and the server said 403).
const mine = (me, s) => !!(me.user && me.user.team && me.user.team === s.team);

async function detail(ctx, id) {
  const { me, main } = ctx;
  const box = msgBox();
  fill(main, el('h1', {}, 'Submission'), box);
  const draw = async () => {
    const r = await api(`/api/submissions/${id}`);
    const s = r.submission;
    const v = r.validation;
    if (!changed(box, r)) return BUSY.includes(s.state); // (box is this page's own; main is every page's)
    fill(main, el('h1', {}, `Submission ${s.version}`), box,
      el('dl', { class: 'facts' },
        el('dt', {}, 'File'), el('dd', {}, s.filename || '', ` (${fmtBytes(s.size || 0)}) `, download(s)),
        el('dt', {}, 'SHA-256'), el('dd', {}, el('code', {}, s.sha256 || '')),
        el('dt', {}, 'Uploaded'), el('dd', {}, time(s.created), s.before_deadline === false ? ' (after the deadline)' : ''),
        el('dt', {}, 'Kind'), el('dd', {}, s.kind || '–'),
        el('dt', {}, 'State'), el('dd', { id: 'state' }, stateCell(s), ' ', s.active ? el('span', { class: 'badge active' }, 'active')
          : mine(me, s) ? activateButton(s, box, draw, me.competition.frozen) : null)),
      el('h2', {}, 'Validation game'),
      v ? el('p', { id: 'validation' }, gameState(v), ' ', seats(v), ' ', gameLinks(v, me)) : el('p', { class: 'dim', id: 'validation' }, noGame(s)),
      el('h2', {}, 'Build output'),
      r.build_log ? el('pre', { class: 'log', id: 'build-log' }, r.build_log) : el('p', { class: 'dim' }, 'Nothing (no build command, or not built yet).'),
      el('h2', {}, 'Your bot\'s stderr (validation game)'),
      r.stderr ? el('pre', { class: 'log', id: 'stderr' }, r.stderr) : el('p', { class: 'dim' }, 'Nothing written.'),
      el('p', {}, el('a', { href: '/submissions' }, 'All submissions')));
    return BUSY.includes(s.state);
  };
  every(3000, draw, box);
}

export default async function submissions(ctx) {
  const id = pathId();
  const organizer = ctx.me.user && ctx.me.user.organizer;
  if (!(id && organizer) && !needTeam(ctx, 'Submissions')) return;
  if (id) await detail(ctx, id); else await list(ctx);
}
