// The standing feed (migration 014): triggers on testers write a row for every change of a tester
// that is or was on the waitlist, in the changing transaction, so a process learns of every
// change however it was made (this process, another one, the CLI, a bulk load) and can never see
// a change without its row. Rows only name the tester and what it had before; the reader re-reads
// the tester, so a row read twice or late does no harm, but none may be missed.
//
// How a reader knows it has seen every committed row differs by dialect:
// - SQLite: one writer at a time (transactions begin IMMEDIATE), so rows commit in `seq` order and
//   "seq above the last one read" misses nothing.
// - PostgreSQL: a seq is drawn at insert, not at commit, so a row can commit after rows with higher
//   seqs have been read. A seq missing below the highest read is a gap, kept and asked for again
//   at every read until no transaction that could have drawn it is still running: the one that
//   drew it had started before the read that found the gap (the trigger runs after the tester's
//   write, which gave it its transaction id), so once the oldest running transaction
//   (pg_snapshot_xmin) is newer than every id given out at that read (pg_snapshot_xmax), its row
//   is either visible or will never be. A reader that starts does the same for the rows of the
//   transactions running at its start.
import { sql } from 'kysely';
import { planOnce, type Db, type DialectName, type Executor } from '../../db/database.ts';
import { PRUNE_BATCH_SIZE, type PruneBatch } from '../../db/pruning.ts';

/** One changed tester and what it had before (null where the row is an insert). */
export interface TesterChange {
  betaId: number;
  testerId: number;
  old: { referrals: number; points: number; appliedAt: string | null } | null;
}

/** Rows read per statement: a beta's deletion may have written a million. */
const READ_LIMIT = 10_000;

/**
 * How long rows are kept: far longer than a reader's pause between two reads (POLL_MS). A reader
 * that has not read for half of it rebuilds its sets rather than trust what is left.
 */
export const FEED_RETENTION_SECONDS = 120;

type ChangeRow = { seq: number; beta_id: number; tester_id: number; old_referrals: number | null; old_points: number | null; old_applied_at: string | null };

function toChange(row: ChangeRow): TesterChange {
  return {
    betaId: Number(row.beta_id),
    testerId: Number(row.tester_id),
    old: row.old_referrals === null ? null : { referrals: row.old_referrals, points: row.old_points ?? 0, appliedAt: row.old_applied_at },
  };
}

/** Where a PostgreSQL reader stands: see the file's comment. */
interface PostgresPosition {
  /** The highest seq read: every seq up to it is read, a gap, or a row of a transaction running at the start. */
  maxSeq: number;
  /** Seqs missing below maxSeq, each with the snapshot's xmax after the read that found it. */
  gaps: Map<number, bigint>;
  /** The transactions running when reading began, until all have finished: their rows may be below maxSeq. */
  start: { xmin: bigint; xmax: bigint; maxSeq: number } | null;
  /** The snapshot's xmin after the latest read: every transaction older than it had finished by the next read. */
  xmin: bigint;
}

