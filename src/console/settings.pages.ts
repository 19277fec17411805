// A beta's settings at /console/betas/{beta_id}/settings…: the beta and its signup form, the design
// of its public pages, questions, rewards and their rules, points, invitation codes and suppressions. Each page is a shell with its
// forms and tables; /console/assets/settings.js fills the tables and sends every change through the
// management API. A member whose role cannot change a page's resource gets the page without forms.
import type { Permission } from '../modules/accounts/permissions.ts';
import { BetaSettingsSchema, type BetaSettings } from '../modules/betas/beta-settings.ts';
import { IMAGE_LIMITS, imagePath } from '../modules/betas/beta-images.ts';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_BRAND_COLOR, type ImageKind, type PageDesign } from '../modules/betas/beta-page.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import type { ActiveSession } from '../modules/members/sessions.ts';
import { isRole, permissionsOf } from '../modules/members/roles.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';
import { form, SETTINGS_PAGES, type SettingsPage, settingsNav } from './pages.ts';

const nothing = html``;
type Setting = keyof BetaSettings;

/** Each setting in a campaign owner's words; `options` name an enum's values. */
export const SETTING_TEXT: Record<Setting, { label: string; hint?: string; options?: Record<string, string> }> = {
  accepting_signups: { label: 'Accept new signups', hint: 'Off: the signup form and the API refuse new testers.' },
  double_opt_in: { label: 'Ask signups to confirm their e-mail address', hint: 'Double opt-in: a signup counts once its confirmation link is followed.' },
  required_fields: {
    label: 'Required on the signup form',
    options: { name: 'Name', employer: 'Employer', jobtitle: 'Job title', address: 'Address', country: 'Country' },
  },
  waitlist_order: {
    label: 'Order the waitlist by',
    options: { referrals: 'Most referrals first', signup_time: 'Earliest signup first', points: 'Most points first' },
  },
  position_change_interval_minutes: {
    label: 'Minutes over which a tester’s moves are told once',
    hint: 'For the position webhook event and the “You moved up” e-mail. 0: each move at once.',
  },
  idle_days: { label: 'Days without a checkin before an active tester is idle', hint: 'Empty: testers never become idle.' },
  referral_url: { label: 'Page your testers share', hint: 'Empty: the beta’s own signup page. Your page reads the referral code from ?r=.' },
  vanity_referral_codes: { label: 'Referral codes from testers’ first names', hint: 'Off: random codes.' },
  invite_a_friend_enabled: { label: 'Testers may invite friends by e-mail' },
  friend_invitations_allowed: { label: 'Invitations each new tester may send' },
  decoder_key: { label: 'Invitation code key', hint: 'The secret your site uses to check a tester’s invitation code itself. Changing it changes every tester’s code.' },
  signup_points: { label: 'Points for signing up' },
  referral_points: { label: 'Points for each friend referred' },
  share_points: { label: 'Points for sharing', hint: 'Given once per visitor network that follows a tester’s share link.' },
  fraud_mode: {
    label: 'Suspicious referrals (the same person or device)',
    options: { flag: 'Hold them for review', block: 'Refuse them' },
    hint: 'The same goes for signups past the limit per IP address below, and disposable addresses when those are refused: held for review, or refused.',
  },
  block_disposable_email_domains: { label: 'Refuse disposable e-mail addresses', hint: 'Only when suspicious referrals are refused; otherwise they are held for review.' },
  blocked_email_domains: { label: 'Blocked e-mail domains', hint: 'One per line, e.g. example.com.' },
  blocked_ips: { label: 'Blocked IP addresses', hint: 'One address or CIDR range per line, e.g. 203.0.113.0/24.' },
  max_signups_per_ip_per_day: { label: 'Most signups from one IP address per day', hint: 'Empty: no limit.' },
  leaderboard_enabled: {
    label: 'Show a public leaderboard',
    hint: 'The front of the waitlist, each tester under the public name they chose or a masked address (a***@e***.com). Flagged testers are left out.',
  },
  leaderboard_size: { label: 'Testers on the leaderboard', hint: 'From 1 to 100.' },
  signup_challenge: {
    label: 'Anti-bot check on public signups',
    hint: 'A proof-of-work puzzle the visitor’s browser solves in about a second, with no third party. API signups are never checked.',
    options: { off: 'Off', proof_of_work: 'Proof of work' },
  },
  signup_challenge_difficulty: { label: 'Anti-bot check’s difficulty', hint: 'The largest number the browser may have to try: 50,000 takes a phone about a second.' },
  max_signups_per_subnet_per_hour: { label: 'Most public signups from one network per hour', hint: 'An IPv4 /24 or IPv6 /48 network. Empty: no limit.' },
  signup_countries_allowed: { label: 'Only accept public signups from', hint: 'Country codes, one per line, e.g. DE. Empty: every country. When set, an unknown country is refused too.' },
  signup_countries_blocked: { label: 'Refuse public signups from', hint: 'Country codes, one per line, e.g. DE.' },
  embed_origins: { label: 'Sites that may embed the signup form', hint: 'One origin per line, e.g. https://example.com. Empty: any site.' },
  email_sends_per_minute: { label: 'Most e-mails sent per minute', hint: 'More wait, queued, for the next minute. Empty: only the server’s own limit.' },
  email_breaker_window: { label: 'Recent sends the sending breaker looks at', hint: 'From 20; 200 by default.' },
  email_breaker_threshold_percent: {
    label: 'Pause sending past this share of bounces and complaints (%)',
    hint: 'Among the recent sends above; 5 by default. A paused beta’s e-mails stay queued until an owner or admin resumes sending.',
  },
};

