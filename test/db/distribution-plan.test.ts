// docs/architecture.md, "Past one database server: Citus", against the schema the migrations make:
// every table placed, every table distributed by beta_id (or company_id) holding that column or
// reaching it through a named parent, no table with beta_id left undistributed, and the unique
// keys that Citus would refuse exactly those the section lists with their replacements.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createTestDatabase, dialect } from '../support/context.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const SECTION = '## Past one database server: Citus';

interface Placement {
  table: string;
  placement: 'distributed' | 'reference' | 'local' | 'SQLite only';
  key: string | null;
  /** For a table that reaches its key through its parent: the column and the parent it names. */
  through: { column: string; parent: string } | null;
  toAdd: boolean;
}

/** The rows of the first markdown table after `header` in the section. */
function tableRows(section: string, header: string): string[][] {
  const start = section.indexOf(header);
  assert.notEqual(start, -1, `the section has a table headed ${header}`);
  const rows: string[][] = [];
  for (const line of section.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split('|').map((cell) => cell.trim()));
  }
  return rows;
}

const unquoted = (cell: string) => cell.replace(/`/g, '');

function readPlan(): { placements: Map<string, Placement>; refusedKeys: Set<string> } {
  const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
  const at = doc.indexOf(SECTION);
  assert.notEqual(at, -1, `docs/architecture.md has the section "${SECTION}"`);
  const section = doc.slice(at, doc.indexOf('\n## ', at + SECTION.length) === -1 ? undefined : doc.indexOf('\n## ', at + SECTION.length));
  const placements = new Map<string, Placement>();
  for (const [table, placement, key, today] of tableRows(section, '| table | placement | key | today |')) {
    const through = /through `(\w+)` → `(\w+)`/.exec(today ?? '');
    placements.set(unquoted(table!), {
      table: unquoted(table!),
      placement: placement as Placement['placement'],
      key: key ? unquoted(key) : null,
      through: through ? { column: through[1]!, parent: through[2]! } : null,
      toAdd: (today ?? '').startsWith('to add'),
    });
  }
  const refusedKeys = new Set(tableRows(section, '| unique key | why it is global today | on Citus |').map(([key]) => keyName(unquoted(key!))));
  return { placements, refusedKeys };
}

/** `table (a, b)`, the way the section writes a key. */
function keyName(text: string): string {
  const match = /^(\w+) \(([\w, ]+)\)$/.exec(text);
  assert.ok(match, `a unique key is written "table (column, …)": ${text}`);
  return `${match[1]} (${match[2]!.split(',').map((c) => c.trim()).join(', ')})`;
}

interface Schema {
  columns: Map<string, Set<string>>;
  /** Foreign keys: table → column → referenced table. */
  foreignKeys: Map<string, Map<string, string>>;
  /** Unique keys (primary keys included), each as its columns in order. */
  uniqueKeys: Map<string, string[][]>;
}

async function readSchema(handle: DatabaseHandle): Promise<Schema> {
  const db = handle.db;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const columns = new Map(tables.filter((t) => !t.isView && !t.name.startsWith('sqlite_')).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
  const foreignKeys = new Map<string, Map<string, string>>();
  const uniqueKeys = new Map<string, string[][]>();
  const addKey = (table: string, key: string[]) => {
    const keys = uniqueKeys.get(table) ?? [];
    if (!keys.some((k) => k.join() === key.join())) keys.push(key);
    uniqueKeys.set(table, keys);
  };
  if (handle.dialect === 'postgres') {
    const fks = await sql<{ table: string; column: string; parent: string }>`
      SELECT c.conrelid::regclass::text AS table, a.attname AS column, c.confrelid::regclass::text AS parent
      FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`.execute(db);
    for (const fk of fks.rows) foreignKeys.set(fk.table, (foreignKeys.get(fk.table) ?? new Map()).set(fk.column, fk.parent));
    const keys = await sql<{ table: string; columns: string[] }>`
      SELECT t.relname AS table, array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS columns
      FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid
      WHERE ix.indisunique AND t.relnamespace = 'public'::regnamespace`.execute(db);
    for (const key of keys.rows) addKey(key.table, key.columns);
  } else {
    for (const table of columns.keys()) {
      const fks = await sql<{ from: string; table: string }>`SELECT "from", "table" FROM pragma_foreign_key_list(${table})`.execute(db);
      for (const fk of fks.rows) foreignKeys.set(table, (foreignKeys.get(table) ?? new Map()).set(fk.from, fk.table));
      const primary = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(db);
      if (primary.rows.length > 0) addKey(table, primary.rows.map((c) => c.name));
      const indexes = await sql<{ name: string }>`SELECT name FROM pragma_index_list(${table}) WHERE "unique" = 1`.execute(db);
      for (const index of indexes.rows) {
        const indexed = await sql<{ name: string }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
        addKey(table, indexed.rows.map((c) => c.name));
      }
    }
  }
  return { columns, foreignKeys, uniqueKeys };
}

describe('the Citus plan in docs/architecture.md', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let schema: Schema;
  const { placements, refusedKeys } = readPlan();

  before(async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    await migrateToLatest(handle);
    schema = await readSchema(handle);
  });
  after(async () => {
    await handle?.close();
    await database?.drop();
  });

  test('places every table the migrations make, and only those', () => {
    const expected = [...placements.values()].filter((p) => dialect === 'sqlite' || p.placement !== 'SQLite only').map((p) => p.table);
    const unplaced = [...schema.columns.keys()].filter((table) => !placements.has(table));
    assert.deepEqual(unplaced, [], 'tables the section does not place: add each to its table, with its distribution key');
    assert.deepEqual(expected.filter((table) => !schema.columns.has(table)), [], 'tables the section places that the schema does not have');
  });

  test('every distributed table has its key, or reaches it through the parent the section names', () => {
    for (const plan of placements.values()) {
      if (plan.placement !== 'distributed') continue;
      assert.ok(plan.key === 'beta_id' || plan.key === 'company_id', `${plan.table}: distributed by beta_id or company_id, not ${plan.key}`);
      const has = schema.columns.get(plan.table)!.has(plan.key!);
      if (!plan.toAdd) {
        assert.ok(has, `${plan.table} is distributed by ${plan.key} but has no such column`);
        continue;
      }
      assert.ok(!has, `${plan.table} has ${plan.key} now: say so in the section ("has it")`);
      if (!plan.through) continue;
      assert.equal(schema.foreignKeys.get(plan.table)?.get(plan.through.column), plan.through.parent, `${plan.table}.${plan.through.column} references ${plan.through.parent}`);
      const parent = placements.get(plan.through.parent);
      assert.ok(parent && parent.placement === 'distributed' && parent.key === plan.key && !parent.toAdd, `${plan.table}'s parent ${plan.through.parent} is distributed by ${plan.key} and has it`);
    }
  });

  test('a table holding beta_id is a tenant table: it is distributed, never a reference or local table', () => {
    for (const [table, columns] of schema.columns) {
      if (!columns.has('beta_id')) continue;
      const plan = placements.get(table)!;
      assert.equal(plan.placement, 'distributed', `${table} holds beta_id: distribute it by beta_id`);
      assert.equal(plan.key, 'beta_id', `${table} holds beta_id: distribute it by beta_id, with its beta's other rows`);
    }
  });

  test('the unique keys without the distribution column are exactly those the section replaces', () => {
    const refused = new Set<string>();
    for (const plan of placements.values()) {
      if (plan.placement !== 'distributed' || !schema.columns.has(plan.table)) continue;
      for (const key of schema.uniqueKeys.get(plan.table) ?? []) {
        // A lone id is the primary key every distributed table widens to (key, id), as the section says.
        if (key.includes(plan.key!) || key.join() === 'id') continue;
        refused.add(`${plan.table} (${key.join(', ')})`);
      }
    }
    assert.deepEqual([...refused].sort(), [...refusedKeys].sort());
  });
});
