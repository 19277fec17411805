// The dashboard's rollups (modules/stats/rollups.ts, migration 042) as a property (fast-check):
// after a random sequence of the commands that change a beta's testers — signups on several days
// (referred or not, some hidden by the plan limit, some sent together beside a fold, some through a share link
// tagged with a channel), imports dated in the past,
// profile changes, referrals given later, status changes one at a time (to the funnel's stages on
// later days too) and in bulk, deletions of testers and of referrers, erasures — with folds at
// random points and two folds racing at the end, the stored rollups (their funnel counts and the
// days each stage was reached included) equal a recount of the testers' rows, and the stats route
// answers from them: signups per day, the funnel's totals and periods.
//
// Replay a failure: PROPERTY_SEED=<seed> PROPERTY_PATH=<path> (both in the report). More runs:
// PROPERTY_RUNS=<n>.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sql } from 'kysely';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { uniqueEmail } from '../testers/support.ts';
import { formOf, visit } from '../../public/support.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { foldRollupBatch, foldRollups } from '../../../src/modules/stats/rollups.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 8);
const COUNTRIES = ['GB', 'FR', null] as const;
const SOURCES = ['newsletter', 'mastodon', null] as const;
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'] as const;
const CHANNELS = ['telegram', 'x', 'email'] as const;
const STAGE_STATUSES = ['applied', 'invited', 'active'] as const;

type Profile = { country: (typeof COUNTRIES)[number]; source: (typeof SOURCES)[number] };
type Command =
  | { kind: 'signup'; day: number; profile: Profile; referrer: number | null }
  | { kind: 'together'; profiles: Profile[] }
  /** Through the hosted signup page, from a share link tagged with a channel. */
  | { kind: 'shared'; referrer: number; channel: (typeof CHANNELS)[number] }
  | { kind: 'import'; day: number; profiles: Profile[] }
  | { kind: 'profile'; pick: number; profile: Profile }
  | { kind: 'refer'; pick: number; referrer: number }
  | { kind: 'status'; pick: number }
  /** A status that reaches a stage of the funnel (applied_at, invited_at, joined_at), on one of the days. */
  | { kind: 'stage'; pick: number; status: (typeof STAGE_STATUSES)[number]; day: number }
  | { kind: 'bulk' }
  | { kind: 'delete'; pick: number }
  | { kind: 'erase'; pick: number }
  | { kind: 'fold' };

