// Deleting old rows (the retention sweeps) a batch at a time: each batch is one short statement,
// a transaction of its own, so no writer waits long for SQLite's single write lock or for
// PostgreSQL's row locks, and a pause between batches lets another process's writer in.
import { setTimeout as sleep } from 'node:timers/promises';

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
