// Waitlist standings from an order-statistics index in memory (docs/decisions.md, "Standings from an
// order-statistics index"; the contract in docs/architecture.md). Only applied, visible testers are
// on a beta's waitlist, ordered by the owner's manual priority (highest first), then by the beta's
// waitlist_order: most referrals or points first (none for signup_time), then earliest applied_at,
// then lowest id. A tester's position is 1 + the number of entries before its key, read from the
// beta's RankedSet in microseconds at any length.
//
// A beta's set is built from the database the first time it is needed (for every beta with a
// waitlist when a server starts: warm), then kept in step by the testers the standing feed names,
// read with it: after each of this process's commits, so the request that made a change answers
// with it (and with every change committed before it), and for other processes' changes when
// woken by them (PostgreSQL, db/engine/wakeups.ts) or every POLL_MS (SQLite, or while not listening).
//
// The same feed keeps a beta's sort sets: every visible tester (any status) by points, or by
// referrals, most first and then the latest tester first. The tester list's sorts by points and by
// referrals, and the dashboard's top referrers, read them instead of an index on testers that every
// signup and every referral credit would write (docs/decisions.md, "Indexes on testers"). They are
// built the first time a beta's sort is asked for.
import { sql } from 'kysely';
import type { Db, DialectName, Executor } from '../../db/executor.ts';
import { afterCommit } from '../../db/transaction.ts';
import { pruneInBatches } from '../../db/pruning.ts';
import { readOnWakeups, wakeupsOf } from '../../db/engine/wakeups.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { forgetBeta, toBeta } from '../betas/betas.service.ts';
import type { WaitlistOrders } from '../betas/beta-settings.ts';
import { RankedSet } from './ranked-set.ts';
import { Rounds } from './rounds.ts';
import { BETA_CHANGED, StandingFeed, FEED_RETENTION_SECONDS, type TesterChange } from './standing-feed.ts';

export type WaitlistOrder = (typeof WaitlistOrders)[number];

export interface Standing {
  waitlist_position: number | null;
  waitlist_ahead: number | null;
  waitlist_behind: number | null;
  waitlist_length: number;
}

export type Placed = Pick<TesterRow, 'id' | 'status' | 'hidden' | 'share_signups_count' | 'points' | 'applied_at' | 'priority'>;

/**
 * A set's group is the priority and the count in one number: priority × 2^32 + count. Counts are
 * database integers (within ±2^31), so the priority always ranks first, and the largest group
 * (MAX_PRIORITY, priority.ts, × 2^32 + 2^31, about 4.3e15) is still a safe integer.
 */
const PRIORITY_UNIT = 2 ** 32;

export function isOnWaitlist(tester: Pick<TesterRow, 'status' | 'hidden'>): boolean {
  return tester.status === 'applied' && tester.hidden === 0;
}

/** The column a tester is ranked by in `order`, most first; none for signup_time (one group, 0). */
function groupColumn(order: WaitlistOrder): 'share_signups_count' | 'points' | null {
  return order === 'referrals' ? 'share_signups_count' : order === 'points' ? 'points' : null;
}

export function groupOf(order: WaitlistOrder, tester: { share_signups_count: number; points: number; priority: number }): number {
  const column = groupColumn(order);
  return tester.priority * PRIORITY_UNIT + (column ? tester[column] : 0);
}

/** applied_at as a number that sorts as the text does; a missing one first, as '' did. */
export function timeOf(appliedAt: string | null): number {
  return appliedAt ? Date.parse(appliedAt) : -Infinity;
}

const offWaitlist = (length: number): Standing => ({ waitlist_position: null, waitlist_ahead: null, waitlist_behind: null, waitlist_length: length });
const onWaitlist = (ahead: number, length: number): Standing => ({ waitlist_position: ahead + 1, waitlist_ahead: ahead, waitlist_behind: length - ahead - 1, waitlist_length: length });

/**
 * The standing of each tester as its row says it is now, against the set as it holds everyone
 * else: a row not applied to the set yet (read inside its transaction) counts with its change.
 */
