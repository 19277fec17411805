// Testers (users): signup, standing, status changes, deletion and checkins (spec 2.2, 3.1, 4.2, 4.3).
// Every command runs in one transaction that also moves the beta's counters; rules that need no
// database are checked before it opens, so a refused request writes nothing.
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { ApiError, Errors, type ErrorEntry, type ErrorKind } from '../../errors.ts';
import { forDelete, forUpdate, lockName, testerTextContains, type DialectName, type SearchedTesterColumn, type Db, type Executor } from '../../db/database.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { NewTester, TesterRow, TesterUpdate } from '../../db/types.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { parseId } from '../../ids.ts';
import { addSeconds, storedTime, utcDate, type Clock } from '../../time.ts';
import { blockedIpMatcher, type BetaSettings } from '../betas/beta-settings.ts';
import { companyTesterCount, countersOf, moveTesterCount } from '../betas/beta-counters.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import { isInvitationCodeValid, redeemInvitationCode, uniqueInvitationCode } from '../invitation-codes/invitation-codes.service.ts';
import { listQuestions, prepareAnswers, saveAnswers } from '../questions/questions.service.ts';
import { unusedReferralCode } from '../referrals/referral-codes.ts';
import { findReferrer, joinedAtInsert, recordCreatedSignup, recordSignup, referrerGone } from '../referrals/referrals.service.ts';
import { emailAliasKey } from '../fraud/email-alias.ts';
import {
  disposableDomainOf,
  MANY_SIGNUPS_FROM_ONE_IP,
  parseFlags,
  referralFlags,
  refusedReferral,
  signupFlags,
  signupsFromIp,
  SIGNUPS_FROM_IP_WINDOW_SECONDS,
  storedFlags,
} from '../fraud/fraud-signals.ts';
import type { GeoLocator } from './geoip.ts';
import { nameSearch } from './name-search.ts';
import { prepareProfile, type ProfileValues } from './profile.ts';
import { invalidEmailMessage, isValidEmail, normalizeEmail } from './email-address.ts';
import type { ReducedTesterView, TesterView } from './testers.presenter.ts';
import type { TesterViews } from './tester-views.ts';
import type { RenderedViews, TesterEvents } from './tester-events.ts';
import type { EmailQueue } from '../emails/email-queue.ts';
import type { TesterCreateInput, TesterUpdateInput } from './testers.schemas.ts';
import { nextStatus, type TesterStatus } from './tester-status.ts';

export type CreateInput = Static<typeof TesterCreateInput>;
export type UpdateInput = Static<typeof TesterUpdateInput>;

