// The dashboard's figures over testers (signups per day, direct and referred; testers per country,
// per source and per share channel) move from index walks at read time to rollups kept after
// commit (modules/stats/rollups.ts; docs/decisions.md, "Beta dashboard"). Triggers on testers write
// a change row for every visible tester inserted, deleted or changed in a rolled-up column, in the
// changing transaction, whatever the path (signup, import, fraud hiding, deletion, erasure, a
// referrer's deletion setting referrer_id to null); the fold consumes those rows into the rollups
// in a transaction of its own. The three indexes only the dashboard read are dropped: every signup
// wrote an entry in each. (beta_id, hidden, created_at, referrer_id) stays: the chat endpoints'
// daily digest counts a day of signups in the endpoint's time zone, and its top referrers, along it.
// A snapshot, as every migration is: columns and conditions are written here, not imported.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The columns a tester's place in the rollups depends on. */
const ROLLED_UP = ['beta_id', 'hidden', 'created_at', 'referrer_id', 'country', 'utm_source', 'referral_channel'] as const;

/** The change row a tester's row adds (`sign` 1) or takes away (-1), for a visible tester only. */
const change = (row: string, sign: 1 | -1) =>
  `SELECT ${row}.beta_id, substr(${row}.created_at, 1, 10), ${row}.country, ${row}.utm_source, ${row}.referral_channel, ` +
  `CASE WHEN ${row}.referrer_id IS NULL THEN 0 ELSE 1 END, ${sign}`;
const INSERT = 'INSERT INTO tester_rollup_changes (beta_id, day, country, source, channel, referred, delta)';

export async function up(db: Kysely<any>, { dialect, id, ref }: MigrationContext): Promise<void> {
  // A row per beta and figure: kind 'day' (value YYYY-MM-DD, UTC), 'country', 'source' ('' for
  // none given) or 'channel'; `testers` counts the visible testers, `referred` those with a referrer.
  await db.schema
    .createTable('tester_rollups')
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('testers', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('referred', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tester_rollups_pkey', ['beta_id', 'kind', 'value'])
    .execute();
  // Not yet folded: no foreign key, so a beta's deletion cascading to its testers can write its rows
  // (the fold drops those of a beta gone).
  await db.schema
    .createTable('tester_rollup_changes')
    .addColumn('seq', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('source', 'text')
    .addColumn('channel', 'text')
    .addColumn('referred', 'integer', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();

  const distinct = dialect === 'sqlite' ? 'IS NOT' : 'IS DISTINCT FROM';
  const changed = ROLLED_UP.map((column) =>
    column === 'referrer_id' ? '(OLD.referrer_id IS NULL) <> (NEW.referrer_id IS NULL)' : column === 'created_at' ? 'substr(OLD.created_at, 1, 10) <> substr(NEW.created_at, 1, 10)' : `OLD.${column} ${distinct} NEW.${column}`,
  ).join(' OR ');
  const updateOf = `AFTER UPDATE OF ${ROLLED_UP.join(', ')} ON testers FOR EACH ROW WHEN ((OLD.hidden = 0 OR NEW.hidden = 0) AND (${changed}))`;
  const moved = `${INSERT} ${change('OLD', -1)} WHERE OLD.hidden = 0 UNION ALL ${change('NEW', 1)} WHERE NEW.hidden = 0`;

  if (dialect === 'sqlite') {
    const trigger = (name: string, timing: string, statement: string) => sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${statement}; END`).execute(db);
    await trigger('testers_rollup_insert', 'AFTER INSERT ON testers FOR EACH ROW WHEN NEW.hidden = 0', `${INSERT} ${change('NEW', 1)}`);
    await trigger('testers_rollup_delete', 'AFTER DELETE ON testers FOR EACH ROW WHEN OLD.hidden = 0', `${INSERT} ${change('OLD', -1)}`);
    await trigger('testers_rollup_update', updateOf, moved);
  } else {
    // Inserts and deletes once per statement from the transition table, as the standing feed's
    // (migration 014): an import's chunk or a beta's cascade is one statement.
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

  // The rollups of the testers already there, read while the dashboard's indexes still stand (each
  // count a walk of one of them): on PostgreSQL the triggers above hold writes to testers off until
  // this transaction commits, and SQLite has one writer, so no change falls between the two.
  const backfill = (kind: string, value: string, where = '') =>
    sql
      .raw(
        `INSERT INTO tester_rollups (beta_id, kind, value, testers, referred) SELECT beta_id, '${kind}', ${value}, count(*), count(referrer_id) ` +
          `FROM testers WHERE hidden = 0${where} GROUP BY beta_id, ${value}`,
      )
      .execute(db);
  await backfill('day', 'substr(created_at, 1, 10)');
  await backfill('country', "coalesce(country, '')");
  await backfill('source', "coalesce(utm_source, '')");
  await backfill('channel', 'referral_channel', ' AND referral_channel IS NOT NULL');

  for (const index of ['testers_stats_country', 'testers_stats_source', 'testers_stats_channel']) await db.schema.dropIndex(index).execute();
}
