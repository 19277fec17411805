// Process entry: configuration → database (migrated) → services → HTTP + workers; graceful stop.
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { isReachable, migrateToLatest } from './db/migrate.ts';
import { createServices } from './services.ts';
import { buildApp } from './app.ts';
import { openRateLimits } from './http/rate-limits.ts';
import { bootstrapIfEmpty } from './bootstrap.ts';
import { startWorkers } from './jobs/workers.ts';
import { systemClock } from './time.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const services = await createServices(database, config);
  await bootstrapIfEmpty(services, config, (text) => process.stdout.write(`${text}\n`));
  // Its own logger: the connection is made before the app (and its logger) exists.
  const { rateLimits, redis } = openRateLimits(config, pino({ level: config.logLevel }).child({ component: 'redis' }));
  const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis });

  const workers = config.workersEnabled ? startWorkers(database, services, systemClock, app.log) : null;

  // HTTP first (no new work), then the workers (finish what they hold), then what the services
  // hold open (SMTP connections), Redis and the database.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    await app.close();
    await workers?.stop();
    services.close();
    redis?.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Prelaunch could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
