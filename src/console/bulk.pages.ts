// A beta's bulk actions at /console/betas/{beta_id}/bulk: invite the top of the waitlist, or act on
// the testers a filter of the testers table matches (its query string, which a link may pass): move
// them to a status (invited among them), add them to or remove them from a group, delete them (their
// number typed to confirm), or export them; a preview with the counts, a confirmation, then the
// job's progress, polled. Viewers read.
import type { Member } from '../modules/members/member.ts';
import { GROUP_NAME_MAX_LENGTH } from '../modules/testers/group-name.ts';
import { UpdateStatuses } from '../modules/testers/tester-status.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';

const STATUS_LABELS: Record<(typeof UpdateStatuses)[number], string> = {
  invited: 'Invited (sends the invitation)',
  applied: 'Applied (on the waitlist)',
  active: 'Active',
  rejected: 'Rejected',
  suspended: 'Suspended',
  unsuspended: 'Unsuspended (back to the status before)',
};

/** What may be done to the testers a filter matches (an invitation is the status invited). */
const FILTER_ACTIONS: [string, string][] = [
  ['set_status', 'Set their status'],
  ['add_to_group', 'Add them to a group'],
  ['remove_from_group', 'Remove them from a group'],
  ['delete', 'Delete them'],
];

function newActionForm(): Trusted {
  const options = UpdateStatuses.map((status) => html`<option value="${status}">${STATUS_LABELS[status]}</option>`);
  return html`<h2>New bulk action</h2>
<form id="bulk-form" novalidate>
<p class="alert" id="bulk-form-error" role="alert" hidden></p>
<fieldset class="choices"><legend>Which testers</legend>
<div class="check"><input type="radio" id="kind-top" name="kind" value="top" checked><label for="kind-top">Invite the top of the waitlist</label></div>
<div class="check"><input type="radio" id="kind-filter" name="kind" value="filter"><label for="kind-filter">The testers a filter matches: set their status, regroup, delete or export them</label></div>
</fieldset>
<div class="field" id="top-field"><label for="field-top">How many, from the top of the waitlist</label>
<input id="field-top" name="top" type="number" min="1" max="1000000" inputmode="numeric" aria-describedby="top-error"><p class="error" id="top-error" hidden></p></div>
<div class="field" id="action-field" hidden><label for="field-action">Action</label>
<select id="field-action" name="action" aria-describedby="action-error">${FILTER_ACTIONS.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select><p class="error" id="action-error" hidden></p></div>
<div class="field" id="status-field" hidden><label for="field-status">New status</label>
<select id="field-status" name="status" aria-describedby="status-error">${options}</select><p class="error" id="status-error" hidden></p></div>
<div class="field" id="group-field" hidden><label for="field-group">Group name</label>
<input id="field-group" name="group" type="text" maxlength="${GROUP_NAME_MAX_LENGTH}" autocomplete="off" aria-describedby="group-error"><p class="error" id="group-error" hidden></p></div>
<div class="field" id="filters-field" hidden><label for="field-filters">Filter, as in the testers table's address</label>
<input id="field-filters" name="filters" type="text" autocomplete="off" aria-describedby="filters-hint filters-error">
<p class="hint" id="filters-hint">Such as email_contains=@example.com&amp;status=applied. Empty: every tester.</p><p class="error" id="filters-error" hidden></p>
<p class="actions" id="filter-export"><a class="button secondary" id="export-csv" href="#" download>Export them as CSV</a> <a class="button secondary" id="export-ndjson" href="#" download>Export as NDJSON</a></p></div>
<button type="submit">Preview</button>
</form>
<section id="preview" class="confirm" aria-labelledby="preview-title" hidden>
<h3 id="preview-title" tabindex="-1">Preview</h3>
<p id="preview-summary"></p>
<dl class="counters" id="preview-counts"></dl>
<table id="preview-testers"><caption>The first testers selected</caption>
<thead><tr><th scope="col">Position</th><th scope="col">Name or address</th></tr></thead><tbody></tbody></table>
<div class="field" id="delete-field" hidden><label for="confirm-total">Type the number of testers to delete them for good</label><input id="confirm-total" type="text" inputmode="numeric" autocomplete="off" aria-describedby="confirm-total-hint"><p class="hint" id="confirm-total-hint">Their points, rewards and referral credit go with them.</p></div>
<p class="alert" id="preview-error" role="alert" hidden></p>
<button type="button" id="bulk-confirm">Confirm and start</button> <button type="button" class="secondary" id="bulk-discard">Change</button>
</section>
<p class="notice" id="bulk-started" role="status" hidden></p>`;
}

export function bulkContent(member: Member): Trusted {
  const writes = member.role !== 'viewer';
  return html`<p class="lead">Invite the first testers of the waitlist, or act on every tester a filter matches: set their status, add them to or remove them from a group, delete or export them. See what it will do, confirm, and it runs in the background, each tester changed once.</p>
${writes ? newActionForm() : html`<p class="notice">Your role reads only: an owner or admin starts bulk actions.</p>`}
<h2>Bulk actions</h2>
<p id="jobs-status" role="status">Loading…</p>
<p class="alert" id="jobs-error" role="alert" hidden></p>
<div class="table-scroll nowrap" tabindex="0" role="region" aria-label="Bulk actions, scrolls sideways">
<table class="jobs"><caption class="visually-hidden">Bulk actions, newest first</caption>
<thead><tr><th scope="col">Action</th><th scope="col">State</th><th scope="col">Progress</th><th scope="col">Changed</th><th scope="col">Skipped</th><th scope="col">Started</th><th scope="col"><span class="visually-hidden">Cancel</span></th></tr></thead>
<tbody id="jobs"></tbody></table></div>`;
}

export function bulkPages({ betaPage }: ConsolePages): void {
  betaPage('bulk', { title: () => 'Bulk actions', script: 'bulk.js', content: (_beta, active) => bulkContent(active.member) });
}
