// The daily digest of a webhook endpoint: due at its local time on a fixed clock, across the spring
// daylight-saving change; the day's figures as a signed daily_digest event and as Slack and Discord
// messages; sent once with two processes; retried like every delivery when the receiver fails.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createLogger } from '../../../src/process/logging.ts';
import { Leases } from '../../../src/jobs/leases.ts';
import { Sweeper } from '../../../src/jobs/workers.ts';
import { retryDelaySeconds } from '../../../src/modules/webhooks/webhook-delivery.ts';
import { dialect, startTestContext } from '../../support/context.ts';
import { createTester } from '../testers/support.ts';
import { createEndpoint, pendingJobs, startAfresh, startReceiver, storedDeliveries, storedEndpoint, withReceiver, type Receiver } from './support.ts';

const CONSOLE = 'https://prelaunch.test/console/betas';
// Europe/Paris moves from UTC+1 to UTC+2 at 01:00 UTC on Sunday 2027-03-28.
const FRIDAY_NOON = '2027-03-26T12:00:00.000Z';
const SATURDAY_0900_PARIS = '2027-03-27T08:00:00.000Z';
const SUNDAY_0900_PARIS = '2027-03-28T07:00:00.000Z';

describe('daily digests of webhook endpoints', () => {
  const setup = withReceiver();
  let failing: Receiver;
  before(async () => {
    failing = await startReceiver();
    failing.answer(500);
  });
  after(() => failing.close());
  beforeEach(async () => {
    await startAfresh(setup, FRIDAY_NOON);
    // Each test's endpoints are its own: an earlier test's digests are not due in a later one.
    await setup.ctx.database.db.updateTable('webhook_endpoints').set({ digest_next_at: null }).execute();
  });

  const digestsDue = () => setup.ctx.services.webhookDigests.runDue();

  async function digestEvents(betaId: number) {
    return setup.ctx.database.db.selectFrom('webhook_events').selectAll().where('beta_id', '=', betaId).where('type', '=', 'daily_digest').orderBy('id').execute();
  }

  /** An endpoint with a digest at 09:00 in Paris, listening to nothing else that happens in these tests. */
  function digestEndpoint(betaId: number, path: string, format = 'standard') {
    const { ctx, receiver } = setup;
    return createEndpoint(ctx, betaId, { url: `${receiver.url}/${path}`, format, events: ['reward_revoked'], digest_at: '09:00', digest_time_zone: 'Europe/Paris' });
  }

  test('sent at 09:00 in Paris on each side of the daylight-saving change, with the day\'s figures, as a signed event and as messages', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta({}, 'Rocket');
    const standard = await digestEndpoint(beta.id, 'standard');
    await digestEndpoint(beta.id, 'slack', 'slack');
    await digestEndpoint(beta.id, 'discord', 'discord');
    assert.equal((await storedEndpoint(ctx, standard.id))!.digest_next_at, SATURDAY_0900_PARIS);
    // Every signup's delivery to this endpoint fails: the day's failed deliveries.
    const down = await createEndpoint(ctx, beta.id, { url: `${failing.url}/down`, events: ['tester_created'] });

    // Before the day (08:00 in Paris on Friday): not counted.
    ctx.clock.set('2027-03-26T07:00:00.000Z');
    await createTester(ctx, beta.id, { email: 'early@example.com' });
    ctx.clock.set('2027-03-26T13:00:00.000Z');
    const ada = await createTester(ctx, beta.id, { email: 'ada@example.com', profile: { first_name: 'Ada', last_name: 'Lovelace' } });
    const bo = await createTester(ctx, beta.id, { email: 'bo@example.org', referrer_id: ada.id });
    await createTester(ctx, beta.id, { email: 'cy@example.com', referrer_id: ada.id });
    await createTester(ctx, beta.id, { email: 'di@example.com', referrer_id: bo.id });
    await createTester(ctx, beta.id, { email: 'ed@example.com', status: 'invited' });
    await ctx.runJobs();
    const failures = await storedDeliveries(ctx, down.id);
    assert.deepEqual(
      failures.map((attempt) => [attempt.status, attempt.created_at]),
      Array(6).fill(['failed', '2027-03-26T13:00:00.000Z']),
      'the six signups\' deliveries failed in the day (the early one\'s too: it was attempted at 13:00)',
    );

    ctx.clock.set('2027-03-27T07:59:59.000Z');
    assert.equal(await digestsDue(), 0, 'not before 09:00 in Paris');
    ctx.clock.set(SATURDAY_0900_PARIS);
    assert.equal(await digestsDue(), 3);
    assert.equal(await digestsDue(), 0, 'once');
    assert.equal((await storedEndpoint(ctx, standard.id))!.digest_next_at, SUNDAY_0900_PARIS, '09:00 in Paris is 07:00 UTC after the change');

    await ctx.runJobs();
    const digest = {
      from: '2027-03-26T08:00:00Z',
      to: '2027-03-27T08:00:00Z',
      time_zone: 'Europe/Paris',
      signups: 5,
      referrals: 3,
      top_referrers: [
        { id: ada.id, masked_email: 'a***@e***.com', referrals: 2 },
        { id: bo.id, masked_email: 'b***@e***.org', referrals: 1 },
      ],
      invitations: 1,
      failed_deliveries: 6,
    };
    const events = await digestEvents(beta.id);
    assert.equal(events.length, 3, 'one event per endpoint');
    const byPath = new Map(receiver.received.map((request) => [request.path, request]));
    const signed = byPath.get('/standard')!;
    const event = events.find((row) => row.public_id === signed.headers['webhook-id'])!;
    // The Standard Webhooks signature, computed here: the library checks the timestamp against the real time, not 2027.
    const key = Buffer.from(standard.secret.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${event.public_id}.${signed.headers['webhook-timestamp']}.${signed.body}`).digest('base64');
    assert.equal(signed.headers['webhook-signature'], `v1,${mac}`);
    assert.equal(signed.headers['webhook-timestamp'], String(Date.parse(SATURDAY_0900_PARIS) / 1000));
    assert.deepEqual(JSON.parse(signed.body), {
      id: event.public_id,
      type: 'daily_digest',
      created_at: '2027-03-27T08:00:00Z',
      beta_id: beta.id,
      data: digest,
    });
    assert.equal(signed.body, event.payload);

    const title = 'Daily digest: 26 Mar 2027, 09:00 to 27 Mar 2027, 09:00 (Europe/Paris)';
    const referrers = `1. a***@e***.com (#${ada.id}): 2\n2. b***@e***.org (#${bo.id}): 1`;
    const link = `${CONSOLE}/${beta.id}`;
    assert.deepEqual(JSON.parse(byPath.get('/slack')!.body), {
      text: `Rocket: ${title}`,
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*${title}*\n*Signups:* 5\n*Referrals:* 3\n*Invitations:* 1\n*Failed deliveries:* 6\n*Top referrers:* ${referrers}` },
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Open the dashboard>` }] },
      ],
    });
    assert.deepEqual(JSON.parse(byPath.get('/discord')!.body), {
      content: `Rocket: ${title}`,
      embeds: [
        {
          title,
          url: link,
          description: `[Open the dashboard](${link})`,
          fields: [
            { name: 'Signups', value: '5', inline: true },
            { name: 'Referrals', value: '3', inline: true },
            { name: 'Invitations', value: '1', inline: true },
            { name: 'Failed deliveries', value: '6', inline: true },
            { name: 'Top referrers', value: referrers.replaceAll('*', '\\*'), inline: false },
          ],
          footer: { text: 'Rocket' },
          timestamp: '2027-03-27T08:00:00Z',
        },
      ],
      allowed_mentions: { parse: [] },
    });
    for (const request of receiver.received) assert.doesNotMatch(request.body, /ada@example\.com|bo@example\.org|Lovelace/);

    // Sunday: a day of 23 hours, sent at 09:00 summer time (07:00 UTC), not at 08:00 UTC.
    receiver.received.length = 0;
    ctx.clock.set('2027-03-28T06:59:00.000Z');
    assert.equal(await digestsDue(), 0);
    ctx.clock.set(SUNDAY_0900_PARIS);
    assert.equal(await digestsDue(), 3);
    const sunday = JSON.parse((await digestEvents(beta.id)).at(-1)!.payload);
    // The failing endpoint's second attempts ran with Saturday's digests, at 09:00 in Paris: Sunday's day counts them.
    const retries = (await storedDeliveries(ctx, down.id)).filter((attempt) => attempt.created_at === SATURDAY_0900_PARIS);
    assert.equal(retries.length, 6);
    assert.deepEqual([sunday.data.from, sunday.data.to, sunday.data.signups, sunday.data.failed_deliveries], ['2027-03-27T08:00:00Z', '2027-03-28T07:00:00Z', 0, 6]);
    assert.equal((await storedEndpoint(ctx, standard.id))!.digest_next_at, '2027-03-29T07:00:00.000Z');
  });

  test('two processes at the same moment: one digest', async () => {
    const { ctx } = setup;
    const beta = await ctx.createBeta();
    const endpoint = await digestEndpoint(beta.id, 'race');
    const other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      ctx.clock.set(SATURDAY_0900_PARIS);
      // Both read the digest as due; the other process sends it while this one counts the figures.
      const digests = ctx.services.webhookDigests;
      const figures = digests.figures;
      let theirs = -1;
      digests.figures = async function (this: typeof digests, ...args) {
        const counted = await figures.apply(this, args);
        theirs = await other.services.webhookDigests.runDue();
        return counted;
      };
      try {
        assert.deepEqual([await digestsDue(), theirs], [0, 1]);
      } finally {
        digests.figures = figures;
      }
      if (dialect === 'postgres') {
        // And truly at once, the next day (one Node process cannot hold two SQLite write transactions at once).
        ctx.clock.set(SUNDAY_0900_PARIS);
        const sent = await Promise.all([digestsDue(), other.services.webhookDigests.runDue()]);
        assert.deepEqual(sent.sort(), [0, 1]);
      }
    } finally {
      await other.close();
    }
    const expected = dialect === 'postgres' ? 2 : 1;
    assert.equal((await digestEvents(beta.id)).length, expected);
    const jobs = (await pendingJobs(ctx)).map((job) => JSON.parse(job.payload).endpointId);
    assert.deepEqual(jobs, Array(expected).fill(endpoint.id), 'one delivery per digest');
  });

  test('a failing digest delivery is retried on the schedule of every delivery, under the same webhook-id', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const endpoint = await digestEndpoint(beta.id, 'retried', 'slack');
    ctx.clock.set(SATURDAY_0900_PARIS);
    assert.equal(await digestsDue(), 1);
    receiver.answer(503);
    assert.equal(await ctx.runJobs(), 1);
    const [failed] = await storedDeliveries(ctx, endpoint.id);
    const retryAt = new Date(Date.parse(SATURDAY_0900_PARIS) + retryDelaySeconds(1) * 1000).toISOString();
    assert.deepEqual([failed.attempt, failed.status, failed.response_status, failed.next_attempt_at], [1, 'failed', 503, retryAt]);

    receiver.answer(200);
    ctx.clock.set(retryAt);
    assert.equal(await ctx.runJobs(), 1);
    const attempts = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.event_id]),
      [
        [1, 'failed', failed.event_id],
        [2, 'succeeded', failed.event_id],
      ],
    );
    const [first, second] = receiver.received;
    assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
    assert.equal(first.body, second.body, 'the same message on every attempt');
    assert.deepEqual(await pendingJobs(ctx), []);
  });

  test('the workers send digests under their lease: while another process holds it, the round is skipped', async () => {
    const { ctx } = setup;
    const beta = await ctx.createBeta();
    await digestEndpoint(beta.id, 'leased');
    ctx.clock.set(SATURDAY_0900_PARIS);
    const log = createLogger('silent');
    const sweeper = new Sweeper(ctx.database, ctx.services, ctx.clock, log);
    const holder = new Leases(ctx.database.db, ctx.clock, log);
    assert.equal(await holder.claim('sweep:webhookDigests'), true);
    assert.equal(await sweeper.runDigests(new AbortController().signal), 'skipped');
    assert.equal((await digestEvents(beta.id)).length, 0);
    await holder.release('sweep:webhookDigests');
    assert.equal(await sweeper.runDigests(new AbortController().signal), 1);
    assert.equal((await digestEvents(beta.id)).length, 1);
  });
});
