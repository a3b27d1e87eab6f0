// register.js: creating an account (an invite code and e-mail domains when the organizers set them).
import { el, fill } from '../dom.js';
import { CODE, field, postForm } from '../forms.js';

export default async function register(ctx) {
  const { me, main } = ctx;
  const reg = me.competition.registration || { open: true };
  if (me.user) {
    fill(main, el('h1', {}, 'Register'), el('p', {}, `You are logged in as ${me.user.name}. `, el('a', { href: '/team' }, 'Your team'), '.'));
    return;
  }
  if (!reg.open) {
    fill(main, el('h1', {}, 'Register'), el('p', {}, 'Registration is closed. Ask the organizers.'));
    return;
  }
  const domains = reg.email_domains ? String(reg.email_domains) : '';
  const form = postForm({
    fields: [
      field('Name', { name: 'name', autocomplete: 'username', required: true, maxlength: 40 }, 'shown on the ladder; 1 to 40 bytes of UTF-8: 40 plain letters, fewer accented or non-Latin ones'),
      field('E-mail', { name: 'email', type: 'email', autocomplete: 'email', required: !!domains },
        domains ? `an address at ${domains}` : 'optional: for the organizers to reach you'),
      field('Password', { name: 'password', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 }, 'at least 8 characters'),
      field('Password again', { name: 'again', type: 'password', autocomplete: 'new-password', required: true }),
      reg.invite_required ? field('Invite code', { name: 'invite', required: true, ...CODE }, 'from the organizers') : null],
    label: 'Register', url: '/api/register',
    check: (v) => (v.password !== v.again ? 'The two passwords differ.' : null),
    // No name begins or ends with a blank; a phone's keyboard leaves one after a word it suggested.
    body: (v) => ({ name: v.name.trim(), email: v.email || '', password: v.password, invite: (v.invite || '').trim() }),
    done: () => location.assign('/team'),
  });
  form.noValidate = true;
  fill(main, el('h1', {}, 'Register'), form,
    el('p', {}, 'Already registered? ', el('a', { href: '/login' }, 'Log in'), '.'));
  form.querySelector('input').focus();
}