const profile = fc.record({ country: fc.constantFrom(...COUNTRIES), source: fc.constantFrom(...SOURCES) });
const pick = fc.nat({ max: 30 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('signup' as const), day: fc.nat({ max: DAYS.length - 1 }), profile, referrer: fc.option(pick, { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('together' as const), profiles: fc.array(profile, { minLength: 2, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('shared' as const), referrer: pick, channel: fc.constantFrom(...CHANNELS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const), day: fc.nat({ max: DAYS.length - 1 }), profiles: fc.array(profile, { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('profile' as const), pick, profile }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refer' as const), pick, referrer: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('status' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stage' as const), pick, status: fc.constantFrom(...STAGE_STATUSES), day: fc.nat({ max: DAYS.length - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bulk' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fold' as const) }) },
);

const profileBody = ({ country, source }: Profile) => ({ country, utm_source: source });

describe('dashboard rollups', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('equal a recount of the testers after any sequence of the commands that change them, folded at any points', async () => {
    let run = 0;
    let visits = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run += 1;
        // A company of its own with a plan limit, so that some signups are stored hidden: they must never be counted.
        const company = await ctx.services.accounts.createCompany({ name: `Rolled ${run}`, maxTesters: 12 });
        const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
        const created = await ctx.request('POST', '/api/v2/betas', { key, body: { name: `Rollups ${run}`, homepage_url: 'https://example.com/' } });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        const betaId: number = created.body.id;
        const base = `/api/v2/betas/${betaId}`;
        const send = (method: string, path: string, body?: unknown) => ctx.request(method, `${base}${path}`, { key, body });
        const rows = () => ctx.database.db.selectFrom('testers').select(['id', 'referral_code', 'hidden', 'erased_at']).where('beta_id', '=', betaId).orderBy('id').execute();
        const chosen = async (index: number) => {
          // Visible and not erased: what every command below may act on.
          const visible = (await rows()).filter((row) => row.hidden === 0 && row.erased_at === null);
          return visible.length === 0 ? undefined : visible[index % visible.length];
        };

        for (const step of commands) {
          switch (step.kind) {
            case 'signup': {
              ctx.clock.set(`${DAYS[step.day]}T${String(8 + (run % 12)).padStart(2, '0')}:30:00.000Z`);
              const referrer = step.referrer === null ? undefined : await chosen(step.referrer);
              const response = await send('POST', '/testers', { tester: { email: uniqueEmail('rollup'), referrer_id: referrer?.referral_code, profile: profileBody(step.profile) } });
              assert.ok(response.status === 201 || response.status === 403, `signup: ${response.status} ${JSON.stringify(response.body)}`);
              break;
            }
            case 'together': {
              ctx.clock.set(`${DAYS.at(-1)}T23:59:59.999Z`);
              // With a fold racing them: it must take each signup whole, before or after its commit.
              const [answers] = await Promise.all([
                Promise.all(step.profiles.map((one) => send('POST', '/testers', { tester: { email: uniqueEmail('together'), profile: profileBody(one) } }))),
                foldRollups(ctx.database.db, ctx.database.dialect),
              ]);
              for (const response of answers) assert.ok(response.status === 201 || response.status === 403, `together: ${response.status}`);
              break;
            }
            case 'shared': {
              const referrer = await chosen(step.referrer);
              if (!referrer) break;
              const form = formOf({ email: uniqueEmail('shared'), r: referrer.referral_code, ch: step.channel });
              const response = await visit(ctx, 'POST', `/b/${betaId}`, { ip: `198.51.100.${(visits += 1) % 250}`, form });
              assert.equal(response.status, 200, `shared: ${response.status}`);
              break;
            }
            case 'import': {
              const csv = `email,profile.country,profile.utm_source,created_at\n${step.profiles
                .map((one) => `${uniqueEmail('imported')},${one.country ?? ''},${one.source ?? ''},${DAYS[step.day]}T00:00:00.000Z`)
                .join('\n')}\n`;
              // As importFile does, with the company's own key.
              const posted = await ctx.app.inject({ method: 'POST', url: `${base}/imports`, headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, payload: csv });
              assert.equal(posted.statusCode, 202, posted.body);
              await ctx.runJobs();
              break;
            }
            case 'profile': {
              const target = await chosen(step.pick);
              if (target) assert.equal((await send('PUT', `/testers/${target.id}`, { tester: { profile: profileBody(step.profile) } })).status, 200);
              break;
            }
            case 'refer': {
              const [target, referrer] = [await chosen(step.pick), await chosen(step.referrer)];
              if (target && referrer && target.id !== referrer.id) {
                const response = await send('PUT', `/testers/${target.id}`, { tester: { referrer_id: referrer.referral_code } });
                assert.ok(response.status === 200 || response.status === 422, `refer: ${response.status} ${JSON.stringify(response.body)}`);
              }
              break;
            }
            case 'status': {
              const target = await chosen(step.pick);
              if (target) {
                const response = await send('PUT', `/testers/${target.id}`, { tester: { status: 'rejected' } });
                assert.ok(response.status === 200 || response.status === 422, `status: ${response.status} ${JSON.stringify(response.body)}`);
              }
              break;
            }
            case 'stage': {
              const target = await chosen(step.pick);
              if (target) {
                ctx.clock.set(`${DAYS[step.day]}T15:00:00.000Z`);
                const response = await send('PUT', `/testers/${target.id}`, { tester: { status: step.status } });
                assert.ok(response.status === 200 || response.status === 422, `stage: ${response.status} ${JSON.stringify(response.body)}`);
              }
              break;
            }
            case 'bulk': {
              const response = await send('POST', '/bulk_actions', { action: 'set_status', status: 'invited', filters: {} });
              assert.ok(response.status === 202 || response.status === 422, `bulk: ${response.status} ${JSON.stringify(response.body)}`);
              await ctx.runJobs();
              break;
            }
            case 'delete': {
              const target = await chosen(step.pick);
              if (target) assert.equal((await send('DELETE', `/testers/${target.id}`)).status, 200);
              break;
            }
            case 'erase': {
              const target = await chosen(step.pick);
              if (target) assert.equal((await send('POST', `/testers/${target.id}/erase`)).status, 200);
              break;
            }
            case 'fold':
              await foldRollups(ctx.database.db, ctx.database.dialect);
              break;
          }
        }

        // Two folds at once (two processes' timers): each change is consumed by one of them.
        await Promise.all([foldRollups(ctx.database.db, ctx.database.dialect), foldRollups(ctx.database.db, ctx.database.dialect)]);
        assert.deepEqual(await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').execute(), [], 'every change folded');
        const expected = await recount(ctx, betaId);
        assert.deepEqual(await stored(ctx, betaId), expected, `the rollups of beta ${betaId} equal a recount after ${JSON.stringify(commands)}`);

        // The route answers from them (and has nothing left to fold).
        ctx.clock.set(`${DAYS.at(-1)}T12:00:00.000Z`);
        const stats = await send('GET', `/stats?from=${DAYS[0]}`);
        assert.equal(stats.status, 200);
        const day = (date: string) => expected.find((row) => row.kind === 'day' && row.value === date);
        assert.deepEqual(
          stats.body.signups.days,
          DAYS.map((date) => ({ date, direct: (day(date)?.testers ?? 0) - (day(date)?.referred ?? 0), referred: day(date)?.referred ?? 0 })),
        );
        const countries = expected.filter((row) => row.kind === 'country').map((row) => row.testers);
        assert.deepEqual(stats.body.top_countries.map((row: { testers: number }) => row.testers), countries.sort((a, b) => b - a));
        // Over the days from `from` to `to`, both included; without them, over every day.
        const sum = (kind: string, column: keyof Counts, from?: string, to?: string) =>
          expected.filter((row) => row.kind === kind && (from === undefined || (row.value >= from && row.value <= (to as string)))).reduce((total, row) => total + row[column], 0);
        const funnel = (from?: string, to?: string) => ({
          signups: sum('day', 'testers', from, to),
          referred: sum('day', 'referred', from, to),
          confirmed: sum('confirmed_day', 'testers', from, to),
          invited: sum('invited_day', 'testers', from, to),
          active: sum('active_day', 'testers', from, to),
        });
        assert.deepEqual(stats.body.totals, funnel(), 'the whole life: every day');
        const [today, yesterday, weekStart] = [DAYS.at(-1) as string, DAYS.at(-2) as string, '2026-11-16'];
        assert.deepEqual(stats.body.periods, {
          today: { from: today, to: today, ...funnel(today, today) },
          yesterday: { from: yesterday, to: yesterday, ...funnel(yesterday, yesterday) },
          last_7_days: { from: weekStart, to: today, ...funnel(weekStart, today) },
        });
        const ever = ({ confirmed, invited, active }: Counts) => ({ confirmed, invited, active });
        assert.deepEqual(
          stats.body.top_sources.map(({ source, testers, confirmed, invited, active }: Record<string, unknown>) => ({ source, testers, confirmed, invited, active })),
          stats.body.top_sources.map(({ source }: { source: string | null }) => {
            const row = expected.find((one) => one.kind === 'source' && one.value === (source ?? '')) as Rollup;
            return { source, testers: row.testers, ...ever(row) };
          }),
        );
        for (const channel of stats.body.channels.filter((one: { signups: number }) => one.signups > 0)) {
          const row = expected.find((one) => one.kind === 'channel' && one.value === channel.channel) as Rollup;
          assert.deepEqual({ signups: channel.signups, confirmed: channel.confirmed, invited: channel.invited, active: channel.active }, { signups: row.testers, ...ever(row) });
        }
      }),
      { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined, path: process.env.PROPERTY_PATH, endOnFailure: true },
    );
  });

  test('a fold that fails after consuming its changes rolls back with them: the next fold counts each once', async () => {
    const beta = await ctx.createBeta({}, 'Retried');
    ctx.clock.set(`${DAYS[0]}T10:00:00.000Z`);
    for (const country of ['GB', 'GB', 'FR']) assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail('retried'), profile: { country } } } })).status, 201);
    const failure = new Error('the process stopped before its commit');
    await assert.rejects(
      inTransaction(ctx.database.db, async (trx) => {
        assert.ok((await foldRollupBatch(trx, ctx.database.dialect)) >= 3);
        throw failure;
      }),
      failure,
    );
    assert.ok((await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').where('beta_id', '=', beta.id).execute()).length >= 3, 'the changes are still queued');
    await foldRollups(ctx.database.db, ctx.database.dialect);
    await foldRollups(ctx.database.db, ctx.database.dialect);
    assert.deepEqual(await stored(ctx, beta.id), await recount(ctx, beta.id));
    assert.deepEqual((await stored(ctx, beta.id)).filter((row) => row.kind === 'country'), [
      { kind: 'country', value: 'FR', testers: 1, referred: 0, confirmed: 1, invited: 0, active: 0 },
      { kind: 'country', value: 'GB', testers: 2, referred: 0, confirmed: 2, invited: 0, active: 0 },
    ]);
  });
});

