// A beta's testers: the table at /console/betas/{beta_id}/testers (search, filters, sorts, pages,
// all kept in the address) and one tester's page at /console/betas/{beta_id}/testers/{tester_id}
// (everything about them, and the actions on them). Both are filled by their scripts through the
// management API; a viewer's page has no action.
import type { FastifyRequest } from 'fastify';
import type { TesterMoveRow } from '../db/tables/testers.ts';
import { html, type Trusted } from '../public/html.ts';
import { moveItems } from '../public/move-sections.ts';
import { TesterStatuses, UpdateStatuses } from '../modules/testers/tester-status.ts';
import type { ConsolePages } from './console-pages.ts';
import { field, form } from './pages.ts';
import { pageOf } from '../http/pagination.ts';

const nothing = html``;

/** A select with an error slot; `options` are [value, label] pairs, the first one selected. */
export function choice(name: string, label: string, options: [string, string][]): Trusted {
  return html`<div class="field"><label for="field-${name}">${label}</label><select id="field-${name}" name="${name}" aria-describedby="${name}-error">${options.map(
    ([value, text]) => html`<option value="${value}">${text}</option>`,
  )}</select><p class="error" id="${name}-error" hidden></p></div>`;
}

/** A text input that may stay empty (`field` makes its inputs required). */
function optional(name: string, label: string, type = 'text'): Trusted {
  return html`<div class="field"><label for="field-${name}">${label}</label><input id="field-${name}" name="${name}" type="${type}" autocomplete="off" aria-describedby="${name}-error"><p class="error" id="${name}-error" hidden></p></div>`;
}

/** A filter's option that filters nothing. */
export const any: [string, string] = ['', 'Any'];

/** The testers table's optional columns, in the order shown; the script renders the chosen ones (testers.js, COLUMNS). */
const COLUMNS: [string, string][] = [
  ['status', 'Status'], ['position', 'Position'], ['points', 'Points'], ['referrals', 'Referrals'], ['source', 'Source'], ['country', 'Country'],
  ['joined', 'Signup date'], ['groups', 'Groups'], ['fraud', 'Fraud flags'],
];

/** What the selected testers can be made to: invited, another status, a group, deleted (writers); exported (everyone). */
function selectionActions(writer: boolean): Trusted {
  const statuses = UpdateStatuses.filter((s) => s !== 'invited').map((s): [string, string] => [s, s]);
  const change = writer
    ? html`<form id="selection-form" class="selection-form" novalidate>
<p class="alert" id="selection-form-error" role="alert" hidden></p>
${choice('change', 'Action', [['invite', 'Invite'], ['set_status', 'Set status'], ['add_to_group', 'Add to a group'], ['remove_from_group', 'Remove from a group'], ['delete', 'Delete']])}
<div id="selection-status-field" hidden>${choice('target_status', 'New status', statuses)}</div>
<div class="field" id="selection-group-field" hidden><label for="selection-group">Group name</label><input id="selection-group" name="group" type="text" maxlength="200" autocomplete="off" aria-describedby="selection-group-error"><p class="error" id="selection-group-error" hidden></p></div>
<div class="filter-buttons"><button type="submit">Preview</button></div>
</form>
<section id="selection-preview" class="confirm" aria-labelledby="selection-preview-title" hidden>
<h3 id="selection-preview-title" tabindex="-1">Preview</h3>
<p id="selection-preview-summary"></p>
<dl class="counters" id="selection-preview-counts"></dl>
<div class="field" id="selection-delete-field" hidden><label for="selection-confirm-total">Type the number of testers to delete them for good</label><input id="selection-confirm-total" type="text" inputmode="numeric" autocomplete="off" aria-describedby="selection-confirm-hint"><p class="hint" id="selection-confirm-hint">Their points, rewards and referral credit go with them.</p></div>
<p class="alert" id="selection-preview-error" role="alert" hidden></p>
<button type="button" id="selection-confirm"></button> <button type="button" class="secondary" id="selection-discard">Change</button>
</section>`
    : nothing;
  return html`<section id="selection" class="selection" aria-labelledby="selection-title">
<h2 id="selection-title" class="visually-hidden">Selected testers</h2>
<p id="selection-count" role="status">No tester selected.</p>
<p class="actions"><button type="button" class="secondary" id="select-matching" hidden></button> <button type="button" class="secondary" id="clear-selection" hidden>Clear selection</button></p>
<div id="selection-actions" hidden>
<p class="actions"><a class="button secondary" id="export-csv" href="#" download>Export the selection as CSV</a> <a class="button secondary" id="export-ndjson" href="#" download>Export as NDJSON</a></p>
${change}
</div>
<p class="notice" id="selection-done" role="status" hidden></p>
</section>`;
}

