// A tester's status move as every command applies it (update, bulk actions, fraud review): the
// row's changes (milestones, the status held before a suspension, the invitation code), the
// counters, the referral credit when the move joins the campaign, the event and the e-mail. Bulk
// commands move many testers of a batch in one transaction, each exactly as an update would.
import type { Executor } from '../../db/executor.ts';
import type { TesterRow, TesterUpdate } from '../../db/tables/testers.ts';
import { ApiError } from '../../primitives/errors.ts';
import { forUpdate } from '../../db/database.ts';
import { moveTesterCount } from '../betas/beta-counters.ts';
import type { Beta } from '../betas/betas.service.ts';
import { uniqueInvitationCode } from '../invitation-codes/invitation-codes.service.ts';
import { recordMoves } from '../moves/record-moves.ts';
import { hasJoined, recordSignup } from '../referrals/referrals.service.ts';
import { JOINED_STATUSES, milestoneFor } from './tester-rules.ts';
import { nextStatus, type TesterStatus, type UpdateStatus } from './tester-status.ts';
import type { TestersContext } from './testers.repository.ts';

/** The row's changes a move from `current`'s status to `status` makes (besides updated_at). */
export function statusMoveChanges(current: TesterRow, status: TesterStatus, decoderKey: string, now: string, email = current.email): TesterUpdate {
  const changes: TesterUpdate = { status, ...milestoneFor(status, current, now) };
  if (status === 'suspended') changes.status_before_suspension = current.status;
  if (current.status === 'suspended') changes.status_before_suspension = null;
  if (status === 'invited' && !current.invitation_code) changes.invitation_code = uniqueInvitationCode(decoderKey, email);
  return changes;
}

/**
 * A status change that puts the tester on the waitlist or takes it off is a move of its standing
 * (record-moves.ts); `changed` is the row as the change left it.
 */
export function recordStatusMove(trx: Executor, beta: Beta, current: TesterRow, changed: TesterRow, now: string): void {
  if (current.status !== changed.status && (current.status === 'applied' || changed.status === 'applied')) {
    recordMoves(trx, beta, [{ tester: changed, cause: 'status_changed' }], now);
  }
}

/**
 * Reaching applied, invited or active the first time is joining: the signup points, and the
 * tester's referral credited (recordSignup). The referrer credited now, or null.
 */
export async function creditOnJoining(ctx: TestersContext, trx: Executor, beta: Beta, current: TesterRow, status: TesterStatus, now: string): Promise<number | null> {
  const joining = status === 'applied' || (JOINED_STATUSES.includes(status) && !hasJoined(current));
  return joining ? recordSignup(trx, ctx.repo.dialect, beta, current, now) : null;
}

/** How a tester of a bulk move fared: moved, already in the status, a move not permitted, or not found (deleted, hidden). */
export type MoveOutcome = 'changed' | 'unchanged' | 'not_permitted' | 'missing';

/**
 * Moves each of the beta's testers `ids` as an update asking for `requested` would, in the
 * caller's transaction: rows locked in id order, each moved, counted, credited, its event raised
 * and its e-mail queued. A tester already in the status is left alone ('unchanged': an invited
 * tester is never invited twice); a move the rules refuse changes nothing.
 */
export async function moveStatuses(ctx: TestersContext, trx: Executor, beta: Beta, ids: readonly number[], requested: UpdateStatus, now: string): Promise<Map<number, MoveOutcome>> {
  const outcomes = new Map<number, MoveOutcome>(ids.map((id) => [id, 'missing']));
  if (ids.length === 0) return outcomes;
  const rows = await forUpdate(
    ctx.repo.dialect,
    trx.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('hidden', '=', 0).where('id', 'in', [...ids]).orderBy('id'),
  ).execute();
  const raised: number[] = [];
  for (const current of rows) {
    let status: TesterStatus;
    try {
      status = nextStatus(current.status as TesterStatus, requested, current.status_before_suspension);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.set(current.id, 'not_permitted');
      continue;
    }
    if (status === current.status) {
      outcomes.set(current.id, 'unchanged');
      continue;
    }
    if (status === 'applied' && !beta.settings.accepting_signups) {
      outcomes.set(current.id, 'not_permitted');
      continue;
    }
    const changes = { ...statusMoveChanges(current, status, beta.settings.decoder_key, now), updated_at: now };
    await ctx.repo.updateTester(trx, current.id, changes);
    recordStatusMove(trx, beta, current, { ...current, ...changes } as TesterRow, now);
    moveTesterCount(trx, beta.id, { from: current.status as TesterStatus, to: status });
    const credited = await creditOnJoining(ctx, trx, beta, current, status, now);
    raised.push(current.id, ...(credited === null ? [] : [credited]));
    await ctx.emails.statusChanged(trx, { betaId: beta.id, testerId: current.id, status: requested === 'unsuspended' ? 'unsuspended' : status, now });
    outcomes.set(current.id, 'changed');
  }
  if (raised.length > 0) await ctx.events.raise(trx, 'tester_updated', beta.id, [...new Set(raised)], now);
  return outcomes;
}
