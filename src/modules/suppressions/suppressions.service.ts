// Suppressions (docs/decisions.md, "Suppressions"): the beta's addresses that
// are never sent to. One per address and beta (case-insensitive). Clients add Manual and
// Unsubscribe ones; the service itself records HardBounce, SpamComplaint and one-click Unsubscribe
// ones (`suppress`).
//
// user_id is the beta's (visible) tester with the address *now*, found by the address rather than
// stored: a tester who signs up after the suppression, or changes address, is shown as it is.
// (The suppressions.tester_id column is therefore left null.)
import { invalidEmailMessage, isValidEmail, normalizeEmail } from '../testers/email-address.ts';
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { SuppressionRow } from '../../db/tables/effects.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import type { SendingBreaker } from '../emails/sending-breaker.ts';
import { ClientSuppressionReasons, SuppressionReasons } from './suppressions.schemas.ts';
import type { TesterEvents } from '../testers/tester-events.ts';
import { suspendForHardBounce } from '../testers/hard-bounce.ts';

export type SuppressionReason = (typeof SuppressionReasons)[number];

/** Reasons whose suppression a client may delete; the others only support may remove (docs/decisions.md, "Suppressions"). */
const REMOVABLE: ReadonlySet<string> = new Set<SuppressionReason>(['Manual', 'HardBounce']);

export interface SuppressionInput {
  email?: string;
  reason?: string;
}

export interface ListFilters {
  email?: string;
}

/** A suppression with the tester it concerns. */
export interface Suppression extends SuppressionRow {
  user_id: number | null;
}

/** The beta's suppressions with user_id: the visible tester of the beta with the address, if any. */
function suppressionsWithUser(executor: Executor, betaId: number) {
  return executor
    .selectFrom('suppressions')
    .leftJoin('testers', (join) =>
      join
        .onRef('testers.beta_id', '=', 'suppressions.beta_id')
        .onRef('testers.email_normalized', '=', 'suppressions.email_normalized')
        .on('testers.hidden', '=', 0),
    )
    .where('suppressions.beta_id', '=', betaId);
}

/** The id of the beta's visible tester with the address, or null. */
async function userIdOf(executor: Executor, betaId: number, normalizedEmail: string): Promise<number | null> {
  const tester = await executor
    .selectFrom('testers')
    .select('id')
    .where('beta_id', '=', betaId)
    .where('email_normalized', '=', normalizedEmail)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  return tester?.id ?? null;
}

/**
 * Rule 1: the beta's tester with the address (hidden or not) is unsubscribed; the time is set
 * once. Returns the ids of the testers that changed.
 */
async function unsubscribeTester(trx: Executor, betaId: number, normalizedEmail: string, now: string): Promise<number[]> {
  const changed = await trx
    .updateTable('testers')
    .set({ unsubscribed_at: now, updated_at: now })
    .where('beta_id', '=', betaId)
    .where('email_normalized', '=', normalizedEmail)
    .where('unsubscribed_at', 'is', null)
    .returning('id')
    .execute();
  return changed.map((row) => row.id);
}

/** Whether the beta never sends to the address (case-insensitive). */
export async function isSuppressed(executor: Executor, betaId: number, email: string): Promise<boolean> {
  const address = normalizeEmail(email);
  if (!address) return false;
  const row = await executor
    .selectFrom('suppressions')
    .select('id')
    .where('beta_id', '=', betaId)
    .where('email_normalized', '=', address.normalized)
    .executeTakeFirst();
  return row !== undefined;
}

/** The checks that need no database, all reported together. */
function checkInput(input: SuppressionInput): { email: string; normalized: string; reason: SuppressionReason } {
  const errors: ErrorEntry[] = [];
  const address = normalizeEmail(input.email);
  if (!address) errors.push(Errors.suppressionEmailRequired.entry());
  else if (!isValidEmail(address.email)) errors.push(Errors.suppressionsGeneral.entry(invalidEmailMessage(address.email)));
  const reasonText = input.reason?.trim() || 'Manual';
  // The reason's spelling is forgiven (unsubscribe, MANUAL); the stored one is the interface's.
  const reason = ClientSuppressionReasons.find((r) => r.toLowerCase() === reasonText.toLowerCase());
  if (!reason) errors.push(Errors.suppressionsGeneral.entry('reason must be Manual or Unsubscribe'));
  if (errors.length > 0) throw ApiError.many(errors);
  return { email: address!.email, normalized: address!.normalized, reason: reason! };
}

