// The waitlist under concurrency: signups through referrers, point awards and status changes run
// together (on PostgreSQL the pool has 20 connections, so they truly overlap and commit out of the
// order their feed rows were numbered in), and afterwards every position is a permutation of
// 1..length equal to a full sort of the waitlist, and the index in memory equals a recount.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { assertCountersExact, createTester, uniqueEmail } from '../testers/support.ts';
import { ORDERS, assertIndexExact, assertStandings } from './support.ts';

describe('waitlist under concurrency', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('parallel referred signups, point awards and status changes leave positions 1..length in every order and the index exact', async () => {
    const beta = await ctx.createBeta();
    const base = `/api/v2/betas/${beta.id}`;
    const referrers: any[] = [];
    for (let i = 0; i < 10; i++) {
      ctx.clock.advance(17_000);
      referrers.push(await createTester(ctx, beta.id));
    }

    // Waves in different minutes and hours; within a wave every signup has the same applied_at.
    for (const [round, gap] of [61_000, 3_600_000, 1].entries()) {
      ctx.clock.advance(gap);
      const requests: [string, Promise<TestResponse>, number][] = [];
      for (let i = 0; i < 50; i++) {
        // Skewed, so some referrers climb several groups while others stay: i*i spreads unevenly.
        const referrer = referrers[(i * i + round) % 7];
        const tester = i % 5 === 4 ? { email: uniqueEmail('solo') } : { email: uniqueEmail('referred'), referrer_id: referrer.referral_code };
        requests.push([`signup ${i}`, ctx.request('POST', `${base}/testers`, { body: { tester } }), 201]);
      }
      for (const [i, referrer] of referrers.entries()) {
        const point = { email: referrer.email, quantity: i % 3 === 0 ? -2 : 4 + i };
        requests.push([`points ${referrer.id}`, ctx.request('POST', `${base}/points`, { body: { point } }), 201]);
      }
      // A referrer leaves the waitlist and comes back while others sign up through it.
      const moving = referrers[round];
      requests.push([`suspend ${moving.id}`, ctx.request('PUT', `${base}/testers/${moving.id}`, { body: { tester: { status: 'suspended' } } }), 200]);
      const responses = await Promise.all(requests.map(([, request]) => request));
      for (const [i, response] of responses.entries()) assert.equal(response.status, requests[i][2], `${requests[i][0]}: ${JSON.stringify(response.body)}`);
      const back = await ctx.request('PUT', `${base}/testers/${moving.id}`, { body: { tester: { status: 'unsuspended' } } });
      assert.equal(back.status, 200, JSON.stringify(back.body));
    }

    for (const order of ORDERS) {
      const listed = await assertStandings(ctx, beta.id, order, { perPages: [100], show: false });
      const positions = listed.map((tester) => tester.waitlist_position).filter((p) => p !== null).sort((a, b) => a - b);
      assert.deepEqual(positions, Array.from({ length: positions.length }, (_, i) => i + 1), `${order}: a permutation of 1..length`);
      assert.equal(positions.length, 160);
    }
    await assertIndexExact(ctx, beta.id);
    await assertCountersExact(ctx, beta.id, assert);
  });
});
