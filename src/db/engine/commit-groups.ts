// Group commit: commands queued while a transaction is open share it, each in a savepoint of its
// own, and are answered once the shared COMMIT has succeeded. A commit (its WAL flush) and the
// standings' read of the feed after it are then paid once per group instead of once per command,
// and on PostgreSQL a row every command locks (a hot referrer) is locked once per group instead of
// each command waiting for the previous one's flushed commit. A group begins at the end of the
// event loop's turn in which its first command queued (setImmediate), so that the requests read in
// that turn join it; nothing waits longer for a group to fill: it ends as soon as no command is
// queued.
//
// SQLite runs one group at a time on its one connection. PostgreSQL runs a few at once (`lanes`),
// each on a pooled connection of its own, all taking from one queue.
//
// A command that fails rolls back to its savepoint and fails alone; the others commit. PostgreSQL
// releases the locks the savepoint took, so a command chosen as a deadlock's victim frees the other
// group at once. Every command, failed or not, is answered only when its group has ended: one that
// runs again (a deadlock) then joins a later group, not the one still holding what it waited for.
// A failed BEGIN or COMMIT fails every command of the group, none of which has been answered: each
// runs again or reports the error, as it would alone.
import { AsyncResource } from 'node:async_hooks';
import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Database } from '../types.ts';
import type { Db, Executor } from '../executor.ts';

export interface GroupLimits {
  /** At most this many commands share a commit, so that reads queued behind a group wait for few. */
  maxMembers: number;
  /**
   * A group takes no new command once this long has passed since its first command finished: the
   * same bound on a read's wait, in time. Counted from then, not from BEGIN, so that a group whose
   * first command waited for a lock still takes the commands queued meanwhile.
   */
  maxOpenMs: number;
  /** Groups open at once, each on a connection of its own. */
  lanes: number;
}

export const GROUP_LIMITS: GroupLimits = { maxMembers: 32, maxOpenMs: 10, lanes: 1 };

// Compiled once: each command of a group after the first runs one or two of them. COMMIT
// releases the last savepoint, and one rolled back to stays open, empty, for the next command.
const SAVEPOINT = CompiledQuery.raw('savepoint command');
const RELEASE = CompiledQuery.raw('release command');
const ROLLBACK_TO = CompiledQuery.raw('rollback to command');
/** The savepoint of the next command after one that succeeded, in one round trip where the driver takes two statements at once. */
const NEXT_SAVEPOINT = CompiledQuery.raw('release command; savepoint command');

/** What a command's work is given: its own executor, and the transaction it shares with its group. */
export type GroupedWork<T> = (trx: Executor, transaction: object) => Promise<T>;

interface Member {
  /** The command's own async context: its work runs in it, and its group's turn is taken in it. */
  context: AsyncResource;
  work: GroupedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  member: Member;
  value?: unknown;
  error?: unknown;
  failed: boolean;
}

export class CommitGroups {
  readonly #queue: Member[] = [];
  #lanes = 0;

  /** @param afterCommit runs once per committed group, before any of its commands is answered. */
  constructor(
    private readonly db: Db,
    private readonly afterCommit: () => Promise<void>,
    private readonly limits: GroupLimits = GROUP_LIMITS,
    /** Whether the driver runs two statements sent as one text (PostgreSQL's, without parameters). */
    private readonly multipleStatements = false,
  ) {}

  /** Runs `work` in a savepoint of a group now open or the next one; settles after that group has ended. */
  run<T>(work: GroupedWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The work runs in a lane's call chain: bound here, it keeps its own request's context.
      const context = new AsyncResource('CommitGroupMember');
      const bound: GroupedWork<unknown> = (trx, transaction) => context.runInAsyncScope(work, null, trx, transaction);
      this.#queue.push({ context, work: bound, resolve: resolve as (value: unknown) => void, reject });
      if (this.#lanes < this.limits.lanes) {
        this.#lanes++;
        // The group begins once the event loop's turn is over: the requests read in the same turn
        // reach their commands meanwhile, in microtasks, and share it.
        setImmediate(() => void this.#lane());
      }
    });
  }

  async #lane(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#group();
    } finally {
      this.#lanes--;
    }
  }

  /** Opens the savepoint of the next command, releasing the previous command's first when it holds one. */
  async #savepoint(group: ControlledTransaction<Database>, releasing: boolean): Promise<void> {
    if (!releasing) await group.executeQuery(SAVEPOINT);
    else if (this.multipleStatements) await group.executeQuery(NEXT_SAVEPOINT);
    else {
      await group.executeQuery(RELEASE);
      await group.executeQuery(SAVEPOINT);
    }
  }

  async #group(): Promise<void> {
    let group: ControlledTransaction<Database>;
    try {
      // The connection is lent to the oldest work first (connection-turns.ts): the group asks for
      // it as its first command, not as whichever request happened to start the lane, which
      // would put every later group ahead of every read waiting.
      group = await this.#queue[0].context.runInAsyncScope(() => this.db.startTransaction().execute());
    } catch (error) {
      // No transaction (SQLite busy past its timeout, PostgreSQL unreachable): every command queued now fails as it would alone.
      for (const member of this.#queue.splice(0)) member.reject(error);
      return;
    }
    const outcomes: Outcome[] = [];
    let kept = 0;
    // The savepoint between commands: none yet, open with nothing done since, or holding a command.
    let savepoint: 'none' | 'empty' | 'held' = 'none';
    let firstDone: number | undefined;
    /** The command taken from the queue and not yet among the outcomes: a failed savepoint must still answer it. */
    let current: Member | undefined;
    try {
      const { maxMembers, maxOpenMs } = this.limits;
      // Another lane may have taken the queue while this one began.
      while (this.#queue.length > 0 && outcomes.length < maxMembers && (firstDone === undefined || performance.now() - firstDone < maxOpenMs)) {
        const member = this.#queue.shift()!;
        current = member;
        // Until a command has succeeded the transaction holds nothing to keep: the command needs
        // no savepoint (a round trip fewer for a lone one), and its failure rolls back the whole.
        const guarded = kept > 0;
        if (guarded && savepoint !== 'empty') await this.#savepoint(group, savepoint === 'held');
        try {
          // Each command gets an executor object of its own: what it schedules is keyed by it.
          const value = await member.work(group.withoutPlugins(), group);
          if (guarded) savepoint = 'held';
          outcomes.push({ member, value, failed: false });
          current = undefined;
          kept++;
        } catch (error) {
          outcomes.push({ member, error, failed: true });
          current = undefined;
          if (!guarded) {
            await group.rollback().execute();
            break;
          }
          await group.executeQuery(ROLLBACK_TO);
          savepoint = 'empty';
        }
        firstDone ??= performance.now();
      }
      if (!group.isRolledBack) await group.commit().execute();
    } catch (error) {
      // The shared transaction itself failed (a rollback to a savepoint, or the commit): nothing of it stands.
      if (!group.isCommitted && !group.isRolledBack) await group.rollback().execute().catch(() => {});
      for (const outcome of outcomes) outcome.member.reject(outcome.failed ? outcome.error : error);
      current?.reject(error);
      return;
    }
    try {
      if (kept > 0) await this.afterCommit();
    } finally {
      for (const { member, value, error, failed } of outcomes) {
        if (failed) member.reject(error);
        else member.resolve(value);
      }
    }
  }
}
