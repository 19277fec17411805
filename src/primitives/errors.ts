// The error model. Every code a client can see is defined once in `Errors` below, with its HTTP
// status, its message and when it is answered; services throw through its named constructors
// (`throw Errors.testerHidden()`), and docs/errors.md's and the OpenAPI document's code tables are
// rendered from it (`npm run docs:errors`). Codes 2xxx are the interface's own; 14xx and 1500 are
// Prelaunch's, for what the interface does not number, and mirror the HTTP status.

declare const fromRegistry: unique symbol;

/** One problem in an error body. Only the registry makes them, so no code goes undocumented. */
export interface ErrorEntry {
  readonly code: number;
  readonly message: string;
  readonly [fromRegistry]: true;
}

export class ApiError extends Error {
  readonly errors: ErrorEntry[];
  readonly statusCode: number;

  /** Several problems found at once: reported together, the first decides the status. */
  static many(entries: ErrorEntry[]): ApiError {
    return new ApiError(entries);
  }

  constructor(entries: ErrorEntry[]) {
    if (entries.length === 0) throw new Error('An ApiError needs at least one entry');
    super(entries[0].message);
    this.name = 'ApiError';
    this.errors = entries;
    this.statusCode = statusByCode.get(entries[0].code) ?? 500;
  }

  get code(): number {
    return this.errors[0].code;
  }

  /** Whether this error is (first of all) the given kind. */
  is(kind: { readonly code: number }): boolean {
    return this.code === kind.code;
  }
}

interface Definition<Args extends unknown[]> {
  code: number;
  status: number;
  /** The message as documented; what the client reads, unless `format` adds the case's details. */
  message: string;
  /** When the service answers it. */
  when: string;
  /** The message sent, from the case's details. */
  format?: (...args: Args) => string;
  /** Why a code the service never answers is listed all the same. */
  unused?: string;
}

export interface ErrorKind<Args extends unknown[] = []> {
  /** The error to throw. */
  (...args: Args): ApiError;
  /** The same problem as one entry, to report together with others through ApiError.many. */
  entry(...args: Args): ErrorEntry;
  readonly code: number;
  readonly status: number;
  readonly message: string;
  readonly when: string;
  readonly unused?: string;
}

function kind<Args extends unknown[] = []>({ format, ...described }: Definition<Args>): ErrorKind<Args> {
  const entry = (...args: Args) => ({ code: described.code, message: format ? format(...args) : described.message }) as ErrorEntry;
  return Object.assign((...args: Args) => new ApiError([entry(...args)]), described, { entry });
}

/** For the general codes and Prelaunch's own: the message names the problem in the caller's words. */
const asGiven = (message: string) => message;

const TESTER_EXISTS = 'Tester exists; use the update method';

const general = (series: string, example?: string) =>
  `A ${series} request breaks a rule no specific code names (the message says which${example ? `, such as ${example}` : ''}), or fails schema validation; 500 with the same code when the request fails unexpectedly`;

