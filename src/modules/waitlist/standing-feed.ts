// The standing feed (migration 014): triggers on testers write a row for every change of a tester
// that is or was on the waitlist, in the changing transaction, so a process learns of every
// change however it was made (this process, another one, the CLI, a bulk load) and can never see
// a change without its row. Rows only name the tester and what it had before; the reader reads the
// tester as it is now with them, so a row read twice or late does no harm, but none may be missed.
//
// How a reader knows it has seen every committed row differs by dialect:
// - SQLite: one writer at a time (transactions begin IMMEDIATE), so rows commit in `seq` order and
//   "seq above the last one read" misses nothing.
// - PostgreSQL: a seq is drawn at insert, not at commit, so a row can commit after rows with higher
//   seqs have been read. A seq missing below the highest read is a gap, kept and asked for again
//   at every read until no transaction that could have drawn it is still running. The one that
//   drew it had its transaction id before (the trigger runs after the tester's write, which gave
//   it one), so its id is below one drawn right after the read (pg_current_xact_id, in a statement
//   of its own); once the oldest running transaction (pg_snapshot_xmin) is past that, the row is
//   visible or never will be. Not the snapshot's xmax: that is one past the latest *finished*
//   transaction, and a transaction given its id just before can still be running above it. A
//   reader that starts does the same for the rows of the transactions running at its start.
import { sql } from 'kysely';
import type { Db, DialectName, Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { planOnce } from '../../db/engine/prepared-statements.ts';
import { PRUNE_BATCH_SIZE, type PruneBatch } from '../../db/pruning.ts';

/**
 * The tester id of a row that names no tester but its beta: the beta itself changed (its settings,
 * the waitlist order among them). A process reading it drops the beta from memory, so a change of
 * order made by another process is seen by the next answer after a commit here, not a TTL later.
 */
export const BETA_CHANGED = 0;

/** Writes the row saying the beta changed, in the transaction that changes it. */
export async function recordBetaChange(trx: Executor, betaId: number): Promise<void> {
  await trx.insertInto('tester_changes').values({ beta_id: betaId, tester_id: BETA_CHANGED, old_referrals: null, old_points: null, old_applied_at: null }).execute();
}

/** What a reader places a tester by, as its row has it. */
export type CurrentTester = Pick<TesterRow, 'id' | 'status' | 'hidden' | 'share_signups_count' | 'points' | 'applied_at' | 'priority'>;

/** One changed tester and what it had before (null where the row is an insert). */
export interface TesterChange {
  betaId: number;
  testerId: number;
  old: { referrals: number; points: number; appliedAt: string | null; priority: number } | null;
  /**
   * The tester as the read that found the change saw it (null: deleted), read with it so that the
   * reader need not read it again; absent where nobody read it (a change noted by a build).
   */
  current?: CurrentTester | null;
}

/** Rows read per statement: a beta's deletion may have written a million. */
const READ_LIMIT = 10_000;

/**
 * How long rows are kept: far longer than a reader's pause between two reads (a heartbeat). A reader
 * that has not read for half of it rebuilds its sets rather than trust what is left.
 */
export const FEED_RETENTION_SECONDS = 120;

type Nullable<T> = { [K in keyof T]: T[K] | null };

type ChangeRow = {
  seq: number;
  beta_id: number;
  tester_id: number;
  old_referrals: number | null;
  old_points: number | null;
  old_applied_at: string | null;
  old_priority: number | null;
  /** The tester's columns now, null when it is gone (current_id null). */
  current_id: number | null;
  status: CurrentTester['status'] | null;
  hidden: number | null;
  share_signups_count: number | null;
  points: number | null;
  applied_at: string | null;
  priority: number | null;
};

/** The feed's columns and the changed tester's, joined (a beta's own row, tester 0, joins none). */
const CHANGE_COLUMNS = sql.raw(`c.seq, c.beta_id, c.tester_id, c.old_referrals, c.old_points, c.old_applied_at, c.old_priority,
  t.id as current_id, t.status, t.hidden, t.share_signups_count, t.points, t.applied_at, t.priority`);

function toChange(row: ChangeRow): TesterChange {
  const testerId = Number(row.tester_id);
  return {
    betaId: Number(row.beta_id),
    testerId,
    old: row.old_referrals === null ? null : { referrals: row.old_referrals, points: row.old_points ?? 0, appliedAt: row.old_applied_at, priority: row.old_priority ?? 0 },
    current:
      row.current_id === null
        ? null
        : { id: testerId, status: row.status!, hidden: row.hidden!, share_signups_count: row.share_signups_count!, points: row.points!, applied_at: row.applied_at, priority: row.priority! },
  };
}

/** Where a PostgreSQL reader stands: see the file's comment. */
interface PostgresPosition {
  /** The highest seq read: every seq up to it is read, a gap, or a row of a transaction running at the start. */
  maxSeq: number;
  /** Seqs missing below maxSeq, each with a transaction id drawn after the read that found it. */
  gaps: Map<number, bigint>;
  /** The transactions running when reading began, until all have finished: their rows may be below maxSeq. */
  start: { xmin: bigint; bound: bigint; maxSeq: number } | null;
  /** The xmin of the latest read's snapshot: every transaction older than it had finished by the next read. */
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
    const xmin = await this.#xmin();
    const bound = await this.#newXid();
    this.#postgres ??= { maxSeq, gaps: new Map(), start: { xmin, bound, maxSeq }, xmin };
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
        const { rows } = await sql<ChangeRow>`select ${CHANGE_COLUMNS} from tester_changes c left join testers t on t.id = c.tester_id
          where c.seq > ${this.#sqliteSeq} order by c.seq limit ${READ_LIMIT}`.execute(this.db);
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
    let xmin = position.xmin;
    for (;;) {
      // One text whatever the gaps and the start window (none: -1 and an xid that matches nothing):
      // prepared once per connection, as it runs after every commit. The snapshot's xmin comes with
      // the rows (one row of nulls when there are none): every transaction older than it had
      // finished before this read, a round trip fewer than asking after it.
      const { rows: result } = await planOnce(
        sql<Nullable<ChangeRow> & { xmin: string }>`select x.xmin, f.* from (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin) x
          left join lateral (select ${CHANGE_COLUMNS} from tester_changes c left join testers t on t.id = c.tester_id
            where c.seq > ${position.maxSeq} or c.seq = any(${gaps}::bigint[]) or (c.seq <= ${start?.maxSeq ?? -1} and c.xid >= ${String(start?.xmin ?? 0)}::xid8)
            order by c.seq limit ${READ_LIMIT}) f on true
          order by f.seq`,
      ).execute(this.db);
      xmin = BigInt(result[0].xmin);
      const read = result.filter((row): row is ChangeRow & { xmin: string } => row.seq !== null);
      rows.push(...read);
      const beyond = read.map((row) => Number(row.seq)).filter((seq) => seq > position.maxSeq);
      if (beyond.length === 0) break;
      // Seqs skipped on the way up are gaps until the transactions running at this read have finished.
      const found = new Set(beyond);
      const top = beyond[beyond.length - 1];
      const skipped: number[] = [];
      for (let seq = position.maxSeq + 1; seq < top; seq++) if (!found.has(seq)) skipped.push(seq);
      if (skipped.length > 0) {
        const bound = await this.#newXid();
        for (const seq of skipped) position.gaps.set(seq, bound);
      }
      position.maxSeq = top;
      if (read.length < READ_LIMIT) break;
    }
    for (const row of rows) position.gaps.delete(Number(row.seq));
    // A gap or the start's transactions that had all finished before this read: read for the last time.
    for (const [seq, bound] of position.gaps) if (bound <= finishedBefore) position.gaps.delete(seq);
    if (start && start.bound <= finishedBefore) position.start = null;
    position.xmin = xmin;
    return rows.map(toChange);
  }

  /** One batch of pruning (pruneInBatches): rows older than the retention, oldest first. */
  async pruneBatch(): Promise<PruneBatch> {
    const cutoff = Math.floor(Date.now() / 1000) - FEED_RETENTION_SECONDS;
    const oldest = this.db.selectFrom('tester_changes').select('seq').where('created_at', '<', cutoff).orderBy('created_at').limit(PRUNE_BATCH_SIZE);
    const deleted = Number((await this.db.deleteFrom('tester_changes').where('seq', 'in', oldest).executeTakeFirst()).numDeletedRows);
    return { deleted, done: deleted < PRUNE_BATCH_SIZE };
  }

  async #maxSeq(): Promise<number> {
    const { seq } = await this.db
      .selectFrom('tester_changes')
      .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), eb.lit(0)).as('seq'))
      .executeTakeFirstOrThrow();
    return Number(seq);
  }

  /** The oldest transaction still running (or, with none, the next): every older one has finished. */
  async #xmin(): Promise<bigint> {
    const { rows } = await sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(this.db);
    return BigInt(rows[0].xmin);
  }

  /** A transaction id given out now: above every id given out before (the statement's own transaction has one, and ends). */
  async #newXid(): Promise<bigint> {
    const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(this.db);
    return BigInt(rows[0].xid);
  }
}
