// A tester's moves (GET …/testers/{tester_id}/moves.json): every cause, each move's position before
// and after checked against a recount from the rows at that moment, its counts against the row, and
// drift (other testers passing) recorded for nobody; paging, tenancy and permissions as show tester.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, codes, createTester } from '../testers/support.ts';
import { signedIn } from '../../console/support.ts';

type Order = 'referrals' | 'points' | 'signup_time';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';

describe('tester moves', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00Z'));

  const moves = (betaId: number, testerId: number | string, query = '', key?: string) =>
    ctx.request('GET', `/api/v2/betas/${betaId}/testers/${testerId}/moves.json${query}`, key ? { key } : {});

  /** The tester's waitlist position counted from every row of the beta, by the order's definition; null off the waitlist. */
  async function recount(betaId: number, testerId: number, order: Order): Promise<number | null> {
    const rows = await ctx.database.db
      .selectFrom('testers')
      .select(['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
      .where('beta_id', '=', betaId)
      .execute();
    const waitlist = rows.filter((row) => row.status === 'applied' && row.hidden === 0);
    const key = (row: (typeof rows)[number]) =>
      [row.priority, order === 'referrals' ? row.share_signups_count : order === 'points' ? row.points : 0, row.applied_at ?? '', row.id] as const;
    const me = waitlist.find((row) => row.id === testerId);
    if (!me) return null;
    const [priority, value, at, id] = key(me);
    return 1 + waitlist.filter((row) => {
      const [p, v, a, i] = key(row);
      return p > priority || (p === priority && (v > value || (v === value && (a < at || (a === at && i < id)))));
    }).length;
  }

  async function storedRow(testerId: number) {
    return ctx.database.db.selectFrom('testers').selectAll().where('id', '=', testerId).executeTakeFirstOrThrow();
  }

  /** Runs `action`; then the tester's newest move must be `cause`, from its recount before to its recount after. */
  async function expectMove(betaId: number, testerId: number, order: Order, cause: string, action: () => Promise<unknown>) {
    const [countBefore, positionBefore] = [(await moves(betaId, testerId)).body.length, await recount(betaId, testerId, order)];
    await action();
    const listed = await moves(betaId, testerId);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.equal(listed.body.length, countBefore + 1, `one move recorded for ${cause}`);
    const row = await storedRow(testerId);
    const newest = listed.body[0];
    assert.deepEqual(
      { cause: newest.cause, position_before: newest.position_before, position: newest.position, referrals: newest.referrals, points: newest.points },
      { cause, position_before: positionBefore, position: await recount(betaId, testerId, order), referrals: row.share_signups_count, points: row.points },
      cause,
    );
    const stored = await ctx.database.db.selectFrom('tester_moves').selectAll().where('id', '=', newest.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.tester_id, stored.beta_id, stored.cause, stored.position], [testerId, betaId, cause, newest.position], 'as stored');
    return newest;
  }

  test('a signup, a referral credited and a referral credited later are moves, at positions a recount gives; others passed by drift get none', async () => {
    const beta = await ctx.createBeta();
    const first = await createTester(ctx, beta.id);
    const second = await createTester(ctx, beta.id);
    const signup = (await moves(beta.id, second.id)).body;
    assert.deepEqual(signup, [
      {
        id: signup[0].id,
        at: '2026-11-22T09:15:00Z',
        cause: 'signed_up',
        position_before: null,
        position: 2,
        referrals: 0,
        points: 1,
        referred_tester_id: null,
        point_id: null,
        member_id: null,
        api_key_id: null,
      },
    ]);
    let friend: { id: number } | undefined;
    const credited = await expectMove(beta.id, second.id, 'referrals', 'referral_credited', async () => {
      friend = await createTester(ctx, beta.id, { referrer_id: second.id });
    });
    assert.deepEqual([credited.position_before, credited.position, credited.referred_tester_id, credited.point_id], [2, 1, friend!.id, null]);
    assert.deepEqual((await moves(beta.id, first.id)).body.map((move: any) => move.cause), ['signed_up'], 'passed by second: drift, not a move');

    // A referrer given later by an update, to a tester already applied: credited at once.
    const late = await createTester(ctx, beta.id);
    await expectMove(beta.id, first.id, 'referrals', 'referral_credited', () =>
      ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${late.id}`, { body: { tester: { referrer_id: first.id } } }),
    );
  });

  test('a held referral is a move that changes no position; accepting it is a move that does', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id);
    const referrer = await createTester(ctx, beta.id, { profile: { ip: '203.0.113.7', user_agent: CHROME } });
    let flagged: { id: number } | undefined;
    const held = await expectMove(beta.id, referrer.id, 'referrals', 'referral_held', async () => {
      flagged = await createTester(ctx, beta.id, { referrer_id: referrer.id, profile: { ip: '203.0.113.7', user_agent: FIREFOX } });
    });
    assert.deepEqual([held.position_before, held.position, held.referrals, held.referred_tester_id], [2, 2, 0, flagged!.id]);
    const accepted = await expectMove(beta.id, referrer.id, 'referrals', 'referral_accepted', async () => {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged!.id}/accept_referral`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
    });
    assert.deepEqual([accepted.position_before, accepted.position, accepted.referrals, accepted.referred_tester_id], [2, 1, 1, flagged!.id]);
  });

  test('a reversed referral is a move of the referrer: the credit, its points and the counter taken back, never credited again', async () => {
    const beta = await ctx.createBeta({ waitlist_order: 'referrals' });
    await createTester(ctx, beta.id);
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.id });
    const credited = await storedRow(referrer.id);
    assert.deepEqual([credited.share_signups_count, credited.points], [1, 6]);
    const reverse = (id: number) => ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${id}/reverse_referral`);
    const reversed = await expectMove(beta.id, referrer.id, 'referrals', 'referral_reversed', async () => {
      const response = await reverse(friend.id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.id, friend.id);
      assert.equal(response.body.fraud.referral, 'reversed');
    });
    assert.deepEqual([reversed.position_before, reversed.position, reversed.referrals, reversed.points, reversed.referred_tester_id], [1, 2, 0, 1, friend.id]);
    const point = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', referrer.id).where('dedupe_key', '=', `referral:${friend.id}`).executeTakeFirstOrThrow();
    assert.notEqual(point.revoked_at, null, 'the referral point is revoked');
    await assertCountersExact(ctx, beta.id, assert);

    // Again: the tester unchanged, no move. Rejoining the waitlist (which credits a referral not yet credited) never credits it.
    const again = await reverse(friend.id);
    assert.equal(again.status, 200);
    assert.equal(again.body.fraud.referral, 'reversed');
    for (const status of ['suspended', 'unsuspended']) {
      const moved = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${friend.id}`, { body: { tester: { status } } });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
    }
    const after = await storedRow(referrer.id);
    assert.deepEqual([after.share_signups_count, after.points], [0, 1]);
    assert.equal((await moves(beta.id, referrer.id)).body.filter((move: any) => move.cause === 'referral_reversed').length, 1);
    const friendRow = await storedRow(friend.id);
    assert.deepEqual([friendRow.referral_credited_at, friendRow.referral_reversed_at], [null, '2026-11-22T09:15:00.000Z']);
  });

  test('reversing a referral not credited, or a tester without a referrer: 422 and nothing changes', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const referrer = await createTester(ctx, beta.id, { profile: { ip: '203.0.113.9', user_agent: CHROME } });
    const pending = await createTester(ctx, beta.id, { referrer_id: referrer.id, status: 'unconfirmed' });
    const held = await createTester(ctx, beta.id, { referrer_id: referrer.id, profile: { ip: '203.0.113.9', user_agent: FIREFOX } });
    const before = await storedRow(referrer.id);
    for (const [tester, message] of [
      [pending, 'not credited'],
      [held, 'not credited'],
      [referrer, 'has no referrer'],
    ] as const) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/reverse_referral`);
      assert.equal(response.status, 422, JSON.stringify(response.body));
      assert.deepEqual(codes(response), [Errors.testersGeneral.code]);
      assert.match(response.body.errors[0].message, new RegExp(message));
      assert.equal((await storedRow(tester.id)).referral_reversed_at, null);
    }
    assert.deepEqual(await storedRow(referrer.id), before);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/999999/reverse_referral`)).status, 404);
  });

  test('points awarded and revoked are moves of a points waitlist, naming the point', async () => {
    const beta = await ctx.createBeta({ waitlist_order: 'points' });
    for (let i = 0; i < 3; i += 1) await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id);
    let pointId = 0;
    const awarded = await expectMove(beta.id, tester.id, 'points', 'points_awarded', async () => {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { point: { email: tester.email, quantity: 5 } } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      pointId = response.body.id;
    });
    assert.deepEqual([awarded.position_before, awarded.position, awarded.points, awarded.point_id, awarded.referred_tester_id], [4, 1, 6, pointId, null]);
    ctx.clock.advance(60_000);
    const revoked = await expectMove(beta.id, tester.id, 'points', 'points_revoked', async () => {
      const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${pointId}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
    });
    assert.deepEqual([revoked.at, revoked.position_before, revoked.position, revoked.points, revoked.point_id], ['2026-11-22T09:16:00Z', 1, 4, 1, pointId]);
  });

  test('leaving and joining the waitlist by a status change are moves; a change that keeps the tester off it is none', async () => {
    // No signup points: joining is then the status change alone (points_awarded would follow it).
    const beta = await ctx.createBeta({ double_opt_in: true, signup_points: 0 });
    await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id);
    const invited = await expectMove(beta.id, tester.id, 'referrals', 'status_changed', () =>
      ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'invited' } } }),
    );
    assert.deepEqual([invited.position_before, invited.position], [2, null]);
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'active' } } });
    assert.equal((await moves(beta.id, tester.id)).body.length, 2, 'invited to active: off the waitlist both times');

    const unconfirmed = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    assert.deepEqual((await moves(beta.id, unconfirmed.id)).body.map((move: any) => [move.cause, move.position]), [['signed_up', null]]);
    const joined = await expectMove(beta.id, unconfirmed.id, 'referrals', 'status_changed', () =>
      ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${unconfirmed.id}`, { body: { tester: { status: 'applied' } } }),
    );
    assert.deepEqual([joined.position_before, joined.position], [null, 2]);
  });

  test('bulk invitations record each tester leaving the waitlist', async () => {
    const beta = await ctx.createBeta();
    const testers = [];
    for (let i = 0; i < 3; i += 1) testers.push(await createTester(ctx, beta.id));
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/bulk_actions`, { body: { action: 'invite', top: 2 } });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    while ((await ctx.runJobs()) > 0);
    const causes = await Promise.all(testers.map(async (tester) => (await moves(beta.id, tester.id)).body.map((move: any) => [move.cause, move.position_before, move.position])));
    assert.deepEqual(causes[0][0], ['status_changed', 1, null]);
    assert.equal(causes[1][0][0], 'status_changed');
    assert.deepEqual(causes[2], [['signed_up', null, 3]], 'the third moved up by drift: no move');
  });

  test('moves a console member caused name them (points, a status, an accepted referral, a bulk action); a key\'s name nobody', async () => {
    const address = `mover-${Date.now()}@example.com`;
    const member = await signedIn(ctx, address, 'admin');
    const memberId = (await ctx.database.db.selectFrom('members').select('id').where('email', '=', address).executeTakeFirstOrThrow()).id;
    const beta = await ctx.createBeta({ waitlist_order: 'points' });
    const first = await createTester(ctx, beta.id);
    const referrer = await createTester(ctx, beta.id, { profile: { ip: '203.0.113.9', user_agent: CHROME } });
    const flagged = await createTester(ctx, beta.id, { referrer_id: referrer.id, profile: { ip: '203.0.113.9', user_agent: FIREFOX } });
    const base = `/api/v2/betas/${beta.id}`;
    const byMember = await expectMove(beta.id, referrer.id, 'points', 'points_awarded', () =>
      member.request('POST', `${base}/points`, { point: { email: referrer.email, quantity: 3 } }),
    );
    const byKey = await expectMove(beta.id, referrer.id, 'points', 'points_awarded', () =>
      ctx.request('POST', `${base}/points`, { body: { point: { email: referrer.email, quantity: 1 } } }),
    );
    assert.deepEqual([byMember.member_id, byKey.member_id], [memberId, null]);
    const accepted = await expectMove(beta.id, referrer.id, 'points', 'referral_accepted', () => member.request('POST', `${base}/testers/${flagged.id}/accept_referral`));
    assert.equal(accepted.member_id, memberId);
    const left = await expectMove(beta.id, referrer.id, 'points', 'status_changed', () => member.request('PUT', `${base}/testers/${referrer.id}`, { tester: { status: 'invited' } }));
    assert.equal(left.member_id, memberId);
    const bulk = await member.request('POST', `${base}/bulk_actions`, { action: 'invite', top: 1 });
    assert.equal(bulk.status, 202, JSON.stringify(bulk.body));
    while ((await ctx.runJobs()) > 0);
    const invited = (await moves(beta.id, first.id)).body[0];
    assert.deepEqual([invited.cause, invited.member_id], ['status_changed', memberId], 'the member who asked for the bulk action');
    const stored = await ctx.database.db.selectFrom('tester_moves').select(['id', 'member_id']).where('beta_id', '=', beta.id).where('member_id', 'is not', null).orderBy('id').execute();
    assert.deepEqual(stored.map((row) => row.id), [byMember.id, accepted.id, left.id, invited.id], 'as stored');
  });

  test('an owner moves a tester to the front and back to their earned place: moved_by_owner at recounted positions, naming the member or the key, told as other moves', async () => {
    const address = `placer-${Date.now()}@example.com`;
    const member = await signedIn(ctx, address, 'admin');
    const memberId = (await ctx.database.db.selectFrom('members').select('id').where('email', '=', address).executeTakeFirstOrThrow()).id;
    const keyId = (await ctx.database.db.selectFrom('api_keys').select('id').where('company_id', '=', ctx.companyId).orderBy('id').executeTakeFirstOrThrow()).id;
    const beta = await ctx.createBeta({ waitlist_order: 'referrals', position_change_interval_minutes: 0 });
    const base = `/api/v2/betas/${beta.id}`;
    const hook = await ctx.request('POST', `${base}/webhooks`, { body: { webhook: { url: 'https://hooks.example.com/placing', events: ['tester_position_changed', 'tester_updated'] } } });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const referrer = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: referrer.id });
    await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id);
    const toFront = (id: number) => ctx.request('POST', `${base}/testers/${id}/move_to_front`);

    const front = await expectMove(beta.id, tester.id, 'referrals', 'moved_by_owner', async () => {
      const response = await toFront(tester.id);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual([response.body.id, response.body.priority, response.body.waitlist_position], [tester.id, 1, 1]);
    });
    assert.deepEqual([front.position_before, front.position, front.member_id, front.api_key_id, front.referrals], [4, 1, null, keyId, 0]);
    assert.equal((await storedRow(tester.id)).priority, 1);
    const events = await ctx.database.db.selectFrom('webhook_events').select(['type', 'payload']).where('beta_id', '=', beta.id).orderBy('id').execute();
    const told = events.filter((event) => JSON.parse(event.payload).data.id === tester.id && event.type !== 'tester_created');
    assert.deepEqual(
      told.map(({ type, payload }) => [type, JSON.parse(payload).data]).map(([type, data]) => [type, data.priority, data.position_before ?? null, data.cause ?? null]).sort(),
      [
        ['tester_position_changed', 1, 4, 'moved_by_owner'],
        ['tester_updated', 1, null, null],
      ],
    );

    // Ahead of every other priority already: left as they are, no move.
    const again = await toFront(tester.id);
    assert.deepEqual([again.status, again.body.priority, again.body.waitlist_position], [200, 1, 1]);
    assert.equal((await moves(beta.id, tester.id)).body.length, 2);

    // Another moved to the front by a member goes ahead of the first, who drifts (no move).
    const second = await expectMove(beta.id, referrer.id, 'referrals', 'moved_by_owner', async () => {
      const response = await member.request('POST', `${base}/testers/${referrer.id}/move_to_front`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
    });
    assert.deepEqual([second.position_before, second.position, second.member_id, second.api_key_id], [2, 1, memberId, null]);
    assert.equal((await storedRow(referrer.id)).priority, 2);
    assert.equal((await moves(beta.id, tester.id)).body.length, 2, 'drift is no move');

    // Back to the earned place: priority 0, the position a recount gives.
    const back = await expectMove(beta.id, tester.id, 'referrals', 'moved_by_owner', async () => {
      const response = await member.request('PUT', `${base}/testers/${tester.id}`, { tester: { priority: 0 } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual([response.body.priority, response.body.waitlist_position], [0, 4]);
    });
    assert.deepEqual([back.position_before, back.position, back.member_id], [2, 4, memberId]);

    // The same priority again changes nothing; one that leaves the tester where they stand is no move.
    const same = await ctx.request('PUT', `${base}/testers/${tester.id}`, { body: { tester: { priority: 0 } } });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    const kept = await ctx.request('PUT', `${base}/testers/${referrer.id}`, { body: { tester: { priority: 7 } } });
    assert.deepEqual([kept.status, kept.body.priority, kept.body.waitlist_position], [200, 7, 1]);
    assert.equal((await moves(beta.id, tester.id)).body.length, 3);
    assert.equal((await moves(beta.id, referrer.id)).body.filter((move: any) => move.cause === 'moved_by_owner').length, 1, 'first before and after: no move');
  });

  test('moving a tester not on the waitlist to its front is 422 and changes nothing; their priority set by update is no move', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const before = await storedRow(tester.id);
    const refused = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/move_to_front`);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(codes(refused), [Errors.testersGeneral.code]);
    assert.match(refused.body.errors[0].message, /on the waitlist.*invited/);
    assert.deepEqual(await storedRow(tester.id), before);
    const set = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { priority: 3 } } });
    assert.deepEqual([set.status, set.body.priority, set.body.waitlist_position], [200, 3, null]);
    assert.deepEqual((await moves(beta.id, tester.id)).body.map((move: any) => move.cause), ['signed_up']);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/999999/move_to_front`)).status, 404);
  });

  test('newest first, paged as other lists: per_page, page and the X-Pagination header', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(1_000);
      await createTester(ctx, beta.id, { referrer_id: tester.id });
    }
    const all = (await moves(beta.id, tester.id)).body;
    assert.deepEqual(all.map((move: any) => move.referrals), [4, 3, 2, 1, 0]);
    assert.deepEqual(all.map((move: any) => move.at), ['2026-11-22T09:15:04Z', '2026-11-22T09:15:03Z', '2026-11-22T09:15:02Z', '2026-11-22T09:15:01Z', '2026-11-22T09:15:00Z']);
    const page = await moves(beta.id, tester.id, '?per_page=2&page=2');
    assert.equal(page.status, 200);
    assert.deepEqual(page.body.map((move: any) => move.id), all.slice(2, 4).map((move: any) => move.id));
    const header = JSON.parse(String(page.headers['x-pagination']));
    assert.equal(header.total_count, 5);
    // The last page tells the total by itself, a full page and a page past the end count it: the same total each way.
    const totals = await Promise.all(['?per_page=2&page=3', '?per_page=5', '?per_page=2&page=4', '?per_page=10'].map((query) => moves(beta.id, tester.id, query)));
    assert.deepEqual(totals.map((answer) => answer.body.length), [1, 5, 0, 5]);
    assert.deepEqual(totals.map((answer) => JSON.parse(String(answer.headers['x-pagination'])).total_count), [5, 5, 5, 5]);
    const bad = await moves(beta.id, tester.id, '?per_page=0');
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
  });

  test('by id or uuid; 404 for another company\'s tester or an unknown one, 403 without testers:read, 2317 for a hidden one; a deleted tester\'s moves go with it', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    assert.equal((await moves(beta.id, 999_999)).status, 404);
    assert.equal((await moves(beta.id, 'nope')).status, 404);
    const { key: betasOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'no testers', permissions: ['betas:read'] });
    const refused = await moves(beta.id, tester.id, '', betasOnly);
    assert.equal(refused.status, 403);
    assert.deepEqual(codes(refused), [Errors.forbidden.code]);
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: other.id });
    assert.equal((await moves(beta.id, tester.id, '', key)).status, 404);

    // By uuid in any case, as show tester; a hidden tester is 2317, as show's.
    const byId = await moves(beta.id, tester.id);
    const byUuid = await moves(beta.id, String(tester.uuid).toUpperCase());
    assert.equal(byUuid.status, 200);
    assert.deepEqual(byUuid.body, byId.body);
    assert.equal(byId.body.length, 1);
    const hidden = await createTester(ctx, beta.id);
    await ctx.database.db.updateTable('testers').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
    const refusedHidden = await moves(beta.id, hidden.id);
    assert.equal(refusedHidden.status, 403);
    assert.deepEqual(codes(refusedHidden), [Errors.testerHidden.code]);

    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`)).status, 200);
    const left = await ctx.database.db.selectFrom('tester_moves').select('id').where('tester_id', '=', tester.id).execute();
    assert.deepEqual(left, []);
  });
});
