// Statements built and compiled once, then run with each call's values (docs/decisions.md, "Where a
// signup's time goes"). Kysely builds an operation tree and compiles it to SQL at every call, which
// for a signup's small statements costs about as much as SQLite takes to run them; the SQL text of
// such a statement never changes, only its parameters do.
//
// The build function runs once per database, given stand-ins for the parameters' values: Kysely
// takes each stand-in as an ordinary value and lists it among the compiled query's parameters, where
// every later call puts its own values instead. So the build must use its parameters only as values
// of the query (never to decide its shape: no `??`, no condition on them), and every call must give
// the same parameters defined. A statement whose text depends on the values (a column set, an IN
// list's length, a lock) is compiled once per variant (compiledVariants).
import { NoResultError, SqliteAdapter, type Compilable, type CompiledQuery, type DialectAdapter, type QueryNode, type QueryResult, type RawBuilder } from 'kysely';
import type { DialectName, Executor } from '../executor.ts';
import { leastRecentlyUsed } from './least-recently-used.ts';
import { plannedOnce } from './prepared-statements.ts';

/** A parameter's place in the call's values: the keys (and array indexes) leading to it. */
type Path = readonly (string | number)[];

/** What the build function receives in place of a value. */
class StandIn {
  constructor(readonly path: Path) {}
}

type Build<P, R> = (db: Executor, params: P, dialect: DialectName) => Compilable<R> | RawBuilder<R>;

interface Template<R> {
  query: CompiledQuery<R>;
  /** Per compiled parameter: where the call's value is, or null for a constant of the build. */
  paths: (Path | null)[];
  /** How many values the call gives: a call giving more or fewer would not fit the SQL. */
  leaves: number;
}

function isStructure(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** `params` with every defined value replaced by a stand-in; `leaves` counts them. */
function standIns(value: unknown, path: Path, counter: { leaves: number }): unknown {
  if (Array.isArray(value)) return value.map((item, index) => standIns(item, [...path, index], counter));
  if (isStructure(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) copy[key] = standIns(item, [...path, key], counter);
    return copy;
  }
  counter.leaves += 1;
  return new StandIn(path);
}

function countLeaves(value: unknown): number {
  if (Array.isArray(value)) {
    let count = 0;
    for (const item of value) count += countLeaves(item);
    return count;
  }
  if (isStructure(value)) {
    const record = value as Record<string, unknown>;
    let count = 0;
    for (const key in record) if (record[key] !== undefined) count += countLeaves(record[key]);
    return count;
  }
  return 1;
}

function valueAt(params: unknown, path: Path): unknown {
  let value = params;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  if (value === undefined) throw new Error(`Compiled statement: no value at ${path.join('.')}; a statement whose parameters vary is compiled per variant`);
  return value;
}

function compile<R>(executor: Executor, built: Compilable<R> | RawBuilder<R>): CompiledQuery<R> {
  return 'isRawBuilder' in built ? built.compile(executor) : built.compile();
}

function dialectOfAdapter(adapter: DialectAdapter): DialectName {
  return adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/**
 * A statement with more parameters (a bulk insert's thousand rows) is compiled at each call, as
 * Kysely would: its building is small beside its running, and keeping it would hold memory.
 */
const MAX_KEPT_PARAMETERS = 256;

export class CompiledStatement<P, R> {
  /** Per database (its adapter, which its transactions share): the compiled query and its parameters' places. */
  readonly #templates = new WeakMap<DialectAdapter, Template<R>>();

  constructor(private readonly build: Build<P, R>) {}

  #template(executor: Executor, params: P): Template<R> {
    const adapter = executor.getExecutor().adapter;
    let template = this.#templates.get(adapter);
    if (template) return template;
    const counter = { leaves: 0 };
    const built = this.build(executor, standIns(params, [], counter) as P, dialectOfAdapter(adapter));
    const compiled = compile(executor, built);
    const paths = compiled.parameters.map((parameter) => (parameter instanceof StandIn ? parameter.path : null));
    const used = new Set(paths.filter((path) => path !== null).map((path) => path.join('.')));
    if (used.size !== counter.leaves) {
      throw new Error('Compiled statement: a parameter did not reach the SQL as a value; the build must use its parameters only as values');
    }
    const kept = paths.length <= MAX_KEPT_PARAMETERS;
    // A kept statement is also prepared once per PostgreSQL connection: it is a small indexed
    // statement, whose plan does not depend on its values (prepared-statements.ts).
    const query = kept && dialectOfAdapter(adapter) === 'postgres' ? { ...compiled, sql: plannedOnce(compiled.sql) } : compiled;
    template = { query, paths, leaves: counter.leaves };
    if (kept) this.#templates.set(adapter, template);
    return template;
  }

  /** Runs the statement with `params` on `executor` (the database or a transaction). */
  async execute(executor: Executor, params: P): Promise<QueryResult<R>> {
    return (await this.#run(executor, params)).result;
  }

  /** The statement with `params`, to run on `executor` later (a final write: final-writes.ts). */
  query(executor: Executor, params: P): CompiledQuery<R> {
    if (executor.getExecutor().plugins.length > 0) {
      // A plugin transforms each query as it is compiled: built per call, as any query would be.
      return compile(executor, this.build(executor, params, dialectOfAdapter(executor.getExecutor().adapter)));
    }
    const { query, paths, leaves } = this.#template(executor, params);
    if (countLeaves(params) !== leaves) {
      throw new Error('Compiled statement: the call gives other parameters than the statement was compiled with; compile it per variant');
    }
    const parameters = paths.map((path, index) => (path === null ? query.parameters[index] : valueAt(params, path)));
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters };
  }

  async #run(executor: Executor, params: P): Promise<{ result: QueryResult<R>; query: CompiledQuery<R> }> {
    const query = this.query(executor, params);
    return { result: await executor.executeQuery<R>(query), query };
  }

  async rows(executor: Executor, params: P): Promise<R[]> {
    return (await this.execute(executor, params)).rows;
  }

  async first(executor: Executor, params: P): Promise<R | undefined> {
    return (await this.execute(executor, params)).rows[0];
  }

  /** The first row; Kysely's NoResultError when there is none, as executeTakeFirstOrThrow (errors.ts's missingRow). */
  async firstOrThrow(executor: Executor, params: P): Promise<R> {
    const { result, query } = await this.#run(executor, params);
    if (result.rows.length === 0) throw new NoResultError(query.query as QueryNode);
    return result.rows[0];
  }
}

/** A statement built and compiled once per database, then run with each call's values. */
export function compiled<P, R>(build: Build<P, R>): CompiledStatement<P, R> {
  return new CompiledStatement(build);
}

/** Variants kept per compiledVariants: the least recently used beyond them are compiled again when next used. */
const MAX_VARIANTS = 64;

/**
 * A statement whose SQL text depends on something other than its values (its column set, an IN
 * list's length, a lock), compiled once per variant: `build(variant)` makes the variant's statement.
 */
export function compiledVariants<V extends string | number, P, R>(build: (variant: V) => Build<P, R>): (variant: V) => CompiledStatement<P, R> {
  return leastRecentlyUsed(MAX_VARIANTS, (variant: V) => compiled(build(variant)));
}

/** The columns a row sets (those not undefined), as a variant's name: Kysely leaves undefined ones out of an insert. */
export function definedColumns(row: object): string {
  let columns = '';
  for (const [key, value] of Object.entries(row)) if (value !== undefined) columns += `${key},`;
  return columns;
}
