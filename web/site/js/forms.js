// forms.js: labelled form fields and reading a form's values.
import { post } from './api.js';
import { el, say } from './dom.js';

let serial = 0;

// A code typed or pasted exactly (an invite code, a team's join code): a phone's keyboard would
// otherwise capitalize its first letter or "correct" it, and the code no longer matches.
export const CODE = { autocomplete: 'off', autocapitalize: 'none', autocorrect: 'off', spellcheck: 'false' };

// A labelled input (or textarea / select / checkbox through props.type), with a line of help.
export function field(label, props, help) {
  const id = props.id || `f${++serial}`;
  const helpId = help ? id + '-help' : null;
  const common = { ...props, id, 'aria-describedby': helpId };
  let input;
  if (props.type === 'textarea') {
    delete common.type;
    input = el('textarea', common);
  } else if (props.type === 'select') {
    const { options = [] } = props;
    delete common.type;
    delete common.options;
    input = el('select', common, options.map(([v, text]) => el('option', { value: v, selected: String(v) === String(props.value) }, text)));
  } else {
    input = el('input', { type: 'text', ...common });
  }
  if (props.type === 'checkbox') {
    return el('div', { class: 'field check' }, input, el('label', { for: id }, label),
      help ? el('small', { id: helpId, class: 'help' }, help) : null);
  }
  return el('div', { class: 'field' }, el('label', { for: id }, label), input,
    help ? el('small', { id: helpId, class: 'help' }, help) : null);
}

// {name: value} of a form's named inputs (checkboxes: true / false).
export function formValues(form) {
  const out = {};
  for (const e of form.elements) {
    if (!e.name) continue;
    out[e.name] = e.type === 'checkbox' ? e.checked : e.value;
  }
  return out;
}

// A form that POSTs its values and then calls done(reply, values) (default: reload the page), or
// shows the server's error under it. Options: fields (nodes), label (the button), url (text, or a
// function of the values), body (values -> the JSON sent), check (values -> a complaint that stops
// the POST, or nothing), question (asked with confirm() first), cls (the form's class).
export function postForm({ fields, label, url, body, done, check, question, cls }) {
  const box = el('p', { class: 'msg', hidden: true });
  const form = el('form', { class: cls || 'stack' }, fields, el('div', {}, el('button', { type: 'submit' }, label)), box);
  // The browser refuses a field itself (empty, too short): its own bubble says why, so an older
  // message of the server's must not stay beside it as if it were the answer to this try.
  form.addEventListener('invalid', () => say(box, ''), true);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const v = formValues(form);
    const bad = check && check(v);
    if (bad) { say(box, bad); return; }
    const q = typeof question === 'function' ? question(v) : question;
    if (q && !confirm(q)) return;
    const btn = form.querySelector('button[type=submit]');
    btn.disabled = true;
    try {
      const r = await post(typeof url === 'function' ? url(v) : url, body ? body(v) : v);
      btn.disabled = false;
      if (done) await done(r, v, form, box); else location.reload();
    } catch (err) {
      say(box, err.message);
      btn.disabled = false;
    }
  });
  return form;
}
