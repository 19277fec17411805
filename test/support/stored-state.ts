// A cheap fingerprint of everything stored, for asserting that a request changed nothing: per
// table its row count, its largest id and the latest value of each timestamp column (`…_at`), in
// one query. Inserts and deletes change a count or an id; an update sets some `…_at` column from
// the clock, so a test that moves its clock a millisecond before each request sees any update
// that records when it happened.
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.ts';

export type Fingerprint = Record<string, string>;

/** The columns never compared: authentication notes when a key was last used. */
const IGNORED = new Set(['api_keys.last_used_at']);

/**
 * The tables never compared: the standing feed and the dashboard's rollups with their queue of
 * changes follow changes of the tables compared here (triggers write them in their transactions)
 * and are pruned or folded in the background, or by a stats read; the launch panel's minutes count
 * every request, refused ones too, and are flushed in the background or by a stats read: they move
 * while a request that changes nothing runs.
 */
const IGNORED_TABLES = new Set(['tester_changes', 'tester_rollups', 'tester_rollup_changes', 'launch_figures']);

export async function storedStateFingerprint(database: DatabaseHandle): Promise<() => Promise<Fingerprint>> {
  const db = database.db as unknown as Kysely<any>;
  const tables = (await db.introspection.getTables()).filter((table) => !table.name.startsWith('kysely_') && !IGNORED_TABLES.has(table.name));
  const columns: string[] = [];
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const quoted = `"${table.name}"`;
    const parts = [`count(*)`];
    for (const column of table.columns) {
      if (IGNORED.has(`${table.name}.${column.name}`)) continue;
      if (column.name === 'id' || column.name.endsWith('_at')) parts.push(`max("${column.name}")`);
    }
    // One text per table; both databases concatenate with ||.
    const text = parts.map((part) => `coalesce(cast(${part} as text), '-')`).join(` || '|' || `);
    columns.push(`(select ${text} from ${quoted}) as ${quoted}`);
  }
  const query = sql.raw<Fingerprint>(`select ${columns.join(', ')}`);
  return async () => (await query.execute(db)).rows[0];
}

/** The tables whose fingerprint differs, with both values, or [] when none does. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
