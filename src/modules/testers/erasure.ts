// Erasing a person (docs/privacy.md; docs/decisions.md, "Erasure"): their personal data goes from
// every table (personal-data.ts says which and how), while their tester row stays, anonymized,
// with its status, counts and place, so the beta's counts, the standings and the referrer link of
// the testers they referred stay as they were. Locks (docs/architecture.md, "Lock order"): the
// beta, then the person's row FOR UPDATE (its unique columns change), then the rest. No other
// tester's row is touched: locking those they referred after the person would meet a deletion
// or a checkin that locks them the other way round.
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow, TesterUpdate } from '../../db/tables/testers.ts';
import { addSeconds, apiTime, storedTime } from '../../primitives/time.ts';
import { EMAIL_SEND_JOB } from '../emails/send-jobs.ts';
import { WEBHOOK_DELIVERY_JOB } from '../events/events.ts';
import { unusedReferralCode } from '../referrals/referral-codes.ts';
import { recordErasure } from '../suppressions/erasures.ts';
import {
  deleteJobsNaming,
  emailsTo,
  eventsByIds,
  IDS_PER_STATEMENT,
  IN_FLIGHT_SECONDS,
  invitationsOf,
  logRowsNaming,
  names,
  suppressionsOf,
  type LogRows,
  type Person,
} from './personal-data.ts';
import { ProfileFields } from './profile.ts';
import type { TestersContext } from './testers.repository.ts';

/** What an erasure did: rows deleted and rows changed, by table. */
export interface ErasureReceipt {
  tester_id: number;
  erased_at: string;
  /** True when the tester had been erased before: nothing was left to do. */
  already_erased: boolean;
  deleted: Record<string, number>;
  anonymized: Record<string, number>;
}

/** The address an erased tester shows instead of theirs: unique in its beta, and never deliverable (.invalid). */
export function erasedAddress(testerId: number): string {
  return `erased-${testerId}@erased.invalid`;
}

export async function eraseTester(ctx: TestersContext, companyId: number, betaId: string, testerRef: string): Promise<ErasureReceipt> {
  const { repo } = ctx;
  const beta = await repo.betas.require(companyId, betaId);
  // The logs are read for the address before the transaction, a page at a time: a big beta's logs
  // read inside it would hold the person's row, and on SQLite every writer, for as long. The
  // transaction then reads only what was written since (and what was in flight then).
  const since = storedTime(addSeconds(repo.clock.now(), -IN_FLIGHT_SECONDS));
  const before = await repo.requireVisible(repo.db, beta.id, testerRef, { hidden: 'include' });
  const scanned = before.erased_at === null ? await logRowsNaming(repo.db, before, companyId) : undefined;
  return repo.transaction(async (trx) => {
    const now = repo.now();
    await repo.betas.hold(trx, beta.id);
    const tester = await repo.requireVisible(trx, beta.id, testerRef, { lock: 'delete', hidden: 'include' });
    if (tester.erased_at !== null) return { tester_id: tester.id, erased_at: apiTime(tester.erased_at), already_erased: true, deleted: {}, anonymized: {} };
    // An address changed since the scan (an update in between) is looked for afresh, whole.
    const logs =
      scanned && before.email_normalized === tester.email_normalized
        ? union(scanned, await logRowsNaming(trx, tester, companyId, since))
        : await logRowsNaming(trx, tester, companyId);
    const anonymized = await anonymizeRows(trx, tester);
    const deleted = await deleteRows(ctx, trx, tester, logs, anonymized);
    await recordErasure(trx, beta.id, tester.email, now);
    await repo.updateTester(trx, tester.id, await anonymousTester(trx, tester, now));
    anonymized.testers = 1;
    // The tester as it is now, anonymized: a receiver that keeps a copy replaces it. tester_deleted
    // would carry the tester as it was, the very data erased.
    await ctx.events.raise(trx, 'tester_updated', beta.id, tester.hidden ? [] : [tester.id], now);
    return { tester_id: tester.id, erased_at: apiTime(now), already_erased: false, deleted, anonymized };
  });
}

