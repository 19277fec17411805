// The launch panel's figures (modules/stats/launch-figures.ts): per beta and minute, what each
// process counted in memory (signups, refusals by reason, a latency histogram's buckets), added
// into one row per figure every few seconds. Rows older than the panel's hour are pruned.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('launch_figures')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // The minute's start, stored time (YYYY-MM-DDTHH:MM:00.000Z).
    .addColumn('minute', 'text', (c) => c.notNull())
    // signups, refused:<reason> or latency:<bucket>
    .addColumn('figure', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('launch_figures_pkey', ['beta_id', 'minute', 'figure'])
    .execute();
  await db.schema.createIndex('launch_figures_age').on('launch_figures').column('minute').execute();
}
