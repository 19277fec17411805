// Signing a tester up: through the API, a public page's form, or a friend invitation. Rules that
// need no database are checked before the transaction opens, so a refused signup writes nothing.
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { lockName } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { NewTester, TesterRow } from '../../db/tables/testers.ts';
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import { addSeconds, storedTime } from '../../primitives/time.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import { blockedIpMatcher } from '../betas/beta-settings.ts';
import type { Beta } from '../betas/betas.service.ts';
import { emailAliasKey } from '../fraud/email-alias.ts';
import {
  disposableDomainOf,
  emailDomainBlocked,
  MANY_SIGNUPS_FROM_ONE_IP,
  recentSignupsFrom,
  refusedReferral,
  refusesSignalledSignups,
  signupFlags,
  SIGNUPS_FROM_IP_WINDOW_SECONDS,
  storedFlags,
  type EarlierSignups,
  SUBNET_BURST_SIGNUPS,
  SUBNET_BURST_WINDOW_SECONDS,
} from '../fraud/fraud-signals.ts';
import { recordMoves } from '../moves/record-moves.ts';
import { redeemInvitationCode, uniqueInvitationCode } from '../invitation-codes/invitation-codes.service.ts';
import { listQuestions, prepareAnswers, saveAnswers } from '../questions/questions.service.ts';
import { unusedReferralCode } from '../referrals/referral-codes.ts';
import { liftErasure } from '../suppressions/erasures.ts';
import { findReferrer, joinedAtInsert, recordCreatedSignup } from '../referrals/referrals.service.ts';
import { subnetOf } from '../signup-guard/subnets.ts';
import type { ShareChannel } from '../referrals/share-channels.ts';
import { normalizeEmail } from './email-address.ts';
import { checkLeaderboardName } from './leaderboard-name.ts';
import { nameSearch } from './name-search.ts';
import { prepareProfile } from './profile.ts';
import { emailProblems, JOINED_STATUSES, milestoneFor, normalizeGroups, requiredFieldProblems } from './tester-rules.ts';
import type { TesterView } from './testers.presenter.ts';
import type { TestersContext, TestersRepository } from './testers.repository.ts';
import type { TesterCreateInput } from './testers.schemas.ts';

export type CreateInput = Static<typeof TesterCreateInput>;
/** A visitor's signup: what the API's create takes, and the channel of the share link followed. */
export type VisitorInput = Pick<CreateInput, 'email' | 'profile' | 'responses' | 'referrer_id'> & { referral_channel?: ShareChannel | null };

/** What a public signup's request says of the visitor: its IPv4 address (an IPv6 one is not stored), its network (IPv4 /24 or IPv6 /48) and browser. */
export interface SignupVisitor {
  ipv4: string | null;
  subnet: string | null;
  userAgent: string;
}

/** What only a visitor's signup knows: the share link's channel, and its network however it reached us. */
interface Visit {
  channel: ShareChannel | null;
  subnet: string | null;
}


export async function create(ctx: TestersContext, companyId: number, betaId: string, input: CreateInput | undefined): Promise<TesterView> {
  return signUp(ctx, await ctx.repo.betas.require(companyId, betaId), input);
}

/**
 * A visitor's signup on a public page or the embeddable form: the API's signup with every rule
 * and side effect, the status the beta's double opt-in gives, and the ip and user agent of the
 * request instead of any sent (an IPv6 address is not stored: the profile's ip is IPv4).
 */
export async function createForVisitor(ctx: TestersContext, beta: Beta, input: VisitorInput, visitor: SignupVisitor): Promise<TesterView> {
  const { referral_channel: channel, ...signup } = input;
  const profile = { ...signup.profile, ip: visitor.ipv4 ?? undefined, user_agent: visitor.userAgent || undefined };
  return signUp(ctx, beta, { ...signup, profile, status: beta.settings.double_opt_in ? 'unconfirmed' : 'applied' }, { channel: channel ?? null, subnet: visitor.subnet });
}

