// The retention sweep of the background workers (docs/decisions.md, "Log retention"): webhook
// events whose deliveries are over and whose last attempt is past WEBHOOK_LOG_RETENTION_DAYS go
// with their attempts, settled e-mails past EMAIL_LOG_RETENTION_DAYS go, and confirmation links
// with them; pending deliveries, queued e-mails and recent rows stay; the lists, the pages and
// `prelaunch stats` show what is left.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/process/config.ts';
import { PARKED } from '../../src/jobs/outbox.ts';
import { WEBHOOK_DELIVERY_JOB } from '../../src/modules/events/events.ts';
import { EMAIL_SEND_JOB } from '../../src/modules/emails/send-jobs.ts';
import { addSeconds, storedTime } from '../../src/primitives/time.ts';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { formOf, visit } from '../public/support.ts';
import { createEndpoint, raise, withReceiver } from '../modules/webhooks/support.ts';
import { sentInvitationRow } from '../modules/emails/support.ts';

const NOW = new Date('2026-11-22T09:15:00.000Z');
const daysAgo = (days: number) => addSeconds(NOW, -days * 86_400);

/** Old rows written straight into the tables: more than one batch (1,000 rows) of them. */
const MANY = 2_100;

describe('webhook log retention (WEBHOOK_LOG_RETENTION_DAYS=30, the default)', () => {
  const setup = withReceiver();

  // Events the first test keeps for its recent attempts; the last test checks they stay.
  const keptForRecentAttempts: number[] = [];

  const db = () => setup.ctx.database.db;
  const lastEventId = async () => (await db().selectFrom('webhook_events').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  const jobOf = async (eventId: number) =>
    (await db().selectFrom('outbox_jobs').selectAll().where('kind', '=', WEBHOOK_DELIVERY_JOB).execute()).find(
      (job) => JSON.parse(job.payload).eventId === eventId,
    );

  test('finished events past the window go with their attempts; pending, parked and recently attempted ones stay', async () => {
    const { ctx, receiver } = setup;
    ctx.clock.set(daysAgo(40));
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/hooks` });
    const deliveriesPath = `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries`;
    const patchEndpoint = async (enabled: boolean) =>
      assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}`, { body: { enabled } })).status, 200);

    // 40 days ago: A delivered; C delivered (and redelivered yesterday, below); E never attempted
    // (its endpoint was off when its turn came).
    await raise(ctx, beta.id);
    const delivered = await lastEventId();
    assert.equal(await ctx.runJobs(), 1);
    await raise(ctx, beta.id);
    const redelivered = await lastEventId();
    assert.equal(await ctx.runJobs(), 1);
    await raise(ctx, beta.id);
    const neverAttempted = await lastEventId();
    await patchEndpoint(false);
    assert.equal(await ctx.runJobs(), 1);
    await patchEndpoint(true);

    // 20 days ago: D delivered, inside the window.
    ctx.clock.set(daysAgo(20));
    await raise(ctx, beta.id);
    const recent = await lastEventId();
    assert.equal(await ctx.runJobs(), 1);

    // Yesterday: C redelivered, so its log is recent.
    ctx.clock.set(daysAgo(1));
    const deliveryOfC = await db().selectFrom('webhook_deliveries').select('id').where('event_id', '=', redelivered).executeTakeFirstOrThrow();
    assert.equal((await ctx.request('POST', `${deliveriesPath}/${deliveryOfC.id}/redeliver`)).status, 202);
    assert.equal(await ctx.runJobs(), 1);

    // 40 days ago again: B failed and waits for its retry (never run since); F's job is parked.
    ctx.clock.set(daysAgo(40));
    receiver.answer(500);
    await raise(ctx, beta.id);
    const retrying = await lastEventId();
    assert.equal(await ctx.runJobs(), 1);
    assert.ok(await jobOf(retrying), 'its retry is scheduled');
    await raise(ctx, beta.id);
    const parked = await lastEventId();
    await db().updateTable('outbox_jobs').set({ run_at: PARKED }).where('id', '=', (await jobOf(parked))!.id).execute();
    receiver.answer(200);

    const attemptsBefore = await db().selectFrom('webhook_deliveries').select(['id', 'event_id']).orderBy('id').execute();
    assert.deepEqual(attemptsBefore.map((row) => row.event_id), [delivered, redelivered, recent, redelivered, retrying]);

    ctx.clock.set(NOW);
    assert.equal(await ctx.services.webhooks.pruneLog(), 2, 'A and E');

    const events = await db().selectFrom('webhook_events').select('id').orderBy('id').execute();
    assert.deepEqual(events.map((row) => row.id), [redelivered, recent, retrying, parked]);
    const attempts = await db().selectFrom('webhook_deliveries').select(['id', 'event_id']).orderBy('id').execute();
    assert.deepEqual(attempts, attemptsBefore.filter((row) => row.event_id !== delivered), "A's attempt went with it; C keeps both of its own");
    assert.ok(await jobOf(retrying), 'the pending delivery is untouched');

    // The log lists what is left, newest first.
    const list = await ctx.request('GET', deliveriesPath);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((d: { id: number }) => d.id), attempts.map((row) => row.id).reverse());
    assert.equal(JSON.parse(String(list.headers['x-pagination'])).total_count, 4);
    assert.ok(!events.some((row) => row.id === neverAttempted));

    // Nothing more to do: a second sweep deletes nothing.
    assert.equal(await ctx.services.webhooks.pruneLog(), 0);
    keptForRecentAttempts.push(redelivered, recent);
  });

  test('more than one batch, events of one instant included: all go but the one a job still names', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta({}, 'Bulk');
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/bulk` });
    const at = storedTime(daysAgo(45)); // one instant for all: the sweep pages by (created_at, id)
    const ids: number[] = [];
    for (let start = 0; start < MANY; start += 500) {
      const rows = Array.from({ length: Math.min(500, MANY - start) }, (_, i) => ({
        public_id: `evt_bulk_${start + i}`,
        beta_id: beta.id,
        type: 'tester_created',
        payload: '{}',
        created_at: at,
      }));
      const written = await db().insertInto('webhook_events').values(rows).returning('id').execute();
      ids.push(...written.map((row) => row.id));
      await db()
        .insertInto('webhook_deliveries')
        .values(written.map((row) => ({ endpoint_id: endpoint.id, event_id: row.id, attempt: 1, status: 'succeeded', response_status: 200, error: null, duration_ms: 3, next_attempt_at: null, created_at: at })))
        .execute();
    }
    // Past the first batch: a redelivery waits for this one.
    const pending = ids[1_500];
    await db()
      .insertInto('outbox_jobs')
      .values({ kind: WEBHOOK_DELIVERY_JOB, payload: JSON.stringify({ eventId: pending, endpointId: endpoint.id, redelivery: true }), run_at: at, created_at: at })
      .execute();

    ctx.clock.set(NOW);
    assert.equal(await ctx.services.webhooks.pruneLog(), MANY - 1);
    const left = await db().selectFrom('webhook_events').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(left, [{ id: pending }]);
    const attempts = await db().selectFrom('webhook_deliveries').select('event_id').where('endpoint_id', '=', endpoint.id).execute();
    assert.deepEqual(attempts, [{ event_id: pending }]);
  });

  test('events kept for their deliveries go once those are over; stats count the last hour of what is left', async () => {
    const { ctx, receiver } = setup;
    // The deliveries still waiting end (as they do when their endpoint is deleted).
    await db().deleteFrom('outbox_jobs').execute();
    const beta = await ctx.createBeta({}, 'Stats');
    await createEndpoint(ctx, beta.id, { url: `${receiver.url}/stats` });
    ctx.clock.set(addSeconds(NOW, -600));
    await raise(ctx, beta.id);
    const latest = await lastEventId();
    assert.equal(await ctx.runJobs(), 1);

    ctx.clock.set(NOW);
    assert.equal(await ctx.services.webhooks.pruneLog(), 3, 'the retrying one, the parked one and the bulk one');
    const events = await db().selectFrom('webhook_events').select('id').orderBy('id').execute();
    assert.deepEqual(events.map((row) => row.id), [...keptForRecentAttempts, latest]);
    assert.deepEqual(await ctx.services.stats.webhookDeliveriesSince(addSeconds(NOW, -3600)), { succeeded: 1, failed: 0 });
    assert.deepEqual(await ctx.services.stats.webhookDeliveriesSince(daysAgo(30)), { succeeded: 3, failed: 0 }, "D's, C's redelivery and the latest");
  });
});

describe('e-mail log and confirmation link retention (EMAIL_LOG_RETENTION_DAYS=90, the default)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const db = () => ctx.database.db;
  const messagesOf = (testerId: number) => db().selectFrom('email_messages').selectAll().where('tester_id', '=', testerId).execute();
  const tokenOf = async (testerId: number) =>
    (await db().selectFrom('email_confirmations').select('token').where('tester_id', '=', testerId).executeTakeFirstOrThrow()).token;
  const page = (token: string) => visit(ctx, 'GET', `/confirm/${token}`);

  test('settled messages past the window go (and their unsubscribe links stop working); queued and recent ones stay', async () => {
    const beta = await ctx.createBeta();
    ctx.clock.set(daysAgo(10));
    const recent = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal(await ctx.runJobs(), 1, 'the invitation captured (no SMTP_URL)');
    ctx.clock.set(daysAgo(100));
    const captured = await createTester(ctx, beta.id, { status: 'invited' });
    const failed = await createTester(ctx, beta.id, { status: 'invited' });
    const suppressed = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal(await ctx.runJobs(), 3);
    // Settled otherwise: the statuses a send can end in.
    await db().updateTable('email_messages').set({ status: 'failed', error: 'refused' }).where('tester_id', '=', failed.id).execute();
    await db().updateTable('email_messages').set({ status: 'suppressed' }).where('tester_id', '=', suppressed.id).execute();
    // Still queued: its job has not run (it would be retried after a failed attempt just the same).
    const queued = await createTester(ctx, beta.id, { status: 'invited' });
    const [queuedMessage] = await messagesOf(queued.id);
    assert.equal(queuedMessage.status, 'queued');
    const [old] = await messagesOf(captured.id);
    assert.equal(old.status, 'captured');
    assert.equal((await ctx.request('GET', `/unsubscribe/${old.unsubscribe_token}`, { key: null })).status, 200);

    ctx.clock.set(NOW);
    assert.equal(await ctx.services.emailLog.pruneLog(), 3);

    const left = await db().selectFrom('email_messages').select(['tester_id', 'status']).orderBy('id').execute();
    assert.deepEqual(left, [
      { tester_id: recent.id, status: 'captured' },
      { tester_id: queued.id, status: 'queued' },
    ]);
    const jobs = await db().selectFrom('outbox_jobs').select('payload').where('kind', '=', EMAIL_SEND_JOB).execute();
    assert.deepEqual(jobs.map((job) => JSON.parse(job.payload).messageId), [queuedMessage.id], "the queued message's job still finds it");
    const list = await ctx.request('GET', `/api/v2/betas/${beta.id}/emails`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((m: { user_id: number }) => m.user_id), [recent.id, queued.id]);
    assert.deepEqual(await ctx.services.stats.emailsByStatus(), { captured: 1, queued: 1 });
    const unsubscribe = await ctx.request('GET', `/unsubscribe/${old.unsubscribe_token}`, { key: null });
    assert.equal(unsubscribe.status, 404);
    assert.match(unsubscribe.body, /most recent e-mail/);

    assert.equal(await ctx.services.emailLog.pruneLog(), 0, 'nothing more to do');
  });

  test('more than one batch of old messages goes in one sweep', async () => {
    const beta = await ctx.createBeta({}, 'Bulk');
    const at = storedTime(daysAgo(120));
    for (let start = 0; start < MANY; start += 500) {
      const rows = Array.from({ length: Math.min(500, MANY - start) }, (_, i) => sentInvitationRow(beta.id, `bulk-${start + i}@example.com`, at));
      await db().insertInto('email_messages').values(rows).execute();
    }
    assert.equal(await ctx.services.emailLog.pruneLog(), MANY);
    const left = await db().selectFrom('email_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 0);
    assert.deepEqual(await ctx.services.stats.emailsByStatus(), { captured: 1, queued: 1 }, 'the first test\'s messages');
  });

  test('links past the window go with their e-mails and are then unknown links; expired ones inside it keep their 410 page', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true }, 'Double opt-in');
    ctx.clock.set(daysAgo(100));
    const forgotten = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    const confirmed = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    assert.equal((await visit(ctx, 'POST', `/confirm/${await tokenOf(confirmed.id)}`)).status, 200);
    ctx.clock.set(daysAgo(10));
    const expired = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    ctx.clock.set(daysAgo(1));
    const pending = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    assert.equal(await ctx.runJobs(), 5, "the four confirmation e-mails, and the first test's queued invitation of 100 days ago");
    const sent = await db().selectFrom('email_messages').select(['occasion', 'status']).where('beta_id', '=', beta.id).execute();
    assert.deepEqual(sent, Array(4).fill({ occasion: 'confirmation', status: 'captured' }));
    const tokens = {
      forgotten: await tokenOf(forgotten.id),
      confirmed: await tokenOf(confirmed.id),
      expired: await tokenOf(expired.id),
      pending: await tokenOf(pending.id),
    };

    ctx.clock.set(NOW);
    assert.equal((await page(tokens.forgotten)).status, 410, 'expired 93 days ago, its e-mail still in the log');
    assert.equal((await page(tokens.confirmed)).status, 200, 'the standing');
    assert.equal(await ctx.services.emailLog.pruneLog(), 3, 'two confirmation e-mails and that invitation');
    assert.equal(await ctx.services.emailLog.pruneConfirmations(), 2);

    const left = await db().selectFrom('email_confirmations').select('tester_id').orderBy('id').execute();
    assert.deepEqual(left.map((row) => row.tester_id), [expired.id, pending.id]);
    const mails = await db().selectFrom('email_messages').select('tester_id').where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(mails.map((row) => row.tester_id), [expired.id, pending.id], 'the links that remain are those of the e-mails the log shows');

    for (const token of [tokens.forgotten, tokens.confirmed]) {
      const gone = await page(token);
      assert.equal(gone.status, 404);
      assert.ok(gone.body.includes('<form method="post" action="/confirm/resend" id="resend-form" novalidate>'), 'a new link by address');
    }
    const stillExpired = await page(tokens.expired);
    assert.equal(stillExpired.status, 410);
    assert.ok(stillExpired.body.includes(`<form method="post" action="/confirm/${tokens.expired}/resend" id="resend-form">`));
    assert.equal((await page(tokens.pending)).status, 200);

    // The visitor with the forgotten link still gets a new one, by address.
    assert.equal((await visit(ctx, 'POST', '/confirm/resend', { form: formOf({ email: forgotten.email }) })).status, 200);
    const fresh = await db().selectFrom('email_confirmations').select(['token', 'created_at']).where('tester_id', '=', forgotten.id).execute();
    assert.equal(fresh.length, 1);
    assert.equal(fresh[0].created_at, NOW.toISOString());
    assert.equal((await page(fresh[0].token)).status, 200);

    assert.equal(await ctx.services.emailLog.pruneConfirmations(), 0, 'nothing more to do');
  });

  test('more than one batch of old links goes in one sweep', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true }, 'Bulk links');
    const tester = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    const created = storedTime(daysAgo(120));
    const expires = storedTime(daysAgo(113));
    for (let start = 0; start < MANY; start += 500) {
      const rows = Array.from({ length: Math.min(500, MANY - start) }, (_, i) => ({
        token: `bulk-token-${start + i}`,
        tester_id: tester.id,
        created_at: created,
        expires_at: expires,
        used_at: null,
      }));
      await db().insertInto('email_confirmations').values(rows).execute();
    }
    assert.equal(await ctx.services.emailLog.pruneConfirmations(), MANY);
    const left = await db().selectFrom('email_confirmations').select('created_at').where('tester_id', '=', tester.id).execute();
    assert.deepEqual(left, [{ created_at: NOW.toISOString() }], "the signup's own link");
  });
});

describe('retention settings', () => {
  test('0 keeps every row', async () => {
    const ctx = await startTestContext({ env: { WEBHOOK_LOG_RETENTION_DAYS: '0', EMAIL_LOG_RETENTION_DAYS: '0' } });
    try {
      const beta = await ctx.createBeta();
      const at = storedTime(daysAgo(3650));
      await ctx.database.db
        .insertInto('webhook_events')
        .values({ public_id: 'evt_kept', beta_id: beta.id, type: 'tester_created', payload: '{}', created_at: at })
        .execute();
      await ctx.database.db
        .insertInto('email_messages')
        .values(sentInvitationRow(beta.id, 'kept@example.com', at))
        .execute();
      const tester = await createTester(ctx, beta.id);
      await ctx.database.db
        .insertInto('email_confirmations')
        .values({ token: 'kept-confirmation', tester_id: tester.id, created_at: at, expires_at: at, used_at: null })
        .execute();
      ctx.clock.set(NOW);
      assert.equal(await ctx.services.webhooks.pruneLog(), 0);
      assert.equal(await ctx.services.emailLog.pruneLog(), 0);
      assert.equal(await ctx.services.emailLog.pruneConfirmations(), 0);
      assert.equal((await ctx.database.db.selectFrom('webhook_events').select('id').execute()).length, 1);
      assert.equal((await ctx.database.db.selectFrom('email_messages').select('id').execute()).length, 1);
      assert.equal((await ctx.database.db.selectFrom('email_confirmations').select('id').execute()).length, 1);
    } finally {
      await ctx.close();
    }
  });

  test('e-mails are kept at least 30 days, so unsubscribe links keep working that long', () => {
    assert.throws(() => loadConfig({ EMAIL_LOG_RETENTION_DAYS: '29' }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /^Invalid configuration: EMAIL_LOG_RETENTION_DAYS must be 0 \(keep every e-mail\) or at least 30/);
      return true;
    });
    assert.throws(() => loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '-1' }), /Invalid configuration: WEBHOOK_LOG_RETENTION_DAYS/);
    const defaults = loadConfig({});
    assert.deepEqual([defaults.webhookLogRetentionDays, defaults.emailLogRetentionDays], [30, 90]);
    const set = loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '1', EMAIL_LOG_RETENTION_DAYS: '30' });
    assert.deepEqual([set.webhookLogRetentionDays, set.emailLogRetentionDays], [1, 30]);
    const off = loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '0', EMAIL_LOG_RETENTION_DAYS: '0' });
    assert.deepEqual([off.webhookLogRetentionDays, off.emailLogRetentionDays], [null, null]);
  });
});
