// How one beta's launch is going, for its dashboard (GET /api/v2/betas/{beta_id}/stats): signups
// per UTC day split direct/referred over a range of at most MAX_RANGE_DAYS, the viral coefficient
// and share-click conversion and the status breakdown (from the beta's counters: no tester read),
// the top referrers, countries and sources, the beta's outbox backlog, its webhooks' failure
// rate, and clicks and signups per share channel. Every tester figure is a range or a walk of an
// index (migration 023), or for the top referrers a read of the standings' referrals set, never a
// read of every row: docs/decisions.md, "Beta dashboard".
import { sql } from 'kysely';
import { type DialectName, type Db, jsonInteger } from '../../db/database.ts';
import { PARKED } from '../../jobs/outbox.ts';
import { Errors } from '../../errors.ts';
import { apiTime, storedTime, utcDate, type Clock } from '../../time.ts';
import type { BetasService, CountedBeta } from '../betas/betas.service.ts';
import { channelClicks } from '../referrals/channel-clicks.ts';
import { SHARE_CHANNELS, type ShareChannel } from '../referrals/share-channels.ts';
import { TesterStatuses, statusCounter, type TesterStatus } from '../testers/tester-status.ts';
import type { Standings } from '../waitlist/standings.ts';

/** The longest range one answer covers, in days. */
export const MAX_RANGE_DAYS = 366;
/** The range when none is given: the last 30 days, today (UTC) included. */
export const DEFAULT_RANGE_DAYS = 30;
/** How many referrers, countries and sources the top lists hold. */
export const TOP = 10;
/**
 * How long figures read from the testers are served from memory (every open dashboard polls, and on
 * SQLite each reading holds the one connection): today's signups (and later days') per beta and
 * range; the days before today and the top lists of the beta's whole life, which move slowly
 * (a deletion, an erasure, a profile's change), for longer.
 */
export const TESTER_FIGURES_TTL_MS = 5000;
export const TOP_LISTS_TTL_MS = 60_000;
export const CLOSED_DAYS_TTL_MS = TOP_LISTS_TTL_MS;
const MAX_CACHED = 1000;

/** Answers kept until they expire, by key; callers asking while one loads share it; a failure is not kept. */
class Kept<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const at = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > at) return hit.value;
    for (const [old, entry] of this.entries) if (entry.expires <= at || this.entries.size >= MAX_CACHED) this.entries.delete(old);
    const value = load();
    const entry = { value, expires: at + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return value;
  }
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DaySignups {
  date: string;
  direct: number;
  referred: number;
}

export interface BetaStats {
  beta_id: number;
  from: string;
  to: string;
  generated_at: string;
  signups: { direct: number; referred: number; total: number; days: DaySignups[] };
  testers_count: number;
  impressions_count: number;
  referred_signups_count: number;
  share_clicks_count: number;
  /** Referred signups per tester (the beta's whole life); 0 without testers. */
  viral_coefficient: number;
  /** Referred signups per share click (the beta's whole life); null without clicks. */
  share_conversion: number | null;
  statuses: Record<TesterStatus, number>;
  top_referrers: { id: number; email: string; name: string | null; referrals: number }[];
  top_countries: { country: string | null; testers: number }[];
  top_sources: { source: string | null; testers: number }[];
  outbox: { due: number; scheduled: number; parked: number; oldest_due_seconds: number | null };
  webhooks: { deliveries: number; failed: number; failure_rate: number | null };
  channels: ChannelFigures[];
}

/** A share channel's clicks and the signups that followed them, in the beta's whole life. */
export interface ChannelFigures {
  channel: ShareChannel;
  clicks: number;
  signups: number;
}

/** A calendar date YYYY-MM-DD as the UTC midnight it starts, or an error naming the parameter. */
function parseDate(name: string, text: string): number {
  const match = DATE.exec(text);
  const at = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(at) || utcDate(new Date(at)) !== text) {
    throw Errors.betasGeneral(`${name} must be a calendar date written YYYY-MM-DD, such as 2026-01-31`);
  }
  return at;
}

/** The range asked for, checked: both ends included, in UTC. */
export function statsRange(now: Date, query: { from?: string; to?: string }): { from: string; to: string; days: number } {
  const today = Date.parse(utcDate(now));
  const to = query.to === undefined ? today : parseDate('to', query.to);
  const from = query.from === undefined ? to - (DEFAULT_RANGE_DAYS - 1) * DAY_MS : parseDate('from', query.from);
  if (from > to) throw Errors.betasGeneral('from must be on or before to');
  const days = (to - from) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) throw Errors.betasGeneral(`The range from from to to is at most ${MAX_RANGE_DAYS} days (it is ${days})`);
  return { from: utcDate(new Date(from)), to: utcDate(new Date(to)), days };
}

