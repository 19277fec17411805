// prelaunch serve: the API (and, unless --no-jobs or WORKERS_ENABLED=false, the background workers)
// in this process, as `npm start` does; with --workers N, N such processes sharing one port under a
// primary that migrates first, restarts a process that dies and stops them all on SIGINT/SIGTERM.
import cluster from 'node:cluster';
import type { Command } from 'commander';
import { createLogger, logDestination } from '../../process/logging.ts';
import { bootstrapIfEmpty } from '../../process/bootstrap.ts';
import { clusterMetricsEndpoint, onShutdownRequest, runPrimary } from '../../process/cluster.ts';
import { serve } from '../../process/server.ts';
import type { CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

interface ServeFlags {
  workers?: number;
  jobs: boolean;
}

export function registerServeCommand(program: Command, context: CliContext): void {
  program
    .command('serve')
    .description('serve the API until stopped (SIGINT/SIGTERM); logs go to stdout')
    .option('--workers <n>', 'run N API processes on one port, restarted when they die', parseIdArgument)
    .option('--no-jobs', 'do not run the background workers (webhooks, e-mails, queued deletions) in these processes')
    .action(async ({ workers, jobs }: ServeFlags) => {
      const config = context.config();
      const runJobs = jobs && config.workersEnabled;
      if (cluster.isWorker) {
        // A worker re-runs this command line: the primary has migrated and made the first company.
        // The primary may ask it to stop as soon as its port answers, before serve() has returned
        // (the workers are still taking back a dead process's jobs): the request is kept till then.
        let close: (() => void) | undefined;
        let asked = false;
        onShutdownRequest(() => (close ? close() : (asked = true)));
        const server = await serve(config, { prepare: false, jobs: runJobs, metricsEndpoint: clusterMetricsEndpoint });
        close = server.close;
        if (asked) close();
        return new Promise<never>(() => {}); // until the server's own shutdown ends the process
      }
      if (workers === undefined) {
        await serve(config, { prepare: true, jobs: runJobs });
        return new Promise<never>(() => {});
      }
      // Migrate once, before any worker starts, then close: the workers open their own connections.
      const { services } = await context.open();
      await bootstrapIfEmpty(services, config, (text) => process.stdout.write(`${text}\n`));
      await context.close();
      await runPrimary(workers, createLogger(config.logLevel, await logDestination(config.logFormat)).child({ component: 'cluster' }));
    });
}
