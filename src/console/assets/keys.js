// The company's API keys (owners): the list, paged, with revocation; a new key with its
// permissions and expiry, its secret shown once with a copy button.
import { call, el, handle, messagesOf, start, when } from './core.js';
import { pagedTable, showSecret } from './tables.js';

const allPermissions = document.querySelectorAll('input[name=permissions]').length;

function stateOf(key) {
  if (key.revoked_at) return `Revoked ${when(key.revoked_at)}`;
  if (key.expires_at && Date.parse(key.expires_at) <= Date.now()) return 'Expired';
  return 'Active';
}


function keyRow(key) {
  const cells = [
    el('td', {}, key.name),
    el('td', {}, el('code', {}, `${key.key_prefix}…`)),
    el('td', {}, key.permissions.length === allPermissions ? 'All' : key.permissions.join(', ')),
    el('td', {}, when(key.created_at)),
    el('td', {}, key.expires_at ? when(key.expires_at) : 'Never'),
    el('td', {}, key.last_used_at ? when(key.last_used_at) : 'Never'),
    el('td', {}, stateOf(key)),
  ];
  const actions = el('td', { class: 'row-actions' });
  if (!key.revoked_at) {
    const revoke = el('button', { type: 'button', class: 'secondary', 'aria-label': `Revoke ${key.name} (${key.key_prefix}…)` }, 'Revoke');
    revoke.addEventListener('click', () => window.confirm(`Revoke ${key.name}? Whatever uses it stops working at once.`) && revokeKey(key));
    actions.append(revoke);
  }
  return el('tr', {}, ...cells, actions);
}

const loadKeys = document.getElementById('keys') && pagedTable('keys', '/api/v2/api_keys', keyRow, 'No key yet.');

async function revokeKey(key) {
  const alert = document.getElementById('keys-alert');
  alert.hidden = true;
  try {
    await call('POST', `/api/v2/api_keys/${key.id}/revoke`);
  } catch (failure) {
    if (!failure.errors) throw failure;
    alert.textContent = messagesOf(failure);
    alert.hidden = false;
  }
  await loadKeys();
}

handle(
  'add-key',
  (values) => {
    const form = document.getElementById('add-key');
    const permissions = [...form.querySelectorAll('input[name=permissions]:checked')].map((box) => box.value);
    return call('POST', '/api/v2/api_keys', { name: values.name, permissions, expires_at: values.expires_at || null });
  },
  async (key, form) => {
    form.reset();
    showSecret(key.key);
    await loadKeys(1);
  },
);

start(...(loadKeys ? [() => loadKeys(1)] : []));
