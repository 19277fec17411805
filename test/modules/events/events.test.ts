// Events (docs/decisions.md, "Events"): every operation that changes a tester, reward or point
// raises its event in the same transaction, with the resource exactly as the API shows it; one
// delivery job per subscribed, enabled endpoint; nothing for a change that rolled back.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, uniqueEmail } from '../testers/support.ts';
import { createDefinition, createRule } from '../rewards/support.ts';
import { newEventId, WEBHOOK_DELIVERY_JOB, type EventType } from '../../../src/modules/events/events.ts';

const NOW = '2026-11-22T09:15:00.000Z';

interface StoredEvent {
  id: number;
  type: string;
  body: { id: string; type: string; created_at: string; beta_id: number; data: any };
}

test('event ids: the time first, so later events sort after earlier ones; random past it', () => {
  const at = Date.parse('2026-11-26T10:00:00.000Z');
  const ids = [at, at, at + 1, at + 60_000].map((time) => newEventId(time));
  for (const id of ids) assert.match(id, /^evt_[0-9a-f]{32}$/);
  assert.equal(ids[0].slice(4, 16), at.toString(16).padStart(12, '0'));
  assert.notEqual(ids[0], ids[1], 'two ids of one millisecond differ');
  assert.ok(ids[1] < ids[2] && ids[2] < ids[3], `later ids sort after: ${ids.join(' ')}`);
});

