// The background work of a process: the outbox runner, the invitation scheduler and the webhook
// endpoints' daily digests (every 15 s) and the
// hourly sweeps (testers gone idle;
// old webhook and e-mail logs and confirmation links past their retention; Idempotency-Keys past
// their 24 hours). Runs inside `npm start`
// by default (WORKERS_ENABLED) and can run on its own (`prelaunch worker`).
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { Clock } from '../primitives/time.ts';
import { newHolder } from './holders.ts';
import { Leases } from './leases.ts';
import { JobRunner, type JobObserver } from './outbox.ts';
import { JOBS_DRAIN_MS } from '../process/stopping.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How often the invitation scheduler looks for due waves: a wave starts within this of its time,
 * and a referral schedule's sweeps (every REFERRAL_SWEEP_SECONDS) are not later than this.
 */
export const SCHEDULER_INTERVAL_MS = 15 * 1000;

export interface Workers {
  /**
   * Claims nothing more and stops the sweeps after their current batch; the jobs in hand may
   * finish until JOBS_DRAIN_MS from now, then those left are given back (outbox.ts).
   */
  stop(): Promise<void>;
}

export function createJobRunner(
  database: DatabaseHandle,
  services: Services,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  observer?: JobObserver,
  holder?: string,
): JobRunner {
  return new JobRunner(database.db, database.dialect, clock, services.jobHandlers, log, observer, { holder });
}

/** The sweeps in the order a round runs them; the names are their leases' and the report's. */
const SWEEP_NAMES = ['idleTesters', 'webhookEvents', 'emails', 'confirmations', 'idempotencyKeys'] as const;
type SweepName = (typeof SWEEP_NAMES)[number];

/** A sweep: what it changed; `stop` ends it after its current batch. */
type Sweep = (stop: AbortSignal) => Promise<number>;

function sweepsOf(services: Services): Record<SweepName, Sweep> {
  return {
    idleTesters: () => services.testers.markIdleTesters(),
    webhookEvents: (stop) => services.webhooks.pruneLog(stop),
    emails: (stop) => services.emailLog.pruneLog(stop),
    confirmations: (stop) => services.emailLog.pruneConfirmations(stop),
    idempotencyKeys: (stop) => services.idempotencyKeys.prune(stop),
  };
}

/**
 * What each sweep of a round changed; 'skipped' when it did not run (another process was running
 * it, or this one is stopping); 'failed' when it threw (logged).
 */
export type SweepReport = Record<SweepName, number | 'skipped' | 'failed'>;

/**
 * The periodic sweeps, one after the other, each under a lease of its own: with several processes
 * running workers, one process at a time runs a given sweep and the others skip it that round.
 * (The sweeps would be correct side by side — the second finds the rows changed or gone — but
 * would do the work again, and a long first retention sweep after an upgrade would run in every
 * process at once.)
 */
export class Sweeper {
  private readonly sweeps: Record<SweepName, Sweep>;
  readonly leases: Leases;

  constructor(
    database: DatabaseHandle,
    private readonly services: Services,
    clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>,
    holder?: string,
  ) {
    this.sweeps = sweepsOf(services);
    this.leases = new Leases(database.db, clock, log, undefined, holder);
  }

  /** One round of every sweep; `stop` ends the running one after its current batch and skips the rest. */
  async runOnce(stop: AbortSignal): Promise<SweepReport> {
    const report = {} as SweepReport;
    for (const name of SWEEP_NAMES) {
      if (stop.aborted) {
        report[name] = 'skipped';
        continue;
      }
      try {
        const leased = await this.leases.run(`sweep:${name}`, stop, this.sweeps[name]);
        report[name] = leased.ran ? leased.result : 'skipped';
      } catch (error) {
        this.log.error({ err: error, sweep: name }, 'sweep failed');
        report[name] = 'failed';
      }
    }
    const { idleTesters, ...retention } = report;
    if (typeof idleTesters === 'number' && idleTesters > 0) this.log.info({ changed: idleTesters }, 'testers marked idle');
    if (Object.values(retention).some((n) => typeof n === 'number' && n > 0)) this.log.info(retention, 'logs past their retention deleted');
    return report;
  }

  /**
   * One round of the invitation scheduler (modules/invitation-schedules), under a lease of its own;
   * the waves started, or 'skipped' when another process holds it. Each wave is claimed in the
   * database as well, so a round racing another past its lease still starts a wave once.
   */
  async runScheduler(stop: AbortSignal): Promise<number | 'skipped'> {
    const leased = await this.leases.run('sweep:invitationSchedules', stop, (signal) => this.services.invitationSchedules.runDue(signal));
    return leased.ran ? leased.result : 'skipped';
  }

  /**
   * One round of the webhook endpoints' daily digests, under a lease of its own: the digests sent,
   * or 'skipped'. Each digest is claimed in the database as well, so it is sent once whatever the leases.
   */
  async runDigests(stop: AbortSignal): Promise<number | 'skipped'> {
    const leased = await this.leases.run('sweep:webhookDigests', stop, (signal) => this.services.webhookDigests.runDue(signal));
    return leased.ran ? leased.result : 'skipped';
  }
}

/**
 * Before this process claims anything: what a process of this host that is gone (killed, crashed)
 * held is taken back at once, its jobs due again and its sweeps free, instead of waiting for its
 * leases to run out — a sweep would otherwise be skipped for the hour. Should the database not
 * answer now, the leases run out all the same.
 */
async function takeBackFromGone(runner: JobRunner, leases: Leases, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
  try {
    const [jobs, sweeps] = await Promise.all([runner.takeBackFromGone(), leases.takeBackFromGone()]);
    if (jobs + sweeps > 0) log.warn({ jobs, sweeps }, 'took back the leases of a process that died');
  } catch (error) {
    log.warn({ err: error }, 'could not look for the leases of processes that died: they will run out');
  }
}

export async function startWorkers(database: DatabaseHandle, services: Services, clock: Clock, log: FastifyBaseLogger, observer?: JobObserver): Promise<Workers> {
  // One name for the process in every lease it takes: holders.ts tells its own from the gone by it.
  const holder = newHolder();
  const runner = createJobRunner(database, services, clock, log, observer, holder);
  const sweeper = new Sweeper(database, services, clock, log, holder);
  await takeBackFromGone(runner, sweeper.leases, log);
  runner.start();
  // One round at a time in a process too: a long first retention sweep (an upgrade on a large
  // database) is not started again beside itself an hour later.
  let sweeping: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const sweepOnce = () => {
    sweeping ??= sweeper.runOnce(stopping.signal).finally(() => (sweeping = null));
  };
  const timer = setInterval(sweepOnce, SWEEP_INTERVAL_MS);
  timer.unref();
  sweepOnce();
  // Waves and digests due while no process ran start at once on coming back, then every interval.
  let scheduling: Promise<unknown> | null = null;
  const scheduleOnce = () => {
    scheduling ??= sweeper
      .runScheduler(stopping.signal)
      .catch((error: unknown) => log.error({ err: error }, 'invitation scheduler failed'))
      .then(() => sweeper.runDigests(stopping.signal))
      .catch((error: unknown) => log.error({ err: error }, 'webhook digests failed'))
      .finally(() => (scheduling = null));
  };
  const schedulerTimer = setInterval(scheduleOnce, SCHEDULER_INTERVAL_MS);
  schedulerTimer.unref();
  scheduleOnce();
  return {
    async stop() {
      clearInterval(timer);
      clearInterval(schedulerTimer);
      stopping.abort();
      await Promise.all([runner.stop(JOBS_DRAIN_MS), sweeping, scheduling]);
    },
  };
}
