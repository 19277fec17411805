// A beta's bulk actions: the new action's preview and confirmation, and the actions' progress,
// polled while any runs (a reload or a restart shows it where it is: the job's row says).
import { call, clearErrors, count, el, messagesOf, number, pageBetaId, role, say, showErrors, start, when } from './core.js';
import { previewRows } from './preview.js';

const base = `/api/v2/betas/${pageBetaId()}/bulk_actions`;
const POLL_MS = 1000;
/** Query parameters of the testers table that are its paging or order, not a filter. */
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'order', 'direction']);
const form = document.getElementById('bulk-form');
let asked = null;
let polling = null;

function kind() {
  return form.elements.kind.value;
}

function showKind() {
  const top = kind() === 'top';
  document.getElementById('top-field').hidden = !top;
  document.getElementById('status-field').hidden = top;
  document.getElementById('filters-field').hidden = top;
}

/** The filter field's text as the API's filters object. */
function filtersOf(text) {
  const filters = {};
  for (const [name, value] of new URLSearchParams(text.trim().replace(/^\?/, ''))) if (!NOT_FILTERS.has(name) && value !== '') filters[name] = value;
  return filters;
}

function request(values) {
  if (values.kind === 'top') {
    const top = values.top.trim();
    return { action: 'invite', ...(top === '' ? {} : { top: /^\d+$/.test(top) ? Number(top) : top }) };
  }
  const action = values.status === 'invited' ? 'invite' : 'set_status';
  return { action, ...(action === 'set_status' ? { status: values.status } : {}), filters: filtersOf(values.filters) };
}

function describe(body) {
  if (body.top !== undefined && body.top !== null) return `Invite the top ${count(body.top, 'tester')} of the waitlist`;
  const filter = new URLSearchParams(body.filters ?? {}).toString();
  const whom = filter ? `the testers matching ${filter}` : 'every tester';
  switch (body.action) {
    case 'invite':
      return `Invite ${whom}`;
    case 'set_status':
      return `Set status ${body.status} for ${whom}`;
    case 'add_to_group':
      return `Add ${whom} to the group ${body.group}`;
    case 'remove_from_group':
      return `Remove ${whom} from the group ${body.group}`;
    default:
      return `Delete ${whom}`;
  }
}

function showPreview(preview) {
  const section = document.getElementById('preview');
  document.getElementById('preview-summary').textContent = `${describe(asked)}:`;
  const facts = [
    ['Testers selected', preview.testers],
    ['Status changes', preview.changes],
    ['Skipped (already in it, or not permitted)', preview.skipped],
    ['E-mails sent', preview.emails],
    ['E-mails held (suppressed or unsubscribed)', preview.suppressed_emails],
    ['Webhook deliveries', preview.webhook_deliveries],
    ['Referrals credited', preview.referral_credits],
  ];
  document.getElementById('preview-counts').replaceChildren(...facts.flatMap(([label, n]) => [el('dt', {}, label), el('dd', {}, number(n))]));
  document.querySelector('#preview-testers tbody').replaceChildren(...previewRows(preview.first_testers));
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
  // A link from the testers table passes its filter as this page's query string.
  const given = new URLSearchParams(window.location.search);
  if ([...given.keys()].some((name) => !NOT_FILTERS.has(name))) {
    form.elements.filters.value = [...given].filter(([name]) => !NOT_FILTERS.has(name)).map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
    document.getElementById('kind-filter').checked = true;
  }
  showKind();
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
  document.getElementById('bulk-discard').addEventListener('click', () => {
    hidePreview();
    form.elements[kind() === 'top' ? 'top' : 'status'].focus();
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