function standingsIn(set: RankedSet, order: WaitlistOrder, testers: readonly Placed[]): Map<number, Standing> {
  const standings = new Map<number, Standing>();
  for (const tester of testers) {
    const [group, at] = [groupOf(order, tester), timeOf(tester.applied_at)];
    const indexed = set.has(group, at, tester.id);
    if (!isOnWaitlist(tester)) {
      standings.set(tester.id, offWaitlist(set.size - (indexed ? 1 : 0)));
      continue;
    }
    let [ahead, length] = [set.rank(group, at, tester.id), set.size];
    if (!indexed) {
      // Not applied to the set yet (a row read inside its transaction): where it stood, if anywhere, no longer counts.
      const before = set.groupOf(at, tester.id);
      if (before !== undefined && set.rank(before, at, tester.id) < ahead) ahead -= 1;
      length += before === undefined ? 1 : 0;
    }
    standings.set(tester.id, onWaitlist(ahead, length));
  }
  return standings;
}

/**
 * The standings of a few testers counted in SQL, through `executor` (with its transaction's
 * changes): the waitlist's length and, for each tester on it, the testers before its key. A scan
 * of the beta's waitlist for each: only for a beta whose set is not built yet.
 */
async function countedStandings(executor: Executor, betaId: number, order: WaitlistOrder, testers: readonly Placed[]): Promise<Map<number, Standing>> {
  const waitlist = executor.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).where('status', '=', 'applied').where('hidden', '=', 0);
  const length = Number((await waitlist.executeTakeFirstOrThrow()).n);
  const standings = new Map<number, Standing>();
  for (const tester of testers) {
    if (!isOnWaitlist(tester)) {
      standings.set(tester.id, offWaitlist(length));
      continue;
    }
    const column = groupColumn(order);
    // Ahead: a higher priority; or the same, and a greater count, or the same count and an earlier
    // (applied_at, id). No applied_at sorts first, as timeOf has it.
    const earlier = sql<boolean>`(coalesce(applied_at, ''), id) < (${tester.applied_at ?? ''}, ${tester.id})`;
    const { n } = await waitlist
      .where((eb) => {
        const count = column ? eb.or([eb(column, '>', tester[column]), eb.and([eb(column, '=', tester[column]), earlier])]) : earlier;
        return eb.or([eb('priority', '>', tester.priority), eb.and([eb('priority', '=', tester.priority), count])]);
      })
      .executeTakeFirstOrThrow();
    standings.set(tester.id, onWaitlist(Number(n), length));
  }
  return standings;
}

/**
 * How often the feed is read for other processes' changes when they cannot wake the reader
 * (SQLite, or PostgreSQL's listening connection down): they show here within about this long.
 */
export const POLL_MS = 250;
/**
 * How often a process holding sets deletes the feed's old rows (any process may: deleting twice is
 * harmless), for as long as rows it has seen may be left.
 */
const PRUNE_MS = 30_000;
/** Rows read per statement while a beta's set is built. */
const BUILD_CHUNK = 20_000;
/**
 * The pause between two chunks of a sort set's build nobody waits for (topByScan's): the pages
 * answered meanwhile do not share the process with it (a chunk is ~16 ms of CPU; 1,000,000
 * testers take 2.5 s more).
 */
const PACE_MS = 50;
/** Testers re-read per statement. */
const REREAD_CHUNK = 1_000;
/** A batch of changes this large, against the beta's size, is cheaper to apply by building the set again. */
const REBUILD_AT = { changes: 20_000, share: 0.25 };

/** A column a beta's visible testers are sorted by, most first (Standings.sortedSlice). */
export type SortColumn = 'points' | 'share_signups_count';
const SORT_COLUMNS: readonly SortColumn[] = ['points', 'share_signups_count'];

/** A sort set's key (value, -id, id): most first, then the latest tester (the highest id) first. */
const latestFirst = (id: number) => -id;

interface BetaIndex {
  order: WaitlistOrder;
  set: RankedSet;
}

/** Moves one tester's entry in a sort set to where its row (undefined: deleted) puts it: there while visible. */
function placeSorted(set: RankedSet, column: SortColumn, testerId: number, row: Placed | undefined, changes: TesterChange[]): void {
  const seen = changes.flatMap((change) => (change.old ? [column === 'points' ? change.old.points : change.old.referrals] : []));
  const at = latestFirst(testerId);
  const group = set.groupOf(at, testerId, [...(row ? [row[column]] : []), ...seen]);
  if (group !== undefined) set.delete(group, at, testerId);
  if (row && row.hidden === 0) set.add(row[column], at, testerId);
}

