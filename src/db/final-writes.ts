// A command's final writes: rows it writes just before its commit and that nothing in its
// transaction reads afterwards (its moves, its counters' deltas, its effects row). On PostgreSQL
// they leave as one statement of data-modifying CTEs instead of a round trip each, so a signup
// holds its hot referrer's row lock for fewer round trips; SQLite, in the process, runs them one
// after another. Each must write rows no other of them writes: the CTEs share one snapshot and
// do not see each other's changes.
import { CompiledQuery, SqliteAdapter } from 'kysely';
import type { Executor } from './executor.ts';
import { plannedOnce, withoutPlanOnceMark } from './engine/prepared-statements.ts';

export interface FinalWrite {
  query: CompiledQuery;
  /** Given the rows the write's RETURNING gives, once it has run. */
  returned?: (rows: Record<string, unknown>[]) => void;
}

/** PostgreSQL takes at most 65,535 parameters a statement: a bulk command's writes go in several. */
const MAX_PARAMETERS = 32_767;

/** Runs `writes` in the transaction: on PostgreSQL, as few statements as their parameters allow. */
export async function runFinalWrites(trx: Executor, writes: readonly FinalWrite[]): Promise<void> {
  const together = !(trx.getExecutor().adapter instanceof SqliteAdapter);
  for (const batch of together ? batches(writes) : writes.map((write) => [write])) {
    if (batch.length === 1) {
      const { rows } = await trx.executeQuery(batch[0].query);
      batch[0].returned?.(rows as Record<string, unknown>[]);
      continue;
    }
    const { rows } = await trx.executeQuery(combined(batch));
    for (const [index, write] of batch.entries()) write.returned?.(rows.filter((row) => row.write_index === index).map((row) => row.written));
  }
}

function batches(writes: readonly FinalWrite[]): FinalWrite[][] {
  const all: FinalWrite[][] = [];
  let parameters = Number.POSITIVE_INFINITY;
  for (const write of writes) {
    const count = write.query.parameters.length;
    if (parameters + count > MAX_PARAMETERS) {
      all.push([]);
      parameters = 0;
    }
    all[all.length - 1].push(write);
    parameters += count;
  }
  return all;
}

/**
 * The writes as `with w0 as (…), w1 as (…) select …`: each write's `$n` renumbered past the
 * parameters before it, and the rows of those that return some as JSON, tagged by write. Prepared
 * once per connection when all its parts are: a command's combinations of them are few.
 */
function combined(writes: readonly FinalWrite[]): CompiledQuery<{ write_index: number; written: Record<string, unknown> }> {
  const parameters: unknown[] = [];
  const parts: string[] = [];
  const returning: string[] = [];
  writes.forEach((write, index) => {
    const text = withoutPlanOnceMark(write.query.sql);
    // Renumbering `$n` is only sound where no literal could hold one: the project's statements pass every value as a parameter.
    if (text.includes("'")) throw new Error(`A final write passes its values as parameters, not literals: ${text.slice(0, 80)}`);
    const offset = parameters.length;
    parts.push(`w${index} as (${text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`);
    parameters.push(...write.query.parameters);
    if (write.returned) returning.push(`select ${index} as write_index, to_jsonb(w${index}) as written from w${index}`);
  });
  const text = `with ${parts.join(', ')} ${returning.length > 0 ? returning.join(' union all ') : 'select null'}`;
  const planned = writes.every((write) => withoutPlanOnceMark(write.query.sql) !== write.query.sql);
  return CompiledQuery.raw(planned ? plannedOnce(text) : text, parameters);
}
