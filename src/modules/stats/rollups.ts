// The dashboard's figures over a beta's visible testers, kept as rollups rather than counted when a
// dashboard opens (docs/decisions.md, "Beta dashboard"): signups per UTC day, testers per country,
// per source (utm_source) and per share channel, each with how many of them had a referrer and
// have ever been confirmed, invited and active (the funnel); and testers per UTC day they were
// first confirmed, invited and active. Triggers on testers (migrations 042, 050) write a change row
// for every visible tester added, removed or changed in one of those columns, in the changing
// transaction, whatever the path; the fold below consumes the rows into `tester_rollups` after
// commit, in a transaction of its own.
//
// Consuming the change rows in the fold's transaction makes each count once: a fold that fails
// rolls back and leaves them for the next, and of two folds (two processes) that reach the same
// rows, the second waits for the first's commit on PostgreSQL and then finds them gone.
import { sql } from 'kysely';
import { forKeyShare } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { TesterRollupChangesTable } from '../../db/tables/figures.ts';

/** How often a running process folds the changes committed since its last fold. */
export const ROLLUP_FOLD_EVERY_MS = 500;

/** Change rows one fold transaction consumes: a long backlog (an import, a deleted beta) goes in several. */
export const ROLLUP_FOLD_BATCH = 2000;

export type RollupKind = 'day' | 'country' | 'source' | 'channel' | StageDayKind;

/** The funnel's stages past signup: a tester reaches each at most once (its timestamp is never cleared). */
export const STAGES = ['confirmed', 'invited', 'active'] as const;
export type Stage = (typeof STAGES)[number];
/** The rollup of the testers that reached a stage, per UTC day. */
type StageDayKind = `${Stage}_day`;
export const dayKind = (stage: Stage): StageDayKind => `${stage}_day`;

/** The counts a rollup row keeps: its testers, and of those the referred ones and each stage's. */
export type RollupCounts = Record<'testers' | 'referred' | Stage, number>;
const COUNTED = ['testers', 'referred', ...STAGES] as const;

/** A rollup's value for a column left empty: none given. */
const NONE = '';

/** Rollup rows an upsert writes at once (8 parameters each). */
const UPSERT_ROWS = 500;

interface Counts extends RollupCounts {
  betaId: number;
  kind: RollupKind;
  value: string;
}

/**
 * Consumes up to ROLLUP_FOLD_BATCH change rows, oldest first, and adds them to the rollups; returns
 * how many it consumed. Run it in a transaction: the rows and the rollups move together. Changes
 * of a beta deleted since are consumed and dropped.
 */
export async function foldRollupBatch(trx: Executor, dialect: DialectName): Promise<number> {
  const { rows } = await sql<Omit<TesterRollupChangesTable, 'seq'>>`
    delete from tester_rollup_changes where seq in (select seq from tester_rollup_changes order by seq limit ${ROLLUP_FOLD_BATCH})
    returning beta_id, day, country, source, channel, referred, confirmed_day, invited_day, active_day, delta`.execute(trx);
  if (rows.length === 0) return 0;
  const sums = new Map<string, Counts>();
  const add = (betaId: number, kind: RollupKind, value: string, counts: RollupCounts) => {
    const key = `${betaId}\u0000${kind}\u0000${value}`;
    const sum = sums.get(key);
    if (sum) for (const column of COUNTED) sum[column] += counts[column];
    else sums.set(key, { betaId, kind, value, ...counts });
  };
  for (const row of rows) {
    const betaId = Number(row.beta_id);
    const delta = Number(row.delta);
    const days: Record<Stage, string | null> = { confirmed: row.confirmed_day, invited: row.invited_day, active: row.active_day };
    const counts: RollupCounts = {
      testers: delta,
      referred: Number(row.referred) * delta,
      confirmed: days.confirmed === null ? 0 : delta,
      invited: days.invited === null ? 0 : delta,
      active: days.active === null ? 0 : delta,
    };
    add(betaId, 'day', row.day, counts);
    add(betaId, 'country', row.country ?? NONE, counts);
    add(betaId, 'source', row.source ?? NONE, counts);
    if (row.channel !== null) add(betaId, 'channel', row.channel, counts);
    for (const stage of STAGES) {
      const day = days[stage];
      if (day !== null) add(betaId, dayKind(stage), day, counts);
    }
  }
  // The betas still there, held against their deletion until this commits (as every writer holds its beta).
  const betaIds = [...new Set([...sums.values()].map((counts) => counts.betaId))];
  const held = new Set((await forKeyShare(dialect, trx.selectFrom('betas').select('id').where('id', 'in', betaIds)).execute()).map((row) => Number(row.id)));
  // One order for every fold, so two folds on PostgreSQL take the rollups' row locks alike.
  const changed = [...sums.entries()]
    .filter(([, counts]) => held.has(counts.betaId) && COUNTED.some((column) => counts[column] !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, counts]) => counts);
  for (let i = 0; i < changed.length; i += UPSERT_ROWS) {
    await trx
      .insertInto('tester_rollups')
      .values(changed.slice(i, i + UPSERT_ROWS).map(({ betaId, kind, value, ...counts }) => ({ beta_id: betaId, kind, value, ...counts })))
      .onConflict((oc) =>
        oc.columns(['beta_id', 'kind', 'value']).doUpdateSet((eb) => ({
          testers: eb('tester_rollups.testers', '+', eb.ref('excluded.testers')),
          referred: eb('tester_rollups.referred', '+', eb.ref('excluded.referred')),
          confirmed: eb('tester_rollups.confirmed', '+', eb.ref('excluded.confirmed')),
          invited: eb('tester_rollups.invited', '+', eb.ref('excluded.invited')),
          active: eb('tester_rollups.active', '+', eb.ref('excluded.active')),
        })),
      )
      .execute();
  }
  // A value no visible tester has any more (the last one with it deleted, erased or changed) goes with its count.
  const emptied = [...new Set(changed.filter((counts) => counts.testers < 0).map((counts) => counts.betaId))];
  if (emptied.length > 0) await trx.deleteFrom('tester_rollups').where('beta_id', 'in', emptied).where('testers', '=', 0).execute();
  return rows.length;
}

