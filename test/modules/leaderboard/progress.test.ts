// GET …/testers/{tester_id}/progress.json against a recount from the rows: the position, and the
// position one more credited referral would give, for every tester of a waitlist with ties, in
// every order; the milestone rewards not reached yet; the route's permission and tenancy.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester } from '../testers/support.ts';

type Order = 'referrals' | 'points' | 'signup_time';

interface Row {
  id: number;
  status: string;
  hidden: number;
  share_signups_count: number;
  points: number;
  applied_at: string | null;
}

/** The waitlist order by its definition: most referrals or points first, then earliest applied_at, then lowest id. */
function sortKey(order: Order, row: Row, extra = 0): [number, string, number] {
  const value = order === 'referrals' ? row.share_signups_count : order === 'points' ? row.points : 0;
  return [value + extra, row.applied_at ?? '', row.id];
}

function before_(a: [number, string, number], b: [number, string, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])));
}

/** The expected figures, counted from every row of the beta. */
function recount(rows: Row[], order: Order, referralPoints: number, tester: Row) {
  const waitlist = rows.filter((row) => row.status === 'applied' && row.hidden === 0);
  const onList = waitlist.some((row) => row.id === tester.id);
  const others = waitlist.filter((row) => row.id !== tester.id);
  const position = onList ? 1 + others.filter((row) => before_(sortKey(order, row), sortKey(order, tester))).length : null;
  const more = order === 'points' ? referralPoints : 1;
  const withMore =
    onList && order !== 'signup_time' ? 1 + others.filter((row) => before_(sortKey(order, row), sortKey(order, tester, more))).length : null;
  return { waitlist_position: position, waitlist_length: waitlist.length, position_with_one_more_referral: withMore };
}

