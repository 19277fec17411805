// A command's side effects leave its transaction as one outbox row (docs/decisions.md, "One outbox
// row per signup"): the webhook events and e-mails a command causes are collected as it runs and
// written as one EFFECTS_JOB row just before it commits. After commit the same process expands the
// row, together with the rows of the commands that committed meanwhile: in one transaction it
// consumes the rows and writes what they name (events with their bodies and one delivery job per
// endpoint, e-mail messages with their send jobs). Should the process stop first, a worker claims
// the row once its grace has passed and expands it alike.
// Consuming a row in the expansion's own transaction makes its expansion happen once: a second
// one, after a crash or beside a worker, finds the row gone and writes nothing for it.
import type { Db, Executor } from '../db/executor.ts';
import { afterCommit, beforeCommit, databaseOf, inTransaction, writeAtCommit } from '../db/transaction.ts';
import { compiled } from '../db/engine/compiled.ts';
import { startWork } from '../db/engine/connection-turns.ts';
import { storedTime } from '../primitives/time.ts';
import { announceJobs, type JobHandler } from './outbox.ts';

export const EFFECTS_JOB = 'effects.expand';

/**
 * How long the row waits for its own process before a worker may expand it: the process expands
 * it within milliseconds of its commit, so a worker claims it only after a crash (or a failed
 * expansion), and does not expand it twice meanwhile.
 */
export const EXPANSION_GRACE_SECONDS = 5;

/** The row's payload: the beta the effects belong to, and each part's items in the order deferred. */
interface EffectsPayload {
  betaId: number;
  parts: Record<string, unknown[]>;
}

/**
 * Writes a part's items in the expansion's transaction (`trx`). Returns what the command that
 * deferred them may answer with (the tester views its events were given); the worker ignores it.
 * Items come as deferred in the same process, and as their JSON from a worker.
 */
export type EffectExpander = (trx: Executor, betaId: number, items: readonly unknown[]) => Promise<unknown>;

interface Expansion {
  expanders: Map<string, EffectExpander>;
  /** Whether the beta is still there, held against its deletion until the expansion commits. */
  holdsBeta: (trx: Executor, betaId: number) => Promise<boolean>;
}

const expansions = new WeakMap<Db, Expansion>();

/** A command's row for one beta, as written. */
interface EffectsRow {
  id: number;
  payload: EffectsPayload;
  /** When a worker may take it over. */
  runAt: string;
}

/** What a command deferred, per beta, and the expansion's outcome once it has run. */
interface Deferred {
  byBeta: Map<number, Record<string, unknown[]>>;
  outcome?: Promise<ReadonlyMap<string, unknown>>;
}

const deferredByTransaction = new WeakMap<Executor, Deferred>();

function expansionOf(db: Db): Expansion {
  let expansion = expansions.get(db);
  if (!expansion) expansions.set(db, (expansion = { expanders: new Map(), holdsBeta: async () => true }));
  return expansion;
}

/** How `part` is expanded on `db`: each module that defers effects registers its own, once. */
export function registerExpander(db: Db, part: string, expander: EffectExpander): void {
  expansionOf(db).expanders.set(part, expander);
}

/** How an expansion holds its beta (BetasService.holds): a beta deleted since has nothing left to expand. */
export function holdBetasWith(db: Db, holdsBeta: Expansion['holdsBeta']): void {
  expansionOf(db).holdsBeta = holdsBeta;
}

/**
 * Adds an item to the effects row of the command's transaction. `now` is the command's stored time;
 * the row's first item sets when a worker may take it over.
 */
export function deferEffect(trx: Executor, betaId: number, part: string, item: unknown, now: string): void {
  let deferred = deferredByTransaction.get(trx);
  if (!deferred) {
    const created: Deferred = (deferred = { byBeta: new Map() });
    deferredByTransaction.set(trx, created);
    beforeCommit(trx, () => writeRows(trx, databaseOf(trx), created, now));
  }
  let parts = deferred.byBeta.get(betaId);
  if (!parts) deferred.byBeta.set(betaId, (parts = {}));
  (parts[part] ??= []).push(item);
}

/**
 * After the command's commit: what its expansion answered, per part (empty when it deferred
 * nothing, or when the expansion failed or was made elsewhere: the row is then a worker's).
 */
export function expandedEffects(trx: Executor): Promise<ReadonlyMap<string, unknown>> {
  return deferredByTransaction.get(trx)?.outcome ?? Promise.resolve(new Map());
}

/** The effects row's insert, among the command's final writes (db/final-writes.ts). */
const effectsInsert = compiled((db, p: { payload: string; runAt: string; now: string }) =>
  db.insertInto('outbox_jobs').values({ kind: EFFECTS_JOB, payload: p.payload, run_at: p.runAt, created_at: p.now }).returning('id'),
);

