// A beta's bulk actions: the new action's preview and confirmation (a deletion's by typing its
// number of testers), the export of a filter's testers, and the actions' progress, polled while any
// runs (a reload or a restart shows it where it is: the job's row says).
import { actionText, CONFIRM_VERBS, capitalised, typedTotal } from './bulk-words.js';
import { call, clearErrors, count, el, messagesOf, number, pageBetaId, role, say, showErrors, start, when } from './core.js';
import { previewRows } from './preview.js';

const api = `/api/v2/betas/${pageBetaId()}`;
const base = `${api}/bulk_actions`;
const POLL_MS = 1000;
/** Query parameters of the testers table that are its paging or order, not a filter. */
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'order', 'direction']);
/** The fields each filter action asks for besides the filter. */
const FIELDS = { set_status: 'status-field', add_to_group: 'group-field', remove_from_group: 'group-field' };
const form = document.getElementById('bulk-form');
let asked = null;
let polling = null;

function kind() {
  return form.elements.kind.value;
}

function showKind() {
  const top = kind() === 'top';
  const action = form.elements.action.value;
  document.getElementById('top-field').hidden = !top;
  for (const id of ['action-field', 'filters-field']) document.getElementById(id).hidden = top;
  for (const id of new Set(Object.values(FIELDS))) document.getElementById(id).hidden = top || FIELDS[action] !== id;
}

/** The filter field's text as the API's filters object. */
function filtersOf(text) {
  const filters = {};
  for (const [name, value] of new URLSearchParams(text.trim().replace(/^\?/, ''))) if (!NOT_FILTERS.has(name) && value !== '') filters[name] = value;
  return filters;
}

/** The export links download the testers the filter matches, as the testers table's export does. */
function showExport() {
  const query = new URLSearchParams(filtersOf(form.elements.filters.value)).toString();
  document.getElementById('export-csv').href = `${api}/testers.csv?${query}`;
  document.getElementById('export-ndjson').href = `${api}/testers.ndjson?${query}`;
}

function request(values) {
  if (values.kind === 'top') {
    const top = values.top.trim();
    return { action: 'invite', ...(top === '' ? {} : { top: /^\d+$/.test(top) ? Number(top) : top }) };
  }
  const filters = filtersOf(values.filters);
  if (values.action === 'set_status') return values.status === 'invited' ? { action: 'invite', filters } : { action: 'set_status', status: values.status, filters };
  return { action: values.action, ...(FIELDS[values.action] === 'group-field' ? { group: values.group } : {}), filters };
}

function describe(body) {
  if (body.top !== undefined && body.top !== null) return `Invite the top ${count(body.top, 'tester')} of the waitlist`;
  const filter = new URLSearchParams(body.filters ?? {}).toString();
  return capitalised(actionText(body, filter ? `the testers matching ${filter}` : 'every tester'));
}

function showPreview(preview) {
  const section = document.getElementById('preview');
  document.getElementById('preview-summary').textContent = `${describe(asked)}:`;
  const deleting = asked.action === 'delete';
  const facts = [
    ['Testers selected', preview.testers],
    [deleting ? 'Deleted' : 'Changes', preview.changes],
    ['Skipped (already so, or not permitted)', preview.skipped],
    ['E-mails sent', preview.emails],
    ['E-mails held (suppressed or unsubscribed)', preview.suppressed_emails],
    ['Webhook deliveries', preview.webhook_deliveries],
    ['Referrals credited', preview.referral_credits],
  ];
  document.getElementById('preview-counts').replaceChildren(...facts.flatMap(([label, n]) => [el('dt', {}, label), el('dd', {}, number(n))]));
  document.querySelector('#preview-testers tbody').replaceChildren(...previewRows(preview.first_testers));
  // A deletion is confirmed by typing how many: the button waits for that number, and the API
  // refuses it if the filter matches another number by then.
  if (deleting) asked = { ...asked, confirm_total: preview.testers };
  const confirm = document.getElementById('bulk-confirm');
  document.getElementById('delete-field').hidden = !deleting;
  document.getElementById('confirm-total').value = '';
  confirm.className = deleting ? 'danger' : '';
  confirm.disabled = deleting;
  confirm.textContent = deleting ? `${CONFIRM_VERBS.delete} ${count(preview.testers, 'tester')}` : 'Confirm and start';
  document.getElementById('preview-error').hidden = true;
  section.hidden = false;
  document.getElementById('preview-title').focus();
}

