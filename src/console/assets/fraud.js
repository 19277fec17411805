// A beta's fraud review: the queue of flagged testers a page at a time, each signal in words,
// approve or reject a row or the rows selected (one call for them all), the queue's clusters by
// network, device or referrer, each decided whole in one call, and the decisions' log.
import { call, count, el, messagesOf, number, pageBetaId, role, say, start, when } from './core.js';

const beta = `/api/v2/betas/${pageBetaId()}`;
const PER_PAGE = 25;
const writes = role !== 'viewer';
const CLUSTERS_PER_PAGE = 10;
const pages = { queue: 1, log: 1, clusters: 1 };

/** A page of a list with its X-Pagination facts. */
async function listPage(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw Object.assign(new Error('refused'), { status: response.status, errors: (await response.json().catch(() => null))?.errors ?? [] });
  return { items: await response.json(), facts: JSON.parse(response.headers.get('x-pagination') ?? '{}') };
}

function pager(id, facts, list, load) {
  const nav = document.getElementById(id);
  const buttons = [];
  if (facts.previous_page) buttons.push(pageButton(`Previous page of ${list}`, 'Previous', () => load(facts.previous_page)));
  if (facts.pages > 1) buttons.push(el('span', {}, `Page ${facts.current_page} of ${facts.pages}`));
  if (facts.next_page) buttons.push(pageButton(`Next page of ${list}`, 'Next', () => load(facts.next_page)));
  nav.replaceChildren(...buttons);
}

function pageButton(label, text, go) {
  const button = el('button', { type: 'button', class: 'secondary', 'aria-label': label }, text);
  button.addEventListener('click', go);
  return button;
}

const REFERRAL = { held: 'Held until approved', pending: 'Credited when they join', credited: 'Credited' };

function queueRow(tester) {
  const who = el('td', {}, el('a', { href: `/console/betas/${pageBetaId()}/testers/${tester.id}` }, tester.email), el('br'), `${tester.status} · signed up ${when(tester.created_at)}`);
  const signals = el('td', {}, el('ul', { class: 'signals' }, ...tester.flags.map((flag) => el('li', {}, el('strong', {}, flag.name.replaceAll('_', ' ')), `: ${flag.reason}`))));
  const referral = el('td', {}, tester.referred_by ? `${REFERRAL[tester.referral] ?? ''} (referred by ${tester.referred_by})` : 'Not referred');
  if (!writes) return el('tr', {}, who, signals, referral);
  const box = el('input', { type: 'checkbox', name: 'tester', value: String(tester.id), id: `select-${tester.id}` });
  const select = el('td', {}, box, el('label', { for: `select-${tester.id}`, class: 'visually-hidden' }, `Select ${tester.email}`));
  const approve = el('button', { type: 'button', 'aria-label': `Approve ${tester.email}` }, 'Approve');
  const reject = el('button', { type: 'button', class: 'danger', 'aria-label': `Reject ${tester.email}` }, 'Reject');
  approve.addEventListener('click', () => decide('approve', [tester.id]));
  reject.addEventListener('click', () => decide('reject', [tester.id]));
  return el('tr', { 'data-tester-id': String(tester.id) }, select, who, signals, referral, el('td', { class: 'decide' }, approve, ' ', reject));
}

async function loadQueue(page = pages.queue) {
  const { items, facts } = await listPage(`${beta}/fraud_queue?page=${page}&per_page=${PER_PAGE}`);
  if (items.length === 0 && page > 1) return loadQueue(page - 1);
  pages.queue = page;
  document.getElementById('queue-status').textContent = facts.total_count ? `${count(facts.total_count, 'flagged tester')} to review` : 'Nothing to review: no flagged tester is waiting.';
  document.getElementById('queue').replaceChildren(...items.map(queueRow));
  const all = document.getElementById('select-all');
  if (all) all.checked = false;
  pager('queue-pager', facts, 'the queue', loadQueue);
}

function logRow(decision) {
  return el(
    'tr',
    {},
    el('td', {}, when(decision.created_at)),
    el('td', {}, decision.tester_email),
    el('td', {}, decision.decision === 'approve' ? 'Approved' : 'Rejected'),
    el('td', {}, decision.decided_by.name),
    el('td', {}, decision.note ?? ''),
  );
}

async function loadLog(page = pages.log) {
  const { items, facts } = await listPage(`${beta}/fraud_decisions?page=${page}&per_page=${PER_PAGE}`);
  pages.log = page;
  document.getElementById('log-status').textContent = facts.total_count ? count(facts.total_count, 'decision') : 'No decision yet.';
  document.getElementById('log').replaceChildren(...items.map(logRow));
  pager('log-pager', facts, 'the decisions', loadLog);
}

