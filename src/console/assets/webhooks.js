// A beta's webhook endpoints: the list and a new endpoint (its secret shown once), and one
// endpoint's page: its settings, a test event, a new secret, deletion, and its delivery log, paged,
// with each attempt's payload on demand and redelivery.
import { call, el, go, handle, messagesOf, number, pageBetaId, say, start, when } from './core.js';
import { pagedTable, showSecret } from './tables.js';

const base = `/api/v2/betas/${pageBetaId()}/webhooks`;
const pagePath = `/console/betas/${pageBetaId()}/settings/webhooks`;
const webhookId = /\/settings\/webhooks\/([^/]+)$/.exec(window.location.pathname)?.[1];

/** The browser's own time zone: what a new digest most likely means. */
const ownTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';

/**
 * The endpoint's fields as the form has them: `events` from its check boxes ("*" for all), no
 * digest when its time is empty.
 */
function webhookBody(form) {
  const events = [...form.querySelectorAll('input[name=events]:checked')].map((box) => box.value);
  const digestAt = form.elements.digest_at.value;
  return {
    url: form.elements.url.value,
    format: form.elements.format.value,
    events: events.includes('*') ? ['*'] : events,
    enabled: form.elements.enabled.checked,
    prefinery_signature: form.elements.prefinery_signature.checked,
    digest_at: digestAt || null,
    digest_time_zone: digestAt ? form.elements.digest_time_zone.value : null,
  };
}

function fillWebhook(form, webhook) {
  form.elements.url.value = webhook.url;
  form.elements.format.value = webhook.format;
  for (const box of form.querySelectorAll('input[name=events]')) box.checked = webhook.events.includes(box.value);
  form.elements.enabled.checked = webhook.enabled;
  form.elements.prefinery_signature.checked = webhook.prefinery_signature;
  form.elements.digest_at.value = webhook.digest_at ?? '';
  form.elements.digest_time_zone.value = webhook.digest_time_zone ?? ownTimeZone;
}

const FORMATS = { standard: 'Signed JSON', slack: 'Slack', discord: 'Discord' };

/** How an endpoint is sent to, in words: its format and its digest. */
function deliveryOf(webhook) {
  return webhook.digest_at ? `${FORMATS[webhook.format]} · digest at ${webhook.digest_at} (${webhook.digest_time_zone})` : FORMATS[webhook.format];
}

/** Runs an action of a table's row, its refusal shown above the table. */
async function act(alertId, action, reload) {
  const alert = document.getElementById(alertId);
  alert.hidden = true;
  try {
    await action();
  } catch (failure) {
    if (!failure.errors) throw failure;
    alert.textContent = messagesOf(failure);
    alert.hidden = false;
  }
  await reload();
}

// ---- the list of endpoints -------------------------------------------------------------------

const loadWebhooks = document.getElementById('webhooks') && pagedTable('webhooks', base, webhookRow, 'No endpoint yet.');

function webhookRow(webhook) {
  const state = `${webhook.enabled ? 'Enabled' : `Disabled${webhook.disabled_reason ? `: ${webhook.disabled_reason}` : ''}`} · ${deliveryOf(webhook)}`;
  const remove = el('button', { type: 'button', class: 'secondary' }, 'Delete');
  remove.addEventListener('click', () => window.confirm(`Delete the endpoint ${webhook.url} and its log?`) && act('webhooks-alert', () => call('DELETE', `${base}/${webhook.id}`), loadWebhooks));
  return el(
    'tr',
    {},
    el('td', {}, el('a', { href: `${pagePath}/${webhook.id}` }, webhook.url)),
    el('td', {}, webhook.events.includes('*') ? 'All events' : webhook.events.join(', ')),
    el('td', {}, state),
    el('td', { class: 'row-actions' }, el('a', { href: `${pagePath}/${webhook.id}`, 'aria-label': `Log and settings of ${webhook.url}` }, 'Log and settings'), ' ', remove),
  );
}

const addForm = document.getElementById('add-webhook');
if (addForm) addForm.elements.digest_time_zone.value = ownTimeZone;

handle('add-webhook', () => call('POST', base, webhookBody(addForm)), async (webhook, form) => {
  form.reset();
  form.elements.digest_time_zone.value = ownTimeZone;
  showSecret(webhook.secret);
  await loadWebhooks();
});

