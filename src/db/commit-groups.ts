// Group commit on SQLite: commands that queue for the single connection while another's
// transaction is open share that transaction, each in a savepoint of its own, and are answered
// once the shared COMMIT has succeeded. A commit (its WAL append) and the standings' read of the
// feed after it are then paid once per group instead of once per command. Nothing waits for a
// group to fill: a group ends as soon as no command is queued, so a lone command commits at once.
//
// A command that fails rolls back to its savepoint and fails alone; the others commit. A failed
// BEGIN or COMMIT fails every command of the group, none of which has been answered: each runs
// again or reports the error, as it would alone. PostgreSQL commits concurrently on its own.
import { AsyncResource } from 'node:async_hooks';
import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { Database } from './types.ts';
import type { Db, Executor } from './database.ts';

export interface GroupLimits {
  /** At most this many commands share a commit, so that reads queued behind a group wait for few. */
  maxMembers: number;
  /** A group takes no new command once open this long: the same bound on a read's wait, in time. */
  maxOpenMs: number;
}

export const GROUP_LIMITS: GroupLimits = { maxMembers: 32, maxOpenMs: 10 };

// Compiled once: each command of a group runs two or three of them.
const SAVEPOINT = CompiledQuery.raw('savepoint command');
const RELEASE = CompiledQuery.raw('release command');
const ROLLBACK_TO = CompiledQuery.raw('rollback to command');

interface Member {
  /** The command's own async context: its work runs in it, and its group's turn is taken in it. */
  context: AsyncResource;
  work: (trx: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class CommitGroups {
  readonly #queue: Member[] = [];
  #leading = false;

  /** @param afterCommit runs once per committed group, before any of its commands is answered. */
  constructor(
    private readonly db: Db,
    private readonly afterCommit: () => Promise<void>,
    private readonly limits: GroupLimits = GROUP_LIMITS,
  ) {}

  /** Runs `work` in a savepoint of the group now open or the next one; settles after the group's commit. */
  run<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The work runs in the leader's call chain: bound here, it keeps its own request's context.
      const context = new AsyncResource('CommitGroupMember');
      const bound = (trx: Executor) => context.runInAsyncScope(work, null, trx);
      this.#queue.push({ context, work: bound, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#leading) void this.#lead();
    });
  }

  async #lead(): Promise<void> {
    this.#leading = true;
    try {
      while (this.#queue.length > 0) await this.#group();
    } finally {
      this.#leading = false;
    }
  }

  async #group(): Promise<void> {
    let group: ControlledTransaction<Database>;
    try {
      // The connection is lent to the oldest work first (connection-turns.ts): the group asks for
      // it as its first command, not as whichever request happened to start the leader, which
      // would put every later group ahead of every read waiting.
      group = await this.#queue[0].context.runInAsyncScope(() => this.db.startTransaction().execute());
    } catch (error) {
      // No transaction (SQLite busy past its timeout): every command queued now fails as it would alone.
      for (const member of this.#queue.splice(0)) member.reject(error);
      return;
    }
    const opened = performance.now();
    const done: { member: Member; value: unknown }[] = [];
    let members = 0;
    try {
      const { maxMembers, maxOpenMs } = this.limits;
      while (this.#queue.length > 0 && members < maxMembers && (members === 0 || performance.now() - opened < maxOpenMs)) {
        const member = this.#queue.shift()!;
        members++;
        await group.executeQuery(SAVEPOINT);
        try {
          // Each command gets an executor object of its own: what it schedules is keyed by it.
          const value = await member.work(group.withoutPlugins());
          await group.executeQuery(RELEASE);
          done.push({ member, value });
        } catch (error) {
          member.reject(error);
          await group.executeQuery(ROLLBACK_TO);
          await group.executeQuery(RELEASE);
        }
      }
      await group.commit().execute();
    } catch (error) {
      // The shared transaction itself failed (a rollback to a savepoint, or the commit): nothing of it stands.
      if (!group.isCommitted && !group.isRolledBack) await group.rollback().execute().catch(() => {});
      for (const { member } of done) member.reject(error);
      return;
    }
    try {
      await this.afterCommit();
    } finally {
      for (const { member, value } of done) member.resolve(value);
    }
  }
}
