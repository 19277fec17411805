// Two workers over one queue: on PostgreSQL their claims overlap (FOR UPDATE SKIP LOCKED) and each
// delivery must still reach the receiver exactly once. On SQLite the claims serialise.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createJobRunner } from '../../../src/jobs/workers.ts';
import { createEndpoint, pendingJobs, raise, storedDeliveries, storedEvents, withReceiver } from './support.ts';

describe('webhook delivery with two workers', () => {
  const setup = withReceiver();

  test('30 pending deliveries, two runners running runDue() together: each event arrives exactly once', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/hook` });
    for (let i = 0; i < 30; i++) await raise(ctx, beta.id, 'point_earned', { id: i });
    assert.equal((await pendingJobs(ctx)).length, 30);

    const runners = [1, 2].map(() => createJobRunner(ctx.database, ctx.services, ctx.clock, ctx.app.log));
    const first = await Promise.all(runners.map((runner) => runner.runDue()));
    // A claim takes at most 20 jobs, so both runners had work; neither took a job the other held.
    assert.deepEqual([...first].sort((a, b) => a - b), [10, 20]);
    assert.deepEqual(await Promise.all(runners.map((runner) => runner.runDue())), [0, 0]);

    const events = await storedEvents(ctx, beta.id);
    assert.equal(receiver.received.length, 30);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id'])).sort();
    assert.deepEqual(ids, events.map((e) => e.public_id).sort(), 'every event once, none twice');
    const deliveries = await storedDeliveries(ctx, endpoint.id);
    assert.equal(deliveries.length, 30);
    assert.ok(deliveries.every((d) => d.attempt === 1 && d.status === 'succeeded'));
    assert.deepEqual(new Set(deliveries.map((d) => d.event_id)).size, 30);
    assert.deepEqual(await pendingJobs(ctx), []);
  });
});
