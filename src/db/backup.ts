// Backups (`prelaunch backup`): a copy of the SQLite database taken while the service runs, with
// SQLite's online backup API, checked before it gets its name; PostgreSQL is backed up with
// pg_dump, whose command for the configured database this spells out. Neither opens the database
// through the app: a backup never migrates, so one taken before an upgrade has the old schema.
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from './database.ts';

export interface SqliteBackup {
  file: string;
  bytes: number;
  pages: number;
  integrity_check: 'ok';
}

/** Pages per step of the backup: all of them (better-sqlite3's largest step). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database `file` to the new file `to` (its directories made as needed), checks
 * the copy with PRAGMA integrity_check and answers what it wrote. Written under a temporary name
 * first, so `to` is only ever a whole, checked copy; an existing `to` is refused, never overwritten.
 */
export async function backupSqlite(file: string, to: string): Promise<SqliteBackup> {
  const target = resolve(to);
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file. Name a new one.`);
  if (file === ':memory:' || !existsSync(file)) throw new Error(`There is no SQLite database at ${resolve(file)} (DATABASE_URL).`);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true }); // left by an interrupted backup
  try {
    const source = new SQLite(file, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    let pages: number;
    try {
      // Every page in one step, inside one read transaction: a consistent copy of one moment. In
      // small steps, each write of the running service between two steps would start the copy
      // over, and under steady signups it might never end. Under WAL that read blocks no writer.
      ({ totalPages: pages } = await source.backup(partial, { progress: () => ALL_PAGES }));
    } finally {
      source.close();
    }
    const copy = new SQLite(partial, { fileMustExist: true });
    let problems: string[];
    try {
      problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).filter((line) => line !== 'ok');
    } finally {
      copy.close();
    }
    if (problems.length > 0) throw new Error(`The copy fails SQLite's integrity check, and so may the database: ${problems.slice(0, 3).join('; ')}`);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, pages, integrity_check: 'ok' };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** `text` as one shell word. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Why `prelaunch backup` does not copy a PostgreSQL database, and the pg_dump command that does:
 * its URL without the password, which pg_dump reads from PGPASSWORD or ~/.pgpass instead of a
 * command line that shell histories and process lists keep.
 */
export function pgDumpAdvice(databaseUrl: string, to: string): string {
  const url = new URL(databaseUrl);
  const password = url.password !== '' || url.searchParams.has('password');
  url.password = '';
  url.searchParams.delete('password');
  const command = `pg_dump --format=custom --file=${shellQuote(to)} --dbname=${shellQuote(url.toString())}`;
  return (
    'prelaunch backup copies SQLite databases; this one is PostgreSQL, which pg_dump backs up consistently while the service runs: ' +
    `${command}${password ? ' (with the password in PGPASSWORD or ~/.pgpass)' : ''}`
  );
}