/** The beta-and-form page's groups; the points page has POINT_SETTINGS. Together: every setting once. */
export const SETTING_GROUPS: readonly (readonly [string, readonly Setting[]])[] = [
  ['Signups', ['accepting_signups', 'double_opt_in', 'required_fields']],
  ['Waitlist', ['waitlist_order', 'idle_days', 'position_change_interval_minutes']],
  ['Referrals and invitations', ['referral_url', 'vanity_referral_codes', 'invite_a_friend_enabled', 'friend_invitations_allowed', 'decoder_key']],
  ['Fraud protection', ['fraud_mode', 'block_disposable_email_domains', 'blocked_email_domains', 'blocked_ips', 'max_signups_per_ip_per_day']],
  ['Leaderboard', ['leaderboard_enabled', 'leaderboard_size']],
  [
    'Launch day',
    ['signup_challenge', 'signup_challenge_difficulty', 'max_signups_per_subnet_per_hour', 'signup_countries_allowed', 'signup_countries_blocked', 'embed_origins'],
  ],
  ['E-mail sending', ['email_sends_per_minute', 'email_breaker_window', 'email_breaker_threshold_percent']],
];
export const POINT_SETTINGS: readonly Setting[] = ['signup_points', 'referral_points', 'share_points'];

interface Box {
  form: string;
  name: string;
  label: string;
  hint?: string;
}

/** A labelled field: its hint and its error slot named by aria-describedby (core.js puts errors there). */
function box({ form: formId, name, label, hint }: Box, control: (id: string, describedBy: string) => Trusted, check = false): Trusted {
  const id = `${formId}-${name}`;
  const describedBy = hint ? `${id}-hint ${id}-error` : `${id}-error`;
  const labelled = html`<label for="${id}">${label}</label>`;
  const hinted = hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : nothing;
  const error = html`<p class="error" id="${id}-error" hidden></p>`;
  return check
    ? html`<div class="field toggle">${control(id, describedBy)}${labelled}${hinted}${error}</div>`
    : html`<div class="field">${labelled}${hinted}${control(id, describedBy)}${error}</div>`;
}

const input = (spec: Box & { type?: string; attrs?: Trusted; value?: string | number }) =>
  box(spec, (id, describedBy) =>
    html`<input id="${id}" name="${spec.name}" type="${spec.type ?? 'text'}" aria-describedby="${describedBy}" value="${spec.value ?? ''}"${spec.attrs ?? nothing}>`,
  );

