// Points under concurrency: awards and revocations run together through Promise.all (on PostgreSQL
// the pool has 20 connections, so transactions truly overlap; on SQLite they serialise), and
// afterwards testers.points must be exactly the sum of the tester's rows that were not revoked.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from '../testers/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('points under concurrency', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  async function assertPointsExact(testerId: number): Promise<number> {
    const rows = await ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', testerId).execute();
    const sum = rows.filter((r) => r.revoked_at === null).reduce((total, r) => total + r.quantity, 0);
    assert.equal((await storedTester(ctx, testerId))!.points, sum, 'testers.points equals the sum of the non-revoked rows');
    return sum;
  }

  test('50 parallel creates for one tester: all 201, testers.points is the exact sum', async () => {
    const beta = await ctx.createBeta({ waitlist_order: 'points', signup_points: 0, referral_points: 0 });
    const tester = await createTester(ctx, beta.id);
    const before = (await storedTester(ctx, tester.id))!.points;
    const quantities = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? -(i + 1) : i + 1));
    const responses = await Promise.all(
      quantities.map((quantity) => ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: tester.email, quantity } })),
    );
    for (const response of responses) assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(responses.map((r) => r.body.quantity).sort((a, b) => a - b), [...quantities].sort((a, b) => a - b));
    assert.equal(new Set(responses.map((r) => r.body.id)).size, 50);
    const expected = quantities.reduce((a, b) => a + b, 0);
    assert.equal(await assertPointsExact(tester.id), before + expected);
  });

  test('parallel revocations (each point twice) mixed with creates: one revocation wins per point, the sum stays exact', async () => {
    const beta = await ctx.createBeta({ signup_points: 0, referral_points: 0 });
    const tester = await createTester(ctx, beta.id);
    const other = await createTester(ctx, beta.id);
    const created = [];
    for (let i = 1; i <= 20; i++) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: tester.email, quantity: i } });
      assert.equal(response.status, 201);
      created.push(response.body);
    }
    const toRevoke = created.slice(0, 10);
    const revoke = (id: number) => ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${id}`);
    const award = (email: string, quantity: number) => ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email, quantity } });
    const responses = await Promise.all([
      ...toRevoke.map((p) => revoke(p.id)),
      ...toRevoke.map((p) => revoke(p.id)),
      ...Array.from({ length: 15 }, (_, i) => award(tester.email, 100 + i)),
      ...Array.from({ length: 15 }, (_, i) => award(other.email, -(i + 1))),
    ]);
    const revocations = responses.slice(0, 20);
    for (const point of toRevoke) {
      const answers = revocations.filter((r) => (r.status === 200 ? r.body.id === point.id : false));
      assert.equal(answers.length, 1, `point ${point.id} revoked exactly once`);
    }
    const refused = revocations.filter((r) => r.status !== 200);
    assert.equal(refused.length, 10);
    for (const response of refused) assert.deepEqual([response.status, response.body], [422, { errors: [{ code: Errors.pointsGeneral.code, message: 'Point already revoked' }] }]);
    for (const response of responses.slice(20)) assert.equal(response.status, 201, JSON.stringify(response.body));
    const revokedRows = await ctx.database.db.selectFrom('points').select('id').where('tester_id', '=', tester.id).where('revoked_at', 'is not', null).execute();
    assert.deepEqual(revokedRows.map((r) => r.id).sort((a, b) => a - b), toRevoke.map((p) => p.id).sort((a, b) => a - b));
    await assertPointsExact(tester.id);
    await assertPointsExact(other.id);
  });
});
