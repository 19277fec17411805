// A tester's moves (modules/waitlist/moves.ts): each change of a tester's own standing, with its
// cause and the position right after it. One narrow row per move and one index, for the tester's
// history newest first: a signup and a referral credit write a row each, so the table is kept as
// cheap to insert into as a table can be.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { dialect, id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tester_moves')
    // On SQLite the rowid itself, without AUTOINCREMENT's write of sqlite_sequence on every insert.
    .addColumn('id', id.type, dialect === 'sqlite' ? (c) => c.primaryKey() : id.build)
    // The beta's id, for a plan that shards by it; the tester's row is the tenant check.
    .addColumn('beta_id', ref, (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    // What caused it, by cause: the referred tester, the point, or null.
    .addColumn('source_id', ref)
    // The position before and right after the move (null: off the waitlist).
    .addColumn('position_before', 'integer')
    .addColumn('position', 'integer')
    .addColumn('referrals', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tester_moves_tester').on('tester_moves').columns(['tester_id', 'id']).execute();
}
