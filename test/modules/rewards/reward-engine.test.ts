// The engine functions referral crediting calls: the reserved signup event (fireRewardEvent) and a
// credited referral's rewards (readyReferralRewards: that event, then milestones), called directly in a
// transaction as the crediting code does.
// Definitions and rules are made after the testers, so nothing is issued while they sign up.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import type { RewardRow } from '../../../src/db/tables/rewards.ts';
import { fireRewardEvent, readyReferralRewards } from '../../../src/modules/rewards/reward-engine.ts';
import { createTester, storedTester } from '../testers/support.ts';
import { createDefinition, createRule, pointsOf, rewardPoints, storedRewards } from './support.ts';
import { inTransaction } from '../../../src/db/transaction.ts';

describe('reward engine: signup event and milestones', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const now = () => ctx.clock.now().toISOString();

  async function fire(betaId: number, event: string, testerId: number): Promise<RewardRow[]> {
    const actor = (await storedTester(ctx, testerId))!;
    return inTransaction(ctx.database.db, (trx) => fireRewardEvent(trx, ctx.database.dialect, { id: betaId }, event, actor, now()));
  }

  /** The rewards of `referredId`'s referral credited to its referrer, as crediting calls it. */
  async function credit(betaId: number, referredId: number, referrerId: number): Promise<RewardRow[]> {
    return inTransaction(ctx.database.db, async (trx) => {
      const referred = await trx.selectFrom('testers').selectAll().where('id', '=', referredId).executeTakeFirstOrThrow();
      const referrer = await trx.selectFrom('testers').selectAll().where('id', '=', referrerId).executeTakeFirstOrThrow();
      const rewardReferral = await readyReferralRewards(trx, ctx.database.dialect, { id: betaId });
      return rewardReferral(referred, referrer, now());
    });
  }

  /**
   * Sets the referrer's credited referrals, then awards the milestones they reach (the milestone
   * betas have no signup rules: the referral's own event issues nothing, whoever is referred).
   */
  async function reach(betaId: number, testerId: number, count: number): Promise<RewardRow[]> {
    await ctx.database.db.updateTable('testers').set({ share_signups_count: count }).where('id', '=', testerId).execute();
    return credit(betaId, testerId, testerId);
  }

  const summary = (rows: RewardRow[]) => rows.map((r) => [r.descriptor, r.name, r.type, r.user_role, r.tester_id, r.status, r.source]);

  test('signup: SingleSided goes to the referrer, DoubleSided to friend and referrer; source signup; points', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    await createDefinition(ctx, beta.id, { descriptor: 'ref_bonus', name: 'Referral bonus', points: 5 });
    await createDefinition(ctx, beta.id, { descriptor: 'both', name: 'Give', friend_name: 'Get', type: 'DoubleSided', points: 2 });
    await createDefinition(ctx, beta.id, { descriptor: 'other_event', name: 'Other' });
    await createRule(ctx, beta.id, 'signup', 'ref_bonus');
    await createRule(ctx, beta.id, 'signup', 'both');
    await createRule(ctx, beta.id, 'purchase', 'other_event');
    const before = { referrer: await pointsOf(ctx, referrer.id), friend: await pointsOf(ctx, friend.id) };

    const created = await fire(beta.id, 'signup', friend.id);
    assert.deepEqual(summary(created), [
      ['ref_bonus', 'Referral bonus', 'SingleSided', 'referrer', referrer.id, 'earned', 'signup'],
      ['both', 'Get', 'DoubleSided', 'friend', friend.id, 'earned', 'signup'],
      ['both', 'Give', 'DoubleSided', 'referrer', referrer.id, 'earned', 'signup'],
    ]);
    assert.deepEqual(await storedRewards(ctx, beta.id), created);
    assert.ok(created.every((r) => r.earned_at === now() && r.delivered_at === null && r.revoked_at === null));
    assert.equal(await pointsOf(ctx, referrer.id), before.referrer + 7);
    assert.equal(await pointsOf(ctx, friend.id), before.friend + 2);
    assert.deepEqual((await rewardPoints(ctx, referrer.id)).map((p) => [p.activity, p.quantity, p.reward_id]), [
      ['reward', 5, created[0].id],
      ['reward', 2, created[2].id],
    ]);
    assert.deepEqual((await rewardPoints(ctx, friend.id)).map((p) => [p.activity, p.quantity, p.reward_id]), [['friend_reward', 2, created[1].id]]);

    // Everyone holds the maximum (1) now: a second signup event issues nothing.
    assert.deepEqual(await fire(beta.id, 'signup', friend.id), []);
  });

  test('signup for a tester without a referrer: no SingleSided reward, only the friend side of DoubleSided', async () => {
    const beta = await ctx.createBeta();
    const loner = await createTester(ctx, beta.id);
    await createDefinition(ctx, beta.id, { descriptor: 'ref_bonus' });
    await createDefinition(ctx, beta.id, { descriptor: 'both', type: 'DoubleSided' });
    await createRule(ctx, beta.id, 'signup', 'ref_bonus');
    await createRule(ctx, beta.id, 'signup', 'both');
    const created = await fire(beta.id, 'signup', loner.id);
    assert.deepEqual(created.map((r) => [r.descriptor, r.user_role, r.tester_id]), [['both', 'friend', loner.id]]);
    // Nothing for an event without rules, nor for a beta without definitions.
    assert.deepEqual(await fire(beta.id, 'unknown', loner.id), []);
    const empty = await ctx.createBeta();
    const someone = await createTester(ctx, empty.id);
    assert.deepEqual(await fire(empty.id, 'signup', someone.id), []);
  });

  test('fireRewardEvent skips hidden recipients and recipients at the maximum', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    await createDefinition(ctx, beta.id, { descriptor: 'both', type: 'DoubleSided', max_quantity_per_user: 2 });
    await createRule(ctx, beta.id, 'signup', 'both');
    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', referrer.id).execute();
    assert.deepEqual((await fire(beta.id, 'signup', friend.id)).map((r) => [r.user_role, r.tester_id]), [['friend', friend.id]]);
    await ctx.database.db.updateTable('testers').set({ hidden: 0 }).where('id', '=', referrer.id).execute();
    assert.deepEqual((await fire(beta.id, 'signup', friend.id)).map((r) => [r.user_role, r.tester_id]), [
      ['friend', friend.id],
      ['referrer', referrer.id],
    ]);
    assert.deepEqual((await fire(beta.id, 'signup', friend.id)).map((r) => [r.user_role, r.tester_id]), [['referrer', referrer.id]]);
    assert.deepEqual(await fire(beta.id, 'signup', friend.id), []);
    assert.equal((await storedRewards(ctx, beta.id)).length, 4);
  });

  test('milestones: min(max_quantity_per_user, floor(referrals / referrals_required)) of each, issued as reached', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    await createDefinition(ctx, beta.id, { descriptor: 'three', name: 'Three friends', type: 'Milestone', referrals_required: 3, max_quantity_per_user: 2, points: 7 });
    await createDefinition(ctx, beta.id, { descriptor: 'first', name: 'First friend', type: 'Milestone', referrals_required: 1 });
    await createDefinition(ctx, beta.id, { descriptor: 'not_milestone', name: 'Single' });
    const start = await pointsOf(ctx, referrer.id);

    assert.deepEqual(await reach(beta.id, referrer.id, 0), []);
    assert.deepEqual(summary(await reach(beta.id, referrer.id, 1)), [['first', 'First friend', 'Milestone', 'referrer', referrer.id, 'earned', 'milestone']]);
    assert.deepEqual(await reach(beta.id, referrer.id, 2), []);
    assert.deepEqual(summary(await reach(beta.id, referrer.id, 3)), [['three', 'Three friends', 'Milestone', 'referrer', referrer.id, 'earned', 'milestone']]);
    assert.deepEqual(await reach(beta.id, referrer.id, 5), []);
    // A jump past several levels issues every missing one, up to the maximum.
    const other = await createTester(ctx, beta.id);
    assert.deepEqual((await reach(beta.id, other.id, 10)).map((r) => r.descriptor), ['three', 'three', 'first']);
    assert.deepEqual((await reach(beta.id, referrer.id, 6)).map((r) => r.descriptor), ['three']);
    assert.deepEqual(await reach(beta.id, referrer.id, 9), [], 'at the maximum');
    assert.deepEqual(await reach(beta.id, referrer.id, 30), []);

    const rows = (await storedRewards(ctx, beta.id)).filter((r) => r.tester_id === referrer.id);
    assert.deepEqual(rows.map((r) => r.descriptor), ['first', 'three', 'three']);
    assert.equal(await pointsOf(ctx, referrer.id), start + 14);
    assert.deepEqual((await rewardPoints(ctx, referrer.id)).map((p) => [p.activity, p.quantity]), [
      ['reward', 7],
      ['reward', 7],
    ]);
  });

  test('milestones: a revoked milestone reward is not earned again; manual ones count towards the maximum', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const definition = await createDefinition(ctx, beta.id, { descriptor: 'm', type: 'Milestone', referrals_required: 2, max_quantity_per_user: 3 });
    const [first] = await reach(beta.id, referrer.id, 2);
    const revoked = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${first.id}`, { body: { status: 'revoked' } });
    assert.equal(revoked.status, 200);
    assert.deepEqual(await reach(beta.id, referrer.id, 3), [], 'level 1 was earned already');
    assert.deepEqual((await reach(beta.id, referrer.id, 4)).map((r) => r.source), ['milestone']);

    const manual = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { email: referrer.email, descriptor: 'm' } });
    assert.equal(manual.status, 201);
    // Level 3 is reached, but the referrer holds 2 (one milestone, one manual) of at most 3: one more.
    assert.deepEqual((await reach(beta.id, referrer.id, 6)).map((r) => r.source), ['milestone']);
    const held = (await storedRewards(ctx, beta.id)).filter((r) => r.status !== 'revoked' && r.definition_id === definition.id);
    assert.equal(held.length, 3);
    assert.deepEqual(await reach(beta.id, referrer.id, 100), []);
  });

  test('a credited referral: the signup rules\' rewards, then the referrer\'s milestones; other events\' rules issue nothing', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    await createDefinition(ctx, beta.id, { descriptor: 'milestone', name: 'One friend', type: 'Milestone', referrals_required: 1 });
    await createDefinition(ctx, beta.id, { descriptor: 'both', name: 'Give', friend_name: 'Get', type: 'DoubleSided' });
    await createDefinition(ctx, beta.id, { descriptor: 'purchase_bonus', name: 'Purchase' });
    await createRule(ctx, beta.id, 'signup', 'both');
    await createRule(ctx, beta.id, 'purchase', 'purchase_bonus');
    // The friend's signup credited the referral before the definitions existed: the count is 1 already.
    assert.equal((await storedTester(ctx, referrer.id))!.share_signups_count, 1);

    const created = await credit(beta.id, friend.id, referrer.id);
    assert.deepEqual(summary(created), [
      ['both', 'Get', 'DoubleSided', 'friend', friend.id, 'earned', 'signup'],
      ['both', 'Give', 'DoubleSided', 'referrer', referrer.id, 'earned', 'signup'],
      ['milestone', 'One friend', 'Milestone', 'referrer', referrer.id, 'earned', 'milestone'],
    ]);
    assert.deepEqual(await storedRewards(ctx, beta.id), created);
  });

  test('milestones: a hidden referrer earns nothing; a beta without milestones issues nothing', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    await createDefinition(ctx, beta.id, { descriptor: 'm', type: 'Milestone', referrals_required: 1 });
    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', referrer.id).execute();
    assert.deepEqual(await reach(beta.id, referrer.id, 5), []);
    const plain = await ctx.createBeta();
    const someone = await createTester(ctx, plain.id);
    await createDefinition(ctx, plain.id, { descriptor: 's' });
    assert.deepEqual(await reach(plain.id, someone.id, 5), []);
  });
});
