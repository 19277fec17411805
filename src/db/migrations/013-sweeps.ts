// For the background sweeps (docs/decisions.md, "Log retention"): the index the sweep of old
// confirmation links reads, which would otherwise scan every link for the few past the retention;
// and the leases that let one process at a time run each sweep (src/jobs/leases.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Links written before the retention's cutoff: a range of this index, oldest first.
  await db.schema.createIndex('email_confirmations_created_at').on('email_confirmations').column('created_at').execute();

  // One row per lease while it is held: who holds it and until when, unless renewed.
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
}
