// The public pages' templates: the signup form, the standing after a signup, the status page and
// the confirmation pages. Every value goes through `html`, which escapes it. Inputs carry stable
// ids (field-<name>) and their errors <name>-error, so people and browser tests find them alike.
import { randomUUID } from 'node:crypto';
import type { Beta } from '../modules/betas/betas.service.ts';
import { channelLink, defaultShareMessage, shareButtons } from '../modules/referrals/share-channels.ts';
import type { Question } from '../modules/questions/questions.service.ts';
import { maskedEmail } from '../modules/testers/masked-email.ts';
import { shareLinkOf, type TesterView } from '../modules/testers/testers.presenter.ts';
import { countryChoices, TRACKING_FIELDS, type SignupField } from '../modules/visitors/signup-fields.ts';
import type { SignupForm, SignupOutcome, Standing } from '../modules/visitors/visitors.service.ts';
import { HONEYPOT_FIELD } from '../modules/signup-guard/signup-guard.ts';
import { html, Trusted } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import { ALREADY_ON_LIST, type FieldError } from './signup-input.ts';
import type { Referral } from './visitor.ts';
import { ladderSection, leaderboardSection, oneMoreSection, publicNameSection, qrSection, type NameFormState } from './standing-sections.ts';
import { estimateItem, movesSection } from './move-sections.ts';

/** What the visitor typed (kept when the form comes back with errors) and where they came from. */
export interface FormState {
  values: Record<string, unknown>;
  errors: FieldError[];
  /** The share link the visitor came through: its referrer's code and channel. */
  referral: Referral | null;
}

const nothing = html``;

function errorFor(state: FormState, field: string): Trusted {
  const messages = state.errors.filter((e) => e.field === field).map((e) => e.message);
  return messages.length === 0 ? nothing : html`<p class="error" id="${field}-error">${messages.join(' ')}</p>`;
}

function invalidAttributes(state: FormState, field: string): Trusted {
  return state.errors.some((e) => e.field === field) ? html` aria-invalid="true" aria-describedby="${field}-error"` : nothing;
}

function textValue(state: FormState, field: string): string {
  const value = state.values[field];
  return typeof value === 'string' ? value : '';
}

function requiredMark(required: boolean): Trusted {
  return required ? html` <span class="required" aria-hidden="true">*</span>` : nothing;
}

function profileInput(field: SignupField, state: FormState): Trusted {
  const id = `field-${field.name}`;
  const required = field.required ? html` required` : nothing;
  const control =
    field.input === 'country'
      ? html`<select id="${id}" name="${field.name}" autocomplete="${field.autocomplete}"${required}${invalidAttributes(state, field.name)}>
<option value="">Choose…</option>
${countryChoices().map(({ code, name }) => html`<option value="${code}"${textValue(state, field.name).toUpperCase() === code ? html` selected` : nothing}>${name}</option>`)}
</select>`
      : html`<input id="${id}" name="${field.name}" type="text" autocomplete="${field.autocomplete}" value="${textValue(state, field.name)}"${required}${invalidAttributes(state, field.name)}>`;
  return html`<div class="field">
<label for="${id}">${field.label}${requiredMark(field.required)}</label>
${control}
${errorFor(state, field.name)}
</div>`;
}

function answerOf(state: FormState, question: Question): unknown {
  const answers = state.values.answers as Record<string, unknown> | undefined;
  return answers?.[`q${question.id}`];
}