// ---- one endpoint ------------------------------------------------------------------------------

const endpoint = `${base}/${webhookId}`;
const loadDeliveries = webhookId && document.getElementById('deliveries') && pagedTable('deliveries', `${endpoint}/deliveries`, deliveryRow, 'No delivery yet.');

async function loadWebhook() {
  const webhook = await call('GET', endpoint);
  fillWebhook(document.getElementById('edit-webhook'), webhook);
  const state = webhook.enabled ? 'enabled' : `disabled${webhook.disabled_reason ? ` (${webhook.disabled_reason})` : ''}`;
  document.getElementById('webhook-status').textContent = `${webhook.url} · ${state} · ${deliveryOf(webhook)}`;
}

function deliveryRow(delivery) {
  const payload = el('button', { type: 'button', class: 'secondary', 'aria-controls': 'payload' }, 'Payload');
  payload.addEventListener('click', () => act('deliveries-alert', () => showPayload(delivery), async () => {}));
  const redeliver = el('button', { type: 'button', class: 'secondary' }, 'Redeliver');
  redeliver.addEventListener('click', () =>
    act('deliveries-alert', async () => {
      await call('POST', `${endpoint}/deliveries/${delivery.id}/redeliver`);
      say('actions-done', `Event ${delivery.event_id} queued again: its attempt shows here in a moment.`);
    }, loadDeliveries),
  );
  const status = delivery.status === 'succeeded' ? 'Succeeded' : `Failed${delivery.error ? `: ${delivery.error}` : ''}`;
  return el(
    'tr',
    {},
    el('td', {}, when(delivery.created_at)),
    el('td', {}, delivery.event_type, el('br'), el('small', {}, delivery.event_id)),
    el('td', {}, status, delivery.next_attempt_at ? ` · next try ${when(delivery.next_attempt_at)}` : ''),
    el('td', {}, number(delivery.attempt)),
    el('td', {}, delivery.response_status === null ? 'No answer' : String(delivery.response_status)),
    el('td', {}, `${delivery.duration_ms} ms`),
    el('td', { class: 'row-actions' }, payload, redeliver),
  );
}

async function showPayload(delivery) {
  const detail = await call('GET', `${endpoint}/deliveries/${delivery.id}`);
  let text = detail.payload ?? 'Not rendered yet.';
  try {
    text = JSON.stringify(JSON.parse(text), null, 2);
  } catch {}
  document.getElementById('payload-heading').textContent = `Payload of ${delivery.event_type} (${delivery.event_id})`;
  const pre = document.getElementById('payload-text');
  pre.textContent = text;
  document.getElementById('payload').hidden = false;
  pre.focus();
}

handle('edit-webhook', () => call('PATCH', endpoint, webhookBody(document.getElementById('edit-webhook'))), async (webhook, form) => {
  fillWebhook(form, webhook);
  say('edit-webhook-done', 'Saved.');
  await loadWebhook();
});

/** An action button of the endpoint's page: its refusal in the actions' alert. */
function action(id, run) {
  document.getElementById(id)?.addEventListener('click', async () => {
    document.getElementById('actions-error').hidden = true;
    try {
      await run();
    } catch (failure) {
      if (!failure.errors) throw failure;
      say('actions-error', messagesOf(failure));
    }
  });
}

action('send-test', async () => {
  const sent = await call('POST', `${endpoint}/test`);
  say('actions-done', `Test event ${sent.event_id} sent: its attempt shows in the log below.`);
  // The worker sends it at once; the log shows it once it has been tried.
  setTimeout(() => loadDeliveries(1), 1500);
});
action('rotate-secret', async () => {
  if (!window.confirm('Replace the signing secret? The old one stops working at once.')) return;
  showSecret((await call('POST', `${endpoint}/rotate_secret`)).secret);
});
action('delete-webhook', async () => {
  if (!window.confirm('Delete this endpoint and its delivery log?')) return;
  await call('DELETE', endpoint);
  go(pagePath);
});

if (webhookId) start(loadWebhook, () => loadDeliveries(1));
else if (loadWebhooks) start(() => loadWebhooks(1));
else start();
