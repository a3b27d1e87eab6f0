// final.js: the final tournament's standings (rating with its 95% interval, games, W/D/L, whether a
// team is separated from its neighbours, the grade lines it is surely above), its stages' progress
// and the CSV for a gradebook; shown once the organizers release it to the caller. Reference bots
// are rows too: a team ranked above one with a separated interval is "surely above" it.
import { api } from '../api.js';
import { el, fill, fmtNum, msgBox, say, table, teamLink } from '../dom.js';
import { every } from '../parts.js';
import { RULES } from './ladder.js';

const RELEASE = { organizers: 'organizers only', participants: 'participants', public: 'everyone' };

export default async function final(ctx) {
  const { me, main } = ctx;
  const box = msgBox();
  const body = el('div', { id: 'final' }, el('p', { class: 'dim' }, 'Loading…'));
  fill(main, el('h1', {}, 'Final tournament'), box, body);
  every(5000, async () => {
    let f;
    try {
      f = await api('/api/final');
    } catch (e) {
      if (e.status !== 404) throw e;
      // The server's words say the same ("not released yet"): said once.
      fill(body, el('p', {}, 'The final\'s results are not released yet.',
        me.user ? '' : [' They may be released to participants first: ', el('a', { href: '/login?next=/final' }, 'log in'), '.']));
      return false;
    }
    if (f.state === 'none') {
      // an organizer is told where one starts (the page said only this, and the tab is elsewhere)
      fill(body, el('p', {}, 'There is no final tournament yet.', me.user && me.user.organizer
        ? [' Start one from ', el('a', { href: '/organizer?tab=final' }, 'Organizer → Freeze and final'), '.'] : ''));
      return false;
    }
    const rows = f.rows || [];
    const multi = (f.stages || []).length > 1; // a cutoff: which stage each row reached
    // Games that failed (a bot past the whole game's time limit, say) count for no one: said, or a
    // final "over" with entrants short of games was graded as it stood.
    const failed = (f.stages || []).reduce((n, s) => n + (s.failed || 0), 0);
    fill(body,
      failed ? el('p', { class: 'msg error', id: 'final-failed' }, `${failed} of the final's games failed: they count for no one, so their entrants have fewer games. `,
        me.user && me.user.organizer ? ['Play them again from ', el('a', { href: '/organizer?tab=queue' }, 'the queue'), ' (their errors are in ', el('a', { href: '/games?kind=final' }, 'the final\'s games'),
          `), or start the final again with its seed (${f.seed}), games per pair and cutoff: its games played are kept, the failed ones played again.`]
          : 'The organizers may play them again.') : null,
      el('p', {}, f.state === 'running' ? 'The final is being played. '
        : f.state === 'blocked' ? 'The final stopped after its first stage: its second cannot start (the stage says why). ' : 'The final is over. ',
        `Ranked by ${RULES[f.rule] || f.rule || 'the game\'s rule'}`, f.seed !== undefined && f.seed !== null ? `; seed ${f.seed} (every game can be played again and verified)` : '',
        `. Visible to ${RELEASE[f.release] || f.release}.`,
        // an organizer is shown where the release is (the page said who sees it, not where to change that)
        me.user && me.user.organizer && f.release !== 'public'
          ? [' Release it on ', el('a', { href: '/organizer?tab=final', id: 'release-link' }, 'Organizer → Freeze and final'), '.'] : ''),
      (f.stages || []).length ? table(['stage', 'state', '#games a pair', '#cutoff', '#games done', ''], f.stages.map((s) => [
        // with a cutoff both rows bear the final's name: the stage's number tells them apart
        // the cutoff with the teams it let on: a tie at the K-th place lets them all on, said so
        multi ? `${s.name}, stage ${s.stage}` : s.name, s.note ? `${s.state}: ${s.note}` : s.state ?? '',
        s.games_per_pair ?? '', s.cutoff ? (s.advance_note ? `${s.cutoff} (${s.advance_note})` : s.cutoff) : '–', `${s.done} / ${s.planned}${s.failed ? `, ${s.failed} failed` : ''}`, el('progress', { max: s.planned || 1, value: s.done || 0 })])) : null,
      table(['#rank', multi ? '#stage' : null, 'team', '#rating', '95% interval', '#games', '#W', '#D', '#L', 'separated', 'surely above'].filter(Boolean),
        rows.map((r) => {
          const row = [r.rank, multi ? r.stage : null,
            r.reference ? el('span', { class: 'ref' }, r.name, ' (reference bot: a grade line)') : teamLink(r.team, r.name),
            fmtNum(r.rating), Number.isFinite(r.lo) ? `${fmtNum(r.lo)} – ${fmtNum(r.hi)}` : '–',
            r.games, r.wins ?? '', r.draws ?? '', r.losses ?? '', r.separated ? 'yes' : 'no', (r.grades || []).join(', ')];
          if (!multi) row.splice(1, 1);
          row.rowClass = r.reference ? 'gradeline' : null;
          return row;
        }), { empty: 'No standings yet.', class: 'final' }),
      el('p', {}, el('a', { href: '/games?kind=final', id: 'final-games' }, 'Watch the final\'s games'), ' (every game of every stage, with its replay).'),
      el('p', {}, el('a', { href: '/api/final.csv', download: true, id: 'csv' }, 'Download the standings as CSV'), ' (UTF-8, named after the final; one row an entrant: rank, stage, name, kind (team or reference bot), '
        + 'rating with its interval, games, wins, draws, losses, and the grade lines it is surely above).'));
    say(box, '');
    return f.state === 'running';
  }, box);
}