/** `visit` is a visitor's only: an API create has no channel, and its network is its profile ip's. */
async function signUp(ctx: TestersContext, beta: Beta, input: CreateInput | undefined, visit?: Visit): Promise<TesterView> {
  const { repo, events, emails } = ctx;
  const referralChannel = visit?.channel ?? null;
  if (!input) {
    throw Errors.noDataReceived();
  }
  const settings = beta.settings;
  const email = normalizeEmail(input.email);
  const status = input.status ?? 'applied';
  const errors: ErrorEntry[] = [];
  if (!email) errors.push(Errors.testerEmailRequired.entry());
  else errors.push(...emailProblems(email.email));
  if (!settings.accepting_signups) errors.push(Errors.signupsClosed.entry());
  if (status === 'unconfirmed' && !settings.double_opt_in) {
    errors.push(Errors.testersGeneral.entry('Status unconfirmed needs double opt-in, which this beta has switched off'));
  }
  if (input.invitation_code && status !== 'active') {
    errors.push(Errors.testersGeneral.entry('invitation_code can only be given with status active'));
  }
  // In flag mode a disposable address is stored with its flag, queued for review (signupFlags).
  const disposable = settings.block_disposable_email_domains && refusesSignalledSignups(settings.fraud_mode) && email !== null && disposableDomainOf(email.normalized) !== undefined;
  if (email && (emailDomainBlocked(email.normalized, settings.blocked_email_domains) || disposable)) {
    errors.push(Errors.emailDomainBlocked.entry());
  }
  const profile = prepareProfile(input.profile ?? {}, { geo: ctx.geo });
  errors.push(...profile.errors);
  const ip = profile.values.ip ?? null;
  const subnet = visit ? visit.subnet : ip ? subnetOf(ip) : null;
  if (ip && blockedIpMatcher(settings.blocked_ips)(ip)) errors.push(Errors.ipBlocked.entry());
  errors.push(...requiredFieldProblems(settings, profile.values));
  const questions = await listQuestions(repo.db, beta.id);
  const answers = prepareAnswers(questions, input.responses?.response ?? [], new Set());
  errors.push(...answers.errors);
  const leaderboardName = checkLeaderboardName(input.leaderboard_name ?? null);
  if ('error' in leaderboardName) errors.push(leaderboardName.error);
  if (errors.length > 0 || !email || 'error' in leaderboardName) throw ApiError.many(errors);

  // The referrer is looked up before the transaction, so that a commit group does not wait for the
  // read (SQLite reads it on its reader connection). Without locks: a referrer deleted meanwhile
  // fails the insert's foreign key, as a referral code taken meanwhile fails its unique index, and
  // either runs the transaction again, which looks the referrer up inside (as it does a referrer
  // not found here: one made since by a command still uncommitted).
  const referrerRef = input.referrer_id;
  const lookUpReferrer = (executor: Executor) => (referrerRef ? findReferrer(executor, beta.id, referrerRef, email.normalized, { lock: false }) : undefined);
  let referrerBefore = await lookUpReferrer(repo.db);
  const created = await repo.transaction(async (trx) => {
    const now = repo.now();
    const { hidden, erasureSalt } = await repo.holdForNewTester(trx, beta);
    const referrer = referrerBefore ?? (await lookUpReferrer(trx));
    referrerBefore = undefined;
    const referralCode = await unusedReferralCode(trx, { vanity: settings.vanity_referral_codes, firstName: profile.values.first_name, retriedOnCollision: true });
    const perIpLimit = settings.max_signups_per_ip_per_day;
    const earlier = await earlierSignups(repo, trx, beta.id, { ip, subnet }, perIpLimit, refusesSignalledSignups(settings.fraud_mode));
    const redeemedCode = input.invitation_code ? await redeemInvitationCode(trx, beta, email.email, input.invitation_code.trim(), now) : '';
    const userAgent = profile.values.user_agent ?? null;
    const flags = await signupFlags(trx, beta.id, { emailNormalized: email.normalized, ip, subnet, userAgent }, earlier, referrer, perIpLimit);
    const refusal = referrer && refusedReferral(flags, settings.fraud_mode);
    if (refusal) throw refusal;
    // A flagged referral waits for the owner (acceptReferral) before it is credited. Its move
    // records the referrer's standing as the transaction sees it, not as read before it.
    const heldReferrer = referrer && flags.length > 0 ? ((await lookUpReferrer(trx)) ?? referrer) : undefined;
    const held = heldReferrer !== undefined;
    const joined = JOINED_STATUSES.includes(status);
    const values: NewTester = {
      ...profile.values,
      uuid: randomUUID(),
      beta_id: beta.id,
      email: email.email,
      email_normalized: email.normalized,
      email_alias_key: emailAliasKey(email.normalized),
      status,
      hidden: hidden ? 1 : 0,
      invitation_code: status === 'invited' ? uniqueInvitationCode(settings.decoder_key, email.email) : redeemedCode,
      referral_code: referralCode,
      referrer_id: referrer?.id ?? null,
      // A channel says how a referral came; without a referrer there is none. Left out when null,
      // so a direct signup's insert is what it was.
      ...(referrer && referralChannel ? { referral_channel: referralChannel } : {}),
      signup_ip: ip,
      // Left out when null, so a signup without an address inserts what it did.
      ...(subnet ? { signup_subnet: subnet } : {}),
      signup_user_agent: userAgent,
      fraud_flags: storedFlags(flags),
      referral_held: held ? 1 : 0,
      friend_invitations_allowed: settings.friend_invitations_allowed,
      groups: normalizeGroups(input.groups ?? ''),
      name_search: nameSearch(profile.values.first_name, profile.values.last_name),
      leaderboard_name: leaderboardName.name,
      ...milestoneFor(status, {}, now),
      ...(joined ? joinedAtInsert(beta, { referrerId: referrer?.id ?? null, held }, now) : {}),
      created_at: now,
      updated_at: now,
    };
    const row = await repo.insertTester(trx, values);
    recordMoves(trx, beta, heldReferrer ? [{ tester: row, cause: 'signed_up' }, { tester: heldReferrer, cause: 'referral_held', sourceId: row.id }] : [{ tester: row, cause: 'signed_up' }], now);
    // Signing up again is the person's own choice: an earlier erasure no longer keeps mail from them.
    await liftErasure(trx, beta.id, email.normalized, erasureSalt);
    if (!hidden) moveTesterCount(trx, beta.id, { from: null, to: status });
    await saveAnswers(trx, row.id, answers.answers, now);
    const credited = joined ? await recordCreatedSignup(trx, repo.dialect, beta, row, now) : null;
    const rendered = await events.raise(trx, 'tester_created', beta.id, hidden ? [] : [row.id], now);
    if (credited !== null) await events.raise(trx, 'tester_updated', beta.id, [credited], now);
    await emails.statusChanged(trx, { betaId: beta.id, testerId: row.id, status, now });
    return { row, rendered, referrer: heldReferrer ?? referrer };
  });
  ctx.launch.signedUp(beta.id);
  if (created.row.hidden) throw Errors.testerHidden();
  const rendered = created.rendered && (await created.rendered()).get(created.row.id);
  // The beta as read before the transaction serves its view: a signup moves no counter that the
  // view reads off the beta (a tester placed on the waitlist has its length counted afresh with
  // its position), and a tester just created has no answers but those it gave. So does the row as
  // inserted: the rest of the transaction writes no column of it that the view shows (a reward's
  // points only), so the answer is the tester as created, without reading it again; nor its
  // referrer's address, read in the transaction.
  if (rendered) return rendered;
  const { row, referrer } = created;
  return (await repo.views(repo.db, beta, [row], { responses: answers.answers.length > 0 ? 'read' : 'none', referrers: referrer ? [referrer] : [] }))[0];
}

