// The transactional outbox: side effects are written as job rows in the same transaction as the
// change that causes them, and performed after commit by the runner. Several runners (processes)
// may share one PostgreSQL database; there a committed job wakes them (db/engine/wakeups.ts), with its due
// time, instead of their polling for it: each claim takes rows with FOR UPDATE SKIP LOCKED and leases
// them to its process, so a job is handed to one runner at a time. The lease is short and renewed
// while the job runs; a crashed runner's jobs are taken back at once by the next process to start
// on its host, or claimed again when their lease runs out (at-least-once). A runner that stops
// gives back the jobs it could not finish in time, for another runner or the next start to claim
// at once.
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { compiledVariants } from '../db/engine/compiled.ts';
import { forUpdate } from '../db/database.ts';
import type { DialectName, Db, Executor } from '../db/executor.ts';
import type { OutboxJobRow } from '../db/tables/effects.ts';
import { batched } from '../db/engine/batched.ts';
import { startWork } from '../db/engine/connection-turns.ts';
import { databaseOf, afterCommit, isCommandTransaction } from '../db/transaction.ts';
import { HEARTBEAT_MS, wakeupsOf, type Wakeups } from '../db/engine/wakeups.ts';
import { addSeconds, storedTime, type Clock } from '../primitives/time.ts';
import { isGone, newHolder } from './holders.ts';

/**
 * Performs one job. Resolving finishes it (the row is deleted); resolving with `retryAt` runs it
 * again then, for kinds with their own schedule (webhook deliveries), and with `notAttempted` too
 * the attempt it was claimed for is not counted (it was put off before it began: an e-mail past a
 * cap, or of a paused beta); throwing retries it with
 * exponential backoff, and after MAX_ATTEMPTS parks it with its error for an operator to see.
 * `stop` aborts when the runner is stopping and the job's time is up: a handler that can end
 * early (a webhook delivery waiting for its receiver) throws then, and the job is given back as
 * if never attempted.
 */
export type JobHandler = (payload: unknown, job: OutboxJobRow, stop: AbortSignal) => Promise<JobResult>;
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is done; one that returns a time is run again then
export type JobResult = void | { retryAt: Date; notAttempted?: true };

/**
 * How an attempt ended: done; retry (the handler scheduled another attempt itself, as a webhook
 * delivery does when the receiver did not accept); error (it threw and is retried with backoff);
 * parked (it threw on its last attempt).
 */
export type JobOutcome = 'done' | 'retry' | 'error' | 'parked';

/** Told of every finished attempt (metrics). */
export interface JobObserver {
  jobSettled(kind: string, outcome: JobOutcome, dueAt: Date, finishedAt: Date): void;
}

/**
 * How long a claimed job stays leased unless renewed: how soon a runner elsewhere takes over the
 * jobs of one that died without a process on its host to take them back.
 */
export const JOB_LEASE_SECONDS = 20;
/** Renewed every 5 s while the job runs, so three late or failed renewals in a row do not lose it. */
const RENEW_MS = 5_000;
const BATCH_SIZE = 20;
const MAX_IN_FLIGHT = 50;
/** After the jobs' time is up, how long the handlers have to end on their signal before their jobs are given back all the same. */
const ABANDON_GRACE_MS = 1_000;
/** Attempts before a throwing job is parked: a handler seeing its last one can settle it instead. */
export const MAX_ATTEMPTS = 10;
/** run_at of a job that failed for good: kept for an operator to see, never claimed again. */
export const PARKED = '9999-12-31T00:00:00.000Z';

export function enqueueJob(trx: Executor, kind: string, payload: unknown, runAt: Date): Promise<void> {
  return enqueueJobs(trx, kind, [{ payload, runAt }]);
}

/** Jobs per insert: 4 bound parameters each, far below either database's limit. */
const INSERT_CHUNK = 1000;

