// How one beta's launch is going, for its dashboard (GET /api/v2/betas/{beta_id}/stats): signups
// per UTC day split direct/referred over a range of at most MAX_RANGE_DAYS, the viral coefficient
// and share-click conversion and the status breakdown (from the beta's counters: no tester read),
// the funnel (signups, confirmed, invited, active) in the beta's whole life and over today,
// yesterday and the last 7 days, the top referrers, countries and sources (with how far each
// source's testers went), the beta's outbox backlog, its webhooks' failure rate, clicks, signups
// and their stages per share channel, and the launch panel's last minutes (signups and refusals a
// minute, the e-mail queue and send rate, the p99 of the beta's requests). The days, funnel,
// countries, sources and channel figures are read from rollups kept after commit (rollups.ts), the
// top referrers from the standings' referrals set: no figure is counted over the testers when a
// dashboard opens (docs/decisions.md, "Beta dashboard"), but the top referrers until this process
// has built that set (one SQL top-N over the beta's testers).
import { sql } from 'kysely';
import { jsonInteger } from '../../db/database.ts';
import type { DialectName, Db } from '../../db/executor.ts';
import { PARKED } from '../../jobs/outbox.ts';
import { Errors } from '../../primitives/errors.ts';
import { apiTime, storedTime, utcDate, type Clock } from '../../primitives/time.ts';
import type { BetasService, CountedBeta } from '../betas/betas.service.ts';
import { channelClicks } from '../referrals/channel-clicks.ts';
import type { SendingBreaker } from '../emails/sending-breaker.ts';
import type { LaunchFigures, LaunchMinute } from './launch-figures.ts';
import { dayKind, foldRollups, rolledUpChannels, rolledUpDays, rolledUpTotals, STAGE_DAY_KINDS, STAGES, topRolledUp, type DayKind, type RollupCounts } from './rollups.ts';
import { SHARE_CHANNELS, type ShareChannel } from '../referrals/share-channels.ts';
import { TesterStatuses, statusCounter, type TesterStatus } from '../testers/tester-status.ts';
import type { Standings } from '../waitlist/standings.ts';

/** The longest range one answer covers, in days. */
export const MAX_RANGE_DAYS = 366;
/** The range when none is given: the last 30 days, today (UTC) included. */
export const DEFAULT_RANGE_DAYS = 30;
/** How many referrers, countries and sources the top lists hold. */
export const TOP = 10;
/** The most referrers read to find TOP that are neither rejected nor flagged: past it the list is shorter. */
const MOST_REFERRERS_READ = 2_560;

/** The periods the funnel is given over, as UTC days back from today: first and last, both included. */
export const PERIODS = { today: [0, 0], yesterday: [1, 1], last_7_days: [6, 0] } as const satisfies Record<string, readonly [number, number]>;
type PeriodName = keyof typeof PERIODS;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DaySignups {
  date: string;
  direct: number;
  referred: number;
}

/**
 * Visible testers: signed up (of them, with a referrer), and confirmed (applied_at: confirmed their
 * address, or applied without double opt-in), invited (invited_at) and active (joined_at: checked
 * in once). Over a period, the signups are the testers created in it and each stage counts the
 * testers that reached it in it, whenever they signed up.
 */
export interface FunnelCounts {
  signups: number;
  referred: number;
  confirmed: number;
  invited: number;
  active: number;
}

/** How far a group of testers (a source's, a channel's) went: of its testers, those that reached each stage. */
type Stages = Pick<FunnelCounts, 'confirmed' | 'invited' | 'active'>;

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
  top_referrers: TopReferrer[];
  top_countries: { country: string | null; testers: number }[];
  top_sources: ({ source: string | null; testers: number } & Stages)[];
  outbox: { due: number; scheduled: number; parked: number; oldest_due_seconds: number | null };
  webhooks: { deliveries: number; failed: number; failure_rate: number | null };
  channels: ChannelFigures[];
  totals: FunnelCounts;
  periods: Record<PeriodName, { from: string; to: string } & FunnelCounts>;
  launch: LaunchPanel;
}

