// account.js: one's account: who one is, changing the password, logging out.
import { el, fill, say, teamLink, time } from '../dom.js';
import { field, postForm } from '../forms.js';
import { needUser } from '../parts.js';

export default async function account(ctx) {
  const { me, main } = ctx;
  if (!needUser(ctx, 'Account')) return;
  const u = me.user;
  const form = postForm({
    fields: [el('input', { type: 'text', name: 'username', autocomplete: 'username', value: u.name, hidden: true }),
      field('Current password', { name: 'old', type: 'password', autocomplete: 'current-password', required: true }),
      field('New password', { name: 'new', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, 'at least 8 characters'),
      field('New password again', { name: 'again', type: 'password', autocomplete: 'new-password', required: true })],
    label: 'Change password', url: '/api/password',
    check: (v) => (v.new !== v.again ? 'The two new passwords differ.' : null),
    body: (v) => ({ old: v.old, new: v.new }),
    done: (r, v, f, box) => { f.reset(); say(box, 'Your password is changed; your other sessions are logged out.', 'ok'); },
  });
  fill(main, el('h1', {}, 'Account'),
    el('dl', { class: 'facts' },
      el('dt', {}, 'Name'), el('dd', {}, u.name),
      el('dt', {}, 'E-mail'), el('dd', {}, u.email || '–'),
      el('dt', {}, 'Team'), el('dd', {}, me.team ? teamLink(me.team) : el('a', { href: '/team' }, 'none yet')),
      el('dt', {}, 'Since'), el('dd', {}, time(u.created)),
      u.organizer ? [el('dt', {}, 'Role'), el('dd', {}, 'organizer')] : null),
    el('h2', {}, 'Change password'), form);
}