/** A sort set's build: paced (a pause between chunks) while nobody waits for it, at full speed once someone does. */
interface SortBuild {
  missed: TesterChange[];
  done: Promise<RankedSet>;
  pace: { paced: boolean };
}

interface Building {
  order: WaitlistOrder;
  /** Changes met while building: applied once the set is in place. */
  missed: TesterChange[];
  done: Promise<BetaIndex>;
}

export interface StandingsLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export class Standings {
  readonly #feed: StandingFeed;
  readonly #indexes = new Map<number, BetaIndex>();
  readonly #building = new Map<number, Building>();
  /** The sort sets of each beta that has had one asked for, by column. */
  readonly #sorts = new Map<number, Map<SortColumn, RankedSet>>();
  /** Sort sets being built, by `${betaId}:${column}`, with the changes met meanwhile. */
  readonly #sortBuilds = new Map<string, SortBuild>();
  /** Changes a build met while it read the waitlist, for the next round once its set is in place. */
  #missed: TesterChange[] = [];
  /** Counts the sets put in place (built): a set placed after a read may hold a later state than the read saw. */
  #setsPlaced = 0;
  #lastRead = Date.now();
  #feedRounds = 0;
  readonly #rounds = new Rounds(() => this.#round());
  /** Stops the reads on wake-ups and the pruning; none before a set is built. */
  #stopReading: (() => void) | undefined;
  #pruning: Promise<unknown> | undefined;
  /** When this process last saw a row of the feed (its start, for the rows written before). */
  #lastChangeAt = Date.now();
  /** A commit of this process is waiting for its round: that round tells the others (wakeups). */
  #committed = false;
  readonly #stopping = new AbortController();

  constructor(
    private readonly db: Db,
    dialect: DialectName,
    private readonly log?: StandingsLog,
  ) {
    this.#feed = new StandingFeed(db, dialect);
  }