export interface ListFilters {
  email_is?: string;
  email_contains?: string;
  email?: string;
  name?: string;
  referral_code?: string;
  custom_vars?: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUED_DELETION_JOB = 'tester.delete';
const CHECKINS_SHOWN = 60;

const requiredFieldRules: Record<BetaSettings['required_fields'][number], { error: ErrorKind; present: (p: ProfileValues) => unknown }> = {
  name: { error: Errors.nameRequired, present: (p) => p.first_name || p.last_name },
  employer: { error: Errors.employerRequired, present: (p) => p.employer },
  jobtitle: { error: Errors.jobTitleRequired, present: (p) => p.jobtitle },
  address: { error: Errors.addressRequired, present: (p) => p.address_line1 },
  country: { error: Errors.countryRequired, present: (p) => p.country },
};

function emailProblems(email: string): ErrorEntry[] {
  return isValidEmail(email) ? [] : [Errors.testersGeneral.entry(invalidEmailMessage(email))];
}

/** "beta, vip ,beta" → "beta,vip": trimmed, empty names dropped, each once. */
function normalizeGroups(groups: string): string {
  return [...new Set(groups.split(',').map((g) => g.trim()).filter(Boolean))].join(',');
}

function emailDomainBlocked(normalizedEmail: string, blocked: readonly string[]): boolean {
  const domain = normalizedEmail.slice(normalizedEmail.lastIndexOf('@') + 1);
  return blocked.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
}

function requiredFieldProblems(settings: BetaSettings, profile: ProfileValues): ErrorEntry[] {
  return settings.required_fields
    .map((field) => requiredFieldRules[field])
    .filter((rule) => !rule.present(profile))
    .map((rule) => rule.error.entry());
}

/** Statuses in which a new tester has joined the campaign (signup points, referral credit). */
const JOINED_STATUSES: readonly TesterStatus[] = ['applied', 'invited', 'active'];

/** Timestamps a status sets the first time a tester reaches it (never cleared), and the idle clock. */
function milestoneFor(status: TesterStatus, row: Partial<TesterRow>, now: string): Partial<NewTester> {
  switch (status) {
    case 'applied':
      return row.applied_at ? {} : { applied_at: now };
    case 'invited':
      return row.invited_at ? {} : { invited_at: now };
    case 'active':
      // Every move to active restarts the idle clock (idle_days); joining happens once.
      return row.joined_at ? { last_active_at: now } : { joined_at: now, last_active_at: now };
    case 'imported':
      return row.imported_at ? {} : { imported_at: now };
    default:
      return {};
  }
}

/** A filtered list counts its matches exactly up to this many; past it, the total is an estimate. */
export const COUNTED_MATCHES = 10_000;

export interface TesterPage {
  items: TesterView[];
  total: number;
  /** Whether `total` is estimated: the filter matched more than COUNTED_MATCHES testers. */
  totalEstimated: boolean;
}

export class TestersService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly geo: GeoLocator,
    private readonly testerViews: TesterViews,
    private readonly events: TesterEvents,
    private readonly emails: EmailQueue,
  ) {}

  // ---- reading -------------------------------------------------------------------------------

  async show(companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
    const beta = await this.betas.require(companyId, betaId);
    const tester = await this.requireVisible(this.db, beta.id, testerRef);
    return (await this.views(this.db, beta, [tester]))[0];
  }

  async list(companyId: number, betaId: string, filters: ListFilters, page: { offset: number; perPage: number }): Promise<TesterPage> {
    const beta = await this.betas.require(companyId, betaId);
    const unfiltered = this.db.selectFrom('testers').where('beta_id', '=', beta.id).where('hidden', '=', 0);
    let query = unfiltered;
    if (filters.email_is) query = query.where('email_normalized', '=', filters.email_is.trim().toLowerCase());
    const contains = filters.email_contains ?? filters.email;
    // The beta's visible testers: the unfiltered total, and how a text search is run. Read once, when needed.
    let visible: Promise<number> | undefined;
    const testersCount = () => (visible ??= countersOf(this.db, [beta.id]).then((counters) => counters.get(beta.id)!.testers_count));
    const textContains = async (column: SearchedTesterColumn, fragment: string) =>
      testerTextContains(this.db, this.dialect, column, fragment, await testersCount());
    if (contains) query = query.where(await textContains('email_normalized', contains.trim().toLowerCase()));
    if (filters.name?.trim()) query = query.where(await textContains('name_search', filters.name.trim().toLowerCase()));
    if (filters.referral_code) query = query.where('referral_code', '=', filters.referral_code.trim());
    if (filters.custom_vars) {
      const value = filters.custom_vars;
      query = query.where((eb) => eb.or([eb('custom_var1', '=', value), eb('custom_var2', '=', value), eb('custom_var3', '=', value)]));
    }
    const pageIds = () => query.select('id').orderBy('id').limit(page.perPage).offset(page.offset);
    const pageRows = async (ids: ReturnType<typeof pageIds> | number[]) =>
      Array.isArray(ids) && ids.length === 0
        ? []
        : this.views(this.db, beta, await this.db.selectFrom('testers').selectAll().where('id', 'in', ids).orderBy('id').execute());
    // Without filters the total is the beta's testers_count: it counts exactly the visible testers
    // and moves in the same transaction as they do (beta-counters.ts); counting every row of a big
    // beta on each page would cost more than the page. The page's ids come from an index alone,
    // so the rows an offset skips are never read.
    if (query === unfiltered) {
      const [items, total] = await Promise.all([pageRows(pageIds()), testersCount()]);
      return { items, total, totalEstimated: false };
    }
    // A filter's matches are read in id order up to the page's end or COUNTED_MATCHES and one more,
    // whichever is further, in one statement that gives the page's ids beside the count and the
    // last id read (SQLite finds a search's candidates once for both; PostgreSQL stops at the
    // bound too). Past the bound the total is estimated (estimatedTotal); the left join keeps the
    // count on a page past the end.
    const bound = Math.max(COUNTED_MATCHES + 1, page.offset + page.perPage);
    const matches = await this.db
      .with('matching', () => query.select('id').orderBy('id').limit(bound))
      .selectFrom((eb) => eb.selectFrom('matching').select((agg) => [agg.fn.countAll<number>().as('total'), agg.fn.max('id').as('last')]).as('c'))
      .leftJoin((eb) => eb.selectFrom('matching').select('id').orderBy('id').limit(page.perPage).offset(page.offset).as('p'), (join) => join.onTrue())
      .select(['c.total', 'c.last', 'p.id'])
      .orderBy('p.id')
      .execute();
    const items = await pageRows(matches.flatMap((row) => (row.id === null ? [] : [row.id])));
    const counted = Number(matches[0].total);
    if (counted < bound) return { items, total: counted, totalEstimated: false };
    return { items, total: await this.estimatedTotal(beta.id, counted, Number(matches[0].last)), totalEstimated: true };
  }

  /**
   * The number of matches of a filter with more than COUNTED_MATCHES, from the first `counted` of
   * them in id order, the last being `lastId`: they are taken to be spread over the beta's ids as
   * evenly as in the part read. Counting them all would read every match on every page.
   */
  private async estimatedTotal(betaId: number, counted: number, lastId: number): Promise<number> {
    const visible = (direction: 'asc' | 'desc') =>
      this.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('hidden', '=', 0).orderBy('id', direction).limit(1);
    const [first, last] = await Promise.all([visible('asc').executeTakeFirstOrThrow(), visible('desc').executeTakeFirstOrThrow()]);
    const share = (lastId - first.id + 1) / (last.id - first.id + 1);
    return Math.max(counted, Math.round(counted / share));
  }

  async verify(companyId: number, betaId: string, testerRef: string, code: string | undefined): Promise<TesterView> {
    const beta = await this.betas.require(companyId, betaId);
    const tester = await this.requireVisible(this.db, beta.id, testerRef);
    if (!code?.trim()) throw Errors.testersGeneral('invitation_code is required');
    const ownCode = tester.invitation_code !== '' && tester.invitation_code.toLowerCase() === code.trim().toLowerCase();
    if (!ownCode && !(await isInvitationCodeValid(this.db, beta, tester.email, code.trim(), this.now()))) {
      throw Errors.invitationCodeExpired();
    }
    return (await this.views(this.db, beta, [tester]))[0];
  }

  async listCheckins(companyId: number, betaId: string, testerRef: string): Promise<{ date: string }[]> {
    const beta = await this.betas.require(companyId, betaId);
    const tester = await this.requireVisible(this.db, beta.id, testerRef);
    return this.db
      .selectFrom('checkins')
      .select('date')
      .where('tester_id', '=', tester.id)
      .orderBy('date', 'desc')
      .limit(CHECKINS_SHOWN)
      .execute();
  }

  // ---- signup --------------------------------------------------------------------------------

  async create(companyId: number, betaId: string, input: CreateInput | undefined): Promise<TesterView> {
    return this.signUp(await this.betas.require(companyId, betaId), input);
  }

  /**
   * A visitor's signup on a public page or the embeddable form: the API's signup with every rule
   * and side effect, the status the beta's double opt-in gives, and the ip and user agent of the
   * request instead of any sent (an IPv6 address is not stored: the profile's ip is IPv4).
   */
  async createForVisitor(
    beta: Beta,
    input: Pick<CreateInput, 'email' | 'profile' | 'responses' | 'referrer_id'>,
    visitor: { ipv4: string | null; userAgent: string },
  ): Promise<TesterView> {
    const profile = { ...input.profile, ip: visitor.ipv4 ?? undefined, user_agent: visitor.userAgent || undefined };
    return this.signUp(beta, { ...input, profile, status: beta.settings.double_opt_in ? 'unconfirmed' : 'applied' });
  }

  private async signUp(beta: Beta, input: CreateInput | undefined): Promise<TesterView> {
    const companyId = beta.company_id;
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
    if (input.referrer_id && status !== 'applied' && status !== 'unconfirmed') {
      errors.push(Errors.testersGeneral.entry('referrer_id can only be given with status applied or unconfirmed'));
    }
    const disposable = settings.block_disposable_email_domains && email !== null && disposableDomainOf(email.normalized) !== undefined;
    if (email && (emailDomainBlocked(email.normalized, settings.blocked_email_domains) || disposable)) {
      errors.push(Errors.emailDomainBlocked.entry());
    }
    const profile = prepareProfile(input.profile ?? {}, { geo: this.geo });
    errors.push(...profile.errors);
    const ip = profile.values.ip ?? null;
    if (ip && blockedIpMatcher(settings.blocked_ips)(ip)) errors.push(Errors.ipBlocked.entry());
    errors.push(...requiredFieldProblems(settings, profile.values));
    const questions = await listQuestions(this.db, beta.id);
    const answers = prepareAnswers(questions, input.responses?.response ?? [], new Set());
    errors.push(...answers.errors);
    if (errors.length > 0 || !email) throw ApiError.many(errors);

    const created = await this.transaction(async (trx) => {
      const now = this.now();
      await this.betas.hold(trx, beta.id);
      const hidden = await this.beyondPlanLimit(trx, companyId);
      // Read without locks: a referral code taken meanwhile fails the insert's unique index, a
      // referrer deleted meanwhile its foreign key, and either runs the transaction again.
      const referrer = input.referrer_id
        ? await findReferrer(trx, this.dialect, beta.id, input.referrer_id, email.normalized, { lock: false })
        : undefined;
      const referralCode = await unusedReferralCode(trx, { vanity: settings.vanity_referral_codes, firstName: profile.values.first_name });
      const earlierFromIp = ip ? await this.earlierSignupsFromIp(trx, beta.id, ip, settings.max_signups_per_ip_per_day) : 0;
      const redeemedCode = input.invitation_code ? await redeemInvitationCode(trx, beta, email.email, input.invitation_code.trim(), now) : '';
      const userAgent = profile.values.user_agent ?? null;
      const flags = await signupFlags(trx, beta.id, { emailNormalized: email.normalized, ip, userAgent }, earlierFromIp, referrer);
      const refusal = referrer && refusedReferral(flags, settings.fraud_mode);
      if (refusal) throw refusal;
      // A flagged referral waits for the owner (acceptReferral) before it is credited.
      const held = referrer !== undefined && flags.length > 0;
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
        signup_ip: ip,
        signup_user_agent: userAgent,
        fraud_flags: storedFlags(flags),
        referral_held: held ? 1 : 0,
        friend_invitations_allowed: settings.friend_invitations_allowed,
        groups: normalizeGroups(input.groups ?? ''),
        name_search: nameSearch(profile.values.first_name, profile.values.last_name),
        ...milestoneFor(status, {}, now),
        ...(joined ? joinedAtInsert(beta, { referrerId: referrer?.id ?? null, held }, now) : {}),
        created_at: now,
        updated_at: now,
      };
      const row = await this.insertTester(trx, values);
      if (!hidden) moveTesterCount(trx, beta.id, { from: null, to: status });
      await saveAnswers(trx, row.id, answers.answers, now);
      const credited = joined ? await recordCreatedSignup(trx, this.dialect, beta, row, now) : null;
      const rendered = await this.events.raise(trx, 'tester_created', beta.id, hidden ? [] : [row.id], now);
      if (credited !== null) await this.events.raise(trx, 'tester_updated', beta.id, [credited], now);
      await this.emails.statusChanged(trx, { betaId: beta.id, testerId: row.id, status, now });
      return { row, rendered };
    });
    if (created.row.hidden) throw Errors.testerHidden();
    const rendered = created.rendered && (await created.rendered()).get(created.row.id);
    // The beta as read before the transaction serves its view: a signup moves no counter that the
    // view reads off the beta (a tester placed on the waitlist has its length counted afresh with
    // its position), and a tester just created has no answers but those it gave.
    return rendered ?? this.viewAfterCommit(beta, created.row.id, answers.answers.length > 0 ? 'read' : 'none');
  }

  // ---- changes -------------------------------------------------------------------------------

  async update(companyId: number, betaId: string, testerRef: string, input: UpdateInput | undefined): Promise<TesterView> {
    const beta = await this.betas.require(companyId, betaId);
    if (!input) {
      throw Errors.noDataReceived();
    }
    const settings = beta.settings;
    const errors: ErrorEntry[] = [];
    const email = input.email === undefined ? undefined : normalizeEmail(input.email);
    if (email === null) errors.push(Errors.testerEmailRequired.entry());
    else if (email) errors.push(...emailProblems(email.email));
    if (input.invitation_code && input.status !== 'active') {
      errors.push(Errors.testersGeneral.entry('invitation_code can only be given with status active'));
    }
    if (errors.length > 0) throw ApiError.many(errors);

    const updated = await this.transaction(async (trx) => {
      const now = this.now();
      await this.betas.hold(trx, beta.id);
      const current = await this.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
      const profile = input.profile ? prepareProfile(input.profile, { geo: this.geo, storedCountry: current.country }) : null;
      const ruleErrors: ErrorEntry[] = [...(profile?.errors ?? [])];
      const status = input.status ? nextStatus(current.status as TesterStatus, input.status, current.status_before_suspension) : (current.status as TesterStatus);
      if (status === 'applied' && current.status !== 'applied' && !settings.accepting_signups) {
        ruleErrors.push(Errors.signupsClosed.entry());
      }
      if (profile) {
        const merged: ProfileValues = { ...current, ...profile.values };
        const sentFields = new Set(Object.keys(input.profile ?? {}));
        // Only fields this request touches are held to the beta's required list: a rule added
        // after signup must not block unrelated updates.
        ruleErrors.push(
          ...requiredFieldProblems(settings, merged).filter((problem) =>
            Object.entries(requiredFieldRules).some(([field, rule]) => rule.error.code === problem.code && touches(field, sentFields)),
          ),
        );
      }
      const questions = input.responses ? await listQuestions(trx, beta.id) : [];
      const answered = input.responses ? await this.answeredQuestionIds(trx, current.id) : new Set<number>();
      const answers = input.responses ? prepareAnswers(questions, input.responses.response ?? [], answered) : { answers: [], errors: [] };
      ruleErrors.push(...answers.errors);
      const changes: TesterUpdate = { ...profile?.values, updated_at: now };
      if (input.referrer_id && current.referrer_id === null) {
        if (status !== 'applied' && status !== 'unconfirmed') {
          ruleErrors.push(Errors.testersGeneral.entry('referrer_id can only be given to a tester in status applied or unconfirmed'));
        } else {
          const referrer = await findReferrer(trx, this.dialect, beta.id, input.referrer_id, current.email_normalized);
          if (referrer) {
            // A referral given later is judged as at signup: with what the signup sent, and its flags.
            const newcomer = { ip: current.signup_ip, userAgent: current.signup_user_agent };
            const flags = [...parseFlags(current.fraud_flags), ...referralFlags(newcomer, referrer)];
            ruleErrors.push(...(refusedReferral(flags, settings.fraud_mode)?.errors ?? []));
            Object.assign(changes, { referrer_id: referrer.id, fraud_flags: storedFlags(flags), referral_held: flags.length > 0 ? 1 : 0 });
          }
        }
      }
      if (ruleErrors.length > 0) throw ApiError.many(ruleErrors);
      const redeemedCode = input.invitation_code
        ? await redeemInvitationCode(trx, beta, email?.email ?? current.email, input.invitation_code.trim(), now)
        : '';

      if (email) Object.assign(changes, { email: email.email, email_normalized: email.normalized, email_alias_key: emailAliasKey(email.normalized) });
      if (input.groups !== undefined) changes.groups = normalizeGroups(input.groups ?? '');
      // A cleared name is null in changes: it must not fall back to the stored one.
      const name = (field: 'first_name' | 'last_name') => (changes[field] === undefined ? current[field] : changes[field]);
      if (profile) changes.name_search = nameSearch(name('first_name'), name('last_name'));
      if (status !== current.status) {
        Object.assign(changes, { status, ...milestoneFor(status, current, now) });
        if (status === 'suspended') changes.status_before_suspension = current.status;
        if (current.status === 'suspended') changes.status_before_suspension = null;
        if (status === 'invited' && !current.invitation_code) {
          changes.invitation_code = uniqueInvitationCode(settings.decoder_key, email?.email ?? current.email);
        }
        // The code a tester activated with is theirs from then on (verify accepts it).
        if (redeemedCode && !current.invitation_code) changes.invitation_code = redeemedCode;
      }
      await this.updateTester(trx, current.id, changes);
      moveTesterCount(trx, beta.id, { from: current.status as TesterStatus, to: status });
      await saveAnswers(trx, current.id, answers.answers, now);
      // Entering the waitlist is joining; a referrer set on an applied tester is credited at once.
      const referrerId = changes.referrer_id ?? current.referrer_id;
      const credited = status === 'applied' ? await recordSignup(trx, this.dialect, beta, { ...current, referrer_id: referrerId }, now) : null;
      const rendered = await this.events.raise(trx, 'tester_updated', beta.id, credited === null ? [current.id] : [current.id, credited], now);
      if (status !== current.status) {
        await this.emails.statusChanged(trx, { betaId: beta.id, testerId: current.id, status: input.status === 'unsuspended' ? 'unsuspended' : status, now });
      }
      return { testerId: current.id, rendered };
    });
    return this.committedView(companyId, beta.id, updated.testerId, updated.rendered);
  }

  /**
   * The owner accepts a referral held by its fraud flags (extension): it is credited now as any
   * referral is (recordSignup), or when the tester joins if they have not yet. Accepting again
   * changes nothing and answers the tester; a tester whose referral was never held is 2301.
   */
  async acceptReferral(companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
    const beta = await this.betas.require(companyId, betaId);
    const accepted = await this.transaction(async (trx) => {
      const now = this.now();
      await this.betas.hold(trx, beta.id);
      const tester = await this.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
      if (tester.referrer_id === null) throw Errors.testersGeneral('This tester has no referrer (none was given, or the referrer was deleted)');
      if (tester.referral_accepted_at !== null) return { testerId: tester.id, rendered: undefined };
      if (!tester.referral_held) throw Errors.testersGeneral('This tester\'s referral is not held: it had no fraud flags, so it is credited without acceptance');
      await this.updateTester(trx, tester.id, { referral_held: 0, referral_accepted_at: now, updated_at: now });
      // Referral credit comes with joining (docs/decisions.md, "Referrals"): a tester still unconfirmed is credited on confirming.
      const joined = tester.applied_at !== null || tester.joined_at !== null;
      const credited = joined ? await recordSignup(trx, this.dialect, beta, tester, now) : null;
      const rendered = await this.events.raise(trx, 'tester_updated', beta.id, credited === null ? [tester.id] : [tester.id, credited], now);
      return { testerId: tester.id, rendered };
    });
    return this.committedView(companyId, beta.id, accepted.testerId, accepted.rendered);
  }

  /** Deletes at once and answers with the tester as it was. */
  async delete(companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
    const beta = await this.betas.require(companyId, betaId);
    return this.transaction(async (trx) => {
      await this.betas.hold(trx, beta.id);
      const tester = await this.requireVisible(trx, beta.id, testerRef, { lock: 'delete' });
      const [view] = await this.views(trx, beta, [tester]);
      await this.deleteRow(trx, tester);
      return view;
    });
  }

  /** Queues the deletion (spec: 202, returns at once); a worker performs it. */
  async queueDelete(companyId: number, betaId: string, testerRef: string): Promise<void> {
    const beta = await this.betas.require(companyId, betaId);
    const tester = await this.requireVisible(this.db, beta.id, testerRef);
    await enqueueJob(this.db, QUEUED_DELETION_JOB, { testerId: tester.id }, this.clock.now());
  }

  /** The worker's side of queueDelete. A tester already gone is fine. */
  async performQueuedDeletion(payload: unknown): Promise<void> {
    const testerId = (payload as { testerId?: unknown }).testerId;
    if (typeof testerId !== 'number') throw new Error('tester.delete job without a testerId');
    await this.transaction(async (trx) => {
      const found = await trx.selectFrom('testers').select('beta_id').where('id', '=', testerId).executeTakeFirst();
      // Gone with its beta, or deleted already.
      if (!found || !(await this.betas.holds(trx, found.beta_id))) return;
      const tester = await forDelete(this.dialect, trx.selectFrom('testers').selectAll().where('id', '=', testerId)).executeTakeFirst();
      if (tester) await this.deleteRow(trx, tester);
    });
  }

  get jobHandlers() {
    return { [QUEUED_DELETION_JOB]: (payload: unknown) => this.performQueuedDeletion(payload) };
  }

  // ---- friend invitations (spec 4.7) ----------------------------------------------------------

  /**
   * Creates the recipient of a friend invitation in the caller's transaction: invited at once with
   * their invitation code, as if they had applied and been invited; not a referral. Hidden when the
   * company's plan is full (`beyondPlanLimit`, asked first: the caller answers 2317 after commit).
   */
  async insertInvitee(trx: Executor, beta: Beta, email: string, hidden: boolean, now: string): Promise<TesterRow> {
    const row = await this.insertTester(trx, {
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
    await this.events.raise(trx, 'tester_created', beta.id, hidden ? [] : [row.id], now);
    return row;
  }

  /** The reduced tester objects of friend invitations: no waitlist fields, no friend_invitations_allowed. */
  async reducedViews(executor: Executor, beta: Beta, rows: TesterRow[]): Promise<ReducedTesterView[]> {
    const views = await this.views(executor, beta, rows);
    return views.map(({ waitlist_position, waitlist_ahead, waitlist_behind, waitlist_length, friend_invitations_allowed, ...reduced }) => reduced);
  }

  // ---- checkins ------------------------------------------------------------------------------

  async checkin(companyId: number, betaId: string, testerRef: string): Promise<void> {
    const beta = await this.betas.require(companyId, betaId);
    await this.transaction(async (trx) => {
      await this.betas.hold(trx, beta.id);
      await this.recordCheckin(trx, beta, await this.requireVisible(trx, beta.id, testerRef, { lock: 'update' }));
    });
  }

  async checkinByEmail(companyId: number, betaId: string, emailText: string | undefined): Promise<void> {
    const beta = await this.betas.require(companyId, betaId);
    const email = normalizeEmail(emailText);
    if (!email) throw Errors.testerEmailRequired();
    await this.transaction(async (trx) => {
      await this.betas.hold(trx, beta.id);
      const tester = await forUpdate(
        this.dialect,
        trx.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('email_normalized', '=', email.normalized),
      ).executeTakeFirst();
      if (!tester) throw Errors.notFound('Tester not found');
      if (tester.hidden) throw Errors.testerHidden();
      await this.recordCheckin(trx, beta, tester);
    });
  }

  /**
   * Checkin: one a day is recorded; any status but suspended becomes active (spec 3.1). A tester
   * who had not joined yet (imported, unconfirmed) joins by checking in: signup points, and the
   * referral credit an unconfirmed tester was waiting for.
   */
  private async recordCheckin(trx: Executor, beta: Beta, tester: TesterRow): Promise<void> {
    if (tester.status === 'suspended') throw Errors.testersGeneral('A suspended tester cannot check in; unsuspend them first');
    const nowDate = this.clock.now();
    const now = storedTime(nowDate);
    await trx
      .insertInto('checkins')
      .values({ beta_id: tester.beta_id, tester_id: tester.id, date: utcDate(nowDate), created_at: now })
      .onConflict((oc) => oc.columns(['tester_id', 'date']).doNothing())
      .execute();
    await this.updateTester(trx, tester.id, { status: 'active', last_checkin_at: now, updated_at: now, ...milestoneFor('active', tester, now) });
    moveTesterCount(trx, tester.beta_id, { from: tester.status as TesterStatus, to: 'active' });
    const joining = tester.status === 'imported' || tester.status === 'unconfirmed';
    const credited = joining ? await recordSignup(trx, this.dialect, beta, tester, now) : null;
    await this.events.raise(trx, 'tester_updated', tester.beta_id, credited === null ? [tester.id] : [tester.id, credited], now);
    if (tester.status !== 'active') await this.emails.statusChanged(trx, { betaId: tester.beta_id, testerId: tester.id, status: 'active', now });
  }

  /**
   * Active testers who have not checked in (or joined) for their beta's idle_days become idle.
   * Run periodically by the workers; returns how many changed.
   */
  async markIdleTesters(): Promise<number> {
    const betas = await this.db.selectFrom('betas').select(['id', 'settings']).execute();
    let changed = 0;
    for (const { id, settings } of betas) {
      const idleDays = (JSON.parse(settings) as Partial<BetaSettings>).idle_days;
      if (!idleDays) continue;
      const cutoff = storedTime(addSeconds(this.clock.now(), -idleDays * 86_400));
      changed += await this.transaction(async (trx) => {
        if (!(await this.betas.holds(trx, id))) return 0; // deleted since the list was read
        const now = this.now();
        const result = await trx
          .updateTable('testers')
          .set({ status: 'idle', updated_at: now })
          .where('beta_id', '=', id)
          .where('status', '=', 'active')
          .where((eb) => eb(eb.fn.coalesce('last_active_at', 'created_at'), '<', cutoff))
          .returning(['id', 'hidden'])
          .execute();
        const visible = result.filter((r) => r.hidden === 0);
        moveTesterCount(trx, id, { from: 'active', to: 'idle' }, visible.length);
        await this.events.raise(trx, 'tester_updated', id, visible.map((r) => r.id), now);
        return result.length;
      });
    }
    return changed;
  }

  // ---- helpers -------------------------------------------------------------------------------

  private now(): string {
    return storedTime(this.clock.now());
  }

  /** A command's transaction; a freshly generated referral code or uuid that collided, or a referrer deleted since a signup looked it up, is retried too. */
  private transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work, {
      retryAlso: (error) => /referral_code|uuid/.test(uniqueViolation(error) ?? '') || referrerGone(error),
    });
  }

  private async insertTester(trx: Executor, values: NewTester): Promise<TesterRow> {
    try {
      return await trx.insertInto('testers').values(values).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (uniqueViolation(error)?.includes('email_normalized')) throw Errors.testerExists();
      throw error;
    }
  }

  private async updateTester(trx: Executor, id: number, changes: TesterUpdate): Promise<void> {
    try {
      await trx.updateTable('testers').set(changes).where('id', '=', id).execute();
    } catch (error) {
      if (uniqueViolation(error)?.includes('email_normalized')) {
        throw Errors.testerExists('update');
      }
      throw error;
    }
  }

  /** Deletes the tester; tester_deleted is raised first, while the row is there to show. */
  private async deleteRow(trx: Executor, tester: TesterRow): Promise<void> {
    await this.events.raise(trx, 'tester_deleted', tester.beta_id, [tester.id], this.now());
    await trx.deleteFrom('testers').where('id', '=', tester.id).execute();
    if (!tester.hidden) moveTesterCount(trx, tester.beta_id, { from: tester.status as TesterStatus, to: null });
  }

  /**
   * Whether the company's plan is full, so a new tester must be hidden. Only a company with a
   * limit serialises its signups (on its row); others pay one primary-key read. Asked after the
   * beta is held and before any tester is locked (docs/architecture.md, "Lock order").
   */
  async beyondPlanLimit(trx: Executor, companyId: number): Promise<boolean> {
    const limited = trx.selectFrom('companies').select('max_testers').where('id', '=', companyId);
    if ((await limited.executeTakeFirstOrThrow()).max_testers === null) return false;
    const company = await forUpdate(this.dialect, limited).executeTakeFirstOrThrow();
    if (company.max_testers === null) return false;
    // Read under the company's lock: the signup before this one has committed its counters.
    return (await companyTesterCount(trx, companyId)) >= company.max_testers;
  }

  /**
   * Signups from `ip` in the last day before this one, for the "many signups" flag; 2321 when the
   * beta's max_signups_per_ip_per_day is reached. One indexed count serves both.
   */
  private async earlierSignupsFromIp(trx: Executor, betaId: number, ip: string, limit: number | null): Promise<number> {
    if (limit !== null) await lockName(trx, this.dialect, `signups-from-ip:${betaId}:${ip}`);
    const since = storedTime(addSeconds(this.clock.now(), -SIGNUPS_FROM_IP_WINDOW_SECONDS));
    const earlier = await signupsFromIp(trx, betaId, ip, since, Math.max(limit ?? 0, MANY_SIGNUPS_FROM_ONE_IP));
    if (limit !== null && earlier >= limit) throw Errors.tooManySignupsFromIp();
    return earlier;
  }

  private async answeredQuestionIds(executor: Executor, testerId: number): Promise<Set<number>> {
    const rows = await executor.selectFrom('tester_responses').select('question_id').where('tester_id', '=', testerId).execute();
    return new Set(rows.map((r) => r.question_id));
  }

  /** The beta's tester by id or uuid; 404 when there is none, 2317 when it is hidden. */
  private async requireVisible(
    executor: Executor,
    betaId: number,
    ref: string,
    options: { lock?: 'update' | 'delete' } = {},
  ): Promise<TesterRow> {
    const id = parseId(ref);
    if (id === null && !UUID_PATTERN.test(ref)) throw Errors.notFound('Tester not found');
    let query = executor.selectFrom('testers').selectAll().where('beta_id', '=', betaId);
    query = id !== null ? query.where('id', '=', id) : query.where('uuid', '=', ref.toLowerCase());
    const locked = options.lock === 'delete' ? forDelete(this.dialect, query) : options.lock === 'update' ? forUpdate(this.dialect, query) : query;
    const tester = await locked.executeTakeFirst();
    if (!tester) throw Errors.notFound('Tester not found');
    if (tester.hidden) throw Errors.testerHidden();
    return tester;
  }

  /**
   * The answer of a command that changed the tester: the view its event was given after commit
   * when one was rendered (the answer and the event agree), else read now.
   */
  /**
   * The tester as its change left it: the view rendered for the change's events, else read after
   * commit, with the beta read afresh (the change may have moved its counters).
   */
  private async committedView(companyId: number, betaId: number, testerId: number, rendered: RenderedViews | undefined): Promise<TesterView> {
    const view = rendered && (await rendered()).get(testerId);
    return view ?? this.viewAfterCommit(await this.betas.require(companyId, betaId), testerId, 'read');
  }

  private async viewAfterCommit(beta: Beta, testerId: number, responses: 'read' | 'none'): Promise<TesterView> {
    const row = await this.db.selectFrom('testers').selectAll().where('id', '=', testerId).executeTakeFirst();
    // Read after commit: a concurrent delete may have removed the tester since. It is gone now.
    if (!row) throw Errors.notFound('Tester not found');
    return (await this.views(this.db, beta, [row], { responses }))[0];
  }

  private views(executor: Executor, beta: Beta, rows: TesterRow[], options: { responses?: 'read' | 'none' } = {}): Promise<TesterView[]> {
    return this.testerViews.of(executor, beta, rows, options);
  }
}

/** Whether a request that sent `sentFields` of the profile touches the required field `field`. */
function touches(field: string, sentFields: ReadonlySet<string>): boolean {
  switch (field) {
    case 'name':
      return sentFields.has('first_name') || sentFields.has('last_name');
    case 'address':
      return sentFields.has('address_line1');
    default:
      return sentFields.has(field);
  }
}
