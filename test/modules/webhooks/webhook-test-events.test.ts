// A webhook's test event (POST …/webhooks/{id}/test) and one delivery's payload (GET …/deliveries/{id}):
// the test goes to that endpoint alone, signed like every delivery, once; the payload is the bytes sent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { signedIn } from '../../console/support.ts';
import { createEndpoint, pendingJobs, raise, storedDeliveries, storedEvents, withReceiver } from './support.ts';

describe('webhook test events', () => {
  const setup = withReceiver();

  test('a test event is delivered, signed, to that endpoint only, whatever its filter, once', async () => {
    const { ctx, receiver } = setup;
    ctx.clock.set(new Date()); // standardwebhooks compares the timestamp with the real time
    const beta = await ctx.createBeta();
    const tested = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/tested`, events: ['point_earned'] });
    const other = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/other` });
    receiver.received.length = 0;

    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/${tested.id}/test`);
    assert.equal(response.status, 202, JSON.stringify(response.body));
    assert.match(response.body.event_id, /^evt_[0-9a-f]{32}$/);
    assert.equal(response.body.event_type, 'webhook_test');
    const [event] = await storedEvents(ctx, beta.id);
    assert.equal(event.public_id, response.body.event_id);
    assert.equal(event.type, 'webhook_test');
    const jobs = await pendingJobs(ctx);
    assert.deepEqual(jobs.map((job) => JSON.parse(job.payload)), [{ eventId: event.id, endpointId: tested.id, redelivery: true }]);

    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 1);
    const [request] = receiver.received;
    assert.equal(request.path, '/tested');
    assert.equal(request.body, event.payload);
    const verified = new Webhook(tested.secret).verify(request.body, request.headers as Record<string, string>);
    assert.deepEqual(verified, {
      id: event.public_id,
      type: 'webhook_test',
      created_at: `${ctx.clock.now().toISOString().slice(0, 19)}Z`,
      beta_id: beta.id,
      data: { webhook_id: tested.id, url: `${receiver.url}/tested`, message: 'A test event: nothing changed in the beta.' },
    });
    const [delivery] = await storedDeliveries(ctx, tested.id);
    assert.equal(delivery.status, 'succeeded');
    assert.deepEqual(await storedDeliveries(ctx, other.id), [], 'the other endpoint got nothing');

    // Failed, it is not retried: one attempt, as a redelivery.
    receiver.answer(500);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/${tested.id}/test`)).status, 202);
    assert.equal(await ctx.runJobs(), 1);
    const attempts = await storedDeliveries(ctx, tested.id);
    assert.equal(attempts.length, 2);
    assert.equal(attempts[1].status, 'failed');
    assert.equal(attempts[1].next_attempt_at, null);
    assert.deepEqual(await pendingJobs(ctx), []);
    receiver.answer(200);
  });

  test('a disabled endpoint, another beta\'s or company\'s, and a viewer are refused; nothing is stored', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const otherBeta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/off`, enabled: false });
    const before = (await storedEvents(ctx, beta.id)).length;

    const disabled = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/test`);
    assert.equal(disabled.status, 422);
    assert.match(disabled.body.errors[0].message, /The webhook is disabled: enable it .* before sending a test event/);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${otherBeta.id}/webhooks/${endpoint.id}/test`)).status, 404);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/999999/test`)).status, 404);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/abc/test`)).status, 404);
    const company = await ctx.services.accounts.createCompany({ name: 'Elsewhere' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/test`, { key })).status, 404);

    const enabled = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/on` });
    const viewer = await signedIn(ctx, 'webhook-viewer@example.com', 'viewer');
    const refused = await viewer.request('POST', `/api/v2/betas/${beta.id}/webhooks/${enabled.id}/test`);
    assert.equal(refused.status, 403);
    const admin = await signedIn(ctx, 'webhook-admin@example.com', 'admin');
    assert.equal((await admin.request('POST', `/api/v2/betas/${beta.id}/webhooks/${enabled.id}/test`)).status, 202, 'an admin manages webhooks');
    assert.equal((await storedEvents(ctx, beta.id)).length, before + 1, 'only the admin\'s test raised an event');
    await ctx.database.db.deleteFrom('outbox_jobs').execute();
  });

  test("a delivery's payload is the body as sent; another endpoint's delivery is 404", async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/payload` });
    const other = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/payload-other`, events: ['point_earned'] });
    await raise(ctx, beta.id, 'tester_created', { id: 7, email: 'pat@example.com' });
    await ctx.runJobs();
    const [delivery] = await storedDeliveries(ctx, endpoint.id);
    const [event] = await storedEvents(ctx, beta.id);

    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    assert.equal(response.status, 200);
    assert.equal(response.body.payload, event.payload);
    assert.equal(response.body.id, delivery.id);
    assert.equal(response.body.event_id, event.public_id);
    assert.equal(response.body.event_type, 'tester_created');
    assert.equal(response.body.status, 'succeeded');
    assert.deepEqual(JSON.parse(response.body.payload).data, { id: 7, email: 'pat@example.com' });

    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/${other.id}/deliveries/${delivery.id}`)).status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries/0`)).status, 404);
    const viewer = await signedIn(ctx, 'payload-viewer@example.com', 'viewer');
    assert.equal((await viewer.request('GET', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries/${delivery.id}`)).status, 403);
  });
});

describe('one webhook endpoint', () => {
  const setup = withReceiver();

  test('is shown without its secret; another beta\'s is 404', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/shown`, events: ['tester_created', 'point_earned'], prefinery_signature: true });
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.secret, undefined);
    assert.deepEqual(
      [shown.body.id, shown.body.url, shown.body.events, shown.body.enabled, shown.body.prefinery_signature],
      [endpoint.id, `${receiver.url}/shown`, ['tester_created', 'point_earned'], true, true],
    );
    assert.equal((await ctx.request('GET', `/api/v2/betas/${other.id}/webhooks/${endpoint.id}`)).status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/x`)).status, 404);
  });
});
