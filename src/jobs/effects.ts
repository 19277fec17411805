// A command's side effects leave its transaction as one outbox row (docs/decisions.md, "One outbox
// row per signup"): the webhook events and e-mails a command causes are collected as it runs and
// written as one EFFECTS_JOB row just before it commits. After commit the same process expands the
// row: in one transaction it consumes the row and writes what the row names (events with their
// bodies and one delivery job per endpoint, e-mail messages with their send jobs). Should the
// process stop first, a worker claims the row once its grace has passed and expands it alike.
// Consuming the row in the expansion's own transaction makes an expansion happen once: a second
// one, after a crash or beside a worker, finds the row gone and writes nothing.
import type { Db, Executor } from '../db/database.ts';
import { afterCommit, beforeCommit, databaseOf, inTransaction } from '../db/transaction.ts';
import { storedTime } from '../time.ts';
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

async function writeRows(trx: Executor, db: Db, deferred: Deferred, now: string): Promise<void> {
  const runAt = storedTime(new Date(Date.parse(now) + EXPANSION_GRACE_SECONDS * 1000));
  const rows: { id: number; payload: EffectsPayload }[] = [];
  for (const [betaId, parts] of deferred.byBeta) {
    const payload: EffectsPayload = { betaId, parts };
    const { id } = await trx
      .insertInto('outbox_jobs')
      .values({ kind: EFFECTS_JOB, payload: JSON.stringify(payload), run_at: runAt, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    rows.push({ id, payload });
  }
  afterCommit(trx, async () => {
    deferred.outcome = expandAll(db, rows, runAt);
    await deferred.outcome;
  });
}

async function expandAll(db: Db, rows: readonly { id: number; payload: EffectsPayload }[], runAt: string): Promise<ReadonlyMap<string, unknown>> {
  const answers = new Map<string, unknown>();
  try {
    for (const row of rows) {
      for (const [part, answer] of await expand(db, row.id, row.payload)) answers.set(part, answer);
    }
  } catch {
    // The command has committed; a worker expands the row once its grace has passed. (Rows
    // expanded here need no runner: they wake none.)
    announceJobs(db, runAt);
  }
  return answers;
}

/** Consumes the row and expands it, in one transaction; nothing when the row is gone (expanded already). */
async function expand(db: Db, jobId: number, payload: EffectsPayload): Promise<ReadonlyMap<string, unknown>> {
  const { expanders, holdsBeta } = expansionOf(db);
  return inTransaction(db, async (trx) => {
    const answers = new Map<string, unknown>();
    const held = await holdsBeta(trx, payload.betaId);
    const consumed = await trx.deleteFrom('outbox_jobs').where('id', '=', jobId).executeTakeFirst();
    if (!held || Number(consumed.numDeletedRows) !== 1) return answers;
    for (const [part, items] of Object.entries(payload.parts)) {
      const expander = expanders.get(part);
      if (!expander) throw new Error(`No expander for the effects part ${part}`);
      answers.set(part, await expander(trx, payload.betaId, items));
    }
    return answers;
  });
}

/** The worker's side: expands a row its process did not (it stopped, or its expansion failed). */
export function effectsJobHandler(db: Db): JobHandler {
  return async (payload, job) => {
    await expand(db, job.id, payload as EffectsPayload);
  };
}
