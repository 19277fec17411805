// A beta's dashboard figures over the management API (GET /api/v2/betas/{beta_id}/stats), what the
// console's dashboard draws: the rules are in beta-stats.ts.
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { BetaParams, Nullable } from '../../http/schemas.ts';
import { SHARE_CHANNELS } from '../referrals/share-channels.ts';
import { TesterStatuses } from '../testers/tester-status.ts';
import { type BetaStatsService, DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, PERIODS, TOP } from './beta-stats.ts';
import { FLUSH_EVERY_MS, PANEL_MINUTES } from './launch-figures.ts';

const Count = Type.Integer({ minimum: 0 });
const Ratio = Type.Number({ minimum: 0 });
const Day = Type.String({ maxLength: 10, description: 'A calendar date in UTC, YYYY-MM-DD', examples: ['2026-01-31'] });

const LaunchMinuteSchema = Type.Object({
  minute: Type.String({ format: 'date-time', description: "The minute's start" }),
  signups: { ...Count, description: 'Testers created, through the API and the public pages' },
  refusals: Type.Object(
    {
      challenge: { ...Count, description: 'Public signups without a valid proof-of-work solution (missing, wrong, reused or expired)' },
      honeypot: { ...Count, description: 'Public signups that filled the hidden field (answered as a success, nothing stored)' },
      subnet: { ...Count, description: 'Public signups past max_signups_per_subnet_per_hour' },
      country: { ...Count, description: 'Public signups from a country signup_countries_allowed or signup_countries_blocked refuses' },
      origin: { ...Count, description: 'Public signups and share clicks from a site embed_origins does not list' },
      rate_limit: { ...Count, description: "Public signups refused with 429 by the per-network signup limit" },
      fraud: { ...Count, description: 'Public signups refused by a fraud rule: blocked IP or e-mail domain, too many from one IP, a referral block mode refuses' },
    },
    { description: 'Refused signups by reason' },
  ),
  requests: { ...Count, description: 'Answered requests naming the beta: its API routes, its hosted pages and its embed endpoints (not those answered 401 or 404)' },
  p99_ms: Nullable(Type.Number({ minimum: 0, description: "Their 99th percentile answer time in ms, the upper bound of its histogram bucket (at most 19 % above the exact figure); null without requests" })),
});

const LaunchSchema = Type.Object(
  {
    minutes: Type.Array(LaunchMinuteSchema, { description: `The last ${PANEL_MINUTES} minutes (UTC), oldest first, every minute present; the last one is the minute in progress` }),
    last_minute: { ...LaunchMinuteSchema, description: 'The last whole minute: the figures a minute' },
    emails: Type.Object(
      {
        queued: { ...Count, description: "The beta's e-mails waiting to be sent (held by a pause or a cap included)" },
        sent_last_minute: { ...Count, description: 'E-mails of the beta sent in the last 60 seconds' },
        paused: Type.Boolean({ description: "Whether the sending breaker has paused the beta's e-mail" }),
      },
      { description: "The beta's e-mail sending now" },
    ),
  },
  {
    description:
      `The live launch panel: every process counts in memory and adds its counts into the database every ${FLUSH_EVERY_MS / 1000} s, so another process's last seconds may be missing; this process's are in`,
  },
);

/** The testers that reached each stage of the funnel, `describe(stage)` saying which and when. */
const stageCounts = (describe: (stage: string) => string) => ({
  confirmed: { ...Count, description: `${describe('confirmed')} (applied_at set: confirmed their address, or applied without double opt-in)` },
  invited: { ...Count, description: `${describe('invited')} (invited_at set)` },
  active: { ...Count, description: `${describe('active')} (joined_at set: checked in at least once)` },
});

/** The funnel's counts: `signups` as described, those of them with a referrer, and each stage's. */
const funnel = (signups: string, describe: (stage: string) => string) => ({
  signups: { ...Count, description: signups },
  referred: { ...Count, description: 'Of those signups, the testers with a referrer' },
  ...stageCounts(describe),
});

const Period = Type.Object({ from: Day, to: Day, ...funnel('Testers created in the period (hidden ones aside)', (stage) => `Testers ${stage} for the first time in the period`) });

const StatsQuery = Type.Object({
  from: Type.Optional({ ...Day, description: `First day of the range (UTC, YYYY-MM-DD); default ${DEFAULT_RANGE_DAYS - 1} days before to` }),
  to: Type.Optional({ ...Day, description: 'Last day of the range, included (UTC, YYYY-MM-DD); default today' }),
  exclude_flagged_referrers: Type.Optional(
    Type.Enum(['true', 'false'], { description: 'true: top_referrers leaves out rejected testers and those with fraud flags not approved; false (default): they are listed, marked' }),
  ),
});

