// scrimmages.js: asking another team's active bot or a reference bot for N games (ranked or not),
// the requests other teams sent (accept or decline), and every scrimmage's outcome.
import { api, post } from '../api.js';
import { changed, el, fill, link, msgBox, param, say, table, teamLink, time } from '../dom.js';
import { field, postForm } from '../forms.js';
import { allTeams, every, needTeam } from '../parts.js';

// The opponents one can ask: teams with an active bot (not one's own), then the reference bots.
async function opponents(me) {
  const teams = await allTeams();
  const refs = me.competition.references || [];
  return [
    ...teams.filter((t) => t.id !== me.user.team && t.active_submission && !t.disabled).map((t) => [String(t.id), t.name]),
    ...refs.map((r) => [`ref:${r.name}`, `reference: ${r.name}${r.grade ? ` (${r.grade})` : ''}`]),
  ];
}

function requestForm(ctx, opts, onDone) {
  const c = ctx.me.competition;
  const wanted = param('opponent');
  const bots = c.bots || [];
  const fields = [
    opts.length ? field('Opponent', { name: 'opponent', type: 'select', options: opts, value: wanted || '' })
      : el('p', { class: 'dim' }, 'No other team has a working bot yet.'),
    // The game's own built-in bots, offered as the name is typed (a name from another game's list
    // would only be refused).
    field('or a built-in bot by name', { name: 'ref', autocomplete: 'off', list: 'builtin-bots', placeholder: bots.length ? `e.g. ${bots[0]}` : '' },
      'leave empty to play the opponent above'),
    el('datalist', { id: 'builtin-bots' }, bots.map((b) => el('option', { value: b }))),
    field('Games', { name: 'games', type: 'number', min: 1, max: c.scrimmage_max_games || 100, value: '2', required: true },
      c.scrimmage_max_games ? `at most ${c.scrimmage_max_games} a request` : null),
    field('Ranked (the games count for the ladder)', { name: 'ranked', type: 'checkbox', checked: false },
      c.frozen ? 'during the freeze, scrimmages are unranked' : 'ranked requests only toward teams near or above your rating'),
  ];
  const form = postForm({ fields, label: 'Ask', url: '/api/scrimmages', cls: 'stack',
    check: (v) => (!v.opponent && !v.ref ? 'Choose an opponent.' : null),
    body: (v) => ({ opponent: v.ref ? `ref:${v.ref.trim()}` : (/^\d+$/.test(v.opponent) ? Number(v.opponent) : v.opponent),
      games: Number(v.games), ranked: !!v.ranked }),
    done: async (r, v, form, box) => { say(box, `Asked: scrimmage ${r.scrimmage.id} is ${r.scrimmage.state}.`, 'ok'); await onDone(); },
  });
  // Games against a reference bot, and every game during the freeze, are unranked: the box is
  // unticked and off then, rather than let the server refuse a request the page could not send.
  const ranked = form.elements.ranked;
  const sync = () => {
    const opp = form.elements.opponent;
    const toRef = !!form.elements.ref.value.trim() || (opp && opp.value.startsWith('ref:'));
    ranked.disabled = c.frozen || toRef;
    if (ranked.disabled) ranked.checked = false;
    ranked.title = ranked.disabled ? (c.frozen ? 'scrimmages are unranked during the freeze' : 'games against a reference bot are unranked') : '';
  };
  form.addEventListener('input', sync);
  form.addEventListener('change', sync);
  sync();
  return form;
}

function answer(sc, verb, box, after) {
  return el('button', { type: 'button', on: { click: async (e) => {
    e.target.disabled = true;
    try { await post(`/api/scrimmages/${sc.id}/${verb}`); await after(); } catch (err) { say(box, err.message); e.target.disabled = false; }
  } } }, verb);
}

const opponentOf = (sc) => (sc.reference ? el('span', { class: 'ref' }, `reference ${sc.reference}`) : teamLink(sc.to));

export default async function scrimmages(ctx) {
  const { me, main } = ctx;
  if (!needTeam(ctx, 'Scrimmages')) return;
  const box = msgBox();
  const incoming = el('section', { id: 'incoming' });
  const all = el('section', { id: 'scrimmage-list' });
  // The poll and an answer's redraw can overlap: only the draw begun last may fill the page, or an
  // older list (asked before a decline) would put the declined request back.
  let begun = 0;
  const draw = async () => {
    const mine = ++begun;
    const list = (await api('/api/scrimmages')).scrimmages || [];
    if (mine !== begun) return true;
    const busy = list.some((s) => s.state === 'waiting' || s.state === 'accepted');
    if (!changed(all, list)) return busy;
    const waiting = list.filter((s) => s.state === 'waiting' && s.to && s.to.id === me.user.team);
    fill(incoming, waiting.length ? [el('h2', {}, 'Requests for you'),
      table(['from', '#games', 'ranked', 'asked', 'games'], waiting.map((s) => [teamLink(s.from), s.games, s.ranked ? 'yes' : 'no', time(s.created),
        [answer(s, 'accept', box, draw), ' ', answer(s, 'decline', box, draw)]]))] : null);
    fill(all, el('h2', {}, 'Scrimmages'), table(['#', 'from', 'against', '#games', 'ranked', 'state', '#played', 'W / D / L', 'asked', 'games'],
      list.map((s) => {
        const mine = s.from && s.from.id === me.user.team;
        // The API counts wins from the requester's side; the asked team sees its own.
        const wdl = mine ? [s.wins, s.draws, s.losses] : [s.losses, s.draws, s.wins];
        return [String(s.id), teamLink(s.from), opponentOf(s), s.games, s.ranked ? 'yes' : 'no',
          el('span', { class: 'st st-' + s.state }, s.state, s.detail ? `: ${s.detail}` : ''),
          s.played ?? 0, wdl.map((n) => n ?? 0).join(' / '), time(s.created),
          (s.game_ids || []).map((g, i) => [i ? ' ' : '', el('a', { href: link.game(g), title: `game ${g}` }, `#${g}`)])];
      }), { empty: 'No scrimmage yet.' }));
    return busy;
  };
  let stop = () => {};
  const restart = async () => { stop(); stop = every(4000, draw, box); };
  fill(main, el('h1', {}, 'Scrimmages'), box, incoming,
    el('h2', {}, 'Ask for games'), requestForm(ctx, await opponents(me), restart), all);
  await restart();
}
