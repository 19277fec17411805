// The background work of a process: the outbox runner and the hourly sweeps (testers gone idle;
// old webhook and e-mail logs and confirmation links past their retention). Runs inside `npm start` by default
// (WORKERS_ENABLED) and can run on its own (`prelaunch worker`).
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { Clock } from '../time.ts';
import { JobRunner, type JobObserver } from './outbox.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Workers {
  stop(): Promise<void>;
}

export function createJobRunner(
  database: DatabaseHandle,
  services: Services,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  observer?: JobObserver,
): JobRunner {
  return new JobRunner(database.db, database.dialect, clock, services.jobHandlers, log, observer);
}

/**
 * The periodic sweeps, one after the other. Every process running workers sweeps: a second sweep
 * at the same time finds the rows already changed or gone, so nothing is done twice. `stopping`
 * ends the retention sweep after its current batch.
 */
async function sweep(services: Services, log: Pick<FastifyBaseLogger, 'info' | 'error'>, stopping: AbortSignal): Promise<void> {
  try {
    const changed = await services.testers.markIdleTesters();
    if (changed > 0) log.info({ changed }, 'testers marked idle');
  } catch (error) {
    log.error({ err: error }, 'idle sweep failed');
  }
  try {
    const webhookEvents = await services.webhooks.pruneLog(stopping);
    const emails = await services.emails.pruneLog(stopping);
    const confirmations = await services.emails.pruneConfirmations(stopping);
    if (webhookEvents > 0 || emails > 0 || confirmations > 0) log.info({ webhookEvents, emails, confirmations }, 'logs past their retention deleted');
  } catch (error) {
    log.error({ err: error }, 'retention sweep failed');
  }
}

export function startWorkers(database: DatabaseHandle, services: Services, clock: Clock, log: FastifyBaseLogger, observer?: JobObserver): Workers {
  const runner = createJobRunner(database, services, clock, log, observer);
  runner.start();
  // One sweep at a time: a long first retention sweep (an upgrade on a large database) is not
  // started again beside itself an hour later.
  let sweeping: Promise<void> | null = null;
  const stopping = new AbortController();
  const sweepOnce = () => {
    sweeping ??= sweep(services, log, stopping.signal).finally(() => (sweeping = null));
  };
  const timer = setInterval(sweepOnce, SWEEP_INTERVAL_MS);
  timer.unref();
  sweepOnce();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await Promise.all([runner.stop(), sweeping]);
    },
  };
}