function questionInput(question: Question, state: FormState): Trusted {
  const key = `q${question.id}`;
  const name = `answers[${key}]`;
  const id = `field-${key}`;
  const answer = answerOf(state, question);
  const chosen = new Set((Array.isArray(answer) ? answer : [answer]).map(String));
  const required = question.required ? html` required` : nothing;
  switch (question.kind) {
    case 'text':
      return html`<div class="field">
<label for="${id}">${question.prompt}${requiredMark(question.required)}</label>
<textarea id="${id}" name="${name}" rows="3"${required}${invalidAttributes(state, key)}>${typeof answer === 'string' ? answer : ''}</textarea>
${errorFor(state, key)}
</div>`;
    case 'agreement':
      return html`<div class="field">
<label class="check" for="${id}"><input id="${id}" type="checkbox" name="${name}" value="1"${chosen.has('1') ? html` checked` : nothing}${required}${invalidAttributes(state, key)}> <span>${question.prompt}${requiredMark(question.required)}</span></label>
${errorFor(state, key)}
</div>`;
    default: {
      // Choices are answered by index, as through the API; several for multiple_select.
      const multiple = question.kind === 'multiple_select';
      const options = question.choices.map(
        (choice, index) => html`<label class="check" for="${id}-${index}"><input id="${id}-${index}" type="${multiple ? 'checkbox' : 'radio'}" name="${multiple ? `${name}[]` : name}" value="${index}"${chosen.has(String(index)) ? html` checked` : nothing}${!multiple ? required : nothing}> <span>${choice}</span></label>`,
      );
      // A radio's own `required` does not reach screen readers (the radio role has no required
      // state): the group says it. No role says so of a group of checkboxes.
      const group = multiple ? nothing : html` role="radiogroup"${question.required ? html` aria-required="true"` : nothing}`;
      return html`<fieldset class="field${question.kind === 'scale' ? ' scale' : ''}" id="${id}"${group}${invalidAttributes(state, key)}>
<legend>${question.prompt}${requiredMark(question.required)}</legend>
<div class="choices">${options}</div>
${errorFor(state, key)}
</fieldset>`;
    }
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Join 12,408 people waiting": the waitlist's exact length, when the design shows it. */
function waitingCount(waiting: number | null): Trusted {
  if (waiting === null) return nothing;
  const text = waiting === 0 ? 'Be the first to join.' : `Join ${count(waiting)} ${waiting === 1 ? 'person' : 'people'} waiting.`;
  return html`<p class="waiting" id="waiting-count">${text}</p>`;
}

/** The heading and copy the design gives the signup page, or the default's. */
function signupIntro(beta: Beta): Trusted {
  const { page } = beta;
  return html`<h1>${page.headline ?? beta.name}</h1>
${page.description ? html`<div class="description" id="page-description">${renderMarkdown(page.description)}</div>` : html`<p class="lead">Join the waitlist.</p>`}`;
}

/**
 * The signup form. `inviter` is the name of the tester whose share link brought the visitor
 * (VisitorsService.inviterName), or null: the page then says nothing about the link.
 */
export function signupPage(form: SignupForm, state: FormState, inviter: string | null = null): Trusted {
  const { beta } = form;
  const invited = inviter ? html`<p class="invited" id="invited-by"><strong>${inviter}</strong> invited you</p>
` : nothing;
  if (!beta.settings.accepting_signups) {
    return html`${signupIntro(beta)}
<p id="signups-closed">This waitlist is not taking signups at the moment. Please come back later.</p>`;
  }
  const general = state.errors.filter((e) => e.field === null || !knownField(form, e.field));
  return html`${invited}${signupIntro(beta)}
${waitingCount(form.waiting)}
${general.length > 0 ? html`<div class="alert" role="alert" id="form-errors">${general.map((e) => html`<p>${e.message}</p>`)}</div>` : nothing}
<form method="post" class="signup" id="signup-form" novalidate>
${state.referral ? html`<input type="hidden" name="r" value="${state.referral.code}">` : nothing}
${state.referral?.channel ? html`<input type="hidden" name="ch" value="${state.referral.channel}">` : nothing}
${TRACKING_FIELDS.filter((field) => textValue(state, field)).map((field) => html`<input type="hidden" name="${field}" value="${textValue(state, field)}">`)}
<div class="field">
<label for="field-email">E-mail address${requiredMark(true)}</label>
<input id="field-email" name="email" type="email" autocomplete="email" inputmode="email" value="${textValue(state, 'email')}" required${invalidAttributes(state, 'email')}>
${errorFor(state, 'email')}
</div>
${form.fields.map((field) => profileInput(field, state))}
${form.questions.map((question) => questionInput(question, state))}
<div class="trap" aria-hidden="true" inert><label for="field-${HONEYPOT_FIELD}">Leave this field empty</label><input id="field-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>
${beta.settings.signup_challenge === 'proof_of_work' ? challengeWidget(beta) : nothing}
<button type="submit" id="signup-submit">${beta.page.button_text ?? 'Join the waitlist'}</button>
</form>`;
}

const WIDGET_CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true });

