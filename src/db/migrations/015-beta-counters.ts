// A beta's counters move off its row (docs/decisions.md, "Counters off the beta's row"): every
// change of a tester wrote the beta's row, so on PostgreSQL a beta's changes committed one after
// another behind that row's lock. They now live in beta_counters, several rows ("slots") per beta
// that a reader adds up; a command adds to one slot, picked at random, as its last statement.
// Existing counts move into slot 0, and the columns leave betas.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The counters as migration 001 made them on betas; spelled out here, as a migration must not change with later code. */
const COUNTERS = [
  'testers_count',
  'impressions_count',
  'share_clicks_count',
  'share_signups_count',
  'imported_testers_count',
  'unconfirmed_testers_count',
  'applied_testers_count',
  'invited_testers_count',
  'active_testers_count',
  'rejected_testers_count',
  'suspended_testers_count',
  'idle_testers_count',
] as const;

export async function up(db: Kysely<any>, { ref }: MigrationContext): Promise<void> {
  let table = db.schema
    .createTable('beta_counters')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull());
  for (const counter of COUNTERS) table = table.addColumn(counter, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.addPrimaryKeyConstraint('beta_counters_pkey', ['beta_id', 'slot']).execute();

  const columns = sql.join(COUNTERS.map((counter) => sql.ref(counter)));
  await sql`insert into beta_counters (beta_id, slot, ${columns}) select id, 0, ${columns} from betas`.execute(db);
  for (const counter of COUNTERS) await db.schema.alterTable('betas').dropColumn(counter).execute();
}
