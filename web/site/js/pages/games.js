// games.js: lists of games (newest first), filtered by team and kind through the page's address
// (?team=&kind=&before=), so the back button and reload show the same list.
import { api } from '../api.js';
import { el, fill, msgBox, param, say } from '../dom.js';
import { field } from '../forms.js';
import { gamesTable } from '../parts.js';

// The kinds GET /api/games lists (the final's once its results are released to the caller).
const KINDS = [['', 'all kinds'], ['ladder', 'ladder'], ['scrimmage', 'scrimmage'], ['validation', 'validation'], ['final', 'final']];

export default async function games(ctx) {
  const { me, main } = ctx;
  const team = param('team') || '';
  const kind = param('kind') || '';
  const before = param('before') || '';
  const teamOpts = [['', 'all teams']];
  if (me.user && me.user.team) teamOpts.push([String(me.user.team), `my team (${me.team ? me.team.name : me.user.team})`]);
  if (team && !teamOpts.some(([v]) => v === team)) teamOpts.push([team, `team ${team}`]);
  // A GET form: choosing a filter changes the address, so back and reload keep it.
  const form = el('form', { method: 'get', action: '/games', class: 'inline' },
    field('Team', { name: 'team', type: 'select', options: teamOpts, value: team }),
    field('Kind', { name: 'kind', type: 'select', options: KINDS, value: kind }),
    el('button', { type: 'submit' }, 'Show'));
  // A choice made with the pointer shows the list at once; one made with the keyboard waits for
  // "Show" (Tab, Enter): arrow keys change a closed select at every press, and loading the page
  // anew at each would throw the keyboard's focus back to the top of the page.
  for (const s of form.querySelectorAll('select')) {
    let keyed = false;
    s.addEventListener('keydown', () => { keyed = true; });
    s.addEventListener('pointerdown', () => { keyed = false; });
    s.addEventListener('change', () => { if (!keyed) form.requestSubmit(); });
  }
  const box = msgBox();
  const listBox = el('div', { id: 'game-list' }, el('p', { class: 'dim' }, 'Loading…'));
  fill(main, el('h1', {}, 'Games'), form, box, listBox);
  const q = new URLSearchParams();
  if (team) q.set('team', team);
  if (kind) q.set('kind', kind);
  if (before) q.set('before', before);
  const draw = async () => {
    try {
      const r = await api('/api/games' + (q.toString() ? '?' + q : ''));
      const next = new URLSearchParams(q);
      if (r.next) next.set('before', r.next);
      fill(listBox, gamesTable(r.games || [], me, draw),
        el('p', { class: 'pager' }, before ? el('a', { href: '/games?' + new URLSearchParams([...q].filter(([k]) => k !== 'before')) }, 'newest') : null,
          before && r.next ? ' · ' : null, r.next ? el('a', { href: '/games?' + next, rel: 'next' }, 'older games') : null));
    } catch (e) {
      fill(listBox);
      say(box, e.message);
    }
  };
  await draw();
}