/** The ALTCHA widget solving the beta's challenge (its script is on the page: design.ts), and what to do without JavaScript. */
function challengeWidget(beta: Beta): Trusted {
  return html`<div class="field challenge">
<altcha-widget id="signup-challenge" name="altcha" challenge="/public/betas/${String(beta.id)}/challenge" auto="onload" configuration="${WIDGET_CONFIGURATION}"></altcha-widget>
<noscript><p class="error" id="challenge-needs-javascript">This form checks in your browser that you are a person, which needs JavaScript. Please turn JavaScript on for this page to sign up.</p></noscript>
</div>`;
}

function knownField(form: SignupForm, field: string): boolean {
  return field === 'email' || form.fields.some((f) => f.name === field) || form.questions.some((q) => `q${q.id}` === field);
}

/**
 * The share link with copy and share buttons, each link tagged with its channel (`?ch=`): the
 * copy button and the field copy the `copy` link. A plain list of links with stable ids
 * (share-{channel}): the stylesheet gives them their look.
 */
function renderShareBox(beta: Beta, shareLink: string): Trusted {
  const buttons = shareButtons(shareLink, beta.page.share_message ?? defaultShareMessage(beta.name));
  const why =
    beta.settings.waitlist_order === 'signup_time'
      ? 'Invite your friends to join too.'
      : 'Every friend who joins through your link moves you up the list.';
  return html`<section class="share" aria-labelledby="share-title">
<h2 id="share-title">Share your link</h2>
<p>${why}</p>
<div class="copy">
<input id="share-link" type="text" readonly value="${channelLink(shareLink, 'copy')}" aria-label="Your share link">
<button type="button" class="copy-button" id="copy-share-link" data-copy="share-link">Copy</button>
</div>
<ul class="share-buttons" aria-label="Share on">
${buttons.map(({ channel, label, url }) => html`<li><a id="share-${channel}" class="share-${channel}" href="${url}" target="_blank" rel="noopener noreferrer">${label}</a></li>`)}
</ul>
</section>`;
}

/**
 * Stands for the referral code in a beta's share box, rendered once: letters and digits, as a code
 * is, so every encoding on the way (the URL's, a query's, HTML's) leaves both as they are, and
 * drawn at random, so no owner's text can hold it.
 */
const CODE_STAND_IN = `Code${randomUUID().replaceAll('-', '')}`;

/** Per beta (the object read from memory: a changed beta is another one), its share box split where the code goes. */
const shareBoxes = new WeakMap<Beta, { publicUrl: string; pieces: string[] }>();

/** The share box of the tester with `code`: the beta's, rendered once, with the code filled in. */
function shareBox(beta: Beta, code: string, publicUrl: string): Trusted {
  let box = shareBoxes.get(beta);
  if (!box || box.publicUrl !== publicUrl) {
    box = { publicUrl, pieces: renderShareBox(beta, shareLinkOf(CODE_STAND_IN, publicUrl, beta.settings.referral_url)).html.split(CODE_STAND_IN) };
    shareBoxes.set(beta, box);
  }
  return new Trusted(box.pieces.join(code));
}

function position(tester: TesterView): Trusted {
  if (tester.waitlist_position === null) return nothing;
  const ahead = tester.waitlist_ahead === 1 ? '1 person is' : `${tester.waitlist_ahead} people are`;
  return html`<p class="position">You are <strong id="waitlist-position">#${tester.waitlist_position}</strong> on the waitlist.</p>
<p id="waitlist-ahead">${ahead} ahead of you.</p>`;
}

