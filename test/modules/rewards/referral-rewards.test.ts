import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from '../testers/support.ts';
import { createDefinition, createRule, rewardPoints, storedRewards } from './support.ts';

describe('rewards a referral earns by itself', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('the reserved signup rules fire when a referral is credited: single-sided to the referrer, double-sided to both', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const single = await createDefinition(ctx, beta.id, { type: 'SingleSided', name: 'Sticker', max_quantity_per_user: 10 });
    const double = await createDefinition(ctx, beta.id, { type: 'DoubleSided', name: 'Month free', friend_name: 'Welcome month', points: 4, max_quantity_per_user: 10 });
    await createRule(ctx, beta.id, 'signup', single.descriptor);
    await createRule(ctx, beta.id, 'signup', double.descriptor);
    const referrer = await createTester(ctx, beta.id);

    await createTester(ctx, beta.id);
    assert.deepEqual(await storedRewards(ctx, beta.id), [], 'a signup without a referrer earns nothing');

    const pending = await createTester(ctx, beta.id, { status: 'unconfirmed', referrer_id: referrer.referral_code });
    assert.deepEqual(await storedRewards(ctx, beta.id), [], 'not credited yet: nothing earned');

    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.email });
    const earned = (await storedRewards(ctx, beta.id)).map((r) => [r.tester_id, r.descriptor, r.user_role, r.name, r.source]);
    assert.deepEqual(earned, [
      [referrer.id, single.descriptor, 'referrer', 'Sticker', 'signup'],
      [friend.id, double.descriptor, 'friend', 'Welcome month', 'signup'],
      [referrer.id, double.descriptor, 'referrer', 'Month free', 'signup'],
    ]);
    assert.deepEqual((await rewardPoints(ctx, friend.id)).map((p) => [p.activity, p.quantity]), [['friend_reward', 4]]);
    assert.deepEqual((await rewardPoints(ctx, referrer.id)).map((p) => [p.activity, p.quantity]), [['reward', 4]]);

    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    assert.equal((await storedRewards(ctx, beta.id)).length, 6, 'the confirmed referral earns its rewards then');
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    assert.equal((await storedRewards(ctx, beta.id)).length, 6, 'and only once');

    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/rewards?email=${encodeURIComponent(referrer.email)}`);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.length, 4);
    assert.ok(listed.body.every((r: { user_id: number; status: string }) => r.user_id === referrer.id && r.status === 'earned'));
  });

  test('milestones are earned when the referrer\'s credited referrals reach the threshold', async () => {
    const beta = await ctx.createBeta();
    const three = await createDefinition(ctx, beta.id, { type: 'Milestone', name: 'Three friends', referrals_required: 3, points: 10 });
    const referrer = await createTester(ctx, beta.id);
    for (let i = 0; i < 2; i++) await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    assert.deepEqual(await storedRewards(ctx, beta.id), []);
    await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const rewards = await storedRewards(ctx, beta.id);
    assert.deepEqual(rewards.map((r) => [r.tester_id, r.descriptor, r.type, r.user_role, r.source]), [
      [referrer.id, three.descriptor, 'Milestone', 'referrer', 'milestone'],
    ]);
    await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    assert.equal((await storedRewards(ctx, beta.id)).length, 1, 'max_quantity_per_user 1: earned once');
    const stored = await storedTester(ctx, referrer.id);
    assert.equal(stored?.share_signups_count, 4);
    assert.deepEqual((await rewardPoints(ctx, referrer.id)).map((p) => p.quantity), [10]);
  });

  test('concurrent referrals credit each once and earn a milestone once', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { type: 'Milestone', name: 'Ten', referrals_required: 10, max_quantity_per_user: 2 });
    const referrer = await createTester(ctx, beta.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: `burst-${i}@example.com`, referrer_id: referrer.referral_code } } }),
      ),
    );
    assert.ok(responses.every((r) => r.status === 201), JSON.stringify(responses.find((r) => r.status !== 201)?.body));
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 50);
    assert.equal((await storedRewards(ctx, beta.id)).length, 2, 'floor(50/10)=5 levels, at most 2 held');
  });
});
