// GET /api/v2/betas/{beta_id}/stats: a beta's dashboard figures, checked against testers, share
// clicks, webhook deliveries and outbox jobs made here; the range's rules; another company's beta;
// a viewer's session reads them, and they change nothing.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester } from '../testers/support.ts';
import { createEndpoint, startReceiver, type Receiver } from '../webhooks/support.ts';
import { visit } from '../../public/support.ts';
import { signedIn } from '../../console/support.ts';
import { jsonInteger } from '../../../src/db/database.ts';
import { foldRollups } from '../../../src/modules/stats/rollups.ts';

describe('beta stats', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00.000Z'));

  const stats = (betaId: number, query = '') => ctx.request('GET', `/api/v2/betas/${betaId}/stats${query}`);

  /** Outbox jobs of a kind whose payload names one of `ids` under `key`, as stored. */
  async function jobsNaming(kind: string, key: string, ids: number[]) {
    return ctx.database.db
      .selectFrom('outbox_jobs')
      .select(['run_at'])
      .where('kind', '=', kind)
      .where(jsonInteger(ctx.database.dialect, 'payload', key), 'in', ids.length ? ids : [0])
      .execute();
  }
  /** Delivery attempts logged for the beta's endpoints, as stored. */
  const deliveriesOf = (betaId: number) =>
    ctx.database.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select('webhook_deliveries.status')
      .where('webhook_endpoints.beta_id', '=', betaId)
      .execute();
  /** Outbox jobs delivering to the beta's endpoints. */
  async function deliveryJobsOf(betaId: number) {
    const endpoints = await ctx.database.db.selectFrom('webhook_endpoints').select('id').where('beta_id', '=', betaId).execute();
    return jobsNaming('webhook.deliver', 'endpointId', endpoints.map((e) => e.id));
  }
  /** Outbox jobs sending e-mails to the beta's testers. */
  async function emailJobsOf(betaId: number) {
    const messages = await ctx.database.db.selectFrom('email_messages').select('id').where('beta_id', '=', betaId).execute();
    return jobsNaming('email.send', 'messageId', messages.map((m) => m.id));
  }

  test('signups per day direct and referred, conversion, statuses, top lists, backlog and failure rate', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const other = await ctx.createBeta({}, 'Other');
    await createEndpoint(ctx, beta.id, { url: `${receiver.url}/hook` });
    await createEndpoint(ctx, other.id, { url: `${receiver.url}/other` });

    ctx.clock.set('2026-11-19T23:59:59.000Z');
    const ada = await createTester(ctx, beta.id, { profile: { first_name: 'Ada', last_name: 'Lovelace', country: 'GB', utm_source: 'twitter' } });
    ctx.clock.set('2026-11-20T00:00:00.000Z');
    const grace = await createTester(ctx, beta.id, { referrer_id: ada.id, profile: { first_name: 'Grace', country: 'US', utm_source: 'twitter' } });
    ctx.clock.set('2026-11-20T12:00:00.000Z');
    await createTester(ctx, beta.id, { referrer_id: ada.id, profile: { country: 'US' } });
    await createTester(ctx, beta.id, { referrer_id: grace.id, status: 'invited', profile: { country: 'US', utm_source: 'newsletter' } });
    await createTester(ctx, beta.id, { profile: { country: 'FR' } });
    ctx.clock.set('2026-11-22T08:00:00.000Z');
    await createTester(ctx, beta.id, { status: 'active' });
    await createTester(ctx, other.id, { referrer_id: undefined });
    // Share clicks on Ada's link from three visitors.
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) assert.equal((await visit(ctx, 'GET', `/r/${ada.referral_code}`, { ip })).status, 302);

    ctx.clock.set('2026-11-22T09:15:00.000Z');
    const due = await deliveryJobsOf(beta.id);
    assert.ok(due.length >= 6, `a delivery job per event at least: ${due.length}`);
    const mails = await emailJobsOf(beta.id);
    const before = await stats(beta.id, '?from=2026-11-18&to=2026-11-22');
    assert.equal(before.status, 200, JSON.stringify(before.body));
    assert.deepEqual(before.body.outbox, { due: due.length + mails.length, scheduled: 0, parked: 0, oldest_due_seconds: 2 * 86_400 + 9 * 3600 + 15 * 60 + 1 });
    assert.deepEqual(before.body.webhooks, { deliveries: 0, failed: 0, failure_rate: null });

    // The receiver refuses: every first attempt fails and waits for a retry.
    receiver.answer(500);
    await ctx.runJobs();
    const scheduled = await deliveryJobsOf(beta.id);
    assert.equal((await emailJobsOf(beta.id)).length, 0, 'the e-mails are sent');
    const response = await stats(beta.id, '?from=2026-11-18&to=2026-11-22');
    assert.equal(response.status, 200);
    const body = response.body;
    assert.equal(body.beta_id, beta.id);
    assert.equal(body.from, '2026-11-18');
    assert.equal(body.to, '2026-11-22');
    assert.equal(body.generated_at, '2026-11-22T09:15:00Z');
    assert.deepEqual(body.signups, {
      direct: 3,
      referred: 3,
      total: 6,
      days: [
        { date: '2026-11-18', direct: 0, referred: 0 },
        { date: '2026-11-19', direct: 1, referred: 0 },
        { date: '2026-11-20', direct: 1, referred: 3 },
        { date: '2026-11-21', direct: 0, referred: 0 },
        { date: '2026-11-22', direct: 1, referred: 0 },
      ],
    });
    const stored = await ctx.database.db.selectFrom('testers').select(['id', 'share_signups_count']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(stored.filter((t) => t.share_signups_count > 0).map((t) => [t.id, t.share_signups_count]), [[ada.id, 2], [grace.id, 1]]);
    assert.equal(body.testers_count, 6);
    assert.equal(body.impressions_count, 0);
    assert.equal(body.referred_signups_count, 3);
    assert.equal(body.share_clicks_count, 3);
    assert.equal(body.viral_coefficient, 0.5);
    assert.equal(body.share_conversion, 1);
    assert.deepEqual(body.statuses, { imported: 0, unconfirmed: 0, applied: 4, invited: 1, active: 1, rejected: 0, suspended: 0, idle: 0 });
    assert.deepEqual(body.top_referrers, [
      { id: ada.id, email: ada.email, name: 'Ada Lovelace', referrals: 2, status: 'applied', flagged: false },
      { id: grace.id, email: grace.email, name: 'Grace', referrals: 1, status: 'applied', flagged: false },
    ]);
    assert.deepEqual(body.top_countries, [
      { country: 'US', testers: 3 },
      { country: 'FR', testers: 1 },
      { country: 'GB', testers: 1 },
      { country: null, testers: 1 },
    ]);
    assert.deepEqual(body.top_sources.map(({ source, testers }: { source: string | null; testers: number }) => ({ source, testers })), [
      { source: null, testers: 3 },
      { source: 'twitter', testers: 2 },
      { source: 'newsletter', testers: 1 },
    ]);
    const deliveries = await deliveriesOf(beta.id);
    assert.ok(deliveries.length > 0);
    assert.ok(deliveries.every((d) => d.status === 'failed'));
    assert.deepEqual(body.webhooks, { deliveries: deliveries.length, failed: deliveries.length, failure_rate: 1 });
    const now = '2026-11-22T09:15:00.000Z';
    assert.deepEqual(body.outbox, {
      due: scheduled.filter((job) => job.run_at <= now).length,
      scheduled: scheduled.filter((job) => job.run_at > now).length,
      parked: 0,
      oldest_due_seconds: scheduled.some((job) => job.run_at <= now) ? body.outbox.oldest_due_seconds : null,
    });
    assert.ok(body.outbox.scheduled > 0, 'the failed attempts wait for their retry');

    // The receiver accepts again: a retry succeeds, and the rate falls.
    receiver.answer(204);
    ctx.clock.set('2026-11-22T09:20:00.000Z');
    await ctx.runJobs();
    const settled = await deliveriesOf(beta.id);
    const failed = settled.filter((d) => d.status === 'failed').length;
    assert.ok(failed < settled.length);
    const later = await stats(beta.id, '?from=2026-11-18&to=2026-11-22');
    assert.deepEqual(later.body.webhooks, { deliveries: settled.length, failed, failure_rate: Math.round((failed / settled.length) * 10_000) / 10_000 });

    // A day without those attempts: none in the range.
    const earlier = await stats(beta.id, '?from=2026-11-01&to=2026-11-21');
    assert.deepEqual(earlier.body.webhooks, { deliveries: 0, failed: 0, failure_rate: null });
    assert.deepEqual(earlier.body.signups.days.at(-2), { date: '2026-11-20', direct: 1, referred: 3 });
    assert.equal(earlier.body.signups.days.length, 21);
  });

  test('the default range is the last 30 days, today (UTC) included; an empty beta has zeros and nulls', async () => {
    const beta = await ctx.createBeta({}, 'Empty');
    const response = await stats(beta.id);
    assert.equal(response.status, 200);
    assert.equal(response.body.from, '2026-10-24');
    assert.equal(response.body.to, '2026-11-22');
    assert.equal(response.body.signups.days.length, 30);
    assert.ok(response.body.signups.days.every((day: { direct: number; referred: number }) => day.direct === 0 && day.referred === 0));
    assert.equal(response.body.viral_coefficient, 0);
    assert.equal(response.body.share_conversion, null);
    assert.deepEqual(response.body.top_referrers, []);
    assert.deepEqual(response.body.top_countries, []);
    assert.deepEqual(response.body.outbox, { due: 0, scheduled: 0, parked: 0, oldest_due_seconds: null });

    const onlyTo = await stats(beta.id, '?to=2026-02-10');
    assert.equal(onlyTo.body.from, '2026-01-12');
    const year = await stats(beta.id, '?from=2025-11-22&to=2026-11-22');
    assert.equal(year.status, 200, 'a year and a day: 366 days');
    assert.equal(year.body.signups.days.length, 366);
  });

  test('a range out of bounds is 422 with what is wrong; nothing is read or changed', async () => {
    const beta = await ctx.createBeta({}, 'Ranges');
    await createTester(ctx, beta.id);
    const cases: [string, RegExp][] = [
      ['?from=2026-02-30', /from must be a calendar date written YYYY-MM-DD/],
      ['?to=22-11-2026', /to must be a calendar date written YYYY-MM-DD/],
      ['?from=yesterday', /from must be a calendar date/],
      ['?from=2026-11-23&to=2026-11-22', /from must be on or before to/],
      ['?from=2025-11-21&to=2026-11-22', /at most 366 days \(it is 367\)/],
      ['?from=2026-01-01T00:00:00Z', /from/],
    ];
    for (const [query, message] of cases) {
      const response = await stats(beta.id, query);
      assert.equal(response.status, 422, query);
      assert.deepEqual(codes(response), [2201], query);
      assert.match(response.body.errors[0].message, message, query);
    }
    const testers = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).execute();
    assert.equal(testers.length, 1);
  });

  test("another company's beta, or none, is 404; a viewer's session reads the stats; a key without betas:read is 403", async () => {
    const beta = await ctx.createBeta({}, 'Mine');
    const company = await ctx.services.accounts.createCompany({ name: 'Elsewhere' });
    const theirs = await ctx.services.betas.create(company.id, { name: 'Theirs', homepage_url: 'https://example.com' });
    const foreign = await stats(theirs.id);
    assert.equal(foreign.status, 404);
    assert.deepEqual(codes(foreign), [1404]);
    assert.equal((await stats(999_999)).status, 404);
    assert.equal((await stats(0, '?from=nope')).status, 422, 'the range is checked first, before the beta');

    const viewer = await signedIn(ctx, 'viewer-stats@example.com', 'viewer');
    const read = await viewer.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.equal(read.status, 200);
    assert.equal(read.body.beta_id, beta.id);
    const outsider = await signedIn(ctx, 'outsider-stats@example.com', 'owner', company.id);
    assert.equal((await outsider.request('GET', `/api/v2/betas/${beta.id}/stats`)).status, 404);

    const { key } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'testers only', permissions: ['testers:read'] });
    const refused = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`, { key });
    assert.equal(refused.status, 403);
    assert.deepEqual(codes(refused), [1403]);
  });
});

describe('beta stats and the rate limits', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_SHOW_BETA: '2/1m' } });
  });
  after(() => ctx.close());

  test("an open dashboard's polling does not use up show beta's limit per company", async () => {
    const beta = await ctx.createBeta({}, 'Polled');
    for (let i = 0; i < 5; i += 1) assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).status, 429, 'show beta keeps its own limit');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`)).status, 200);
  });
});