const SHARED = { network: 'a network', device: 'a device', referrer: 'a referrer' };

function clusterRow(cluster) {
  const more = cluster.size - cluster.members.length;
  const members = el(
    'ul',
    { class: 'signals' },
    ...cluster.members.map((tester) => el('li', {}, el('a', { href: `/console/betas/${pageBetaId()}/testers/${tester.id}` }, tester.email))),
    ...(more > 0 ? [el('li', {}, `and ${number(more)} more`)] : []),
  );
  const cells = [el('th', { scope: 'row' }, cluster.label), el('td', {}, number(cluster.size)), el('td', {}, members)];
  if (!writes) return el('tr', {}, ...cells);
  const approve = el('button', { type: 'button', 'aria-label': `Approve all ${count(cluster.size, 'tester')} of ${cluster.label}` }, 'Approve all');
  const reject = el('button', { type: 'button', class: 'danger', 'aria-label': `Reject all ${count(cluster.size, 'tester')} of ${cluster.label}` }, 'Reject all');
  approve.addEventListener('click', () => decideCluster(cluster, 'approve'));
  reject.addEventListener('click', () => decideCluster(cluster, 'reject'));
  return el('tr', { 'data-cluster-key': cluster.key }, ...cells, el('td', { class: 'decide' }, approve, ' ', reject));
}

async function loadClusters(page = pages.clusters) {
  const by = document.getElementById('cluster-by').value;
  const { items, facts } = await listPage(`${beta}/fraud/clusters?by=${by}&page=${page}&per_page=${CLUSTERS_PER_PAGE}`);
  if (items.length === 0 && page > 1) return loadClusters(page - 1);
  pages.clusters = page;
  document.getElementById('clusters-status').textContent = facts.total_count
    ? `${count(facts.total_count, 'cluster')} of flagged testers sharing ${SHARED[by]}`
    : `No two flagged testers waiting share ${SHARED[by]}.`;
  document.getElementById('clusters').replaceChildren(...items.map(clusterRow));
  pager('clusters-pager', facts, 'the clusters', loadClusters);
}

async function decideCluster(cluster, decision) {
  document.getElementById('queue-error').hidden = true;
  const note = document.getElementById('field-note').value;
  try {
    const outcome = await call('POST', `${beta}/fraud/cluster_decisions`, { by: cluster.by, key: cluster.key, decision, ...(note.trim() ? { note } : {}) });
    say('decided', `${decision === 'approve' ? 'Approved' : 'Rejected'} ${count(outcome.decided, 'tester')} of ${cluster.label}.`);
    document.getElementById('field-note').value = '';
  } catch (failure) {
    say('queue-error', messagesOf(failure));
  }
  await Promise.all([loadQueue(), loadLog(), loadClusters()]);
  document.getElementById('clusters-status').focus?.();
}

async function decide(decision, ids) {
  const alert = document.getElementById('queue-error');
  alert.hidden = true;
  if (ids.length === 0) {
    say('queue-error', 'Select one or more testers first.');
    return;
  }
  const note = document.getElementById('field-note')?.value ?? '';
  try {
    const outcome = await call('POST', `${beta}/fraud_decisions`, { decision, tester_ids: ids, ...(note.trim() ? { note } : {}) });
    const done = outcome.decisions.length;
    const skipped = outcome.skipped.length ? ` ${count(outcome.skipped.length, 'tester')} skipped (decided already or gone).` : '';
    say('decided', `${decision === 'approve' ? 'Approved' : 'Rejected'} ${count(done, 'tester')}.${skipped}`);
    document.getElementById('field-note').value = '';
  } catch (failure) {
    say('queue-error', messagesOf(failure));
  }
  await Promise.all([loadQueue(), loadLog(), loadClusters()]);
  document.getElementById('queue-status').focus?.();
}

function selected() {
  return [...document.querySelectorAll('#queue input[name=tester]:checked')].map((box) => Number(box.value));
}

if (writes) {
  document.getElementById('approve-selected').addEventListener('click', () => decide('approve', selected()));
  document.getElementById('reject-selected').addEventListener('click', () => decide('reject', selected()));
  document.getElementById('select-all').addEventListener('change', (event) => {
    for (const box of document.querySelectorAll('#queue input[name=tester]')) box.checked = event.target.checked;
  });
  document.getElementById('queue-form').addEventListener('submit', (event) => event.preventDefault());
}

document.getElementById('cluster-by').addEventListener('change', () => loadClusters(1));

start(loadQueue, loadLog, loadClusters);
