// What connects a beta to the outside: its e-mail templates (/settings/emails), its webhook
// endpoints (/settings/webhooks, and one endpoint's delivery log at /settings/webhooks/{id}), and
// the company's API keys (/console/keys). Shells only: emails.js, webhooks.js and keys.js fill
// them and send every change through the management API.
import type { Permission } from '../modules/accounts/permissions.ts';
import { Permissions } from '../modules/accounts/permissions.ts';
import { Occasions } from '../modules/emails/occasions.ts';
import { EventTypes } from '../modules/events/events.ts';
import type { WebhookFormat } from '../modules/webhooks/webhooks.schemas.ts';
import type { ActiveSession } from '../modules/members/sessions.ts';
import { permissionsOf } from '../modules/members/roles.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';
import { settingsNav } from './pages.ts';

const nothing = html``;

/** The pages' content, inside the element the console's stylesheet scopes their forms' layout to. */
const scoped = (content: Trusted): Trusted => html`<div class="integrations">${content}</div>`;

const OCCASION_LABELS: Record<(typeof Occasions)[number], string> = {
  invitation: 'Invitation (tester invited)',
  friend_invitation: 'Invitation from a friend',
  confirmation: 'Confirm your address (double opt-in)',
  applied: 'Applied: on the waitlist',
  active: 'Active',
  rejected: 'Rejected',
  suspended: 'Suspended',
  unsuspended: 'Suspension lifted',
  already_signed_up: 'Signed up again: already on the list',
  position_changed: 'You moved up the waitlist',
};

const may = (active: ActiveSession, permission: Permission) => permissionsOf(active.member.role).has(permission);

/** A labelled control with its error slot (core.js shows a refusal there: #{name}-error). */
function labelled(name: string, label: string, control: Trusted, hint?: string): Trusted {
  const hinted = hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : nothing;
  return html`<div class="field"><label for="field-${name}">${label}</label>${hinted}${control}<p class="error" id="${name}-error" hidden></p></div>`;
}

const describedBy = (name: string, hint?: string) => (hint ? `${name}-hint ${name}-error` : `${name}-error`);

function textInput(name: string, label: string, options: { type?: string; hint?: string; value?: string; autocomplete?: string } = {}): Trusted {
  const { type = 'text', hint, value = '', autocomplete = 'off' } = options;
  return labelled(
    name,
    label,
    html`<input id="field-${name}" name="${name}" type="${type}" value="${value}" autocomplete="${autocomplete}" aria-describedby="${describedBy(name, hint)}">`,
    hint,
  );
}

function textArea(name: string, label: string, rows: number, hint?: string): Trusted {
  return labelled(
    name,
    label,
    html`<textarea id="field-${name}" name="${name}" rows="${rows}" spellcheck="false" aria-describedby="${describedBy(name, hint)}"></textarea>`,
    hint,
  );
}

function checkBox(name: string, label: string, checked: boolean, hint?: string): Trusted {
  const hinted = hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : nothing;
  return html`<div class="field toggle"><input id="field-${name}" name="${name}" type="checkbox" value="true"${checked ? html` checked` : nothing} aria-describedby="${describedBy(name, hint)}"><label for="field-${name}">${label}</label>${hinted}<p class="error" id="${name}-error" hidden></p></div>`;
}

/** A drop-down of one field's values, labelled, with its error slot. */
function selectField(name: string, label: string, options: readonly (readonly [string, string])[], hint?: string): Trusted {
  const choices = options.map(([value, text]) => html`<option value="${value}">${text}</option>`);
  return labelled(name, label, html`<select id="field-${name}" name="${name}" aria-describedby="${describedBy(name, hint)}">${choices}</select>`, hint);
}

/** Check boxes of one field (several values), in a fieldset with its error slot. */
function choices(name: string, legend: string, options: readonly (readonly [string, string])[], checked: (value: string) => boolean): Trusted {
  const boxes = options.map(
    ([value, label]) =>
      html`<div class="toggle"><input id="${name}-${value}" name="${name}" type="checkbox" value="${value}"${checked(value) ? html` checked` : nothing} aria-describedby="${name}-error"><label for="${name}-${value}">${label}</label></div>`,
  );
  return html`<fieldset class="choices" id="field-${name}"><legend>${legend}</legend>${boxes}<p class="error" id="${name}-error" hidden></p></fieldset>`;
}

function formOf(id: string, fields: Trusted[], buttons: Trusted): Trusted {
  return html`<form id="${id}" novalidate><p class="alert" id="${id}-error" role="alert" hidden></p>${fields}<div class="buttons">${buttons}</div></form>`;
}