/** An insert of `count` jobs: a command enqueues a few, so each count is compiled once. */
const jobsInsert = compiledVariants((_count: number) => (db, rows: Pick<OutboxJobRow, 'kind' | 'payload' | 'run_at' | 'created_at'>[]) =>
  db.insertInto('outbox_jobs').values(rows),
);

/**
 * Several jobs of one kind, in as few inserts as the databases' parameter limits allow. The
 * runners are woken with the earliest due time once the jobs are committed: after the command's
 * commit, or at once outside a transaction. (A transaction of another kind leaves them to the
 * runners' heartbeat.)
 */
export async function enqueueJobs(trx: Executor, kind: string, jobs: readonly { payload: unknown; runAt: Date }[]): Promise<void> {
  let earliest: string | undefined;
  for (let start = 0; start < jobs.length; start += INSERT_CHUNK) {
    const rows = jobs.slice(start, start + INSERT_CHUNK).map(({ payload, runAt }) => {
      const at = storedTime(runAt);
      if (earliest === undefined || at < earliest) earliest = at;
      return { kind, payload: JSON.stringify(payload), run_at: at, created_at: at };
    });
    await jobsInsert(rows.length).execute(trx, rows);
  }
  if (earliest === undefined) return;
  const due = earliest;
  if (isCommandTransaction(trx)) afterCommit(trx, async () => announceJobs(databaseOf(trx), due));
  else if (!trx.isTransaction) announceJobs(trx, due);
}

/** Wakes the runners for jobs committed due at `runAt` (a stored time). */
export function announceJobs(db: Db, runAt: string): void {
  wakeupsOf(db)?.announce('outbox', runAt);
}

/** Due times closer than this are one wake-up: a burst of jobs due in a few seconds (effects rows) costs one claim. */
const DUE_GRANULE_MS = 100;
/** Due times kept for wake-ups; later ones are left to the heartbeat. */
const MAX_DUE_TIMES = 1000;

export interface RunnerOptions {
  /** The process's name in the leases it takes; one of its own by default. */
  holder?: string;
  renewEveryMs?: number;
}

