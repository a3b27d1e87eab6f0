// api.js: the pages' one way to the server's JSON API (docs/serve.md "The API"): every request that
// changes something carries the session's X-CSRF-Token, and an error reply becomes an ApiError whose
// message is the server's own words, shown to the user as written.

let csrf = '';
let who = null; // the id of the user the page was drawn for (null: nobody logged in)
function setCsrf(token) { if (token) csrf = token; }
// GET /api/me's reply as the page starts: the token, and whose page this is.
export function setSession(me) { setCsrf(me.csrf); who = me.user ? me.user.id : null; }

// A refusal for a stale token: this tab's token belonged to a session that is gone (another tab
// logged in or out, the password was changed, or an organizer reset it). When the browser's
// session is still the same user's, the request is sent again with the new token; when it is
// nobody's or someone else's, the page is out of date, and it says which rather than act for
// another account.
async function renewed(e) {
  if (e.status !== 403 || !/X-CSRF-Token/.test(e.message)) return false;
  let me = null;
  try { me = await (await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store' })).json(); } catch (x) { /* below */ }
  if (!me || typeof me.csrf !== 'string') throw new ApiError(403, 'This page is out of date: reload it, then try again.');
  const now = me.user ? me.user.id : null;
  if (now === who) { csrf = me.csrf; return true; }
  if (now === null) throw loggedOut('try again');
  throw new ApiError(403, `You are logged in as ${me.user.name} in another tab or window since this page was drawn: reload this page, then try again.`);
}

export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// The session this page was drawn for is gone (see renewed): said in words, with what to do next.
// A refusal has status 401, which tells a polling page (parts.js's every) to stop asking.
function loggedOut(then) {
  return new ApiError(401, 'You are no longer logged in (you logged out in another tab or window, or your password was changed or reset): '
    + `log in again, then ${then}.`);
}

async function errorOf(r) {
  let text = '';
  try { text = await r.text(); } catch (e) { /* the body is lost: say the status */ }
  try {
    const j = JSON.parse(text);
    if (j && typeof j.error === 'string') return new ApiError(r.status, j.error);
  } catch (e) { /* not JSON */ }
  return new ApiError(r.status, `the server answered ${r.status} ${r.statusText}${text ? ': ' + text.slice(0, 300) : ''}`);
}

// api('/api/teams') -> the reply's JSON; api('/api/teams', {body: {name}}) POSTs JSON.
export async function api(path, { method, body, again } = {}) {
  method = method || (body === undefined ? 'GET' : 'POST');
  const headers = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let r;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin', cache: 'no-store' });
  } catch (e) {
    throw new ApiError(0, `the server cannot be reached (${e.message || e}); is it running?`);
  }
  if (!r.ok) {
    const e = await errorOf(r);
    // A reading refused as "log in first" on a page drawn for a user: its session ended since.
    if (e.status === 401 && method === 'GET' && who !== null) throw loggedOut('reload this page');
    if (!again && await renewed(e)) return api(path, { method, body, again: true });
    throw e;
  }
  const reply = r.status === 204 ? {} : await r.json();
  if (reply && typeof reply.csrf === 'string') setCsrf(reply.csrf);
  if (reply && reply.user && typeof reply.user.id === 'number') who = reply.user.id; // logged in here
  return reply;
}

export const post = (path, body = {}) => api(path, { method: 'POST', body });

// A header value must be Latin-1: other names travel percent-encoded (RFC 5987's way).
function headerName(name) {
  return /^[\x20-\x7e]*$/.test(name) ? name : encodeURIComponent(name);
}

// Uploads a file as the raw request body (POST /api/submissions), reporting progress as
// onProgress(sentBytes, totalBytes). Resolves to the reply's JSON; rejects with an ApiError.
export async function upload(path, file, onProgress) {
  try {
    return await uploadOnce(path, file, onProgress);
  } catch (e) {
    if (await renewed(e)) return uploadOnce(path, file, onProgress);
    throw e;
  }
}

function uploadOnce(path, file, onProgress) {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open('POST', path);
    x.setRequestHeader('X-CSRF-Token', csrf);
    x.setRequestHeader('X-Filename', headerName(file.name));
    x.setRequestHeader('Content-Type', 'application/octet-stream');
    x.setRequestHeader('Accept', 'application/json');
    x.upload.onprogress = (e) => { if (onProgress) onProgress(e.loaded, e.lengthComputable ? e.total : file.size); };
    x.onerror = () => reject(new ApiError(0, 'the upload was cut off (the server closed the connection or cannot be reached)'));
    x.onload = () => {
      let j = null;
      try { j = JSON.parse(x.responseText); } catch (e) { /* not JSON */ }
      if (x.status >= 200 && x.status < 300 && j) resolve(j);
      else if (j && typeof j.error === 'string') reject(new ApiError(x.status, j.error));
      else reject(new ApiError(x.status, `the server answered ${x.status}${x.responseText ? ': ' + x.responseText.slice(0, 300) : ''}`));
    };
    x.send(file);
  });
}