const checkbox = (spec: Box & { checked?: boolean; attrs?: Trusted }) =>
  box(
    spec,
    (id, describedBy) =>
      html`<input id="${id}" name="${spec.name}" type="checkbox" value="true" aria-describedby="${describedBy}"${spec.checked ? html` checked` : nothing}${spec.attrs ?? nothing}>`,
    true,
  );

const select = (spec: Box & { options: Record<string, string>; value?: string; attrs?: Trusted }) =>
  box(spec, (id, describedBy) => {
    const options = Object.entries(spec.options).map(
      ([value, text]) => html`<option value="${value}"${value === spec.value ? html` selected` : nothing}>${text}</option>`,
    );
    return html`<select id="${id}" name="${spec.name}" aria-describedby="${describedBy}"${spec.attrs ?? nothing}>${options}</select>`;
  });

const textarea = (spec: Box & { value?: string; attrs?: Trusted }) =>
  box(spec, (id, describedBy) => html`<textarea id="${id}" name="${spec.name}" rows="4" aria-describedby="${describedBy}"${spec.attrs ?? nothing}>${spec.value ?? ''}</textarea>`);

interface SettingSchema {
  type?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: SettingSchema;
  anyOf?: SettingSchema[];
}

/** How a setting is edited and read back, from its schema: settings.js converts by `data-kind`. */
function kindOf(key: Setting): { kind: string; schema: SettingSchema } {
  const declared = BetaSettingsSchema.properties[key] as SettingSchema;
  const nullable = Array.isArray(declared.anyOf);
  const schema = nullable ? declared.anyOf![0] : declared;
  if (schema.type === 'boolean') return { kind: 'boolean', schema };
  if (schema.enum) return { kind: 'enum', schema };
  if (schema.type === 'integer') return { kind: nullable ? 'nullable-integer' : 'integer', schema };
  if (schema.type === 'number') return { kind: 'number', schema };
  if (schema.type === 'array') return { kind: schema.items?.enum ? 'set' : 'lines', schema };
  return { kind: nullable ? 'nullable-text' : 'text', schema };
}

/** The control of one setting, rendered from the settings' schema and filled with its value. */
function settingControl(formId: string, key: Setting, settings: BetaSettings): Trusted {
  const { label, hint, options } = SETTING_TEXT[key];
  const { kind, schema } = kindOf(key);
  const value = settings[key];
  const data = html` data-setting="${key}" data-kind="${kind}"`;
  const spec = { form: formId, name: key, label, hint };
  switch (kind) {
    case 'boolean':
      return checkbox({ ...spec, checked: value === true, attrs: data });
    case 'enum':
      return select({ ...spec, options: options ?? Object.fromEntries((schema.enum ?? []).map((v) => [v, v])), value: String(value), attrs: data });
    case 'integer':
    case 'nullable-integer': {
      const bounds = html` inputmode="numeric" min="${schema.minimum ?? ''}" max="${schema.maximum ?? ''}"`;
      return input({ ...spec, type: 'number', value: value === null ? '' : Number(value), attrs: html`${data}${bounds}` });
    }
    case 'number': {
      const bounds = html` inputmode="decimal" step="any" min="${schema.minimum ?? ''}" max="${schema.maximum ?? ''}"`;
      return input({ ...spec, type: 'number', value: Number(value), attrs: html`${data}${bounds}` });
    }
    case 'set': {
      const chosen = new Set(value as string[]);
      const id = `${formId}-${key}`;
      const boxes = (schema.items?.enum ?? []).map(
        (option) =>
          html`<div class="toggle"><input id="${id}-${option}" name="${key}" type="checkbox" value="${option}" aria-describedby="${id}-error"${data}${chosen.has(option) ? html` checked` : nothing}><label for="${id}-${option}">${options?.[option] ?? option}</label></div>`,
      );
      return html`<fieldset class="field choices"><legend>${label}</legend>${boxes}<p class="error" id="${id}-error" hidden></p></fieldset>`;
    }
    case 'lines':
      return textarea({ ...spec, value: (value as string[]).join('\n'), attrs: data });
    default:
      return input({ ...spec, value: (value as string | null) ?? '', attrs: html`${data} maxlength="${schema.maxLength ?? ''}" autocomplete="off"` });
  }
}

