// CSV imports of testers (docs/import.md): the import's record and report, the file it reads kept
// in the database in chunks while it runs (so a restarted process resumes it from its cursor), and
// the referrers named by a later line of the file, resolved once every line is in.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // receiving (the upload is under way), queued, running, completed, failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('send_emails', 'integer', (c) => c.notNull())
    // JSON: the header's columns and the field each maps to, fixed when the file was received.
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    // The report: counts, and the first errors and warnings (JSON arrays of {line, message}).
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referrals_linked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('warnings_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    // Where the job resumes: the chunk and character after the last line of the last committed batch
    // (0, 0, line 1: at the header).
    .addColumn('cursor_chunk', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor_line', 'integer', (c) => c.notNull().defaultTo(1))
    // rows, then referrers (the forward references), then done
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo('rows'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('imports_beta_id').on('imports').columns(['beta_id', 'id']).execute();

  await db.schema
    .createTable('import_chunks')
    .addColumn('import_id', ref, (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_chunks_pkey', ['import_id', 'seq'])
    .execute();

  await db.schema
    .createTable('import_referrers')
    .addColumn('import_id', ref, (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_referrers_pkey', ['import_id', 'tester_id'])
    .execute();
}
