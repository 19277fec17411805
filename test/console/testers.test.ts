// Roles on the calls the console's tester pages make, with a session: every member reads the
// table (filters, sorts) and a tester's answers; a viewer changes nothing (status, points,
// rewards, deletion), an admin does; another company's member reaches none of it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, storedTester } from '../modules/testers/support.ts';
import { signedIn } from './support.ts';

describe('console: roles on the testers calls', () => {
  let ctx: TestContext;
  let betaId: number;
  let tester: any;
  before(async () => {
    ctx = await startTestContext();
    betaId = (await ctx.createBeta()).id;
    tester = await createTester(ctx, betaId, { email: 'ann@example.com', groups: 'vip' });
  });
  after(() => ctx.close());

  test('a viewer reads the table and a tester, and writes nothing', async () => {
    const viewer = await signedIn(ctx, 'viewer@example.com', 'viewer');
    const list = await viewer.request('GET', `/api/v2/betas/${betaId}/testers?group=vip&sort=position&fraud=clear&referred=false`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((t: { id: number }) => t.id), [tester.id]);
    assert.equal((await viewer.request('GET', `/api/v2/betas/${betaId}/testers/${tester.id}/responses`)).status, 200);
    for (const [method, url, body] of [
      ['PUT', `/api/v2/betas/${betaId}/testers/${tester.id}`, { tester: { status: 'invited' } }],
      ['POST', `/api/v2/betas/${betaId}/points`, { email: tester.email, quantity: 5 }],
      ['POST', `/api/v2/betas/${betaId}/rewards/trigger`, { email: tester.email, event: 'purchase' }],
      ['DELETE', `/api/v2/betas/${betaId}/testers/${tester.id}`, undefined],
    ] as const) {
      const refused = await viewer.request(method, url, body);
      assert.equal(refused.status, 403, `${method} ${url}`);
    }
    const row = await storedTester(ctx, tester.id);
    assert.equal(row?.status, 'applied');
    assert.equal(row?.points, (await ctx.database.db.selectFrom('points').select('quantity').where('tester_id', '=', tester.id).execute()).reduce((sum, p) => sum + p.quantity, 0));
    assert.equal((await ctx.database.db.selectFrom('points').select('id').where('tester_id', '=', tester.id).where('activity', '=', 'bonus').execute()).length, 0);
  });

  test('an admin changes a status and adds points; another company\'s owner reaches neither list nor answers', async () => {
    const admin = await signedIn(ctx, 'admin@example.com', 'admin');
    const changed = await admin.request('PUT', `/api/v2/betas/${betaId}/testers/${tester.id}`, { tester: { status: 'invited' } });
    assert.equal(changed.status, 200);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'invited');
    assert.equal((await admin.request('POST', `/api/v2/betas/${betaId}/points`, { email: tester.email, quantity: 5, reason: 'thanks' })).status, 201);
    const bonus = await ctx.database.db.selectFrom('points').select(['quantity', 'reason']).where('tester_id', '=', tester.id).where('activity', '=', 'bonus').execute();
    assert.deepEqual(bonus, [{ quantity: 5, reason: 'thanks' }]);

    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const stranger = await signedIn(ctx, 'stranger@example.com', 'owner', other.id);
    assert.equal((await stranger.request('GET', `/api/v2/betas/${betaId}/testers?sort=points`)).status, 404);
    assert.equal((await stranger.request('GET', `/api/v2/betas/${betaId}/testers/${tester.id}/responses`)).status, 404);
  });
});