export const Errors = {
  // ---- Prelaunch's own, for what the interface does not number ---------------------------------
  malformedRequest: kind({
    code: 1400, status: 400, message: 'Malformed request', format: asGiven,
    when: 'The body is not valid JSON, UTF-8 or form encoding, the URL does not decode, or a query parameter is wrong on a route outside the series below; Fastify\'s own client errors keep their 4xx status',
  }),
  unauthorized: kind({
    code: 1401, status: 401, message: 'Invalid API key', format: asGiven,
    when: 'The API key is missing, unknown, expired or revoked, the Authorization header is malformed, two different keys are sent; or the metrics token is missing or wrong',
  }),
  forbidden: kind({
    code: 1403, status: 403, message: 'This API key lacks the permission', when: 'The API key lacks the permission the route needs',
    format: (permission: string) => `This API key lacks the ${permission} permission`,
  }),
  notFound: kind({
    code: 1404, status: 404, message: 'Not found', format: asGiven,
    when: 'No such route, or the resource named does not exist or belongs to another company; the message names it (Tester not found)',
  }),
  idempotencyKeyInUse: kind({
    code: 1409, status: 409, message: 'A request with this Idempotency-Key is still being processed; retry once it has been answered',
    when: 'A write carries the Idempotency-Key of a request still running: the retry, once that one is answered, replays its answer',
  }),
  bodyTooLarge: kind({ code: 1413, status: 413, message: 'Request body is too large', format: asGiven, when: 'The body is longer than the route accepts' }),
  unsupportedMediaType: kind({
    code: 1415, status: 415, message: 'Unsupported media type', format: asGiven,
    when: "An upload's bytes are none of the types the route takes, or another type than the one declared; the message names both",
  }),
  idempotencyKeyReused: kind({
    code: 1422, status: 422, message: 'This Idempotency-Key was used for a different request; send a new key for a new request',
    when: 'A write carries an Idempotency-Key used in the last 24 hours with another method, path, query or body',
  }),
  rateLimited: kind({
    code: 1429, status: 429, message: 'Rate limit exceeded', format: asGiven,
    when: 'A rate limit is reached; the message names the limit and when to try again, Retry-After gives the seconds',
  }),
  internal: kind({
    code: 1500, status: 500, message: 'Internal error', format: asGiven,
    when: 'An unexpected failure on a route outside the series below; the message carries the request id, the log the details',
  }),

  // ---- Beta management (2200) ------------------------------------------------------------------
  betasGeneral: kind({ code: 2201, status: 422, message: 'General error', format: asGiven, when: general('beta management', 'a slug or a chosen id taken') }),
  betaNotDeletable: kind({
    code: 2204, status: 422, message: 'Unable to delete beta', when: 'Delete beta',
    unused: 'A beta is deleted with everything it holds, so no deletion is refused',
  }),
  sandboxOfSandbox: kind({
    code: 2205, status: 422, message: 'A sandbox cannot have a sandbox; open the sandbox of the beta it copies',
    when: 'Create sandbox (Prelaunch\'s code in the series): the beta named is itself a sandbox',
  }),

  // ---- Testers (2300) --------------------------------------------------------------------------
  testersGeneral: kind({ code: 2301, status: 422, message: 'General error', format: asGiven, when: general('tester', 'a status change not allowed') }),
  testerEmailRequired: kind({ code: 2302, status: 422, message: 'Email is required', when: 'Create, update (emptied), checkin by e-mail: no e-mail address' }),
  nameRequired: kind({ code: 2303, status: 422, message: 'Name is required', when: 'Create, update: the beta requires a name and neither first_name nor last_name is given' }),
  employerRequired: kind({ code: 2304, status: 422, message: 'Employer is required', when: 'Create, update: the beta requires employer' }),
  jobTitleRequired: kind({ code: 2305, status: 422, message: 'Job title is required', when: 'Create, update: the beta requires jobtitle' }),
  addressRequired: kind({ code: 2306, status: 422, message: 'Address is required', when: 'Create, update: the beta requires address_line1' }),
  phoneInvalid: kind({ code: 2307, status: 422, message: 'Phone number is invalid', when: 'Create, update: profile.telephone is not a valid number' }),
  answerRequired: kind({
    code: 2308, status: 422, message: 'Answer is required', when: 'Create, update: a required question is unanswered, or its answer is blanked',
    format: (question: string) => `Answer is required (${question})`,
  }),
  mustAgree: kind({
    code: 2309, status: 422, message: 'Must agree', when: 'Create, update: a required agreement question is not answered 1',
    format: (question: string) => `Must agree (${question})`,
  }),
  testerExists: kind({
    code: 2310, status: 422, message: TESTER_EXISTS,
    when: 'Create: the beta has a tester with the e-mail address; update: another tester has it',
    format: (on: 'create' | 'update' = 'create') => (on === 'create' ? TESTER_EXISTS : 'Another tester of this beta has that e-mail address'),
  }),
  testerNotDeletable: kind({
    code: 2311, status: 422, message: 'Unable to delete tester', when: 'Delete tester',
    unused: 'A tester is deleted with everything it holds, so no deletion is refused',
  }),
  invitationCodeExpired: kind({
    code: 2312, status: 422, message: 'Invitation code is invalid or expired',
    when: 'Create, update: a custom code is expired or used up; verify: the code is not valid for the tester',
  }),
  invitationCodeInvalid: kind({ code: 2313, status: 422, message: 'Invitation code is invalid', when: 'Create, update: the code matches neither the tester\'s nor a custom code' }),
  questionNotFound: kind({
    code: 2315, status: 422, message: 'Question not found', when: 'Create, update: a response names a question the beta does not have',
    format: (questionId: string) => `Question not found (question_id ${questionId})`,
  }),
  signupsClosed: kind({
    code: 2316, status: 422, message: 'Project no longer accepting new signups',
    when: 'Create, or an update or confirmation that enters the waitlist, while the beta does not accept signups',
  }),
  testerHidden: kind({
    code: 2317, status: 403, message: 'Plan limits exceeded and this tester is hidden',
    when: 'Create (the tester is stored, hidden), and any request naming a hidden tester: the company\'s plan is full',
  }),
  emailDomainBlocked: kind({
    code: 2319, status: 422, message: 'Fraud protection: e-mail domain blacklisted',
    when: 'Create: the address\'s domain is on the beta\'s blocked list, or disposable while the beta blocks those in block fraud_mode (flag mode queues it for review)',
  }),
  ipBlocked: kind({ code: 2320, status: 422, message: 'Fraud protection: IP address blacklisted', when: 'Create: the profile\'s ip is on the beta\'s blocked list' }),
  tooManySignupsFromIp: kind({
    code: 2321, status: 422, message: 'Fraud protection: too many signups from this IP address',
    when: 'Create: the beta\'s max_signups_per_ip_per_day is reached for the ip in block fraud_mode (flag mode queues the signup for review)',
  }),
  noDataReceived: kind({
    code: 2322, status: 422,
    message: 'No data received: send the fields wrapped in "tester" as JSON, or as tester[…] form fields, with a matching Content-Type',
    when: 'Create, update: the body has no tester object (wrong Content-Type, or not wrapped in tester)',
  }),
  ipInvalid: kind({ code: 2323, status: 422, message: 'IP address not valid (must be IPv4)', when: 'Create, update: profile.ip is not an IPv4 address' }),
  answerInvalid: kind({
    code: 2324, status: 422, message: 'Answer is invalid', when: 'Create, update: an answer is not one the question allows',
    format: (question: string, why: string) => `Answer is invalid (${question}): ${why}`,
  }),
  countryRequired: kind({ code: 2325, status: 422, message: 'Country is required', when: 'Create, update: the beta requires country' }),
  referralRefused: kind({
    code: 2326, status: 422, message: 'Fraud protection: referral refused',
    when: 'Create, update (Prelaunch\'s code in the series): fraud_mode is block and the referral is an alias of, or on the same device as, the referrer',
    format: (why: string) => `Fraud protection: referral refused (${why})`,
  }),
  leaderboardNameInvalid: kind({
    code: 2327, status: 422, message: 'Leaderboard name is invalid',
    when: 'Create, update, the status page\'s name form (Prelaunch\'s code in the series): leaderboard_name is longer than 40 characters, or holds a control character, a line or paragraph separator or a bidirectional override',
    format: (why: string) => `Leaderboard name is invalid: ${why}`,
  }),

  // Prelaunch's codes in the series: the signup guard's refusals of a public signup (docs/operations.md, "Launch day").
  challengeRequired: kind({
    code: 2340, status: 422, message: 'Please wait for the anti-spam check to finish before signing up',
    when: "Prelaunch's code: a public signup without the solved challenge (the field altcha) while the beta's signup_challenge is proof_of_work",
  }),
  challengeInvalid: kind({
    code: 2341, status: 422, message: 'The anti-spam check did not pass; please reload the page and try again',
    when: "Prelaunch's code: a public signup whose altcha is not a solution of a challenge this service issued for the beta",
  }),
  challengeReused: kind({
    code: 2342, status: 422, message: 'This anti-spam check was used already; please reload the page to get a new one',
    when: "Prelaunch's code: a public signup whose solved challenge was used for a signup already (each is good once, in any process)",
  }),
  challengeExpired: kind({
    code: 2343, status: 422, message: 'The anti-spam check has expired (they last 10 minutes); please reload the page and try again',
    when: "Prelaunch's code: a public signup whose challenge was issued more than 10 minutes ago",
  }),
  tooManySignupsFromSubnet: kind({
    code: 2344, status: 429, message: 'Too many signups from your network in the last hour; please try again later',
    when: "Prelaunch's code: a public signup from an IPv4 /24 or IPv6 /48 network that reached the beta's max_signups_per_subnet_per_hour",
  }),
  countryRefused: kind({
    code: 2345, status: 403, message: 'Signups from your country are not accepted for this waitlist',
    when: "Prelaunch's code: a public signup from a country on the beta's signup_countries_blocked, or not on its signup_countries_allowed when that is set (an unknown country then too)",
  }),
  originRefused: kind({
    code: 2346, status: 403, message: 'This signup form may not be used on this website',
    when: "Prelaunch's code: a public signup or share click sent from a page whose Origin is not the service's own nor on the beta's embed_origins",
    format: (origin: string) => `This signup form may not be used on ${origin}: the waitlist's owner has not allowed it there`,
  }),

  // ---- Friend invitations (2500) ---------------------------------------------------------------
  friendInvitationsGeneral: kind({ code: 2501, status: 422, message: 'General error', format: asGiven, when: general('friend invitation') }),
  inviteAFriendDisabled: kind({ code: 2502, status: 422, message: 'Invite-a-friend system disabled for the project', when: 'The beta\'s invite_a_friend_enabled is off' }),
  senderEmailRequired: kind({ code: 2503, status: 422, message: 'Sender email is required', when: 'No sender_email' }),
  senderNotFound: kind({ code: 2504, status: 422, message: 'No tester record for the sender email in this project', when: 'No visible tester of the beta has the sender\'s address' }),
  senderNotAllowed: kind({
    code: 2505, status: 422, message: 'Sender not allowed to send invitations', when: 'The sender\'s status is not invited, active or idle',
    format: (status: string) => `Sender not allowed to send invitations: status must be invited, active or idle, not ${status}`,
  }),
  recipientEmailRequired: kind({ code: 2506, status: 422, message: 'Recipient email is required', when: 'No recipient_email' }),
  cannotInviteYourself: kind({ code: 2507, status: 422, message: 'Cannot invite yourself', when: 'The sender and recipient addresses are the same' }),
  noInvitationsLeft: kind({ code: 2508, status: 422, message: 'Sender has no invitations left', when: 'The sender has used friend_invitations_allowed' }),
  recipientAlreadyInvited: kind({ code: 2509, status: 422, message: 'Recipient already invited', when: 'The recipient is already a tester of the beta, in any status' }),
  recipientEmailInvalid: kind({ code: 2510, status: 422, message: 'Recipient email is invalid', when: 'recipient_email is not an e-mail address' }),

  // ---- Rewards (2600) --------------------------------------------------------------------------
  rewardsGeneral: kind({ code: 2601, status: 422, message: 'General error', format: asGiven, when: general('reward') }),
  rewardEmailRequired: kind({ code: 2602, status: 422, message: 'Email is required', when: 'Create, trigger: no email' }),
  rewardEmailNotFound: kind({ code: 2603, status: 422, message: 'Email not found', when: 'Create, trigger: no tester of the beta has the address' }),
  descriptorRequired: kind({ code: 2604, status: 422, message: 'Descriptor is required', when: 'Create: no descriptor' }),
  descriptorNotFound: kind({
    code: 2605, status: 422, message: 'Descriptor not found', when: 'Create: the beta has no reward definition with the descriptor',
    format: (descriptor: string) => `Descriptor not found (${JSON.stringify(descriptor)})`,
  }),
  eventRequired: kind({ code: 2606, status: 422, message: 'Event is required', when: 'Trigger: no event' }),
  rewardStatusInvalid: kind({
    code: 2607, status: 422, message: 'Invalid status', when: 'Update: the status is not delivered or revoked',
    format: (shown: string) => `Invalid status (${shown}; expected delivered or revoked)`,
  }),
  rewardTransitionRefused: kind({
    code: 2608, status: 422, message: 'Reward cannot transition to this status', when: 'Update: the reward is not earned (only earned rewards are delivered or revoked)',
    format: (from: string, to: string) => `Reward cannot transition to this status (${from} to ${to}; only earned rewards are delivered or revoked)`,
  }),
  rewardLimitReached: kind({
    code: 2609, status: 422, message: 'Limit reached', when: 'Create: the user holds max_quantity_per_user of the reward already, and skip_quantity_check is not true',
    format: (held: number, descriptor: string, max: number) =>
      `Limit reached (the user holds ${held} of ${JSON.stringify(descriptor)}; at most ${max} per user)`,
  }),

  // ---- Suppressions (2700) ---------------------------------------------------------------------
  suppressionsGeneral: kind({
    code: 2701, status: 422, message: 'General error', format: asGiven,
    when: general('suppression', 'deleting an Unsubscribe or SpamComplaint suppression'),
  }),
  suppressionExists: kind({ code: 2702, status: 422, message: 'Email already exists', when: 'Create: the address is suppressed already' }),
  suppressionEmailRequired: kind({ code: 2703, status: 422, message: 'Email is required', when: 'Create: no email' }),

  // ---- Points (2800) ---------------------------------------------------------------------------
  pointsGeneral: kind({ code: 2801, status: 422, message: 'General error', format: asGiven, when: general('points', 'revoking a point twice') }),
  pointsEmailRequired: kind({ code: 2802, status: 422, message: 'Email is required', when: 'Create: no email' }),
  pointsEmailNotFound: kind({ code: 2803, status: 422, message: 'Email not found', when: 'Create: no visible tester of the beta has the address' }),
  quantityRequired: kind({ code: 2804, status: 422, message: 'Quantity is required', when: 'Create: no quantity, or a blank one' }),

  // ---- Console accounts (3000): members, sign-in, sessions ------------------------------------
  membersGeneral: kind({ code: 3001, status: 422, message: 'General error', format: asGiven, when: `Prelaunch's code: ${general('member or account', 'a role that is not owner, admin or viewer')}` }),
  signInRefused: kind({
    code: 3002, status: 401, message: 'Email or password is wrong',
    when: 'Prelaunch\'s code: Sign-in: no member has the address, or the password is not theirs (answered alike); or the session is missing or has expired',
    format: (message: string = 'Email or password is wrong') => message,
  }),
  csrfRefused: kind({
    code: 3003, status: 403, message: 'This request did not come from the console', format: asGiven,
    when: 'Prelaunch\'s code: A write authenticated by the session cookie lacks the session\'s X-CSRF-Token, or comes from another origin',
  }),
  roleForbidden: kind({
    code: 3004, status: 403, message: "This member's role does not allow it", when: "Prelaunch's code: the member's role lacks the permission the route needs",
    format: (permission: string) => `This member's role does not allow it (it needs the ${permission} permission)`,
  }),
  memberEmailInvalid: kind({ code: 3005, status: 422, message: 'Email is not a valid address', when: 'Prelaunch\'s code: Add a member, setup, reset request: the e-mail is not an address' }),
  passwordTooShort: kind({
    code: 3006, status: 422, message: 'Password is too short', when: 'Prelaunch\'s code: Any new password shorter than 12 characters (or longer than 1,000)',
    format: (minimum: number) => `Password must be at least ${minimum} characters`,
  }),
  memberExists: kind({ code: 3007, status: 422, message: 'A member with this e-mail exists', when: 'Prelaunch\'s code: Add a member, setup: the address belongs to a member already' }),
  currentPasswordWrong: kind({ code: 3008, status: 422, message: 'Current password is wrong', when: 'Prelaunch\'s code: Change password: the current password given is not the member\'s' }),
  linkInvalid: kind({
    code: 3009, status: 422, message: 'This link is not valid any more', when: 'Prelaunch\'s code: Setup, reset, invitation, sign-in link: the link is unknown, used already or expired; setup once a member exists',
    format: (message: string = 'This link is not valid any more: ask for a new one') => message,
  }),
  lastOwner: kind({ code: 3010, status: 422, message: 'A company keeps at least one owner', when: 'Prelaunch\'s code: Change role, remove: the member is the company\'s last owner' }),
};

