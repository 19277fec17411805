// prelaunch backup --to FILE: a checked copy of the SQLite database, safe while the service runs;
// on PostgreSQL it fails, naming the pg_dump command for DATABASE_URL (db/backup.ts).
import type { Command } from 'commander';
import { backupSqlite, pgDumpAdvice } from '../../db/backup.ts';
import { dialectOf, sqliteFileOf } from '../../db/database.ts';
import type { CliContext } from '../context.ts';

export function registerBackupCommand(program: Command, context: CliContext): void {
  program
    .command('backup')
    .description('copy the SQLite database to a new file while the service runs, and check the copy (PostgreSQL: names the pg_dump command)')
    .requiredOption('--to <file>', 'the file to write; an existing file is never overwritten')
    .action(async ({ to }: { to: string }) => {
      const { databaseUrl } = context.config();
      if (dialectOf(databaseUrl) === 'postgres') throw new Error(pgDumpAdvice(databaseUrl, to));
      context.print(await backupSqlite(sqliteFileOf(databaseUrl), to));
    });
}
