// Migrations: one ordered set of TypeScript modules for both dialects, applied by Kysely's Migrator.
// Kysely takes a lock while migrating, so several processes starting together apply each once.
import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle, DialectName } from './database.ts';
import * as core from './migrations/001-core.ts';
import * as referralEngine from './migrations/003-referral-engine.ts';
import * as webhooks from './migrations/004-webhooks.ts';
import * as emails from './migrations/005-emails.ts';
import * as waitlistBlocks from './migrations/006-waitlist-blocks.ts';
import * as lateEventBodies from './migrations/009-late-event-bodies.ts';
import * as searchIndexes from './migrations/010-search-indexes.ts';

/** Column types that differ by dialect, handed to each migration. */
export interface MigrationContext {
  dialect: DialectName;
  /** The primary key column: its type and builder. */
  id: { type: 'integer' | 'bigint'; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder };
  /** The type of a column that references another table's id. */
  ref: 'integer' | 'bigint';
}

type MigrationModule = { up(db: Kysely<any>, context: MigrationContext): Promise<void> };

const migrations: Record<string, MigrationModule> = {
  '001-core': core,
  '003-referral-engine': referralEngine,
  '004-webhooks': webhooks,
  '005-emails': emails,
  '006-waitlist-blocks': waitlistBlocks,
  '009-late-event-bodies': lateEventBodies,
  '010-search-indexes': searchIndexes,
};

/** Every migration's name, in the order they apply. */
export const migrationNames: readonly string[] = Object.keys(migrations);

function contextFor(dialect: DialectName): MigrationContext {
  return dialect === 'sqlite'
    ? { dialect, id: { type: 'integer', build: (c) => c.primaryKey().autoIncrement() }, ref: 'integer' }
    : { dialect, id: { type: 'bigint', build: (c) => c.primaryKey().generatedByDefaultAsIdentity() }, ref: 'bigint' };
}

/** Applies every migration not applied yet; returns the names of those it applied. */
export function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the migrations not applied yet up to `name` (inclusive): a database as an older version
 * left it, so a test can check what a later migration does to existing rows.
 */
export function migrateUpTo(handle: DatabaseHandle, name: string): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateTo(name));
}

async function migrate(handle: DatabaseHandle, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const context = contextFor(handle.dialect);
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      async getMigrations() {
        const bound: Record<string, Migration> = {};
        for (const [name, module] of Object.entries(migrations)) {
          bound[name] = { up: (db) => module.up(db, context) };
        }
        return bound;
      },
    },
  });
  const { error, results } = await run(migrator);
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database answers a trivial query (used by /readyz). */
export async function isReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}
