// PostgreSQL statements prepared once per connection (docs/decisions.md, "Where a signup's time goes").
// PostgreSQL parses and plans an unnamed statement at every run, which for a signup's small indexed
// statements costs about as much as running them. A statement whose text ends with the mark is
// sent under a name instead: node-postgres prepares it once on each connection and runs it by name
// afterwards, and after its first five runs PostgreSQL keeps one generic plan when that costs no
// more than planning each run. The compiled statements (compiled.ts) are marked; so is any query
// passed through planOnce.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql, type RawBuilder } from 'kysely';

/** What a marked statement ends with: a comment, so the statement means the same to both engines. */
const PLAN_ONCE_MARK = '/* plan once */';

/** The statement's text, marked to be prepared once per connection on PostgreSQL. */
export function plannedOnce(text: string): string {
  return `${text} ${PLAN_ONCE_MARK}`;
}

/** The statement's text without its mark: a part of a statement marked as a whole. */
export function withoutPlanOnceMark(text: string): string {
  return text.endsWith(PLAN_ONCE_MARK) ? text.slice(0, -PLAN_ONCE_MARK.length).trimEnd() : text;
}

/**
 * Marks a statement whose best plan is the same whatever its parameters' values (a range of one
 * index). Never for a statement whose plan depends on a value (a LIKE's pattern, a filter's
 * frequency): a generic plan would ignore it.
 */
export function planOnce<Q extends RawBuilder<unknown> | { modifyEnd(modifier: RawBuilder<unknown>): Q }>(query: Q): Q {
  return 'modifyEnd' in query ? query.modifyEnd(sql.raw(PLAN_ONCE_MARK)) : (sql`${query} ${sql.raw(PLAN_ONCE_MARK)}` as Q);
}

/**
 * Prepared statements' names by text. A statement whose result columns changed under it (a
 * migration added a column that its `select *` or `returning *` now returns) fails once on a
 * connection that prepared it: it is then named afresh, so that every connection prepares it
 * again, and the old name stays unused.
 */
const preparedNames = new Map<string, string>();
let renamed = 0;

function nameOf(text: string): string {
  let name = preparedNames.get(text);
  if (name === undefined) {
    name = `plan_once_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    preparedNames.set(text, name);
  }
  return name;
}

function renameStale(text: string, staleName: string): void {
  if (preparedNames.get(text) === staleName) preparedNames.set(text, `${staleName.slice(0, 42)}_${++renamed}`);
}

/** PostgreSQL's refusal to run a prepared statement whose result columns have changed since it was prepared. */
export function staleResultType(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

type ClientQuery = (config: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;

/**
 * A new pooled client sends marked statements under a name. A stale statement (staleResultType)
 * is named afresh; run outside a transaction it is run again at once, under its new name; inside
 * one, the transaction has failed, and inTransaction runs the command again.
 */
export function preparingPlannedOnce(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as ClientQuery;
  let inTransaction = false;
  (client as unknown as { query: ClientQuery }).query = (config, values, callback) => {
    if (typeof config !== 'string' || callback !== undefined) return query(config, values, callback);
    if (!config.endsWith(PLAN_ONCE_MARK)) {
      // Kysely's PostgreSQL driver begins and ends its transactions with these statements.
      if (/^(begin|start transaction)/i.test(config)) inTransaction = true;
      else if (/^(commit|rollback)/i.test(config)) inTransaction = false;
      return query(config, values);
    }
    const name = nameOf(config);
    return query({ name, text: config, values }).catch((error: unknown) => {
      if (!staleResultType(error)) throw error;
      renameStale(config, name);
      if (inTransaction) throw error;
      return query({ name: nameOf(config), text: config, values });
    });
  };
}