export const testersContent = (writer: boolean): Trusted =>
  html`<form id="tester-filters" class="filters" role="search" aria-label="Find testers" novalidate>
<p class="alert" id="tester-filters-error" role="alert" hidden></p>
${optional('email_contains', 'E-mail contains', 'search')}
<div class="filters-toggle"><button type="button" class="secondary" id="filters-toggle" aria-expanded="false" aria-controls="more-filters">More filters</button></div>
<div class="more-filters" id="more-filters">
${optional('name', 'Name', 'search')}
${choice('status', 'Status', [any, ...TesterStatuses.map((s): [string, string] => [s, s])])}
${optional('group', 'Group')}
${choice('fraud', 'Fraud flags', [any, ['flagged', 'Flagged'], ['clear', 'None']])}
${choice('referred', 'Referred', [any, ['true', 'Referred'], ['false', 'Not referred']])}
${choice('sort', 'Sort by', [['joined', 'Join date'], ['position', 'Waitlist position'], ['points', 'Points'], ['referrals', 'Referrals']])}
${choice('direction', 'Order', [['', 'Default'], ['asc', 'Ascending'], ['desc', 'Descending']])}
<div class="filter-buttons"><button type="submit">Apply</button> <button type="button" class="secondary" id="clear-filters">Clear</button></div>
</div>
</form>
<details class="columns" id="columns"><summary>Columns</summary>
<fieldset class="choices"><legend>Columns shown</legend>${COLUMNS.map(
  ([key, label]) => html`<div class="check"><input type="checkbox" id="column-${key}" name="column" value="${key}"><label for="column-${key}">${label}</label></div>`,
)}</fieldset></details>
<p class="notice" id="testers-done" role="status" hidden></p>
${selectionActions(writer)}
<p id="testers-status" role="status">Loading…</p>
<div class="table-scroll nowrap" role="region" aria-labelledby="testers-caption" tabindex="0">
<table class="testers"><caption id="testers-caption">Testers</caption>
<thead><tr id="testers-head"></tr></thead>
<tbody id="testers"></tbody></table>
</div>
<nav class="pager" aria-label="Pages of testers"><button type="button" class="secondary" id="previous-page" disabled>Previous page</button> <span id="page-info"></span> <button type="button" class="secondary" id="next-page" disabled>Next page</button></nav>`;

/** A section of the tester's page: a heading and the element its script fills. */
const section = (id: string, title: string, body: Trusted = nothing) =>
  html`<section aria-labelledby="${id}-title"><h2 id="${id}-title">${title}</h2>${body}</section>`;

const table = (id: string, caption: string, columns: string[]) =>
  html`<div class="table-scroll nowrap" role="region" aria-labelledby="${id}-caption" tabindex="0"><table><caption id="${id}-caption" class="visually-hidden">${caption}</caption><thead><tr>${columns.map(
    (c) => html`<th scope="col">${c}</th>`,
  )}</tr></thead><tbody id="${id}"></tbody></table></div>`;

/** Moves per page of the tester's history. */
const MOVES_PER_PAGE = 20;

/** One page of the tester's moves, newest first, in the status page's words, with who acted. */
export interface MovesPage {
  items: readonly TesterMoveRow[];
  page: number;
  total: number;
  /** Console members' addresses by id, for the moves they caused. */
  members: ReadonlyMap<number, string>;
}

/** A number the page's script writes in the browser's locale, as every other (core.js, `start`). */
const localNumber = (n: number) => html`<data value="${n}">${n}</data>`;

function movesHistory({ items, page, total, members }: MovesPage): Trusted {
  const pages = Math.ceil(total / MOVES_PER_PAGE);
  const link = (to: number, label: string) => html`<a href="?moves_page=${to}#moves-title">${label}</a>`;
  if (items.length === 0) return html`<p id="moves-status">${total === 0 ? 'No moves yet.' : html`No moves on this page: ${link(1, 'the newest moves')}.`}</p>`;
  const by = (move: TesterMoveRow) =>
    move.member_id !== null ? html` (by ${members.get(move.member_id) ?? 'a former member'})` : move.api_key_id !== null ? html` (through an API key)` : nothing;
  return html`<p id="moves-status">${total === 1 ? '1 move' : html`${localNumber(total)} moves`}, newest first; page ${localNumber(page)} of ${localNumber(pages)}.</p>
<ol class="list" id="tester-moves">${moveItems(items, 'they', by)}</ol>
${pages > 1 ? html`<nav class="pager" aria-label="Pages of moves">${page > 1 ? link(page - 1, 'Newer moves') : nothing} ${page < pages ? link(page + 1, 'Older moves') : nothing}</nav>` : nothing}`;
}

