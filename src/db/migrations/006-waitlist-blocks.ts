// Waitlist counting blocks (replaced by migration 014: docs/decisions.md, "Standings from an
// order-statistics index"): how many waitlisted testers each beta has per order dimension and
// group, per (group, hour) and per (group, minute), so a position is a few short range sums instead
// of a count that grows with it. Database triggers on testers keep them exact inside whatever
// transaction changes a tester (API, workers, CLI, bench seeding, future code), and this migration
// fills them from the testers already there. Like every migration it is a snapshot: it spells out
// the dimension names and applied_at prefix lengths that modules/waitlist reads with instead of
// importing them, so later code cannot change what it did.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The orders (beta setting waitlist_order) and the column each groups by; signup_time has one group, 0. */
const DIMENSIONS = [
  { name: 'referrals', group: 'share_signups_count' },
  { name: 'points', group: 'points' },
  { name: 'signup_time', group: null },
] as const;

/**
 * The three block tables. `time` is the applied_at prefix a level counts by ('YYYY-MM-DDTHH',
 * 'YYYY-MM-DDTHH:MM'); group totals need no signup_time row (it has a single group).
 */
const LEVELS = [
  { table: 'waitlist_groups', time: null, dimensions: DIMENSIONS.filter((d) => d.group !== null) },
  { table: 'waitlist_hours', time: { column: 'hour', length: 13 }, dimensions: DIMENSIONS },
  { table: 'waitlist_minutes', time: { column: 'minute', length: 16 }, dimensions: DIMENSIONS },
] as const;

type Level = (typeof LEVELS)[number];

/** The columns that place a tester on the waitlist: an update of any other column changes no block. */
const PLACING_COLUMNS = ['status', 'hidden', 'share_signups_count', 'points', 'applied_at'] as const;

/**
 * Testers whose blocks a change moves: `row` names them (NEW, OLD, or an alias of `from`, a
 * transition table or testers itself), `sign` says whether they enter (+1) or leave (-1).
 */
interface Side {
  row: string;
  from?: string;
  sign: 1 | -1;
}

const onWaitlist = (row: string) => `${row}.status = 'applied' AND ${row}.hidden = 0`;

function keyColumns(level: Level): string[] {
  return level.time ? ['beta_id', 'dimension', 'grp', level.time.column] : ['beta_id', 'dimension', 'grp'];
}

/** One row per (tester on the waitlist, dimension) of the side: its block key in `level` and its sign. */
function deltas(level: Level, side: Side): string {
  return level.dimensions
    .map((dimension) => {
      const columns = [
        `${side.row}.beta_id AS beta_id`,
        `'${dimension.name}' AS dimension`,
        `${dimension.group ? `${side.row}.${dimension.group}` : '0'} AS grp`,
        // applied_at is set whenever a tester is applied; '' is the key the service uses if it were not.
        ...(level.time ? [`substr(coalesce(${side.row}.applied_at, ''), 1, ${level.time.length}) AS ${level.time.column}`] : []),
        `${side.sign} AS d`,
      ];
      return `SELECT ${columns.join(', ')}${side.from ? ` FROM ${side.from}` : ''} WHERE ${onWaitlist(side.row)}`;
    })
    .join(' UNION ALL ');
}

/**
 * Adds the sides' deltas to `level`, one statement: a key a change leaves and re-enters (an update
 * that keeps it) nets to zero and is not written. `WHERE true` keeps SQLite from reading ON
 * CONFLICT as a join constraint.
 */
function applyDeltas(level: Level, sides: Side[]): string {
  const key = keyColumns(level).join(', ');
  return [
    `INSERT INTO ${level.table} (${key}, n)`,
    `SELECT ${key}, sum(d) FROM (${sides.map((side) => deltas(level, side)).join(' UNION ALL ')}) AS deltas WHERE true`,
    `GROUP BY ${key} HAVING sum(d) <> 0`,
    `ON CONFLICT (${key}) DO UPDATE SET n = ${level.table}.n + excluded.n`,
  ].join(' ');
}

/** Deletes the blocks a leaving side emptied: the tables hold only blocks that count someone. */
function dropEmptied(level: Level, side: Side): string {
  const key = keyColumns(level).join(', ');
  return `DELETE FROM ${level.table} WHERE n = 0 AND (${key}) IN (SELECT ${key} FROM (${deltas(level, side)}) AS emptied)`;
}

/** The statements that move every level for a change with these sides. */
function maintain(sides: Side[]): string[] {
  const leaving = sides.find((side) => side.sign === -1);
  return LEVELS.flatMap((level) => [applyDeltas(level, sides), ...(leaving ? [dropEmptied(level, leaving)] : [])]);
}