const ratio = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 10_000;

type Counted = { value: string | null; testers: number }[];
type TopLists = [BetaStats['top_referrers'], Counted, Counted];

export class BetaStatsService {
  private readonly days: Kept<DaySignups[]>;
  private readonly closedDays: Kept<DaySignups[]>;
  private readonly tops: Kept<TopLists>;
  private readonly channelSignups: Kept<Map<string, number>>;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly standings: Standings,
    now: () => number = () => performance.now(),
  ) {
    this.days = new Kept(TESTER_FIGURES_TTL_MS, now);
    this.closedDays = new Kept(CLOSED_DAYS_TTL_MS, now);
    this.tops = new Kept(TOP_LISTS_TTL_MS, now);
    this.channelSignups = new Kept(TESTER_FIGURES_TTL_MS, now);
  }

  /** The dashboard's figures for the company's beta; 404 as show beta, 422 for a range out of bounds. */
  async collect(companyId: number, betaId: string | number, query: { from?: string; to?: string }): Promise<BetaStats> {
    const now = this.clock.now();
    const range = statsRange(now, query);
    const beta = await this.betas.show(companyId, betaId);
    const start = `${range.from}T00:00:00.000Z`;
    const end = storedTime(new Date(Date.parse(range.to) + DAY_MS));
    const [days, [referrers, countries, sources], outbox, webhooks, channels] = await Promise.all([
      this.daysOf(beta.id, range, utcDate(now)),
      this.topListsOf(beta.id),
      this.outboxOf(beta.id, now),
      this.webhookDeliveries(beta.id, start, end),
      this.channelsOf(beta.id),
    ]);
    const direct = days.reduce((sum, day) => sum + day.direct, 0);
    const referred = days.reduce((sum, day) => sum + day.referred, 0);
    return {
      beta_id: beta.id,
      from: range.from,
      to: range.to,
      generated_at: apiTime(storedTime(now)),
      signups: { direct, referred, total: direct + referred, days },
      ...lifetime(beta),
      top_referrers: referrers,
      top_countries: countries.map(({ value, testers }) => ({ country: value, testers })),
      top_sources: sources.map(({ value, testers }) => ({ source: value, testers })),
      outbox,
      webhooks,
      channels,
    };
  }

  /**
   * Reads what a dashboard opens with (the default range's days and the top lists) for every beta
   * with testers, largest first, one beta at a time, into what is kept: the first dashboard after a
   * start finds its index walks done. Stops between betas once `stop` is aborted; says how long it took.
   */
  async warm(stop: AbortSignal, log?: { info(details: object, message: string): void }): Promise<void> {
    const started = performance.now();
    const betas = await this.db
      .selectFrom('beta_counters')
      .select('beta_id')
      .groupBy('beta_id')
      .having((eb) => eb.fn.sum('testers_count'), '>', 0)
      .orderBy((eb) => eb.fn.sum('testers_count'), 'desc')
      .execute();
    let read = 0;
    for (const { beta_id } of betas) {
      if (stop.aborted) break;
      const now = this.clock.now();
      await Promise.all([this.daysOf(beta_id, statsRange(now, {}), utcDate(now)), this.topListsOf(beta_id), this.signupsPerChannel(beta_id)]);
      read += 1;
    }
    const ms = Math.round(performance.now() - started);
    log?.info({ betas: read, ms }, `stats: dashboard figures of ${read} betas read in ${ms} ms`);
  }

  /**
   * Every share channel, in SHARE_CHANNELS' order: its clicks (a row per channel, read afresh) and
   * the signups that came through it (kept TESTER_FIGURES_TTL_MS).
   */
  private async channelsOf(betaId: number): Promise<ChannelFigures[]> {
    const [clicks, signups] = await Promise.all([channelClicks(this.db, betaId), this.signupsPerChannel(betaId)]);
    return SHARE_CHANNELS.map((channel) => ({ channel, clicks: clicks.get(channel) ?? 0, signups: signups.get(channel) ?? 0 }));
  }

  /**
   * The beta's testers (hidden ones aside) by the channel their signup came through: a walk of the
   * partial index that holds only signups with a channel (migration 030), no row read. Counted here
   * rather than kept by each signup, so a signup writes nothing more than the column.
   */
  private signupsPerChannel(betaId: number): Promise<Map<string, number>> {
    return this.channelSignups.get(String(betaId), async () => {
      const rows = await this.db
        .selectFrom('testers')
        .select((eb) => ['referral_channel', eb.fn.countAll<number>().as('signups')])
        .where('beta_id', '=', betaId)
        .where('hidden', '=', 0)
        .where('referral_channel', 'is not', null)
        .groupBy('referral_channel')
        .execute();
      return new Map(rows.map((row) => [row.referral_channel!, Number(row.signups)]));
    });
  }

  /** The top referrers, countries and sources of the beta's whole life, kept TOP_LISTS_TTL_MS. */
  private topListsOf(betaId: number): Promise<TopLists> {
    return this.tops.get(String(betaId), () => Promise.all([this.topReferrers(betaId), this.topValues(betaId, 'country'), this.topValues(betaId, 'utm_source')]));
  }

  /** The range's days: those before `today` kept CLOSED_DAYS_TTL_MS, today and later TESTER_FIGURES_TTL_MS. */
  private async daysOf(betaId: number, range: { from: string; days: number }, today: string): Promise<DaySignups[]> {
    const start = Date.parse(range.from);
    const closed = Math.max(0, Math.min(range.days, (Date.parse(today) - start) / DAY_MS));
    const open = range.days - closed;
    const openFrom = utcDate(new Date(start + closed * DAY_MS));
    const [before, after] = await Promise.all([
      closed > 0 ? this.closedDays.get(`${betaId}:${range.from}:${closed}`, () => this.signupsPerDay(betaId, range.from, closed)) : [],
      open > 0 ? this.days.get(`${betaId}:${openFrom}:${open}`, () => this.signupsPerDay(betaId, openFrom, open)) : [],
    ]);
    return [...before, ...after];
  }

  /**
   * Testers created on each day of the range, with and without a referrer. One count per day, each
   * a range of the (beta_id, hidden, created_at, referrer_id) index: no sort, no row read.
   */
  private async signupsPerDay(betaId: number, from: string, count: number): Promise<DaySignups[]> {
    const first = Date.parse(from);
    const dates = Array.from({ length: count }, (_, i) => utcDate(new Date(first + i * DAY_MS)));
    const bounds = [...dates.map((date) => `${date}T00:00:00.000Z`), storedTime(new Date(first + count * DAY_MS))];
    // One statement (a row of counts per day) keeps a year's range to one round trip.
    const selects = dates.map(
      (_, i) => sql`select ${i} as day, count(*) as total, count(referrer_id) as referred from testers
        where beta_id = ${betaId} and hidden = 0 and created_at >= ${bounds[i]} and created_at < ${bounds[i + 1]}`,
    );
    const rows: { day: number; total: number | string; referred: number | string }[] = [];
    // A compound SELECT has a bounded number of terms on SQLite (500): a year goes in chunks.
    for (let i = 0; i < selects.length; i += 100) {
      const result = await sql<{ day: number; total: number | string; referred: number | string }>`${sql.join(selects.slice(i, i + 100), sql` union all `)}`.execute(this.db);
      rows.push(...result.rows);
    }
    const byDay = new Map(rows.map((row) => [Number(row.day), row]));
    return dates.map((date, i) => {
      const row = byDay.get(i);
      const referred = Number(row?.referred ?? 0);
      return { date, direct: Number(row?.total ?? 0) - referred, referred };
    });
  }

  /**
   * The testers with the most credited referrals (ties: the earliest first), from the standings'
   * referrals set (no index on testers), then their rows for the address and the name.
   */
  private async topReferrers(betaId: number): Promise<BetaStats['top_referrers']> {
    const top = await this.standings.topBy(betaId, 'share_signups_count', TOP);
    if (top.length === 0) return [];
    const rows = new Map(
      (await this.db.selectFrom('testers').select(['id', 'email', 'first_name', 'last_name']).where('id', 'in', top.map((entry) => entry.id)).execute()).map((row) => [row.id, row]),
    );
    // A tester deleted since the set was read is left out.
    return top.flatMap(({ id, value }) => {
      const row = rows.get(id);
      return row ? [{ id, email: row.email, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null, referrals: value }] : [];
    });
  }

  /** The most frequent values of a column among the beta's testers (null: none given), from its (beta_id, hidden, column) index. */
  private async topValues(betaId: number, column: 'country' | 'utm_source'): Promise<{ value: string | null; testers: number }[]> {
    const rows = await this.db
      .selectFrom('testers')
      .select((eb) => [eb.ref(column).as('value'), eb.fn.countAll<number>().as('testers')])
      .where('beta_id', '=', betaId)
      .where('hidden', '=', 0)
      .groupBy(column)
      .orderBy('testers', 'desc')
      // Ties: by value, none (null) last on both databases.
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column)
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ value: row.value, testers: Number(row.testers) }));
  }

  /**
   * The outbox jobs that concern the beta: webhook deliveries to its endpoints, its testers'
   * e-mails, its imports and queued tester deletions. Jobs name their subject in the payload, so the
   * outbox (the backlog itself, short when the workers keep up) is read whole, never the testers.
   */
  private async outboxOf(betaId: number, now: Date): Promise<BetaStats['outbox']> {
    const stored = storedTime(now);
    const subject = (key: string) => jsonInteger(this.dialect, 'payload', key);
    const row = await this.db
      .selectFrom('outbox_jobs')
      .select((eb) => [
        sql<number>`coalesce(sum(case when ${eb.ref('run_at')} <= ${stored} then 1 else 0 end), 0)`.as('due'),
        sql<number>`coalesce(sum(case when ${eb.ref('run_at')} > ${stored} and ${eb.ref('run_at')} <> ${PARKED} then 1 else 0 end), 0)`.as('scheduled'),
        sql<number>`coalesce(sum(case when ${eb.ref('run_at')} = ${PARKED} then 1 else 0 end), 0)`.as('parked'),
        sql<string | null>`min(case when ${eb.ref('run_at')} <= ${stored} then ${eb.ref('run_at')} end)`.as('oldest_due_at'),
      ])
      .where((eb) => {
        // Per job, one lookup by primary key of what it names (never a list of the beta's rows).
        const names = (kind: string, key: string, table: 'webhook_endpoints' | 'email_messages' | 'imports' | 'testers') =>
          eb.and([eb('kind', '=', kind), eb.exists(eb.selectFrom(table).select(sql.lit(1).as('one')).where(`${table}.id`, '=', subject(key)).where(`${table}.beta_id`, '=', betaId))]);
        return eb.or([
          names('webhook.deliver', 'endpointId', 'webhook_endpoints'),
          names('email.send', 'messageId', 'email_messages'),
          names('import.run', 'importId', 'imports'),
          names('tester.delete', 'testerId', 'testers'),
        ]);
      })
      .executeTakeFirstOrThrow();
    const oldest = row.oldest_due_at;
    return {
      due: Number(row.due),
      scheduled: Number(row.scheduled),
      parked: Number(row.parked),
      oldest_due_seconds: oldest === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(oldest)) / 1000)),
    };
  }

  /** Delivery attempts to the beta's endpoints made in [start, end), and how many failed. */
  private async webhookDeliveries(betaId: number, start: string, end: string): Promise<BetaStats['webhooks']> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select((eb) => [eb.fn.countAll<number>().as('deliveries'), sql<number>`coalesce(sum(case when ${eb.ref('webhook_deliveries.status')} = 'failed' then 1 else 0 end), 0)`.as('failed')])
      .where('webhook_endpoints.beta_id', '=', betaId)
      .where('webhook_deliveries.created_at', '>=', start)
      .where('webhook_deliveries.created_at', '<', end)
      .executeTakeFirstOrThrow();
    const deliveries = Number(row.deliveries);
    const failed = Number(row.failed);
    return { deliveries, failed, failure_rate: deliveries === 0 ? null : ratio(failed, deliveries) };
  }
}

/** The figures of the beta's whole life, from its counters. */
function lifetime(beta: CountedBeta) {
  const { counters } = beta;
  const testers = Number(counters.testers_count);
  const referred = Number(counters.share_signups_count);
  const clicks = Number(counters.share_clicks_count);
  return {
    testers_count: testers,
    impressions_count: Number(counters.impressions_count),
    referred_signups_count: referred,
    share_clicks_count: clicks,
    viral_coefficient: testers === 0 ? 0 : ratio(referred, testers),
    share_conversion: clicks === 0 ? null : ratio(referred, clicks),
    statuses: Object.fromEntries(TesterStatuses.map((status) => [status, Number(counters[statusCounter(status)])])) as Record<TesterStatus, number>,
  };
}