export class StandingFeed {
  #sqliteSeq: number | undefined;
  #postgres: PostgresPosition | undefined;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  get started(): boolean {
    return this.#sqliteSeq !== undefined || this.#postgres !== undefined;
  }

  /** Reads from now on, unless reading already: every change committed later is read by `read`. */
  async start(): Promise<void> {
    if (this.started) return;
    const maxSeq = await this.#maxSeq();
    if (this.dialect === 'sqlite') {
      this.#sqliteSeq ??= maxSeq;
      return;
    }
    const { xmin, xmax } = await this.#snapshot();
    this.#postgres ??= { maxSeq, gaps: new Map(), start: { xmin, xmax, maxSeq }, xmin };
  }

  /** Forgets where it stood (start reads from then on). */
  reset(): void {
    this.#sqliteSeq = undefined;
    this.#postgres = undefined;
  }

  /** The changes committed since the last read (or the start). */
  async read(): Promise<TesterChange[]> {
    if (this.#sqliteSeq !== undefined) {
      const changes: TesterChange[] = [];
      for (;;) {
        const rows = await this.#rows(sql`seq > ${this.#sqliteSeq}`);
        for (const row of rows) changes.push(toChange(row));
        if (rows.length > 0) this.#sqliteSeq = Number(rows[rows.length - 1].seq);
        if (rows.length < READ_LIMIT) return changes;
      }
    }
    return this.#postgres ? this.#readPostgres(this.#postgres) : [];
  }

  async #readPostgres(position: PostgresPosition): Promise<TesterChange[]> {
    const finishedBefore = position.xmin;
    const gaps = [...position.gaps.keys()];
    const { start } = position;
    const rows: ChangeRow[] = [];
    for (;;) {
      const read = await this.#rows(
        sql`(seq > ${position.maxSeq}${gaps.length > 0 ? sql` or seq = any(${gaps}::bigint[])` : sql``}${
          start ? sql` or (seq <= ${start.maxSeq} and xid >= ${String(start.xmin)}::xid8)` : sql``
        })`,
      );
      rows.push(...read);
      const beyond = read.filter((row) => row.seq > position.maxSeq);
      if (beyond.length === 0) break;
      const { xmax } = await this.#snapshot();
      // Seqs skipped on the way up are gaps until the transactions running at this read have finished.
      const found = new Set(beyond.map((row) => Number(row.seq)));
      const top = Math.max(...found);
      for (let seq = position.maxSeq + 1; seq < top; seq++) if (!found.has(seq)) position.gaps.set(seq, xmax);
      position.maxSeq = top;
      if (read.length < READ_LIMIT) break;
    }
    for (const row of rows) position.gaps.delete(Number(row.seq));
    // A gap or the start's transactions that had all finished before this read: read for the last time.
    for (const [seq, xmax] of position.gaps) if (xmax <= finishedBefore) position.gaps.delete(seq);
    if (start && start.xmax <= finishedBefore) position.start = null;
    position.xmin = (await this.#snapshot()).xmin;
    return rows.map(toChange);
  }

  /**
   * The changes the open transaction `trx` has made, read just before it commits (PostgreSQL): the
   * request that made them answers with them, before any read of the feed could. On SQLite
   * nothing: a read after commit finds them at once.
   */
  async ownChanges(trx: Executor): Promise<TesterChange[]> {
    if (this.dialect === 'sqlite') return [];
    // Every write transaction runs it: prepared once per connection.
    const { rows } = await planOnce(
      sql<ChangeRow>`select seq, beta_id, tester_id, old_referrals, old_points, old_applied_at from tester_changes
        where xid = pg_current_xact_id_if_assigned()`,
    ).execute(trx);
    return rows.map(toChange);
  }

  /** One batch of pruning (pruneInBatches): rows older than the retention, oldest first. */
  async pruneBatch(): Promise<PruneBatch> {
    const cutoff = Math.floor(Date.now() / 1000) - FEED_RETENTION_SECONDS;
    const oldest = this.db.selectFrom('tester_changes').select('seq').where('created_at', '<', cutoff).orderBy('created_at').limit(PRUNE_BATCH_SIZE);
    const deleted = Number((await this.db.deleteFrom('tester_changes').where('seq', 'in', oldest).executeTakeFirst()).numDeletedRows);
    return { deleted, done: deleted < PRUNE_BATCH_SIZE };
  }

  async #rows(where: ReturnType<typeof sql>): Promise<ChangeRow[]> {
    const { rows } = await sql<ChangeRow>`select seq, beta_id, tester_id, old_referrals, old_points, old_applied_at from tester_changes
      where ${where} order by seq limit ${READ_LIMIT}`.execute(this.db);
    return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
  }

  async #maxSeq(): Promise<number> {
    const { seq } = await this.db
      .selectFrom('tester_changes')
      .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), eb.lit(0)).as('seq'))
      .executeTakeFirstOrThrow();
    return Number(seq);
  }

  async #snapshot(): Promise<{ xmin: bigint; xmax: bigint }> {
    const { rows } = await sql<{ xmin: string; xmax: string }>`select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax
      from pg_current_snapshot() as s`.execute(this.db);
    return { xmin: BigInt(rows[0].xmin), xmax: BigInt(rows[0].xmax) };
  }
}
