// Indexes for a beta's dashboard (modules/stats/beta-stats.ts; docs/decisions.md, "Beta dashboard"):
// each figure over a beta's testers is a range or a walk of one of these, read from the index alone,
// so a beta of 1,000,000 testers answers in well under a second without an aggregate the signup
// path would have to keep.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Signups per day, direct or referred: a count over a range of created_at.
  await db.schema.createIndex('testers_stats_signups').on('testers').columns(['beta_id', 'hidden', 'created_at', 'referrer_id']).execute();
  // Top countries and sources: groups in the index's order, no sort of the rows.
  await db.schema.createIndex('testers_stats_country').on('testers').columns(['beta_id', 'hidden', 'country']).execute();
  await db.schema.createIndex('testers_stats_source').on('testers').columns(['beta_id', 'hidden', 'utm_source']).execute();
  // Top referrers: the first entries from the top of the referral counts.
  await db.schema.createIndex('testers_stats_referrals').on('testers').columns(['beta_id', 'hidden', 'share_signups_count', 'id']).execute();
  // The failure rate of a beta's endpoints over a range.
  await db.schema.createIndex('webhook_deliveries_endpoint_id_created_at').on('webhook_deliveries').columns(['endpoint_id', 'created_at', 'status']).execute();
}