  /**
   * Stops reading and pruning the feed; the sets stay as they are. A read under way (a timer's, or a
   * sort set's build nobody waits for: topByScan's) is waited for, so the database is not closed
   * beneath it; such a build stops at its next chunk.
   */
  async close(): Promise<void> {
    this.#stopReading?.();
    this.#stopping.abort();
    const builds = [...this.#sortBuilds.values()].map((build) => build.done.catch(() => {}));
    await Promise.all([this.#pruning, this.#rounds.idle(), ...builds]);
  }

  /**
   * How many reads of the feed this process has applied: how far behind another process it may be
   * is one or two of them, however long a busy machine makes each.
   */
  get feedRounds(): number {
    return this.#feedRounds;
  }

  /** Resolves once every change committed before the call is in the sets. */
  settle(): Promise<void> {
    return this.#rounds.next();
  }

  /**
   * The ids of the first `count` testers of the beta's waitlist, front to back, with every change
   * committed before the call applied: read from the set (built first when missing), never sorted
   * in SQL. Not from inside a transaction (a build reads the database).
   */
  async firstIds(beta: { id: number; settings: { waitlist_order: WaitlistOrder } }, count: number): Promise<number[]> {
    await this.#settleQuietly();
    const { set } = await this.#indexFor(beta.id, beta.settings.waitlist_order);
    const ids: number[] = [];
    if (count <= 0) return ids;
    for (const [, , id] of set.entries()) {
      ids.push(id);
      if (ids.length >= count) break;
    }
    return ids;
  }

  /** A round whose failure (the database unreachable) is logged: the next one reads the same rows again. */
  #settleQuietly(): Promise<void> {
    return this.settle().catch((error: unknown) => this.log?.error({ err: error }, 'standings: reading the feed failed'));
  }

  /** Builds the set of every beta with testers on its waitlist; says how long it took. */
  async warm(): Promise<void> {
    const started = performance.now();
    const waitlisted = this.db.selectFrom('beta_counters').select('beta_id').groupBy('beta_id').having((eb) => eb.fn.sum('applied_testers_count'), '>', 0);
    const betas = await this.db.selectFrom('betas').selectAll().where('id', 'in', waitlisted).execute();
    let testers = 0;
    for (const row of betas) testers += (await this.#indexFor(row.id, toBeta(row).settings.waitlist_order)).set.size;
    const ms = Math.round(performance.now() - started);
    this.log?.info({ betas: betas.length, testers, ms }, `standings: ${testers} waitlisted testers of ${betas.length} betas indexed in ${ms} ms`);
  }

  /**
   * Once a command has committed, before it answers: a round that reads the feed, so the answer
   * counts every change committed before it (its own and any other process's). That round wakes
   * the other processes when it found changes (or cannot tell, reading none).
   */
  readonly afterCommit = (): Promise<void> => {
    this.#committed = true;
    return this.#settleQuietly();
  };

  /**
   * The standing of each tester as its row says it is now, against everyone else as of the last
   * change this process has applied: a row read inside a transaction counts with its own change.
   * One synchronous pass over the set: the standings of a page agree with each other.
   *
   * A beta whose set is not built yet is built first — but not from inside a transaction (an
   * e-mail or a deletion's event rendered in it): on SQLite the build's reads would wait for the
   * connection that transaction holds. Those few testers are counted in SQL through the
   * transaction instead, and the set is built once it has committed.
   */
  async standingsOf(executor: Executor, beta: { id: number; settings: { waitlist_order: WaitlistOrder } }, testers: readonly Placed[]): Promise<Map<number, Standing>> {
    const order = beta.settings.waitlist_order;
    const ready = this.#indexes.get(beta.id);
    if (ready?.order !== order && executor.isTransaction) {
      afterCommit(executor, async () => void this.#indexFor(beta.id, order).catch(() => {}));
      return countedStandings(executor, beta.id, order, testers);
    }
    const { set } = ready?.order === order ? ready : await this.#indexFor(beta.id, order);
    return standingsIn(set, order, testers);
  }

  /**
   * The tester's standing, and the position it would hold with `more` added to the value the
   * waitlist is ranked by (its referrals, or its points), everyone else as they are: the tester's
   * key moved up, ranked in the set, never counted in SQL. Null in signup_time order (nothing moves
   * a tester there) and for a tester not on the waitlist. One synchronous read of the set after it
   * is ready, so the two figures agree.
   */
  async standingWithMore(beta: { id: number; settings: { waitlist_order: WaitlistOrder } }, tester: Placed, more: number): Promise<{ standing: Standing; positionWithMore: number | null }> {
    const order = beta.settings.waitlist_order;
    const { set } = await this.#indexFor(beta.id, order);
    const standing = standingsIn(set, order, [tester]).get(tester.id)!;
    if (standing.waitlist_position === null || groupColumn(order) === null) return { standing, positionWithMore: null };
    const [group, at] = [groupOf(order, tester), timeOf(tester.applied_at)];
    const raised = group + more;
    let ahead = set.rank(raised, at, tester.id);
    // The tester's own entry is not ahead of itself: rank() counts it only where the set still holds
    // it above the raised key (a row changed since the set last applied it).
    const held = set.groupOf(at, tester.id, [group]);
    if (held !== undefined && held > raised) ahead -= 1;
    return { standing, positionWithMore: ahead + 1 };
  }

  /**
   * For moves recorded in a transaction (moves.ts): each tester's position as this process last
   * applied it, before the transaction's change, and as its row now puts it against everyone else
   * (standingsOf). The first is null for a tester the set does not hold, and while the beta's set
   * is not built (its standings are counted in SQL until then).
   */
  async positionsAround(executor: Executor, beta: { id: number; settings: { waitlist_order: WaitlistOrder } }, testers: readonly Placed[]): Promise<Map<number, { before: number | null; after: number | null }>> {
    const order = beta.settings.waitlist_order;
    const after = await this.standingsOf(executor, beta, testers);
    const index = this.#indexes.get(beta.id);
    const positions = new Map<number, { before: number | null; after: number | null }>();
    for (const tester of testers) {
      let before: number | null = null;
      if (index?.order === order) {
        const at = timeOf(tester.applied_at);
        const group = index.set.groupOf(at, tester.id, [groupOf(order, tester)]);
        if (group !== undefined) before = index.set.rank(group, at, tester.id) + 1;
      }
      positions.set(tester.id, { before, after: after.get(tester.id)!.waitlist_position });
    }
    return positions;
  }

  /** Deletes the feed's old rows, while rows this process has seen may be left: an idle process does not. */
  #prune(): void {
    if (Date.now() - this.#lastChangeAt > FEED_RETENTION_SECONDS * 1000 + 2 * PRUNE_MS) return;
    this.#pruning ??= pruneInBatches(() => this.#feed.pruneBatch(), this.#stopping.signal)
      .catch((error: unknown) => this.log?.error({ err: error }, 'standings: pruning the feed failed'))
      .finally(() => (this.#pruning = undefined));
  }

  /**
   * The ids of the beta's waitlist at positions from + 1 to from + count (front to back), or with
   * `backwards` counted from the back (last first), and the waitlist's length: one page of a list
   * in waitlist order, read from the set (built first when missing), whatever the page's depth.
   */
  async waitlistSlice(beta: { id: number; settings: { waitlist_order: WaitlistOrder } }, from: number, count: number, backwards = false): Promise<{ ids: number[]; length: number }> {
    const { set } = await this.#indexFor(beta.id, beta.settings.waitlist_order);
    if (!backwards) return { ids: set.slice(from, count), length: set.size };
    const end = set.size - from;
    return { ids: set.slice(Math.max(0, end - count), Math.min(count, end)).reverse(), length: set.size };
  }

  /** The ids on the beta's waitlist in order, as this process holds it; undefined when it holds none. */
  indexedIds(betaId: number): { order: WaitlistOrder; ids: number[] } | undefined {
    const index = this.#indexes.get(betaId);
    return index && { order: index.order, ids: Array.from(index.set.entries(), ([, , id]) => id) };
  }

  /**
   * The ids of the beta's visible testers ranked from + 1 to from + count by `column`, most first
   * and then the latest first, or with `backwards` the reverse (fewest first, then the earliest),
   * with every change committed before the call applied; and how many visible testers there are.
   * Not from inside a transaction (a build reads the database).
   */
  async sortedSlice(betaId: number, column: SortColumn, from: number, count: number, backwards = false): Promise<{ ids: number[]; length: number }> {
    await this.#settleQuietly();
    const set = await this.#sortFor(betaId, column);
    if (!backwards) return { ids: set.slice(from, count), length: set.size };
    const end = set.size - from;
    return { ids: set.slice(Math.max(0, end - count), Math.min(count, end)).reverse(), length: set.size };
  }

  /**
   * The beta's `count` visible testers with the highest `column` above 0, most first and, among
   * equals, the earliest (lowest id) first, with each one's value; every change committed before
   * the call applied. Reads a group's ids from its end, so a large group of equals costs a slice.
   */
  async topBy(betaId: number, column: SortColumn, count: number): Promise<{ id: number; value: number }[]> {
    await this.#settleQuietly();
    const set = await this.#sortFor(betaId, column);
    const top: { id: number; value: number }[] = [];
    let start = 0;
    for (const [value, size] of set.groupSizes()) {
      if (value <= 0 || top.length >= count) break;
      const take = Math.min(size, count - top.length);
      // Within a group the latest come first: its earliest are its last entries.
      for (const id of set.slice(start + size - take, take).reverse()) top.push({ id, value });
      start += size;
    }
    return top;
  }

  /** Whether this process holds the beta's set by `column` now: topBy answers from it without building it. */
  holdsSorted(betaId: number, column: SortColumn): boolean {
    return this.#sorts.get(betaId)?.has(column) ?? false;
  }

  /**
   * topBy's answer (the same testers, values and order) read by one SQL top-N over the beta's visible
   * testers, for a reader that must not wait for the set's build (1 to 13 s at 1,000,000 testers on
   * a loaded PostgreSQL), which it starts once answered. No index serves the order: a scan of the
   * beta's testers, measured in bench/README.md ("Console pages").
   */
  async topByScan(betaId: number, column: SortColumn, count: number): Promise<{ id: number; value: number }[]> {
    const rows = await this.db
      .selectFrom('testers')
      .select(['id', sql<number>`${sql.ref(column)}`.as('value')])
      .where('beta_id', '=', betaId)
      .where('hidden', '=', 0)
      .where(column, '>', 0)
      .orderBy(column, 'desc')
      .orderBy('id')
      .limit(count)
      .execute();
    // Started after the scan, not beside it: the answer waiting for the scan does not share the machine with the build.
    void this.#sortFor(betaId, column, true).catch((error: unknown) => {
      // Stopped by close(): no failure.
      if (!this.#stopping.signal.aborted) this.log?.error({ err: error }, 'standings: building a sort set failed');
    });
    return rows.map((row) => ({ id: row.id, value: Number(row.value) }));
  }

  /** The beta's sort set by `column`, built first when missing; `paced` when nobody waits for it. */
  #sortFor(betaId: number, column: SortColumn, paced = false): Promise<RankedSet> {
    const set = this.#sorts.get(betaId)?.get(column);
    if (set) return Promise.resolve(set);
    const building = this.#sortBuilds.get(`${betaId}:${column}`);
    if (!building) return this.#buildSort(betaId, column, paced);
    building.pace.paced &&= paced;
    return building.done;
  }

  #buildSort(betaId: number, column: SortColumn, paced: boolean): Promise<RankedSet> {
    this.#startReading();
    const key = `${betaId}:${column}`;
    const missed: TesterChange[] = [];
    const pace = { paced };
    const done = (async () => {
      // The feed's position first: a change committed after it is applied again once the set is in place.
      await this.#feed.start();
      const set = await this.#loadSort(betaId, column, pace);
      const sets = this.#sorts.get(betaId) ?? new Map<SortColumn, RankedSet>();
      this.#sorts.set(betaId, sets.set(column, set));
      this.#setsPlaced += 1;
      if (missed.length > 0) {
        this.#missed = this.#missed.concat(missed);
        void this.#settleQuietly();
      }
      return set;
    })().finally(() => this.#sortBuilds.delete(key));
    this.#sortBuilds.set(key, { missed, done, pace });
    return done;
  }

  /** Every visible tester of the beta with its `column`, read in id order a chunk at a time. */
  async #loadSort(betaId: number, column: SortColumn, pace: { paced: boolean }): Promise<RankedSet> {
    const [groups, ats, ids]: number[][] = [[], [], []];
    for (let after = 0; ; ) {
      if (after > 0 && pace.paced) await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      this.#stopping.signal.throwIfAborted();
      const rows = await this.db
        .selectFrom('testers')
        .select(['id', sql<number>`${sql.ref(column)}`.as('value')])
        .where('beta_id', '=', betaId)
        .where('hidden', '=', 0)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BUILD_CHUNK)
        .execute();
      for (const row of rows) {
        groups.push(row.value);
        ats.push(latestFirst(row.id));
        ids.push(row.id);
      }
      if (rows.length < BUILD_CHUNK) return RankedSet.from(groups, ats, ids);
      after = rows[rows.length - 1].id;
    }
  }

  /** The beta's set in `order`, built first when it is missing or in another order. */
  #indexFor(betaId: number, order: WaitlistOrder): Promise<BetaIndex> {
    const index = this.#indexes.get(betaId);
    if (index?.order === order) return Promise.resolve(index);
    // A build in another order (the order changed meanwhile) is replaced; its waiters get the set they asked for.
    const building = this.#building.get(betaId);
    return building?.order === order ? building.done : this.#build(betaId, order);
  }

  /** A process holding a set reads the feed for as long as it runs (the timers do not keep it running). */
  #startReading(): void {
    if (this.#stopReading || this.#stopping.signal.aborted) return;
    const stopWaking = readOnWakeups(this.db, 'feed', POLL_MS, () => void this.#settleQuietly());
    const pruning = setInterval(() => this.#prune(), PRUNE_MS).unref();
    this.#stopReading = () => {
      stopWaking();
      clearInterval(pruning);
    };
  }

  #build(betaId: number, order: WaitlistOrder): Promise<BetaIndex> {
    this.#startReading();
    const missed: TesterChange[] = [];
    const current = () => this.#building.get(betaId)?.missed === missed;
    const done = (async () => {
      // The feed's position first: a change committed after it is read again once the set is in place.
      await this.#feed.start();
      const index = { order, set: await this.#load(betaId, order) };
      // A newer build (another order) replaced this one: its set is answered to those who waited, not kept.
      if (!current()) return index;
      this.#indexes.set(betaId, index);
      this.#setsPlaced += 1;
      if (missed.length > 0) {
        this.#missed = this.#missed.concat(missed);
        void this.#settleQuietly();
      }
      return index;
    })().finally(() => {
      if (current()) this.#building.delete(betaId);
    });
    this.#building.set(betaId, { order, missed, done });
    return done;
  }

  /** The beta's waitlist read from the testers table, in chunks along the (applied_at, id) index. */
  async #load(betaId: number, order: WaitlistOrder): Promise<RankedSet> {
    // Typed arrays, grown by doubling: a million entries hold 24 MB here rather than boxed numbers.
    let [groups, ats, ids] = [new Float64Array(1024), new Float64Array(1024), new Float64Array(1024)];
    let size = 0;
    const column = groupColumn(order);
    const waitlist = this.db
      .selectFrom('testers')
      .select(['id', 'applied_at', 'priority', (column ? sql<number>`${sql.ref(column)}` : sql<number>`0`).as('grp')])
      .where('beta_id', '=', betaId)
      .where('status', '=', 'applied')
      .where('hidden', '=', 0);
    const add = (rows: { id: number; applied_at: string | null; priority: number; grp: number }[]) => {
      if (size + rows.length > ids.length) {
        const grown = (from: Float64Array) => {
          const to = new Float64Array(Math.max(from.length * 2, size + rows.length));
          to.set(from.subarray(0, size));
          return to;
        };
        [groups, ats, ids] = [grown(groups), grown(ats), grown(ids)];
      }
      for (const row of rows) {
        groups[size] = row.priority * PRIORITY_UNIT + row.grp;
        ats[size] = timeOf(row.applied_at);
        ids[size++] = row.id;
      }
    };
    add(await waitlist.where('applied_at', 'is', null).execute());
    // In (applied_at, id) order along the waitlist index: each group's entries arrive sorted.
    let after: { at: string; id: number } | undefined;
    for (;;) {
      let chunk = waitlist.where('applied_at', 'is not', null).orderBy('applied_at').orderBy('id').limit(BUILD_CHUNK);
      if (after) {
        const { at, id } = after;
        chunk = chunk.where((eb) => eb(eb.refTuple('applied_at', 'id'), '>', eb.tuple(at, id)));
      }
      const rows = await chunk.execute();
      add(rows);
      if (rows.length < BUILD_CHUNK) return RankedSet.from(groups.subarray(0, size), ats.subarray(0, size), ids.subarray(0, size));
      const last = rows[rows.length - 1];
      after = { at: last.applied_at!, id: last.id };
    }
  }

  /** One round: the feed since the last one (and what builds missed), applied to the sets. */
  async #round(): Promise<void> {
    let changes = this.#missed;
    this.#missed = [];
    const announce = this.#committed;
    this.#committed = false;
    try {
      if (this.#feed.started && Date.now() - this.#lastRead > (FEED_RETENTION_SECONDS * 1000) / 2) {
        // Paused for longer than the feed is sure to be kept: rows may be gone unread. Start afresh.
        this.#indexes.clear();
        this.#sorts.clear();
        this.#feed.reset();
      }
      const placedBefore = this.#setsPlaced;
      const read = this.#feed.started ? await this.#feed.read() : [];
      changes = changes.concat(read);
      this.#lastRead = Date.now();
      if (changes.length > 0) this.#lastChangeAt = this.#lastRead;
      if (announce && (changes.length > 0 || !this.#feed.started)) wakeupsOf(this.db)?.announce('feed');
      await this.#apply(changes, { read: new Set(read), placedBefore });
      this.#feedRounds += 1;
    } catch (error) {
      // Whatever was read is kept for the next round (re-applying a change is harmless).
      this.#missed = changes.concat(this.#missed);
      throw error;
    }
  }

  /**
   * `fresh`: the changes this round read, whose testers (read with them, `current`) are placed as
   * read while no set has been placed since (`placedBefore`): such a set may hold a later state.
   */
  async #apply(changes: TesterChange[], fresh: { read: ReadonlySet<TesterChange>; placedBefore: number }): Promise<void> {
    // Per beta, per tester: the changes to it (several in a round when it changed several times).
    const byBeta = new Map<number, Map<number, TesterChange[]>>();
    for (const change of changes) {
      if (change.testerId === BETA_CHANGED) {
        // Its order may have changed: the next answer reads the beta afresh and builds the set it names.
        forgetBeta(this.db, change.betaId);
        continue;
      }
      for (const column of SORT_COLUMNS) this.#sortBuilds.get(`${change.betaId}:${column}`)?.missed.push(change);
      const building = this.#building.get(change.betaId);
      building?.missed.push(change);
      if (!((this.#indexes.has(change.betaId) && !building) || this.#sorts.has(change.betaId))) continue;
      let testers = byBeta.get(change.betaId);
      if (!testers) byBeta.set(change.betaId, (testers = new Map()));
      testers.get(change.testerId)?.push(change) ?? testers.set(change.testerId, [change]);
    }
    for (const [betaId, testers] of byBeta) {
      const bulk = (size: number) => testers.size > Math.max(REBUILD_AT.changes, size * REBUILD_AT.share);
      // A bulk change (a beta's deletion, an import): the sort sets are built again when next asked for.
      const sorts = this.#sorts.get(betaId);
      if (sorts && [...sorts.values()].some((set) => bulk(set.size))) this.#sorts.delete(betaId);
      // The waitlist's set, unless a build will apply these changes (or has just read them all).
      let waitlist = !this.#building.has(betaId) && this.#indexes.has(betaId);
      const index = this.#indexes.get(betaId);
      if (waitlist && index && bulk(index.set.size)) {
        // One read of the whole waitlist instead.
        this.#indexes.delete(betaId);
        await this.#build(betaId, index.order);
        waitlist = false;
      }
      if (!waitlist && !this.#sorts.has(betaId)) continue;
      const testerIds = [...testers.keys()];
      for (let start = 0; start < testerIds.length; start += REREAD_CHUNK) {
        const ids = testerIds.slice(start, start + REREAD_CHUNK);
        // Applied to the beta's set as it is now (rounds never interleave). A set built while the rows
        // were read may have read a later state of them (another process committed between): the rows
        // are read again, after that build, rather than move its entries back to an older state.
        // The same holds for the sort sets: the rows are read again while any set was replaced meanwhile.
        const targets = () => ({
          index: waitlist ? this.#indexes.get(betaId) : undefined,
          sorted: SORT_COLUMNS.map((column) => this.#sorts.get(betaId)?.get(column)),
        });
        let [current, target] = [new Map<number, Placed>(), targets()];
        // Each tester as its last change was read with it, when all were read this round: no statement.
        const lastChanges = ids.map((id) => testers.get(id)!.at(-1)!);
        if (this.#setsPlaced === fresh.placedBefore && lastChanges.every((change) => fresh.read.has(change) && change.current !== undefined)) {
          for (const { current: row } of lastChanges) if (row) current.set(row.id, row);
        } else for (;;) {
          const before = target;
          const rows = await this.db
            .selectFrom('testers')
            .select(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
            .where('id', 'in', ids)
            .execute();
          [current, target] = [new Map(rows.map((row) => [row.id, row])), targets()];
          if (target.index === before.index && target.sorted.every((set, i) => set === before.sorted[i])) break;
        }
        for (const id of ids) {
          if (target.index) this.#place(target.index, id, current.get(id), testers.get(id)!);
          target.sorted.forEach((set, i) => {
            if (set) placeSorted(set, SORT_COLUMNS[i], id, current.get(id), testers.get(id)!);
          });
        }
      }
      // An emptied waitlist (the beta may be gone) is not kept: built again, cheaply, when asked for.
      if (this.#indexes.get(betaId)?.set.size === 0) this.#indexes.delete(betaId);
      const left = this.#sorts.get(betaId);
      if (left && [...left.values()].every((set) => set.size === 0)) this.#sorts.delete(betaId);
    }
  }

  /** Moves one tester's entry to where its row (undefined: deleted) puts it. */
  #place(index: BetaIndex, testerId: number, row: Placed | undefined, changes: TesterChange[]): void {
    const { order, set } = index;
    // Where the entry may be: at the row's time and group, or at what the feed says it had before.
    const seen = changes.flatMap((change) => (change.old ? [change.old] : []));
    const ats = new Set([...(row ? [timeOf(row.applied_at)] : []), ...seen.map((old) => timeOf(old.appliedAt))]);
    const hints = [...(row ? [groupOf(order, row)] : []), ...seen.map((old) => groupOf(order, { share_signups_count: old.referrals, points: old.points, priority: old.priority }))];
    for (const at of ats) {
      const group = set.groupOf(at, testerId, hints);
      if (group !== undefined) set.delete(group, at, testerId);
    }
    if (row && isOnWaitlist(row)) set.add(groupOf(order, row), timeOf(row.applied_at), testerId);
  }
}