describe('beta stats read from the rollups', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00.000Z'));

  /** The beta's rollup rows as stored, zero ones aside. */
  const rollupsOf = async (betaId: number) =>
    (await ctx.database.db.selectFrom('tester_rollups').select(['kind', 'value', 'testers', 'referred']).where('beta_id', '=', betaId).orderBy('kind').orderBy('value').execute())
      .map((row) => ({ ...row, testers: Number(row.testers), referred: Number(row.referred) }))
      .filter((row) => row.testers !== 0 || row.referred !== 0);

  test('top referrers are marked rejected or flagged; exclude_flagged_referrers=true leaves them out and reads on down the list', async () => {
    const beta = await ctx.createBeta({}, 'Suspects');
    // Eleven clean referrers with one referral each, and three suspects with more: top of the list.
    const clean = [];
    for (let i = 0; i < 11; i++) {
      const referrer = await createTester(ctx, beta.id);
      await createTester(ctx, beta.id, { referrer_id: referrer.id });
      clean.push(referrer);
    }
    const rejected = await createTester(ctx, beta.id);
    const flagged = await createTester(ctx, beta.id, { email: 'temp@mailinator.com' });
    const approved = await createTester(ctx, beta.id, { email: 'kept@mailinator.com' });
    for (const referrer of [rejected, flagged, approved]) {
      for (let i = 0; i < 2; i++) await createTester(ctx, beta.id, { referrer_id: referrer.id });
    }
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${rejected.id}`, { body: { tester: { status: 'rejected' } } })).status, 200);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${approved.id}/fraud_decision`, { body: { decision: 'approve' } })).status, 200);

    const marked = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.equal(marked.status, 200);
    assert.deepEqual(marked.body.top_referrers.slice(0, 3).map((r: any) => [r.id, r.referrals, r.status, r.flagged]), [
      [rejected.id, 2, 'rejected', false],
      [flagged.id, 2, 'applied', true],
      [approved.id, 2, 'applied', false],
    ]);
    assert.equal(marked.body.top_referrers.length, 10);

    const left = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats?exclude_flagged_referrers=true`);
    assert.equal(left.status, 200);
    assert.deepEqual(left.body.top_referrers.map((r: any) => r.id), [approved.id, ...clean.slice(0, 9).map((r) => r.id)]);
    assert.ok(left.body.top_referrers.every((r: any) => !r.flagged && r.status !== 'rejected'));
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${beta.id}/stats?exclude_flagged_referrers=false`)).body.top_referrers, marked.body.top_referrers);
    assert.deepEqual(codes(await ctx.request('GET', `/api/v2/betas/${beta.id}/stats?exclude_flagged_referrers=maybe`)), [2201]);
    assert.equal((await ctx.database.db.selectFrom('fraud_decisions').select('id').where('beta_id', '=', beta.id).execute()).length, 1, 'reading changes nothing');
  });

  test('a change committed before the request shows in its answer: the request folds the waiting changes, then reads the rollups', async () => {
    const beta = await ctx.createBeta({}, 'Folded');
    const ada = await createTester(ctx, beta.id, { profile: { country: 'NO', utm_source: 'mastodon' } });
    assert.ok((await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').where('beta_id', '=', beta.id).execute()).length > 0, 'the signup left a change to fold');
    const first = (await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`)).body;
    assert.deepEqual(first.signups.days.at(-1), { date: '2026-11-22', direct: 1, referred: 0 });
    assert.deepEqual(first.top_countries, [{ country: 'NO', testers: 1 }]);
    assert.deepEqual(first.top_sources, [{ source: 'mastodon', testers: 1, confirmed: 1, invited: 0, active: 0 }]);
    assert.deepEqual(await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').execute(), [], 'every change consumed');
    assert.deepEqual(await rollupsOf(beta.id), [
      { kind: 'confirmed_day', value: '2026-11-22', testers: 1, referred: 0 },
      { kind: 'country', value: 'NO', testers: 1, referred: 0 },
      { kind: 'day', value: '2026-11-22', testers: 1, referred: 0 },
      { kind: 'source', value: 'mastodon', testers: 1, referred: 0 },
    ]);

    await createTester(ctx, beta.id, { referrer_id: ada.id });
    const second = (await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`)).body;
    assert.deepEqual(second.signups.days.at(-1), { date: '2026-11-22', direct: 1, referred: 1 });
    assert.deepEqual(second.top_countries, [{ country: 'NO', testers: 1 }, { country: null, testers: 1 }]);
    assert.deepEqual(second.top_referrers, [{ id: ada.id, email: ada.email, name: null, referrals: 1, status: 'applied', flagged: false }]);

    // Deleting the referrer takes it out and makes its referred tester direct (referrer_id set to null).
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${ada.id}`)).status, 200);
    const third = (await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`)).body;
    assert.deepEqual(third.signups.days.at(-1), { date: '2026-11-22', direct: 1, referred: 0 });
    assert.deepEqual(third.top_countries, [{ country: null, testers: 1 }]);
    assert.deepEqual(third.top_sources, [{ source: null, testers: 1, confirmed: 1, invited: 0, active: 0 }]);
  });

  test('the funnel over the whole life and each period, and how far each source and channel went, against a recount of a hand-built scene', async () => {
    const beta = await ctx.createBeta({}, 'Funnel');
    const at = (time: string) => ctx.clock.set(`2026-11-${time}:00.000Z`);
    const move = async (id: number, status: string) => assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${id}`, { body: { tester: { status } } })).status, 200);
    at('10T10:00');
    const ann = await createTester(ctx, beta.id, { profile: { utm_source: 'newsletter' } });
    const bob = await createTester(ctx, beta.id, { profile: { utm_source: 'newsletter' } });
    at('14T10:00');
    const cy = await createTester(ctx, beta.id, { referrer_id: ann.id, profile: { utm_source: 'twitter' } });
    at('18T10:00');
    await move(ann.id, 'invited');
    await move(bob.id, 'active');
    at('21T10:00');
    assert.equal((await visit(ctx, 'GET', `/r/${cy.referral_code}?ch=x`, { ip: '198.51.100.7' })).status, 302);
    const signup = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: 'dee@example.com', r: cy.referral_code, ch: 'x' }, ip: '198.51.100.8' });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const eve = await createTester(ctx, beta.id, { status: 'imported' });
    at('22T08:00');
    await move(eve.id, 'applied');
    const dee = await ctx.database.db.selectFrom('testers').select('id').where('email', '=', 'dee@example.com').executeTakeFirstOrThrow();
    await move(Number(dee.id), 'invited');
    at('22T09:15');

    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.equal(response.status, 200);
    const body = response.body;
    // Ann, Bob, Cy, Dee (referred by Cy through X) and Eve (imported, applied today): all confirmed, Ann and Dee invited, Bob active.
    assert.deepEqual(body.totals, { signups: 5, referred: 2, confirmed: 5, invited: 2, active: 1 });
    assert.deepEqual(body.periods, {
      today: { from: '2026-11-22', to: '2026-11-22', signups: 0, referred: 0, confirmed: 1, invited: 1, active: 0 },
      yesterday: { from: '2026-11-21', to: '2026-11-21', signups: 2, referred: 1, confirmed: 1, invited: 0, active: 0 },
      last_7_days: { from: '2026-11-16', to: '2026-11-22', signups: 2, referred: 1, confirmed: 2, invited: 2, active: 1 },
    });
    assert.deepEqual(body.top_sources, [
      { source: 'newsletter', testers: 2, confirmed: 2, invited: 1, active: 1 },
      { source: null, testers: 2, confirmed: 2, invited: 1, active: 0 },
      { source: 'twitter', testers: 1, confirmed: 1, invited: 0, active: 0 },
    ]);
    assert.deepEqual(body.channels.find((channel: { channel: string }) => channel.channel === 'x'), { channel: 'x', clicks: 1, signups: 1, confirmed: 1, invited: 1, active: 0 });
    assert.ok(body.channels.filter((channel: { channel: string }) => channel.channel !== 'x').every((channel: Record<string, number>) => channel.signups === 0 && channel.confirmed === 0));

    // The same counted from the stored testers.
    const rows = await ctx.database.db
      .selectFrom('testers')
      .select(['created_at', 'referrer_id', 'applied_at', 'invited_at', 'joined_at'])
      .where('beta_id', '=', beta.id)
      .where('hidden', '=', 0)
      .execute();
    const within = (time: string | null, from: string, to: string) => time !== null && time.slice(0, 10) >= from && time.slice(0, 10) <= to;
    const recount = (from = '0000-00-00', to = '9999-99-99') => ({
      signups: rows.filter((row) => within(row.created_at, from, to)).length,
      referred: rows.filter((row) => row.referrer_id !== null && within(row.created_at, from, to)).length,
      confirmed: rows.filter((row) => within(row.applied_at, from, to)).length,
      invited: rows.filter((row) => within(row.invited_at, from, to)).length,
      active: rows.filter((row) => within(row.joined_at, from, to)).length,
    });
    assert.deepEqual(body.totals, recount());
    for (const period of Object.values(body.periods) as { from: string; to: string }[]) assert.deepEqual(period, { from: period.from, to: period.to, ...recount(period.from, period.to) });
    assert.equal(body.testers_count, body.totals.signups, "the beta's counter and the rollups agree");
  });

  test("a fold drops the changes of a beta deleted meanwhile and writes no rollup for it", async () => {
    const beta = await ctx.createBeta({}, 'Gone');
    await createTester(ctx, beta.id, { profile: { country: 'FR' } });
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}`)).status, 200);
    assert.ok((await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').where('beta_id', '=', beta.id).execute()).length > 0);
    assert.ok((await foldRollups(ctx.database.db, ctx.database.dialect)) > 0);
    assert.deepEqual(await ctx.database.db.selectFrom('tester_rollup_changes').select('seq').execute(), []);
    assert.deepEqual(await rollupsOf(beta.id), []);
  });
});
