// Fraud rules tried on the past (modules/fraud/fraud-simulation.ts): an owner's proposed fraud and
// signup settings replayed over a beta's testers by a background job, changing nothing. The row
// holds the settings tried, the job's progress and, once done, what each rule would have done.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('fraud_simulations')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // JSON: the settings tried (those proposed over the beta's own) and what orders its waitlist.
    .addColumn('settings', 'text', (c) => c.notNull())
    // running, completed or failed
    .addColumn('status', 'text', (c) => c.notNull())
    // The testers the replay covers (ids up to max_tester_id, fixed at creation), how many it has read,
    // and how many of those it checked as signups (imported testers never were).
    .addColumn('max_tester_id', ref, (c) => c.notNull())
    .addColumn('testers_total', 'integer', (c) => c.notNull())
    .addColumn('testers_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('testers_checked', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON, once completed: each rule's counts and examples, and the positions that would change.
    .addColumn('result', 'text')
    .addColumn('failure', 'text')
    .addColumn('requested_by_member_id', ref)
    .addColumn('requested_by_key_id', ref)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('fraud_simulations_beta_id').on('fraud_simulations').columns(['beta_id', 'id']).execute();
}
