import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { App } from '../../src/http/app-type.ts';
import { appWithLog, startTestContext, type TestContext } from '../support/context.ts';
import { Errors } from '../../src/primitives/errors.ts';

describe('authentication', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('HTTP Basic with the key as user name and an empty password', async () => {
    const basic = Buffer.from(`${ctx.apiKey}:`).toString('base64');
    const response = await ctx.request('GET', '/api/v2/betas.json', { key: null, headers: { authorization: `Basic ${basic}` } });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, []);
  });

  test('Bearer token', async () => {
    const response = await ctx.request('GET', '/api/v2/betas', { key: null, headers: { authorization: `Bearer ${ctx.apiKey}` } });
    assert.equal(response.status, 200);
  });

  test('api_key query parameter', async () => {
    const response = await ctx.request('GET', `/api/v2/betas.json?api_key=${encodeURIComponent(ctx.apiKey)}`, { key: null });
    assert.equal(response.status, 200);
  });

  test('the same api_key twice (a client sending it from its params and in the URL) is answered as one key; two different ones are 401', async () => {
    await ctx.createBeta();
    const key = encodeURIComponent(ctx.apiKey);
    const once = await ctx.request('GET', `/api/v2/betas.json?api_key=${key}`, { key: null });
    const twice = await ctx.request('GET', `/api/v2/betas.json?api_key=${key}&api_key=${key}`, { key: null });
    assert.equal(once.status, 200);
    assert.ok(once.body.length > 0);
    assert.deepEqual([twice.status, twice.body, twice.headers['x-pagination']], [once.status, once.body, once.headers['x-pagination']]);
    const other = (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId })).key;
    const conflicting = await ctx.request('GET', `/api/v2/betas.json?api_key=${key}&api_key=${encodeURIComponent(other)}`, { key: null });
    assert.equal(conflicting.status, 401);
    assert.deepEqual(conflicting.body, { errors: [{ code: Errors.unauthorized.code, message: 'Conflicting API keys: send one key, in the Authorization header or as api_key' }] });
  });

  test('a missing key is 401 with a challenge and the error body', async () => {
    const response = await ctx.request('GET', '/api/v2/betas', { key: null });
    assert.equal(response.status, 401);
    assert.match(String(response.headers['www-authenticate']), /Basic realm="Prelaunch"/);
    assert.equal(response.body.errors[0].code, Errors.unauthorized.code);
  });

  test('an unknown key is 401', async () => {
    const response = await ctx.request('GET', '/api/v2/betas', { key: 'pl_not-a-real-key' });
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { errors: [{ code: Errors.unauthorized.code, message: 'Invalid API key' }] });
  });

  test('a revoked key is 401 and stays revoked', async () => {
    const created = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'temp' });
    assert.equal((await ctx.request('GET', '/api/v2/betas', { key: created.key })).status, 200);
    await ctx.services.accounts.revokeApiKey(created.id);
    const response = await ctx.request('GET', '/api/v2/betas', { key: created.key });
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { errors: [{ code: Errors.unauthorized.code, message: 'Invalid API key' }] }, 'answered as an unknown key');
    const [stored] = (await ctx.services.accounts.listApiKeys(ctx.companyId)).filter((k) => k.id === created.id);
    assert.ok(stored.revoked_at);
  });

  test('an expired key is 401', async () => {
    // A key cannot be made expired: made to expire in a second, it is used two seconds later.
    const created = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, expiresAt: new Date(ctx.clock.now().getTime() + 1000) });
    ctx.clock.advance(2000);
    const response = await ctx.request('GET', '/api/v2/betas', { key: created.key });
    assert.equal(response.status, 401);
    assert.deepEqual(response.body, { errors: [{ code: Errors.unauthorized.code, message: 'Invalid API key' }] }, 'answered as an unknown key');
  });

  test('malformed and conflicting credentials are 401; the forms clients of the original send are accepted', async () => {
    const key = ctx.apiKey;
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const attempt = (headers: Record<string, string>, query = '') => ctx.request('GET', `/api/v2/betas.json${query}`, { key: null, headers });
    const malformed = 'Malformed Authorization header: send "Bearer KEY", or HTTP Basic with the key as user name and an empty password';
    const conflicting = 'Conflicting API keys: send one key, in the Authorization header or as api_key';
    for (const [what, headers, query, message] of [
      ['a Bearer token with more after it', { authorization: `Bearer ${key} junk` }, '', malformed],
      ['an unknown scheme', { authorization: `Token ${key}` }, '', malformed],
      ['Basic with a password', { authorization: basic(`${key}:secret`) }, '', malformed],
      ['Basic with no user', { authorization: basic(`:${key}`) }, '', malformed],
      ['a header key and another api_key', { authorization: `Bearer ${key}` }, '?api_key=pl_someone_else', conflicting],
      ['two different api_key values', {}, `?api_key=${key}&api_key=pl_someone_else`, conflicting],
    ] as const) {
      const response = await attempt(headers, query);
      assert.equal(response.status, 401, what);
      assert.deepEqual(response.body, { errors: [{ code: Errors.unauthorized.code, message }] }, what);
      assert.match(String(response.headers['www-authenticate']), /Bearer realm/, what);
    }
    for (const [what, headers, query] of [
      ['Basic with the original placeholder password X', { authorization: basic(`${key}:X`) }, ''],
      ['Basic with no colon', { authorization: basic(key) }, ''],
      ['the same key in the header and as api_key', { authorization: `Bearer ${key}` }, `?api_key=${key}`],
      ['the same api_key twice', {}, `?api_key=${key}&api_key=${key}`],
    ] as const) {
      assert.equal((await attempt(headers, query)).status, 200, what);
    }
  });

  test('a key without the route permission is 403', async () => {
    const created = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read'] });
    const response = await ctx.request('GET', '/api/v2/betas', { key: created.key });
    assert.equal(response.status, 403);
    assert.deepEqual(response.body, { errors: [{ code: Errors.forbidden.code, message: 'This API key lacks the betas:read permission' }] });
  });

  test('using a key records last_used_at', async () => {
    const created = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId });
    await ctx.request('GET', '/api/v2/betas', { key: created.key });
    const [stored] = (await ctx.services.accounts.listApiKeys(ctx.companyId)).filter((k) => k.id === created.id);
    assert.equal(stored.last_used_at, ctx.clock.now().toISOString());
  });

  test('a key reaches only its own company: another company\'s beta is 404, never 403', async () => {
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const otherKey = await ctx.services.accounts.createApiKey({ companyId: other.id });
    const beta = await ctx.createBeta();
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}`, { key: otherKey.key });
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].message, 'Beta not found');
    const list = await ctx.request('GET', '/api/v2/betas', { key: otherKey.key });
    assert.deepEqual(list.body, []);
  });

  test('an unknown route is 404 with the error body', async () => {
    const response = await ctx.request('GET', '/api/v2/nothing-here');
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].code, Errors.notFound.code);
  });
});

// Unknown, revoked and expired keys are answered alike; the operator's log says which it was.
describe('a refused key in the log', () => {
  let ctx: TestContext;
  let app: App;
  let log: () => string;
  before(async () => {
    ctx = await startTestContext();
    ({ app, log } = await appWithLog(ctx));
  });
  after(async () => {
    await app.close();
    await ctx.close();
  });

  test('the same answer for an unknown, a revoked and an expired key; the reason and the key id only in the log', async () => {
    const revoked = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId });
    await ctx.services.accounts.revokeApiKey(revoked.id);
    const expired = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, expiresAt: new Date(ctx.clock.now().getTime() + 1000) });
    ctx.clock.advance(2000);
    const answers = [];
    for (const key of ['pl_unknownunknownunknownunknown00', revoked.key, expired.key]) {
      const response = await app.inject({ method: 'GET', url: '/api/v2/betas', headers: { authorization: `Bearer ${key}` } });
      answers.push({ status: response.statusCode, body: response.json(), challenge: response.headers['www-authenticate'] });
    }
    assert.deepEqual(answers[1], answers[0]);
    assert.deepEqual(answers[2], answers[0]);
    assert.equal(answers[0].status, 401);
    const text = log();
    const refusals = text.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'API key refused');
    assert.deepEqual(refusals.map((entry) => [entry.reason, entry.keyId]), [['unknown', null], ['revoked', revoked.id], ['expired', expired.id]]);
    assert.ok(!text.includes(revoked.key) && !text.includes(expired.key), 'no key in the log');
  });
});