type Counts = { testers: number; referred: number; confirmed: number; invited: number; active: number };
type Rollup = { kind: string; value: string } & Counts;

const keyOf = (row: Rollup) => `${row.kind}\u0000${row.value}`;
const byKey = (a: Rollup, b: Rollup) => (keyOf(a) < keyOf(b) ? -1 : 1);
const COUNTS = ['testers', 'referred', 'confirmed', 'invited', 'active'] as const;
const numbers = (row: Record<string, unknown>): Rollup =>
  ({ kind: row.kind, value: row.value, ...Object.fromEntries(COUNTS.map((column) => [column, Number(row[column])])) }) as Rollup;

/** The beta's rollups as stored, zero rows aside. */
async function stored(ctx: TestContext, betaId: number): Promise<Rollup[]> {
  const rows = await ctx.database.db.selectFrom('tester_rollups').select(['kind', 'value', ...COUNTS]).where('beta_id', '=', betaId).execute();
  return rows
    .map(numbers)
    .filter((row) => COUNTS.some((column) => row[column] !== 0))
    .sort(byKey);
}

/** The same figures counted from the beta's visible testers: per signup day, country, source and channel, and per day each stage was reached. */
async function recount(ctx: TestContext, betaId: number): Promise<Rollup[]> {
  const counts = sql`count(*) as testers, count(referrer_id) as referred, count(applied_at) as confirmed, count(invited_at) as invited, count(joined_at) as active`;
  const group = (kind: string, value: string) =>
    sql`select ${sql.lit(kind)} as kind, ${sql.raw(value)} as value, ${counts} from testers where beta_id = ${betaId} and hidden = 0 and ${sql.raw(value)} is not null group by ${sql.raw(value)}`;
  const kinds: [string, string][] = [
    ['day', 'substr(created_at, 1, 10)'],
    ['country', "coalesce(country, '')"],
    ['source', "coalesce(utm_source, '')"],
    ['channel', 'referral_channel'],
    ['confirmed_day', 'substr(applied_at, 1, 10)'],
    ['invited_day', 'substr(invited_at, 1, 10)'],
    ['active_day', 'substr(joined_at, 1, 10)'],
  ];
  const rows = (await Promise.all(kinds.map(([kind, value]) => group(kind, value).execute(ctx.database.db)))).flatMap((result) => result.rows as Record<string, unknown>[]);
  return rows.map(numbers).sort(byKey);
}
