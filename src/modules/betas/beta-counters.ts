// A beta's counters (testers_count, one per status, share_signups_count, share_clicks_count,
// impressions_count; migration 015). Hidden testers are not counted. A command adds its deltas up
// as it goes (moveTesterCount, addToBetaCounter: no statement) and writes them among its
// transaction's final writes (db/final-writes.ts), one upsert per beta into one of the beta's COUNTER_SLOTS rows,
// picked at random. So concurrent commands of a beta rarely wait for each other, never deadlock
// over a counter (a slot's lock is the last a transaction takes, and it waits for nothing while
// holding it), and a reader adds the slots up: the counters are exact after every commit. Commands
// grouped in one transaction (db/engine/commit-groups.ts) write one slot: a group holding two would wait
// for another group holding either, and groups holding each other's would deadlock.
import { sql, type CompiledQuery } from 'kysely';
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { Executor } from '../../db/executor.ts';
import { beforeCommit, sharedTransaction, writeAtCommit } from '../../db/transaction.ts';
import { TesterStatuses, statusCounter, type TesterStatus } from '../testers/tester-status.ts';

export const COUNTER_COLUMNS = [
  'testers_count',
  'impressions_count',
  'share_clicks_count',
  'share_signups_count',
  ...TesterStatuses.map(statusCounter),
] as const;
export type CounterColumn = (typeof COUNTER_COLUMNS)[number];
export type BetaCounters = Record<CounterColumn, number>;

/** Rows a beta's counters are spread over: writers that pick different rows do not wait for each other. */
export const COUNTER_SLOTS = 16;

/** The counters of a beta nobody has counted in yet. */
export const noCounts = (): BetaCounters => Object.fromEntries(COUNTER_COLUMNS.map((column) => [column, 0])) as BetaCounters;

/** The deltas a transaction has not written yet, by beta. */
const pending = new WeakMap<Executor, Map<number, Partial<BetaCounters>>>();

function add(trx: Executor, betaId: number, column: CounterColumn, delta: number): void {
  let betas = pending.get(trx);
  if (!betas) {
    pending.set(trx, (betas = new Map()));
    beforeCommit(trx, async () => {
      for (const query of takeUpserts(trx)) writeAtCommit(trx, { query });
    });
  }
  let deltas = betas.get(betaId);
  if (!deltas) betas.set(betaId, (deltas = {}));
  deltas[column] = (deltas[column] ?? 0) + delta;
}

/** `count` testers entered (`from` null), left (`to` null) or changed status in the beta. */
export function moveTesterCount(trx: Executor, betaId: number, change: { from: TesterStatus | null; to: TesterStatus | null }, count = 1): void {
  if (change.from === change.to || count === 0) return;
  if (change.from === null) add(trx, betaId, 'testers_count', count);
  else add(trx, betaId, statusCounter(change.from), -count);
  if (change.to === null) add(trx, betaId, 'testers_count', -count);
  else add(trx, betaId, statusCounter(change.to), count);
}

/** Adds to any of the beta's plain counters (share_signups_count, share_clicks_count, …). */
export function addToBetaCounter(trx: Executor, betaId: number, column: 'share_signups_count' | 'share_clicks_count' | 'impressions_count', delta: number): void {
  if (delta !== 0) add(trx, betaId, column, delta);
}

/** The slot each database transaction writes, picked at random when it first writes one. */
const slots = new WeakMap<object, number>();

function slotOf(trx: Executor): number {
  const transaction = sharedTransaction(trx);
  let slot = slots.get(transaction);
  if (slot === undefined) slots.set(transaction, (slot = Math.floor(Math.random() * COUNTER_SLOTS)));
  return slot;
}

/** The upsert of a slot's deltas, per set of counters moved (comma-separated): a few sets recur. */
const counterUpsert = compiledVariants((columnList: string) => {
  const columns = columnList.split(',').map((column) => sql.ref(column));
  return (_db, p: { betaId: number; slot: number; deltas: number[] }) =>
    sql`insert into beta_counters (beta_id, slot, ${sql.join(columns)})
      values (${p.betaId}, ${p.slot}, ${sql.join(p.deltas)})
      on conflict (beta_id, slot) do update set ${sql.join(columns.map((column) => sql`${column} = beta_counters.${column} + excluded.${column}`))}`;
});

/** The upserts of the transaction's deltas not written yet, one per beta into its slot; taken, so written once. */
function takeUpserts(trx: Executor): CompiledQuery[] {
  const betas = pending.get(trx);
  if (!betas) return [];
  pending.delete(trx);
  const upserts: CompiledQuery[] = [];
  for (const [betaId, deltas] of betas) {
    const columns = (Object.keys(deltas) as CounterColumn[]).filter((column) => deltas[column] !== 0);
    if (columns.length === 0) continue;
    upserts.push(counterUpsert(columns.join(',')).query(trx, { betaId, slot: slotOf(trx), deltas: columns.map((column) => deltas[column]!) }));
  }
  return upserts;
}

/**
 * Writes the transaction's deltas now rather than among its final writes: for a reader that must
 * count them (the plan limit).
 */
export async function flushCounters(trx: Executor): Promise<void> {
  for (const query of takeUpserts(trx)) await trx.executeQuery(query);
}

/** The counters of each beta (zero for a beta with none), as committed (or as `executor`'s transaction has written them). */
export async function countersOf(executor: Executor, betaIds: readonly number[]): Promise<Map<number, BetaCounters>> {
  const counters = new Map(betaIds.map((id) => [id, noCounts()]));
  if (betaIds.length === 0) return counters;
  const rows = await executor
    .selectFrom('beta_counters')
    .select((eb) => ['beta_id', ...COUNTER_COLUMNS.map((column) => eb.fn.sum<number>(column).as(column))])
    .where('beta_id', 'in', betaIds)
    .groupBy('beta_id')
    .execute();
  for (const row of rows) {
    const summed = counters.get(Number(row.beta_id))!;
    for (const column of COUNTER_COLUMNS) summed[column] = Number(row[column] ?? 0);
  }
  return counters;
}

/** The visible testers of all the company's betas but sandboxes, with what the open transaction has moved (written first). */
export async function companyTesterCount(trx: Executor, companyId: number): Promise<number> {
  await flushCounters(trx);
  const { n } = await trx
    .selectFrom('beta_counters')
    .innerJoin('betas', 'betas.id', 'beta_counters.beta_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('beta_counters.testers_count'), eb.lit(0)).as('n'))
    .where('betas.company_id', '=', companyId)
    .where('betas.sandbox_of', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}
