// Driver errors translated into facts the repositories can act on, for both drivers.
import { NoResultError } from 'kysely';
import { staleResultType } from './engine/prepared-statements.ts';

/**
 * When `error` is a unique-constraint violation, returns what it names: PostgreSQL's constraint
 * (index) name or SQLite's column list ("testers.beta_id, testers.email_normalized"). Otherwise null.
 * Index names in the migrations contain their column names, so a caller can test either with one
 * substring such as "email_normalized".
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const message = typeof e.message === 'string' ? e.message : '';
    return message.replace(/^UNIQUE constraint failed: /, '');
  }
  return null;
}

/**
 * When `error` is a foreign-key violation, returns PostgreSQL's constraint name
 * ("testers_referrer_id_fkey"); SQLite names none (''). Otherwise null.
 */
export function foreignKeyViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown };
  if (e.code === '23503') return typeof e.constraint === 'string' ? e.constraint : '';
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return '';
  return null;
}

/**
 * Whether `error` says a row the statement needed is not there (any more): a foreign key naming a
 * row that is gone, or Kysely's NoResultError for a statement that had to find one. A service
 * turns it into its not-found error when the row's parent was deleted under the command
 * (docs/architecture.md, "Lock order").
 */
export function missingRow(error: unknown): boolean {
  return foreignKeyViolation(error) !== null || error instanceof NoResultError;
}

/**
 * A conflict after which the transaction may simply run again, by its kind: PostgreSQL's deadlock
 * or serialization failure, a prepared statement whose result columns a migration changed (it is
 * prepared afresh: prepared-statements.ts), SQLite's busy database (any SQLITE_BUSY_*). Null for anything else.
 */
export function transientConflict(error: unknown): 'deadlock' | 'serialization' | 'stale_plan' | 'busy' | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (code === '40P01') return 'deadlock';
  if (code === '40001') return 'serialization';
  if (staleResultType(error)) return 'stale_plan';
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY') ? 'busy' : null;
}
