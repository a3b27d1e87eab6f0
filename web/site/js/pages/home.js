// home.js: the front page: the competition (its state is in every page's header), every
// announcement, the top of the ladder and where to go next.
import { api } from '../api.js';
import { el, fill, fmtNum, teamLink } from '../dom.js';

export default async function home(ctx) {
  const { me, main } = ctx;
  const c = me.competition;
  const next = [];
  if (!me.user) {
    next.push(el('p', {}, el('a', { href: '/register' }, 'Register'), ' or ', el('a', { href: '/login' }, 'log in'),
      c.registration && !c.registration.open ? ' (registration is closed)' : '', '.'));
  } else if (!me.user.team) {
    next.push(el('p', {}, 'Next: ', el('a', { href: '/team' }, 'create a team or join one'), '.'));
  } else {
    next.push(el('p', {}, 'Your team: ', teamLink(me.team), '. ', el('a', { href: '/submissions' }, 'Upload a bot'),
      ', ', el('a', { href: '/scrimmages' }, 'ask for a scrimmage'), ' or ', el('a', { href: '/ladder' }, 'see the ladder'), '.'));
  }
  const ladderBox = el('section', {}, el('h2', {}, 'Ladder'), el('p', { class: 'dim' }, 'Loading…'));
  fill(main,
    el('h1', {}, c.title || 'Arena competition'),
    el('p', {}, `The game: ${c.game_title || c.game}`, c.seats ? ` (${c.seats[0] === c.seats[1] ? c.seats[0] : c.seats.join(' to ')} seats)` : '',
      `. Teams of at most ${c.team_size}.`),
    next,
    el('h2', {}, 'Announcements'),
    ctx.announcements(true) || el('p', { class: 'dim' }, 'No announcements.'),
    ladderBox);
  try {
    const l = await api('/api/ladder');
    const rows = (l.rows || []).slice(0, 10);
    fill(ladderBox, el('h2', {}, 'Ladder'),
      rows.length ? el('ol', { class: 'top' }, rows.map((r) => el('li', {}, teamLink(r.team), ` ${fmtNum(r.rating)}`,
        r.provisional ? el('span', { class: 'badge' }, 'provisional') : null)))
        : el('p', { class: 'dim' }, 'No rated team yet.'),
      el('p', {}, el('a', { href: '/ladder' }, 'The whole ladder')));
  } catch (e) {
    fill(ladderBox, el('h2', {}, 'Ladder'), el('p', { class: 'dim' }, e.message));
  }
}
