// A test send of an e-mail template (the console's editor, POST …/email_templates/{occasion}/test)
// is a message like the others — rendered, logged, sent by the outbox or captured — but written
// for a sample tester to an address the member chose, so it has no tester. `test` tells it from a
// message whose tester was deleted since (tester_id cleared), which must not be sent.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('email_messages').addColumn('test', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
