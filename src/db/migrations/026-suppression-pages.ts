// The suppressions list pages a beta's addresses by id: without (beta_id, id) every page of a big
// list sorted all of the beta's suppressions first (100,000 of them: 0.8 s on SQLite).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('suppressions_beta_id_id').on('suppressions').columns(['beta_id', 'id']).execute();
}
