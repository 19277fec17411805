// One API process: database → services → HTTP (+ the outbox workers) until SIGINT/SIGTERM, then a
// graceful stop. `npm start` and `prelaunch serve` run it here; `serve --workers N` runs it in each
// worker process, after the primary has migrated (cluster.ts).
import closeWithGrace from 'close-with-grace';
import { createLogger, logDestination } from './logging.ts';
import type { Config } from './config.ts';
import { openDatabase } from '../db/database.ts';
import { isReachable, migrateToLatest } from '../db/migrate.ts';
import { createServices } from '../services.ts';
import { buildApp } from '../app.ts';
import { openRateLimits } from '../http/rate-limits.ts';
import type { MetricsEndpoint } from '../http/metrics.routes.ts';
import { bootstrapIfEmpty } from './bootstrap.ts';
import { startWorkers } from '../jobs/workers.ts';
import { startRollupFolding } from '../modules/stats/rollups.ts';
import { startLaunchFlushing } from '../modules/stats/launch-figures.ts';
import { Metrics } from './metrics.ts';
import { systemClock } from '../primitives/time.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { STOP_TIMEOUT_MS } from './stopping.ts';

export interface ServeOptions {
  /** Migrate and create the first company before serving; false when a primary process did. */
  prepare: boolean;
  /** Run the outbox workers and the idle sweep in this process. */
  jobs: boolean;
  /** What /metrics answers with, from this process's metrics; those alone by default. */
  metricsEndpoint?: (local: Metrics) => MetricsEndpoint;
}

export interface RunningServer {
  /** Stops as a signal would: HTTP and workers, then connections, then the process exits. */
  close(): void;
}

export async function serve(config: Config, options: ServeOptions): Promise<RunningServer> {
  limitHeapGrowth(config.heapGrowthPercent);
  const database = openDatabase(config.databaseUrl, { longRunning: true, listenUrl: config.databaseListenUrl, commitGroups: config.postgresCommitGroups });
  if (options.prepare) await migrateToLatest(database);
  // Loggers of their own: these are made before the app (and its logger) exists.
  const destination = await logDestination(config.logFormat);
  const log = createLogger(config.logLevel, destination);
  const services = await createServices(database, config, { log: log.child({ component: 'standings' }) });
  if (options.prepare) await bootstrapIfEmpty(services, config, (text) => process.stdout.write(`${text}\n`));
  // Every standing is read from memory: the betas' waitlists are indexed before the first request.
  await services.standings.warm();
  const { rateLimits, redis } = openRateLimits(config, log.child({ component: 'redis' }));
  const metrics = new Metrics({ database, stats: services.stats, emails: services.emails, rateLimits, redis, signupGuard: services.signupGuard, log: log.child({ component: 'metrics' }) });
  const app = await buildApp({
    config,
    services,
    isDatabaseReady: () => isReachable(database),
    rateLimits,
    redis,
    metrics: options.metricsEndpoint?.(metrics) ?? metrics,
    logDestination: destination,
  });

  // What the services hold open (SMTP connections), Redis and the database.
  const release = async () => {
    await services.close();
    redis?.close();
    await database.close();
  };
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Nothing may keep the process alive after a failed start (a port in use): it ends with the error.
    await app.close();
    await release();
    throw error;
  }

  // Where the code runs from: the bundle bin/bundle.js built at start (null when run through tsx).
  log.info({ bundle: process.env.PRELAUNCH_BUNDLE ?? null }, 'serving');
  // Started, not awaited: the stop below is in place from the moment the port answers, and a
  // signal that comes while the workers take back a dead process's jobs waits for them.
  const workersStarted = options.jobs ? startWorkers(database, services, systemClock, app.log, metrics) : Promise.resolve(null);
  const statsLog = log.child({ component: 'stats' });
  // The dashboards' rollups take the testers' changes within ROLLUP_FOLD_EVERY_MS of their commit.
  const rollupFolding = startRollupFolding(database.db, database.dialect, statsLog);
  // The launch panel's counts reach the database within FLUSH_EVERY_MS, and once more at the stop.
  const launchFlushing = startLaunchFlushing(services.launchFigures, statsLog);

  // No new work at once: no new connection, no new job claimed. Then the requests in flight
  // finish, and the jobs in hand finish or are given back (JOBS_DRAIN_MS), then the connections
  // close; a process still running STOP_TIMEOUT_MS after the signal is ended by close-with-grace.
  let stopping = false;
  const closer = closeWithGrace({ delay: STOP_TIMEOUT_MS, logger: app.log }, async ({ err, signal }) => {
    stopping = true;
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    const jobsStopped = workersStarted.then((workers) => workers?.stop());
    await app.close();
    await Promise.all([jobsStopped, rollupFolding.stop(), launchFlushing.stop()]);
    await release();
    app.log.info('stopped');
  });
  await workersStarted;
  return {
    close: () => {
      if (!stopping) void closer.close();
    },
  };
}
