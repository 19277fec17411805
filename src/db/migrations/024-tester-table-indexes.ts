// The console's tester table (docs/decisions.md, "Owner console"): sorting a beta's testers by
// points reads the first in order, a page at a time, whatever the beta's size (by referrals, the
// same shape of index migration 023 made for the dashboard, testers_stats_referrals);
// the fraud and group filters read partial indexes of the flagged testers and of those with a group,
// which cost a signup nothing unless it is flagged or given a group. Sorting by position reads the
// standings' set in memory, by join order the (beta_id, hidden, id) index of migration 001: neither
// needs one here.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.createIndex('testers_beta_id_hidden_points').on('testers').columns(['beta_id', 'hidden', 'points', 'id']).execute();
  // Testers with at least one group, for the group filter: a signup without groups does not write it.
  await db.schema.createIndex('testers_grouped').on('testers').columns(['beta_id', 'hidden', 'id']).where(sql.ref('groups'), '<>', sql.lit('')).execute();
  await db.schema.createIndex('testers_fraud_flagged').on('testers').columns(['beta_id', 'hidden', 'id']).where(sql.ref('fraud_flags'), 'is not', null).execute();
  // Statistics for the new indexes at once (sampled, as the connection's PRAGMA optimize does), these
  // and 023's: without them SQLite's planner takes a new (beta_id, hidden, …) index to match a few
  // rows and picks it over (beta_id, hidden, id) for every filter in id order, then sorts the beta.
  if (dialect === 'sqlite') {
    await sql`PRAGMA analysis_limit = 1000`.execute(db);
    await sql`ANALYZE testers`.execute(db);
  }
}
