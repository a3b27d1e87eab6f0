// login.js: logging in, then back to the page that asked (?next=, a path on this site only).
import { el, fill, param } from '../dom.js';
import { field, postForm } from '../forms.js';

// Only a page of this site, judged as the browser reads the address: it drops tabs and newlines
// and reads "\" as "/", so "/\t/host" is "//host", another site, though it looked like a path.
// The whole address resolved here is what goes, never the text as given.
function nextPage() {
  const n = param('next');
  if (!n || !n.startsWith('/')) return '/';
  try {
    const u = new URL(n, location.origin);
    return u.origin === location.origin ? u.href : '/';
  } catch {
    return '/';
  }
}

export default async function login(ctx) {
  const { me, main } = ctx;
  if (me.user) {
    fill(main, el('h1', {}, 'Log in'), el('p', {}, `You are logged in as ${me.user.name}.`));
    return;
  }
  const form = postForm({
    fields: [field('Name', { name: 'name', autocomplete: 'username', required: true }),
      field('Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true })],
    label: 'Log in', url: '/api/login', done: () => location.assign(nextPage()),
  });
  fill(main, el('h1', {}, 'Log in'), form,
    el('p', {}, 'No account yet? ', el('a', { href: '/register' }, 'Register'), '. Forgot your password? Ask the organizers to reset it.'));
  form.querySelector('input').focus();
}
