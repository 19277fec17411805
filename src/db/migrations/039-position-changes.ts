// Position events without a flood (modules/moves/position-changes.ts): a tester's moves within
// the beta's position_change_interval_minutes are told once. A tester with an open window has one
// row here, saying where the window began and the last cause; the outbox job that closes the window
// deletes it. The moves also name the console member who caused them.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('position_change_windows')
    .addColumn('beta_id', ref, (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    // Where the tester stood when the window opened (null: off the waitlist).
    .addColumn('position_before', 'integer')
    .addColumn('cause', 'text', (c) => c.notNull())
    // The moves noted in it: 1 tells the move that opened it to queue the job that closes it.
    .addColumn('moves', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    // The tester first: a tester's deletion cascades here by tester_id alone.
    .addPrimaryKeyConstraint('position_change_windows_pkey', ['tester_id', 'beta_id'])
    .execute();
  await db.schema.alterTable('tester_moves').addColumn('member_id', ref).execute();
}
