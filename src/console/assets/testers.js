// A beta's testers: one page of the list API at a time (search, filters and sort as its query),
// the state kept in the page's address so reload and back show the same page. A search box
// searches as it is typed, once the typing pauses. Rows are selected by their check boxes (kept
// across pages and searches) or as "all N matching" the filters; a selection is exported, or moved
// by one bulk action (a background job, followed on the bulk actions page). The columns shown are
// the member's choice, kept per beta in this browser.
import { actionText, CONFIRM_VERBS, capitalised, typedTotal } from './bulk-words.js';
import { call, clearErrors, count, el, keep, kept, messagesOf, number, pageBetaId, say, showErrors, start, when } from './core.js';

const PER_PAGE = 25;
/** How long a search box waits for the next key before it searches: one request per pause, not per key. */
const SEARCH_PAUSE_MS = 300;
/** The most testers picked one by one that a bulk action or an export takes (src/modules/testers/selected-ids.ts). */
const MAX_PICKED = 1000;
/** The console address's parameters, each passed to the list API as it is. */
const PARAMS = ['email_contains', 'name', 'status', 'group', 'fraud', 'referred', 'sort', 'direction'];
/** Those of them that choose testers (the others order them). */
const FILTERS = ['email_contains', 'name', 'status', 'group', 'fraud', 'referred'];
/** The text fields searched as they are typed. */
const TYPED = ['email_contains', 'name', 'group'];
/** The filters folded away on a narrow screen: all but the e-mail search. */
const FOLDED = FILTERS.filter((name) => name !== 'email_contains');
const form = document.getElementById('tester-filters');
const base = `/console/betas/${pageBetaId()}/testers`;
const api = `/api/v2/betas/${pageBetaId()}`;

const state = () => new URLSearchParams(window.location.search);

