// The `prelaunch` operator command: builds the commander program and runs it against the database
// named by DATABASE_URL, calling services directly (never HTTP). Exit codes: 0 done, 1 the command
// failed (message on stderr), 2 the command line was wrong (commander's usage errors).
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { ApiError } from '../primitives/errors.ts';
import { CliContext, type CliIo } from './context.ts';
import { registerBackupCommand } from './commands/backup.ts';
import { registerBetaCommands } from './commands/beta.ts';
import { registerCompanyCommands } from './commands/company.ts';
import { registerImportCommand } from './commands/import.ts';
import { registerKeyCommands } from './commands/key.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerMigrateCommand } from './commands/migrate.ts';
import { registerWorkerCommand } from './commands/worker.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerStatsCommand } from './commands/stats.ts';
import { registerExportCommand } from './commands/export.ts';
import { registerUserCommands } from './commands/user.ts';

export type { CliIo } from './context.ts';

export const ExitCodes = { ok: 0, failure: 1, usage: 2 } as const;

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

export function buildProgram(context: CliContext, io: CliIo): Command {
  const program = new Command('prelaunch')
    .description('Operate a Prelaunch installation: companies, API keys, console members, betas, imports and exports of testers, migrations, serving, workers, figures, backups. Output is JSON (an export\'s: CSV or NDJSON).')
    .version(version)
    // Set before the subcommands are added: they inherit both.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  registerCompanyCommands(program, context);
  registerKeyCommands(program, context);
  registerBetaCommands(program, context);
  registerImportCommand(program, context);
  registerMigrateCommand(program, context);
  registerWorkerCommand(program, context);
  registerServeCommand(program, context);
  registerStatsCommand(program, context);
  registerBackupCommand(program, context);
  registerExportCommand(program, context);
  registerUserCommands(program, context);
  registerMcpCommand(program, context);
  return program;
}

/** One line for stderr: what went wrong, without a stack or a multi-line driver dump. */
export function describeError(error: unknown): string {
  let text: string;
  if (error instanceof ApiError) text = error.errors.map((entry) => entry.message).join('; ');
  else if (error instanceof AggregateError && !error.message) text = error.errors.map(describeError).join('; ');
  else if (error instanceof Error) text = error.message || (error as { code?: string }).code || error.name;
  else text = String(error);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Runs one command line (without the node and script arguments) and answers its exit code. */
export async function runCli(argv: string[], io: CliIo, env: Record<string, string | undefined>): Promise<number> {
  const context = new CliContext(io, env);
  const program = buildProgram(context, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return ExitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already written its message (or the help); --help and --version end with 0.
      return error.exitCode === 0 ? ExitCodes.ok : ExitCodes.usage;
    }
    io.stderr.write(`error: ${describeError(error)}\n`);
    return ExitCodes.failure;
  } finally {
    await context.close().catch(() => {});
  }
}
