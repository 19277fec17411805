// The launch panel's live figures (docs/operations.md, "Launch day"): per beta and minute, its
// signups, its public signups' refusals by reason, and a histogram of how long its requests took.
// Each process counts in memory and adds its counts into `launch_figures` every FLUSH_EVERY_MS,
// in one statement (an upsert adding to each row), so a flood of junk costs no database write per
// request. Processes add into the same rows; the histograms have fixed buckets, so their counts
// add up and a p99 is read over every process at once. Rows older than KEPT_MINUTES are pruned.
import { sql } from 'kysely';
import type { Db } from '../../db/executor.ts';
import { apiTime, storedTime, type Clock } from '../../primitives/time.ts';
import { betaReference } from '../betas/betas.service.ts';
import type { RefusalReason } from '../signup-guard/refusal-reasons.ts';

/** Refusals as the panel lists them: the signup guard's reasons and the per-network signup limit. */
export const LaunchRefusalReasons = ['challenge', 'honeypot', 'subnet', 'country', 'origin', 'rate_limit', 'fraud'] as const satisfies readonly (RefusalReason | 'rate_limit')[];
export type LaunchRefusalReason = (typeof LaunchRefusalReasons)[number];

/** How often a running process adds its counts into the table. */
export const FLUSH_EVERY_MS = 5_000;
/** Minutes kept in the table; the panel reads fewer. */
export const KEPT_MINUTES = 60;
/** Minutes the stats answer covers, the current one included. */
export const PANEL_MINUTES = 15;
/** Betas (or page references) counted between two flushes at most: junk references cannot grow memory. */
const MAX_PENDING_BETAS = 10_000;
/** Rows per statement, well within both databases' bound parameters (4 per row). */
const ROWS_PER_STATEMENT = 1_000;
/** A flush prunes the old minutes when the last pruning of this process is older than this. */
const PRUNE_EVERY_MS = 60_000;
const MINUTE_MS = 60_000;

/**
 * Latency buckets: four per doubling of the time, bucket b holding answers of up to 2^(b/4) ms
 * (bucket 0: up to 1 ms), the last one everything slower than about 65 s. A p99 read off a
 * bucket's upper bound is at most 19 % above the exact one.
 */
const BUCKETS_PER_DOUBLING = 4;
const LAST_BUCKET = 16 * BUCKETS_PER_DOUBLING;

export function latencyBucket(ms: number): number {
  if (!(ms > 1)) return 0;
  return Math.min(LAST_BUCKET, Math.ceil(Math.log2(ms) * BUCKETS_PER_DOUBLING));
}

/** The longest answer a bucket holds, in ms. */
export function bucketUpperMs(bucket: number): number {
  return 2 ** (bucket / BUCKETS_PER_DOUBLING);
}

/** The 99th percentile of a histogram (bucket → answers) as its bucket's upper bound in ms, 0.1 ms precision; null without answers. */
export function p99Ms(histogram: ReadonlyMap<number, number>): number | null {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.99);
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return Math.round(bucketUpperMs(bucket) * 10) / 10;
  }
  return null;
}

/** One minute of a beta, added up over every process. */
export interface LaunchMinute {
  /** The minute's start, in the API's format. */
  minute: string;
  signups: number;
  refusals: Record<LaunchRefusalReason, number>;
  /** Answered requests naming the beta. */
  requests: number;
  /** Their 99th percentile answer time, ms; null without requests. */
  p99_ms: number | null;
}

const SIGNUPS = 'signups';
const REFUSED = 'refused:';
const LATENCY = 'latency:';

/** Counts by figure, per minute, per beta reference (an id as text, or a page's slug). */
type Pending = Map<string, Map<string, Map<string, number>>>;

export class LaunchFigures {
  #pending: Pending = new Map();
  #prunedAt = Number.NEGATIVE_INFINITY;
  /** The flush under way: a read waits for it, then flushes what came since. */
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A tester signed up to the beta. */
  signedUp(betaId: number): void {
    this.#add(String(betaId), SIGNUPS);
  }

  /** A signup to the beta refused; `beta` is its id or the page's reference (id or slug) when the refusal came before it was read. */
  refused(beta: number | string, reason: LaunchRefusalReason): void {
    this.#add(beta, `${REFUSED}${reason}`);
  }

  /** A request naming the beta (its id, or a page's reference) answered in `ms`. */
  answered(beta: number | string, ms: number): void {
    this.#add(beta, `${LATENCY}${latencyBucket(ms)}`);
  }

  /** Adds this process's counts into the table; resolves once every count made before the call is in it. */
  flush(): Promise<void> {
    const next = this.#flushing.then(() => this.#write());
    this.#flushing = next.catch(() => {});
    return next;
  }

