// prelaunch migrate: every command migrates before it runs; this one only reports what was applied.
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

export function registerMigrateCommand(program: Command, context: CliContext): void {
  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const { applied } = await context.open();
      context.print({ applied });
    });
}
