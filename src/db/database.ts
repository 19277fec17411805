// Opens the database named by DATABASE_URL. Every difference between SQLite and PostgreSQL that the
// rest of the code must know about lives in this file (and in db/errors.ts for driver errors).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SelectQueryNode, SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from './types.ts';
import type { Db, DialectName, Executor } from './executor.ts';
import { ConnectionTurns } from './engine/connection-turns.ts';
import { watchForeignWrites } from './engine/read-cache.ts';
import { GROUP_LIMITS } from './engine/commit-groups.ts';
import { groupCommits } from './transaction.ts';
import { leastRecentlyUsed } from './engine/least-recently-used.ts';
import { preparingPlannedOnce } from './engine/prepared-statements.ts';
import { startSearchFolding } from './engine/search-folding.ts';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, startCheckpointer } from './engine/sqlite-checkpointer.ts';
import { registerWakeups, Wakeups } from './engine/wakeups.ts';

export interface DatabaseHandle {
  readonly db: Db;
  readonly dialect: DialectName;
  /** Connections of this process's pool, for /metrics: SQLite has one, never idle or waited for. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle?: number;
  waiting?: number;
}

// int8 (bigint ids, count(*)) as JS numbers: ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/** Runs statements on one better-sqlite3 connection, as Kysely's own SQLite connection does. */
class SqliteStatements implements DatabaseConnection {
  constructor(private readonly sqlite: SqliteDatabase) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.sqlite.prepare(compiled.sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(compiled.parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(compiled.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams select queries only');
    for (const row of this.sqlite.prepare(compiled.sql).iterate(compiled.parameters)) yield { rows: [row as R] };
  }
}

/**
 * What Kysely is lent for a query or a transaction. A select outside a transaction runs at once on
 * the reader connection: WAL gives it the last commit, and it waits for no write. Anything else (a
 * write, a transaction, a stream, whose cursor would keep the reader busy) takes the writer by fair
 * turns (connection-turns.ts) and holds it until released.
 */
class SqliteLease implements DatabaseConnection {
  #holdsWriter = false;

  constructor(private readonly driver: ImmediateSqliteDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { reader } = this.driver;
    if (!this.#holdsWriter && reader && SelectQueryNode.is(compiled.query)) return reader.executeQuery(compiled);
    return (await this.writer()).executeQuery(compiled);
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.writer()).streamQuery<R>(compiled);
  }

  async writer(): Promise<SqliteStatements> {
    if (!this.#holdsWriter) {
      await this.driver.turns.take();
      this.#holdsWriter = true;
    }
    return this.driver.writer;
  }

  release(): void {
    if (this.#holdsWriter) this.driver.turns.pass();
    this.#holdsWriter = false;
  }
}

/**
 * SQLite's two connections: the writer, lent by fair turns (connection-turns.ts) rather than
 * Kysely's mutex, and a read-only reader beside it (none for `:memory:`, which another connection
 * would not see). Reads outside a transaction never wait behind a transaction, so the requests
 * that arrive while one is open reach their own commands meanwhile and share its commit (group
 * commit); a transaction reads on the writer, its own writes included.
 *
 * Transactions begin IMMEDIATE: they take the write lock at once, so a second process (a separate
 * worker, the CLI) waits for it through busy_timeout. A deferred transaction that read first would
 * instead fail at its first write once another process has written (SQLITE_BUSY_SNAPSHOT):
 * waiting cannot help it. Inside one process transactions already run one at a time on the
 * writer, so nothing is lost.
 */
class ImmediateSqliteDriver implements Driver {
  readonly turns = new ConnectionTurns();
  readonly writer: SqliteStatements;
  readonly reader: SqliteStatements | null;

  constructor(private readonly connections: { writer: SqliteDatabase; reader: SqliteDatabase | null }) {
    this.writer = new SqliteStatements(connections.writer);
    this.reader = connections.reader && new SqliteStatements(connections.reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteLease(this);
  }

  async releaseConnection(lease: DatabaseConnection): Promise<void> {
    (lease as SqliteLease).release();
  }

  async beginTransaction(lease: DatabaseConnection): Promise<void> {
    await (await (lease as SqliteLease).writer()).executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(lease: DatabaseConnection): Promise<void> {
    await lease.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    await lease.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.connections.reader?.close();
    this.connections.writer.close();
  }
}

/**
 * Kysely runs SQLite migrations outside a transaction (it assumes DDL cannot be rolled back) and
 * without a lock (it assumes one connection). SQLite's DDL is transactional, so each run goes in
 * one IMMEDIATE transaction: a process that starts beside another waits for its migrations, then
 * reads them as applied, and a failed migration leaves nothing half done.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly connections: { writer: SqliteDatabase; reader: SqliteDatabase | null }) {
    super({ database: connections.writer });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.connections);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How long a SQLite connection waits for another process's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with prepared statements kept and reused: the
 * driver prepares every query anew, which costs about as much as running it. better-sqlite3
 * statements are reusable and recompile themselves after a schema change; queries differ only by
 * their parameters, so a few hundred statements cover the application. Least recently used go first.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  return { close: () => sqlite.close(), prepare: leastRecentlyUsed(STATEMENT_CACHE_SIZE, (text: string) => sqlite.prepare(text)) };
}

export function dialectOf(url: string): DialectName {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/** The file of a `sqlite:` URL, as given (relative to the working directory, or `:memory:`). */
export function sqliteFileOf(url: string): string {
  return url.slice('sqlite:'.length);
}

export interface OpenOptions {
  /** PostgreSQL: the pool's largest size. */
  poolSize?: number;
  /**
   * PostgreSQL: commit groups open at once (commit-groups.ts); none by default. A group runs its
   * commands one after another, each in several round trips: measured slower than commands
   * committing alone until a signup is one statement (docs/decisions.md, "Group commit").
   */
  commitGroups?: number;
  /** PostgreSQL: where the listening connection goes (wakeups.ts), when not to `url` (a PgBouncer in transaction mode there). */
  listenUrl?: string | null;
  /**
   * SQLite, for a long-running process (the server): the WAL checkpointed in a thread of its own
   * (sqlite-checkpointer.ts), and the planner's statistics refreshed as the tables grow.
   */
  longRunning?: boolean;
  /** How often a long-running SQLite connection refreshes its statistics; hourly by default. */
  optimizeEveryMs?: number;
}

/** SQLite asks long-lived connections to run PRAGMA optimize "perhaps once per day or once per hour". */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const file = sqliteFileOf(url);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    // WAL lets the CLI and readers work beside a running server; busy_timeout makes a second
    // process wait for the write lock instead of failing at once.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // Statistics for the planner, as SQLite recommends at each connection's start: without them
    // it picks the (beta, hidden, id) index for a custom_vars filter and reads every tester of the
    // beta (docs/decisions.md, "SQLite's planner statistics"). Quick when they are current; it
    // samples big tables (analysis limit) instead of reading them whole.
    sqlite.pragma('optimize = 0x10002');
    const checkpointer = options.longRunning && file !== ':memory:' ? startCheckpointer(file) : null;
    if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    // The reader opens once the writer has made the file and its WAL; it waits for a checkpoint's lock as the writer does.
    const reader = file === ':memory:' ? null : new SQLite(file, { readonly: true });
    reader?.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ writer: withStatementCache(sqlite), reader: reader && withStatementCache(reader) }) });
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    watchForeignWrites(db, () => dataVersion.get() as number);
    // Commands run one at a time on the one connection: those queued behind an open one share its commit.
    groupCommits(db);
    // A beta that grows from nothing to a million testers in a day outgrows the statistics of the
    // morning. The connection's own optimize knows which tables its queries used; it re-analyzes
    // only those that changed much, with a bounded sample, and takes its turn like any query. It
    // may fail (another process holding the write lock past busy_timeout): the next round retries.
    const folding = options.longRunning ? startSearchFolding(db) : null;
    const optimizer = options.longRunning
      ? setInterval(() => void sql`pragma optimize`.execute(db).catch(() => {}), options.optimizeEveryMs ?? OPTIMIZE_EVERY_MS).unref()
      : null;
    const close = async () => {
      if (optimizer) clearInterval(optimizer);
      await folding?.stop();
      await checkpointer?.stop();
      await db.destroy();
    };
    return { db, dialect, poolStats: () => ({ total: 1 }), close };
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', preparingPlannedOnce);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Commands share commits a few groups at a time when asked to, leaving most of the pool to reads and workers.
  if (options.commitGroups) groupCommits(db, { ...GROUP_LIMITS, lanes: options.commitGroups }, true);
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  // Its listening connection opens when a reader first listens (a server does; the CLI does not).
  const wakeups = new Wakeups(options.listenUrl ?? url, db);
  registerWakeups(db, wakeups);
  const close = async () => {
    await wakeups.close();
    await db.destroy();
  };
  return { db, dialect, poolStats, close };
}

/**
 * Row locking for read-then-write sequences. PostgreSQL: FOR NO KEY UPDATE, the lock an UPDATE that
 * changes no key takes anyway. Unlike FOR UPDATE it does not conflict with the FOR KEY SHARE that
 * foreign-key checks (and forKeyShare) hold, so a tester being referred by many concurrent signups
 * can still be locked for its counters without deadlocks. SQLite has no row locks and needs none:
 * a transaction there holds the database's single write lock.
 */
export function forUpdate<DB, TB extends keyof DB, O>(
  dialect: DialectName,
  query: SelectQueryBuilder<DB, TB, O>,
  options: { skipLocked?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  if (dialect === 'sqlite') return query;
  return options.skipLocked ? query.forNoKeyUpdate().skipLocked() : query.forNoKeyUpdate();
}

/**
 * Locks rows the transaction will delete. A DELETE takes PostgreSQL's strongest row lock, so it is
 * taken up front (FOR UPDATE): the transaction then waits for others holding FOR KEY SHARE (signups
 * referring to the row) instead of deadlocking with them after taking a weaker lock.
 */
export function forDelete<DB, TB extends keyof DB, O>(dialect: DialectName, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'sqlite' ? query : query.forUpdate();
}

/**
 * Keeps the selected rows from being deleted (or their key changed) until the transaction ends,
 * without blocking readers or updates of other columns: the lock a foreign key check takes, taken
 * early. PostgreSQL FOR KEY SHARE; SQLite needs none (see forUpdate).
 */
export function forKeyShare<DB, TB extends keyof DB, O>(dialect: DialectName, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'sqlite' ? query : query.forKeyShare();
}

/**
 * Serialises transactions that work on the same named thing, such as one IP's signups in one beta.
 * PostgreSQL: a transaction-scoped advisory lock; the commands of one commit group share it, one
 * after another, each seeing the writes of those before it. SQLite: nothing to do, its transactions are serial.
 */
export async function lockName(trx: Executor, dialect: DialectName, name: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/** The whole number at `key` of a JSON text column (an outbox job's payload); null when absent. */
export function jsonInteger(dialect: DialectName, column: string, key: string): RawBuilder<number | null> {
  return dialect === 'sqlite'
    ? sql<number | null>`json_extract(${sql.ref(column)}, ${`$.${key}`})`
    : sql<number | null>`(${sql.ref(column)}::jsonb ->> ${key})::bigint`;
}