describe('tester progress', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const progress = (betaId: number, testerId: number | string, key?: string) =>
    ctx.request('GET', `/api/v2/betas/${betaId}/testers/${testerId}/progress.json`, key ? { key } : {});

  test('the position and the position with one more referral match a recount from the rows, in every order, ties included', async () => {
    const beta = await ctx.createBeta({ referral_points: 4 });
    // Testers in three batches of the same second (ties on applied_at, broken by id), referrals
    // spread so that several share a count, bonus points for the points order, and testers off the
    // waitlist (invited, rejected) that count nowhere.
    const testers: { id: number; email: string }[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      for (let i = 0; i < 6; i += 1) testers.push(await createTester(ctx, beta.id));
      ctx.clock.advance(60_000);
    }
    const referralsOf = [3, 0, 1, 3, 0, 2, 1, 0, 3, 0, 1, 0, 2, 0, 0, 1, 0, 0];
    for (const [index, count] of referralsOf.entries()) {
      for (let i = 0; i < count; i += 1) testers.push(await createTester(ctx, beta.id, { referrer_id: testers[index].id }));
    }
    for (const [index, quantity] of [[1, 9], [4, 4], [7, 12], [10, 3]] as const) {
      const bonus = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { point: { email: testers[index].email, quantity, activity: 'bonus' } } });
      assert.equal(bonus.status, 201, JSON.stringify(bonus.body));
    }
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${testers[2].id}`, { body: { tester: { status: 'invited' } } });
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${testers[5].id}`, { body: { tester: { status: 'rejected' } } });

    const rows = (await ctx.database.db
      .selectFrom('testers')
      .select(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at'])
      .where('beta_id', '=', beta.id)
      .execute()) as Row[];
    assert.ok(new Set(rows.map((row) => row.points)).size < rows.length, 'ties on points too');
    for (const order of ['referrals', 'points', 'signup_time'] as const) {
      const patched = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { waitlist_order: order } } });
      assert.equal(patched.status, 200);
      let moved = 0;
      for (const row of rows) {
        const answer = await progress(beta.id, row.id);
        assert.equal(answer.status, 200);
        const { waitlist_position, waitlist_length, position_with_one_more_referral } = answer.body;
        assert.deepEqual({ waitlist_position, waitlist_length, position_with_one_more_referral }, recount(rows, order, 4, row), `${order}, tester ${row.id}`);
        assert.equal(answer.body.share_signups_count, row.share_signups_count);
        assert.equal(answer.body.points, row.points);
        if (position_with_one_more_referral !== null && position_with_one_more_referral < waitlist_position) moved += 1;
      }
      if (order !== 'signup_time') assert.ok(moved > 5, `${order}: one more referral moves many testers up (${moved})`);
    }
  });

  test('a row newer than the index (changed by another process, not read from the feed yet) is ranked as the row says', async () => {
    const beta = await ctx.createBeta();
    const leader = await createTester(ctx, beta.id);
    for (let i = 0; i < 3; i += 1) await createTester(ctx, beta.id, { referrer_id: leader.id });
    const second = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: second.id });
    await createTester(ctx, beta.id, { referrer_id: second.id });
    // The index holds the leader at 3 referrals; its row now says 1 (as another process's change would).
    await ctx.database.db.updateTable('testers').set({ share_signups_count: 1 }).where('id', '=', leader.id).execute();
    const row = await ctx.database.db.selectFrom('testers').selectAll().where('id', '=', leader.id).executeTakeFirstOrThrow();
    const rows = (await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).execute()) as Row[];
    const stored = await ctx.services.betas.require(ctx.companyId, beta.id);
    const { standing, positionWithMore } = await ctx.services.standings.standingWithMore(stored, row, 1);
    const expected = recount(rows, 'referrals', 5, row);
    assert.deepEqual([standing.waitlist_position, positionWithMore], [expected.waitlist_position, expected.position_with_one_more_referral]);
    assert.deepEqual([expected.waitlist_position, expected.position_with_one_more_referral], [2, 1], 'behind second (2) now; one more ties it, and the leader signed up first');
  });

  test('next_rewards: the milestone rewards not reached yet, fewest referrals first, with the referrals each still needs', async () => {
    const beta = await ctx.createBeta();
    const define = async (descriptor: string, name: string, type: string, referrals_required?: number) => {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor, name, type, referrals_required } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.id as number;
    };
    const sticker = await define('sticker', 'Sticker', 'Milestone', 1);
    const access = await define('access', 'Early access', 'Milestone', 5);
    const shirt = await define('shirt', 'T-shirt', 'Milestone', 3);
    await define('bonus', 'Welcome bonus', 'SingleSided');
    const tester = await createTester(ctx, beta.id);
    const none = await progress(beta.id, tester.id);
    assert.deepEqual(none.body.next_rewards, [
      { reward_definition_id: sticker, name: 'Sticker', referrals_required: 1, referrals_needed: 1 },
      { reward_definition_id: shirt, name: 'T-shirt', referrals_required: 3, referrals_needed: 3 },
      { reward_definition_id: access, name: 'Early access', referrals_required: 5, referrals_needed: 5 },
    ]);
    for (let i = 0; i < 3; i += 1) await createTester(ctx, beta.id, { referrer_id: tester.id });
    const three = await progress(beta.id, tester.uuid);
    assert.equal(three.status, 200, 'by uuid too');
    assert.equal(three.body.share_signups_count, 3);
    assert.deepEqual(three.body.next_rewards, [{ reward_definition_id: access, name: 'Early access', referrals_required: 5, referrals_needed: 2 }]);
    assert.deepEqual(Object.keys(three.body).sort(), [
      'estimated_invitation_at', 'next_rewards', 'points', 'position_with_one_more_referral', 'share_signups_count', 'tester_id', 'waitlist_length', 'waitlist_position',
    ]);
  });

  test('null with one more referral off the waitlist; 404 for another company\'s tester, 403 without testers:read, 2317 for a hidden one', async () => {
    const beta = await ctx.createBeta();
    const invited = await createTester(ctx, beta.id, { status: 'invited' });
    const off = await progress(beta.id, invited.id);
    assert.deepEqual([off.body.waitlist_position, off.body.position_with_one_more_referral], [null, null]);

    const { key: betasOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'no testers', permissions: ['betas:read'] });
    const refused = await progress(beta.id, invited.id, betasOnly);
    assert.equal(refused.status, 403);
    assert.deepEqual(codes(refused), [Errors.forbidden.code]);

    const other = await ctx.services.accounts.createCompany({ name: 'Other', maxTesters: 1 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: other.id });
    assert.equal((await progress(beta.id, invited.id, key)).status, 404);
    const otherBeta = (await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Other', homepage_url: 'https://o.example' } })).body;
    await ctx.request('POST', `/api/v2/betas/${otherBeta.id}/testers`, { key, body: { tester: { email: 'one@example.com' } } });
    await ctx.request('POST', `/api/v2/betas/${otherBeta.id}/testers`, { key, body: { tester: { email: 'two@example.com' } } });
    const hidden = await ctx.database.db.selectFrom('testers').select('id').where('email_normalized', '=', 'two@example.com').executeTakeFirstOrThrow();
    const answer = await progress(otherBeta.id, hidden.id, key);
    assert.equal(answer.status, 403);
    assert.deepEqual(codes(answer), [Errors.testerHidden.code]);
    assert.equal((await progress(beta.id, hidden.id)).status, 404, 'a tester of another beta');
  });
});