/**
 * Creates the recipient of a friend invitation in the caller's transaction: invited at once with
 * their invitation code, as if they had applied and been invited; not a referral. Hidden when the
 * company's plan is full (`holdForNewTester`, asked first: the caller answers 2317 after commit).
 */
export async function insertInvitee(ctx: TestersContext, trx: Executor, beta: Beta, email: string, hidden: boolean, now: string): Promise<TesterRow> {
  const { repo, events } = ctx;
  const row = await repo.insertTester(trx, {
    uuid: randomUUID(),
    beta_id: beta.id,
    email,
    email_normalized: email.toLowerCase(),
    email_alias_key: emailAliasKey(email.toLowerCase()),
    status: 'invited',
    hidden: hidden ? 1 : 0,
    invitation_code: uniqueInvitationCode(beta.settings.decoder_key, email),
    referral_code: await unusedReferralCode(trx, { vanity: false }),
    friend_invitations_allowed: beta.settings.friend_invitations_allowed,
    groups: '',
    name_search: '',
    applied_at: now,
    invited_at: now,
    created_at: now,
    updated_at: now,
  });
  if (!hidden) moveTesterCount(trx, beta.id, { from: null, to: 'invited' });
  await events.raise(trx, 'tester_created', beta.id, hidden ? [] : [row.id], now);
  return row;
}

/**
 * Signups before this one, in one statement: from its IP in the last day, for the "many signups"
 * flag and 2321 when the beta's max_signups_per_ip_per_day is reached and it `refuses` (block
 * mode; flag mode flags it); from its subnet in the last hour, up to the subnet burst's threshold.
 * Only a refusal needs the signups from the IP serialised.
 */
async function earlierSignups(
  repo: TestersRepository,
  trx: Executor,
  betaId: number,
  origin: { ip: string | null; subnet: string | null },
  limit: number | null,
  refuses: boolean,
): Promise<EarlierSignups> {
  const { ip, subnet } = origin;
  const refusing = Boolean(ip) && limit !== null && refuses;
  if (refusing) await lockName(trx, repo.dialect, `signups-from-ip:${betaId}:${ip}`);
  const now = repo.clock.now();
  const earlier = await recentSignupsFrom(trx, betaId, {
    ip: ip ? { value: ip, since: storedTime(addSeconds(now, -SIGNUPS_FROM_IP_WINDOW_SECONDS)), cap: Math.max(limit ?? 0, MANY_SIGNUPS_FROM_ONE_IP) } : null,
    subnet: subnet ? { value: subnet, since: storedTime(addSeconds(now, -SUBNET_BURST_WINDOW_SECONDS)), cap: SUBNET_BURST_SIGNUPS - 1 } : null,
  });
  if (refusing && earlier.fromIp >= limit) throw Errors.tooManySignupsFromIp();
  return earlier;
}

