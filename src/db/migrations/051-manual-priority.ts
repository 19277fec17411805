// An owner places a tester by hand (docs/waitlist.md, "The order"): a manual priority that ranks
// before the counts. Adding the column with a constant default rewrites no row on either database
// (SQLite stores the default in the schema, PostgreSQL 11+ in the catalogue). The standing feed
// learns of a change of priority as of the other placing columns, and records the old priority
// with the others, where a reader finds the tester's entry. The insert trigger stays as it was: a
// new tester's priority is 0, and a signup pays nothing for the column. A partial index holds the
// few testers with a priority: "the highest priority" is read from it, and a signup (priority 0)
// writes no entry in it. The API keys whose requests moved a tester are named in its moves. A
// snapshot, as every migration is: the columns and conditions are written here, not imported.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The columns that place a tester on the waitlist or in a sort set (as in migration 038), and now its priority. */
const PLACING_COLUMNS = ['status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'] as const;

const visible = (row: string) => `${row}.hidden = 0`;

export async function up(db: Kysely<any>, { dialect, ref }: MigrationContext): Promise<void> {
  await db.schema.alterTable('testers').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tester_changes').addColumn('old_priority', 'integer').execute();
  await db.schema.alterTable('tester_moves').addColumn('api_key_id', ref).execute();
  await db.schema
    .createIndex('testers_priority')
    .on('testers')
    .columns(['beta_id', 'priority'])
    .where(sql<boolean>`priority > 0`)
    .execute();

  const distinct = (column: string) => (dialect === 'sqlite' ? `OLD.${column} IS NOT NEW.${column}` : `OLD.${column} IS DISTINCT FROM NEW.${column}`);
  const updateWhen = `(${visible('OLD')} OR ${visible('NEW')}) AND (${PLACING_COLUMNS.map(distinct).join(' OR ')})`;
  const updateOf = `AFTER UPDATE OF ${PLACING_COLUMNS.join(', ')} ON testers FOR EACH ROW WHEN (${updateWhen})`;
  const recordOld = (row: string, from: string) =>
    `INSERT INTO tester_changes (beta_id, tester_id, old_referrals, old_points, old_applied_at, old_priority) SELECT ${row}.beta_id, ${row}.id, ${row}.share_signups_count, ${row}.points, ${row}.applied_at, ${row}.priority${from}`;

  if (dialect === 'sqlite') {
    for (const trigger of ['testers_feed_delete', 'testers_feed_update']) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
    const trigger = (name: string, timing: string, statement: string) => sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${statement}; END`).execute(db);
    await trigger('testers_feed_delete', `AFTER DELETE ON testers FOR EACH ROW WHEN ${visible('OLD')}`, recordOld('OLD', ''));
    await trigger('testers_feed_update', updateOf, recordOld('OLD', ''));
    return;
  }

  const fn = (name: string, statement: string) =>
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);
  await fn('testers_feed_deleted', `${recordOld('d', ' FROM deleted AS d')} WHERE ${visible('d')}`);
  await fn('testers_feed_updated', recordOld('OLD', ''));
  await sql.raw('DROP TRIGGER testers_feed_update ON testers').execute(db);
  await sql.raw(`CREATE TRIGGER testers_feed_update ${updateOf} EXECUTE FUNCTION testers_feed_updated()`).execute(db);
}
