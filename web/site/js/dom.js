// dom.js: builds the pages' elements. Every string given to el() becomes a text node or an attribute
// value, never HTML, so a user's name with markup in it shows as the characters they typed.

// el('a', {href: '/teams/3', class: 'x'}, 'text', child, [more]): an element. Props: attributes,
// plus `on: {event: fn}`, `dataset: {}`, and the properties value / checked / disabled / hidden /
// selected. Children: nodes, strings and numbers (text), arrays (flattened), null/false (skipped).
export function el(tag, props, ...children) {
  const e = tag.includes(':') ? document.createElementNS('http://www.w3.org/2000/svg', tag.split(':')[1])
    : document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'on') for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k === 'value' || k === 'checked' || k === 'selected' || k === 'disabled' || k === 'hidden') e[k] = v;
    else {
      // Event handler attributes and script URLs never come from here: the pages attach handlers
      // with `on`, and every link they build is to this site.
      if (/^on/i.test(k)) throw new Error(`el: attribute ${k} is not allowed`);
      if ((k === 'href' || k === 'src' || k === 'action') && /^\s*(javascript|data|vbscript):/i.test(String(v)))
        throw new Error(`el: ${k} ${v} is not allowed`);
      e.setAttribute(k, v === true ? '' : String(v));
    }
  }
  add(e, children);
  return e;
}

function add(parent, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) add(parent, c);
    else if (c instanceof Node) parent.appendChild(c);
    else parent.appendChild(document.createTextNode(String(c)));
  }
}

// Replaces a node's children.
export function fill(node, ...children) {
  node.replaceChildren();
  add(node, children);
  return node;
}

// True when data differs from what node showed last (and remembers it). A poll that finds nothing
// new then leaves the page alone: a focused button, a selection in a log, a scroll position and
// a half-typed keyboard path survive it (a redraw replaced them every few seconds).
const shown = new WeakMap();
export function changed(node, data) {
  const key = JSON.stringify(data);
  if (shown.get(node) === key) return false;
  shown.set(node, key);
  return true;
}

// A message box: kind 'error' (role=alert), 'ok' or 'info'. Empty text hides it.
export function say(box, text, kind = 'error') {
  box.textContent = text || '';
  box.className = 'msg ' + kind;
  box.hidden = !text;
  if (kind === 'error') box.setAttribute('role', 'alert');
  else box.setAttribute('role', 'status');
}

export function msgBox() {
  const b = el('p', { class: 'msg', hidden: true });
  return b;
}

// A table: heads are strings (a leading '#' marks a numeric column), rows are arrays of cells
// (a cell is anything el() takes as a child). Options: empty (text when there are no rows), class
// (the table's), cols (a class for each column's cells, which a narrow screen's CSS may move),
// labels: false (no data-label on the cells: the table labels its cards itself).
// On a phone (site.css, under 600 px) each row is a card, its cells after their column's name
// (data-label): a table as wide as the screen scrolled sideways, its last columns out of sight.
// It comes in a box of its own that scrolls sideways, should a card's one word still be too wide.
export function table(heads, rows, opts = {}) {
  if (!rows.length && opts.empty) return el('p', { class: 'dim' }, opts.empty);
  const num = heads.map((h) => h.startsWith('#'));
  return el('div', { class: 'table-wrap' }, el('table', { class: 'list' + (opts.class ? ' ' + opts.class : '') },
    el('thead', {}, el('tr', {}, heads.map((h, i) => el('th', { class: num[i] ? 'num' : null, scope: 'col' }, num[i] ? h.slice(1) : h)))),
    el('tbody', {}, rows.map((r) => el('tr', { class: r.rowClass || null },
      r.map((c, i) => el('td', { class: [num[i] ? 'num' : null, opts.cols && opts.cols[i]].filter(Boolean).join(' ') || null,
        'data-label': opts.labels !== false && heads[i] && heads[i] !== '#' ? (num[i] ? heads[i].slice(1) : heads[i]) : null }, c)))))));
}

// Times: the API gives UTC as "YYYY-MM-DDTHH:MM:SSZ" (or with a space); shown in the browser's zone,
// named after the time ("16:25 UTC", "21:55 UTC+5:30"): a bare "16:25" read as the server's zone by
// some and as one's own by others, and the deadline is the organizers' UTC.
export function parseTime(s) {
  if (!s) return null;
  const d = new Date(/Z$|[+-]\d\d:?\d\d$/.test(s) ? s.replace(' ', 'T') : s.replace(' ', 'T') + 'Z');
  return isNaN(d) ? null : d;
}

// The browser's zone at that moment as an offset from UTC ("UTC", "UTC+1", "UTC−5", "UTC+5:30").
export function zoneName(d) {
  const off = -d.getTimezoneOffset();
  if (!off) return 'UTC';
  const a = Math.abs(off);
  return `UTC${off > 0 ? '+' : '−'}${Math.floor(a / 60)}${a % 60 ? ':' + String(a % 60).padStart(2, '0') : ''}`;
}

export function fmtTime(s) {
  const d = parseTime(s);
  if (!d) return s ? String(s) : '';
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())} ${zoneName(d)}`;
}

// A time with its exact UTC value as a tooltip (and in datetime, for scripts).
export function time(s) {
  const d = parseTime(s);
  const utc = d ? d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : s || '';
  return el('time', { datetime: d ? d.toISOString() : s || '', title: utc }, fmtTime(s));
}

// 75 -> "1 min 15 s"; 90000 -> "1 d 1 h".
export function fmtDuration(sec) {
  sec = Math.max(0, Math.round(sec));
  if (sec < 60) return `${sec} s`;
  if (sec < 3600) return `${Math.floor(sec / 60)} min${sec % 60 ? ` ${sec % 60} s` : ''}`;
  if (sec < 86400) return `${Math.floor(sec / 3600)} h${Math.floor(sec / 60) % 60 ? ` ${Math.floor(sec / 60) % 60} min` : ''}`;
  return `${Math.floor(sec / 86400)} d${Math.floor(sec / 3600) % 24 ? ` ${Math.floor(sec / 3600) % 24} h` : ''}`;
}

export function fmtBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

// Ratings: Elo as integers, other rules' measures with two decimals.
export function fmtNum(x) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  return Number.isInteger(x) || Math.abs(x) >= 100 ? String(Math.round(x)) : x.toFixed(2);
}

// Links to this site's pages, built from ids only.
export const link = {
  team: (id) => `/teams/${Number(id)}`,
  game: (id) => `/watch/${Number(id)}`,
  replay: (id, download) => `/api/games/${Number(id)}/replay${download ? '?download=1' : ''}`,
  submission: (id) => `/submissions/${Number(id)}`,
};

// A team's name linking to its page ({id, name} or null).
export function teamLink(team, fallback = '–') {
  if (!team || !team.id) return team && team.name ? team.name : fallback;
  return el('a', { href: link.team(team.id) }, team.name);
}

// The numeric id at the end of the path (/teams/12 -> 12), or null.
export function pathId() {
  const m = /\/(\d+)\/?$/.exec(location.pathname);
  return m ? Number(m[1]) : null;
}

export function param(name) { return new URLSearchParams(location.search).get(name); }