export class JobRunner {
  readonly holder: string;
  private readonly renewEveryMs: number;
  /** Ids of the jobs this runner has in hand: their leases are renewed, and never claimed by it again. */
  private readonly held = new Set<number>();
  private renewal: NodeJS.Timeout | null = null;
  private renewing = false;
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<unknown> | null = null;
  /** Every slot is busy: the next claim comes as soon as a job finishes. */
  private waitingForSlot = false;
  /** Jobs started by the polling loop and not finished yet. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs claimed whose attempt is not recorded yet: what a stop gives back. */
  private readonly inHand = new Map<number, OutboxJobRow>();
  /** Set by stop(): no claim after it. */
  private stopped = false;
  /** When jobs announced for later fall due (ms, rounded up to DUE_GRANULE_MS): a claim is made then. */
  private readonly dueTimes = new Set<number>();
  private stopListening: (() => void) | null = null;
  private readonly wakeups: Wakeups | undefined;
  /** Aborted when a stopping runner's jobs are out of time: the signal every handler in hand listens to. */
  private readonly outOfTime = new AbortController();
  /** Deletes finished jobs: the jobs of a claim finish close together, and go in one statement. */
  private readonly finish = batched(async (ids: readonly number[]) => {
    await this.db.deleteFrom('outbox_jobs').where('id', 'in', [...ids]).execute();
    return ids.map(() => undefined);
  });

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private readonly observer?: JobObserver,
    options: RunnerOptions = {},
  ) {
    setMaxListeners(MAX_IN_FLIGHT, this.outOfTime.signal);
    this.holder = options.holder ?? newHolder();
    this.renewEveryMs = options.renewEveryMs ?? RENEW_MS;
    this.wakeups = wakeupsOf(db);
  }

  /**
   * Makes the jobs held by a process of this host that is gone (killed, crashed; see isGone)
   * claimable at once rather than when their leases run out: a process starting calls this before
   * it claims. Returns how many jobs it freed.
   */
  async takeBackFromGone(): Promise<number> {
    const holders = await this.db.selectFrom('outbox_jobs').select('locked_by').distinct().where('locked_by', 'is not', null).execute();
    const gone = holders.map((row) => row.locked_by!).filter((holder) => isGone(holder, this.holder));
    if (gone.length === 0) return 0;
    const { numUpdatedRows } = await this.db
      .updateTable('outbox_jobs')
      .set({ locked_by: null, locked_until: null })
      .where('locked_by', 'in', gone)
      .executeTakeFirst();
    return Number(numUpdatedRows);
  }

  /** Claims due jobs and runs them side by side (each is independent); returns how many ran. */
  async runDue(): Promise<number> {
    const jobs = await this.claim(BATCH_SIZE);
    await Promise.all(jobs.map((job) => this.perform(job)));
    return jobs.length;
  }

  /**
   * Claims due jobs and keeps up to MAX_IN_FLIGHT of them running: a slow job (a receiver taking
   * its 15 s) holds one slot, not the loop. A full claim means more is waiting, so the next claim
   * comes at once, and with every slot busy it comes as soon as one frees: the backlog drains as
   * fast as jobs finish. Otherwise the next claim comes when jobs are announced (at once, or at
   * their due time), or after HEARTBEAT_MS; every `intervalMs` where there are no wake-ups (SQLite,
   * or PostgreSQL's listening connection down).
   */
  start(intervalMs = 500): void {
    if (this.timer) return;
    /** When the pending timer fires (null while a claim runs or waits for a slot). */
    let nextAt: number | null = null;
    const schedule = (delayMs: number) => {
      if (this.timer) clearTimeout(this.timer);
      nextAt = Date.now() + delayMs;
      this.timer = setTimeout(tick, delayMs);
    };
    /** Until the next claim when nothing wakes the runner: the heartbeat, or the next due time known. */
    const idleDelay = () => {
      const pace = this.wakeups?.listening ? HEARTBEAT_MS : intervalMs;
      let next = Date.now() + pace;
      for (const at of this.dueTimes) next = Math.min(next, at);
      return Math.max(0, next - Date.now());
    };
    let inClaim = false;
    /** Woken while a claim was under way: the next claim comes at once. */
    let wokenDuringClaim = false;
    const wake = (dueAt: number) => {
      if (this.stopped || !this.timer) return;
      if (dueAt > Date.now() && this.dueTimes.size < MAX_DUE_TIMES) this.dueTimes.add(Math.ceil(dueAt / DUE_GRANULE_MS) * DUE_GRANULE_MS);
      if (inClaim && dueAt <= Date.now()) wokenDuringClaim = true;
      // A claim under way, or every slot busy, schedules the next one itself when it ends.
      if (inClaim || this.waitingForSlot) return;
      const at = Math.max(Date.now(), dueAt);
      if (nextAt === null || at < nextAt) schedule(at - Date.now());
    };
    this.dueAt = wake;
    this.stopListening =
      this.wakeups?.listen('outbox', {
        woken: (payload) => wake(payload === '' ? 0 : Date.parse(payload)),
        listeningChanged: () => wake(0),
      }) ?? null;
    const tick = async () => {
      inClaim = true;
      nextAt = null;
      wokenDuringClaim = false;
      const startedAt = Date.now();
      for (const at of this.dueTimes) if (at <= startedAt) this.dueTimes.delete(at);
      let claimed = 0;
      const free = Math.min(BATCH_SIZE, MAX_IN_FLIGHT - this.inFlight.size);
      try {
        if (free > 0) {
          const claiming = this.claim(free);
          this.claiming = claiming;
          const jobs = await claiming;
          claimed = jobs.length;
          // Claimed as the runner was told to stop: not begun, given back by stop().
          if (this.stopped) return;
          for (const job of jobs) {
            const running = this.perform(job)
              .catch((error: unknown) => this.log.error({ err: error, jobId: job.id }, 'outbox runner failed to record a job'))
              .finally(() => {
                this.inFlight.delete(running);
                if (this.waitingForSlot) {
                  this.waitingForSlot = false;
                  schedule(0);
                }
              });
            this.inFlight.add(running);
          }
        }
      } catch (error) {
        this.log.error({ err: error }, 'outbox runner failed to claim jobs');
      } finally {
        this.claiming = null;
        inClaim = false;
        // Not when stopped meanwhile.
        if (this.timer && free === 0) this.waitingForSlot = true;
        else if (this.timer) schedule(claimed === free || wokenDuringClaim ? 0 : idleDelay());
      }
    };
    schedule(0);
  }

  /** Makes a claim at `at` (ms), or at once when it is past; nothing before start() or after stop(). */
  private dueAt: (at: number) => void = () => {};

  /**
   * Stops claiming at once, lets the jobs in hand finish for `drainMs`, then aborts their handlers'
   * signal and gives back every job still in hand: its lease released and the attempt it was
   * claimed for uncounted, so that another runner, or the next start, takes it at once.
   */
  async stop(drainMs: number): Promise<void> {
    const deadline = Date.now() + drainMs;
    this.stopped = true;
    this.stopListening?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waitingForSlot = false;
    await this.claiming?.catch(() => {}); // a failed claim was logged by its tick
    const running = Promise.all(this.inFlight);
    if (!(await settlesWithin(running, deadline - Date.now()))) {
      this.outOfTime.abort(new Error('The process is stopping: the job is given back'));
      // A handler that ignores its signal is not waited for: its job is given back all the same.
      await settlesWithin(running, ABANDON_GRACE_MS);
    }
    const left = [...this.inHand.values()];
    if (left.length === 0) return;
    try {
      await this.giveBack(left);
      // For another runner to take at once.
      announceJobs(this.db, '');
      this.log.warn({ jobs: left.length }, 'outbox runner stopping: jobs not finished in time were given back');
    } catch (error) {
      this.log.error({ err: error, jobs: left.length }, 'outbox runner failed to give back its jobs: they are claimed again when their lease runs out');
    }
  }

  /** Releases the jobs' leases and uncounts their attempt; one that another runner claimed since (its attempts moved on) is left alone. */
  private async giveBack(jobs: OutboxJobRow[]): Promise<void> {
    const byAttempts = new Map<number, OutboxJobRow[]>();
    for (const job of jobs) byAttempts.set(job.attempts, [...(byAttempts.get(job.attempts) ?? []), job]);
    for (const [attempts, group] of byAttempts) {
      await this.db
        .updateTable('outbox_jobs')
        .set({ locked_until: null, locked_by: null, attempts: attempts - 1 })
        .where('id', 'in', group.map((job) => job.id))
        .where('locked_by', '=', this.holder)
        .where('attempts', '=', attempts)
        .execute();
    }
    for (const job of jobs) this.inHand.delete(job.id);
  }

  private async claim(limit: number): Promise<OutboxJobRow[]> {
    const now = this.clock.now();
    const nowText = storedTime(now);
    const claimed = await this.db.transaction().execute(async (trx) => {
      const due = await forUpdate(
        this.dialect,
        trx
          .selectFrom('outbox_jobs')
          .select('id')
          .where('run_at', '<=', nowText)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowText)]))
          // Even should its renewals have fallen behind, a job in hand is not run a second time here.
          .$if(this.held.size > 0, (query) => query.where('id', 'not in', [...this.held]))
          // The index's order: by id alone, a claim read past every job not yet due (coalescing
          // windows, retries in backoff) and sorted the due ones, 6.6 ms at 30,000 of each.
          .orderBy('run_at')
          .orderBy('id')
          .limit(limit),
        { skipLocked: true },
      ).execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('outbox_jobs')
        .set((eb) => ({ locked_until: storedTime(addSeconds(now, JOB_LEASE_SECONDS)), locked_by: this.holder, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due.map((row) => row.id))
        .returningAll()
        .execute();
    });
    for (const job of claimed) this.inHand.set(job.id, job);
    return claimed;
  }

  private async perform(job: OutboxJobRow): Promise<void> {
    this.hold(job.id);
    let outcome: JobOutcome | 'given back';
    try {
      // A job is work as a request is (SQLite's turns): begun, it runs to its end before work that
      // began later, instead of queueing each of its queries behind every newer request.
      outcome = await startWork(() => this.attempt(job));
    } finally {
      this.letGo(job.id);
    }
    if (outcome === 'given back') return; // still in hand: stop() releases it
    this.inHand.delete(job.id);
    this.observer?.jobSettled(job.kind, outcome, new Date(job.run_at), this.clock.now());
  }

  /** Renewals run while at least one job is in hand, so an idle runner writes nothing. */
  private hold(id: number): void {
    this.held.add(id);
    if (this.renewal) return;
    this.renewal = setInterval(() => void this.renewLeases(), this.renewEveryMs);
    this.renewal.unref();
  }

  private letGo(id: number): void {
    this.held.delete(id);
    if (this.held.size > 0 || !this.renewal) return;
    clearInterval(this.renewal);
    this.renewal = null;
  }

  /** Extends the leases of the jobs in hand, those still ours (not taken back or over meanwhile). */
  private async renewLeases(): Promise<void> {
    if (this.renewing || this.held.size === 0) return;
    this.renewing = true;
    try {
      await this.db
        .updateTable('outbox_jobs')
        .set({ locked_until: storedTime(addSeconds(this.clock.now(), JOB_LEASE_SECONDS)) })
        .where('id', 'in', [...this.held])
        .where('locked_by', '=', this.holder)
        .execute();
    } catch (error) {
      // The jobs go on; should their leases run out meanwhile, a runner elsewhere may run them again.
      this.log.warn({ err: error, jobs: this.held.size }, 'outbox lease renewal failed');
    } finally {
      this.renewing = false;
    }
  }

  private async attempt(job: OutboxJobRow): Promise<JobOutcome | 'given back'> {
    const stop = this.outOfTime.signal;
    // Its turn came after the time was up (SQLite's turns): not begun.
    if (stop.aborted) return 'given back';
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const outcome = await handler(JSON.parse(job.payload), job, stop);
      if (outcome) {
        await this.release(job, { run_at: storedTime(outcome.retryAt), ...(outcome.notAttempted ? { attempts: job.attempts - 1 } : {}) });
        this.dueAt(outcome.retryAt.getTime());
        return 'retry';
      }
      await this.finish(job.id);
      return 'done';
    } catch (error) {
      // Cut short by the stop, not a failure of the job.
      if (stop.aborted) return 'given back';
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      this.log[giveUp ? 'error' : 'warn']({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'outbox job failed');
      // A job that keeps failing stays in the table with its error, parked, for an operator to see.
      const retryAt = giveUp ? PARKED : storedTime(addSeconds(this.clock.now(), 2 ** job.attempts));
      await this.release(job, { run_at: retryAt, last_error: message.slice(0, 2000) });
      if (!giveUp) this.dueAt(Date.parse(retryAt));
      return giveUp ? 'parked' : 'error';
    }
  }

  /**
   * Gives the job back to the queue, due at `run_at`, unless a runner elsewhere has taken it over
   * meanwhile (this one's renewals failed): then it is that runner's to settle.
   */
  private async release(job: OutboxJobRow, changes: { run_at: string; last_error?: string; attempts?: number }): Promise<void> {
    await this.db
      .updateTable('outbox_jobs')
      .set({ ...changes, locked_until: null, locked_by: null })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.holder)
      .execute();
  }
}

/** Whether `promise` settles within `ms` (0 or less: only if it already has). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  try {
    return await Promise.race([promise.then(() => true, () => true), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
