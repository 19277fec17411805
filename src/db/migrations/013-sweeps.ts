// For the background sweeps (docs/decisions.md, "Log retention"): the index the sweep of old
// confirmation links reads, which would otherwise scan every link for the few past the retention.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Links written before the retention's cutoff: a range of this index, oldest first.
  await db.schema.createIndex('email_confirmations_created_at').on('email_confirmations').column('created_at').execute();
}
