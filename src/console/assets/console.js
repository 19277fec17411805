// The console's one script: every action is a call of the management API (/api/v2/…) or of the
// session endpoints (/console/…), with the session cookie and, on writes, the CSRF token of the
// page. Errors are shown next to the field they concern (by the error's code), or above the form.
const csrf = document.querySelector('meta[name=csrf-token]')?.content ?? '';
const role = document.querySelector('meta[name=member-role]')?.content ?? '';

/** Which field each error code concerns; others are shown above the form. */
const FIELD_OF = { 3002: 'password', 3005: 'email', 3006: 'password', 3007: 'email', 3008: 'current_password' };

async function call(method, url, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw Object.assign(new Error('refused'), { status: response.status, errors: data?.errors ?? [] });
  return data;
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function clearErrors(form) {
  for (const error of form.querySelectorAll('.error, .alert')) {
    error.hidden = true;
    error.textContent = '';
  }
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

function showErrors(form, failure) {
  const general = [];
  for (const { code, message } of failure.errors.length ? failure.errors : [{ message: 'Something went wrong: try again.' }]) {
    // A validation error (422) names its field; a refusal (401, 403) concerns the whole request.
    const named = failure.status === 422 ? [...form.elements].map((e) => e.name).find((n) => n && new RegExp(`\\b${n}\\b`).test(message)) : undefined;
    const name = FIELD_OF[code] ?? named;
    const slot = name && form.querySelector(`#${name}-error`);
    if (slot) {
      slot.textContent = `${slot.textContent} ${message}`.trim();
      slot.hidden = false;
      form.elements[name]?.setAttribute('aria-invalid', 'true');
    } else general.push(message);
  }
  const alert = form.querySelector('.alert');
  if (general.length) {
    alert.textContent = general.join(' ');
    alert.hidden = false;
  }
  form.querySelector('[aria-invalid=true]')?.focus();
}

/** Submits the form's fields as JSON through `send`, showing what is wrong; `done` gets the answer. */
function handle(id, send, done) {
  const form = document.getElementById(id);
  if (!form) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    const values = Object.fromEntries(new FormData(form));
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      done(await send(values), form);
    } catch (failure) {
      if (!failure.errors) throw failure;
      showErrors(form, failure);
    } finally {
      button.disabled = false;
    }
  });
}

const go = (path) => window.location.assign(path);
const say = (id, text) => {
  const notice = document.getElementById(id);
  notice.textContent = text;
  notice.hidden = false;
};

handle('sign-in', (v) => call('POST', '/console/session', { email: v.email, password: v.password }), () => go('/console/betas'));
handle('setup', (v) => call('POST', '/console/setup', v), () => go('/console/betas'));
handle('reset', (v) => call('POST', '/console/password-resets/complete', v), () => go('/console/betas'));
handle('forgot', (v) => call('POST', '/console/password-resets', v), (answer) => say('forgot-sent', answer.message));
handle('change-password', (v) => call('PUT', '/console/session/password', v), (_answer, form) => {
  form.reset();
  say('change-password-done', 'Your password is changed. Your other sessions have ended.');
});
handle('add-member', (v) => call('POST', '/api/v2/members', v), (member, form) => {
  form.reset();
  say('add-member-done', `${member.email} is added; an e-mail invites them to choose a password.`);
  loadMembers();
});

document.getElementById('sign-out')?.addEventListener('click', async () => {
  await call('DELETE', '/console/session');
  go('/console');
});

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

async function loadBetas() {
  const list = document.getElementById('betas');
  if (!list) return;
  const betas = await call('GET', '/api/v2/betas?per_page=100');
  document.getElementById('betas-status').textContent = betas.length ? count(betas.length, 'beta') : 'No beta yet.';
  list.replaceChildren(...betas.map((beta) => el('li', {}, el('a', { href: `/console/betas/${beta.id}` }, beta.name), ` · ${count(beta.testers_count, 'tester')}`)));
}

const COUNTERS = [
  ['testers_count', 'Testers'],
  ['applied_testers_count', 'Applied'],
  ['invited_testers_count', 'Invited'],
  ['active_testers_count', 'Active'],
  ['impressions_count', 'Form views'],
  ['share_clicks_count', 'Share clicks'],
  ['share_signups_count', 'Referred signups'],
];

async function loadBeta() {
  const holder = document.getElementById('beta');
  if (!holder) return;
  const beta = await call('GET', `/api/v2/betas/${holder.dataset.betaId}`);
  document.getElementById('beta-status').textContent = `Created ${new Date(beta.created_at).toLocaleDateString()}`;
  document.getElementById('beta-counters').replaceChildren(...COUNTERS.flatMap(([key, label]) => [el('dt', {}, label), el('dd', { id: `counter-${key}` }, String(beta[key] ?? 0))]));
}

async function loadMembers() {
  const body = document.getElementById('members');
  if (!body) return;
  const members = await call('GET', '/api/v2/members');
  body.replaceChildren(...members.map(memberRow));
}

function memberRow(member) {
  const cells = [el('td', {}, member.email, member.has_password ? '' : ' (invited)')];
  if (role !== 'owner') return el('tr', {}, ...cells, el('td', {}, member.role), el('td'));
  const select = el('select', { 'aria-label': `Role of ${member.email}` }, ...['owner', 'admin', 'viewer'].map((r) => el('option', { value: r }, r)));
  select.value = member.role;
  select.addEventListener('change', () => act(() => call('PATCH', `/api/v2/members/${member.id}`, { role: select.value })));
  const remove = el('button', { type: 'button', class: 'secondary' }, 'Remove');
  remove.addEventListener('click', () => window.confirm(`Remove ${member.email}?`) && act(() => call('DELETE', `/api/v2/members/${member.id}`)));
  return el('tr', {}, ...cells, el('td', {}, select), el('td', {}, remove));
}

async function act(change) {
  const alert = document.getElementById('members-error');
  alert.hidden = true;
  try {
    await change();
  } catch (failure) {
    alert.textContent = (failure.errors ?? []).map((e) => e.message).join(' ') || 'Something went wrong: try again.';
    alert.hidden = false;
  }
  await loadMembers();
}

Promise.all([loadBetas(), loadBeta(), loadMembers()]).catch((failure) => {
  if (failure.status === 401) go('/console');
});
