// A beta's dashboard: its counters, read from the management API.
import { call, el, pageBetaId, start } from './core.js';

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
  const beta = await call('GET', `/api/v2/betas/${pageBetaId()}`);
  document.getElementById('beta-status').textContent = `Created ${new Date(beta.created_at).toLocaleDateString()}`;
  document.getElementById('beta-counters').replaceChildren(...COUNTERS.flatMap(([key, label]) => [el('dt', {}, label), el('dd', { id: `counter-${key}` }, String(beta[key] ?? 0))]));
}

start(loadBeta);
