// The beta's counters (testers_count and one per status) move in the same transaction as the
// tester they count, so they stay exact under any concurrency. Hidden testers are not counted.
import { sql } from 'kysely';
import { forUpdate, type DialectName, type Executor } from '../../db/database.ts';
import { statusCounter, type TesterStatus } from '../testers/tester-status.ts';

/**
 * Takes the beta's row lock before any of its testers' rows (PostgreSQL; SQLite's transactions are
 * serial anyway). The waitlist blocks' triggers (migration 006) lock the beta's row before writing,
 * and a signup updates its referrer's row after: a transaction that locked a tester first and
 * reached the beta second could deadlock with it. Every transaction that may change a tester takes
 * the beta first, so the order is the same everywhere: company (plan limit), beta, testers, blocks.
 */
export async function lockBeta(trx: Executor, dialect: DialectName, betaId: number): Promise<void> {
  await forUpdate(dialect, trx.selectFrom('betas').select('id').where('id', '=', betaId)).execute();
}

/** `count` testers entered (`from` null), left (`to` null) or changed status in the beta. */
export async function moveTesterCount(
  trx: Executor,
  betaId: number,
  change: { from: TesterStatus | null; to: TesterStatus | null },
  count = 1,
): Promise<void> {
  if (change.from === change.to || count === 0) return;
  const deltas = new Map<string, number>();
  const add = (column: string, delta: number) => deltas.set(column, (deltas.get(column) ?? 0) + delta);
  if (change.from === null) add('testers_count', count);
  else add(statusCounter(change.from), -count);
  if (change.to === null) add('testers_count', -count);
  else add(statusCounter(change.to), count);
  const assignments = [...deltas].map(([column, delta]) => sql`${sql.ref(column)} = ${sql.ref(column)} + ${delta}`);
  await sql`update betas set ${sql.join(assignments)} where id = ${betaId}`.execute(trx);
}

/** Adds to any of the beta's plain counters (share_signups_count, share_clicks_count, …). */
export async function addToBetaCounter(
  trx: Executor,
  betaId: number,
  column: 'share_signups_count' | 'share_clicks_count' | 'impressions_count',
  delta: number,
): Promise<void> {
  await trx
    .updateTable('betas')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', betaId)
    .execute();
}