/** A setting's value in words, for a member who reads only. */
function settingText(key: Setting, settings: BetaSettings): string {
  const { options } = SETTING_TEXT[key];
  const value = settings[key];
  if (value === null || value === '') return 'Not set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map((v) => options?.[v] ?? v).join(', ') : 'None';
  if (key === 'decoder_key') return 'Set (shown to those who can change it)';
  return options?.[String(value)] ?? String(value);
}

const settingsList = (keys: readonly Setting[], settings: BetaSettings): Trusted =>
  html`<dl class="settings-view">${keys.map((key) => html`<dt>${SETTING_TEXT[key].label}</dt><dd>${settingText(key, settings)}</dd>`)}</dl>`;

const readOnly = html`<p class="lead">You can read these settings; an owner or an admin changes them.</p>`;

/** A table filled by settings.js, scrolling sideways on a phone, with a pager below it. */
function table(id: string, caption: string, headings: string[], canWrite: boolean): Trusted {
  const columns = canWrite ? [...headings, 'Actions'] : headings;
  return html`<div class="table-scroll" role="region" aria-label="${caption}" tabindex="0"><table id="${id}"${canWrite ? html` data-actions` : nothing}>
<caption class="visually-hidden">${caption}</caption>
<thead><tr>${columns.map((heading) => html`<th scope="col">${heading}</th>`)}</tr></thead>
<tbody></tbody>
</table></div>
<nav class="pager" id="${id}-pager" aria-label="Pages of ${caption.toLowerCase()}" hidden><button type="button" class="secondary" data-page="previous">Previous page</button><span role="status"></span><button type="button" class="secondary" data-page="next">Next page</button></nav>
<p class="alert" id="${id}-alert" role="alert" hidden></p>`;
}

const done = (id: string) => html`<p class="notice" id="${id}-done" role="status" hidden></p>`;
/** The id of what an add form edits instead (settings.js sets it, and a Cancel button beside the submit). */
const editing = html`<input type="hidden" name="id" value="">`;

function generalContent(beta: Beta, canWrite: boolean, canDelete: boolean): Trusted {
  const groups = SETTING_GROUPS.map(([title, keys]) => ({ title, keys }));
  if (!canWrite) {
    return html`${readOnly}<dl class="settings-view"><dt>Beta name</dt><dd>${beta.name}</dd><dt>Signup page address</dt><dd>${beta.slug ? `/b/${beta.slug}` : `/b/${beta.id}`}</dd><dt>Your site</dt><dd>${beta.homepage_url}</dd></dl>
${groups.map(({ title, keys }) => html`<h2>${title}</h2>${settingsList(keys, beta.settings)}`)}`;
  }
  const fields = [
    html`<fieldset><legend>The beta</legend>${[
      input({ form: 'beta', name: 'name', label: 'Beta name', value: beta.name, attrs: html` maxlength="200" required autocomplete="off"` }),
      input({ form: 'beta', name: 'slug', label: 'Signup page address', hint: 'Lower-case words joined by hyphens: the page is /b/{address}. Empty: /b/{the beta’s number}.', value: beta.slug ?? '', attrs: html` maxlength="64" autocomplete="off"` }),
      input({ form: 'beta', name: 'homepage_url', label: 'Your site', type: 'url', value: beta.homepage_url, attrs: html` maxlength="2000" required autocomplete="url"` }),
    ]}</fieldset>`,
    ...groups.map(({ title, keys }) => html`<fieldset><legend>${title}</legend>${keys.map((key) => settingControl('beta', key, beta.settings))}</fieldset>`),
  ];
  const deletion = canDelete
    ? html`<h2>Delete this beta</h2>
<p>Deleting the beta deletes its testers, questions, rewards, points and e-mails with it. It cannot be undone.</p>
${form('delete-beta', [input({ form: 'delete-beta', name: 'confirm', label: 'Type the beta’s name to confirm', hint: `The name is: ${beta.name}`, attrs: html` autocomplete="off" data-expected="${beta.name}"` })], 'Delete beta')}`
    : nothing;
  // A sandbox has none of its own.
  const sandbox =
    beta.sandbox_of === null
      ? html`<h2>Sandbox</h2>
<p>Rehearse in a copy of this beta’s settings, questions, rewards, e-mail templates and webhooks: its e-mails are stored and never sent, its webhook deliveries are marked as tests, and its testers do not count against your plan.</p>
${form('open-sandbox', [], 'Open the sandbox')}`
      : nothing;
  return html`${form('beta', fields, 'Save settings')}${done('beta')}${sandbox}${deletion}`;
}

