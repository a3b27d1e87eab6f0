// watch.js: /watch/ID: one game in the replay viewer (web/js/, served under /viewer/), with what the
// site knows about it above: kind, seats and results, the replay's download and one's own stderr.
// The viewer's markup is its own page (/viewer/index.html), taken as it is, so the two never drift.
import { api } from '../api.js';
import { el, fill, link, msgBox, pathId, say, time } from '../dom.js';
import { every, gameLinks, gameState, seats } from '../parts.js';

const KIND = { validation: 'Validation game', scrimmage: 'Scrimmage', ladder: 'Ladder game', final: 'Final game' };

async function viewerBody() {
  const r = await fetch('/viewer/index.html', { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`the viewer's page is missing (${r.status})`);
  // Our own static page, not user data: parsed inertly (DOMParser runs no script).
  return new DOMParser().parseFromString(await r.text(), 'text/html').body;
}

export default async function watch(ctx) {
  const { me, main } = ctx;
  const id = pathId();
  const box = msgBox();
  fill(main, el('h1', {}, `Game ${id}`), box);
  let g;
  try {
    g = (await api(`/api/games/${id}`)).game;
  } catch (e) {
    say(box, e.message);
    return;
  }
  // The page's one heading names the game: its kind, number and who played it.
  const who = (g.seats || []).map((s) => s.name || 'reference').join(' vs ');
  const heading = `${KIND[g.kind] || g.kind} ${g.id}${who ? `: ${who}` : ''}`;
  document.title = `${heading} · ${me.competition.title || 'Arena'}`;
  fill(main, el('div', { class: 'gamebar' },
    el('h1', {}, heading), g.kind === 'scrimmage' ? (g.ranked ? ' (ranked)' : ' (unranked)') : '',
    ' · ', gameState(g), ' · ', seats(g), g.finished ? [' · ', time(g.finished)] : '',
    g.seed !== null && g.seed !== undefined ? ` · seed ${g.seed}` : '', ' · ', gameLinks(g, me, null, true)), box);
  if (!g.replay) {
    const waiting = g.state === 'queued' || g.state === 'leased';
    say(box, waiting ? 'This game has not been played yet; the page opens it when it is.' : 'This game has no replay.', 'info');
    // Asks again until the game is played, then draws the page anew (with the viewer).
    if (waiting) every(5000, async () => !(await api(`/api/games/${id}`)).game.replay || location.reload(), box);
    return;
  }
  document.body.classList.add('watching');
  let vb;
  try {
    vb = await viewerBody();
  } catch (e) {
    say(box, e.message);
    return;
  }
  for (const s of vb.querySelectorAll('script')) s.remove();
  document.body.append(...vb.childNodes);
  document.body.dataset.replay = link.replay(g.id);
  // The viewer titles the page after the replay ("Chicken · seed 41867… · Arena replay", as `arena
  // view` does) once it has read its header: the site's tab keeps naming the game and the site.
  const title = document.title;
  new MutationObserver(() => { if (document.title !== title) document.title = title; })
    .observe(document.head, { childList: true, subtree: true, characterData: true });
  await import('/viewer/js/main.js');
}
