// prelaunch worker: the background workers on their own (outbox jobs — webhook deliveries,
// e-mails, queued deletions — and the idle sweep), for installations that run the API processes
// with WORKERS_ENABLED=false. Several may run against one PostgreSQL: jobs are claimed with
// FOR UPDATE SKIP LOCKED, so each attempt is made by one worker. Runs until SIGINT or SIGTERM.
import type { Command } from 'commander';
import { pino } from 'pino';
import { startWorkers } from '../../jobs/workers.ts';
import { systemClock } from '../../time.ts';
import type { CliContext } from '../context.ts';

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
    .action(async () => {
      const { config, database, services } = await context.open();
      const log = pino({ level: config.logLevel });
      const workers = startWorkers(database, services, systemClock, log);
      log.info('workers started');
      const signal = await stopSignal();
      log.info({ signal }, 'stopping workers');
      await workers.stop();
    });
}
