// Every row of every table, to prove that a refused request stored nothing.
import type { Kysely } from 'kysely';
import type { TestContext } from './context.ts';

export type StoredRows = Record<string, string[]>;

/**
 * The service's tables (the migrator's own left out), in name order. tester_changes, the standings'
 * feed, is pruned by age in the background (by the wall clock, under no request): a slow run
 * outlives its first rows. What a refused request must not write there shows in the testers table
 * it follows.
 */
export async function tableNames(ctx: TestContext): Promise<string[]> {
  const db = ctx.database.db as unknown as Kysely<any>;
  return (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_') && name !== 'tester_changes')
    .sort();
}

/** Each table's rows as JSON text, sorted (api_keys.last_used_at aside: authentication may touch it). */
export async function storedRows(ctx: TestContext, tables: string[]): Promise<StoredRows> {
  const db = ctx.database.db as unknown as Kysely<any>;
  const result: StoredRows = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    result[table] = rows
      .map((row) => {
        if (table !== 'api_keys') return JSON.stringify(row);
        const { last_used_at: _used, ...rest } = row;
        return JSON.stringify(rest);
      })
      .sort();
  }
  return result;
}