export class SuppressionsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly events: TesterEvents,
    private readonly breaker: SendingBreaker,
  ) {}

  /** The beta's suppressions by id; with `email`, the one of that address (case-insensitive). */
  async list(companyId: number, betaId: string, filters: ListFilters, page: PageRequest): Promise<{ items: Suppression[]; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaId);
    let query = this.db.selectFrom('suppressions').where('beta_id', '=', beta.id);
    let withUser = suppressionsWithUser(this.db, beta.id);
    const email = filters.email?.trim().toLowerCase();
    if (email) {
      query = query.where('email_normalized', '=', email);
      withUser = withUser.where('suppressions.email_normalized', '=', email);
    }
    const [items, count] = await Promise.all([
      withUser
        .selectAll('suppressions')
        .select('testers.id as user_id')
        .orderBy('suppressions.id')
        .limit(page.perPage)
        .offset(page.offset)
        .execute(),
      countUpTo(this.db, query.select('id').orderBy('id'), page),
    ]);
    return { items, ...count };
  }

  /** Adds the address to the beta's list; Unsubscribe also unsubscribes its tester, hidden or not. */
  async create(companyId: number, betaId: string, input: SuppressionInput): Promise<Suppression> {
    const beta = await this.betas.require(companyId, betaId);
    const checked = checkInput(input);
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const now = storedTime(this.clock.now());
      let row: SuppressionRow;
      try {
        row = await trx
          .insertInto('suppressions')
          .values({
            beta_id: beta.id,
            email: checked.email,
            email_normalized: checked.normalized,
            tester_id: null,
            reason: checked.reason,
            suppressed_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (uniqueViolation(error)?.includes('email_normalized')) throw Errors.suppressionExists();
        throw error;
      }
      if (checked.reason === 'Unsubscribe') await this.unsubscribe(trx, beta.id, checked.normalized, now);
      return { ...row, user_id: await userIdOf(trx, beta.id, checked.normalized) };
    });
  }

  /**
   * Deletes a Manual or HardBounce suppression: the address receives e-mail again.
   * Unsubscribe and SpamComplaint ones stay: only support may remove them.
   */
  async delete(companyId: number, betaId: string, suppressionIdText: string): Promise<Suppression> {
    const beta = await this.betas.require(companyId, betaId);
    const id = parseId(suppressionIdText);
    if (id === null) throw Errors.notFound('Suppression not found');
    return inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const deleted = await trx
        .deleteFrom('suppressions')
        .where('id', '=', id)
        .where('beta_id', '=', beta.id)
        .where('reason', 'in', [...REMOVABLE])
        .returningAll()
        .executeTakeFirst();
      if (deleted) return { ...deleted, user_id: await userIdOf(trx, beta.id, deleted.email_normalized) };
      const kept = await trx.selectFrom('suppressions').select('reason').where('id', '=', id).where('beta_id', '=', beta.id).executeTakeFirst();
      if (!kept) throw Errors.notFound('Suppression not found');
      throw Errors.suppressionsGeneral(
        `${kept.reason} suppressions can be removed only through support: the address stays suppressed (only Manual and HardBounce ones can be deleted)`,
      );
    });
  }

  /**
   * Records, in the caller's transaction, a suppression the service itself learned (HardBounce,
   * SpamComplaint, or an Unsubscribe from a one-click link); an existing suppression of the
   * address is kept as it is. Unsubscribe also sets the tester's unsubscribed_at; HardBounce
   * suspends the tester. Returns the suppression row. The caller holds the beta (BetasService.hold).
   */
  async suppress(
    trx: Executor,
    betaId: number,
    email: string,
    reason: 'Manual' | 'Unsubscribe' | 'HardBounce' | 'SpamComplaint',
    now: string,
  ): Promise<SuppressionRow> {
    const address = normalizeEmail(email);
    if (!address) throw new Error('suppress: an e-mail address is required');
    if (!(SuppressionReasons as readonly string[]).includes(reason)) throw new Error(`suppress: unknown reason ${String(reason)}`);
    // The person asked to hear no more, whatever suppression the address already had.
    if (reason === 'Unsubscribe') await this.unsubscribe(trx, betaId, address.normalized, now);
    // The address does not exist: its tester is suspended (docs/decisions.md, "Suppressions").
    if (reason === 'HardBounce') await suspendForHardBounce(trx, this.dialect, this.events, { betaId, normalizedEmail: address.normalized, now });
    // The person marked the beta's e-mail as spam: it counts against the beta's sending (sending-breaker.ts).
    if (reason === 'SpamComplaint') await this.breaker.complaintReceived(trx, betaId, address.email, now);
    // Insert, or find the suppression already there; a concurrent delete between the two is retried.
    for (let attempt = 1; ; attempt++) {
      const inserted = await trx
        .insertInto('suppressions')
        .values({ beta_id: betaId, email: address.email, email_normalized: address.normalized, tester_id: null, reason, suppressed_at: now })
        .onConflict((oc) => oc.columns(['beta_id', 'email_normalized']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return inserted;
      const existing = await trx
        .selectFrom('suppressions')
        .selectAll()
        .where('beta_id', '=', betaId)
        .where('email_normalized', '=', address.normalized)
        .executeTakeFirst();
      if (existing) return existing;
      if (attempt >= 3) throw new Error('suppress: the suppression changed concurrently; try again');
    }
  }

  private async unsubscribe(trx: Executor, betaId: number, normalizedEmail: string, now: string): Promise<void> {
    await this.events.raise(trx, 'tester_updated', betaId, await unsubscribeTester(trx, betaId, normalizedEmail, now), now);
  }
}
