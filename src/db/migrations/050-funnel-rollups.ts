// The dashboard's funnel (docs/console.md, "Dashboard"): the rollups of migration 042 also count,
// for every day, country, source and channel, the visible testers that have ever been confirmed
// (applied_at set), invited (invited_at) and active (joined_at), and three new kinds count the
// testers that reached each of those stages on a day ('confirmed_day', 'invited_day',
// 'active_day', value YYYY-MM-DD, UTC). The three timestamps are set once and never cleared, so
// each count only grows with the testers. The triggers are made again with the three days in their
// change rows, and the rollups rebuilt from the testers in this transaction (writes to testers wait
// for it: the triggers' replacement locks the table on PostgreSQL, SQLite has one writer).
// A snapshot, as every migration is: columns and conditions are written here, not imported.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The columns a tester's place in the rollups depends on. */
const ROLLED_UP = ['beta_id', 'hidden', 'created_at', 'referrer_id', 'country', 'utm_source', 'referral_channel', 'applied_at', 'invited_at', 'joined_at'] as const;

/** A timestamp column's UTC day, or null. */
const dayOf = (row: string, column: string) => `substr(${row}.${column}, 1, 10)`;

/** The change row a tester's row adds (`sign` 1) or takes away (-1), for a visible tester only. */
const change = (row: string, sign: 1 | -1) =>
  `SELECT ${row}.beta_id, ${dayOf(row, 'created_at')}, ${row}.country, ${row}.utm_source, ${row}.referral_channel, ` +
  `CASE WHEN ${row}.referrer_id IS NULL THEN 0 ELSE 1 END, ${dayOf(row, 'applied_at')}, ${dayOf(row, 'invited_at')}, ${dayOf(row, 'joined_at')}, ${sign}`;
const INSERT = 'INSERT INTO tester_rollup_changes (beta_id, day, country, source, channel, referred, confirmed_day, invited_day, active_day, delta)';

/** Each kind of rollup and the value a tester's row gives it (rows where it is null are in none). */
const KINDS: [kind: string, value: string][] = [
  ['day', 'substr(created_at, 1, 10)'],
  ['country', "coalesce(country, '')"],
  ['source', "coalesce(utm_source, '')"],
  ['channel', 'referral_channel'],
  ['confirmed_day', 'substr(applied_at, 1, 10)'],
  ['invited_day', 'substr(invited_at, 1, 10)'],
  ['active_day', 'substr(joined_at, 1, 10)'],
];

export async function up(db: Kysely<any>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    for (const name of ['testers_rollup_insert', 'testers_rollup_delete', 'testers_rollup_update']) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  } else {
    for (const name of ['testers_rollup_insert', 'testers_rollup_delete', 'testers_rollup_update']) await sql.raw(`DROP TRIGGER ${name} ON testers`).execute(db);
    for (const name of ['testers_rollup_inserted', 'testers_rollup_deleted', 'testers_rollup_updated']) await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
  }
  for (const column of ['confirmed', 'invited', 'active']) {
    await db.schema.alterTable('tester_rollups').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  for (const column of ['confirmed_day', 'invited_day', 'active_day']) await db.schema.alterTable('tester_rollup_changes').addColumn(column, 'text').execute();

  const distinct = dialect === 'sqlite' ? 'IS NOT' : 'IS DISTINCT FROM';
  const changed = ROLLED_UP.map((column) =>
    column === 'referrer_id'
      ? '(OLD.referrer_id IS NULL) <> (NEW.referrer_id IS NULL)'
      : column.endsWith('_at')
        ? `${dayOf('OLD', column)} ${distinct} ${dayOf('NEW', column)}`
        : `OLD.${column} ${distinct} NEW.${column}`,
  ).join(' OR ');
  const updateOf = `AFTER UPDATE OF ${ROLLED_UP.join(', ')} ON testers FOR EACH ROW WHEN ((OLD.hidden = 0 OR NEW.hidden = 0) AND (${changed}))`;
  const moved = `${INSERT} ${change('OLD', -1)} WHERE OLD.hidden = 0 UNION ALL ${change('NEW', 1)} WHERE NEW.hidden = 0`;

  if (dialect === 'sqlite') {
    const trigger = (name: string, timing: string, statement: string) => sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${statement}; END`).execute(db);
    await trigger('testers_rollup_insert', 'AFTER INSERT ON testers FOR EACH ROW WHEN NEW.hidden = 0', `${INSERT} ${change('NEW', 1)}`);
    await trigger('testers_rollup_delete', 'AFTER DELETE ON testers FOR EACH ROW WHEN OLD.hidden = 0', `${INSERT} ${change('OLD', -1)}`);
    await trigger('testers_rollup_update', updateOf, moved);
  } else {
    const fn = (name: string, statement: string) =>
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statement}; RETURN NULL; END $$`).execute(db);
    await fn('testers_rollup_inserted', `${INSERT} ${change('i', 1)} FROM inserted AS i WHERE i.hidden = 0`);
    await fn('testers_rollup_deleted', `${INSERT} ${change('d', -1)} FROM deleted AS d WHERE d.hidden = 0`);
    await fn('testers_rollup_updated', moved);
    await sql
      .raw('CREATE TRIGGER testers_rollup_insert AFTER INSERT ON testers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION testers_rollup_inserted()')
      .execute(db);
    await sql
      .raw('CREATE TRIGGER testers_rollup_delete AFTER DELETE ON testers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION testers_rollup_deleted()')
      .execute(db);
    await sql.raw(`CREATE TRIGGER testers_rollup_update ${updateOf} EXECUTE FUNCTION testers_rollup_updated()`).execute(db);
  }

  // Rebuilt whole from the testers: the changes not folded yet are in the rows already.
  await db.deleteFrom('tester_rollup_changes').execute();
  await db.deleteFrom('tester_rollups').execute();
  for (const [kind, value] of KINDS) {
    await sql
      .raw(
        `INSERT INTO tester_rollups (beta_id, kind, value, testers, referred, confirmed, invited, active) ` +
          `SELECT beta_id, '${kind}', ${value}, count(*), count(referrer_id), count(applied_at), count(invited_at), count(joined_at) ` +
          `FROM testers WHERE hidden = 0 AND ${value} IS NOT NULL GROUP BY beta_id, ${value}`,
      )
      .execute(db);
  }
}
