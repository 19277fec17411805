// Deleting old rows (the retention sweeps) a batch at a time: each batch is one short statement,
// a transaction of its own, so no writer waits long for SQLite's single write lock or for
// PostgreSQL's row locks, and a pause between batches lets another process's writer in.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from './executor.ts';
import type { Database } from './types.ts';

/** Rows of the pruned table one statement deletes at most. */
export const PRUNE_BATCH_SIZE = 1000;

/**
 * Between two batches: as long as SQLite's busy handler sleeps between its tries at the lock
 * (100 ms at most), so a process waiting for it gets it rather than finding it taken again.
 */
const PAUSE_MS = 100;

export interface PruneBatch {
  deleted: number;
  /** Nothing older is left to look at: the sweep ends. */
  done: boolean;
}

/** Tables whose old rows go by id, with nothing to look at but the row itself. */
type PrunedById = 'email_messages' | 'email_confirmations' | 'idempotency_keys';

/**
 * One batch of such a sweep: deletes at most PRUNE_BATCH_SIZE of the rows `old` picks; fewer
 * means none is left.
 */
export async function deleteOldest<T extends PrunedById>(
  db: Db,
  table: T,
  old: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Promise<PruneBatch> {
  // Kysely cannot type a query over a table chosen by a type parameter; the caller's filter is typed by it.
  const from = table as PrunedById;
  const where = old as (eb: ExpressionBuilder<Database, PrunedById>) => Expression<SqlBool>;
  const ids = db.selectFrom(from).select('id').where(where).limit(PRUNE_BATCH_SIZE);
  const { numDeletedRows } = await db.deleteFrom(from).where('id', 'in', ids).executeTakeFirst();
  const deleted = Number(numDeletedRows);
  return { deleted, done: deleted < PRUNE_BATCH_SIZE };
}

/** Runs `batch` until it is done or `stop` is signalled; answers how many rows it deleted in all. */
export async function pruneInBatches(batch: () => Promise<PruneBatch>, stop?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    const { deleted, done } = await batch();
    total += deleted;
    if (done) return total;
    await sleep(PAUSE_MS, undefined, { signal: stop }).catch(() => {}); // cut short by `stop`
    if (stop?.aborted) return total;
  }
}