/** After a signup: the standing and the share link, or what to do next. */
export function signedUpPage(beta: Beta, outcome: SignupOutcome, publicUrl: string): Trusted {
  if (outcome.kind === 'check_inbox') {
    return html`<h1>Check your inbox</h1>
<p id="confirm-needed">We sent a confirmation link to <strong>${maskedEmail(outcome.email)}</strong>. Confirm your address to join the ${beta.name} waitlist.</p>`;
  }
  if (outcome.kind === 'already_on_list') {
    return html`<h1>You're already on the list</h1>
<p id="already-on-list">${ALREADY_ON_LIST}</p>`;
  }
  const { tester } = outcome;
  if (tester === null) {
    return html`<h1>Thanks for signing up!</h1>
<p id="signup-done">You are signed up for ${beta.name}. We will be in touch.</p>`;
  }
  const { page } = beta;
  return html`<h1>${page.thank_you_headline ?? html`You're on the list!`}</h1>
<p id="signup-done" class="thank-you">${page.thank_you_text ?? `Thanks for joining the ${beta.name} waitlist.`}</p>
${position(tester)}
<p class="status-link"><a id="status-page-link" href="${tester.share_status_link}">See your status page</a>: bookmark it to check your place at any time.</p>
${shareBox(beta, tester.referral_code, publicUrl)}`;
}

const STATUS_TEXT: Record<string, string> = {
  unconfirmed: 'Please confirm your e-mail address: the link is in your inbox.',
  invited: 'You have been invited. Check your inbox for your invitation.',
  active: 'You are in: your access is active.',
  idle: 'You are in: your access is active.',
  imported: 'You are on our list.',
  rejected: 'You are no longer on the waitlist.',
  suspended: 'Your signup is on hold.',
};

/** The tester's own status page (share_status_link); `nameForm` is what its public-name form shows. */
export function standingPage(standing: Standing, publicUrl: string, nameForm?: NameFormState): Trusted {
  const { beta, tester, progress } = standing;
  const onList = tester.waitlist_position !== null;
  return html`<h1>${beta.name}</h1>
<p class="lead">Your standing, ${maskedEmail(tester.email)}</p>
${onList ? nothing : html`<p id="tester-status">${STATUS_TEXT[tester.status] ?? ''}</p>`}
<dl class="standing">
${onList ? html`<div><dt>Position</dt><dd id="standing-position">#${tester.waitlist_position!} of ${tester.waitlist_length}</dd></div>
<div><dt>Ahead of you</dt><dd id="standing-ahead">${tester.waitlist_ahead!}</dd></div>
<div><dt>Behind you</dt><dd id="standing-behind">${tester.waitlist_behind!}</dd></div>` : nothing}
<div><dt>Referrals</dt><dd id="standing-referrals">${tester.share_signups_count}</dd></div>
<div><dt>Points</dt><dd id="standing-points">${standing.points}</dd></div>
${estimateItem(progress.estimated_invitation_at)}
</dl>
${movesSection(standing.moves, tester.waitlist_position)}
${oneMoreSection(progress)}
${ladderSection(progress)}
<section aria-labelledby="rewards-title">
<h2 id="rewards-title">Rewards</h2>
${standing.rewards.length === 0
  ? html`<p id="rewards-none">No rewards yet.</p>`
  : html`<ul id="rewards">${standing.rewards.map((reward) => html`<li>${reward.name}${reward.status === 'delivered' ? ' (delivered)' : ''}</li>`)}</ul>`}
</section>
${leaderboardSection(standing.leaderboard, tester)}
${shareBox(beta, tester.referral_code, publicUrl)}
${qrSection(tester)}
${publicNameSection(tester, nameForm ?? { value: tester.leaderboard_name ?? '', error: null, saved: false })}`;
}

export const notFoundContent = (what: string) =>
  html`<h1>Not found</h1>
<p id="not-found">${what}</p>`;

export function confirmPage(beta: Beta, email: string): Trusted {
  return html`<h1>Confirm your e-mail address</h1>
<p>Confirm <strong>${maskedEmail(email)}</strong> to join the ${beta.name} waitlist.</p>
<form method="post" id="confirm-form">
<button type="submit" id="confirm-button">Confirm my address</button>
</form>`;
}

export function expiredPage(beta: Beta, token: string): Trusted {
  return html`<h1>This link has expired</h1>
<p id="link-expired">Confirmation links work for 7 days. We can send a new one to the address you signed up to ${beta.name} with.</p>
<form method="post" action="/confirm/${token}/resend" id="resend-form">
<button type="submit" id="resend-button">Send me a new link</button>
</form>`;
}

export function unknownConfirmationPage(): Trusted {
  return html`<h1>Link not found</h1>
<p id="link-unknown">This confirmation link is not valid. Enter the address you signed up with and we will send you a new link if a signup is waiting to be confirmed.</p>
<form method="post" action="/confirm/resend" id="resend-form" novalidate>
<div class="field">
<label for="field-email">E-mail address</label>
<input id="field-email" name="email" type="email" autocomplete="email" required>
</div>
<button type="submit" id="resend-button">Send me a new link</button>
</form>`;
}

export function messagePage(title: string, message: string, id = 'message'): Trusted {
  return html`<h1>${title}</h1>
<p id="${id}">${message}</p>`;
}
