// The account pages' script: sign-in (by password or by an e-mailed link), setup, password reset, the account, the members and the
// list of betas. Every action is a call of the management API or of the session endpoints.
import { call, count, el, go, handle, messagesOf, role, say, start } from './core.js';

handle('sign-in', (v) => call('POST', '/console/session', { email: v.email, password: v.password }), () => go('/console/betas'));
handle('setup', (v) => call('POST', '/console/setup', v), () => go('/console/betas'));
handle('sign-in-link', (v) => call('POST', '/console/session/link', v), () => go('/console/betas'));
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

async function loadBetas() {
  const list = document.getElementById('betas');
  if (!list) return;
  const betas = await call('GET', '/api/v2/betas?per_page=100');
  document.getElementById('betas-status').textContent = betas.length ? count(betas.length, 'beta') : 'No beta yet.';
  // Two betas may share a name: the slug (or the id) tells them apart.
  list.replaceChildren(
    ...betas.map((beta) =>
      el('li', {}, el('a', { href: `/console/betas/${beta.id}` }, beta.name), ` · ${beta.slug ? `/b/${beta.slug}` : `#${beta.id}`} · ${count(beta.testers_count, 'tester')}${beta.sandbox ? ` · sandbox of #${beta.sandbox_of}` : ''}`),
    ),
  );
}

handle(
  'new-beta',
  (v) => call('POST', '/api/v2/betas', { name: v.name, homepage_url: v.homepage_url, ...(v.slug.trim() ? { slug: v.slug.trim() } : {}) }),
  (beta) => go(`/console/betas/${beta.id}`),
);

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
    alert.textContent = messagesOf(failure);
    alert.hidden = false;
  }
  await loadMembers();
}

start(loadBetas, loadMembers);