export async function up(db: Kysely<any>, { dialect, ref }: MigrationContext): Promise<void> {
  for (const level of LEVELS) {
    // Typed by column name as a string: the time column exists on two of the three tables only.
    let table: CreateTableBuilder<string, string> = db.schema
      .createTable(level.table)
      .addColumn('beta_id', ref, (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('grp', 'integer', (c) => c.notNull());
    if (level.time) table = table.addColumn(level.time.column, 'text', (c) => c.notNull());
    // The primary key serves every range sum: a dimension's groups, a group's hours, an hour's minutes.
    // No CHECK (n >= 0): both engines check it on the row an upsert proposes, before the conflict
    // turns it into an update, so it would refuse every decrement.
    table = table
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${level.table}_pkey`, keyColumns(level));
    // No foreign key to betas: deleting a beta deletes its testers, whose triggers empty the blocks.
    // SQLite: the rows live in the primary key's b-tree, so a range sum reads nothing else.
    if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
    await table.execute();
  }

  // Existing testers, counted as if they had all just been inserted.
  for (const statement of maintain([{ row: 't', from: 'testers AS t', sign: 1 }])) await sql.raw(statement).execute(db);

  const entered: Side = { row: 'NEW', sign: 1 };
  const left: Side = { row: 'OLD', sign: -1 };
  // Only updates that can move a block: the tester is (or was) on the waitlist and a placing column changed.
  const distinct = (column: string) =>
    dialect === 'sqlite' ? `OLD.${column} IS NOT NEW.${column}` : `OLD.${column} IS DISTINCT FROM NEW.${column}`;
  const updateWhen = `(${onWaitlist('OLD')} OR ${onWaitlist('NEW')}) AND (${PLACING_COLUMNS.map(distinct).join(' OR ')})`;
  const updateOf = `AFTER UPDATE OF ${PLACING_COLUMNS.join(', ')} ON testers FOR EACH ROW WHEN (${updateWhen})`;

  if (dialect === 'sqlite') {
    const trigger = (name: string, timing: string, sides: Side[]) =>
      sql.raw(`CREATE TRIGGER ${name} ${timing} BEGIN ${maintain(sides).map((s) => `${s};`).join(' ')} END`).execute(db);
    await trigger('testers_waitlist_insert', `AFTER INSERT ON testers FOR EACH ROW WHEN ${onWaitlist('NEW')}`, [entered]);
    await trigger('testers_waitlist_delete', `AFTER DELETE ON testers FOR EACH ROW WHEN ${onWaitlist('OLD')}`, [left]);
    await trigger('testers_waitlist_update', updateOf, [left, entered]);
    return;
  }

  // PostgreSQL: inserts and deletes are counted once per statement from its transition table, so
  // a bulk insert (bench seeding, imports) or the cascade of a beta's deletion costs one grouped
  // write per level instead of a function call per tester. Transition tables cannot be combined
  // with UPDATE OF, so updates stay per row, filtered by WHEN before any function runs.
  //
  // Every block row of a beta is written under its beta's row lock, taken first (the services take
  // it before any tester's, lockBeta in beta-counters.ts): two transactions never hold block rows
  // the other waits for, however many statements each makes (a signup touches group 0, then the
  // groups of its points, then its referrer's), so the blocks add no deadlock of their own.
  const lockBetas = (sides: Side[]) =>
    `PERFORM 1 FROM betas WHERE id IN (${sides
      .map((side) => `SELECT ${side.row}.beta_id${side.from ? ` FROM ${side.from}` : ''} WHERE ${onWaitlist(side.row)}`)
      .join(' UNION ')}) ORDER BY id FOR NO KEY UPDATE`;
  const fn = (name: string, sides: Side[]) =>
    sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${[lockBetas(sides), ...maintain(sides)].map((s) => `${s};`).join(' ')} RETURN NULL; END $$`,
      )
      .execute(db);
  await fn('testers_waitlist_inserted', [{ row: 'i', from: 'inserted AS i', sign: 1 }]);
  await fn('testers_waitlist_deleted', [{ row: 'd', from: 'deleted AS d', sign: -1 }]);
  await fn('testers_waitlist_updated', [left, entered]);
  await sql
    .raw('CREATE TRIGGER testers_waitlist_insert AFTER INSERT ON testers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION testers_waitlist_inserted()')
    .execute(db);
  await sql
    .raw('CREATE TRIGGER testers_waitlist_delete AFTER DELETE ON testers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION testers_waitlist_deleted()')
    .execute(db);
  await sql.raw(`CREATE TRIGGER testers_waitlist_update ${updateOf} EXECUTE FUNCTION testers_waitlist_updated()`).execute(db);
}
