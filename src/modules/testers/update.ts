// Changing a tester: the update command (profile, status, e-mail, groups, answers, a referrer given
// later) and the owner's acceptance of a referral held by its fraud flags.
import type { Static } from 'typebox';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow, TesterUpdate } from '../../db/tables/testers.ts';
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import { emailAliasKey } from '../fraud/email-alias.ts';
import { parseFlags, referralFlags, refusedReferral, storedFlags } from '../fraud/fraud-signals.ts';
import { redeemInvitationCode } from '../invitation-codes/invitation-codes.service.ts';
import { listQuestions, prepareAnswers, saveAnswers } from '../questions/questions.service.ts';
import { findReferrer, hasJoined, recordSignup, reverseReferral as reverseCredit } from '../referrals/referrals.service.ts';
import { normalizeEmail } from './email-address.ts';
import { checkLeaderboardName } from './leaderboard-name.ts';
import { nameSearch } from './name-search.ts';
import { prepareProfile, type ProfileValues } from './profile.ts';
import { emailProblems, normalizeGroups, requiredFieldProblems, requiredFieldRules } from './tester-rules.ts';
import { creditOnJoining, recordStatusMove, statusMoveChanges } from './status-moves.ts';
import type { RenderedViews } from './tester-events.ts';
import type { Beta } from '../betas/betas.service.ts';
import { movesActedBy, movesActedByActor, type MoveActor } from '../moves/record-moves.ts';
import { recordPriorityMove } from './placing.ts';
import { nextStatus, type TesterStatus } from './tester-status.ts';
import type { TesterView } from './testers.presenter.ts';
import type { TestersContext } from './testers.repository.ts';
import type { TesterUpdateInput } from './testers.schemas.ts';

export type UpdateInput = Static<typeof TesterUpdateInput>;

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

async function answeredQuestionIds(executor: Executor, testerId: number): Promise<Set<number>> {
  const rows = await executor.selectFrom('tester_responses').select('question_id').where('tester_id', '=', testerId).execute();
  return new Set(rows.map((r) => r.question_id));
}

