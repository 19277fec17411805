// SQLite's search index takes new testers after their commit, in batches (src/db/engine/search-folding.ts),
// instead of from an insert trigger in every signup's transaction: FTS5 wrote a segment per signup
// and slowed the statements after it (docs/decisions.md, "Search"). The watermark table says which
// testers the index holds: every id up to `upto`. Those already there were indexed by the trigger.
// The delete and update triggers now touch the index only for testers it holds (removing a tester
// it never took would corrupt an external-content FTS5 index). PostgreSQL: nothing to change.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

const COLUMNS = ['email_normalized', 'name_search'] as const;

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') return;
  await sql`CREATE TABLE testers_search_folded (upto integer NOT NULL)`.execute(db);
  await sql`INSERT INTO testers_search_folded (upto) SELECT coalesce(max(id), 0) FROM testers`.execute(db);
  await sql`DROP TRIGGER testers_search_insert`.execute(db);
  await sql`DROP TRIGGER testers_search_delete`.execute(db);
  await sql`DROP TRIGGER testers_search_update`.execute(db);

  const columns = COLUMNS.join(', ');
  const values = (row: string) => COLUMNS.map((column) => `${row}.${column}`).join(', ');
  const held = 'OLD.id <= (SELECT upto FROM testers_search_folded)';
  const remove = `INSERT INTO testers_search (testers_search, rowid, ${columns}) VALUES ('delete', OLD.id, ${values('OLD')});`;
  const add = `INSERT INTO testers_search (rowid, ${columns}) VALUES (NEW.id, ${values('NEW')});`;
  const changed = COLUMNS.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  await sql.raw(`CREATE TRIGGER testers_search_delete AFTER DELETE ON testers FOR EACH ROW WHEN ${held} BEGIN ${remove} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER testers_search_update AFTER UPDATE OF ${columns} ON testers FOR EACH ROW WHEN (${changed}) AND ${held} BEGIN ${remove} ${add} END`)
    .execute(db);
}
