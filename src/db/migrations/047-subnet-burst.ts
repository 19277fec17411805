// The subnet burst fraud signal (modules/fraud/fraud-signals.ts): a signup's network, its IPv4 /24
// or IPv6 /48, kept on the tester so that the signups of the last hour from it are one bounded
// range of an index. Partial: a signup without an address (most API creates) writes no entry.
// Testers signed up before this migration have none; an hour later that no longer matters.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('testers').addColumn('signup_subnet', 'text').execute();
  await db.schema
    .createIndex('testers_signup_subnet')
    .on('testers')
    .columns(['beta_id', 'signup_subnet', 'created_at'])
    .where(sql.ref('signup_subnet'), 'is not', null)
    .execute();
}
