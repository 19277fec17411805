// The company's API keys through the management API: only owners (and keys given api_keys:manage)
// list, create and revoke them; the secret is answered once; a revoked key opens nothing; another
// company's key is 404; no one hands out a permission they lack.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestContext, type TestContext } from '../support/context.ts';
import { Permissions } from '../../src/modules/accounts/permissions.ts';
import { signedIn, type SignedIn } from './support.ts';

describe('API keys through the API', () => {
  let ctx: TestContext;
  let owner: SignedIn;
  before(async () => {
    ctx = await startTestContext();
    owner = await signedIn(ctx, 'keys-owner@example.com', 'owner');
  });
  after(() => ctx.close());

  const stored = (id: number) => ctx.database.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  test('an owner creates a key: shown once, stored as its hash; listed with its prefix only; it works', async () => {
    const created = await owner.request('POST', '/api/v2/api_keys', { name: ' Zapier ', permissions: ['testers:read', 'betas:read', 'testers:read'], expires_at: '2099-01-31' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.key, /^pl_[A-Za-z0-9_-]{32}$/);
    assert.equal(created.body.name, 'Zapier');
    assert.deepEqual(created.body.permissions, ['betas:read', 'testers:read']);
    assert.equal(created.body.expires_at, '2099-01-31T00:00:00Z');
    assert.equal(created.body.key_prefix, created.body.key.slice(0, 7));
    const row = await stored(created.body.id);
    assert.equal(row.key_hash, createHash('sha256').update(created.body.key).digest('hex'));
    assert.equal(row.company_id, ctx.companyId);

    const list = await owner.request('GET', '/api/v2/api_keys?per_page=100');
    assert.equal(list.status, 200);
    const listed = list.body.find((k: { id: number }) => k.id === created.body.id);
    assert.deepEqual(Object.keys(listed).sort(), ['company_id', 'created_at', 'expires_at', 'id', 'key_prefix', 'last_used_at', 'name', 'permissions', 'revoked_at']);
    assert.equal(JSON.stringify(list.body).includes(created.body.key), false, 'the secret is never listed');
    assert.ok(list.headers['x-pagination']);

    const used = await ctx.request('GET', '/api/v2/betas', { key: created.body.key });
    assert.equal(used.status, 200);
    assert.equal((await ctx.request('POST', '/api/v2/betas', { key: created.body.key, body: { name: 'No', homepage_url: 'https://example.com' } })).status, 403, 'only its permissions');

    // Defaults: every permission, no expiry, "API key".
    const plain = await owner.request('POST', '/api/v2/api_keys', {});
    assert.equal(plain.status, 201);
    assert.deepEqual(plain.body.permissions, [...Permissions]);
    assert.equal(plain.body.expires_at, null);
    assert.equal(plain.body.name, 'API key');
  });

  test('revoked, the key opens nothing (401); revoking again keeps the first time', async () => {
    const created = await owner.request('POST', '/api/v2/api_keys', { name: 'Soon gone' });
    const revoked = await owner.request('POST', `/api/v2/api_keys/${created.body.id}/revoke`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.revoked_at, `${ctx.clock.now().toISOString().slice(0, 19)}Z`);
    assert.equal(revoked.body.key, undefined);
    assert.equal((await ctx.request('GET', '/api/v2/betas', { key: created.body.key })).status, 401);
    ctx.clock.advance(60_000);
    const again = await owner.request('POST', `/api/v2/api_keys/${created.body.id}/revoke`);
    assert.equal(again.body.revoked_at, revoked.body.revoked_at);
    assert.ok((await stored(created.body.id)).revoked_at);
  });

  test('bad input is 422 and stores nothing', async () => {
    const count = async () => (await ctx.database.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{ permissions: ['betas:fly'] }, /^Unknown permission betas:fly; known: betas:read/],
      [{ permissions: [] }, /^permissions must name at least one permission/],
      [{ expires_at: '2001-01-01' }, /^expires_at must be in the future/],
      [{ expires_at: '2099-02-30' }, /^expires_at must be an ISO 8601 date/],
      [{ expires_at: '2099-01-01T10:00' }, /^expires_at must be an ISO 8601 date/],
      [{ name: 'x'.repeat(101) }, /name/],
    ];
    for (const [body, message] of cases) {
      const response = await owner.request('POST', '/api/v2/api_keys', body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.match(response.body.errors[0].message, message, JSON.stringify(response.body));
    }
    assert.equal(await count(), before);
  });

  test('admins and viewers are refused with 403; keys without api_keys:manage too; a key grants only what it holds', async () => {
    const target = (await owner.request('POST', '/api/v2/api_keys', { name: 'Target' })).body;
    for (const role of ['admin', 'viewer']) {
      const member = await signedIn(ctx, `keys-${role}@example.com`, role);
      for (const [method, url] of [['GET', '/api/v2/api_keys'], ['POST', '/api/v2/api_keys'], ['POST', `/api/v2/api_keys/${target.id}/revoke`]]) {
        const response = await member.request(method, url, method === 'POST' ? {} : undefined);
        assert.equal(response.status, 403, `${role} ${method} ${url}`);
        assert.equal(response.body.errors[0].code, 3004);
      }
    }
    assert.equal((await stored(target.id)).revoked_at, null);

    const limited = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read'] });
    assert.equal((await ctx.request('GET', '/api/v2/api_keys', { key: limited.key })).status, 403);
    const manager = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['api_keys:manage', 'betas:read'] });
    const escalating = await ctx.request('POST', '/api/v2/api_keys', { key: manager.key, body: { permissions: ['betas:read', 'testers:delete'] } });
    assert.equal(escalating.status, 403);
    assert.match(escalating.body.errors[0].message, /lacks the testers:delete permission/);
    const within = await ctx.request('POST', '/api/v2/api_keys', { key: manager.key, body: { permissions: ['betas:read'] } });
    assert.equal(within.status, 201);
  });

  test("another company's key is 404 to list, revoke; its list shows only its own", async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Elsewhere' });
    const theirs = await ctx.services.accounts.createApiKey({ companyId: company.id, name: 'Theirs' });
    const revoke = await owner.request('POST', `/api/v2/api_keys/${theirs.id}/revoke`);
    assert.equal(revoke.status, 404);
    assert.equal((await stored(theirs.id)).revoked_at, null);
    for (const id of ['0', 'abc', '99999999999']) assert.equal((await owner.request('POST', `/api/v2/api_keys/${id}/revoke`)).status, 404);
    const list = await ctx.request('GET', '/api/v2/api_keys?per_page=100', { key: theirs.key });
    assert.deepEqual(list.body.map((k: { name: string }) => k.name), ['Theirs']);
  });
});
