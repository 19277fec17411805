import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from '../testers/support.ts';

describe('points the service gives by itself', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  async function pointsOf(testerId: number) {
    return ctx.database.db
      .selectFrom('points')
      .select(['activity', 'quantity', 'dedupe_key'])
      .where('tester_id', '=', testerId)
      .orderBy('id')
      .execute();
  }

  test('signup points for a tester who joins: applied, invited or active at creation', async () => {
    const beta = await ctx.createBeta({ signup_points: 2 });
    for (const status of ['applied', 'invited', 'active']) {
      const tester = await createTester(ctx, beta.id, { status });
      assert.deepEqual(await pointsOf(tester.id), [{ activity: 'signup', quantity: 2, dedupe_key: 'signup' }], status);
      assert.equal((await storedTester(ctx, tester.id))?.points, 2, status);
    }
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/points`);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.map((p: { activity: string; quantity: number }) => [p.activity, p.quantity]), [['signup', 2], ['signup', 2], ['signup', 2]]);
  });

  test('imported and unconfirmed testers get theirs when they join, once', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true, signup_points: 3 });
    const imported = await createTester(ctx, beta.id, { status: 'imported' });
    const unconfirmed = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    assert.deepEqual(await pointsOf(imported.id), []);
    assert.deepEqual(await pointsOf(unconfirmed.id), []);
    for (const tester of [imported, unconfirmed]) {
      const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'applied' } } });
      assert.equal(response.status, 200);
      await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`);
      assert.deepEqual(await pointsOf(tester.id), [{ activity: 'signup', quantity: 3, dedupe_key: 'signup' }]);
    }
  });

  test('referral points for the referrer when the referral is credited, once per referred tester', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true, signup_points: 1, referral_points: 5 });
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const pending = await createTester(ctx, beta.id, { status: 'unconfirmed', referrer_id: referrer.email });
    assert.deepEqual(await pointsOf(referrer.id), [
      { activity: 'signup', quantity: 1, dedupe_key: 'signup' },
      { activity: 'referral', quantity: 5, dedupe_key: `referral:${friend.id}` },
    ]);
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    const rows = await pointsOf(referrer.id);
    assert.equal(rows.length, 3);
    assert.deepEqual(rows[2], { activity: 'referral', quantity: 5, dedupe_key: `referral:${pending.id}` });
    assert.equal((await storedTester(ctx, referrer.id))?.points, 11);
  });

  test('under points order, a referrer moves up at once by the referral points', async () => {
    const beta = await ctx.createBeta({ waitlist_order: 'points', signup_points: 1, referral_points: 5 });
    const first = await createTester(ctx, beta.id);
    const second = await createTester(ctx, beta.id);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${second.id}`)).body.waitlist_position, 2);
    await createTester(ctx, beta.id, { referrer_id: second.referral_code });
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${second.id}`);
    assert.equal(shown.body.waitlist_position, 1);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${first.id}`)).body.waitlist_position, 2);
  });

  test('a beta giving 0 points records none', async () => {
    const beta = await ctx.createBeta({ signup_points: 0, referral_points: 0 });
    const referrer = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    assert.deepEqual(await pointsOf(referrer.id), []);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
  });
});
