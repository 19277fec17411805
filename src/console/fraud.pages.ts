// A beta's fraud review at /console/betas/{beta_id}/fraud: the queue of flagged testers with each
// signal explained, approve or reject one by one or the rows selected, its clusters (a network, a
// device or a referrer) decided whole, and the log of decisions with who took them. Viewers read.
import type { Member } from '../modules/members/member.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';

function bulkBar(): Trusted {
  return html`<div class="field"><label for="field-note">Note for the log (optional)</label>
<input id="field-note" name="note" type="text" maxlength="1000" autocomplete="off" aria-describedby="note-error"><p class="error" id="note-error" hidden></p></div>
<p class="actions"><button type="button" id="approve-selected">Approve selected</button> <button type="button" id="reject-selected" class="danger">Reject selected</button></p>`;
}

export function fraudContent(member: Member): Trusted {
  const writes = member.role !== 'viewer';
  return html`<p class="lead">Signups flagged by the fraud signals, oldest first. Approve credits a held referral; reject means it is never credited and moves the tester to rejected, off the waitlist.</p>
${writes ? nothingSelected() : html`<p class="notice">Your role reads only: an owner or admin decides.</p>`}
<p id="queue-status" role="status">Loading…</p>
<p class="alert" id="queue-error" role="alert" hidden></p>
<form id="queue-form" novalidate>
<div class="table-scroll" tabindex="0" role="region" aria-label="Flagged testers">
<table class="queue"><caption class="visually-hidden">Flagged testers to review</caption>
<thead><tr>${writes ? html`<th scope="col"><input type="checkbox" id="select-all" aria-label="Select every tester on this page"></th>` : html``}<th scope="col">Tester</th><th scope="col">Signals</th><th scope="col">Referral</th>${writes ? html`<th scope="col"><span class="visually-hidden">Decision</span></th>` : html``}</tr></thead>
<tbody id="queue"></tbody></table></div>
${writes ? bulkBar() : html``}
</form>
<nav class="pager" id="queue-pager" aria-label="Pages of the queue"></nav>
${clusters(writes)}
<h2>Decisions</h2>
<p id="log-status" role="status">Loading…</p>
<div class="table-scroll nowrap" tabindex="0" role="region" aria-label="Decisions, scrolls sideways">
<table class="log"><caption class="visually-hidden">Decisions, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Tester</th><th scope="col">Decision</th><th scope="col">By</th><th scope="col">Note</th></tr></thead>
<tbody id="log"></tbody></table></div>
<nav class="pager" id="log-pager" aria-label="Pages of the decisions"></nav>`;
}

/** Flagged testers grouped by what they share, each group decided at once. */
function clusters(writes: boolean): Trusted {
  return html`<h2>Clusters</h2>
<p>Flagged testers waiting for review who share a network (the IP address's /24), a device (IP address and browser) or a referrer.${writes ? ' Approve or reject a whole cluster at once; the note above goes with each decision.' : ''}</p>
<div class="field"><label for="cluster-by">Group by</label><select id="cluster-by"><option value="network">Network</option><option value="device">Device</option><option value="referrer">Referrer</option></select></div>
<p id="clusters-status" role="status">Loading…</p>
<div class="table-scroll" tabindex="0" role="region" aria-label="Clusters">
<table class="queue"><caption class="visually-hidden">Clusters, the largest first</caption>
<thead><tr><th scope="col">Cluster</th><th scope="col">Flagged</th><th scope="col">First members</th>${writes ? html`<th scope="col"><span class="visually-hidden">Decision</span></th>` : html``}</tr></thead>
<tbody id="clusters"></tbody></table></div>
<nav class="pager" id="clusters-pager" aria-label="Pages of the clusters"></nav>`;
}

function nothingSelected(): Trusted {
  return html`<p class="notice" id="decided" role="status" hidden></p>`;
}

export function fraudPages({ betaPage }: ConsolePages): void {
  betaPage('fraud', { title: () => 'Fraud review', script: 'fraud.js', content: (_beta, active) => fraudContent(active.member) });
}
