// The tester list's sorts by points and by referrals, and the dashboard's top referrers, move to
// sort sets in each process's memory (modules/waitlist/standings.ts; docs/decisions.md, "Indexes on
// testers"). This drops the two indexes only they read, (beta_id, hidden, points, id) of migration
// 024 and (beta_id, hidden, share_signups_count, id) of migration 023: every signup wrote an entry
// in each, and every referral credit moved its referrer's entry in both. The standing feed of
// migration 014 then records a change of every visible tester, not only of those on the waitlist:
// the sets hold every visible tester, whatever its status. A snapshot, as every migration is: the
// columns and conditions are written here, not imported.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The columns that place a tester on the waitlist or in a sort set (as in migration 014). */
const PLACING_COLUMNS = ['status', 'hidden', 'share_signups_count', 'points', 'applied_at'] as const;

const visible = (row: string) => `${row}.hidden = 0`;

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('testers_beta_id_hidden_points').execute();
  await db.schema.dropIndex('testers_stats_referrals').execute();

  const distinct = (column: string) => (dialect === 'sqlite' ? `OLD.${column} IS NOT NEW.${column}` : `OLD.${column} IS DISTINCT FROM NEW.${column}`);
  const updateWhen = `(${visible('OLD')} OR ${visible('NEW')}) AND (${PLACING_COLUMNS.map(distinct).join(' OR ')})`;
  const updateOf = `AFTER UPDATE OF ${PLACING_COLUMNS.join(', ')} ON testers FOR EACH ROW WHEN (${updateWhen})`;
  const record = (row: string, from: string, old: boolean) =>
    `INSERT INTO tester_changes (beta_id, tester_id, old_referrals, old_points, old_applied_at) SELECT ${row}.beta_id, ${row}.id, ${
      old ? `${row}.share_signups_count, ${row}.points, ${row}.applied_at` : 'NULL, NULL, NULL'
    }${from}`;

  if (dialect === 'sqlite') {
    for (const trigger of ['testers_feed_insert', 'testers_feed_delete', 'testers_feed_update']) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
    const trigger = (name: string, timing: string, statement: string) => sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${statement}; END`).execute(db);
    await trigger('testers_feed_insert', `AFTER INSERT ON testers FOR EACH ROW WHEN ${visible('NEW')}`, record('NEW', '', false));
    await trigger('testers_feed_delete', `AFTER DELETE ON testers FOR EACH ROW WHEN ${visible('OLD')}`, record('OLD', '', true));
    await trigger('testers_feed_update', updateOf, record('OLD', '', true));
    return;
  }

  // PostgreSQL: the statement-level functions take the new condition; the row trigger's WHEN is
  // part of the trigger, so it is made again.
  const fn = (name: string, statement: string) =>
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);
  await fn('testers_feed_inserted', `${record('i', ' FROM inserted AS i', false)} WHERE ${visible('i')}`);
  await fn('testers_feed_deleted', `${record('d', ' FROM deleted AS d', true)} WHERE ${visible('d')}`);
  await sql.raw('DROP TRIGGER testers_feed_update ON testers').execute(db);
  await sql.raw(`CREATE TRIGGER testers_feed_update ${updateOf} EXECUTE FUNCTION testers_feed_updated()`).execute(db);
}
