// The transactional outbox: side effects are written as job rows in the same transaction as the
// change that causes them, and performed after commit by the runner. Several runners (processes)
// may poll one PostgreSQL database: each claim takes rows with FOR UPDATE SKIP LOCKED and leases
// them, so a job is handed to one runner at a time; a crashed runner's lease runs out and the job
// is claimed again (at-least-once). A runner that stops gives back the jobs it could not finish in
// time, for another runner or the next start to claim at once.
import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { forUpdate, type DialectName, type Db, type Executor } from '../db/database.ts';
import type { OutboxJobRow } from '../db/types.ts';
import { batched } from '../db/batched.ts';
import { startWork } from '../db/connection-turns.ts';
import { addSeconds, storedTime, type Clock } from '../time.ts';

/**
 * Performs one job. Resolving finishes it (the row is deleted); resolving with `retryAt` runs it
 * again then, for kinds with their own schedule (webhook deliveries); throwing retries it with
 * exponential backoff, and after MAX_ATTEMPTS parks it with its error for an operator to see.
 * `stop` aborts when the runner is stopping and the job's time is up: a handler that can end
 * early (a webhook delivery waiting for its receiver) throws then, and the job is given back as
 * if never attempted.
 */
export type JobHandler = (payload: unknown, job: OutboxJobRow, stop: AbortSignal) => Promise<void | { retryAt: Date }>;

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

// A lease outlasts the slowest handler (a webhook delivery times out after 15 s) with room to
// spare, so no job is claimed by a second runner while the first is still on it.
const LEASE_SECONDS = 60;
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

/** Several jobs of one kind, in as few inserts as the databases' parameter limits allow. */
export async function enqueueJobs(trx: Executor, kind: string, jobs: readonly { payload: unknown; runAt: Date }[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += INSERT_CHUNK) {
    const rows = jobs.slice(start, start + INSERT_CHUNK).map(({ payload, runAt }) => {
      const at = storedTime(runAt);
      return { kind, payload: JSON.stringify(payload), run_at: at, created_at: at };
    });
    await trx.insertInto('outbox_jobs').values(rows).execute();
  }
}

export class JobRunner {
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
  ) {
    setMaxListeners(MAX_IN_FLIGHT, this.outOfTime.signal);
  }

  /** Claims due jobs and runs them side by side (each is independent); returns how many ran. */
  async runDue(): Promise<number> {
    const jobs = await this.claim(BATCH_SIZE);
    await Promise.all(jobs.map((job) => this.perform(job)));
    return jobs.length;
  }

  /**
   * Polls for due jobs and keeps up to MAX_IN_FLIGHT of them running: a slow job (a receiver
   * taking its 15 s) holds one slot, not the loop. A full claim means more is waiting, so the next
   * claim comes at once instead of after the interval, and with every slot busy it comes as soon
   * as one frees: the backlog drains as fast as jobs finish.
   */
  start(intervalMs = 500): void {
    if (this.timer) return;
    const schedule = (delayMs: number) => {
      this.timer = setTimeout(tick, delayMs);
    };
    const tick = async () => {
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
        // Not when stopped meanwhile.
        if (this.timer && free === 0) this.waitingForSlot = true;
        else if (this.timer) schedule(claimed === free ? 0 : intervalMs);
      }
    };
    schedule(0);
  }

  /**
   * Stops claiming at once, lets the jobs in hand finish for `drainMs`, then aborts their handlers'
   * signal and gives back every job still in hand: its lease released and the attempt it was
   * claimed for uncounted, so that another runner, or the next start, takes it at once.
   */
  async stop(drainMs: number): Promise<void> {
    const deadline = Date.now() + drainMs;
    this.stopped = true;
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
        .set({ locked_until: null, attempts: attempts - 1 })
        .where('id', 'in', group.map((job) => job.id))
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
          .orderBy('id')
          .limit(limit),
        { skipLocked: true },
      ).execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('outbox_jobs')
        .set((eb) => ({ locked_until: storedTime(addSeconds(now, LEASE_SECONDS)), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due.map((row) => row.id))
        .returningAll()
        .execute();
    });
    for (const job of claimed) this.inHand.set(job.id, job);
    return claimed;
  }

  private async perform(job: OutboxJobRow): Promise<void> {
    // A job is work as a request is (SQLite's turns): begun, it runs to its end before work that
    // began later, instead of queueing each of its queries behind every newer request.
    const outcome = await startWork(() => this.attempt(job));
    if (outcome === 'given back') return; // still in hand: stop() releases it
    this.inHand.delete(job.id);
    this.observer?.jobSettled(job.kind, outcome, new Date(job.run_at), this.clock.now());
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
        await this.db
          .updateTable('outbox_jobs')
          .set({ run_at: storedTime(outcome.retryAt), locked_until: null })
          .where('id', '=', job.id)
          .execute();
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
      await this.db
        .updateTable('outbox_jobs')
        .set({ run_at: retryAt, locked_until: null, last_error: message.slice(0, 2000) })
        .where('id', '=', job.id)
        .execute();
      return giveUp ? 'parked' : 'error';
    }
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
