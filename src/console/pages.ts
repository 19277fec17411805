// The console's pages: HTML shells rendered here, filled and driven by /console/assets/console.js,
// which calls the management API (and the session endpoints) with the session cookie and the CSRF
// token the shell carries. Every form field has a label and an element for its error.
import { FAVICON_PATH, html, type Trusted } from '../public/html.ts';
import type { Member } from '../modules/members/member.ts';

export interface Shell {
  title: string;
  content: Trusted;
  /** The page's own module under /console/assets/ (console.js for the account pages). */
  script?: string;
  /**
   * A beta's page: the beta's name and sections above the content, `section` marked current; a
   * sandbox (`sandboxOf`, the beta it copies) is marked above them.
   */
  beta?: { id: number; name: string; sandboxOf: number | null; section: BetaSection; sections: readonly BetaSection[] };
  /** Signed in: the member (navigation) and the session's CSRF token (for the script's writes). */
  member?: Member;
  csrfToken?: string;
}

const nothing = html``;

/** A beta's sections, each a page at /console/betas/{beta_id}{path}, in the beta's navigation. */
export const BETA_SECTIONS = {
  dashboard: { path: '', label: 'Dashboard' },
  testers: { path: '/testers', label: 'Testers' },
  bulk: { path: '/bulk', label: 'Bulk actions' },
  schedules: { path: '/schedules', label: 'Schedules' },
  fraud: { path: '/fraud', label: 'Fraud review' },
  outbox: { path: '/outbox', label: 'Outbox' },
  data: { path: '/data', label: 'Import & export' },
  settings: { path: '/settings', label: 'Settings' },
} as const;
export type BetaSection = keyof typeof BETA_SECTIONS;

/** The settings' pages, each at /console/betas/{beta_id}/settings{path}, in the settings' navigation. */
export const SETTINGS_PAGES = {
  general: { path: '', label: 'Beta and form' },
  page: { path: '/page', label: 'Page' },
  questions: { path: '/questions', label: 'Questions' },
  rewards: { path: '/rewards', label: 'Rewards' },
  points: { path: '/points', label: 'Points' },
  emails: { path: '/emails', label: 'E-mails' },
  webhooks: { path: '/webhooks', label: 'Webhooks' },
  codes: { path: '/codes', label: 'Invitation codes' },
  suppressions: { path: '/suppressions', label: 'Suppressions' },
} as const;
export type SettingsPage = keyof typeof SETTINGS_PAGES;

/** The settings' navigation, `current` marked, above a settings page's content. */
export function settingsNav(betaId: number, current: SettingsPage): Trusted {
  const links = Object.entries(SETTINGS_PAGES).map(([page, { path, label }]) => {
    const mark = page === current ? html` aria-current="page"` : nothing;
    return html`<a href="/console/betas/${betaId}/settings${path}"${mark}>${label}</a>`;
  });
  return html`<nav class="tabs subtabs" aria-label="Settings">${links}</nav>`;
}

function betaNav(beta: NonNullable<Shell['beta']>): Trusted {
  const links = beta.sections.map((section) => {
    const { path, label } = BETA_SECTIONS[section];
    const current = section === beta.section ? html` aria-current="page"` : nothing;
    return html`<a href="/console/betas/${beta.id}${path}"${current}>${label}</a>`;
  });
  return html`${beta.sandboxOf === null ? nothing : sandboxBanner(beta.sandboxOf)}<p class="crumb"><a href="/console/betas">Betas</a> › <span data-beta-id="${beta.id}">${beta.name}</span></p>
<nav class="tabs" aria-label="${beta.name}">${links}</nav>`;
}

/** Above every page of a sandbox: what it does differently, and the way back to its beta. */
function sandboxBanner(betaId: number): Trusted {
  return html`<p class="sandbox" id="sandbox-banner" role="note"><strong>Sandbox</strong>: a rehearsal copy of <a href="/console/betas/${betaId}">its beta</a>. E-mails are stored and never sent, webhook deliveries are marked as tests, and its testers do not count against your plan.</p>
`;
}

export function field(name: string, label: string, type: string, autocomplete: string, extra: Trusted = nothing): Trusted {
  return html`<div class="field">
<label for="field-${name}">${label}</label>
<input id="field-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required aria-describedby="${name}-error"${extra}>
<p class="error" id="${name}-error" hidden></p>
</div>`;
}

export function form(id: string, fields: Trusted[], button: string, hidden: Trusted = nothing): Trusted {
  return html`<form id="${id}" novalidate>
<p class="alert" id="${id}-error" role="alert" hidden></p>
${hidden}${fields}
<button type="submit">${button}</button>
</form>`;
}

