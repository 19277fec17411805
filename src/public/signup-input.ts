// A visitor's signup as the page's form and the embeddable form send it (the same flat fields, as
// form data or JSON), turned into the API's tester input; the options both signup routes declare;
// and the API's error codes turned into readable messages placed next to the field they concern.
import Type, { type Static } from 'typebox';
import { Errors, type ApiError, type ErrorEntry } from '../primitives/errors.ts';
import { profileMaxLength } from '../modules/testers/profile.ts';
import { TRACKING_FIELDS } from '../modules/visitors/signup-fields.ts';
import type { SignupForm, SignupInput } from '../modules/visitors/visitors.service.ts';
import type { PageLimits } from './page-limits.ts';
import type { Referral } from './visitor.ts';
import { HONEYPOT_FIELD, type SignupAttempt } from '../modules/signup-guard/signup-guard.ts';

/** What a signup with an address already on the list hears, without double opt-in (with it: "check your inbox", as anyone). */
export const ALREADY_ON_LIST = 'You are already on the list: we have e-mailed you the link to your standing.';

/** The largest signup body accepted: a form with a few text answers fits many times over. */
export const SIGNUP_BODY_LIMIT = 16 * 1024;

const PROFILE_INPUTS = [
  'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'postal_code', 'country',
  ...TRACKING_FIELDS,
] as const;

/**
 * A share link's channel tag (`ch`) as a page, the embed or a link sends it: any text a link may
 * carry, an unknown one counting as other (share-channels.ts).
 */
export const ChannelTag = Type.String({ maxLength: 255, description: 'The share channel of the link the visitor came through (its ?ch=)' });

export const SignupBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  ...Object.fromEntries(PROFILE_INPUTS.map((field) => [field, Type.Optional(Type.String({ maxLength: profileMaxLength(field) }))])),
  // Keyed "q<question id>" (a bare number would make the form parser build an array); several
  // choices of a multiple_select as a list. Checked against the beta's questions by the service.
  answers: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  r: Type.Optional(Type.String({ maxLength: 64, description: 'The referral code of the share link the visitor came through' })),
  ch: Type.Optional(ChannelTag),
  altcha: Type.Optional(Type.String({ maxLength: 8192, description: 'The solved proof-of-work challenge, as the ALTCHA widget sends it' })),
  [HONEYPOT_FIELD]: Type.Optional(Type.String({ maxLength: 2000, description: 'The hidden field people leave empty' })),
});
export type SignupBodyValues = Static<typeof SignupBody>;

/** The beta of a public route: its slug or id. */
export const BetaParams = Type.Object({ beta: Type.String({ maxLength: 64 }) });

/**
 * What the hosted page's signup (POST /b/{beta}) and the embed's (POST /public/betas/{beta}/signups)
 * declare alike, so their limits live in one place: the body, the series of its error codes (the
 * API's tester create), the body limit, and the per-network signup limit they share. Each answers
 * in its own way (an HTML page, JSON).
 */
export function signupRouteOptions(limits: PageLimits) {
  return {
    schema: { hide: true, params: BetaParams, body: SignupBody },
    config: { series: 'testers' as const },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.signupAttempts,
  };
}

/** The signup for TestersService: only the fields this form has, answers in the interface's encoding. */
export function signupInput(body: SignupBodyValues, form: SignupForm, referral: Referral | null): SignupInput {
  const values = body as Record<string, unknown>;
  const profile: Record<string, string> = {};
  const shown = new Set<string>([...form.fields.map((f) => f.name), ...TRACKING_FIELDS]);
  for (const field of PROFILE_INPUTS) {
    if (shown.has(field) && typeof values[field] === 'string') profile[field] = values[field] as string;
  }
  const answers = body.answers ?? {};
  const response = form.questions.flatMap((question) => {
    const answer = answers[`q${question.id}`] ?? answers[String(question.id)];
    if (answer === undefined) return [];
    return [{ question_id: question.id, answer: (Array.isArray(answer) ? answer.map(String).join(',') : answer) as string }];
  });
  return {
    email: body.email ?? '',
    profile,
    responses: { response },
    ...(referral ? { referrer_id: referral.code, referral_channel: referral.channel } : {}),
  };
}

/** What the signup guard reads off a signup besides the visitor: the page's origin, the challenge's solution, the honeypot. */
export function signupAttempt(body: SignupBodyValues, origin: string | string[] | undefined): Omit<SignupAttempt, 'ip'> {
  return { origin: typeof origin === 'string' ? origin : null, altcha: body.altcha, honeypot: (body as Record<string, unknown>)[HONEYPOT_FIELD] };
}

/** A problem as the visitor reads it; `field` names the input it belongs next to (null: the form). */
export interface FieldError {
  code: number;
  field: string | null;
  message: string;
}

const FIELD_BY_CODE: Record<number, string> = {
  [Errors.testerEmailRequired.code]: 'email',
  [Errors.emailDomainBlocked.code]: 'email',
  [Errors.nameRequired.code]: 'first_name',
  [Errors.employerRequired.code]: 'employer',
  [Errors.jobTitleRequired.code]: 'jobtitle',
  [Errors.addressRequired.code]: 'address_line1',
  [Errors.countryRequired.code]: 'country',
};

const READABLE: Record<number, string> = {
  [Errors.testerEmailRequired.code]: 'Please enter your e-mail address.',
  [Errors.nameRequired.code]: 'Please enter your name.',
  [Errors.employerRequired.code]: 'Please enter your company.',
  [Errors.jobTitleRequired.code]: 'Please enter your job title.',
  [Errors.addressRequired.code]: 'Please enter your address.',
  [Errors.answerRequired.code]: 'Please answer this question.',
  [Errors.mustAgree.code]: 'Please agree to continue.',
  [Errors.signupsClosed.code]: 'This waitlist is not taking signups at the moment.',
  [Errors.emailDomainBlocked.code]: 'Signups with this e-mail domain are not accepted.',
  [Errors.ipBlocked.code]: 'Signups from your network are not accepted.',
  [Errors.tooManySignupsFromIp.code]: 'Too many signups from your network today. Please try again tomorrow.',
  [Errors.answerInvalid.code]: 'Please choose one of the answers given.',
  [Errors.countryRequired.code]: 'Please choose your country.',
};

function fieldError({ code, message }: ErrorEntry): FieldError {
  const question = /\(question (\d+):/.exec(message);
  if (question) return { code, field: `q${question[1]}`, message: READABLE[code] ?? message };
  if (code === Errors.testersGeneral.code && /^Email\b/.test(message)) return { code, field: 'email', message: 'Please enter a valid e-mail address.' };
  const profileField = /^profile\.([a-z_0-9]+)/.exec(message);
  return { code, field: FIELD_BY_CODE[code] ?? profileField?.[1] ?? null, message: READABLE[code] ?? message };
}

/** The service's refusal, field by field, with the interface's codes kept. */
export function fieldErrors(error: ApiError): FieldError[] {
  return error.errors.map(fieldError);
}