type PageText = Exclude<keyof PageDesign, 'show_waiting_count'>;

/** The design's texts and colours in an owner's words, in the order the Page screen shows them. */
export const PAGE_TEXT: Record<PageText, { label: string; hint: string; max: number; lines?: boolean; color?: boolean }> = {
  headline: { label: 'Headline', hint: 'The signup page’s heading. Empty: the beta’s name.', max: 120 },
  description: { label: 'Description', hint: 'Under the heading. Markdown: **bold**, *italic*, [links](https://…), lists. HTML shows as text.', max: 2000, lines: true },
  button_text: { label: 'Button text', hint: 'Empty: “Join the waitlist”.', max: 40 },
  brand_color: { label: 'Brand colour', hint: `Buttons and links, as #rrggbb. Empty: ${DEFAULT_BRAND_COLOR}. Its button text must be readable (WCAG AA, 4.5:1).`, max: 7, color: true },
  background_color: { label: 'Background colour', hint: `Behind the page, as #rrggbb. Empty: ${DEFAULT_BACKGROUND_COLOR}. Text on it must be readable (WCAG AA, 4.5:1).`, max: 7, color: true },
  thank_you_headline: { label: 'Heading after a signup', hint: 'Empty: “You’re on the list!”.', max: 120 },
  thank_you_text: { label: 'Text after a signup', hint: 'Empty: thanks the visitor for joining.', max: 1000, lines: true },
  share_message: { label: 'Share message', hint: 'The text a share starts with. Empty: “Join me on the {beta} waitlist”.', max: 280 },
};

const IMAGE_TEXT: Record<ImageKind, { label: string; hint: string }> = {
  logo: { label: 'Logo', hint: `Above every page. PNG, JPEG, WebP or SVG, at most ${IMAGE_LIMITS.logo / 1024} KiB.` },
  hero: { label: 'Hero image', hint: `At the top of the signup page and in link previews. PNG, JPEG, WebP or SVG, at most ${IMAGE_LIMITS.hero / (1024 * 1024)} MiB.` },
};

function pageDesignControl(key: PageText, page: PageDesign): Trusted {
  const { label, hint, max, lines, color } = PAGE_TEXT[key];
  const spec = { form: 'page', name: key, label, hint };
  const data = html` data-page-field="${key}" maxlength="${max}"`;
  if (lines) return textarea({ ...spec, value: page[key] ?? '', attrs: data });
  const extra = color ? html` pattern="#[0-9a-fA-F]{6}" placeholder="${key === 'brand_color' ? DEFAULT_BRAND_COLOR : DEFAULT_BACKGROUND_COLOR}" spellcheck="false"` : nothing;
  return input({ ...spec, value: page[key] ?? '', attrs: html`${data}${extra} autocomplete="off"` });
}

/** An image of the design: what is there now, a file to upload, and a Remove button. */
function imageControl(kind: ImageKind, beta: Beta): Trusted {
  const { label, hint } = IMAGE_TEXT[kind];
  const image = beta.page[kind];
  const current = image ? imagePath(image) : null;
  return html`<div class="field image-field" data-image="${kind}">
<label for="image-${kind}">${label}</label>
<p class="hint" id="image-${kind}-hint">${hint}</p>
<p class="image-current" id="image-${kind}-current">${current ? html`<img src="${current}" alt="The current ${kind === 'hero' ? 'hero image' : 'logo'}">` : 'None yet.'}</p>
<input id="image-${kind}" name="${kind}" type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" aria-describedby="image-${kind}-hint image-${kind}-error">
<button type="button" class="secondary" id="image-${kind}-remove"${current ? nothing : html` hidden`}>Remove the ${kind === 'hero' ? 'hero image' : 'logo'}</button>
<p class="error" id="image-${kind}-error" role="alert" hidden></p>
</div>`;
}

