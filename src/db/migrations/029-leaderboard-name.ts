// A tester's public name on the beta's leaderboard and status page (leaderboard_name): chosen by
// the tester or set by the owner, null for none (the masked address is shown then). Nullable, no
// default to fill: adding it rewrites no row on either database.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('testers').addColumn('leaderboard_name', 'text').execute();
}
