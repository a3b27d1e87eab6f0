// app.js: every page's frame. Reads GET /api/me (who is there, the CSRF token, the competition),
// draws the header (navigation, the deadline, announcements), then runs the page's own module
// (js/pages/<body data-page>.js) with a context: { me, main, refresh }.
import { api, post, setSession } from './api.js';
import { el, fill, say, msgBox, time } from './dom.js';
import { stateLine } from './parts.js';

const PAGES = {
  home: 'Home', register: 'Register', login: 'Log in', account: 'Account', team: 'My team',
  teams: 'Teams', submissions: 'Submissions', scrimmages: 'Scrimmages', games: 'Games',
  watch: 'Game', ladder: 'Ladder', final: 'Final', organizer: 'Organizer', notfound: 'No such page',
};

function navLinks(me, page) {
  const u = me.user;
  const items = [['/', 'home', 'Home'], ['/ladder', 'ladder', 'Ladder'], ['/teams', 'teams', 'Teams'], ['/games', 'games', 'Games']];
  if (u) {
    items.push(['/team', 'team', 'My team']);
    if (u.team) items.push(['/submissions', 'submissions', 'Submissions'], ['/scrimmages', 'scrimmages', 'Scrimmages']);
  }
  items.push(['/final', 'final', 'Final']);
  if (u && u.organizer) items.push(['/organizer', 'organizer', 'Organizer']);
  return items.map(([href, id, label]) => el('a', { href, 'aria-current': id === page ? 'page' : null }, label));
}

function userBox(me) {
  if (!me.user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return [el('a', { href: '/login?next=' + next }, 'Log in'), el('a', { href: '/register' }, 'Register')];
  }
  const out = el('button', { type: 'button', class: 'link', on: { click: logout } }, 'Log out');
  return [el('a', { href: '/account', title: 'your account' }, me.user.name), out];
}

async function logout() {
  try {
    await post('/api/logout');
  } catch (e) { /* the session may be gone already: going home shows the truth either way */ }
  location.assign('/');
}

function announcements(comp, all) {
  const list = comp.announcements || [];
  if (!list.length) return null;
  const shown = all ? list : list.slice(0, 1);
  return el('section', { class: 'announcements', 'aria-label': 'announcements' },
    shown.map((a) => el('div', { class: 'announcement' },
      el('span', { class: 'text' }, a.text),
      el('span', { class: 'meta' }, ' — ', a.author || '', ', ', time(a.created)))),
    !all && list.length > 1 ? el('a', { href: '/', class: 'more' }, `all ${list.length} announcements`) : null);
}

function header(me, page) {
  const comp = me.competition;
  return el('header', { class: 'site' },
    // The first Tab on every page: straight to the page's own content, past the navigation.
    el('a', { href: '#page', class: 'skip' }, 'Skip to the page'),
    el('div', { class: 'bar' },
      el('a', { href: '/', class: 'brand' }, comp.title || 'Arena'),
      el('span', { class: 'game' }, comp.game_title || comp.game),
      el('nav', { 'aria-label': 'site' }, navLinks(me, page)),
      el('span', { class: 'spacer' }),
      el('span', { class: 'who' }, userBox(me))),
    el('div', { class: 'sub' }, stateLine(comp)),
    // The first start's organizer password is printed and kept in clear in the data folder until
    // it is changed: every page asks for that until it is done.
    me.first_start_password && page !== 'account' ? el('p', { class: 'msg info', id: 'first-password' },
      'You are logged in with the password printed at the first start (kept in clear in the data folder): ',
      el('a', { href: '/account' }, 'change it'), '.') : null,
    page === 'home' ? null : announcements(comp, false));
}

async function boot() {
  const page = document.body.dataset.page || 'home';
  let me;
  try {
    me = await api('/api/me');
  } catch (e) {
    document.body.append(el('main', { id: 'page' }, el('p', { class: 'msg error', role: 'alert' }, e.message)));
    return;
  }
  setSession(me);
  document.title = `${PAGES[page] || page} · ${me.competition.title || 'Arena'}`;
  const main = el('main', { id: 'page', tabindex: '-1' });
  fill(document.body, header(me, page), main);
  const ctx = { me, main, page, announcements: (all) => announcements(me.competition, all) };
  try {
    const mod = await import(`./pages/${page}.js`);
    await mod.default(ctx);
  } catch (e) {
    const box = msgBox();
    main.append(box);
    say(box, e.message || String(e));
  }
  document.body.dataset.ready = '1';
}

// A page restored from the back/forward cache shows what was true when it was left: redraw it.
window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });

boot();

