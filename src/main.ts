// Process entry of `npm start`: configuration, then one API process (server.ts) that migrates the
// database, serves and runs the workers (unless WORKERS_ENABLED=false) until SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './process/config.ts';
import { serve } from './process/server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  await serve(config, { prepare: true, jobs: config.workersEnabled });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Prelaunch could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