function pageContent(beta: Beta, canWrite: boolean): Trusted {
  const { page } = beta;
  // Same origin, so that the page's own stylesheets and images load under the console's CSP; no
  // allow-scripts, so nothing in it runs, and no popups or forms leave it.
  const preview = html`<section class="preview" aria-labelledby="page-preview-heading">
<h2 id="page-preview-heading">Preview</h2>
<p class="hint" id="page-preview-status" role="status">The signup page as visitors see it.</p>
<iframe id="page-preview" sandbox="allow-same-origin" title="Preview of the signup page" referrerpolicy="no-referrer"></iframe>
</section>`;
  const address = `/b/${beta.slug ?? beta.id}`;
  const intro = html`<p class="lead">How your public pages look: the signup page (<a href="${address}">${address}</a>), the page after a signup, the status page, the confirmation pages and the embedded form.</p>`;
  if (!canWrite) {
    const rows = (Object.keys(PAGE_TEXT) as PageText[]).map((key) => html`<dt>${PAGE_TEXT[key].label}</dt><dd>${page[key] ?? 'Default'}</dd>`);
    return html`${readOnly}${intro}<dl class="settings-view">${rows}<dt>Show how many people are waiting</dt><dd>${page.show_waiting_count ? 'Yes' : 'No'}</dd></dl>${preview}`;
  }
  const group = (legend: string, keys: PageText[]) => html`<fieldset><legend>${legend}</legend>${keys.map((key) => pageDesignControl(key, page))}</fieldset>`;
  const fields = [
    group('Signup page', ['headline', 'description', 'button_text']),
    html`<fieldset><legend>Social proof</legend>${checkbox({ form: 'page', name: 'show_waiting_count', label: 'Show how many people are waiting (“Join 12,408 people waiting”)', checked: page.show_waiting_count, attrs: html` data-page-field="show_waiting_count"` })}</fieldset>`,
    group('Colours', ['brand_color', 'background_color']),
    group('After a signup', ['thank_you_headline', 'thank_you_text', 'share_message']),
  ];
  return html`${intro}<div class="editor">
<div>${form('page', fields, 'Save page')}${done('page')}
<h2>Images</h2>
${imageControl('logo', beta)}
${imageControl('hero', beta)}
<p class="notice" id="image-done" role="status" hidden></p>
</div>
${preview}
</div>`;
}

function questionsContent(canWrite: boolean): Trusted {
  const kinds = { text: 'Text: typed answer', multiple_choice: 'Multiple choice: one option', multiple_select: 'Multiple select: several options', scale: 'Scale: one step of a scale', agreement: 'Agreement: agree or not' };
  const list = table('questions', 'Signup questions', ['Question', 'Kind', 'Options', 'Required'], canWrite);
  if (!canWrite) return html`${readOnly}${list}`;
  return html`${list}<h2 id="question-heading">Add a question</h2>
${form(
  'question',
  [
    select({ form: 'question', name: 'kind', label: 'Kind', options: kinds }),
    input({ form: 'question', name: 'prompt', label: 'Question', attrs: html` maxlength="1000" required autocomplete="off"` }),
    textarea({ form: 'question', name: 'choices', label: 'Options', hint: 'One per line, in order; none for text and agreement questions.' }),
    checkbox({ form: 'question', name: 'required', label: 'An answer is required (agreement: must agree)' }),
  ],
  'Add question',
  editing,
)}${done('question')}`;
}