/** Where a secret made by the API is shown, once, with a button copying it. */
function secretBox(what: string): Trusted {
  return html`<div class="secret" id="secret" hidden role="status"><p><strong>${what}</strong> It is shown only now: store it where it is needed.</p><p><code id="secret-value"></code></p><button type="button" class="secondary" id="copy-secret">Copy</button> <span id="copy-done"></span></div>`;
}

/** A table that scrolls sideways in its own box on a narrow screen, and its pager. */
function table(id: string, caption: string, headings: string[]): Trusted {
  const head = headings.map((heading) => html`<th scope="col">${heading}</th>`);
  return html`<div class="table-scroll" tabindex="0" role="region" aria-label="${caption}"><table><caption class="visually-hidden">${caption}</caption><thead><tr>${head}</tr></thead><tbody id="${id}"></tbody></table></div>
<p class="alert" id="${id}-alert" role="alert" hidden></p>
<nav class="pager" id="${id}-pager" aria-label="${caption}: pages" hidden><button type="button" class="secondary" data-go="previous">Previous page</button><span id="${id}-page" role="status"></span><button type="button" class="secondary" data-go="next">Next page</button></nav>`;
}

const EVENT_OPTIONS = [['*', 'All events, also types added later'], ...EventTypes.map((type) => [type, type] as const)] as const;

const FORMAT_OPTIONS = [
  ['standard', 'Signed JSON events (your own receiver)'],
  ['slack', 'Slack messages (an incoming webhook URL)'],
  ['discord', 'Discord messages (a channel webhook URL)'],
] as const satisfies readonly (readonly [WebhookFormat, string])[];

function webhookFields(): Trusted[] {
  return [
    textInput('url', 'URL', { type: 'url', hint: 'Where each event is POSTed, signed with Standard Webhooks headers.' }),
    selectField('format', 'Format', FORMAT_OPTIONS, 'Slack and Discord get readable messages with a link to the console; addresses are masked.'),
    choices('events', 'Events', EVENT_OPTIONS, (value) => value === '*'),
    textInput('digest_at', 'Daily digest at', {
      type: 'time',
      hint: 'The day\'s signups, referrals, top referrers, invitations and failed deliveries, sent at this time each day. Empty: no digest.',
    }),
    textInput('digest_time_zone', 'Time zone of the digest', { hint: 'An IANA name, such as Europe/Paris or America/New_York.' }),
    checkBox('enabled', 'Enabled: send events to it', true),
    checkBox('prefinery_signature', 'Also sign with X-Prefinery-Signature', false, 'For receivers written for the original service.'),
  ];
}

function emailsContent(betaId: number, active: ActiveSession): Trusted {
  const writes = may(active, 'betas:write');
  const options = Occasions.map((occasion) => html`<option value="${occasion}">${OCCASION_LABELS[occasion]}</option>`);
  const buttons = writes
    ? html`<button type="submit">Save template</button> <button type="button" class="secondary" id="reset-template">Back to the default</button>`
    : html`<p class="hint">Your role may preview templates, not change them.</p>`;
  const test = writes
    ? html`<h2>Send a test</h2>
${formOf('test-send', [textInput('to', 'Send to', { type: 'email', value: active.member.email, autocomplete: 'email', hint: 'The draft above, for the sample tester, to this address only.' })], html`<button type="submit">Send test</button>`)}
<p class="notice" id="test-send-done" role="status" hidden></p>`
    : nothing;
  return html`${settingsNav(betaId, 'emails')}
<p class="lead">Each message testers get, in Liquid: <code>{{ tester.profile.first_name }}</code>, <code>{{ beta.name }}</code>, <code>{{ unsubscribe_url }}</code>… The preview shows the draft for a sample tester as it is typed.</p>
<div class="field"><label for="occasion">Message</label><select id="occasion">${options}</select></div>
<div class="editor">
<div>
${formOf(
  'template',
  [
    checkBox('enabled', 'Send this message', false),
    textInput('subject', 'Subject'),
    textArea('body', 'Plain text', 8),
    textArea('html_body', 'HTML', 12, 'Empty: the message is sent as plain text only. Output is escaped; | raw opts out.'),
  ],
  buttons,
)}
<p class="hint" id="variables"></p>
<p class="notice" id="template-done" role="status" hidden></p>
${test}
</div>
<section class="preview" aria-labelledby="preview-heading">
<h2 id="preview-heading">Preview</h2>
<p class="hint" id="preview-status" role="status">Loading…</p>
<p><strong>Subject:</strong> <span id="preview-subject"></span></p>
<iframe id="preview-html" sandbox="" title="Preview of the HTML message" referrerpolicy="no-referrer"></iframe>
<h3>Plain text</h3>
<pre id="preview-text" tabindex="0" aria-label="Preview of the plain text message"></pre>
</section>
</div>`;
}

