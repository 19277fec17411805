// One transaction per command, retried when the database says a conflict was transient.
import { CommitGroups, type GroupLimits } from './engine/commit-groups.ts';
import type { Db, Executor } from './executor.ts';
import { transientConflict } from './errors.ts';
import { runFinalWrites, type FinalWrite } from './final-writes.ts';

const MAX_ATTEMPTS = 5;

/** Why a command's transaction ran again: a transient conflict, or `other` (an error its retryAlso accepted). */
export type RetryReason = NonNullable<ReturnType<typeof transientConflict>> | 'other';

const retries = new WeakMap<Db, Record<RetryReason, number>>();
const noRetries = (): Record<RetryReason, number> => ({ deadlock: 0, serialization: 0, stale_plan: 0, busy: 0, other: 0 });

/**
 * How many times commands on `db` ran their transaction again since it was opened, by reason (for
 * /metrics). Deadlocks mean two commands took locks in different orders (docs/architecture.md,
 * "Lock order").
 */
export function transactionRetries(db: Db): Readonly<Record<RetryReason, number>> {
  return { ...(retries.get(db) ?? noRetries()) };
}

function countRetry(db: Db, reason: RetryReason): void {
  const counts = retries.get(db) ?? noRetries();
  counts[reason] += 1;
  retries.set(db, counts);
}

type Task = () => Promise<void>;

/** Work a command's transaction schedules for its own end: just before it commits, and after. */
interface TransactionEnd {
  beforeCommit: Task[];
  /** Written after the beforeCommit tasks, in one statement where the database allows (final-writes.ts). */
  finalWrites: FinalWrite[];
  afterCommit: Task[];
  /** The database transaction the command runs in: its own, or the one its commit group shares. */
  transaction: object;
}

const ends = new WeakMap<Executor, TransactionEnd>();

/** The database each command's transaction runs on. */
const databases = new WeakMap<Executor, Db>();

/**
 * What runs after every command's commit on a database (the standings index reading its feed),
 * before the command's own afterCommit tasks and before inTransaction returns. It must not fail
 * the command.
 */
export type CommitObserver = () => Promise<void>;

const observers = new WeakMap<Db, CommitObserver[]>();

export function observeCommits(db: Db, observer: CommitObserver): void {
  observers.set(db, [...(observers.get(db) ?? []), observer]);
}

async function observeCommit(db: Db): Promise<void> {
  for (const observer of observers.get(db) ?? []) await observer();
}

const commitGroups = new WeakMap<Db, CommitGroups>();

/** From now on, commands on `db` that queue behind an open transaction share its commit (commit-groups.ts). */
export function groupCommits(db: Db, limits?: GroupLimits, multipleStatements?: boolean): void {
  commitGroups.set(db, new CommitGroups(db, () => observeCommit(db), limits, multipleStatements));
}

function endOf(trx: Executor): TransactionEnd {
  const end = ends.get(trx);
  if (!end) throw new Error('This needs the transaction of a command: run it through inTransaction');
  return end;
}

/** Whether `executor` is the transaction of a command run through inTransaction. */
export function isCommandTransaction(executor: Executor): boolean {
  return ends.has(executor);
}

/** The database a command's transaction runs on. */
export function databaseOf(trx: Executor): Db {
  const db = databases.get(trx);
  if (!db) throw new Error('This needs the transaction of a command: run it through inTransaction');
  return db;
}

/**
 * The database transaction a command's transaction is part of: the same object for every command
 * of one commit group (commit-groups.ts), so that what such commands share (a lock) can be taken once.
 */
export function sharedTransaction(trx: Executor): object {
  return endOf(trx).transaction;
}

/**
 * Runs `task` as the last statement(s) of the transaction, after the command's own work: writes a
 * command collects as it goes (its events) are then made in one statement instead of one each.
 */
export function beforeCommit(trx: Executor, task: Task): void {
  endOf(trx).beforeCommit.push(task);
}

/**
 * Writes `write` just before the commit, after every beforeCommit task: with the command's other
 * final writes, in one statement on PostgreSQL. Nothing in the transaction may read what it writes.
 */
export function writeAtCommit(trx: Executor, write: FinalWrite): void {
  endOf(trx).finalWrites.push(write);
}

/**
 * Runs `task` once the transaction has committed, before inTransaction returns; never for an
 * attempt that rolled back. The task must not fail the command (it has happened): it handles its
 * own errors.
 */
export function afterCommit(trx: Executor, task: Task): void {
  endOf(trx).afterCommit.push(task);
}

/**
 * Runs `work` in a transaction. A deadlock, serialization failure or busy SQLite database rolls it
 * back and runs it again (at most five attempts), as does any error `retryAlso` accepts — such as a
 * freshly generated code colliding at insert. `work` must therefore have no effect outside the
 * transaction (docs/architecture.md, "Rules between the layers": side effects leave
 * through the outbox, or afterCommit).
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Executor) => Promise<T>,
  options: { retryAlso?: (error: unknown) => boolean } = {},
): Promise<T> {
  const groups = commitGroups.get(db);
  for (let attempt = 1; ; attempt++) {
    const end: TransactionEnd = { beforeCommit: [], finalWrites: [], afterCommit: [], transaction: {} };
    const command = async (trx: Executor, transaction: object = trx) => {
      end.transaction = transaction;
      ends.set(trx, end);
      databases.set(trx, db);
      const value = await work(trx);
      // A task may schedule another (events raised while flushing): run until none is left.
      let task = 0;
      while (task < end.beforeCommit.length || end.finalWrites.length > 0) {
        for (; task < end.beforeCommit.length; task++) await end.beforeCommit[task]();
        await runFinalWrites(trx, end.finalWrites.splice(0));
      }
      return value;
    };
    let result: T;
    try {
      result = groups ? await groups.run(command) : await db.transaction().execute(command);
    } catch (error) {
      const reason = transientConflict(error) ?? (options.retryAlso?.(error) ? 'other' : null);
      if (reason === null || attempt >= MAX_ATTEMPTS) throw error;
      countRetry(db, reason);
      continue;
    }
    // Outside the retry: the command has committed and must not run again. A group has told the
    // observers already, once for all its commands.
    if (!groups) await observeCommit(db);
    for (const task of end.afterCommit) await task();
    return result;
  }
}
