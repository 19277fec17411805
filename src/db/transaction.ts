// One transaction per command, retried when the database says a conflict was transient.
import type { Db, Executor } from './database.ts';
import { isTransient } from './errors.ts';

const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in a transaction. A deadlock, serialization failure or busy SQLite database rolls it
 * back and runs it again (at most five attempts), as does any error `retryAlso` accepts — such as a
 * freshly generated code colliding at insert. `work` must therefore have no effect outside the
 * transaction (DESIGN.md: side effects leave through the outbox).
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Executor) => Promise<T>,
  options: { retryAlso?: (error: unknown) => boolean } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const retryable = isTransient(error) || (options.retryAlso?.(error) ?? false);
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