export const testerContent = (writer: boolean, moves: MovesPage): Trusted =>
  html`<p class="alert" id="tester-error" role="alert" hidden></p>
<p class="notice" id="tester-done" role="status" hidden></p>
<p><a href="../testers">Back to the testers</a></p>
${section('profile', 'Profile', html`<dl class="facts" id="tester-profile"></dl>`)}
${section('standing', 'Waitlist standing', html`<dl class="facts" id="tester-standing"></dl>`)}
${section('moves', 'Moves', movesHistory(moves))}
${section('flags', 'Fraud flags', html`<ul class="list" id="tester-flags"></ul>`)}
${section('answers', 'Answers', html`<dl class="facts" id="tester-answers"></dl>`)}
${section(
  'referrals',
  'Referrals',
  html`<p id="tester-referrer"></p><p id="referrals-status" role="status"></p>${table('tester-referrals', 'Testers they referred', ['E-mail', 'Status', 'Referrals', 'Joined'])}
<nav class="pager" aria-label="Pages of referrals"><button type="button" class="secondary" id="referrals-previous" disabled>Previous referrals</button> <button type="button" class="secondary" id="referrals-next" disabled>More referrals</button></nav>`,
)}
${section(
  'points',
  'Points',
  html`<p id="points-status" role="status"></p>${table('tester-points', 'Points ledger', ['Date', 'Activity', 'Quantity', 'Reason', 'State'])}
${
  writer
    ? html`<h3>Add or remove points</h3>${form('add-points', [field('quantity', 'Quantity (negative removes)', 'number', 'off', html` step="1"`), optional('reason', 'Reason')], 'Record points')}`
    : nothing
}`,
)}
${section(
  'rewards',
  'Rewards',
  html`<p id="rewards-status" role="status"></p>${table('tester-rewards', 'Rewards', ['Reward', 'Type', 'Status', 'Earned'])}
${writer ? html`<h3>Trigger a reward</h3>${form('trigger-reward', [field('event', 'Event name', 'text', 'off')], 'Trigger')}` : nothing}`,
)}
${section('emails', 'E-mails sent', html`<p id="emails-status" role="status"></p>${table('tester-emails', 'E-mails sent', ['Date', 'Occasion', 'Subject', 'Status'])}`)}
${section('events', 'Webhook events', html`<p id="events-status" role="status"></p>${table('tester-events', 'Webhook events', ['Date', 'Event', 'Deliveries'])}`)}
${
  writer
    ? section(
        'actions',
        'Actions',
        html`${form('change-status', [choice('status', 'New status', UpdateStatuses.map((s): [string, string] => [s, s]))], 'Change status')}
<p><button type="button" id="invite-tester">Invite</button></p>
<p><button type="button" id="move-to-front" hidden>Move to the front</button> <button type="button" class="secondary" id="earned-place" hidden>Back to earned place</button></p>
<p><button type="button" class="secondary" id="resend-confirmation" hidden>Resend confirmation</button></p>
<p><button type="button" class="danger" id="delete-tester">Delete tester</button></p>
<div id="delete-confirm" class="confirm" role="group" aria-labelledby="delete-confirm-text" hidden><p id="delete-confirm-text">Delete this tester for good? Their points, rewards and referral credit go with them.</p><button type="button" class="danger" id="delete-yes">Yes, delete</button> <button type="button" class="secondary" id="delete-no">Cancel</button></div>`,
      )
    : html`<p class="lead">You can read this tester; your role does not allow changes.</p>`
}`;

export function testersPages({ betaPage, services }: ConsolePages): void {
  betaPage('testers', { title: () => 'Testers', script: 'testers.js', content: (_beta, active) => testersContent(active.member.role !== 'viewer') });
  betaPage('testers', {
    sub: '/:tester_id',
    title: () => 'Tester',
    script: 'tester.js',
    content: async (beta, active, request: FastifyRequest) => {
      const companyId = active.member.company_id;
      const testerRef = (request.params as { tester_id: string }).tester_id;
      // Another beta's tester, or none: the 404 page (the error handler renders it).
      await services.testers.show(companyId, String(beta.id), testerRef);
      const asked = Number((request.query as { moves_page?: string }).moves_page);
      const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
      const listed = await services.moves.list(companyId, String(beta.id), testerRef, pageOf({ page, per_page: MOVES_PER_PAGE }));
      const members = listed.items.some((move) => move.member_id !== null) ? await services.members.list(companyId) : [];
      const moves = { items: listed.items, page, total: listed.total, members: new Map(members.map((member) => [member.id, member.email])) };
      return testerContent(active.member.role !== 'viewer', moves);
    },
  });
}
