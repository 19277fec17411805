// The typed client (client/): its types are what the OpenAPI document says today, and the README's
// tour through it works against a real server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clientTypes } from '../../client/generate.ts';
import { tour } from '../../client/example.ts';
import { createPrelaunchClient } from '../../client/index.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

describe('the typed client', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ listen: true });
  });
  after(() => ctx?.close());

  test('its types are generated from the OpenAPI document as it is now', async () => {
    const committed = readFileSync(new URL('../../client/api-types.ts', import.meta.url), 'utf8');
    assert.ok(committed === (await clientTypes(ctx.app.swagger())), 'client/api-types.ts is stale: run npm run client:generate');
  });

  test('the tour creates a beta and two testers, and reads the standing the referral gave', async () => {
    const client = createPrelaunchClient({ baseUrl: `${ctx.config.publicUrl}/`, apiKey: ctx.apiKey });
    const { beta, ann, listed, pagination } = await tour(client);
    assert.equal(beta.name, 'Rocket');
    assert.equal(ann?.email, 'ann@example.com');
    assert.equal(ann?.share_signups_count, 1);
    assert.equal(ann?.waitlist_position, 1);
    assert.equal(ann?.waitlist_length, 2);
    assert.deepEqual(listed.map((tester) => tester.email), ['ann@example.com', 'bob@example.com']);
    assert.equal(JSON.parse(pagination ?? 'null')?.total_count, 2);
    const stored = await ctx.database.db.selectFrom('testers').select(['email', 'referrer_id']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(stored.map((row) => [row.email, row.referrer_id]), [['ann@example.com', null], ['bob@example.com', ann!.id]]);
    const key = await ctx.database.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', '=', 'signup-bob-1').execute();
    assert.equal(key.length, 1, 'the Idempotency-Key the tour sent was recorded');
  });

  test('an error answer is typed and carries the interface code, and nothing is stored', async () => {
    const client = createPrelaunchClient({ baseUrl: ctx.config.publicUrl, apiKey: ctx.apiKey });
    const beta = await ctx.createBeta();
    const refused = await client.POST('/api/v2/betas/{beta_id}/testers', { params: { path: { beta_id: String(beta.id) } }, body: { tester: { email: 'not an address' } } });
    assert.equal(refused.response.status, 422);
    assert.equal(refused.data, undefined);
    assert.equal(typeof (refused.error as { errors: { code: number }[] }).errors[0]?.code, 'number');
    const stored = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(stored, []);
  });

  test('a wrong key is refused with 401', async () => {
    const client = createPrelaunchClient({ baseUrl: ctx.config.publicUrl, apiKey: 'pl_not_a_key' });
    const refused = await client.GET('/api/v2/betas');
    assert.equal(refused.response.status, 401);
  });
});
