// The OpenAPI document is complete enough to generate a client from and to test against: every
// operation has a unique camelCase operationId and a tag the document describes, and declares
// every status the shared hooks and error handler can answer on it. The last test provokes each of
// those statuses on every operation, so the rule the declarations follow is shown to be the one the
// code keeps, and a new route is covered the day it is added.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.ts';
import { openRateLimits } from '../../src/http/rate-limits.ts';
import type { App } from '../../src/http/app-type.ts';
import { Permissions } from '../../src/modules/accounts/permissions.ts';
import { logLines, startTestContext, type TestContext } from '../support/context.ts';
import { documentedOperations, type Operation } from '../support/openapi.ts';
import { jsonText, validValue } from '../support/fuzz/schema-values.ts';
import fc from 'fast-check';
import type { IdempotencyKeys } from '../../src/modules/idempotency/idempotency-keys.ts';

const TOO_LARGE = 2048;

/** What the shared hooks and error handler can answer on an operation (written out here, not imported). */
function sharedStatuses(operation: Operation): string[] {
  const statuses = new Set(['401', '403', '422', '429', '500']);
  if (operation.pathParameters.length > 0) for (const status of ['400', '404', '414']) statuses.add(status);
  if (operation.method !== 'GET') for (const status of ['400', '409', '413']) statuses.add(status);
  return [...statuses].sort();
}

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let document: any;
  let operations: Operation[];
  before(async () => {
    ctx = await startTestContext();
    document = (await ctx.request('GET', '/docs/json', { key: null })).body;
    operations = documentedOperations(document);
  });
  after(() => ctx.close());

  test('every operation has a unique camelCase operationId and one or more tags the document describes', () => {
    assert.ok(operations.length >= 54, `${operations.length} operations`);
    const described = new Set(document.tags.map((tag: { name: string; description?: string }) => {
      assert.ok(tag.description, `tag ${tag.name} has a description`);
      return tag.name;
    }));
    const ids = new Set<string>();
    for (const operation of operations) {
      const { operationId, tags } = operation.spec;
      assert.match(operationId ?? '', /^[a-z][a-zA-Z0-9]*$/, `${operation.label}: operationId ${operationId}`);
      assert.ok(!ids.has(operationId), `${operation.label}: operationId ${operationId} is used twice`);
      ids.add(operationId);
      assert.ok(Array.isArray(tags) && tags.length > 0, `${operation.label}: tags`);
      for (const tag of tags) assert.ok(described.has(tag), `${operation.label}: tag ${tag} is not in the document's tags`);
    }
    assert.ok(!described.has('extension'), 'extensions are marked by x-extension, not by a tag');
  });

  test('every operation declares its success and every status the shared handlers can answer, each with an error body', () => {
    for (const operation of operations) {
      const declared = Object.keys(operation.spec.responses);
      assert.ok(declared.some((status) => status.startsWith('2')), `${operation.label}: a success status`);
      for (const status of sharedStatuses(operation)) {
        assert.ok(declared.includes(status), `${operation.label}: ${status} is not declared (declared: ${declared.join(', ')})`);
        const content = operation.spec.responses[status].content;
        const [type] = Object.keys(content ?? {});
        assert.ok(type === 'application/json' || type === 'application/xml', `${operation.label} ${status}: content ${type}`);
        assert.ok(content[type].schema, `${operation.label} ${status}: a schema`);
      }
    }
    const deleteTester = operations.find((operation) => operation.spec.operationId === 'deleteTester')!;
    assert.ok(deleteTester.spec.responses['202'], 'a queued deletion answers 202');
    for (const id of ['checkinTester', 'checkinTesterByEmail', 'redeliverWebhookDelivery']) {
      const operation = operations.find((candidate) => candidate.spec.operationId === id)!;
      assert.deepEqual(Object.keys(operation.spec.responses).filter((status) => status.startsWith('2')), ['202'], id);
      assert.equal(operation.spec.responses['202'].content, undefined, `${id}: 202 has no body`);
    }
  });

  test('each shared status is answered on every operation that declares it, never one it does not declare', async () => {
    const beta = await ctx.createBeta();
    // Member 1, which the member operations' paths name by default: the last owner, so none of them removes it.
    await ctx.services.members.create({ companyId: ctx.companyId, email: 'member@example.com', role: 'owner', password: 'a long enough password' });
    // Apps over the same services: one with a small body limit, one allowing a key one request a
    // minute, one where every Idempotency-Key is held by a request still running.
    const held = { ...ctx.services, idempotencyKeys: { claim: async () => ({ outcome: 'in flight' }) } as unknown as IdempotencyKeys };
    const apps = await Promise.all(
      [
        { config: { ...ctx.config, bodyLimitBytes: 1024 }, services: ctx.services },
        { config: { ...ctx.config, rateLimits: { ...ctx.config.rateLimits, default: { points: 1, seconds: 60 } } }, services: ctx.services },
        { config: ctx.config, services: held },
      ].map(async ({ config, services }) => {
        const { rateLimits, redis } = openRateLimits(config, logLines());
        const app = await buildApp({ config, services, rateLimits, redis, isDatabaseReady: async () => true });
        return { app, redis };
      }),
    );
    const [small, limited, inFlight] = apps.map(({ app }) => app);
    // A key the API key operations' paths name, so that revoking it leaves the context's own alone.
    const spare = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'Revoked by the test' });
    // Two keys that each lack a permission the other has: one of them lacks any route's.
    const keys = await Promise.all(
      [Permissions.slice(0, 1), Permissions.slice(1)].map(async (permissions) =>
        (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: [...permissions] })).key,
      ),
    );
    try {
      for (const operation of operations) {
        const seen = new Set<number>();
        const send = async (app: App, options: { key?: string | null; path?: string; query?: string; body?: string; headers?: Record<string, string> }) => {
          const headers: Record<string, string> = { ...options.headers };
          const key = options.key === undefined ? ctx.apiKey : options.key;
          if (key) headers.authorization = `Bearer ${key}`;
          if (options.body !== undefined) headers['content-type'] = operation.xml ? 'application/xml' : 'application/json';
          const url = (options.path ?? operation.path({ beta_id: String(beta.id), api_key_id: String(spare.id) })) + (options.query ?? '');
          const response = await app.inject({ method: operation.method as any, url, headers, payload: options.body });
          assert.ok(
            operation.spec.responses[String(response.statusCode)],
            `${operation.label}: answered ${response.statusCode}, which it does not declare: ${response.body.slice(0, 200)}`,
          );
          seen.add(response.statusCode);
          return response.statusCode;
        };
        await send(ctx.app, { key: null });
        for (const key of keys) await send(ctx.app, { key });
        await send(ctx.app, { query: '?nul=%00' });
        if (operation.pathParameters.length > 0) {
          await send(ctx.app, { path: operation.path({ beta_id: '999999999', member_id: '999999999', api_key_id: '999999999' }) });
          await send(ctx.app, { path: operation.path({ beta_id: String(beta.id), api_key_id: String(spare.id) }).replace(String(beta.id), '%FF') });
          await send(ctx.app, { path: operation.path({ beta_id: '1'.repeat(101), member_id: '1'.repeat(101), api_key_id: '1'.repeat(101) }) });
        }
        if (operation.method !== 'GET') {
          await send(ctx.app, { body: '{"unclosed": ' });
          await send(small, { body: 'x'.repeat(TOO_LARGE) });
          // A body the schema accepts, so that the request reaches the key's claim.
          const body = operation.xml
            ? '<checkin><email>a@example.com</email></checkin>'
            : operation.body && jsonText(fc.sample(validValue(operation.body, {}), { numRuns: 1, seed: 1 })[0]);
          await send(inFlight, { headers: { 'idempotency-key': 'k' }, ...(body ? { body } : {}) });
        }
        await send(limited, {});
        await send(limited, {});
        for (const status of sharedStatuses(operation).filter((status) => status !== '500')) {
          assert.ok(seen.has(Number(status)), `${operation.label}: never answered ${status} (answered ${[...seen].join(', ')})`);
        }
      }
    } finally {
      for (const { app, redis } of apps) {
        await app.close();
        redis?.close();
      }
    }
  });
});