/** The beta's import reports that quote the person's address (a line refused or skipped), rewritten without it. */
async function scrubImportReports(trx: Executor, person: TesterRow, pattern: RegExp): Promise<number> {
  const fragment = `%${person.email_normalized.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const quoting = (column: 'errors' | 'warnings') => sql<boolean>`lower(${sql.ref(column)}) like ${fragment} escape '\\'`;
  const reports = await trx
    .selectFrom('imports')
    .select(['id', 'errors', 'warnings'])
    .where('beta_id', '=', person.beta_id)
    .where((eb) => eb.or([quoting('errors'), quoting('warnings')]))
    .execute();
  const erased = erasedAddress(person.id);
  for (const report of reports) {
    await trx.updateTable('imports').set({ errors: report.errors.replace(pattern, erased), warnings: report.warnings.replace(pattern, erased) }).where('id', '=', report.id).execute();
  }
  return reports.length;
}

function union(a: LogRows, b: LogRows): LogRows {
  const both = (x: number[], y: number[]) => [...new Set([...x, ...y])];
  return {
    webhook_events: both(a.webhook_events, b.webhook_events),
    email_messages: both(a.email_messages, b.email_messages),
    idempotency_keys: both(a.idempotency_keys, b.idempotency_keys),
  };
}

/** Deletes the person's rows; counts another's rows it rewrote in `anonymized`. */
async function deleteRows(
  ctx: TestersContext,
  trx: Executor,
  person: TesterRow,
  logs: LogRows,
  anonymized: Record<string, number>,
): Promise<Record<string, number>> {
  const { dialect } = ctx.repo;
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const byIds = async (table: 'email_messages' | 'webhook_events' | 'webhook_deliveries' | 'idempotency_keys', column: 'id' | 'event_id', ids: number[]) => {
    let deleted = 0;
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      deleted += count(await trx.deleteFrom(table).where(column, 'in', ids.slice(start, start + IDS_PER_STATEMENT)).executeTakeFirstOrThrow());
    }
    return deleted;
  };
  const deleted: Record<string, number> = {};
  deleted.tester_responses = count(await trx.deleteFrom('tester_responses').where('tester_id', '=', person.id).executeTakeFirstOrThrow());
  deleted.checkins = count(await trx.deleteFrom('checkins').where('tester_id', '=', person.id).executeTakeFirstOrThrow());
  deleted.email_confirmations = count(await trx.deleteFrom('email_confirmations').where('tester_id', '=', person.id).executeTakeFirstOrThrow());
  deleted.daily_visits = count(
    await trx.deleteFrom('daily_visits').where('beta_id', '=', person.beta_id).where('kind', '=', 'click').where('target_id', '=', person.id).executeTakeFirstOrThrow(),
  );
  deleted.suppressions = count(await trx.deleteFrom('suppressions').where('id', 'in', suppressionsOf(trx, person).select('id')).executeTakeFirstOrThrow());

  // E-mails to them, the friend invitations they sent (which show them to the invitee), and any
  // other message naming their address; queued ones are never sent.
  const invitees = trx.selectFrom('friend_invitations').select('invitee_id').where('inviter_id', '=', person.id);
  const invitations = trx.selectFrom('email_messages').select('id').where('occasion', '=', 'friend_invitation').where('tester_id', 'in', invitees);
  const own = await emailsTo(trx, person).select('id').union(invitations).execute();
  const messageIds = [...new Set([...own.map((m) => m.id), ...logs.email_messages])];
  deleted.email_messages = await byIds('email_messages', 'id', messageIds);
  let jobs = await deleteJobsNaming(trx, dialect, EMAIL_SEND_JOB, 'messageId', messageIds);

  // Events about them go (their deliveries with them); another tester's naming their address is rewritten.
  const events = await eventsByIds(trx, person, logs.webhook_events);
  const theirs = events.filter((event) => event.theirs).map((event) => event.id);
  deleted.webhook_deliveries = await byIds('webhook_deliveries', 'event_id', theirs);
  deleted.webhook_events = await byIds('webhook_events', 'id', theirs);
  jobs += await deleteJobsNaming(trx, dialect, WEBHOOK_DELIVERY_JOB, 'eventId', theirs);
  deleted.outbox_jobs = jobs;
  const pattern = new RegExp(escapeRegExp(person.email_normalized), 'gi');
  for (const event of events.filter((e) => !e.theirs)) {
    await trx.updateTable('webhook_events').set({ payload: event.payload.replace(pattern, erasedAddress(person.id)) }).where('id', '=', event.id).execute();
  }
  anonymized.webhook_events = events.length - theirs.length;
  anonymized.imports = await scrubImportReports(trx, person, pattern);
  deleted.fraud_simulations = await deleteSimulationsNaming(trx, person);

  // Answers stored for Idempotency-Key replays that show them (read again: one may have been stored since the scan).
  const answers = logs.idempotency_keys.length === 0 ? [] : await trx.selectFrom('idempotency_keys').select(['id', 'response_body']).where('id', 'in', logs.idempotency_keys).execute();
  deleted.idempotency_keys = await byIds('idempotency_keys', 'id', answers.filter((a) => a.response_body !== null && names(a.response_body, person)).map((a) => a.id));
  return deleted;
}

/** The beta's fraud simulations whose examples or reasons name the person: reports an owner can run again. */
async function deleteSimulationsNaming(trx: Executor, person: TesterRow): Promise<number> {
  const simulations = await trx.selectFrom('fraud_simulations').select(['id', 'result']).where('beta_id', '=', person.beta_id).where('result', 'is not', null).execute();
  const naming = simulations.filter((simulation) => simulation.result!.toLowerCase().includes(person.email_normalized)).map((simulation) => simulation.id);
  if (naming.length === 0) return 0;
  return Number((await trx.deleteFrom('fraud_simulations').where('id', 'in', naming).executeTakeFirstOrThrow()).numDeletedRows);
}

/** Rows kept for the counts they make, with their free text blanked. */
async function anonymizeRows(trx: Executor, person: Person): Promise<Record<string, number>> {
  const count = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);
  return {
    points: count(await trx.updateTable('points').set({ reason: null }).where('tester_id', '=', person.id).where('reason', 'is not', null).executeTakeFirstOrThrow()),
    friend_invitations: count(
      await trx
        .updateTable('friend_invitations')
        .set({ message: null })
        .where('id', 'in', invitationsOf(trx, person).select('id'))
        .where('message', 'is not', null)
        .executeTakeFirstOrThrow(),
    ),
  };
}

/**
 * The row with every personal field replaced: profile, device and fraud signals, groups, and the
 * address and what is derived from it (the invitation code, the alias key); a new uuid and
 * referral code, so the status link and the share link (whose vanity code may spell the first
 * name) lead nowhere. Status, timestamps, counts, points and the referrer stay.
 */
async function anonymousTester(trx: Executor, tester: TesterRow, now: string): Promise<TesterUpdate> {
  const profile = Object.fromEntries(ProfileFields.map((field) => [field, null]));
  const address = erasedAddress(tester.id);
  return {
    ...profile,
    user_agent: null,
    email: address,
    email_normalized: address,
    email_alias_key: null,
    uuid: randomUUID(),
    referral_code: await unusedReferralCode(trx, { vanity: false, retriedOnCollision: true }),
    invitation_code: '',
    name_search: '',
    groups: '',
    signup_ip: null,
    signup_subnet: null,
    signup_user_agent: null,
    fraud_flags: null,
    leaderboard_name: null,
    erased_at: now,
    updated_at: now,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