function rewardsContent(canWrite: boolean): Trusted {
  const types = { SingleSided: 'One-sided: the referrer earns it', DoubleSided: 'Two-sided: the referrer and the friend each earn one', Milestone: 'Milestone: earned after a number of referrals' };
  const definitions = table('definitions', 'Rewards', ['Reward', 'Descriptor', 'Type', 'Points', 'Most per tester', 'Referrals needed', 'Friend’s reward'], canWrite);
  const rules = table('rules', 'Reward rules', ['When this event happens', 'Issue this reward'], canWrite);
  if (!canWrite) return html`${readOnly}<h2>Rewards</h2>${definitions}<h2>Rules</h2>${rules}`;
  return html`<h2>Rewards</h2>${definitions}<h3 id="definition-heading">Add a reward</h3>
${form(
  'definition',
  [
    input({ form: 'definition', name: 'name', label: 'Name', hint: 'What testers read.', attrs: html` maxlength="200" required autocomplete="off"` }),
    input({ form: 'definition', name: 'descriptor', label: 'Descriptor', hint: 'How the API names it, e.g. free-month; unique in the beta.', attrs: html` maxlength="100" required autocomplete="off"` }),
    select({ form: 'definition', name: 'type', label: 'Type', options: types }),
    input({ form: 'definition', name: 'points', label: 'Points given with it', type: 'number', value: 0, attrs: html` min="0" max="1000000" inputmode="numeric"` }),
    input({ form: 'definition', name: 'max_quantity_per_user', label: 'Most a tester can hold', type: 'number', value: 1, attrs: html` min="1" max="1000000" inputmode="numeric"` }),
    input({ form: 'definition', name: 'referrals_required', label: 'Referrals needed (milestones only)', type: 'number', attrs: html` min="1" max="1000000" inputmode="numeric"` }),
    input({ form: 'definition', name: 'friend_name', label: 'Name of the friend’s reward (two-sided only)', hint: 'Empty: the same name.', attrs: html` maxlength="200" autocomplete="off"` }),
  ],
  'Add reward',
  editing,
)}${done('definition')}
<h2>Rules</h2>
<p>A rule issues a reward when your site reports an event (POST …/rewards/trigger); the event <code>signup</code> happens by itself when a referral is credited. Milestones need no rule.</p>
${rules}<h3>Add a rule</h3>
${form(
  'rule',
  [
    input({ form: 'rule', name: 'event', label: 'Event', hint: 'e.g. signup or purchase', attrs: html` maxlength="100" required autocomplete="off"` }),
    select({ form: 'rule', name: 'descriptor', label: 'Reward', options: {} }),
  ],
  'Add rule',
)}${done('rule')}`;
}

function pointsContent(beta: Beta, canWriteBeta: boolean, canWritePoints: boolean): Trusted {
  const activities = canWriteBeta
    ? html`${form('activities', POINT_SETTINGS.map((key) => settingControl('activities', key, beta.settings)), 'Save points')}${done('activities')}`
    : settingsList(POINT_SETTINGS, beta.settings);
  const bonus = canWritePoints
    ? html`<h2>Give bonus points</h2>
${form(
  'bonus',
  [
    input({ form: 'bonus', name: 'email', label: 'Tester’s e-mail address', type: 'email', attrs: html` maxlength="320" required autocomplete="off"` }),
    input({ form: 'bonus', name: 'quantity', label: 'Points', hint: 'A negative number deducts points.', type: 'number', attrs: html` min="-1000000" max="1000000" required inputmode="numeric"` }),
    input({ form: 'bonus', name: 'reason', label: 'Reason', hint: 'Shown with the points.', attrs: html` maxlength="500" autocomplete="off"` }),
  ],
  'Give points',
)}${done('bonus')}`
    : nothing;
  const waitlist = beta.settings.waitlist_order === 'points' ? 'The waitlist is ordered by points.' : 'Points order the waitlist only when it is ordered by points (Beta and form).';
  return html`${canWriteBeta || canWritePoints ? nothing : readOnly}<h2>Points for each activity</h2><p>${waitlist}</p>${activities}${bonus}
<h2>Points given</h2>
${form('points-filter', [input({ form: 'points-filter', name: 'email', label: 'Only the points of', hint: 'A tester’s e-mail address; empty: everyone’s.', type: 'email', attrs: html` autocomplete="off"` })], 'Show points')}
${table('points', 'Points given', ['When', 'Tester', 'Activity', 'Points', 'Reason', 'Revoked'], canWritePoints)}`;
}

