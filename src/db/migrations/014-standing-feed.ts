// Standings move out of the database (docs/decisions.md, "Standings from an order-statistics
// index"): each process holds a beta's waitlist in memory and learns of changes from a feed that
// triggers on testers write in the same transaction as the change. This migration drops the
// counting blocks of migration 006, their triggers, and the two waitlist indexes only they read,
// and creates the feed. Like every migration it is a snapshot: it names its columns and conditions
// itself rather than importing them from modules/waitlist.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The columns that place a tester on the waitlist: an update of any other column moves no standing. */
const PLACING_COLUMNS = ['status', 'hidden', 'share_signups_count', 'points', 'applied_at'] as const;

const onWaitlist = (row: string) => `${row}.status = 'applied' AND ${row}.hidden = 0`;

export async function up(db: Kysely<any>, { dialect, id, ref }: MigrationContext): Promise<void> {
  for (const trigger of ['testers_waitlist_insert', 'testers_waitlist_delete', 'testers_waitlist_update']) {
    await sql.raw(`DROP TRIGGER ${trigger}${dialect === 'postgres' ? ' ON testers' : ''}`).execute(db);
  }
  if (dialect === 'postgres') {
    for (const fn of ['testers_waitlist_inserted', 'testers_waitlist_deleted', 'testers_waitlist_updated']) await sql.raw(`DROP FUNCTION ${fn}()`).execute(db);
  }
  for (const table of ['waitlist_groups', 'waitlist_hours', 'waitlist_minutes']) await db.schema.dropTable(table).execute();
  // The count of testers ahead was a range of these; nothing else reads them, and each cost every
  // signup and every change of referrals or points a b-tree write. The signup_time index stays: the
  // index build reads a beta's waitlist through it.
  await db.schema.dropIndex('testers_waitlist_referrals').execute();
  await db.schema.dropIndex('testers_waitlist_points').execute();

  // One row per change of a tester that is or was on the waitlist. The old_ columns are what the
  // tester had before an update or a delete: where a process finds the tester's entry to move it.
  // PostgreSQL also records the writing transaction: a reader takes rows of finished transactions
  // only (pg_snapshot_xmin), since a sequence number is drawn at insert, not at commit.
  let table = db.schema
    .createTable('tester_changes')
    .addColumn('seq', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.notNull())
    .addColumn('old_referrals', 'integer')
    .addColumn('old_points', 'integer')
    .addColumn('old_applied_at', 'text')
    // Seconds since the epoch, for pruning by age.
    .addColumn('created_at', 'bigint', (c) =>
      c.notNull().defaultTo(dialect === 'sqlite' ? sql`(cast(strftime('%s', 'now') as integer))` : sql`(extract(epoch from now())::bigint)`),
    );
  if (dialect === 'postgres') table = table.addColumn('xid', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`));
  await table.execute();
  await db.schema.createIndex('tester_changes_created_at').on('tester_changes').column('created_at').execute();
  if (dialect === 'postgres') await db.schema.createIndex('tester_changes_xid').on('tester_changes').column('xid').execute();
  const distinct = (column: string) => (dialect === 'sqlite' ? `OLD.${column} IS NOT NEW.${column}` : `OLD.${column} IS DISTINCT FROM NEW.${column}`);
  const updateWhen = `(${onWaitlist('OLD')} OR ${onWaitlist('NEW')}) AND (${PLACING_COLUMNS.map(distinct).join(' OR ')})`;
  const updateOf = `AFTER UPDATE OF ${PLACING_COLUMNS.join(', ')} ON testers FOR EACH ROW WHEN (${updateWhen})`;
  const record = (row: string, from: string, old: boolean) =>
    `INSERT INTO tester_changes (beta_id, tester_id, old_referrals, old_points, old_applied_at) SELECT ${row}.beta_id, ${row}.id, ${
      old ? `${row}.share_signups_count, ${row}.points, ${row}.applied_at` : 'NULL, NULL, NULL'
    }${from}`;

  if (dialect === 'sqlite') {
    const trigger = (name: string, timing: string, statement: string) => sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${statement}; END`).execute(db);
    await trigger('testers_feed_insert', `AFTER INSERT ON testers FOR EACH ROW WHEN ${onWaitlist('NEW')}`, record('NEW', '', false));
    await trigger('testers_feed_delete', `AFTER DELETE ON testers FOR EACH ROW WHEN ${onWaitlist('OLD')}`, record('OLD', '', true));
    await trigger('testers_feed_update', updateOf, record('OLD', '', true));
    return;
  }

  // PostgreSQL: inserts and deletes are recorded once per statement from the transition table, so
  // a bulk insert or a beta's cascade is one statement, not a function call per tester.
  const fn = (name: string, statement: string) =>
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);
  await fn('testers_feed_inserted', `${record('i', ' FROM inserted AS i', false)} WHERE ${onWaitlist('i')}`);
  await fn('testers_feed_deleted', `${record('d', ' FROM deleted AS d', true)} WHERE ${onWaitlist('d')}`);
  await fn('testers_feed_updated', record('OLD', '', true));
  await sql
    .raw('CREATE TRIGGER testers_feed_insert AFTER INSERT ON testers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION testers_feed_inserted()')
    .execute(db);
  await sql
    .raw('CREATE TRIGGER testers_feed_delete AFTER DELETE ON testers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION testers_feed_deleted()')
    .execute(db);
  await sql.raw(`CREATE TRIGGER testers_feed_update ${updateOf} EXECUTE FUNCTION testers_feed_updated()`).execute(db);
}
