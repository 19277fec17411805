// Tester events whose body is rendered right after the change commits rather than inside its
// transaction (docs/decisions.md, "Events"): until then the event names the tester to render and
// its payload is empty, so a worker finding it so (the process stopped in between) renders it.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  // No foreign key: the tester may be deleted before the body is rendered; then there is none.
  await db.schema.alterTable('webhook_events').addColumn('render_tester_id', ref).execute();
}