/** The form shows what the address says. */
function fill(params) {
  for (const name of PARAMS) {
    const input = form.elements[name];
    input.value = params.get(name) ?? (name === 'sort' ? 'joined' : '');
  }
  const folded = FOLDED.filter((name) => params.get(name)).length;
  document.getElementById('filters-toggle').textContent = folded ? `More filters (${folded} in use)` : 'More filters';
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

/** The filters the address holds, as the API's filters object. */
function filtersOf(params) {
  return Object.fromEntries(FILTERS.filter((name) => params.get(name)).map((name) => [name, params.get(name)]));
}

const nameOf = (tester) => [tester.profile.first_name, tester.profile.last_name].filter(Boolean).join(' ');

// ---- Columns: the fixed ones (select, e-mail, name), then those chosen, in this order.

const COLUMNS = {
  status: { label: 'Status', cell: (tester) => tester.status },
  position: { label: 'Position', cell: (tester) => (tester.waitlist_position === null ? '—' : number(tester.waitlist_position)) },
  // Asked of the list only while shown (include=points).
  points: { label: 'Points', cell: (tester) => number(tester.points ?? 0) },
  referrals: { label: 'Referrals', cell: (tester) => number(tester.share_signups_count) },
  source: { label: 'Source', cell: (tester) => tester.profile.utm_source ?? '' },
  country: { label: 'Country', cell: (tester) => tester.profile.country ?? '' },
  joined: { label: 'Signup date', cell: (tester) => when(tester.created_at) },
  groups: { label: 'Groups', cell: (tester) => tester.groups },
  fraud: { label: 'Fraud flags', cell: (tester) => tester.fraud.flags.map((flag) => flag.name).join(', ') || 'None' },
};
const DEFAULT_COLUMNS = ['status', 'position', 'referrals', 'joined', 'groups', 'fraud'];
const COLUMNS_KEY = `prelaunch-testers-columns-${pageBetaId()}`;

/** The columns this member chose for this beta in this browser, or the default ones. */
function chosenColumns() {
  const saved = kept(COLUMNS_KEY);
  return new Set(Array.isArray(saved) ? saved.filter((key) => key in COLUMNS) : DEFAULT_COLUMNS);
}

let columns = chosenColumns();
const shownColumns = () => Object.keys(COLUMNS).filter((key) => columns.has(key));

// ---- The selection: testers picked one by one (ids), or every tester matching the filters.

const selection = { ids: new Set(), matching: null };
/** The page shown: its testers, and how many match its filters. */
let shown = { testers: [], total: 0, estimated: false, filters: {} };

const isSelected = (id) => selection.matching !== null || selection.ids.has(id);

/** The selection as the API's filters: its ids, or the filters it matched. */
function selectionFilters() {
  return selection.matching ? selection.matching.filters : { ids: [...selection.ids].join(',') };
}

/** The selection as an export's query: ids keep their commas, which a query may hold as they are. */
function selectionQuery() {
  return selection.matching ? new URLSearchParams(selection.matching.filters).toString() : `ids=${[...selection.ids].join(',')}`;
}

const selectedCount = () => (selection.matching ? selection.matching.total : selection.ids.size);

function refuseMore() {
  say('selection-count', `At most ${number(MAX_PICKED)} testers can be picked one by one: ${count(selection.ids.size, 'tester')} selected. To act on more, select all the testers matching a filter.`);
}

/** Picks or unpicks the tester; false when the bound is reached. */
function pick(id, on) {
  if (!on) selection.ids.delete(id);
  else if (!selection.ids.has(id)) {
    if (selection.ids.size >= MAX_PICKED) return false;
    selection.ids.add(id);
  }
  return true;
}

function showSelection() {
  const status = document.getElementById('selection-count');
  const n = selectedCount();
  if (selection.matching) {
    const total = `${selection.matching.estimated ? 'about ' : ''}${number(selection.matching.total)}`;
    status.textContent = `All ${total} testers matching the filters are selected.`;
  } else status.textContent = n ? `${count(n, 'tester')} selected.` : 'No tester selected.';
  const matching = document.getElementById('select-matching');
  matching.hidden = selection.matching !== null || shown.total === 0;
  matching.textContent = `Select all ${shown.estimated ? 'about ' : ''}${number(shown.total)} matching`;
  document.getElementById('clear-selection').hidden = n === 0;
  document.getElementById('selection-actions').hidden = n === 0;
  const query = selectionQuery();
  document.getElementById('export-csv').href = `${api}/testers.csv?${query}`;
  document.getElementById('export-ndjson').href = `${api}/testers.ndjson?${query}`;
  const boxes = [...document.querySelectorAll('#testers input[type=checkbox]')];
  for (const box of boxes) {
    box.checked = isSelected(Number(box.dataset.id));
    box.disabled = selection.matching !== null;
  }
  const page = document.getElementById('select-page');
  const checked = boxes.filter((box) => box.checked).length;
  page.checked = boxes.length > 0 && checked === boxes.length;
  page.indeterminate = checked > 0 && checked < boxes.length;
  page.disabled = selection.matching !== null;
  hidePreview();
}

function selectPage(on) {
  for (const tester of shown.testers) {
    if (!pick(tester.id, on)) {
      showSelection();
      refuseMore();
      return;
    }
  }
  showSelection();
}

function clearSelection() {
  selection.ids.clear();
  selection.matching = null;
  showSelection();
}

document.getElementById('select-matching').addEventListener('click', () => {
  selection.ids.clear();
  selection.matching = { filters: shown.filters, total: shown.total, estimated: shown.estimated };
  showSelection();
  document.getElementById('clear-selection').focus();
});
document.getElementById('clear-selection').addEventListener('click', () => {
  clearSelection();
  document.getElementById('select-page').focus();
});

// ---- The table.

function renderHead() {
  const all = el('input', { type: 'checkbox', id: 'select-page', 'aria-label': 'Select every tester on this page' });
  all.addEventListener('change', () => selectPage(all.checked));
  const head = (label) => el('th', { scope: 'col' }, label);
  document.getElementById('testers-head').replaceChildren(el('th', { scope: 'col' }, all), head('E-mail'), head('Name'), ...shownColumns().map((key) => head(COLUMNS[key].label)));
}

function row(tester) {
  const box = el('input', { type: 'checkbox', id: `select-${tester.id}`, 'data-id': String(tester.id), 'aria-label': `Select ${tester.email}` });
  box.addEventListener('change', () => {
    if (!pick(tester.id, box.checked)) {
      box.checked = false;
      showSelection();
      refuseMore();
      return;
    }
    showSelection();
  });
  return el(
    'tr',
    {},
    el('td', { class: 'select' }, box),
    el('td', { class: 'email' }, el('a', { href: `${base}/${tester.id}` }, tester.email)),
    el('td', {}, nameOf(tester)),
    ...shownColumns().map((key) => el('td', { 'data-column': key }, COLUMNS[key].cell(tester))),
  );
}

function renderRows() {
  document.getElementById('testers').replaceChildren(...shown.testers.map(row));
  showSelection();
}

/** Loads counted: an answer to an earlier load that comes after a later one's is dropped. */
let loads = 0;

async function load() {
  const asked = ++loads;
  const params = state();
  fill(params);
  clearErrors(form);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams();
  for (const name of PARAMS) if (params.get(name)) query.set(name, params.get(name));
  query.set('page', String(page));
  query.set('per_page', String(PER_PAGE));
  if (columns.has('points')) query.set('include', 'points');
  const status = document.getElementById('testers-status');
  status.textContent = 'Loading…';
  const response = await fetch(`${api}/testers?${query}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body = await response.json();
  if (asked !== loads) return;
  const filters = filtersOf(params);
  // "All matching" meant the filters it was chosen under: others select other testers.
  if (selection.matching && new URLSearchParams(selection.matching.filters).toString() !== new URLSearchParams(filters).toString()) selection.matching = null;
  if (!response.ok) {
    if (response.status === 401) throw Object.assign(new Error('signed out'), { status: 401 });
    status.textContent = 'No testers shown.';
    shown = { testers: [], total: 0, estimated: false, filters };
    renderRows();
    showErrors(form, { status: response.status, errors: body?.errors ?? [] });
    return;
  }
  const facts = JSON.parse(response.headers.get('x-pagination') ?? '{}');
  shown = { testers: body, total: facts.total_count ?? 0, estimated: Boolean(facts.total_estimated), filters };
  renderRows();
  const total = `${facts.total_estimated ? 'about ' : ''}${number(facts.total_count ?? 0)}`;
  status.textContent = body.length
    ? `Testers ${number((page - 1) * PER_PAGE + 1)}–${number((page - 1) * PER_PAGE + body.length)} of ${total}`
    : `No tester on this page (${total} in all).`;
  document.getElementById('page-info').textContent = `Page ${number(page)} of ${number(facts.pages ?? 1)}`;
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

let typing = null;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(typing);
  go(addressOf(1));
});
// Typing searches once it pauses; the address is replaced, not pushed: back skips the keystrokes.
form.addEventListener('input', (event) => {
  if (!TYPED.includes(event.target.name)) return;
  clearTimeout(typing);
  typing = setTimeout(() => {
    const address = addressOf(1);
    if (address === `${window.location.pathname}${window.location.search}`) return;
    window.history.replaceState(null, '', address);
    load().catch(failed);
  }, SEARCH_PAUSE_MS);
});
document.getElementById('clear-filters').addEventListener('click', () => {
  clearTimeout(typing);
  form.reset();
  go(base);
});
for (const id of ['previous-page', 'next-page']) {
  document.getElementById(id).addEventListener('click', (event) => go(addressOf(Number(event.currentTarget.dataset.page))));
}
window.addEventListener('popstate', () => load().catch(failed));

// On a narrow screen the filters but the e-mail search fold behind a button (console.css).
const toggle = document.getElementById('filters-toggle');
toggle.addEventListener('click', () => {
  const open = toggle.getAttribute('aria-expanded') !== 'true';
  toggle.setAttribute('aria-expanded', String(open));
  document.getElementById('more-filters').classList.toggle('open', open);
});

// The column chooser: shows the columns checked, and keeps the choice for this beta.
for (const box of document.querySelectorAll('#columns input[name=column]')) {
  box.checked = columns.has(box.value);
  box.addEventListener('change', () => {
    columns = new Set([...document.querySelectorAll('#columns input[name=column]:checked')].map((checked) => checked.value));
    keep(COLUMNS_KEY, shownColumns());
    renderHead();
    // The rows shown were read without their points: read again.
    if (box.value === 'points' && box.checked) load().catch(failed);
    else renderRows();
  });
}

// ---- A bulk action on the selection (owners and admins): previewed, its count confirmed (typed, for
// a deletion), started.

const change = document.getElementById('selection-form');
let asked = null;

function hidePreview() {
  const preview = document.getElementById('selection-preview');
  if (preview) preview.hidden = true;
  asked = null;
}

/** The fields each action asks for besides the selection. */
const FIELDS = { set_status: 'selection-status-field', add_to_group: 'selection-group-field', remove_from_group: 'selection-group-field' };

function request() {
  const action = change.elements.change.value;
  const body = { action, filters: selectionFilters() };
  if (action === 'set_status') body.status = change.elements.target_status.value;
  if (FIELDS[action] === 'selection-group-field') body.group = change.elements.group.value;
  return body;
}

if (change) {
  const confirm = document.getElementById('selection-confirm');
  const typed = document.getElementById('selection-confirm-total');
  change.elements.change.addEventListener('change', () => {
    for (const id of new Set(Object.values(FIELDS))) document.getElementById(id).hidden = FIELDS[change.elements.change.value] !== id;
    hidePreview();
  });
  change.addEventListener('input', hidePreview);
  change.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(change);
    hidePreview();
    const body = request();
    const button = change.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const preview = await call('POST', `${api}/bulk_actions`, { ...body, dry_run: true });
      document.getElementById('selection-preview-summary').textContent = `${capitalised(actionText(body, count(preview.testers, 'selected tester')))}:`;
      const facts = [
        [body.action === 'delete' ? 'Deleted' : 'Changes', preview.changes],
        ['Skipped (already so, or not permitted)', preview.skipped],
        ['E-mails sent', preview.emails],
        ['Webhook deliveries', preview.webhook_deliveries],
      ];
      document.getElementById('selection-preview-counts').replaceChildren(...facts.flatMap(([label, n]) => [el('dt', {}, label), el('dd', {}, number(n))]));
      // A deletion is confirmed by typing how many: the button waits for that number.
      const deleting = body.action === 'delete';
      asked = deleting ? { ...body, confirm_total: preview.testers } : body;
      document.getElementById('selection-delete-field').hidden = !deleting;
      typed.value = '';
      confirm.className = deleting ? 'danger' : '';
      confirm.disabled = deleting;
      confirm.textContent = `${CONFIRM_VERBS[body.action]} ${count(preview.testers, 'tester')}`;
      document.getElementById('selection-preview-error').hidden = true;
      document.getElementById('selection-preview').hidden = false;
      document.getElementById('selection-preview-title').focus();
    } catch (failure) {
      if (!failure.errors) throw failure;
      showErrors(change, failure);
    } finally {
      button.disabled = false;
    }
  });
  typed.addEventListener('input', () => {
    confirm.disabled = !asked || !typedTotal(typed.value, asked.confirm_total);
  });
  document.getElementById('selection-discard').addEventListener('click', () => {
    hidePreview();
    change.elements.change.focus();
  });
  confirm.addEventListener('click', async () => {
    if (!asked) return;
    confirm.disabled = true;
    try {
      const started = await call('POST', `${api}/bulk_actions`, asked);
      const done = document.getElementById('selection-done');
      done.replaceChildren(`Started: ${actionText(started, count(started.total, 'tester'))}. Its progress is on the `, el('a', { href: `/console/betas/${pageBetaId()}/bulk` }, 'bulk actions page'), '.');
      done.hidden = false;
      clearSelection();
    } catch (failure) {
      say('selection-preview-error', messagesOf(failure));
      confirm.disabled = false;
    }
  });
}

// A tester deleted on their page: said here, once.
const deleted = window.sessionStorage.getItem('prelaunch-deleted-tester');
if (deleted) {
  window.sessionStorage.removeItem('prelaunch-deleted-tester');
  say('testers-done', `${deleted} is deleted.`);
}

renderHead();
start(load);