const tokenField = (token: string) => html`<input type="hidden" name="token" value="${token}">`;
const newPassword = (label = 'Password') => field('password', label, 'password', 'new-password', html` minlength="12"`);

export function renderShell({ title, content, member, csrfToken, script = 'console.js', beta }: Shell): string {
  const nav = member
    ? html`<header class="bar"><nav aria-label="Console"><a href="/console/betas">Betas</a><a href="/console/members">Members</a>${member.role === 'owner' ? html`<a href="/console/keys">API keys</a>` : nothing}<a href="/console/account">Account</a></nav><span class="who">${member.email} · ${member.role}</span></header>`
    : nothing;
  const meta = csrfToken ? html`<meta name="csrf-token" content="${csrfToken}">` : nothing;
  const role = member ? html`<meta name="member-role" content="${member.role}">` : nothing;
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta}${role}<title>${title} · Prelaunch console</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<link rel="stylesheet" href="/console/assets/console.css">
<script src="/console/assets/${script}" type="module"></script>
</head>
<body>
${nav}<main${beta ? html` class="wide"` : nothing}>
${beta ? betaNav(beta) : nothing}<h1>${title}</h1>
${content}
</main>
</body>
</html>
`.html;
}

export const signInContent = (): Trusted =>
  html`${form('sign-in', [field('email', 'Email', 'email', 'username'), field('password', 'Password', 'password', 'current-password')], 'Sign in')}
<p><a href="/console/forgot">Forgot your password?</a></p>`;

export const setupContent = (token: string): Trusted =>
  html`<p class="lead">Create the first owner of this installation.</p>
${form('setup', [field('email', 'Email', 'email', 'username'), newPassword()], 'Create owner', tokenField(token))}`;

export const forgotContent = (): Trusted =>
  html`<p class="lead">We e-mail you a link to choose a new password.</p>
${form('forgot', [field('email', 'Email', 'email', 'username')], 'Send link')}
<p class="notice" id="forgot-sent" role="status" hidden></p>
<p><a href="/console">Back to sign-in</a></p>`;

export const signInLinkContent = (token: string): Trusted =>
  html`<p class="lead">This link signs you in once, without your password, within an hour of the e-mail that brought it.</p>
${form('sign-in-link', [], 'Sign in', tokenField(token))}
<p><a href="/console">Sign in with your password instead</a></p>`;

export const resetContent = (token: string): Trusted => html`${form('reset', [newPassword('New password')], 'Set password', tokenField(token))}`;

export const betasContent = (member: Member): Trusted =>
  html`<p class="lead" id="betas-status" role="status">Loading…</p><ul class="list" id="betas"></ul>
${
  member.role === 'viewer'
    ? nothing
    : html`<h2>New beta</h2>
${form(
  'new-beta',
  [
    field('name', 'Name', 'text', 'off'),
    field('homepage_url', 'Homepage (where the signup form lives)', 'url', 'url'),
    html`<div class="field"><label for="field-slug">Address of its hosted page (optional)</label><input id="field-slug" name="slug" type="text" autocomplete="off" aria-describedby="slug-hint slug-error"><p class="hint" id="slug-hint">Lower-case words joined by hyphens: the page is then at /b/your-slug.</p><p class="error" id="slug-error" hidden></p></div>`,
  ],
  'Create beta',
)}`
}`;

export const membersContent = (member: Member): Trusted =>
  html`<table class="members"><caption class="visually-hidden">Members</caption><thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody id="members"></tbody></table>
<p class="alert" id="members-error" role="alert" hidden></p>
${
  member.role === 'owner'
    ? html`<h2>Add a member</h2>
${form(
  'add-member',
  [
    field('email', 'Email', 'email', 'off'),
    html`<div class="field"><label for="field-role">Role</label><select id="field-role" name="role" aria-describedby="role-error"><option value="viewer">Viewer: reads only</option><option value="admin">Admin: campaigns and testers</option><option value="owner">Owner: everything</option></select><p class="error" id="role-error" hidden></p></div>`,
  ],
  'Add member',
)}
<p class="notice" id="add-member-done" role="status" hidden></p>`
    : nothing
}`;

export const accountContent = (member: Member): Trusted =>
  html`<p class="lead">Signed in as ${member.email} (${member.role}).</p>
<h2>Change password</h2>
${form('change-password', [field('current_password', 'Current password', 'password', 'current-password'), newPassword('New password')], 'Change password')}
<p class="notice" id="change-password-done" role="status" hidden></p>
<h2>Sign out</h2>
<button type="button" id="sign-out" class="secondary">Sign out</button>`;

export const messageContent = (text: string): Trusted => html`<p>${text}</p><p><a href="/console">Go to the console</a></p>`;
