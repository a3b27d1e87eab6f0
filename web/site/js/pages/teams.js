// teams.js: /teams lists every team; /teams/ID is one team's page: members, its ladder row (rating,
// interval, placement games left and when they should be done), its rating history and its games.
import { api } from '../api.js';
import { el, fill, fmtNum, msgBox, pathId, say, table, teamLink, time } from '../dom.js';
import { historyChart } from '../chart.js';
import { allTeams, every, gamesTable } from '../parts.js';
import { STOPPED, placement } from './ladder.js';

async function list(ctx) {
  const teams = await allTeams();
  const org = ctx.me.user && ctx.me.user.organizer;
  fill(ctx.main, el('h1', {}, 'Teams'), table(['team', '#members', 'bot', 'since', org ? 'join code' : null].filter(Boolean),
    teams.map((t) => [teamLink(t), t.members, t.disabled ? 'disabled' : (t.active_submission ? 'active' : 'none yet'), time(t.created),
      org ? el('code', {}, t.join_code || '') : null].filter((c) => c !== null)), { empty: 'No team yet.' }));
}

async function one(ctx, id) {
  const { me, main } = ctx;
  const box = msgBox();
  fill(main, el('h1', {}, 'Team'), box);
  const { team: t, members } = await api(`/api/teams/${id}`);
  // the tab, the history and a bookmark name the team (every team's page was "Teams")
  document.title = `${t.name} · ${me.competition.title || 'Arena'}`;
  const ladderRow = el('div', { id: 'team-ladder' });
  const chart = el('div', { id: 'history' });
  const gamesBox = el('div', { id: 'team-games' });
  const mine = me.user && me.user.team === t.id;
  fill(main, el('h1', {}, t.name), box,
    t.disabled ? el('p', { class: 'msg error' }, 'This team is disabled.') : null,
    el('dl', { class: 'facts' },
      // a team whose last member left keeps its bot and place (the demo's teams never had one):
      // said, not an empty space under the heading
      el('dt', {}, 'Members'), el('dd', {}, members.length ? el('ul', { class: 'plain' }, members.map((m) => el('li', {}, m.name)))
        : el('span', { class: 'dim' }, 'none')),
      el('dt', {}, 'Since'), el('dd', {}, time(t.created))),
    me.user && me.user.team && !mine && t.active_submission
      ? el('p', {}, el('a', { href: `/scrimmages?opponent=${t.id}` }, `Ask ${t.name} for a scrimmage`)) : null,
    el('h2', {}, 'Ladder'), ladderRow,
    el('h2', {}, 'Rating history'), chart,
    el('h2', {}, 'Games'), gamesBox,
    el('p', {}, el('a', { href: `/games?team=${t.id}` }, 'All its games')));
  every(15000, async () => {
    const [l, h, g] = await Promise.all([api('/api/ladder'), api(`/api/ladder/history?team=${t.id}`),
      api(`/api/games?team=${t.id}&limit=20`)]);
    const r = (l.rows || []).find((x) => x.team && x.team.id === t.id);
    // a team with no rated game yet has no rank (null; the ladder leaves its cell empty)
    fill(ladderRow, r ? el('p', {}, r.rank === null || r.rank === undefined ? 'Not ranked yet' : `Rank ${r.rank}`, `, rating ${fmtNum(r.rating)}`,
      Number.isFinite(r.lo) ? ` (95% interval ${fmtNum(r.lo)} – ${fmtNum(r.hi)})` : '',
      `, ${r.games} games: ${r.wins ?? 0} won, ${r.draws ?? 0} drawn, ${r.losses ?? 0} lost. `,
      r.provisional ? el('span', { class: 'badge' }, 'provisional') : null, ' ', placement(r, l.stopped),
      l.stopped ? el('span', { class: 'dim' }, ' ', STOPPED[l.stopped] || '') : null)
      : el('p', { class: 'dim' }, 'Not on the ladder yet (no active bot).'));
    fill(chart, historyChart(h.points || [], { label: `${t.name}'s rating` }));
    fill(gamesBox, gamesTable(g.games || [], me));
    return true;
  }, box);
}

export default async function teams(ctx) {
  const id = pathId();
  try {
    if (id) await one(ctx, id); else await list(ctx);
  } catch (e) {
    const box = msgBox();
    ctx.main.append(box);
    say(box, e.message);
  }
}
