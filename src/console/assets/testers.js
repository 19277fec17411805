// A beta's testers: one page of the list API at a time (search, filters and sort as its query),
// the state kept in the page's address so reload and back show the same page.
import { clearErrors, el, pageBetaId, say, showErrors, start } from './core.js';

const PER_PAGE = 25;
/** The console address's parameters, each passed to the list API as it is. */
const PARAMS = ['email_contains', 'name', 'status', 'group', 'fraud', 'referred', 'sort', 'direction'];
const form = document.getElementById('tester-filters');
const base = `/console/betas/${pageBetaId()}/testers`;

const state = () => new URLSearchParams(window.location.search);

/** The form shows what the address says. */
function fill(params) {
  for (const name of PARAMS) {
    const input = form.elements[name];
    input.value = params.get(name) ?? (name === 'sort' ? 'joined' : '');
  }
}

/** The address of the form's filters, on `page`. */
function addressOf(page) {
  const params = new URLSearchParams();
  for (const name of PARAMS) {
    const value = form.elements[name].value.trim();
    if (value && !(name === 'sort' && value === 'joined')) params.set(name, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

const nameOf = (tester) => [tester.profile.first_name, tester.profile.last_name].filter(Boolean).join(' ');
const day = (time) => (time ? new Date(time).toLocaleDateString('en-CA') : '');

function row(tester) {
  const flags = tester.fraud.flags.map((flag) => flag.name).join(', ');
  return el(
    'tr',
    {},
    el('td', {}, el('a', { href: `${base}/${tester.id}` }, tester.email)),
    el('td', {}, nameOf(tester)),
    el('td', {}, tester.status),
    el('td', {}, tester.waitlist_position === null ? '—' : tester.waitlist_position.toLocaleString('en')),
    el('td', {}, String(tester.share_signups_count)),
    el('td', {}, day(tester.created_at)),
    el('td', {}, tester.groups),
    el('td', {}, flags || 'None'),
  );
}

async function load() {
  const params = state();
  fill(params);
  clearErrors(form);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams();
  for (const name of PARAMS) if (params.get(name)) query.set(name, params.get(name));
  query.set('page', String(page));
  query.set('per_page', String(PER_PAGE));
  const status = document.getElementById('testers-status');
  status.textContent = 'Loading…';
  const response = await fetch(`/api/v2/betas/${pageBetaId()}/testers?${query}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body = await response.json();
  if (!response.ok) {
    if (response.status === 401) throw Object.assign(new Error('signed out'), { status: 401 });
    status.textContent = 'No testers shown.';
    document.getElementById('testers').replaceChildren();
    showErrors(form, { status: response.status, errors: body?.errors ?? [] });
    return;
  }
  const facts = JSON.parse(response.headers.get('x-pagination') ?? '{}');
  document.getElementById('testers').replaceChildren(...body.map(row));
  const total = `${facts.total_estimated ? 'about ' : ''}${(facts.total_count ?? 0).toLocaleString('en')}`;
  status.textContent = body.length
    ? `Testers ${((page - 1) * PER_PAGE + 1).toLocaleString('en')}–${((page - 1) * PER_PAGE + body.length).toLocaleString('en')} of ${total}`
    : `No tester on this page (${total} in all).`;
  document.getElementById('page-info').textContent = `Page ${page.toLocaleString('en')} of ${(facts.pages ?? 1).toLocaleString('en')}`;
  const previous = document.getElementById('previous-page');
  const next = document.getElementById('next-page');
  previous.disabled = page <= 1;
  next.disabled = !facts.next_page;
  previous.dataset.page = String(page - 1);
  next.dataset.page = String(page + 1);
}

function go(address) {
  window.history.pushState(null, '', address);
  load().catch(failed);
}

const failed = (failure) => {
  if (failure.status === 401) window.location.assign('/console');
  else throw failure;
};

form.addEventListener('submit', (event) => {
  event.preventDefault();
  go(addressOf(1));
});
document.getElementById('clear-filters').addEventListener('click', () => {
  form.reset();
  go(base);
});
for (const id of ['previous-page', 'next-page']) {
  document.getElementById(id).addEventListener('click', (event) => go(addressOf(Number(event.currentTarget.dataset.page))));
}
window.addEventListener('popstate', () => load().catch(failed));

// A tester deleted on their page: said here, once.
const deleted = window.sessionStorage.getItem('prelaunch-deleted-tester');
if (deleted) {
  window.sessionStorage.removeItem('prelaunch-deleted-tester');
  say('testers-done', `${deleted} is deleted.`);
}

start(load);
