// Bulk actions on groups and deletions (modules/bulk-actions): adding the selected testers to a
// group, or removing them from it, needs the group's name for the job's whole run (it resumes after
// a restart from the row alone). Those actions and a deletion ask no status: their target_status
// is '' (the column stays NOT NULL, which SQLite cannot change in place).
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('bulk_actions').addColumn('group_name', 'text').execute();
}