const BetaStatsSchema = Type.Object(
  {
    beta_id: Type.Integer(),
    from: Day,
    to: Day,
    generated_at: Type.String({ format: 'date-time' }),
    signups: Type.Object(
      {
        direct: Count,
        referred: Count,
        total: Count,
        days: Type.Array(Type.Object({ date: Day, direct: Count, referred: Count }), { description: 'Every day of the range, oldest first, days without a signup included' }),
      },
      { description: 'Testers created in the range (hidden ones aside): referred ones have a referrer, direct ones none' },
    ),
    testers_count: Count,
    impressions_count: { ...Count, description: 'Views of the signup form in the beta\'s whole life' },
    referred_signups_count: { ...Count, description: 'Credited referrals in the beta\'s whole life' },
    share_clicks_count: { ...Count, description: 'Clicks on share links in the beta\'s whole life' },
    viral_coefficient: { ...Ratio, description: 'Referred signups per tester (referred_signups_count / testers_count), 4 decimals' },
    share_conversion: Nullable({ ...Ratio, description: 'Referred signups per share click (referred_signups_count / share_clicks_count), 4 decimals; null without clicks' }),
    statuses: Type.Object(Object.fromEntries(TesterStatuses.map((status) => [status, Count])), { description: 'Testers by status now' }),
    top_referrers: Type.Array(
      Type.Object({
        id: Type.Integer(),
        email: Type.String(),
        name: Nullable(Type.String()),
        referrals: Count,
        status: Type.Enum(TesterStatuses),
        flagged: Type.Boolean({ description: 'The tester has fraud flags not approved in review (rejected, or not reviewed yet)' }),
      }),
      { description: `The ${TOP} testers with the most credited referrals, each with its status and whether it is flagged` },
    ),
    top_countries: Type.Array(Type.Object({ country: Nullable(Type.String({ description: 'ISO 3166 alpha-2; null: unknown' })), testers: Count }), { description: `The ${TOP} most frequent countries of the beta's testers` }),
    top_sources: Type.Array(
      Type.Object({ source: Nullable(Type.String({ description: 'utm_source; null: none given' })), testers: Count, ...stageCounts((stage) => `Of the source's testers, those ever ${stage}`) }),
      { description: `The ${TOP} most frequent sources (utm_source) of the beta's testers, with how far their testers went` },
    ),
    outbox: Type.Object(
      {
        due: { ...Count, description: 'Jobs due now: waiting for a worker or being run' },
        scheduled: { ...Count, description: 'Jobs waiting for a later attempt' },
        parked: { ...Count, description: 'Jobs that failed every attempt' },
        oldest_due_seconds: Nullable({ ...Count, description: 'How long the longest-waiting due job has waited' }),
      },
      { description: 'Background jobs of this beta: webhook deliveries, e-mails, imports, queued deletions' },
    ),
    webhooks: Type.Object(
      { deliveries: Count, failed: Count, failure_rate: Nullable({ ...Ratio, description: 'failed / deliveries, 4 decimals; null without deliveries' }) },
      { description: 'Delivery attempts to the beta\'s webhook endpoints in the range' },
    ),
    channels: Type.Array(
      Type.Object({
        channel: Type.Enum(SHARE_CHANNELS),
        clicks: { ...Count, description: 'Clicks on share links tagged with the channel (counted as share_clicks_count is)' },
        signups: { ...Count, description: 'Testers (hidden ones aside) whose signup came through a link tagged with the channel' },
        ...stageCounts((stage) => `Of those signups, the testers ever ${stage}`),
      }),
      {
        description:
          "Every share channel, in this order, in the beta's whole life: a share button's link carries its channel (?ch=), any other tag counts as other; clicks and signups through an untagged link are in no channel",
      },
    ),
    launch: LaunchSchema,
    totals: Type.Object(funnel('Every visible tester (testers_count, from the rollups)', (stage) => `Testers ever ${stage}`), {
      description: "The funnel in the beta's whole life (form views are impressions_count): each stage's timestamp is set once, never cleared",
    }),
    periods: Type.Object(
      Object.fromEntries(Object.keys(PERIODS).map((name) => [name, Period])),
      {
        description: `The funnel over ${Object.keys(PERIODS).join(', ')} (UTC days, today included, from the request's today): signups are the testers created in the period, each stage counts the testers that reached it in the period (its timestamp's day), whenever they signed up`,
      },
    ),
  },
  { description: 'How the beta\'s launch is going' },
);

export function statsRoutes(app: App, stats: BetaStatsService): void {
  app.get('/api/v2/betas/:beta_id/stats', {
    // No scope limit of its own (show beta's counts per company): an open dashboard reads this every 15 s.
    config: { permission: 'betas:read', series: 'betas' },
    schema: {
      operationId: 'showBetaStats',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Show beta statistics',
      description: `Signups per day (direct and referred) over a range of at most ${MAX_RANGE_DAYS} days (default: the last ${DEFAULT_RANGE_DAYS} days, UTC), the viral coefficient, share-click conversion, testers by status, the funnel (signups, confirmed, invited, active) in the beta's whole life and over today, yesterday and the last 7 days, top referrers, countries and sources (with how far each source's testers went), the beta's outbox backlog, its webhooks' failure rate over the range, clicks, signups and their stages per share channel, and (\`launch\`) the last ${PANEL_MINUTES} minutes' signups, refusals by reason and request p99 with the e-mail queue and send rate. 422 (2201) for a date not written YYYY-MM-DD, from after to, or a longer range.`,
      params: BetaParams,
      querystring: StatsQuery,
      response: { 200: BetaStatsSchema },
    },
    handler: async (request) => stats.collect(principalOf(request).companyId, request.params.beta_id, request.query),
  });
}