async function writeRows(trx: Executor, db: Db, deferred: Deferred, now: string): Promise<void> {
  const runAt = storedTime(new Date(Date.parse(now) + EXPANSION_GRACE_SECONDS * 1000));
  const rows: EffectsRow[] = [];
  for (const [betaId, parts] of deferred.byBeta) {
    const payload: EffectsPayload = { betaId, parts };
    writeAtCommit(trx, {
      query: effectsInsert.query(trx, { payload: JSON.stringify(payload), runAt, now }),
      returned: ([row]) => rows.push({ id: Number(row.id), payload, runAt }),
    });
  }
  afterCommit(trx, async () => {
    deferred.outcome = joinBatch(db, rows);
    await deferred.outcome;
  });
}

/** Rows committed and not yet expanded, expanded together in one transaction. */
interface Batch {
  rows: EffectsRow[];
  /** Each beta's answers, per part, once the batch has run (none when it failed). */
  answers: Promise<ReadonlyMap<number, ReadonlyMap<string, unknown>>>;
}

/** The batch of each database still taking rows: it has not begun its transaction. */
const openBatches = new WeakMap<Db, Batch>();

/**
 * At most this many rows share an expansion: its transaction holds SQLite's connection (and the
 * rows' testers, on PostgreSQL) the while, and each command waits for its batch to end.
 */
const MAX_BATCH_ROWS = 64;

/**
 * Adds a command's rows to the batch still open, or opens one, and answers the command's parts once
 * the batch has run. The batch runs as work begun when it opened (connection-turns.ts): on SQLite
 * the requests older than it take their turns first, and those that commit meanwhile join it, so a
 * load of concurrent signups pays one expansion transaction (one commit) per batch, not per signup.
 */
async function joinBatch(db: Db, rows: readonly EffectsRow[]): Promise<ReadonlyMap<string, unknown>> {
  let batch = openBatches.get(db);
  if (!batch || batch.rows.length + rows.length > MAX_BATCH_ROWS) {
    const opened: Batch = (batch = { rows: [], answers: Promise.resolve(new Map()) });
    openBatches.set(db, opened);
    opened.answers = new Promise((resolve) => {
      setImmediate(() => {
        if (openBatches.get(db) === opened) openBatches.delete(db);
        resolve(startWork(() => expandBatch(db, opened.rows)));
      });
    });
  }
  batch.rows.push(...rows);
  const byBeta = await batch.answers;
  const answers = new Map<string, unknown>();
  for (const row of rows) for (const [part, answer] of byBeta.get(row.payload.betaId) ?? []) answers.set(part, answer);
  return answers;
}

async function expandBatch(db: Db, rows: readonly EffectsRow[]): Promise<ReadonlyMap<number, ReadonlyMap<string, unknown>>> {
  try {
    return await expand(db, rows);
  } catch {
    // The commands have committed; a worker expands each row once its grace has passed. (Rows
    // expanded here need no runner: they wake none.)
    announceJobs(db, rows.map((row) => row.runAt).sort()[0]);
    return new Map();
  }
}

/**
 * Consumes the rows still there and expands them, in one transaction: each beta's items of a part,
 * in the rows' order, go to the part's expander at once (one multi-row insert for many signups).
 * A row already gone (expanded elsewhere) expands nothing. Answers each beta's parts.
 */
async function expand(db: Db, rows: readonly EffectsRow[]): Promise<ReadonlyMap<number, ReadonlyMap<string, unknown>>> {
  const { expanders, holdsBeta } = expansionOf(db);
  return inTransaction(db, async (trx) => {
    const consumed = await trx
      .deleteFrom('outbox_jobs')
      .where('id', 'in', rows.map((row) => row.id))
      .returning('id')
      .execute();
    const still = new Set(consumed.map((row) => row.id));
    const partsByBeta = new Map<number, Map<string, unknown[]>>();
    for (const row of rows) {
      if (!still.has(row.id)) continue;
      let parts = partsByBeta.get(row.payload.betaId);
      if (!parts) partsByBeta.set(row.payload.betaId, (parts = new Map()));
      for (const [part, items] of Object.entries(row.payload.parts)) parts.set(part, [...(parts.get(part) ?? []), ...items]);
    }
    const answers = new Map<number, ReadonlyMap<string, unknown>>();
    for (const [betaId, parts] of partsByBeta) {
      if (!(await holdsBeta(trx, betaId))) continue;
      const byPart = new Map<string, unknown>();
      for (const [part, items] of parts) {
        const expander = expanders.get(part);
        if (!expander) throw new Error(`No expander for the effects part ${part}`);
        byPart.set(part, await expander(trx, betaId, items));
      }
      answers.set(betaId, byPart);
    }
    return answers;
  });
}

/** The worker's side: expands a row its process did not (it stopped, or its expansion failed). */
export function effectsJobHandler(db: Db): JobHandler {
  return async (payload, job) => {
    await expand(db, [{ id: job.id, payload: payload as EffectsPayload, runAt: job.run_at }]);
  };
}
