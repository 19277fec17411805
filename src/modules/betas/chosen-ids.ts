// Betas and questions created with an id the owner chose: the ids of the service they leave, which
// their clients have written down (docs/import.md, "Keeping the original ids"). An id in use is
// refused alike whichever company has it, and later ordinary inserts stay clear of the chosen id.
import { sql } from 'kysely';
import { Errors } from '../../primitives/errors.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';

/** The tables whose rows may be created with a chosen id. */
type ChosenIdTable = 'betas' | 'questions';

/**
 * Runs `insert` (which writes `id` when one is chosen) and answers its row. A chosen id runs in a
 * transaction with the move of the table's sequence past it; one in use is the caller's error, told
 * without a word of who has it (no company learns another's ids).
 */
export async function insertWithChosenId<Row>(
  db: Db,
  dialect: DialectName,
  table: ChosenIdTable,
  id: number | undefined,
  insert: (executor: Executor) => Promise<Row>,
): Promise<Row> {
  if (id === undefined) return insert(db);
  try {
    return await inTransaction(db, async (trx) => {
      const row = await insert(trx);
      await keepSequencePast(trx, dialect, table, id);
      return row;
    });
  } catch (error) {
    const taken = uniqueViolation(error);
    if (taken === `${table}.id` || taken === `${table}_pkey`) throw Errors.betasGeneral(`id ${id} is taken: choose another, or leave id out for a new one`);
    throw error;
  }
}

/**
 * Moves the table's id sequence past `id`, just inserted by choice. A PostgreSQL identity column
 * does not notice an explicit id, so a later ordinary insert would draw it and collide. The
 * sequence only moves forward: it may be ahead already, through ids drawn by inserts not yet
 * committed. SQLite's AUTOINCREMENT moves past the largest id by itself.
 */
async function keepSequencePast(executor: Executor, dialect: DialectName, table: ChosenIdTable, id: number): Promise<void> {
  if (dialect !== 'postgres') return;
  const sequence = sql`pg_get_serial_sequence(${table}, 'id')`;
  await sql`select setval(${sequence}, greatest(${id}::bigint, coalesce(pg_sequence_last_value(${sequence}::regclass), 0)))`.execute(executor);
}