export async function update(ctx: TestersContext, companyId: number, betaId: string, testerRef: string, input: UpdateInput | undefined, actor: MoveActor): Promise<TesterView> {
  const { repo, events, emails } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
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
  const leaderboardName = input.leaderboard_name === undefined ? undefined : checkLeaderboardName(input.leaderboard_name);
  if (leaderboardName && 'error' in leaderboardName) errors.push(leaderboardName.error);
  if (errors.length > 0) throw ApiError.many(errors);

  const updated = await repo.transaction(async (trx) => {
    movesActedByActor(trx, actor);
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const current = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
    const profile = input.profile ? prepareProfile(input.profile, { geo: ctx.geo, storedCountry: current.country }) : null;
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
    const answered = input.responses ? await answeredQuestionIds(trx, current.id) : new Set<number>();
    const answers = input.responses ? prepareAnswers(questions, input.responses.response ?? [], answered) : { answers: [], errors: [] };
    ruleErrors.push(...answers.errors);
    const changes: TesterUpdate = { ...profile?.values, updated_at: now };
    // A referral credited once stays its referrer's even when that referrer is deleted (referrer_id
    // null): a later referrer is ignored, as for a tester that still has one.
    if (input.referrer_id && current.referrer_id === null && current.referral_credited_at === null) {
      if (status !== 'applied' && status !== 'unconfirmed') {
        ruleErrors.push(Errors.testersGeneral.entry('referrer_id can only be given to a tester in status applied or unconfirmed'));
      } else {
        const referrer = await findReferrer(trx, beta.id, input.referrer_id, current.email_normalized);
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
    if (leaderboardName && 'name' in leaderboardName) changes.leaderboard_name = leaderboardName.name;
    if (input.priority !== undefined && input.priority !== current.priority) changes.priority = input.priority;
    // A cleared name is null in changes: it must not fall back to the stored one.
    const name = (field: 'first_name' | 'last_name') => (changes[field] === undefined ? current[field] : changes[field]);
    if (profile) changes.name_search = nameSearch(name('first_name'), name('last_name'));
    if (status !== current.status) {
      Object.assign(changes, statusMoveChanges(current, status, settings.decoder_key, now, email?.email));
      // The code a tester activated with is theirs from then on (verify accepts it).
      if (redeemedCode && !current.invitation_code) changes.invitation_code = redeemedCode;
    }
    await repo.updateTester(trx, current.id, changes);
    const changed = { ...current, ...changes } as TesterRow;
    recordStatusMove(trx, beta, current, changed, now);
    recordPriorityMove(trx, beta, current, changed, now);
    moveTesterCount(trx, beta.id, { from: current.status as TesterStatus, to: status });
    await saveAnswers(trx, current.id, answers.answers, now);
    // A referrer set on an applied tester is credited at once.
    const referrerId = changes.referrer_id ?? current.referrer_id;
    const credited = await creditOnJoining(ctx, trx, beta, { ...current, referrer_id: referrerId }, status, now);
    const rendered = await events.raise(trx, 'tester_updated', beta.id, credited === null ? [current.id] : [current.id, credited], now);
    if (status !== current.status) {
      await emails.statusChanged(trx, { betaId: beta.id, testerId: current.id, status: input.status === 'unsuspended' ? 'unsuspended' : status, now });
    }
    return { testerId: current.id, rendered };
  });
  return repo.committedView(companyId, beta.id, updated.testerId, updated.rendered);
}

/**
 * The owner accepts a referral held by its fraud flags (extension): it is credited now as any
 * referral is (recordSignup), or when the tester joins if they have not yet. Accepting again
 * changes nothing and answers the tester; a tester whose referral was never held is 2301.
 */
export async function acceptReferral(ctx: TestersContext, companyId: number, betaId: string, testerRef: string, memberId: number | null): Promise<TesterView> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const accepted = await repo.transaction(async (trx) => {
    movesActedBy(trx, memberId);
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const tester = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
    if (tester.referrer_id === null) throw Errors.testersGeneral('This tester has no referrer (none was given, or the referrer was deleted)');
    if (tester.referral_accepted_at !== null) return { testerId: tester.id, rendered: undefined };
    if (!tester.referral_held) throw Errors.testersGeneral('This tester\'s referral is not held: it had no fraud flags, so it is credited without acceptance');
    if (tester.fraud_decision === 'reject') throw Errors.testersGeneral('This tester was rejected in fraud review: its referral is never credited');
    const rendered = await releaseHeldReferral(ctx, trx, beta, tester, now);
    return { testerId: tester.id, rendered };
  });
  return repo.committedView(companyId, beta.id, accepted.testerId, accepted.rendered);
}

/**
 * The owner takes back a credited referral (extension; referrals.service.ts, reverseReferral): the
 * referrer loses its credit and the referral's points, and the referral is never credited again.
 * Reversing again changes nothing and answers the tester; a referral not credited is 2301.
 */
export async function reverseReferral(ctx: TestersContext, companyId: number, betaId: string, testerRef: string, memberId: number | null): Promise<TesterView> {
  const { repo, events } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  const reversed = await repo.transaction(async (trx) => {
    movesActedBy(trx, memberId);
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const tester = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'update' });
    if (tester.referral_reversed_at !== null) return { testerId: tester.id, rendered: undefined };
    if (tester.referrer_id === null) throw Errors.testersGeneral('This tester has no referrer (none was given, or the referrer was deleted)');
    if (tester.referral_credited_at === null) {
      throw Errors.testersGeneral('This tester\'s referral is not credited (it waits for the tester to join, or is held for review): there is nothing to take back');
    }
    const referrerId = await reverseCredit(trx, beta, tester, now);
    const rendered = await events.raise(trx, 'tester_updated', beta.id, referrerId === null ? [tester.id] : [tester.id, referrerId], now);
    return { testerId: tester.id, rendered };
  });
  return repo.committedView(companyId, beta.id, reversed.testerId, reversed.rendered);
}

/**
 * Credits a held referral of the locked `tester` in the caller's transaction (acceptReferral, and
 * fraud review's approve): no longer held, accepted now, credited as any referral is.
 */
export async function releaseHeldReferral(ctx: TestersContext, trx: Executor, beta: Beta, tester: TesterRow, now: string): Promise<RenderedViews> {
  await ctx.repo.updateTester(trx, tester.id, { referral_held: 0, referral_accepted_at: now, updated_at: now });
  // Referral credit comes with joining (docs/decisions.md, "Referrals"): a tester still unconfirmed is credited on confirming.
  const credited = hasJoined(tester) ? await recordSignup(trx, ctx.repo.dialect, beta, tester, now) : null;
  return ctx.events.raise(trx, 'tester_updated', beta.id, credited === null ? [tester.id] : [tester.id, credited], now);
}


/**
 * The tester sets or clears their own public name (the status page's form): the one field a
 * tester changes themselves, with the rule the owner's update applies and the same event.
 */
export async function setLeaderboardName(ctx: TestersContext, beta: Beta, testerId: number, text: string | null): Promise<void> {
  const checked = checkLeaderboardName(text);
  if ('error' in checked) throw ApiError.many([checked.error]);
  const { repo, events } = ctx;
  await repo.transaction(async (trx) => {
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const current = await repo.requireVisible(trx, beta.id, String(testerId), { lock: 'update' });
    if (current.leaderboard_name === checked.name) return;
    await repo.updateTester(trx, current.id, { leaderboard_name: checked.name, updated_at: now });
    await events.raise(trx, 'tester_updated', beta.id, [current.id], now);
  });
}