/** The series a route answers in, by its general error (route-config.ts). */
export const GeneralErrors = {
  betas: Errors.betasGeneral,
  testers: Errors.testersGeneral,
  friendInvitations: Errors.friendInvitationsGeneral,
  rewards: Errors.rewardsGeneral,
  suppressions: Errors.suppressionsGeneral,
  points: Errors.pointsGeneral,
  members: Errors.membersGeneral,
};

const statusByCode = new Map<number, number>(Object.values(Errors).map((k) => [k.code, k.status]));

export interface ErrorCodeDoc {
  code: number;
  status: number;
  message: string;
  when: string;
  unused?: string;
}

/** Every code by number, as data: the OpenAPI document's x-error-codes. */
export function errorCodeDocs(): ErrorCodeDoc[] {
  return Object.values(Errors)
    .map(({ code, status, message, when, unused }) => ({ code, status, message, when, ...(unused ? { unused } : {}) }))
    .sort((a, b) => a.code - b.code);
}

/** Every code by number, as a Markdown table: docs/errors.md's and the OpenAPI error body's. */
export function errorCodeTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = errorCodeDocs().map(
    (doc) => `| ${doc.code} | ${doc.status} | ${cell(doc.message)} | ${cell(doc.unused ? `Never answered: ${doc.unused}` : doc.when)} |`,
  );
  return ['| Code | Status | Message | When |', '|---|---|---|---|', ...rows].join('\n');
}
