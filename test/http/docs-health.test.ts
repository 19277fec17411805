import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.ts';
import { errorCodeTable, Errors } from '../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

describe('OpenAPI, reference and health', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('the OpenAPI 3.1 document is generated from the routes, with and without .json, no key needed', async () => {
    for (const path of ['/api/v2/openapi.json', '/api/v2/openapi']) {
      const response = await ctx.request('GET', path, { key: null });
      assert.equal(response.status, 200, path);
      const document = response.body;
      assert.equal(document.openapi, '3.1.0');
      assert.deepEqual(Object.keys(document.components.securitySchemes).sort(), ['apiKey', 'basic', 'bearer']);
      const testers = document.paths['/api/v2/betas/{beta_id}/testers'];
      assert.ok(testers.get && testers.post, 'list and create testers');
      assert.deepEqual(testers.post.tags, ['Testers']);
      assert.equal(testers.post.operationId, 'createTester');
      assert.ok(testers.post.requestBody.content['application/json'], 'JSON body documented');
      assert.equal(testers.post['x-extension'], undefined, 'the original interface has it');
      assert.equal(document.paths['/api/v2/betas'].post['x-extension'], true);
      assert.deepEqual(document.paths['/api/v2/betas/{beta_id}/questions'].post.tags, ['Signup questions']);
      assert.equal(document.paths['/api/v2/betas/{beta_id}/questions'].post['x-extension'], true);
      assert.equal(document.paths['/healthz'], undefined, 'operational routes are not part of the API document');
    }
  });

  test('the OpenAPI document describes every error code of the registry, once', async () => {
    const document = (await ctx.request('GET', '/api/v2/openapi', { key: null })).body;
    const expected = Object.values(Errors)
      .map(({ code, status, message }) => ({ code, status, message }))
      .sort((a, b) => a.code - b.code);
    assert.deepEqual(document['x-error-codes'].map(({ code, status, message }: typeof expected[number]) => ({ code, status, message })), expected);
    const errorBody = Object.values(document.components.schemas as Record<string, any>).find((schema) => schema.title === 'ErrorBody');
    assert.ok(errorBody.properties.errors.items.properties.code.description.endsWith(errorCodeTable()), 'the error body documents the codes');
  });

  test('the interactive reference is served at /docs', async () => {
    const response = await ctx.request('GET', '/docs/', { key: null });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /text\/html/);
    assert.match(response.raw.body, /swagger/i);
  });

  test('/docs and its assets carry the security headers; the API\'s answers do not', async () => {
    const directives = [
      "default-src 'none'",
      "script-src 'self'",
      // The one inline <style> of Swagger UI (its logo's colours), by hash: no 'unsafe-inline'.
      "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
      "img-src 'self' data:",
      "connect-src 'self' https://prelaunch.test",
      "form-action 'self'",
      "base-uri 'none'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ];
    const paths = [
      '/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-ui-standalone-preset.js',
      '/docs/static/swagger-initializer.js', '/docs/static/swagger-ui.css', '/docs/static/favicon-32x32.png', '/docs/json', '/docs/yaml',
      '/docs/static/no-such-file.js',
    ];
    for (const path of paths) {
      const response = await ctx.request('GET', path, { key: null });
      assert.ok([200, 302, 404].includes(response.status), `${path}: ${response.status}`);
      // Exactly these: no upgrade-insecure-requests, which would break the page on a plain-HTTP install.
      assert.deepEqual(String(response.headers['content-security-policy']).split(';'), directives, path);
      assert.equal(response.headers['x-frame-options'], 'DENY', path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(response.headers['referrer-policy'], 'no-referrer', path);
    }
    assert.equal((await ctx.request('GET', '/docs/static/no-such-file.js', { key: null })).status, 404);
    for (const path of ['/api/v2/openapi.json', '/healthz', '/api/v2/betas']) {
      const response = await ctx.request('GET', path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['content-security-policy'], undefined, path);
      assert.equal(response.headers['x-frame-options'], undefined, path);
    }
  });

  test('/healthz answers while the process is up', async () => {
    const response = await ctx.request('GET', '/healthz', { key: null });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { status: 'ok' });
  });

  test('/readyz answers 200 with a reachable database and 503 without', async () => {
    const ready = await ctx.request('GET', '/readyz', { key: null });
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ready', database: 'ok' });
    const unreachable = await buildApp({ config: ctx.config, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => false });
    const response = await unreachable.inject({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { status: 'unavailable', database: 'unreachable' });
    await unreachable.close();
  });

  test('api_key values never reach the log line', async () => {
    const { maskSecrets } = await import('../../src/http/request-log.ts');
    assert.equal(maskSecrets('/api/v2/betas?api_key=pl_secret&page=2'), '/api/v2/betas?api_key=[redacted]&page=2');
    assert.equal(maskSecrets('/api/v2/betas?page=2&API_KEY=pl_secret'), '/api/v2/betas?page=2&API_KEY=[redacted]');
  });
});
