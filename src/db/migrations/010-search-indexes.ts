// Indexes for the list filters that match a fragment anywhere in a tester's e-mail or name
// (docs/decisions.md, "Search"): a LIKE '%…%' can use no b-tree, so a big beta was scanned whole.
// Both serve fragments of three characters or more and find exactly the rows the LIKE finds.
//
// PostgreSQL: pg_trgm GIN indexes, which the planner uses for LIKE by itself. Where the extension
// cannot be created (a managed database without the right), the migration goes on without them and
// warns: the filters then scan as before, slower but exact.
//
// SQLite: an FTS5 table with the trigram tokenizer (SQLite ≥ 3.34, bundled with better-sqlite3),
// reading its text from testers (external content) and kept in step by triggers, which the list
// asks instead of the LIKE (database.ts, testerTextContains).
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The searched columns of testers: each gets its index. */
const COLUMNS = ['email_normalized', 'name_search'] as const;

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    const refused = await createTrigramExtension(db);
    if (refused) {
      process.emitWarning(
        `pg_trgm could not be created (${refused}): the tester list's e-mail and name filters will scan the beta. docs/decisions.md, "Search", says how to add their indexes later.`,
        { code: 'PRELAUNCH_NO_PG_TRGM' },
      );
      return;
    }
    for (const column of COLUMNS) {
      await sql.raw(`CREATE INDEX testers_${column}_trgm ON testers USING gin (${column} gin_trgm_ops)`).execute(db);
    }
    return;
  }

  const columns = COLUMNS.join(', ');
  const values = (row: string) => COLUMNS.map((column) => `${row}.${column}`).join(', ');
  // detail=full (the default) keeps positions: a fragment matches where its trigrams follow each
  // other, as a substring does, not wherever they all occur. Case-sensitive: the columns and the
  // fragments are lower-cased by the code; folding again (ſ as s) would find more than the LIKE.
  await sql
    .raw(`CREATE VIRTUAL TABLE testers_search USING fts5(${columns}, content='testers', content_rowid='id', tokenize='trigram case_sensitive 1')`)
    .execute(db);
  // External content: removing a row from the index takes the values it was indexed with.
  const remove = `INSERT INTO testers_search (testers_search, rowid, ${columns}) VALUES ('delete', OLD.id, ${values('OLD')});`;
  const add = `INSERT INTO testers_search (rowid, ${columns}) VALUES (NEW.id, ${values('NEW')});`;
  // Only updates that change a searched column: counters and points move far more often.
  const changed = COLUMNS.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER testers_search_insert AFTER INSERT ON testers FOR EACH ROW BEGIN ${add} END`).execute(db);
  await sql.raw(`CREATE TRIGGER testers_search_delete AFTER DELETE ON testers FOR EACH ROW BEGIN ${remove} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER testers_search_update AFTER UPDATE OF ${columns} ON testers FOR EACH ROW WHEN ${changed} BEGIN ${remove} ${add} END`)
    .execute(db);
  // The testers already there.
  await sql.raw(`INSERT INTO testers_search (testers_search) VALUES ('rebuild')`).execute(db);
}

/**
 * Creates pg_trgm unless it is there; the server's reason when it refuses (no privilege, extension
 * not installed). Inside a savepoint: the migration runs in a transaction, which a failed statement
 * would otherwise abort.
 */
async function createTrigramExtension(db: Kysely<any>): Promise<string | null> {
  await sql`SAVEPOINT search_pg_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`RELEASE SAVEPOINT search_pg_trgm`.execute(db);
    return null;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT search_pg_trgm`.execute(db);
    return error instanceof Error ? error.message : String(error);
  }
}
