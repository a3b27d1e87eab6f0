// ladder.js: the leaderboard: rating with its 95% interval, games, wins / draws / losses, provisional
// ratings and placement games still to come; refreshed while the page is open.
import { api } from '../api.js';
import { el, fill, fmtDuration, fmtNum, msgBox, table, teamLink, time } from '../dom.js';
import { every, intervalBar } from '../parts.js';

export function placement(r) {
  if (!r.placement_left) return null;
  return el('span', { class: 'badge', title: 'placement games still to play' },
    `${r.placement_left} placement game${r.placement_left === 1 ? '' : 's'} left`,
    r.placement_eta_s ? `, about ${fmtDuration(r.placement_eta_s)}` : '');
}

// The API's names of the ranking rules, as a reader knows them.
export const RULES = { elo: 'Elo (Bradley-Terry fit of every stored game)', 'mean score': 'mean score', 'place points': 'place points' };

export default async function ladder(ctx) {
  const { me, main } = ctx;
  const box = msgBox();
  const head = el('p', { class: 'dim' });
  const body = el('div', { id: 'ladder' }, el('p', { class: 'dim' }, 'Loading…'));
  fill(main, el('h1', {}, 'Ladder'), head, box, body);
  every(10000, async () => {
    const l = await api('/api/ladder');
    const rows = l.rows || [];
    const los = rows.map((r) => r.lo).filter(Number.isFinite);
    const his = rows.map((r) => r.hi).filter(Number.isFinite);
    const [min, max] = [Math.min(...los), Math.max(...his)];
    fill(head, `Ratings by ${RULES[l.rule] || l.rule || 'the game\'s rule'}, from ${l.games ?? 0} stored games`,
      l.updated ? [', computed ', time(l.updated)] : '', '. A rating is provisional until the team has played enough games.');
    const mine = me.user && me.user.team;
    fill(body, table(['#rank', 'team', '#rating', '95% interval', '', '#games', '#W', '#D', '#L', ''], rows.map((r) => {
      const row = [r.rank, teamLink(r.team), fmtNum(r.rating),
        Number.isFinite(r.lo) ? `${fmtNum(r.lo)} – ${fmtNum(r.hi)}` : '–', intervalBar(r, min, max),
        r.games, r.wins ?? '', r.draws ?? '', r.losses ?? '',
        [r.provisional ? el('span', { class: 'badge' }, 'provisional') : null, ' ', placement(r)]];
      if (r.team && r.team.id === mine) row.rowClass = 'mine';
      return row;
    }), { empty: 'No team is on the ladder yet: a team enters with its first bot that passes its check.', class: 'ladder' }));
    return true;
  }, box);
}