function codesContent(canWrite: boolean): Trusted {
  const list = table('codes', 'Invitation codes', ['Code', 'Used', 'Most uses', 'Expires', 'Created'], canWrite);
  const intro = html`<p>A custom code lets anyone who has it become active at signup, until it is used up or expires. Each tester also has a code of their own, made from the invitation code key.</p>`;
  if (!canWrite) return html`${readOnly}${intro}${list}`;
  return html`${intro}${list}<h2 id="code-heading">Add a code</h2>
${form(
  'code',
  [
    input({ form: 'code', name: 'code', label: 'Code', hint: 'Letters, digits, _ and -; 3 to 64 characters.', attrs: html` maxlength="64" required autocomplete="off"` }),
    input({ form: 'code', name: 'max_uses', label: 'Most uses', hint: 'Empty: no limit by uses.', type: 'number', attrs: html` min="1" max="1000000000" inputmode="numeric"` }),
    input({ form: 'code', name: 'expires_at', label: 'Expires', hint: 'Your local time. Empty: no limit by time. A code needs one limit at least.', type: 'datetime-local' }),
  ],
  'Add code',
  editing,
)}${done('code')}`;
}

function suppressionsContent(canWrite: boolean): Trusted {
  const intro = html`<p>Suppressed addresses receive no e-mail from this beta. Unsubscribes and spam complaints can be lifted only through support.</p>`;
  const filter = form('suppressions-filter', [input({ form: 'suppressions-filter', name: 'email', label: 'Find an address', type: 'email', attrs: html` autocomplete="off"` })], 'Find');
  const list = table('suppressions', 'Suppressed addresses', ['Address', 'Reason', 'Since'], canWrite);
  if (!canWrite) return html`${readOnly}${intro}${filter}${list}`;
  return html`${intro}${filter}${list}<h2>Suppress an address</h2>
${form(
  'suppression',
  [
    input({ form: 'suppression', name: 'email', label: 'E-mail address', type: 'email', attrs: html` maxlength="320" required autocomplete="off"` }),
    select({ form: 'suppression', name: 'reason', label: 'Reason', options: { Manual: 'Manual: no e-mail until lifted', Unsubscribe: 'Unsubscribe: also unsubscribes the tester' } }),
  ],
  'Suppress',
)}${done('suppression')}`;
}

/** The Page screen's preview frame shows a srcdoc document: its stylesheets and images are this service's own. */
const PAGE_PREVIEW_POLICY = { frameSrc: ["'self'"] };

export function settingsPages({ betaPage }: ConsolePages): void {
  const can = (active: ActiveSession, permission: Permission) => isRole(active.member.role) && permissionsOf(active.member.role).has(permission);
  const page = (name: SettingsPage, content: (beta: Beta, active: ActiveSession) => Trusted, policy?: Record<string, string[]>) => {
    const { path, label } = SETTINGS_PAGES[name];
    betaPage('settings', {
      ...(path ? { sub: path } : {}),
      ...(policy ? { policy } : {}),
      title: () => `Settings: ${label}`,
      script: 'settings.js',
      content: (beta, active) => html`${settingsNav(beta.id, name)}<div class="settings" data-settings-page="${name}">${content(beta, active)}</div>`,
    });
  };
  page('general', (beta, active) => generalContent(beta, can(active, 'betas:write'), can(active, 'betas:delete')));
  page('page', (beta, active) => pageContent(beta, can(active, 'betas:write')), PAGE_PREVIEW_POLICY);
  page('questions', (_beta, active) => questionsContent(can(active, 'betas:write')));
  page('rewards', (_beta, active) => rewardsContent(can(active, 'rewards:write')));
  page('points', (beta, active) => pointsContent(beta, can(active, 'betas:write'), can(active, 'points:write')));
  page('codes', (_beta, active) => codesContent(can(active, 'betas:write')));
  page('suppressions', (_beta, active) => suppressionsContent(can(active, 'suppressions:write')));
}