function hidePreview() {
  document.getElementById('preview').hidden = true;
  asked = null;
}

if (form) {
  for (const radio of form.elements.kind) radio.addEventListener('change', showKind);
  form.elements.action.addEventListener('change', showKind);
  // A link from the testers table passes its filter as this page's query string.
  const given = new URLSearchParams(window.location.search);
  if ([...given.keys()].some((name) => !NOT_FILTERS.has(name))) {
    form.elements.filters.value = [...given].filter(([name]) => !NOT_FILTERS.has(name)).map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
    document.getElementById('kind-filter').checked = true;
  }
  showKind();
  showExport();
  form.elements.filters.addEventListener('input', showExport);
  form.addEventListener('input', hidePreview);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    hidePreview();
    const body = request(Object.fromEntries(new FormData(form)));
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const preview = await call('POST', base, { ...body, dry_run: true });
      asked = body;
      showPreview(preview);
    } catch (failure) {
      if (!failure.errors) throw failure;
      showErrors(form, failure);
    } finally {
      button.disabled = false;
    }
  });
  document.getElementById('confirm-total').addEventListener('input', (event) => {
    document.getElementById('bulk-confirm').disabled = !asked || !typedTotal(event.target.value, asked.confirm_total);
  });
  document.getElementById('bulk-discard').addEventListener('click', () => {
    hidePreview();
    form.elements[kind() === 'top' ? 'top' : 'action'].focus();
  });
  document.getElementById('bulk-confirm').addEventListener('click', async (event) => {
    if (!asked) return;
    event.target.disabled = true;
    try {
      const action = await call('POST', base, asked);
      hidePreview();
      say('bulk-started', `Started: ${describe(action)}. Its progress is below; you may leave this page.`);
      await loadJobs();
    } catch (failure) {
      say('preview-error', messagesOf(failure));
    } finally {
      event.target.disabled = false;
    }
  });
}

const STATES = { queued: 'Queued', running: 'Running', completed: 'Completed', failed: 'Failed', cancelled: 'Cancelled' };

function jobRow(job) {
  const label = `${describe(job)} (#${job.id})`;
  const bar = el('progress', { max: '100', value: String(job.progress), 'aria-label': `Progress of ${label}` });
  const progress = el('td', { class: 'progress' }, bar, el('span', { class: 'progress-text' }, ` ${job.progress} % · ${number(job.processed)} of ${number(job.total)}`));
  const live = job.state === 'queued' || job.state === 'running';
  const cancel = el('td');
  if (live && role !== 'viewer') {
    const button = el('button', { type: 'button', class: 'secondary', 'aria-label': `Cancel ${label}` }, 'Cancel');
    button.addEventListener('click', () => cancelJob(job, label));
    cancel.append(button);
  }
  const state = el('td', {}, STATES[job.state], job.failure ? `: ${job.failure}` : '');
  return el('tr', { 'data-job-id': String(job.id), 'data-state': job.state }, el('td', {}, label), state, progress, el('td', {}, number(job.changed)), el('td', {}, number(job.skipped)), el('td', {}, when(job.created_at)), cancel);
}

async function cancelJob(job, label) {
  if (!window.confirm(`Cancel ${label}? Testers already changed stay changed.`)) return;
  try {
    await call('POST', `${base}/${job.id}/cancel`);
  } catch (failure) {
    say('jobs-error', messagesOf(failure));
  }
  await loadJobs();
}

async function loadJobs() {
  const jobs = await call('GET', `${base}?per_page=20`);
  document.getElementById('jobs-status').textContent = jobs.length ? count(jobs.length, 'recent action') : 'No bulk action yet.';
  document.getElementById('jobs').replaceChildren(...jobs.map(jobRow));
  const running = jobs.some((job) => job.state === 'queued' || job.state === 'running');
  if (running && !polling) polling = setInterval(() => loadJobs().catch(() => {}), POLL_MS);
  if (!running && polling) {
    clearInterval(polling);
    polling = null;
  }
}

start(loadJobs);