function webhooksContent(betaId: number, active: ActiveSession): Trusted {
  if (!may(active, 'webhooks:manage')) return html`${settingsNav(betaId, 'webhooks')}<p>Your role does not manage webhooks.</p>`;
  return html`${settingsNav(betaId, 'webhooks')}
<p class="lead">The beta's events (testers, rewards, points) sent to your endpoints as they happen, to your own receiver or to Slack or Discord, and a daily digest if you want one.</p>
${table('webhooks', 'Webhook endpoints', ['URL', 'Events', 'State', 'Actions'])}
<h2>Add an endpoint</h2>
${formOf('add-webhook', webhookFields(), html`<button type="submit">Add endpoint</button>`)}
${secretBox('The endpoint’s signing secret.')}`;
}

function webhookContent(betaId: number, active: ActiveSession): Trusted {
  if (!may(active, 'webhooks:manage')) return html`${settingsNav(betaId, 'webhooks')}<p>Your role does not manage webhooks.</p>`;
  return html`${settingsNav(betaId, 'webhooks')}
<p><a href="/console/betas/${betaId}/settings/webhooks">All endpoints</a></p>
<p class="lead" id="webhook-status" role="status">Loading…</p>
${formOf('edit-webhook', webhookFields(), html`<button type="submit">Save endpoint</button>`)}
<p class="notice" id="edit-webhook-done" role="status" hidden></p>
<h2>Actions</h2>
<p class="buttons"><button type="button" id="send-test">Send a test event</button> <button type="button" class="secondary" id="rotate-secret">Rotate the secret</button> <button type="button" class="secondary" id="delete-webhook">Delete endpoint</button></p>
<p class="alert" id="actions-error" role="alert" hidden></p>
<p class="notice" id="actions-done" role="status" hidden></p>
${secretBox('The new signing secret: the old one stopped working.')}
<h2>Delivery log</h2>
<p class="hint">Every attempt, newest first. A failed event is tried again 15 times in all, 5 s + N⁴ s after attempt N.</p>
${table('deliveries', 'Delivery log', ['Time', 'Event', 'Status', 'Attempt', 'Response', 'Duration', 'Actions'])}
<section id="payload" hidden aria-labelledby="payload-heading"><h3 id="payload-heading">Payload</h3><pre id="payload-text" tabindex="0"></pre></section>`;
}

function keysContent(active: ActiveSession): Trusted {
  if (!may(active, 'api_keys:manage')) return html`<p>Only owners manage the company's API keys.</p>`;
  const permissions = Permissions.map((permission) => [permission, permission] as const);
  return html`<p class="lead">Keys let your own systems call the API. Each key does only what its permissions allow.</p>
${table('keys', 'API keys', ['Name', 'Key', 'Permissions', 'Created', 'Expires', 'Last used', 'State', 'Actions'])}
<h2>Create a key</h2>
${formOf(
  'add-key',
  [
    textInput('name', 'Name', { hint: 'What uses it, e.g. "CRM sync".' }),
    choices('permissions', 'Permissions', permissions, () => true),
    textInput('expires_at', 'Expires on', { type: 'date', hint: 'Empty: never. The key stops working at the start of that day (UTC).' }),
  ],
  html`<button type="submit">Create key</button>`,
)}
${secretBox('The new API key.')}`;
}

/** A policy for the e-mail page: its preview frame renders e-mail HTML, which is styled inline. */
const PREVIEW_POLICY = {
  // srcdoc frames take this page's policy: e-mail HTML is styled by style attributes and <style>,
  // and shows its images from anywhere. Scripts stay 'self' only (and the frame is sandboxed).
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  frameSrc: ["'self'"],
};

export function integrationsPages({ betaPage, memberPage }: ConsolePages): void {
  betaPage('settings', {
    sub: '/emails',
    title: () => 'E-mail templates',
    script: 'emails.js',
    policy: PREVIEW_POLICY,
    content: (beta, active) => scoped(emailsContent(beta.id, active)),
  });
  betaPage('settings', { sub: '/webhooks', title: () => 'Webhooks', script: 'webhooks.js', content: (beta, active) => scoped(webhooksContent(beta.id, active)) });
  betaPage('settings', {
    sub: '/webhooks/:webhook_id',
    title: () => 'Webhook endpoint',
    script: 'webhooks.js',
    content: (beta, active) => scoped(webhookContent(beta.id, active)),
  });
  memberPage('/console/keys', { title: 'API keys', script: 'keys.js', content: (active) => scoped(keysContent(active)) });
}
