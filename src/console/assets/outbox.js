// A beta's outbox: the e-mails newest first, a page at a time by cursor (a filter starts again from
// the newest; an occasion or status is looked for in a window of the log at a time, so a page may
// come short and the button then looks further), and one e-mail opened below the list: its facts,
// its HTML in a sandboxed frame that loads the message under its own policy, and its plain text.
import { call, clearErrors, el, number, pageBetaId, showErrors, start, when } from './core.js';

const beta = pageBetaId();
const api = `/api/v2/betas/${beta}`;
const filters = document.getElementById('outbox-filters');
const body = document.getElementById('outbox');
const older = document.getElementById('older');
const STATUS_LABELS = { queued: 'Queued', captured: 'Captured', sent: 'Sent', suppressed: 'Held back', failed: 'Failed' };
const PAGE_SIZE = 50;
const occasionLabel = (occasion) => occasion.replace('_', ' ');

let cursor = null;
let shown = 0;

/** The filters as a query string, empty ones left out. */
function query() {
  const values = Object.entries(Object.fromEntries(new FormData(filters))).filter(([, value]) => String(value).trim() !== '');
  return new URLSearchParams(values);
}

function row(message) {
  const open = el('button', { type: 'button', class: 'secondary', 'data-message-id': String(message.id) }, message.subject || '(no subject)');
  const status = message.error ? `${STATUS_LABELS[message.status]}: ${message.error}` : STATUS_LABELS[message.status];
  return el(
    'tr',
    { 'data-message-id': String(message.id) },
    el('td', {}, when(message.created_at)),
    el('td', {}, message.to),
    el('td', {}, `${occasionLabel(message.occasion)}${message.test ? ' (test)' : ''}`),
    el('td', {}, status),
    el('td', {}, open),
  );
}

/** Shows the first page for the filters (`more`: appends the next one). */
async function load(more = false) {
  const params = query();
  params.set('limit', String(PAGE_SIZE));
  if (more && cursor !== null) params.set('before', String(cursor));
  let page;
  try {
    page = await call('GET', `${api}/outbox?${params}`);
  } catch (failure) {
    if (!failure.errors || failure.status === 401) throw failure;
    showErrors(filters, failure);
    document.getElementById('outbox-status').textContent = 'Nothing shown: see the message above.';
    return;
  }
  if (!more) {
    body.replaceChildren();
    shown = 0;
  }
  body.append(...page.messages.map(row));
  shown += page.messages.length;
  cursor = page.older;
  older.hidden = cursor === null;
  const unfinished = cursor !== null;
  if (shown === 0) body.append(el('tr', {}, el('td', { colspan: '5' }, query().size ? `No e-mail matches these filters${unfinished ? ' among those looked through so far' : ''}.` : 'No e-mail yet.')));
  older.textContent = unfinished && page.messages.length < PAGE_SIZE ? 'Look through older e-mails' : 'Show older e-mails';
  const plural = shown === 1 ? '' : 's';
  document.getElementById('outbox-status').textContent =
    shown === 0 ? (unfinished ? 'No e-mails found yet.' : 'No e-mails.') : `Showing the newest ${number(shown)} e-mail${plural}${unfinished ? '.' : ': all of them.'}`;
}

async function openMessage(id) {
  const message = await call('GET', `${api}/emails/${id}`);
  const section = document.getElementById('message');
  document.getElementById('message-subject').textContent = message.subject || '(no subject)';
  const facts = [
    ['To', message.to],
    ['Occasion', `${occasionLabel(message.occasion)}${message.test ? ' (test)' : ''}`],
    ['Status', STATUS_LABELS[message.status]],
    ['Written', when(message.created_at)],
    ['Sent', when(message.sent_at) || '—'],
  ];
  if (message.error) facts.push(['Error', message.error]);
  document.getElementById('message-facts').replaceChildren(...facts.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]));
  const frame = document.getElementById('message-html');
  frame.hidden = message.html_body === null;
  document.getElementById('message-no-html').hidden = message.html_body !== null;
  frame.src = message.html_body === null ? 'about:blank' : `/console/betas/${beta}/outbox/${message.id}/html`;
  document.getElementById('message-text').textContent = message.body;
  section.hidden = false;
  section.focus();
}

body.addEventListener('click', (event) => {
  const id = event.target.closest('button[data-message-id]')?.dataset.messageId;
  if (id) openMessage(id);
});
document.getElementById('close-message').addEventListener('click', () => {
  document.getElementById('message').hidden = true;
  document.getElementById('message-html').src = 'about:blank';
  body.querySelector('button')?.focus();
});
filters.addEventListener('submit', (event) => {
  event.preventDefault();
  clearErrors(filters);
  load();
});
filters.addEventListener('change', (event) => {
  if (event.target.tagName === 'SELECT') filters.requestSubmit();
});
document.getElementById('clear-filters').addEventListener('click', () => {
  filters.reset();
  filters.requestSubmit();
});
older.addEventListener('click', () => load(true));

start(() => load());
