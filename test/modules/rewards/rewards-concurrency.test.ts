// The per-user maximum under concurrency: requests run together through Promise.all (on
// PostgreSQL the pool has 20 connections, so transactions truly overlap; on SQLite they
// serialise), and afterwards no user holds more than max_quantity_per_user of a reward.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { codes, createTester } from '../testers/support.ts';
import { createDefinition, createRule, pointsOf, rewardPoints, storedRewards } from './support.ts';

const PARALLEL = 50;

describe('rewards under concurrency', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const together = (run: (i: number) => Promise<TestResponse>) => Promise.all(Array.from({ length: PARALLEL }, (_, i) => run(i)));

  test(`${PARALLEL} parallel manual creates with max 3: exactly 3 created (201), the rest 2609`, async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'capped', max_quantity_per_user: 3, points: 10 });
    const tester = await createTester(ctx, beta.id);
    const start = await pointsOf(ctx, tester.id);
    const spellings = [tester.email, tester.email.toUpperCase(), ` ${tester.email} `];
    const responses = await together((i) =>
      ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { reward: { email: spellings[i % 3], descriptor: 'capped' } } }),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    assert.equal(created.length, 3, JSON.stringify(refused.filter((r) => r.status !== 422).map((r) => r.body)));
    assert.equal(refused.length, PARALLEL - 3);
    for (const response of refused) {
      assert.equal(response.status, 422);
      assert.deepEqual(codes(response), [2609]);
      assert.equal(response.body.errors[0].message, 'Limit reached (the user holds 3 of "capped"; at most 3 per user)');
    }
    const stored = await storedRewards(ctx, beta.id);
    assert.deepEqual(stored.map((r) => r.id).sort((a, b) => a - b), created.map((r) => r.body.id).sort((a, b) => a - b));
    assert.ok(stored.every((r) => r.tester_id === tester.id && r.status === 'earned' && r.source === 'manual'));
    assert.equal(await pointsOf(ctx, tester.id), start + 30);
    assert.equal((await rewardPoints(ctx, tester.id)).length, 3);
  });

  test(`${PARALLEL} parallel triggers of a SingleSided event with max 2: the user holds exactly 2`, async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'single', max_quantity_per_user: 2 });
    await createRule(ctx, beta.id, 'purchase', 'single');
    const tester = await createTester(ctx, beta.id);
    const responses = await together(() =>
      ctx.request('POST', `/api/v2/betas/${beta.id}/rewards/trigger`, { body: { email: tester.email, event: 'purchase' } }),
    );
    for (const response of responses) assert.equal(response.status, 200, JSON.stringify(response.body));
    const issued = responses.flatMap((r) => r.body);
    assert.equal(issued.length, 2);
    assert.equal(responses.filter((r) => r.body.length === 1).length, 2);
    const stored = await storedRewards(ctx, beta.id);
    assert.deepEqual(stored.map((r) => [r.tester_id, r.descriptor, r.source]), [
      [tester.id, 'single', 'trigger'],
      [tester.id, 'single', 'trigger'],
    ]);
  });

  test(`${PARALLEL} parallel DoubleSided triggers by different friends of one referrer (max 3): the referrer holds exactly 3`, async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'double', type: 'DoubleSided', max_quantity_per_user: 3, points: 1 });
    await createRule(ctx, beta.id, 'purchase', 'double');
    const referrer = await createTester(ctx, beta.id);
    const friends: Array<{ id: number; email: string }> = [];
    for (let i = 0; i < 10; i++) friends.push(await createTester(ctx, beta.id, { referrer_id: referrer.referral_code }));
    const referrerStart = await pointsOf(ctx, referrer.id);
    // Five triggers per friend: each friend may hold 3 friend rewards, the referrer 3 in all.
    const responses = await together((i) =>
      ctx.request('POST', `/api/v2/betas/${beta.id}/rewards/trigger`, { body: { email: friends[i % friends.length].email, event: 'purchase' } }),
    );
    for (const response of responses) assert.equal(response.status, 200, JSON.stringify(response.body));
    const stored = await storedRewards(ctx, beta.id);
    assert.equal(stored.filter((r) => r.tester_id === referrer.id).length, 3);
    assert.ok(stored.filter((r) => r.tester_id === referrer.id).every((r) => r.user_role === 'referrer'));
    for (const friend of friends) {
      assert.equal(stored.filter((r) => r.tester_id === friend.id && r.user_role === 'friend').length, 3, `friend ${friend.id}`);
    }
    assert.equal(responses.flatMap((r) => r.body).length, stored.length);
    assert.equal(await pointsOf(ctx, referrer.id), referrerStart + 3);
  });

  test(`${PARALLEL} parallel status changes of one reward: one wins, the rest 2608; points revoked once`, async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'p', points: 8 });
    const tester = await createTester(ctx, beta.id);
    const reward = (await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { email: tester.email, descriptor: 'p' } })).body;
    const before = await pointsOf(ctx, tester.id);
    const responses = await together((i) =>
      ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${reward.id}`, { body: { status: i % 2 === 0 ? 'revoked' : 'delivered' } }),
    );
    const won = responses.filter((r) => r.status === 200);
    assert.equal(won.length, 1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      assert.equal(response.status, 422);
      assert.deepEqual(codes(response), [2608]);
    }
    const final = won[0].body.status;
    const stored = (await storedRewards(ctx, beta.id))[0];
    assert.equal(stored.status, final);
    assert.equal(await pointsOf(ctx, tester.id), final === 'revoked' ? before - 8 : before);
  });
});
