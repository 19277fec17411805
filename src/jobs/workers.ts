// The background work of a process: the outbox runner and the periodic idle sweep. Runs inside
// `npm start` by default (WORKERS_ENABLED) and can run on its own.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { Clock } from '../time.ts';
import { JobRunner, type JobObserver } from './outbox.ts';

const IDLE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

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

export function startWorkers(database: DatabaseHandle, services: Services, clock: Clock, log: FastifyBaseLogger, observer?: JobObserver): Workers {
  const runner = createJobRunner(database, services, clock, log, observer);
  runner.start();
  const sweepIdle = () =>
    services.testers.markIdleTesters().then(
      (changed) => changed > 0 && log.info({ changed }, 'testers marked idle'),
      (error: unknown) => log.error({ err: error }, 'idle sweep failed'),
    );
  const sweep = setInterval(sweepIdle, IDLE_SWEEP_INTERVAL_MS);
  sweep.unref();
  void sweepIdle();
  return {
    async stop() {
      clearInterval(sweep);
      await runner.stop();
    },
  };
}