describe('events', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  /** An endpoint row as the webhooks API stores it; `events` null subscribes to every type. */
  async function addEndpoint(betaId: number, options: { events?: EventType[]; enabled?: boolean } = {}) {
    return ctx.database.db
      .insertInto('webhook_endpoints')
      .values({
        beta_id: betaId,
        url: 'https://hooks.example.com/prelaunch',
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0',
        events: options.events ? JSON.stringify(options.events) : null,
        enabled: options.enabled === false ? 0 : 1,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** A beta with one endpoint listening to everything. */
  async function listenedBeta(settings: Record<string, unknown> = {}) {
    const beta = await ctx.createBeta(settings);
    await addEndpoint(beta.id);
    return beta;
  }

  async function eventsOf(betaId: number, afterId = 0): Promise<StoredEvent[]> {
    const rows = await ctx.database.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('beta_id', '=', betaId)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, type: row.type, body: JSON.parse(row.payload) }));
  }

  async function lastEventId(betaId: number): Promise<number> {
    const events = await eventsOf(betaId);
    return events.length === 0 ? 0 : events[events.length - 1].id;
  }

  async function deliveryJobs(eventIds: number[]) {
    const jobs = await ctx.database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', WEBHOOK_DELIVERY_JOB).execute();
    return jobs.map((job) => JSON.parse(job.payload) as { eventId: number; endpointId: number }).filter((job) => eventIds.includes(job.eventId));
  }

  /** The tester as show answers, plus its answers to the beta's questions as create and update answer them. */
  const show = async (betaId: number, testerId: number) => ({
    ...(await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${testerId}`)).body,
    responses: [],
  });

  test('create tester: tester_created with the tester as show answers, the signup point, one job per event', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id, { profile: { first_name: 'Ada' } });
    const events = await eventsOf(beta.id);
    assert.deepEqual(events[1]?.body.data, tester, 'the body is the create answer');
    assert.deepEqual(events.map((e) => e.type), ['point_earned', 'tester_created']);
    const created = events[1].body;
    assert.match(created.id, /^evt_[0-9a-f]{32}$/);
    assert.equal(created.type, 'tester_created');
    assert.equal(created.beta_id, beta.id);
    assert.equal(created.created_at, '2026-11-22T09:15:00Z');
    assert.deepEqual(created.data, await show(beta.id, tester.id));
    assert.deepEqual(events[0].body.data, {
      id: events[0].body.data.id,
      quantity: 1,
      activity: 'signup',
      reason: null,
      user_id: tester.id,
      created_at: '2026-11-22T09:15:00Z',
      revoked_at: null,
    });
    const jobs = await deliveryJobs(events.map((e) => e.id));
    assert.equal(jobs.length, 2);
  });

  test('a credited referral updates the referrer: tester_updated with the new count, and the referral point', async () => {
    const beta = await listenedBeta();
    const referrer = await createTester(ctx, beta.id);
    const since = await lastEventId(beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type).sort(), ['point_earned', 'point_earned', 'tester_created', 'tester_updated']);
    const updated = events.find((e) => e.type === 'tester_updated')!.body.data;
    assert.equal(updated.id, referrer.id);
    assert.equal(updated.share_signups_count, 1);
    assert.deepEqual(updated, await show(beta.id, referrer.id));
    // Both bodies were rendered together, each standing counted as show counts it.
    assert.deepEqual(events.find((e) => e.type === 'tester_created')!.body.data, await show(beta.id, friend.id));
    const points = events.filter((e) => e.type === 'point_earned').map((e) => [e.body.data.user_id, e.body.data.activity]);
    assert.deepEqual(points.sort(), [[friend.id, 'signup'], [referrer.id, 'referral']].sort());
  });

  test('update, checkin and delete raise tester_updated and tester_deleted with the tester as it was', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id);
    let since = await lastEventId(beta.id);
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'invited' } } })).status, 200);
    let events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['tester_updated']);
    assert.equal(events[0].body.data.status, 'invited');
    assert.deepEqual(events[0].body.data, await show(beta.id, tester.id));

    since = events[0].id;
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`)).status, 202);
    events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['tester_updated']);
    assert.equal(events[0].body.data.status, 'active');

    since = events[0].id;
    const before = await show(beta.id, tester.id);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`)).status, 200);
    events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['tester_deleted']);
    assert.deepEqual(events[0].body.data, before);
  });

  test('a queued deletion raises tester_deleted when the worker performs it', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id);
    const since = await lastEventId(beta.id);
    const before = await show(beta.id, tester.id);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}?queue=true`)).status, 202);
    assert.deepEqual(await eventsOf(beta.id, since), []);
    await ctx.services.testers.performQueuedDeletion({ testerId: tester.id });
    const events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['tester_deleted']);
    assert.deepEqual(events[0].body.data, before);
  });

  test('the idle sweep raises tester_updated for each tester it makes idle', async () => {
    const beta = await listenedBeta({ idle_days: 7 });
    const tester = await createTester(ctx, beta.id, { status: 'active' });
    const since = await lastEventId(beta.id);
    ctx.clock.set('2026-12-01T09:15:00.000Z');
    assert.ok((await ctx.services.testers.markIdleTesters()) >= 1);
    const events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => [e.type, e.body.data.id, e.body.data.status]), [['tester_updated', tester.id, 'idle']]);
  });

  test('points: bonus points raise point_earned, revoking raises point_revoked', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id);
    let since = await lastEventId(beta.id);
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: tester.email, quantity: 7, reason: 'Survey' } });
    assert.equal(created.status, 201);
    let events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['point_earned']);
    assert.deepEqual(events[0].body.data, {
      id: created.body.id, quantity: 7, activity: 'bonus', reason: 'Survey', user_id: tester.id, created_at: created.body.created_at, revoked_at: null,
    });
    since = events[0].id;
    ctx.clock.set('2026-11-22T10:00:00.000Z');
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${created.body.id}`)).status, 200);
    events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => [e.type, e.body.data.id, e.body.data.revoked_at]), [['point_revoked', created.body.id, '2026-11-22T10:00:00Z']]);
  });

  test('rewards: trigger raises reward_earned (and the points granted), delivery and revocation theirs', async () => {
    const beta = await listenedBeta();
    const definition = await createDefinition(ctx, beta.id, { points: 10, max_quantity_per_user: 5 });
    await createRule(ctx, beta.id, 'purchase', definition.descriptor);
    const tester = await createTester(ctx, beta.id);
    let since = await lastEventId(beta.id);
    const triggered = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards/trigger`, { body: { email: tester.email, event: 'purchase' } });
    assert.equal(triggered.status, 200, JSON.stringify(triggered.body));
    const [reward] = triggered.body;
    let events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['reward_earned', 'point_earned']);
    assert.deepEqual(events[0].body.data, reward);
    assert.equal(events[1].body.data.activity, 'reward');

    since = events[1].id;
    const delivered = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${reward.id}`, { body: { status: 'delivered' } });
    assert.equal(delivered.status, 200);
    events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['reward_delivered']);
    assert.deepEqual(events[0].body.data, delivered.body);

    const second = (await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards/trigger`, { body: { email: tester.email, event: 'purchase' } })).body[0];
    since = await lastEventId(beta.id);
    const revoked = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${second.id}`, { body: { status: 'revoked' } });
    assert.equal(revoked.status, 200);
    events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => e.type), ['reward_revoked', 'point_revoked']);
    assert.deepEqual(events[0].body.data, revoked.body);
  });

  test('an Unsubscribe suppression raises tester_updated with unsubscribed_at', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id);
    const since = await lastEventId(beta.id);
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: tester.email, reason: 'Unsubscribe' } });
    assert.equal(response.status, 201);
    const events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => [e.type, e.body.data.id]), [['tester_updated', tester.id]]);
    assert.equal(events[0].body.data.unsubscribed_at, '2026-11-22T09:15:00Z');
  });

  test('a friend invitation raises tester_created for the invitee and tester_updated for the sender', async () => {
    const beta = await listenedBeta({ invite_a_friend_enabled: true });
    const sender = await createTester(ctx, beta.id, { status: 'invited' });
    const since = await lastEventId(beta.id);
    const recipient = uniqueEmail('friend');
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/friend_invitations`, {
      body: { sender_email: sender.email, recipient_email: recipient },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const events = await eventsOf(beta.id, since);
    assert.deepEqual(events.map((e) => [e.type, e.body.data.email]).sort(), [['tester_created', recipient], ['tester_updated', sender.email]].sort());
    assert.equal(events.find((e) => e.type === 'tester_updated')!.body.data.friend_invitations_count, 1);
  });

  test('a refused change raises nothing: its transaction rolled back', async () => {
    const beta = await listenedBeta();
    const tester = await createTester(ctx, beta.id);
    const since = await lastEventId(beta.id);
    const duplicate = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: tester.email } } });
    assert.equal(duplicate.status, 422);
    const invalidMove = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'unsuspended' } } });
    assert.equal(invalidMove.status, 422);
    assert.deepEqual(await eventsOf(beta.id, since), []);
    assert.deepEqual(await ctx.database.db.selectFrom('webhook_events').select('id').where('id', '>', since).where('beta_id', '=', beta.id).execute(), []);
  });

  test('only enabled endpoints subscribed to the type get a job; a beta nobody listens to stores no event', async () => {
    const quiet = await ctx.createBeta();
    await createTester(ctx, quiet.id);
    assert.deepEqual(await eventsOf(quiet.id), []);

    const beta = await ctx.createBeta();
    const pointsOnly = await addEndpoint(beta.id, { events: ['point_earned'] });
    const everything = await addEndpoint(beta.id);
    await addEndpoint(beta.id, { enabled: false });
    await createTester(ctx, beta.id);
    const events = await eventsOf(beta.id);
    assert.deepEqual(events.map((e) => e.type), ['point_earned', 'tester_created']);
    const jobs = await deliveryJobs(events.map((e) => e.id));
    const byEvent = (eventId: number) => jobs.filter((j) => j.eventId === eventId).map((j) => j.endpointId).sort((a, b) => a - b);
    assert.deepEqual(byEvent(events[0].id), [pointsOnly.id, everything.id].sort((a, b) => a - b));
    assert.deepEqual(byEvent(events[1].id), [everything.id]);
  });

  test('testers hidden by the plan limit raise no tester event', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 0 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const beta = (await ctx.request('POST', '/api/v2/betas', { body: { name: 'Full', homepage_url: 'https://example.com/full' }, key })).body;
    await addEndpoint(beta.id);
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail() } }, key });
    assert.equal(response.status, 403);
    const events = await eventsOf(beta.id);
    assert.ok(events.every((e) => !e.type.startsWith('tester_')), JSON.stringify(events.map((e) => e.type)));
  });
});
