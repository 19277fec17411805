// Rewards (spec 4.4): list, show, manual create, status update, trigger; every 2600 code with the
// condition that produces it; points granted and revoked with rewards; JSON and form bodies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester, uniqueEmail } from '../testers/support.ts';
import {
  REWARD_FIELDS,
  createDefinition,
  createRule,
  otherCompany,
  pointsOf,
  rewardPoints,
  storedReward,
  storedRewards,
  uniqueDescriptor,
} from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('rewards', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const rewardsUrl = (betaId: number) => `/api/v2/betas/${betaId}/rewards`;
  const apiNow = () => `${ctx.clock.now().toISOString().slice(0, 19)}Z`;
  const issue = (betaId: number, body: unknown) => ctx.request('POST', rewardsUrl(betaId), { body });
  const trigger = (betaId: number, body: unknown) => ctx.request('POST', `${rewardsUrl(betaId)}/trigger`, { body });
  const patch = (betaId: number, id: number, body: unknown) => ctx.request('PATCH', `${rewardsUrl(betaId)}/${id}`, { body });

  function assertError(response: { status: number; body: any }, status: number, errors: Array<{ code: number; message: string | RegExp }>) {
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body), ['errors']);
    assert.equal(response.body.errors.length, errors.length, JSON.stringify(response.body));
    errors.forEach((expected, i) => {
      assert.equal(response.body.errors[i].code, expected.code);
      if (typeof expected.message === 'string') assert.equal(response.body.errors[i].message, expected.message);
      else assert.match(response.body.errors[i].message, expected.message);
    });
  }

  async function rewardCount(betaId: number): Promise<number> {
    return (await storedRewards(ctx, betaId)).length;
  }

  // ---- manual create ---------------------------------------------------------------------------

  test('manual create: 201 with exactly the reward fields; stored with source manual and the definition copied', async () => {
    const beta = await ctx.createBeta();
    const definition = await createDefinition(ctx, beta.id, { descriptor: 'free_month', name: 'One free month', type: 'DoubleSided', friend_name: 'Friend month' });
    const tester = await createTester(ctx, beta.id, { email: 'Ann@Example.com' });
    const response = await issue(beta.id, { reward: { email: ' ann@EXAMPLE.com ', descriptor: 'free_month' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), REWARD_FIELDS);
    assert.deepEqual(response.body, {
      id: response.body.id,
      descriptor: 'free_month',
      name: 'One free month',
      type: 'DoubleSided',
      user_role: 'referrer',
      user_id: tester.id,
      status: 'earned',
      earned_at: apiNow(),
      delivered_at: null,
      revoked_at: null,
    });
    const stored = await storedReward(ctx, response.body.id);
    assert.deepEqual(
      [stored.beta_id, stored.tester_id, stored.definition_id, stored.source, stored.status, stored.earned_at],
      [beta.id, tester.id, definition.id, 'manual', 'earned', ctx.clock.now().toISOString()],
    );
  });

  test('manual create with unwrapped JSON and with form bodies (wrapped and flat, skip_quantity_check as 1/true)', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'sticker', max_quantity_per_user: 1 });
    const tester = await createTester(ctx, beta.id);
    const unwrapped = await issue(beta.id, { email: tester.email, descriptor: 'sticker' });
    assert.equal(unwrapped.status, 201);
    const email = encodeURIComponent(tester.email);
    const refused = await ctx.request('POST', rewardsUrl(beta.id), { form: `reward[email]=${email}&reward[descriptor]=sticker&reward[skip_quantity_check]=0` });
    assertError(refused, 422, [{ code: Errors.rewardLimitReached.code, message: /^Limit reached/ }]);
    const wrapped = await ctx.request('POST', rewardsUrl(beta.id), { form: `reward[email]=${email}&reward[descriptor]=sticker&reward[skip_quantity_check]=1` });
    assert.equal(wrapped.status, 201, JSON.stringify(wrapped.body));
    const flat = await ctx.request('POST', `${rewardsUrl(beta.id)}.json`, { form: `email=${email}&descriptor=sticker&skip_quantity_check=true` });
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    const bad = await ctx.request('POST', rewardsUrl(beta.id), { form: `email=${email}&descriptor=sticker&skip_quantity_check=maybe` });
    assertError(bad, 422, [{ code: Errors.rewardsGeneral.code, message: 'skip_quantity_check must be true, false, 1 or 0' }]);
    const stored = await storedRewards(ctx, beta.id);
    assert.deepEqual(stored.map((r) => [r.tester_id, r.descriptor, r.source]), [
      [tester.id, 'sticker', 'manual'],
      [tester.id, 'sticker', 'manual'],
      [tester.id, 'sticker', 'manual'],
    ]);
  });

  test('manual create errors: 2602, 2604 (together), 2603, 2605 (together); nothing stored', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'known' });
    const tester = await createTester(ctx, beta.id);
    assertError(await issue(beta.id, {}), 422, [
      { code: Errors.rewardEmailRequired.code, message: 'Email is required' },
      { code: Errors.descriptorRequired.code, message: 'Descriptor is required' },
    ]);
    assertError(await ctx.request('POST', rewardsUrl(beta.id)), 422, [
      { code: Errors.rewardEmailRequired.code, message: 'Email is required' },
      { code: Errors.descriptorRequired.code, message: 'Descriptor is required' },
    ]);
    assertError(await issue(beta.id, { email: '  ', descriptor: 'known' }), 422, [{ code: Errors.rewardEmailRequired.code, message: 'Email is required' }]);
    assertError(await issue(beta.id, { email: tester.email, descriptor: ' ' }), 422, [{ code: Errors.descriptorRequired.code, message: 'Descriptor is required' }]);
    assertError(await issue(beta.id, { email: 'nobody@example.com', descriptor: 'known' }), 422, [{ code: Errors.rewardEmailNotFound.code, message: 'Email not found' }]);
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'unknown' }), 422, [{ code: Errors.descriptorNotFound.code, message: 'Descriptor not found ("unknown")' }]);
    assertError(await issue(beta.id, { email: 'nobody@example.com', descriptor: 'unknown' }), 422, [
      { code: Errors.rewardEmailNotFound.code, message: 'Email not found' },
      { code: Errors.descriptorNotFound.code, message: 'Descriptor not found ("unknown")' },
    ]);
    // A descriptor of another beta of the company is not found either; descriptors match exactly.
    const other = await ctx.createBeta();
    await createDefinition(ctx, other.id, { descriptor: 'elsewhere' });
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'elsewhere' }), 422, [{ code: Errors.descriptorNotFound.code, message: /^Descriptor not found/ }]);
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'KNOWN' }), 422, [{ code: Errors.descriptorNotFound.code, message: /^Descriptor not found/ }]);
    assert.equal(await rewardCount(beta.id), 0);
  });

  test('manual create 2609 at the per-user maximum; revoked rewards do not count; skip_quantity_check issues anyway', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'capped', max_quantity_per_user: 2 });
    const tester = await createTester(ctx, beta.id);
    const other = await createTester(ctx, beta.id);
    const first = await issue(beta.id, { email: tester.email, descriptor: 'capped' });
    const second = await issue(beta.id, { email: tester.email, descriptor: 'capped' });
    assert.deepEqual([first.status, second.status], [201, 201]);
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'capped' }), 422, [
      { code: Errors.rewardLimitReached.code, message: 'Limit reached (the user holds 2 of "capped"; at most 2 per user)' },
    ]);
    // The maximum is per user: someone else still gets one.
    assert.equal((await issue(beta.id, { email: other.email, descriptor: 'capped' })).status, 201);
    // Delivered rewards count, revoked ones do not.
    assert.equal((await patch(beta.id, first.body.id, { status: 'delivered' })).status, 200);
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'capped' }), 422, [{ code: Errors.rewardLimitReached.code, message: /^Limit reached/ }]);
    assert.equal((await patch(beta.id, second.body.id, { status: 'revoked' })).status, 200);
    assert.equal((await issue(beta.id, { email: tester.email, descriptor: 'capped' })).status, 201);
    assertError(await issue(beta.id, { email: tester.email, descriptor: 'capped' }), 422, [{ code: Errors.rewardLimitReached.code, message: /^Limit reached/ }]);
    const forced = await issue(beta.id, { email: tester.email, descriptor: 'capped', skip_quantity_check: true });
    assert.equal(forced.status, 201);
    const held = (await storedRewards(ctx, beta.id)).filter((r) => r.tester_id === tester.id && r.status !== 'revoked');
    assert.equal(held.length, 3);
  });

  test('a hidden tester (plan limit) is not found: 2603', async () => {
    const other = await otherCompany(ctx, { maxTesters: 0 });
    const hidden = await ctx.request('POST', `/api/v2/betas/${other.beta.id}/testers`, { key: other.key, body: { tester: { email: 'hidden@example.com' } } });
    assert.equal(hidden.status, 403);
    await ctx.request('POST', `/api/v2/betas/${other.beta.id}/reward_definitions`, {
      key: other.key,
      body: { descriptor: 'd', name: 'D', type: 'SingleSided' },
    });
    await ctx.request('POST', `/api/v2/betas/${other.beta.id}/reward_rules`, { key: other.key, body: { event: 'e', descriptor: 'd' } });
    const created = await ctx.request('POST', rewardsUrl(other.beta.id), { key: other.key, body: { email: 'hidden@example.com', descriptor: 'd' } });
    assertError(created, 422, [{ code: Errors.rewardEmailNotFound.code, message: 'Email not found' }]);
    const triggered = await ctx.request('POST', `${rewardsUrl(other.beta.id)}/trigger`, { key: other.key, body: { email: 'hidden@example.com', event: 'e' } });
    assertError(triggered, 422, [{ code: Errors.rewardEmailNotFound.code, message: 'Email not found' }]);
    assert.equal(await rewardCount(other.beta.id), 0);
  });

  // ---- list and show ---------------------------------------------------------------------------

  test('list: by id, filters email (case-insensitive) and status, paginated with X-Pagination; show', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'a', max_quantity_per_user: 10 });
    const ann = await createTester(ctx, beta.id);
    const bob = await createTester(ctx, beta.id);
    const made = [];
    for (const tester of [ann, bob, ann, ann]) made.push((await issue(beta.id, { email: tester.email, descriptor: 'a' })).body);
    await patch(beta.id, made[2].id, { status: 'delivered' });
    made[2] = (await ctx.request('GET', `${rewardsUrl(beta.id)}/${made[2].id}`)).body;

    const all = await ctx.request('GET', rewardsUrl(beta.id));
    assert.equal(all.status, 200);
    assert.deepEqual(all.body, made);
    assert.deepEqual(JSON.parse(String(all.headers['x-pagination'])), {
      previous_page: null, next_page: null, current_page: 1, per_page: 25, count: 4, pages: 1, total_count: 4,
    });
    const annOnly = await ctx.request('GET', `${rewardsUrl(beta.id)}?email=${encodeURIComponent(ann.email.toUpperCase())}`);
    assert.deepEqual(annOnly.body, [made[0], made[2], made[3]]);
    const earned = await ctx.request('GET', `${rewardsUrl(beta.id)}?status=earned&email=${encodeURIComponent(ann.email)}`);
    assert.deepEqual(earned.body, [made[0], made[3]]);
    assert.equal(JSON.parse(String(earned.headers['x-pagination'])).total_count, 2);
    const delivered = await ctx.request('GET', `${rewardsUrl(beta.id)}.json?status=delivered`);
    assert.deepEqual(delivered.body, [made[2]]);
    const nobody = await ctx.request('GET', `${rewardsUrl(beta.id)}?email=nobody@example.com`);
    assert.deepEqual([nobody.status, nobody.body], [200, []]);
    const page2 = await ctx.request('GET', `${rewardsUrl(beta.id)}?page=2&per_page=3`);
    assert.deepEqual(page2.body, [made[3]]);
    assert.deepEqual(JSON.parse(String(page2.headers['x-pagination'])), {
      previous_page: 1, next_page: null, current_page: 2, per_page: 3, count: 1, pages: 2, total_count: 4,
    });
    const badStatus = await ctx.request('GET', `${rewardsUrl(beta.id)}?status=lost`);
    assertError(badStatus, 422, [{ code: Errors.rewardsGeneral.code, message: 'status must be one of earned, delivered or revoked' }]);

    const shown = await ctx.request('GET', `${rewardsUrl(beta.id)}/${made[1].id}.json`);
    assert.equal(shown.status, 200);
    assert.deepEqual(shown.body, made[1]);
  });

  test('a reward of another beta or company is 404 (1404, Reward not found) for show and update', async () => {
    const beta = await ctx.createBeta();
    const sibling = await ctx.createBeta();
    await createDefinition(ctx, sibling.id, { descriptor: 'x' });
    const tester = await createTester(ctx, sibling.id);
    const reward = (await issue(sibling.id, { email: tester.email, descriptor: 'x' })).body;
    const notFound = { errors: [{ code: Errors.notFound.code, message: 'Reward not found' }] };
    for (const response of [
      await ctx.request('GET', `${rewardsUrl(beta.id)}/${reward.id}`),
      await patch(beta.id, reward.id, { status: 'delivered' }),
      await ctx.request('GET', `${rewardsUrl(beta.id)}/999999`),
      await ctx.request('GET', `${rewardsUrl(beta.id)}/abc`),
    ]) {
      assert.deepEqual([response.status, response.body], [404, notFound]);
    }
    assert.equal((await storedReward(ctx, reward.id)).status, 'earned');

    const other = await otherCompany(ctx);
    for (const [method, url] of [
      ['GET', rewardsUrl(other.beta.id)],
      ['GET', `${rewardsUrl(other.beta.id)}/${reward.id}`],
      ['PATCH', `${rewardsUrl(other.beta.id)}/${reward.id}`],
      ['POST', rewardsUrl(other.beta.id)],
      ['POST', `${rewardsUrl(other.beta.id)}/trigger`],
    ] as const) {
      const response = await ctx.request(method, url, { body: method === 'GET' ? undefined : { status: 'delivered', email: tester.email, descriptor: 'x', event: 'e' } });
      assert.deepEqual([response.status, response.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] }], `${method} ${url}`);
    }
    // Their key does not see our reward either.
    const theirs = await ctx.request('GET', `${rewardsUrl(other.beta.id)}/${reward.id}`, { key: other.key });
    assert.deepEqual([theirs.status, theirs.body], [404, notFound]);
  });

  test('permissions: rewards:read for GETs, rewards:write for create, update and trigger', async () => {
    const beta = await ctx.createBeta();
    const { key: readKey } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['rewards:read'] });
    const { key: testersKey } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read', 'testers:write'] });
    assert.equal((await ctx.request('GET', rewardsUrl(beta.id), { key: readKey })).status, 200);
    const list = await ctx.request('GET', rewardsUrl(beta.id), { key: testersKey });
    assert.deepEqual([list.status, codes(list)], [403, [1403]]);
    for (const [method, url] of [
      ['POST', rewardsUrl(beta.id)],
      ['POST', `${rewardsUrl(beta.id)}/trigger`],
      ['PATCH', `${rewardsUrl(beta.id)}/1`],
    ] as const) {
      const response = await ctx.request(method, url, { key: readKey, body: {} });
      assert.deepEqual([response.status, codes(response)], [403, [1403]], `${method} ${url}`);
    }
  });

  // ---- status transitions ----------------------------------------------------------------------

  test('transitions, row by row: only earned → delivered and earned → revoked; the same status again is 2608', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 't', max_quantity_per_user: 100 });
    const tester = await createTester(ctx, beta.id);
    const fresh = async () => (await issue(beta.id, { email: tester.email, descriptor: 't' })).body;

    // earned → delivered: 200, delivered_at set
    const a = await fresh();
    ctx.clock.advance(1000);
    const delivered = await patch(beta.id, a.id, { status: 'delivered' });
    assert.equal(delivered.status, 200);
    assert.deepEqual(delivered.body, { ...a, status: 'delivered', delivered_at: apiNow() });
    let stored = await storedReward(ctx, a.id);
    assert.deepEqual([stored.status, stored.delivered_at, stored.revoked_at], ['delivered', ctx.clock.now().toISOString(), null]);

    // earned → revoked: 200, revoked_at set (wrapped in `reward`)
    const b = await fresh();
    ctx.clock.advance(1000);
    const revoked = await patch(beta.id, b.id, { reward: { status: 'revoked' } });
    assert.equal(revoked.status, 200);
    assert.deepEqual(revoked.body, { ...b, status: 'revoked', revoked_at: apiNow() });
    stored = await storedReward(ctx, b.id);
    assert.deepEqual([stored.status, stored.delivered_at, stored.revoked_at], ['revoked', null, ctx.clock.now().toISOString()]);

    const refusals: Array<[number, string, string]> = [
      [a.id, 'revoked', 'delivered to revoked'],
      [a.id, 'delivered', 'delivered to delivered'],
      [b.id, 'delivered', 'revoked to delivered'],
      [b.id, 'revoked', 'revoked to revoked'],
    ];
    for (const [id, status, move] of refusals) {
      const before = await storedReward(ctx, id);
      assertError(await patch(beta.id, id, { status }), 422, [
        { code: Errors.rewardTransitionRefused.code, message: `Reward cannot transition to this status (${move}; only earned rewards are delivered or revoked)` },
      ]);
      assert.deepEqual(await storedReward(ctx, id), before, move);
    }

    // 2607: a status other than delivered or revoked, or none (checked before the transition).
    const c = await fresh();
    for (const [body, shown] of [
      [{ status: 'earned' }, '"earned"'],
      [{ status: 'lost' }, '"lost"'],
      [{ status: 'DELIVERED' }, '"DELIVERED"'],
      [{}, 'none given'],
      [{ reward: {} }, 'none given'],
    ] as const) {
      assertError(await patch(beta.id, c.id, body), 422, [{ code: Errors.rewardStatusInvalid.code, message: `Invalid status (${shown}; expected delivered or revoked)` }]);
    }
    assertError(await patch(beta.id, a.id, { status: 'earned' }), 422, [{ code: Errors.rewardStatusInvalid.code, message: /^Invalid status/ }]);
    assert.equal((await storedReward(ctx, c.id)).status, 'earned');

    // Form bodies, and the method override original clients send.
    const form = await ctx.request('PATCH', `${rewardsUrl(beta.id)}/${c.id}`, { form: 'reward[status]=delivered' });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.status, 'delivered');
    const d = await fresh();
    const overridden = await ctx.request('POST', `${rewardsUrl(beta.id)}/${d.id}.json`, {
      form: 'status=revoked',
      headers: { 'x-http-method-override': 'PATCH' },
    });
    assert.equal(overridden.status, 200);
    assert.equal(overridden.body.status, 'revoked');
  });

  // ---- points ----------------------------------------------------------------------------------

  test('points: granted with each reward (activity reward), revoked with it; delivery keeps them', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'p', points: 10, max_quantity_per_user: 5 });
    await createDefinition(ctx, beta.id, { descriptor: 'none', points: 0 });
    const tester = await createTester(ctx, beta.id);
    const start = await pointsOf(ctx, tester.id);

    const first = (await issue(beta.id, { email: tester.email, descriptor: 'p' })).body;
    const second = (await issue(beta.id, { email: tester.email, descriptor: 'p' })).body;
    await issue(beta.id, { email: tester.email, descriptor: 'none' });
    assert.equal(await pointsOf(ctx, tester.id), start + 20);
    let points = await rewardPoints(ctx, tester.id);
    assert.deepEqual(
      points.map((p) => [p.quantity, p.activity, p.reward_id, p.dedupe_key, p.reason, p.revoked_at, p.beta_id]),
      [
        [10, 'reward', first.id, `reward:${first.id}`, null, null, beta.id],
        [10, 'reward', second.id, `reward:${second.id}`, null, null, beta.id],
      ],
    );

    assert.equal((await patch(beta.id, first.id, { status: 'delivered' })).status, 200);
    assert.equal(await pointsOf(ctx, tester.id), start + 20);
    ctx.clock.advance(1000);
    assert.equal((await patch(beta.id, second.id, { status: 'revoked' })).status, 200);
    assert.equal(await pointsOf(ctx, tester.id), start + 10);
    points = await rewardPoints(ctx, tester.id);
    assert.deepEqual(points.map((p) => [p.reward_id, p.revoked_at]), [
      [first.id, null],
      [second.id, ctx.clock.now().toISOString()],
    ]);
  });

  // ---- trigger ---------------------------------------------------------------------------------

  test('trigger SingleSided: one reward for the user (role referrer), with or without a referrer; source trigger', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'single', name: 'Single', max_quantity_per_user: 5, points: 4 });
    await createRule(ctx, beta.id, 'purchase', 'single');
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const referrerPoints = await pointsOf(ctx, referrer.id);
    const friendPoints = await pointsOf(ctx, friend.id);

    for (const actor of [referrer, friend]) {
      const response = await trigger(beta.id, { email: actor.email.toUpperCase(), event: 'purchase' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.length, 1);
      assert.deepEqual(Object.keys(response.body[0]).sort(), REWARD_FIELDS);
      assert.deepEqual(response.body[0], {
        id: response.body[0].id,
        descriptor: 'single',
        name: 'Single',
        type: 'SingleSided',
        user_role: 'referrer',
        user_id: actor.id,
        status: 'earned',
        earned_at: apiNow(),
        delivered_at: null,
        revoked_at: null,
      });
      assert.equal((await storedReward(ctx, response.body[0].id)).source, 'trigger');
    }
    assert.equal(await pointsOf(ctx, referrer.id), referrerPoints + 4);
    assert.equal(await pointsOf(ctx, friend.id), friendPoints + 4, 'the referrer gets nothing from the friend’s single-sided event');
    assert.deepEqual((await rewardPoints(ctx, friend.id)).map((p) => p.activity), ['reward']);
  });

  test('trigger DoubleSided: friend and referrer rewards (names, roles, points activities); without a referrer only the friend’s', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'give_get', name: 'Give $10', friend_name: 'Get $10', type: 'DoubleSided', max_quantity_per_user: 5, points: 3 });
    await createDefinition(ctx, beta.id, { descriptor: 'plain_double', name: 'Both get a hat', type: 'DoubleSided', max_quantity_per_user: 5 });
    await createRule(ctx, beta.id, 'purchase', 'give_get');
    await createRule(ctx, beta.id, 'purchase', 'plain_double');
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const before = { referrer: await pointsOf(ctx, referrer.id), friend: await pointsOf(ctx, friend.id) };

    const response = await ctx.request('POST', `${rewardsUrl(beta.id)}/trigger.json`, { body: { reward: { email: friend.email, event: 'purchase' } } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(
      response.body.map((r: any) => [r.descriptor, r.name, r.type, r.user_role, r.user_id, r.status]),
      [
        ['give_get', 'Get $10', 'DoubleSided', 'friend', friend.id, 'earned'],
        ['give_get', 'Give $10', 'DoubleSided', 'referrer', referrer.id, 'earned'],
        ['plain_double', 'Both get a hat', 'DoubleSided', 'friend', friend.id, 'earned'],
        ['plain_double', 'Both get a hat', 'DoubleSided', 'referrer', referrer.id, 'earned'],
      ],
    );
    const stored = await storedRewards(ctx, beta.id);
    assert.deepEqual(stored.map((r) => [r.id, r.source]), response.body.map((r: any) => [r.id, 'trigger']));
    assert.equal(await pointsOf(ctx, friend.id), before.friend + 3);
    assert.equal(await pointsOf(ctx, referrer.id), before.referrer + 3);
    assert.deepEqual((await rewardPoints(ctx, friend.id)).map((p) => [p.activity, p.reward_id]), [['friend_reward', response.body[0].id]]);
    assert.deepEqual((await rewardPoints(ctx, referrer.id)).map((p) => [p.activity, p.reward_id]), [['reward', response.body[1].id]]);

    // The referrer has no referrer: only the friend-side reward, to itself.
    const alone = await trigger(beta.id, { email: referrer.email, event: 'purchase' });
    assert.deepEqual(
      alone.body.map((r: any) => [r.descriptor, r.user_role, r.user_id]),
      [
        ['give_get', 'friend', referrer.id],
        ['plain_double', 'friend', referrer.id],
      ],
    );
  });

  test('trigger: users at the maximum are skipped (not an error), per user; an event without rules answers []', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'dbl', type: 'DoubleSided', max_quantity_per_user: 1 });
    await createDefinition(ctx, beta.id, { descriptor: 'sgl', max_quantity_per_user: 2 });
    await createRule(ctx, beta.id, 'purchase', 'dbl');
    await createRule(ctx, beta.id, 'purchase', 'sgl');
    const referrer = await createTester(ctx, beta.id);
    const friend1 = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const friend2 = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const fire = async (email: string) => {
      const response = await trigger(beta.id, { email, event: 'purchase' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.map((r: any) => [r.descriptor, r.user_role, r.user_id]);
    };
    assert.deepEqual(await fire(friend1.email), [
      ['dbl', 'friend', friend1.id],
      ['dbl', 'referrer', referrer.id],
      ['sgl', 'referrer', friend1.id],
    ]);
    // friend2's side is new; the referrer holds its one dbl already.
    assert.deepEqual(await fire(friend2.email), [
      ['dbl', 'friend', friend2.id],
      ['sgl', 'referrer', friend2.id],
    ]);
    assert.deepEqual(await fire(friend1.email), [['sgl', 'referrer', friend1.id]]);
    assert.deepEqual(await fire(friend1.email), []);
    assert.equal(await rewardCount(beta.id), 6);
    // A revoked reward frees a place.
    const held = (await storedRewards(ctx, beta.id)).find((r) => r.tester_id === friend1.id && r.descriptor === 'sgl')!;
    assert.equal((await patch(beta.id, held.id, { status: 'revoked' })).status, 200);
    assert.deepEqual(await fire(friend1.email), [['sgl', 'referrer', friend1.id]]);

    const none = await trigger(beta.id, { email: friend1.email, event: 'nothing_configured' });
    assert.deepEqual([none.status, none.body], [200, []]);
    // Event names match exactly.
    assert.deepEqual((await trigger(beta.id, { email: friend1.email, event: 'Purchase' })).body, []);
  });

  test('trigger with form bodies (wrapped and flat)', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'f', max_quantity_per_user: 5 });
    await createRule(ctx, beta.id, 'shared', 'f');
    const tester = await createTester(ctx, beta.id);
    const email = encodeURIComponent(tester.email);
    const wrapped = await ctx.request('POST', `${rewardsUrl(beta.id)}/trigger`, { form: `reward[email]=${email}&reward[event]=shared` });
    assert.equal(wrapped.status, 200, JSON.stringify(wrapped.body));
    assert.equal(wrapped.body.length, 1);
    const flat = await ctx.request('POST', `${rewardsUrl(beta.id)}/trigger`, { form: `email=${email}&event=shared` });
    assert.equal(flat.body.length, 1);
    assert.equal(await rewardCount(beta.id), 2);
  });

  test('trigger errors: 2602 and 2606 (together), 2603, reserved signup 2601; nothing stored', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'd' });
    await createRule(ctx, beta.id, 'purchase', 'd');
    await createRule(ctx, beta.id, 'signup', 'd');
    const tester = await createTester(ctx, beta.id);
    assertError(await trigger(beta.id, {}), 422, [
      { code: Errors.rewardEmailRequired.code, message: 'Email is required' },
      { code: Errors.eventRequired.code, message: 'Event is required' },
    ]);
    assertError(await trigger(beta.id, { event: 'purchase' }), 422, [{ code: Errors.rewardEmailRequired.code, message: 'Email is required' }]);
    assertError(await trigger(beta.id, { email: tester.email, event: '   ' }), 422, [{ code: Errors.eventRequired.code, message: 'Event is required' }]);
    assertError(await trigger(beta.id, { email: uniqueEmail('nobody'), event: 'purchase' }), 422, [{ code: Errors.rewardEmailNotFound.code, message: 'Email not found' }]);
    assertError(await trigger(beta.id, { email: tester.email, event: 'signup' }), 422, [
      { code: Errors.rewardsGeneral.code, message: 'The event signup is reserved: it fires by itself when a referral is credited' },
    ]);
    assertError(await trigger(beta.id, { email: tester.email, event: { name: 'purchase' } }), 422, [{ code: Errors.rewardsGeneral.code, message: 'event must be a string' }]);
    assert.equal(await rewardCount(beta.id), 0);
  });

  test('issued rewards keep their descriptor, name and type when the definition changes', async () => {
    const beta = await ctx.createBeta();
    const definition = await createDefinition(ctx, beta.id, { descriptor: uniqueDescriptor(), name: 'Before', type: 'DoubleSided', max_quantity_per_user: 3 });
    await createRule(ctx, beta.id, 'go', definition.descriptor);
    const tester = await createTester(ctx, beta.id);
    const issued = (await trigger(beta.id, { email: tester.email, event: 'go' })).body[0];
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}/reward_definitions/${definition.id}`, { body: { name: 'After', type: 'SingleSided' } });
    const shown = await ctx.request('GET', `${rewardsUrl(beta.id)}/${issued.id}`);
    assert.deepEqual(shown.body, issued);
    assert.equal(shown.body.type, 'DoubleSided');
  });
});