  /** The beta's last PANEL_MINUTES minutes, oldest first, the current one last (so far), every minute present. */
  async minutes(betaId: number): Promise<LaunchMinute[]> {
    const now = this.clock.now().getTime();
    const starts = Array.from({ length: PANEL_MINUTES }, (_, i) => minuteOf(now - (PANEL_MINUTES - 1 - i) * MINUTE_MS));
    const rows = await this.db
      .selectFrom('launch_figures')
      .select(['minute', 'figure', 'count'])
      .where('beta_id', '=', betaId)
      .where('minute', '>=', starts[0])
      .execute();
    const byMinute = new Map(starts.map((start) => [start, { signups: 0, refusals: new Map<string, number>(), latency: new Map<number, number>() }]));
    for (const row of rows) {
      const minute = byMinute.get(row.minute);
      if (!minute) continue;
      const count = Number(row.count);
      if (row.figure === SIGNUPS) minute.signups += count;
      else if (row.figure.startsWith(REFUSED)) minute.refusals.set(row.figure.slice(REFUSED.length), count);
      else if (row.figure.startsWith(LATENCY)) minute.latency.set(Number(row.figure.slice(LATENCY.length)), count);
    }
    return starts.map((start) => {
      const { signups, refusals, latency } = byMinute.get(start)!;
      return {
        minute: apiTime(start),
        signups,
        refusals: Object.fromEntries(LaunchRefusalReasons.map((reason) => [reason, refusals.get(reason) ?? 0])) as Record<LaunchRefusalReason, number>,
        requests: [...latency.values()].reduce((sum, count) => sum + count, 0),
        p99_ms: p99Ms(latency),
      };
    });
  }

  #add(beta: number | string, figure: string): void {
    // Text that names no beta is not kept; an id or a slug is resolved when flushed.
    const name = betaReference(beta);
    if (name === null) return;
    const reference = 'id' in name ? String(name.id) : name.slug;
    if (this.#pending.size >= MAX_PENDING_BETAS && !this.#pending.has(reference)) return;
    addCount(this.#pending, reference, minuteOf(this.clock.now().getTime()), figure, 1);
  }

  async #write(): Promise<void> {
    const pending = this.#pending;
    if (pending.size === 0) return;
    this.#pending = new Map();
    try {
      const rows = await this.#rows(pending);
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await this.#upsert(rows.slice(i, i + ROWS_PER_STATEMENT));
    } catch (error) {
      // Counted again at the next flush: nothing is lost to a database that did not answer.
      this.#restore(pending);
      throw error;
    }
    const now = this.clock.now().getTime();
    if (now - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = now;
      await this.db.deleteFrom('launch_figures').where('minute', '<', minuteOf(now - KEPT_MINUTES * MINUTE_MS)).execute();
    }
  }

  /** The pending counts as rows by beta id: slugs read in one query, references to no beta dropped. */
  async #rows(pending: Pending): Promise<{ betaId: number; minute: string; figure: string; count: number }[]> {
    const named = [...pending.keys()].map((reference) => [reference, betaReference(reference)] as const);
    const slugs = named.flatMap(([, name]) => (name && 'slug' in name ? [name.slug] : []));
    const idOfSlug = new Map(
      slugs.length === 0 ? [] : (await this.db.selectFrom('betas').select(['id', 'slug']).where('slug', 'in', slugs).execute()).map((row) => [row.slug, row.id]),
    );
    // A beta counted under its id and its slug is one beta: its counts are added before they are written.
    const merged = new Map<string, { betaId: number; minute: string; figure: string; count: number }>();
    for (const [reference, name] of named) {
      const betaId = name === null ? undefined : 'id' in name ? name.id : idOfSlug.get(name.slug);
      if (betaId === undefined) continue;
      for (const [minute, figures] of pending.get(reference)!) {
        for (const [figure, count] of figures) {
          const key = `${betaId} ${minute} ${figure}`;
          const row = merged.get(key);
          if (row) row.count += count;
          else merged.set(key, { betaId, minute, figure, count });
        }
      }
    }
    return [...merged.values()];
  }

  /** One statement: adds each row's count into its row, for betas that exist (a deleted one's counts go). */
  async #upsert(rows: { betaId: number; minute: string; figure: string; count: number }[]): Promise<void> {
    const values = sql.join(rows.map((row) => sql`(${row.betaId}, ${row.minute}, ${row.figure}, ${row.count})`));
    // VALUES names its columns column1… on both databases; the casts type PostgreSQL's parameters.
    await sql`insert into launch_figures (beta_id, minute, figure, count)
      select cast(v.column1 as bigint), v.column2, v.column3, cast(v.column4 as bigint) from (values ${values}) as v
      where exists (select 1 from betas where betas.id = cast(v.column1 as bigint))
      on conflict (beta_id, minute, figure) do update set count = launch_figures.count + excluded.count`.execute(this.db);
  }

  #restore(pending: Pending): void {
    for (const [reference, byMinute] of pending) {
      for (const [minute, figures] of byMinute) for (const [figure, count] of figures) addCount(this.#pending, reference, minute, figure, count);
    }
  }
}

/** The stored start of the minute `at` (ms) is in. */
function minuteOf(at: number): string {
  return storedTime(new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS));
}

function addCount(pending: Pending, reference: string, minute: string, figure: string, count: number): void {
  let byMinute = pending.get(reference);
  if (!byMinute) pending.set(reference, (byMinute = new Map()));
  let figures = byMinute.get(minute);
  if (!figures) byMinute.set(minute, (figures = new Map()));
  figures.set(figure, (figures.get(figure) ?? 0) + count);
}

/** Flushes every FLUSH_EVERY_MS while the process serves, and once more when it stops. */
export function startLaunchFlushing(figures: LaunchFigures, log?: { warn(details: object, message: string): void }): { stop(): Promise<void> } {
  const flush = () => figures.flush().catch((error: unknown) => log?.warn({ err: error }, 'stats: writing the launch figures failed; the next round retries'));
  const timer = setInterval(flush, FLUSH_EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
