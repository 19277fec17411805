// prelaunch worker: the background workers on their own (outbox jobs — webhook deliveries,
// e-mails, queued deletions — and the periodic sweeps), for installations that run the API
// processes with WORKERS_ENABLED=false. Several may run against one PostgreSQL: jobs are claimed
// with FOR UPDATE SKIP LOCKED, so each attempt is made by one worker. With a metrics port it also
// serves /metrics (its own job attempts) and /healthz, /readyz. Runs until SIGINT or SIGTERM.
import type { Command } from 'commander';
import type { Logger } from 'pino';
import { createLogger, logDestination } from '../../process/logging.ts';
import { buildWorkerApp } from '../../app.ts';
import type { Config } from '../../process/config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Services } from '../../services.ts';
import { isReachable } from '../../db/migrate.ts';
import { startWorkers } from '../../jobs/workers.ts';
import { Metrics } from '../../process/metrics.ts';
import { systemClock } from '../../primitives/time.ts';
import { limitHeapGrowth } from '../../process/heap-growth.ts';
import { STOP_TIMEOUT_MS } from '../../process/stopping.ts';
import type { CliContext } from '../context.ts';
import { parsePortArgument } from '../options.ts';

function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
    const stop = (signal: NodeJS.Signals) => {
      for (const name of signals) process.off(name, stop);
      resolve(signal);
    };
    for (const name of signals) process.once(name, stop);
  });
}

export function registerWorkerCommand(program: Command, context: CliContext): void {
  program
    .command('worker')
    .description('run the background workers alone until stopped (SIGINT/SIGTERM); logs go to stdout')
    .option('--metrics-port <port>', 'serve /metrics, /healthz and /readyz on this port (default WORKER_METRICS_PORT; 0 = none)', parsePortArgument)
    .action(async ({ metricsPort }: { metricsPort?: number }) => {
      const { config, database, services } = await context.open();
      limitHeapGrowth(config.heapGrowthPercent);
      const destination = await logDestination(config.logFormat);
      const log = createLogger(config.logLevel, destination);
      const port = (metricsPort ?? config.workerMetricsPort) || null;
      let probes: Probes | null;
      try {
        // Before any job runs: a port in use stops the worker at once, with nothing half done.
        probes = port === null ? null : await serveProbes(port, config, database, services, log, destination);
      } catch (error) {
        await services.close();
        throw error;
      }
      const workers = await startWorkers(database, services, systemClock, log, probes?.metrics);
      // bundle: where the code runs from, as for `serve` (server.ts).
      log.info({ metricsPort: port, bundle: process.env.PRELAUNCH_BUNDLE ?? null }, 'workers started');
      const signal = await stopSignal();
      log.info({ signal }, 'stopping workers');
      // As an API process does (server.ts): out by STOP_TIMEOUT_MS whatever happens.
      setTimeout(() => {
        log.error({ timeoutMs: STOP_TIMEOUT_MS }, 'not stopped in time: exiting');
        process.exit(1);
      }, STOP_TIMEOUT_MS).unref();
      // No new job nor scrape, then the jobs in hand finish or are given back, then what the services hold open.
      const jobsStopped = workers.stop();
      await probes?.close();
      await jobsStopped;
      await services.close();
    });
}

/** What the worker serves beside its jobs: the metrics it counts into, and how to stop serving them. */
interface Probes {
  metrics: Metrics;
  close(): Promise<void>;
}

/** The worker's metrics, served with /healthz and /readyz on `port`. */
async function serveProbes(port: number, config: Config, database: DatabaseHandle, services: Services, log: Logger, destination: NodeJS.WritableStream | undefined): Promise<Probes> {
  const metrics = new Metrics({ database, stats: services.stats, emails: services.emails, log: log.child({ component: 'metrics' }) });
  const app = buildWorkerApp({ config, isDatabaseReady: () => isReachable(database), metrics, logDestination: destination });
  try {
    await app.listen({ port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { metrics, close: () => app.close() };
}
