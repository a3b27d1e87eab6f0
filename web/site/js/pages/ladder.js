// ladder.js: the leaderboard: rating with its 95% interval, games, wins / draws / losses, provisional
// ratings and placement games still to come; refreshed while the page is open.
import { api } from '../api.js';
import { el, fill, fmtDuration, fmtNum, msgBox, table, teamLink, time } from '../dom.js';
import { every, intervalBar } from '../parts.js';

// stopped: the ladder's reason to make no games now (GET /api/ladder's "stopped"): no time is
// promised then (the freeze showed "about 7 s" for games never played).
export function placement(r, stopped) {
  if (!r.placement_left) return null;
  return el('span', { class: 'badge', title: 'placement games still to play' },
    `${r.placement_left} placement game${r.placement_left === 1 ? '' : 's'} left`,
    stopped ? ' (not played while the ladder is stopped)' : r.placement_eta_s ? `, about ${fmtDuration(r.placement_eta_s)}` : '');
}

// Why the ladder plays no games now, in words (null: it runs).
export const STOPPED = {
  frozen: 'The ladder is stopped: submissions are frozen (the deadline has passed), so no new ladder game is played.',
  final: 'The ladder is paused while the final tournament is played.',
  off: 'The ladder is paused by the organizers: no new ladder game is played.',
};

// The API's names of the ranking rules, as a reader knows them.
export const RULES = { elo: 'Elo (Bradley-Terry fit of every stored game)', 'mean score': 'mean score', 'place points': 'place points' };

export default async function ladder(ctx) {
  const { me, main } = ctx;
  const box = msgBox();
  const head = el('p', { class: 'dim' });
  const stop = el('p', { class: 'msg info', id: 'ladder-stopped', hidden: true });
  const body = el('div', { id: 'ladder' }, el('p', { class: 'dim' }, 'Loading…'));
  fill(main, el('h1', {}, 'Ladder'), head, stop, box, body);
  every(10000, async () => {
    const l = await api('/api/ladder');
    const rows = l.rows || [];
    const los = rows.map((r) => r.lo).filter(Number.isFinite);
    const his = rows.map((r) => r.hi).filter(Number.isFinite);
    const [min, max] = [Math.min(...los), Math.max(...his)];
    fill(head, `Ratings by ${RULES[l.rule] || l.rule || 'the game\'s rule'}, from ${l.games ?? 0} stored games`,
      l.updated ? [', computed ', time(l.updated)] : '', '. A rating is provisional until the team has played enough games.');
    fill(stop, l.stopped ? STOPPED[l.stopped] || `The ladder is stopped (${l.stopped}).` : '');
    stop.hidden = !l.stopped;
    const mine = me.user && me.user.team;
    fill(body, table(['#rank', 'team', '#rating', '95% interval', '', '#games', '#W', '#D', '#L', ''], rows.map((r) => {
      const row = [r.rank, teamLink(r.team), fmtNum(r.rating),
        Number.isFinite(r.lo) ? `${fmtNum(r.lo)} – ${fmtNum(r.hi)}` : '–', intervalBar(r, min, max),
        r.games, r.wins ?? '', r.draws ?? '', r.losses ?? '',
        [r.provisional ? el('span', { class: 'badge' }, 'provisional') : null, ' ', placement(r, l.stopped)]];
      if (r.team && r.team.id === mine) row.rowClass = 'mine';
      return row;
    }), { empty: 'No team is on the ladder yet: a team enters with its first bot that passes its check.', class: 'ladder' }));
    return true;
  }, box);
}
