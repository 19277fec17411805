// A credited referral the owner takes back (modules/referrals, reverseReferral): the referred
// tester's row says when, its referral_credited_at is cleared, and it is never credited again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('testers').addColumn('referral_reversed_at', 'text').execute();
}