/** Folds every change committed so far, one transaction per batch; returns how many it consumed. */
export async function foldRollups(db: Db, dialect: DialectName): Promise<number> {
  // A read first: with nothing to fold, no write lock is taken. Along the key, not a scan: after a
  // bulk load's fold, PostgreSQL's table holds its dead rows until a vacuum, and a scan read every
  // page of them twice a second (1,000,000 testers: 91 MB, 100-500 ms a read; bench/README.md).
  const waiting = await db.selectFrom('tester_rollup_changes').select('seq').orderBy('seq').limit(1).executeTakeFirst();
  if (!waiting) return 0;
  let folded = 0;
  let batch: number;
  do {
    batch = await inTransaction(db, (trx) => foldRollupBatch(trx, dialect));
    folded += batch;
  } while (batch === ROLLUP_FOLD_BATCH);
  return folded;
}

/**
 * Folds every ROLLUP_FOLD_EVERY_MS. A failed fold (SQLite's write lock held past busy_timeout by
 * another process) is retried next round, its changes still waiting. `stop` waits for a fold under way.
 */
export function startRollupFolding(db: Db, dialect: DialectName, log?: { warn(details: object, message: string): void }): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= foldRollups(db, dialect)
      .catch((error: unknown) => log?.warn({ err: error }, 'stats: folding the dashboard rollups failed; the next round retries'))
      .finally(() => {
        running = null;
      });
  }, ROLLUP_FOLD_EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** A kind rolled up per UTC day: signups, or the testers that reached a stage. */
export type DayKind = 'day' | StageDayKind;
export const STAGE_DAY_KINDS: readonly StageDayKind[] = STAGES.map(dayKind);

const COUNT_COLUMNS = ['value', ...COUNTED] as const;
/** A row's counts as numbers (bigint columns: PostgreSQL's driver reads them as text). */
const countsOf = (row: Record<(typeof COUNTED)[number], number | string>): RollupCounts =>
  Object.fromEntries(COUNTED.map((column) => [column, Number(row[column])])) as RollupCounts;

/** The rolled-up days of the kinds asked from `from` to `to` (YYYY-MM-DD, both included), with their counts; days without any are absent. */
export async function rolledUpDays(db: Db, betaId: number, kinds: readonly DayKind[], from: string, to: string): Promise<{ kind: DayKind; day: string; counts: RollupCounts }[]> {
  const rows = await db
    .selectFrom('tester_rollups')
    .select(['kind', ...COUNT_COLUMNS])
    .where('beta_id', '=', betaId)
    .where('kind', 'in', kinds)
    .where('value', '>=', from)
    .where('value', '<=', to)
    .execute();
  return rows.map((row) => ({ kind: row.kind as DayKind, day: row.value, counts: countsOf(row) }));
}

/** The beta's visible testers, and of them the referred ones and those that reached each stage: the sum of its days (one row a day of its life). */
export async function rolledUpTotals(db: Db, betaId: number): Promise<RollupCounts> {
  const row = await db
    .selectFrom('tester_rollups')
    .select((eb) => COUNTED.map((column) => eb.fn.coalesce(eb.fn.sum<number | string>(column), eb.lit(0)).as(column)))
    .where('beta_id', '=', betaId)
    .where('kind', '=', 'day')
    .executeTakeFirstOrThrow();
  return countsOf(row);
}

/** The `limit` values of a kind with the most testers (ties: by value, none last), with their counts; null stands for none given. */
export async function topRolledUp(db: Db, betaId: number, kind: 'country' | 'source', limit: number): Promise<({ value: string | null } & RollupCounts)[]> {
  const rows = await db
    .selectFrom('tester_rollups')
    .select(COUNT_COLUMNS)
    .where('beta_id', '=', betaId)
    .where('kind', '=', kind)
    .where('testers', '>', 0)
    .orderBy('testers', 'desc')
    .orderBy(sql`case when value = ${NONE} then 1 else 0 end`)
    .orderBy('value')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ value: row.value === NONE ? null : row.value, ...countsOf(row) }));
}

/** The beta's visible testers per share channel their signup came through, with their counts (channels with none absent). */
export async function rolledUpChannels(db: Db, betaId: number): Promise<Map<string, RollupCounts>> {
  const rows = await db.selectFrom('tester_rollups').select(COUNT_COLUMNS).where('beta_id', '=', betaId).where('kind', '=', 'channel').execute();
  return new Map(rows.map((row) => [row.value, countsOf(row)]));
}
