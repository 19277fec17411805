// Fraud review (modules/fraud/fraud-review.ts): the owner's decision on a flagged tester, approve
// or reject, recorded with who took it (a member or an API key) and when. The tester's row says
// whether it has been decided (fraud_decision), so the queue of flagged testers still undecided is
// read from a partial index however many testers the beta has.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('fraud_decisions')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    // approve, reject
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('member_id', ref, (c) => c.references('members.id').onDelete('set null'))
    .addColumn('api_key_id', ref, (c) => c.references('api_keys.id').onDelete('set null'))
    // Kept when the member or key is deleted: the log still says who it was.
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fraud_decisions_beta_id').on('fraud_decisions').columns(['beta_id', 'id']).execute();
  await db.schema.createIndex('fraud_decisions_tester_id').on('fraud_decisions').column('tester_id').execute();

  await db.schema.alterTable('testers').addColumn('fraud_decision', 'text').execute();
  await db.schema
    .createIndex('testers_fraud_queue')
    .on('testers')
    .columns(['beta_id', 'id'])
    .where(sql.ref('fraud_flags'), 'is not', null)
    .where(sql.ref('fraud_decision'), 'is', null)
    .execute();
}
