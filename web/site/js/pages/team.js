// team.js: one's own team: create one or join one by its code; then its members, its join code, its
// settings (accept scrimmage requests automatically) and leaving it.
import { api, post } from '../api.js';
import { el, fill, link, msgBox, say } from '../dom.js';
import { CODE, field, postForm } from '../forms.js';
import { needUser } from '../parts.js';

// A link to one of the team's submissions: "version 3 (bot.zip)" when the list is known.
function version(subs, id) {
  const s = subs && subs.submissions.find((x) => x.id === id);
  return el('a', { href: link.submission(id) }, s ? `version ${s.version} (${s.filename})` : `submission ${id}`);
}

function noTeam(ctx) {
  const size = ctx.me.competition.team_size;
  fill(ctx.main, el('h1', {}, 'My team'),
    el('p', {}, `You are not in a team. Create one (you can invite up to ${size - 1} more with its join code) or join one with the code a member gives you.`),
    el('div', { class: 'columns' },
      el('section', {}, el('h2', {}, 'Create a team'),
        postForm({ fields: field('Team name', { name: 'name', required: true, maxlength: 40, autocomplete: 'off' }),
          // No name begins or ends with a blank (the server refuses one, as register.js trims):
          // a phone's keyboard leaves one after a word it suggested.
          label: 'Create', url: '/api/teams', body: (v) => ({ name: v.name.trim() }) })),
      el('section', {}, el('h2', {}, 'Join a team'),
        postForm({ fields: field('Join code', { name: 'code', required: true, ...CODE }),
          label: 'Join', url: '/api/teams/join', body: (v) => ({ code: v.code.trim() }) }))));
  ctx.main.querySelector('input').focus();
}

export default async function team(ctx) {
  const { me, main } = ctx;
  if (!needUser(ctx, 'My team')) return;
  if (!me.user.team) { noTeam(ctx); return; }
  const [{ team: t, members }, subs] = await Promise.all([api(`/api/teams/${me.user.team}`), api('/api/submissions').catch(() => null)]);
  const counts = subs && subs.final;
  const settingsBox = msgBox();
  const auto = el('input', { type: 'checkbox', id: 'auto-accept', checked: !!t.auto_accept });
  auto.addEventListener('change', async () => {
    try {
      await post('/api/teams/settings', { auto_accept: auto.checked });
      say(settingsBox, auto.checked ? 'Scrimmage requests are now accepted automatically.' : 'You will accept or decline each scrimmage request.', 'ok');
    } catch (err) {
      auto.checked = !auto.checked;
      say(settingsBox, err.message);
    }
  });
  const leave = postForm({ fields: [], label: 'Leave the team', url: '/api/teams/leave', body: () => ({}),
    question: `Leave ${t.name}? You need the join code to come back.`, done: () => location.assign('/team') });
  fill(main, el('h1', {}, t.name),
    t.disabled ? el('p', { class: 'msg error' }, 'This team is disabled by the organizers: it cannot upload, scrimmage or play ladder games. You may still leave it, and then make or join another team.') : null,
    el('dl', { class: 'facts' },
      el('dt', {}, 'Join code'), el('dd', {}, el('code', { id: 'join-code' }, t.join_code || ''), ' (give it to your team mates)'),
      el('dt', {}, 'Members'), el('dd', {}, el('ul', { class: 'plain', id: 'members' }, members.map((m) => el('li', {}, m.name)))),
      el('dt', {}, 'Active bot'), el('dd', { id: 'active' }, t.active_submission ? version(subs, t.active_submission)
        : ['none yet: ', el('a', { href: '/submissions' }, 'upload one')]),
      me.competition.frozen || (subs && subs.final && subs.final !== t.active_submission) ? [el('dt', {}, 'Counts at the deadline'),
        el('dd', { id: 'counts' }, counts ? version(subs, counts) : 'no bot')] : null,
      el('dt', {}, 'Public page'), el('dd', {}, el('a', { href: link.team(t.id) }, 'rating, history and games'))),
    el('h2', {}, 'Settings'),
    el('div', { class: 'field check' }, auto, el('label', { for: 'auto-accept' }, 'Accept scrimmage requests from other teams automatically')),
    settingsBox,
    el('h2', {}, 'Leave'), leave);
}
