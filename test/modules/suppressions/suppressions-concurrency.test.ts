// Suppressions under concurrency: identical requests run together through Promise.all (on
// PostgreSQL the pool has 20 connections, so transactions truly overlap; on SQLite they serialise).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from '../testers/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('suppressions under concurrency', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('50 parallel identical creates: exactly one 201, 49 answered 2702, one row', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, {
          // The same address, spelled in different cases: one suppression per address.
          body: { suppression: { email: i % 2 === 0 ? tester.email : tester.email.toUpperCase(), reason: 'Unsubscribe' } },
        }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    assert.equal(created.length, 1, JSON.stringify(responses.filter((r) => r.status !== 201 && r.status !== 422).map((r) => r.body)));
    const refused = responses.filter((r) => r.status !== 201);
    assert.equal(refused.length, 49);
    for (const response of refused) {
      assert.deepEqual([response.status, response.body], [422, { errors: [{ code: Errors.suppressionExists.code, message: 'Email already exists' }] }]);
    }
    const rows = await ctx.database.db.selectFrom('suppressions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].id, created[0].body.id);
    assert.equal(created[0].body.user_id, tester.id);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T09:15:00.000Z');
  });

  test('parallel deletes of one Manual suppression: one 200, the rest 404', async () => {
    const beta = await ctx.createBeta();
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: 'once@example.com' } });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => ctx.request('DELETE', `/api/v2/betas/${beta.id}/suppressions/${created.body.id}`)),
    );
    assert.equal(responses.filter((r) => r.status === 200).length, 1);
    for (const response of responses.filter((r) => r.status !== 200)) {
      assert.deepEqual([response.status, response.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Suppression not found' }] }]);
    }
    const rows = await ctx.database.db.selectFrom('suppressions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows, []);
  });
});
