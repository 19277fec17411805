// Outbox jobs name the process that holds them (src/jobs/holders.ts), as sweep leases do: a
// process starting on the same host takes back at once the jobs of one that is gone, instead of
// leaving them until their lease runs out. No index: only that start reads the column across the
// table, once, and the claims that write it stay cheap.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_jobs').addColumn('locked_by', 'text').execute();
}