/** The launch panel: the beta's last minutes as every process counted them, and its e-mail sending now. */
export interface LaunchPanel {
  /** The last PANEL_MINUTES minutes, oldest first; the last one is the minute in progress. */
  minutes: LaunchMinute[];
  /** The last whole minute (the one before the minute in progress). */
  last_minute: LaunchMinute;
  emails: { queued: number; sent_last_minute: number; paused: boolean };
}

/** A top referrer, marked when rejected or flagged, so an owner sees whose referrals may be fraud. */
export interface TopReferrer {
  id: number;
  email: string;
  name: string | null;
  referrals: number;
  status: TesterStatus;
  /** Fraud flags the owner has not approved (rejected in review, or not reviewed yet). */
  flagged: boolean;
}

/** A share channel's clicks, the signups that followed them and how far those went, in the beta's whole life. */
export interface ChannelFigures extends Stages {
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

const stagesOf = (counts: RollupCounts): Stages => ({ confirmed: counts.confirmed, invited: counts.invited, active: counts.active });
const funnelOf = (counts: RollupCounts): FunnelCounts => ({ signups: counts.testers, referred: counts.referred, ...stagesOf(counts) });
const NO_TESTERS: RollupCounts = { testers: 0, referred: 0, confirmed: 0, invited: 0, active: 0 };

export class BetaStatsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly standings: Standings,
    private readonly launchFigures: LaunchFigures,
    private readonly sending: SendingBreaker,
  ) {}

  /**
   * The dashboard's figures for the company's beta; 404 as show beta, 422 for a range out of bounds.
   * The changes committed before it are folded into the rollups first, so the answer is exact as
   * of the request (a fold consumes at most the last ROLLUP_FOLD_EVERY_MS of changes, or none).
   */
  async collect(companyId: number, betaId: string | number, query: { from?: string; to?: string; exclude_flagged_referrers?: 'true' | 'false' }): Promise<BetaStats> {
    const now = this.clock.now();
    const range = statsRange(now, query);
    const beta = await this.betas.show(companyId, betaId);
    const start = `${range.from}T00:00:00.000Z`;
    const end = storedTime(new Date(Date.parse(range.to) + DAY_MS));
    // This process's launch counts too: the panel is exact as of the request for them, within a flush for other processes'.
    await Promise.all([foldRollups(this.db, this.dialect), this.launchFigures.flush()]);
    const [days, referrers, countries, sources, outbox, webhooks, channels, launch, totals, periods] = await Promise.all([
      this.signupsPerDay(beta.id, range.from, range.days),
      this.topReferrers(beta.id, query.exclude_flagged_referrers === 'true'),
      topRolledUp(this.db, beta.id, 'country', TOP),
      topRolledUp(this.db, beta.id, 'source', TOP),
      this.outboxOf(beta.id, now),
      this.webhookDeliveries(beta.id, start, end),
      this.channelsOf(beta.id),
      this.launchOf(beta.id),
      rolledUpTotals(this.db, beta.id),
      this.periodsOf(beta.id, now),
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
      top_sources: sources.map((source) => ({ source: source.value, testers: source.testers, ...stagesOf(source) })),
      outbox,
      webhooks,
      channels,
      totals: funnelOf(totals),
      periods,
      launch,
    };
  }

  private async launchOf(betaId: number): Promise<LaunchPanel> {
    const [minutes, sending] = await Promise.all([this.launchFigures.minutes(betaId), this.sending.stateOf(betaId)]);
    return {
      minutes,
      last_minute: minutes[minutes.length - 2],
      emails: { queued: sending.queued, sent_last_minute: sending.sent_last_minute, paused: sending.pause !== null },
    };
  }

  /** Every share channel, in SHARE_CHANNELS' order: its clicks (a row per channel), the signups that came through it and their stages (rolled up). */
  private async channelsOf(betaId: number): Promise<ChannelFigures[]> {
    const [clicks, signups] = await Promise.all([channelClicks(this.db, betaId), rolledUpChannels(this.db, betaId)]);
    return SHARE_CHANNELS.map((channel) => {
      const counts = signups.get(channel) ?? NO_TESTERS;
      return { channel, clicks: clicks.get(channel) ?? 0, signups: counts.testers, ...stagesOf(counts) };
    });
  }

  /** Testers created on each day of the range, with and without a referrer, days without any included. */
  private async signupsPerDay(betaId: number, from: string, count: number): Promise<DaySignups[]> {
    const first = Date.parse(from);
    const dates = Array.from({ length: count }, (_, i) => utcDate(new Date(first + i * DAY_MS)));
    const rolled = new Map((await rolledUpDays(this.db, betaId, ['day'], dates[0], dates[dates.length - 1])).map((row) => [row.day, row.counts]));
    return dates.map((date) => {
      const day = rolled.get(date) ?? NO_TESTERS;
      return { date, direct: day.testers - day.referred, referred: day.referred };
    });
  }

  /** The funnel over each of PERIODS: signups by the day they were made, each stage by the day it was reached. */
  private async periodsOf(betaId: number, now: Date): Promise<BetaStats['periods']> {
    const today = Date.parse(utcDate(now));
    const dayBack = (days: number) => utcDate(new Date(today - days * DAY_MS));
    const earliest = Math.max(...Object.values(PERIODS).map(([first]) => first));
    const rows = await rolledUpDays(this.db, betaId, ['day', ...STAGE_DAY_KINDS], dayBack(earliest), dayBack(0));
    const periods = Object.entries(PERIODS).map(([name, [first, last]]) => {
      const [from, to] = [dayBack(first), dayBack(last)];
      const sum = (kind: DayKind, column: keyof RollupCounts) => rows.filter((row) => row.kind === kind && row.day >= from && row.day <= to).reduce((total, row) => total + row.counts[column], 0);
      const stages = Object.fromEntries(STAGES.map((stage) => [stage, sum(dayKind(stage), 'testers')])) as Stages;
      return [name, { from, to, signups: sum('day', 'testers'), referred: sum('day', 'referred'), ...stages }];
    });
    return Object.fromEntries(periods) as BetaStats['periods'];
  }

  /**
   * The testers with the most credited referrals (ties: the earliest first), from the standings'
   * referrals set (no index on testers), then their rows for the address, name, status and flags.
   * Leaving out the rejected and flagged reads further down the set, four times as far each round.
   * While this process has not built the set (after a start), one scan of the testers answers at
   * once what the rounds would read at most, and the set is built after it: the first dashboard
   * neither waits for the build nor shares the machine with it.
   */
  private async topReferrers(betaId: number, leaveOutSuspects: boolean): Promise<TopReferrer[]> {
    const held = this.standings.holdsSorted(betaId, 'share_signups_count');
    for (let read = held || !leaveOutSuspects ? TOP : MOST_REFERRERS_READ; ; read *= 4) {
      const top = held ? await this.standings.topBy(betaId, 'share_signups_count', read) : await this.standings.topByScan(betaId, 'share_signups_count', read);
      if (top.length === 0) return [];
      const rows = new Map(
        (
          await this.db
            .selectFrom('testers')
            .select(['id', 'email', 'first_name', 'last_name', 'status', 'fraud_flags', 'fraud_decision'])
            .where('id', 'in', top.map((entry) => entry.id))
            .execute()
        ).map((row) => [row.id, row]),
      );
      // A tester deleted since the set was read is left out.
      const referrers = top.flatMap(({ id, value }): TopReferrer[] => {
        const row = rows.get(id);
        if (!row) return [];
        const marked = { status: row.status as TesterStatus, flagged: row.fraud_flags !== null && row.fraud_decision !== 'approve' };
        if (leaveOutSuspects && (marked.flagged || marked.status === 'rejected')) return [];
        return [{ id, email: row.email, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null, referrals: value, ...marked }];
      });
      if (referrers.length >= TOP || top.length < read || read * 4 > MOST_REFERRERS_READ) return referrers.slice(0, TOP);
    }
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
