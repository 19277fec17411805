import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester, storedTester, uniqueEmail } from '../testers/support.ts';
import { awardPoints } from '../../../src/modules/points/points.ledger.ts';
import { awardSharePoints } from '../../../src/modules/points/points.service.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const CREATED_FIELDS = ['created_at', 'id', 'quantity', 'reason', 'user_id'];
const LISTED_FIELDS = ['activity', 'created_at', 'email', 'id', 'quantity', 'reason', 'revoked_at', 'user_id'];
const NOW = '2026-11-22T09:15:00Z';

describe('points', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const post = (betaId: number, body: unknown, key?: string) => ctx.request('POST', `/api/v2/betas/${betaId}/points`, { body, key });
  const postForm = (betaId: number, form: string) => ctx.request('POST', `/api/v2/betas/${betaId}/points`, { form });

  /** A beta that gives no automatic points, so each test sees only the points it creates. */
  const bonusOnlyBeta = (settings: Record<string, unknown> = {}, name?: string) =>
    ctx.createBeta({ signup_points: 0, referral_points: 0, ...settings }, name);

  async function pointRows(betaId: number) {
    return ctx.database.db.selectFrom('points').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  async function testerPoints(testerId: number): Promise<number> {
    return (await storedTester(ctx, testerId))!.points;
  }

  /** testers.points is exactly the sum of the tester's points that were not revoked. */
  async function assertPointsExact(testerId: number): Promise<number> {
    const rows = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', testerId).execute();
    const sum = rows.filter((r) => r.revoked_at === null).reduce((total, r) => total + r.quantity, 0);
    assert.equal(await testerPoints(testerId), sum, 'testers.points equals the sum of the non-revoked rows');
    return sum;
  }

  // ---- create ----------------------------------------------------------------------------------

  test('create (wrapped JSON) answers 201 with exactly the spec\'s five fields and adds to testers.points', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const response = await post(beta.id, { point: { email: tester.email, quantity: 10, reason: '  Great feedback  ' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), CREATED_FIELDS);
    assert.deepEqual(response.body, { id: response.body.id, quantity: 10, reason: 'Great feedback', user_id: tester.id, created_at: NOW });
    const [row] = await pointRows(beta.id);
    assert.equal(row.id, response.body.id);
    assert.equal(row.tester_id, tester.id);
    assert.equal(row.quantity, 10);
    assert.equal(row.activity, 'bonus');
    assert.equal(row.reason, 'Great feedback');
    assert.equal(row.dedupe_key, null);
    assert.equal(row.reward_id, null);
    assert.equal(row.revoked_at, null);
    assert.equal(await testerPoints(tester.id), before + 10);
    await assertPointsExact(tester.id);
  });

  test('create unwrapped with a negative quantity deducts; no reason is null; the e-mail matches case-insensitively', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id, { email: uniqueEmail('Mixed.Case') });
    const before = await testerPoints(tester.id);
    const response = await post(beta.id, { email: `  ${tester.email.toUpperCase()} `, quantity: -4 });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(response.body, { id: response.body.id, quantity: -4, reason: null, user_id: tester.id, created_at: NOW });
    assert.equal(await testerPoints(tester.id), before - 4);
    const [row] = await pointRows(beta.id);
    assert.equal(row.reason, null);
    assert.equal(row.quantity, -4);
  });

  test('create from form bodies: flat fields and point[…] bracket notation', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const flat = await postForm(beta.id, `email=${encodeURIComponent(tester.email)}&quantity=7&reason=Nice+one`);
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    assert.deepEqual(flat.body, { id: flat.body.id, quantity: 7, reason: 'Nice one', user_id: tester.id, created_at: NOW });
    const bracket = await postForm(beta.id, `point[email]=${encodeURIComponent(tester.email)}&point[quantity]=-2&point[reason]=Typo`);
    assert.equal(bracket.status, 201, JSON.stringify(bracket.body));
    assert.deepEqual(bracket.body, { id: bracket.body.id, quantity: -2, reason: 'Typo', user_id: tester.id, created_at: NOW });
    assert.deepEqual((await pointRows(beta.id)).map((r) => [r.quantity, r.activity, r.reason]), [[7, 'bonus', 'Nice one'], [-2, 'bonus', 'Typo']]);
    assert.equal(await testerPoints(tester.id), before + 5);
  });

  test('quantity at the limits ±1,000,000 is accepted', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    assert.equal((await post(beta.id, { email: tester.email, quantity: 1_000_000 })).status, 201);
    assert.equal((await post(beta.id, { email: tester.email, quantity: -1_000_000 })).status, 201);
    assert.equal((await postForm(beta.id, `email=${encodeURIComponent(tester.email)}&quantity=1000000`)).status, 201, 'numeric text, as forms send it');
    assert.equal(await testerPoints(tester.id), before + 1_000_000);
  });

  test('2802 Email is required: missing or blank; nothing is stored', async () => {
    const beta = await bonusOnlyBeta();
    for (const body of [{ quantity: 5 }, { email: '   ', quantity: 5 }, { point: { email: '', quantity: 5 } }]) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(response.body, { errors: [{ code: Errors.pointsEmailRequired.code, message: 'Email is required' }] }, JSON.stringify(body));
    }
    const form = await postForm(beta.id, 'email=&quantity=5');
    assert.equal(form.status, 422);
    assert.deepEqual(form.body, { errors: [{ code: Errors.pointsEmailRequired.code, message: 'Email is required' }] });
    assert.deepEqual(await pointRows(beta.id), []);
  });

  test('2804 Quantity is required: missing, null or blank; both missing gives both codes', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    for (const body of [{ email: tester.email }, { email: tester.email, quantity: null }, { point: { email: tester.email, quantity: ' ' } }]) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(response.body, { errors: [{ code: Errors.quantityRequired.code, message: 'Quantity is required' }] }, JSON.stringify(body));
    }
    const form = await postForm(beta.id, `email=${encodeURIComponent(tester.email)}&quantity=`);
    assert.deepEqual([form.status, form.body], [422, { errors: [{ code: Errors.quantityRequired.code, message: 'Quantity is required' }] }]);
    const none = await post(beta.id, {});
    assert.equal(none.status, 422);
    assert.deepEqual(none.body, {
      errors: [
        { code: Errors.pointsEmailRequired.code, message: 'Email is required' },
        { code: Errors.quantityRequired.code, message: 'Quantity is required' },
      ],
    });
    assert.deepEqual(await pointRows(beta.id), []);
    assert.equal(await testerPoints(tester.id), before);
  });

  test('2801: a non-integer, 0, or beyond ±1,000,000 quantity, and a reason over 500 characters', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const cases: [unknown, string][] = [
      [{ email: tester.email, quantity: 1.5 }, 'quantity must be an integer'],
      [{ point: { email: tester.email, quantity: 2.25 } }, 'point.quantity must be an integer'],
      [{ email: tester.email, quantity: 'ten' }, 'quantity must be an integer'],
      [{ email: tester.email, quantity: 0 }, 'quantity must not be 0: give a positive number to award points or a negative one to deduct'],
      [{ email: tester.email, quantity: 1_000_001 }, 'quantity must be <= 1000000'],
      [{ email: tester.email, quantity: -1_000_001 }, 'quantity must be >= -1000000'],
      [{ email: tester.email, quantity: 1, reason: 'x'.repeat(501) }, 'reason must NOT have more than 500 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body).slice(0, 100));
      assert.deepEqual(response.body, { errors: [{ code: Errors.pointsGeneral.code, message }] }, JSON.stringify(body).slice(0, 100));
    }
    const form = await postForm(beta.id, `email=${encodeURIComponent(tester.email)}&quantity=1.5`);
    assert.deepEqual([form.status, form.body], [422, { errors: [{ code: Errors.pointsGeneral.code, message: 'quantity must be a whole number written in decimal digits (0-9), such as 25' }] }]);
    const zeroForm = await postForm(beta.id, `email=${encodeURIComponent(tester.email)}&quantity=0`);
    assert.deepEqual([zeroForm.status, codes(zeroForm)], [422, [2801]]);
    assert.deepEqual(await pointRows(beta.id), []);
    assert.equal(await testerPoints(tester.id), before);
    // A reason of exactly 500 characters is fine.
    assert.equal((await post(beta.id, { email: tester.email, quantity: 1, reason: 'y'.repeat(500) })).status, 201);
  });

  test('2803 Email not found: unknown address, a tester of another beta, a hidden tester', async () => {
    const beta = await bonusOnlyBeta();
    const other = await bonusOnlyBeta({}, 'Other');
    const elsewhere = await createTester(ctx, other.id);
    for (const email of ['nobody@example.com', elsewhere.email]) {
      const response = await post(beta.id, { email, quantity: 3 });
      assert.equal(response.status, 422, email);
      assert.deepEqual(response.body, { errors: [{ code: Errors.pointsEmailNotFound.code, message: 'Email not found' }] });
    }
    assert.deepEqual(await pointRows(beta.id), []);
    assert.deepEqual(await pointRows(other.id), []);
    await assertPointsExact(elsewhere.id);

    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 1 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const small = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Tiny', homepage_url: 'https://tiny.example', settings: { signup_points: 0 } } });
    const createHidden = async (email: string) => ctx.request('POST', `/api/v2/betas/${small.body.id}/testers`, { key, body: { tester: { email } } });
    assert.equal((await createHidden('visible@example.com')).status, 201);
    assert.equal((await createHidden('hidden@example.com')).status, 403);
    const hidden = await post(small.body.id, { email: 'hidden@example.com', quantity: 3 }, key);
    assert.equal(hidden.status, 422);
    assert.deepEqual(hidden.body, { errors: [{ code: Errors.pointsEmailNotFound.code, message: 'Email not found' }] });
    assert.equal((await post(small.body.id, { email: 'visible@example.com', quantity: 3 }, key)).status, 201);
    assert.equal((await pointRows(small.body.id)).length, 1);
  });

  test('a beta of another company or that does not exist is 404; a key without the permission is 403', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const company = await ctx.services.accounts.createCompany({ name: 'Rival' });
    const { key: rivalKey } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const [betaId, key] of [[beta.id, rivalKey], [999999, undefined]] as const) {
      for (const [method, path] of [['POST', ''], ['GET', ''], ['DELETE', '/1']] as const) {
        const response = await ctx.request(method, `/api/v2/betas/${betaId}/points${path}`, { key, body: method === 'POST' ? { email: tester.email, quantity: 1 } : undefined });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
      }
    }
    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['points:read'] });
    const denied = await post(beta.id, { email: tester.email, quantity: 1 }, readOnly);
    assert.deepEqual([denied.status, denied.body], [403, { errors: [{ code: Errors.forbidden.code, message: 'This API key lacks the points:write permission' }] }]);
    const revokeDenied = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/1`, { key: readOnly });
    assert.equal(revokeDenied.status, 403);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/points`, { key: readOnly })).status, 200);
    const { key: writeOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['points:write'] });
    const listDenied = await ctx.request('GET', `/api/v2/betas/${beta.id}/points`, { key: writeOnly });
    assert.deepEqual([listDenied.status, codes(listDenied)], [403, [1403]]);
    assert.deepEqual(await pointRows(beta.id), []);
  });

  // ---- list ------------------------------------------------------------------------------------

  test('list: the beta\'s points by id with activity and revoked_at; email filter; pagination', async () => {
    const beta = await bonusOnlyBeta();
    const other = await bonusOnlyBeta({}, 'Other');
    const alice = await createTester(ctx, beta.id, { email: uniqueEmail('alice') });
    const bob = await createTester(ctx, beta.id, { email: uniqueEmail('bob') });
    const stranger = await createTester(ctx, other.id);
    const existing = await pointRows(beta.id); // points the testers module may award by itself
    const a1 = (await post(beta.id, { email: alice.email, quantity: 5, reason: 'first' })).body;
    ctx.clock.advance(60_000);
    const b1 = (await post(beta.id, { email: bob.email, quantity: 2 })).body;
    const a2 = (await post(beta.id, { email: alice.email, quantity: -1, reason: 'oops' })).body;
    assert.equal((await post(other.id, { email: stranger.email, quantity: 9 })).status, 201);

    const all = await ctx.request('GET', `/api/v2/betas/${beta.id}/points`);
    assert.equal(all.status, 200);
    const ours = all.body.slice(existing.length);
    assert.equal(all.body.length, existing.length + 3);
    for (const point of all.body) assert.deepEqual(Object.keys(point).sort(), LISTED_FIELDS);
    assert.deepEqual(ours, [
      { id: a1.id, quantity: 5, activity: 'bonus', reason: 'first', user_id: alice.id, created_at: NOW, revoked_at: null, email: alice.email },
      { id: b1.id, quantity: 2, activity: 'bonus', reason: null, user_id: bob.id, created_at: '2026-11-22T09:16:00Z', revoked_at: null, email: bob.email },
      { id: a2.id, quantity: -1, activity: 'bonus', reason: 'oops', user_id: alice.id, created_at: '2026-11-22T09:16:00Z', revoked_at: null, email: alice.email },
    ]);
    assert.deepEqual(all.body.map((p: { id: number }) => p.id), [...all.body.map((p: { id: number }) => p.id)].sort((x, y) => x - y));

    const alices = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?email=${encodeURIComponent(alice.email.toUpperCase())}`);
    assert.equal(alices.status, 200);
    assert.deepEqual(alices.body.filter((p: { activity: string }) => p.activity === 'bonus').map((p: { id: number }) => p.id), [a1.id, a2.id]);
    assert.ok(alices.body.every((p: { user_id: number }) => p.user_id === alice.id));

    for (const email of ['nobody@example.com', stranger.email]) {
      const none = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?email=${encodeURIComponent(email)}`);
      assert.deepEqual([none.status, none.body], [200, []], email);
      assert.equal(JSON.parse(String(none.headers['x-pagination'])).total_count, 0);
    }
    const blank = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?email=`);
    assert.equal(blank.body.length, existing.length + 3, 'a blank email filters nothing');

    const page2 = await ctx.request('GET', `/api/v2/betas/${beta.id}/points.json?page=2&per_page=2`);
    assert.equal(page2.status, 200);
    const total = existing.length + 3;
    assert.deepEqual(page2.body, all.body.slice(2, 4));
    assert.deepEqual(JSON.parse(String(page2.headers['x-pagination'])), {
      previous_page: 1,
      next_page: total > 4 ? 3 : null,
      current_page: 2,
      per_page: 2,
      count: page2.body.length,
      pages: Math.ceil(total / 2),
      total_count: total,
    });
    const past = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?page=50`);
    assert.deepEqual([past.status, past.body], [200, []]);
  });

  test('list leaves out the points of hidden testers', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Hidden plan', maxTesters: 1 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const small = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Tiny', homepage_url: 'https://tiny.example' } });
    const betaId = small.body.id;
    await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email: 'seen@example.com' } } });
    await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email: 'unseen@example.com' } } });
    const hidden = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('hidden', '=', 1).executeTakeFirstOrThrow();
    const hiddenPoint = await inTransaction(ctx.database.db, (trx) =>
      awardPoints(trx, { betaId, testerId: hidden.id, quantity: 4, activity: 'bonus', now: ctx.clock.now().toISOString() }),
    );
    const seen = await post(betaId, { email: 'seen@example.com', quantity: 1 }, key);
    const list = await ctx.request('GET', `/api/v2/betas/${betaId}/points`, { key });
    assert.equal(list.status, 200);
    assert.ok(list.body.some((p: { id: number }) => p.id === seen.body.id));
    assert.ok(!list.body.some((p: { user_id: number }) => p.user_id === hidden.id));
    const revoke = await ctx.request('DELETE', `/api/v2/betas/${betaId}/points/${hiddenPoint!.id}`, { key });
    assert.deepEqual([revoke.status, revoke.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Point not found' }] }]);
  });

  // ---- revoke (extension) ----------------------------------------------------------------------

  test('revoke: 200 with the point, revoked_at set, testers.points goes down; it stays listed', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const created = (await post(beta.id, { email: tester.email, quantity: 8, reason: 'beta feedback' })).body;
    const kept = (await post(beta.id, { email: tester.email, quantity: 3 })).body;
    assert.equal(await testerPoints(tester.id), before + 11);
    ctx.clock.advance(3_600_000);
    const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${created.id}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      id: created.id,
      quantity: 8,
      activity: 'bonus',
      reason: 'beta feedback',
      user_id: tester.id,
      created_at: NOW,
      revoked_at: '2026-11-22T10:15:00Z',
    });
    assert.equal(await testerPoints(tester.id), before + 3);
    await assertPointsExact(tester.id);
    const stored = await ctx.database.db.selectFrom('points').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.equal(stored.revoked_at, '2026-11-22T10:15:00.000Z');
    const list = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?email=${encodeURIComponent(tester.email)}`);
    const shown = list.body.filter((p: { id: number }) => p.id === created.id || p.id === kept.id);
    assert.deepEqual(shown.map((p: { revoked_at: string | null }) => p.revoked_at), ['2026-11-22T10:15:00Z', null]);

    // Revoking a deduction gives the points back.
    const deduction = (await post(beta.id, { email: tester.email, quantity: -5 })).body;
    assert.equal(await testerPoints(tester.id), before - 2);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${deduction.id}.json`)).status, 200);
    assert.equal(await testerPoints(tester.id), before + 3);
  });

  test('revoke twice: 422 2801 Point already revoked, testers.points moves once', async () => {
    const beta = await bonusOnlyBeta();
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const point = (await post(beta.id, { email: tester.email, quantity: 6 })).body;
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${point.id}`)).status, 200);
    const again = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${point.id}`);
    assert.equal(again.status, 422);
    assert.deepEqual(again.body, { errors: [{ code: Errors.pointsGeneral.code, message: 'Point already revoked' }] });
    assert.equal(await testerPoints(tester.id), before);
    await assertPointsExact(tester.id);
  });

  test('revoke: another beta\'s point, an unknown id or a malformed one is 404 Point not found', async () => {
    const beta = await bonusOnlyBeta();
    const other = await bonusOnlyBeta({}, 'Other');
    const stranger = await createTester(ctx, other.id);
    const foreign = (await post(other.id, { email: stranger.email, quantity: 2 })).body;
    for (const id of [String(foreign.id), '99999999', 'abc', '0', '-1']) {
      const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${id}`);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Point not found' }] }, id);
    }
    const stored = await ctx.database.db.selectFrom('points').selectAll().where('id', '=', foreign.id).executeTakeFirstOrThrow();
    assert.equal(stored.revoked_at, null);
    assert.equal(await assertPointsExact(stranger.id), await testerPoints(stranger.id));
  });

  // ---- share points ----------------------------------------------------------------------------

  test('awardSharePoints: once per visitor network per tester, share_points each, activity share', async () => {
    const beta = await bonusOnlyBeta({ share_points: 3 });
    const betaView = await ctx.services.betas.require(ctx.companyId, beta.id);
    const tester = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const now = ctx.clock.now().toISOString();
    const award = (testerId: number, network: string) =>
      inTransaction(ctx.database.db, (trx) => awardSharePoints(trx, betaView, { id: testerId }, network, now));

    const first = await award(tester.id, '203.0.113.0/24');
    assert.ok(first);
    assert.equal(first.quantity, 3);
    assert.equal(first.activity, 'share');
    assert.equal(first.dedupe_key, 'share:203.0.113.0/24');
    assert.equal(first.tester_id, tester.id);
    assert.equal(first.beta_id, beta.id);
    assert.equal(first.reason, null);
    assert.equal(await award(tester.id, '203.0.113.0/24'), null, 'the same network again: nothing');
    assert.equal(await testerPoints(tester.id), before + 3);

    const second = await award(tester.id, '198.51.100.0/24');
    assert.ok(second);
    assert.equal(await testerPoints(tester.id), before + 6);
    // The same network counts again for another tester's link.
    assert.ok(await award(friend.id, '203.0.113.0/24'));

    const shares = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', tester.id).where('activity', '=', 'share').execute();
    assert.equal(shares.length, 2);
    await assertPointsExact(tester.id);

    // Listed like any other point.
    const list = await ctx.request('GET', `/api/v2/betas/${beta.id}/points?email=${encodeURIComponent(tester.email)}`);
    assert.deepEqual(
      list.body.filter((p: { activity: string }) => p.activity === 'share').map((p: { id: number }) => p.id),
      [first.id, second.id],
    );
  });

  test('awardSharePoints: a beta giving 0 share points awards nothing', async () => {
    const beta = await bonusOnlyBeta({ share_points: 0 });
    const betaView = await ctx.services.betas.require(ctx.companyId, beta.id);
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const result = await inTransaction(ctx.database.db, (trx) => awardSharePoints(trx, betaView, tester, '203.0.113.0/24', ctx.clock.now().toISOString()));
    assert.equal(result, null);
    const shares = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', tester.id).where('activity', '=', 'share').execute();
    assert.deepEqual(shares, []);
    assert.equal(await testerPoints(tester.id), before);
  });

  test('awardSharePoints: the same visitor network in concurrent transactions is awarded once', async () => {
    const beta = await bonusOnlyBeta({ share_points: 2 });
    const betaView = await ctx.services.betas.require(ctx.companyId, beta.id);
    const tester = await createTester(ctx, beta.id);
    const before = await testerPoints(tester.id);
    const now = ctx.clock.now().toISOString();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => inTransaction(ctx.database.db, (trx) => awardSharePoints(trx, betaView, tester, 'visitor-hash-1', now))),
    );
    assert.equal(results.filter((r) => r !== null).length, 1);
    assert.equal(await testerPoints(tester.id), before + 2);
    await assertPointsExact(tester.id);
  });

  // ---- waitlist --------------------------------------------------------------------------------

  test('with waitlist_order points, bonus points move a tester up and revoking moves them back', async () => {
    const beta = await bonusOnlyBeta({ waitlist_order: 'points' });
    const first = await createTester(ctx, beta.id);
    ctx.clock.advance(1000);
    const second = await createTester(ctx, beta.id);
    ctx.clock.advance(1000);
    const third = await createTester(ctx, beta.id);
    const position = async (id: number) => {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${id}`);
      assert.equal(response.status, 200);
      return [response.body.waitlist_position, response.body.waitlist_ahead, response.body.waitlist_behind, response.body.waitlist_length];
    };
    assert.deepEqual(await position(first.id), [1, 0, 2, 3]);
    assert.deepEqual(await position(third.id), [3, 2, 0, 3]);

    const bonus = (await post(beta.id, { email: third.email, quantity: 5 })).body;
    assert.deepEqual(await position(third.id), [1, 0, 2, 3]);
    assert.deepEqual(await position(first.id), [2, 1, 1, 3]);
    assert.deepEqual(await position(second.id), [3, 2, 0, 3]);

    // A deduction moves a tester down.
    const deduction = (await post(beta.id, { email: first.email, quantity: -1 })).body;
    assert.deepEqual(await position(first.id), [3, 2, 0, 3]);
    assert.deepEqual(await position(second.id), [2, 1, 1, 3]);

    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${bonus.id}`)).status, 200);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${deduction.id}`)).status, 200);
    assert.deepEqual(await position(first.id), [1, 0, 2, 3]);
    assert.deepEqual(await position(second.id), [2, 1, 1, 3]);
    assert.deepEqual(await position(third.id), [3, 2, 0, 3]);
  });

  test('with the default referrals order, points do not move the waitlist', async () => {
    const beta = await bonusOnlyBeta();
    const first = await createTester(ctx, beta.id);
    ctx.clock.advance(1000);
    const second = await createTester(ctx, beta.id);
    assert.equal((await post(beta.id, { email: second.email, quantity: 50 })).status, 201);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${second.id}`);
    assert.equal(shown.body.waitlist_position, 2);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${first.id}`)).body.waitlist_position, 1);
  });
});
