// Clusters of the fraud queue (modules/fraud/fraud-clusters.ts): partial indexes as small as the
// queue, one by signup IP (networks and devices), one by referrer, each holding what the grouping
// reads so that counting a cluster reads no tester row. PostgreSQL's leaves out the user agent: up
// to 2,048 characters, past what one of its index entries holds.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  const queued = (columns: string[], name: string) =>
    db.schema.createIndex(name).on('testers').columns(columns).where(sql.ref('fraud_flags'), 'is not', null).where(sql.ref('fraud_decision'), 'is', null).execute();
  await queued(dialect === 'sqlite' ? ['beta_id', 'signup_ip', 'signup_user_agent', 'hidden'] : ['beta_id', 'signup_ip', 'hidden'], 'testers_fraud_clusters');
  await queued(['beta_id', 'referrer_id', 'hidden'], 'testers_fraud_referrers');
}
