// The points ledger (docs/decisions.md, "Points"): every award is a row, and the tester's
// `points` column (which orders a points waitlist) moves in the same transaction. Automatic awards
// carry a dedupe key, so an award repeated by a retry or a race is recorded once.
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { Executor } from '../../db/executor.ts';
import type { PointRow } from '../../db/tables/testers.ts';
import { raiseEvent } from '../events/events.ts';
import { recordMoves } from '../moves/record-moves.ts';
import { presentPoint } from './points.presenter.ts';
import type { PointActivity } from './point-activities.ts';

export interface PointAward {
  betaId: number;
  testerId: number;
  quantity: number;
  activity: PointActivity;
  reason?: string | null;
  rewardId?: number | null;
  /** Unique per tester: a second award with the same key is not recorded. */
  dedupeKey?: string | null;
  now: string;
}

/** Inserts one row per award, in the awards' order; an award whose dedupe key was used already gives no row. */
const pointsInsert = compiledVariants((_count: number) => (db, points: Omit<PointRow, 'id' | 'revoked_at'>[]) =>
  db
    .insertInto('points')
    .values(points)
    .onConflict((oc) => oc.columns(['tester_id', 'dedupe_key']).doNothing())
    .returningAll(),
);

/** Records the award and adds it to the tester's points; null when its dedupe key was used already or it is worth nothing. */
export async function awardPoints(trx: Executor, award: PointAward): Promise<PointRow | null> {
  const row = await recordPoint(trx, award);
  if (!row) return null;
  await addToTesterPoints(trx, row, row.quantity, 'points_awarded', award.now);
  return row;
}

/**
 * Records the award in the ledger (and raises point_earned) without moving the tester's points:
 * for a caller that adds them in a write of the tester it makes anyway (a signup's insert, a
 * referrer's credit), so the waitlist's triggers run once instead of twice. Null as awardPoints.
 */
export async function recordPoint(trx: Executor, award: PointAward): Promise<PointRow | null> {
  return (await recordPoints(trx, [award]))[0];
}

/**
 * recordPoint for several awards in one insert (a signup's own points and its referrer's): per
 * award, in their order, its row or null. The rows are told apart by tester and dedupe key, so
 * no two awards may share both.
 */
export async function recordPoints(trx: Executor, awards: readonly (PointAward | null)[]): Promise<(PointRow | null)[]> {
  const worth = awards.filter((award): award is PointAward => award !== null && award.quantity !== 0);
  const rows = worth.length === 0 ? [] : await pointsInsert(worth.length).rows(trx, worth.map(pointRow));
  const recorded: (PointRow | null)[] = [];
  for (const award of awards) {
    const row = (award && rows.find((candidate) => candidate.tester_id === award.testerId && candidate.dedupe_key === (award.dedupeKey ?? null))) || null;
    if (award && row) await raiseEvent(trx, { betaId: row.beta_id, type: 'point_earned', now: award.now, data: () => presentPoint(row) });
    recorded.push(row);
  }
  return recorded;
}

function pointRow(award: PointAward): Omit<PointRow, 'id' | 'revoked_at'> {
  return {
    beta_id: award.betaId,
    tester_id: award.testerId,
    quantity: award.quantity,
    activity: award.activity,
    reason: award.reason ?? null,
    reward_id: award.rewardId ?? null,
    dedupe_key: award.dedupeKey ?? null,
    created_at: award.now,
  };
}

/** Revokes a point: it stays listed with revoked_at but no longer counts. Null when it was already revoked. */
export async function revokePoint(trx: Executor, pointId: number, now: string): Promise<PointRow | null> {
  const row = await markRevoked(trx, { id: pointId }, now);
  if (row) await addToTesterPoints(trx, row, -row.quantity, 'points_revoked', now);
  return row;
}

/**
 * Revokes the tester's point recorded under `dedupeKey` (raising point_revoked) without moving the
 * tester's points, for a caller that takes them off in a write of the tester it makes anyway (a
 * reversed referral). Null when there is none, or it was revoked already.
 */
export function revokeKeyedPoint(trx: Executor, testerId: number, dedupeKey: string, now: string): Promise<PointRow | null> {
  return markRevoked(trx, { testerId, dedupeKey }, now);
}

async function markRevoked(trx: Executor, point: { id: number } | { testerId: number; dedupeKey: string }, now: string): Promise<PointRow | null> {
  let query = trx.updateTable('points').set({ revoked_at: now }).where('revoked_at', 'is', null);
  query = 'id' in point ? query.where('id', '=', point.id) : query.where('tester_id', '=', point.testerId).where('dedupe_key', '=', point.dedupeKey);
  const row = await query.returningAll().executeTakeFirst();
  if (row) await raiseEvent(trx, { betaId: row.beta_id, type: 'point_revoked', now, data: () => presentPoint(row) });
  return row ?? null;
}

/** Moves the tester's `points` (which orders a points waitlist; the waitlist's triggers follow), a move of the tester's. */
async function addToTesterPoints(trx: Executor, point: PointRow, delta: number, cause: 'points_awarded' | 'points_revoked', at: string): Promise<void> {
  const tester = await trx
    .updateTable('testers')
    .set((eb) => ({ points: eb('points', '+', delta) }))
    .where('id', '=', point.tester_id)
    .returning(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
    .executeTakeFirstOrThrow();
  recordMoves(trx, point.beta_id, [{ tester, cause, sourceId: point.id }], at);
}
