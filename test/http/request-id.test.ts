// Request ids: every answer carries X-Request-Id and every log line of the request carries the same
// id (reqId). A well-formed id from a trusted proxy (TRUST_PROXY) is kept; otherwise one is made.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-type.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let ctx: TestContext;
  let lines: Record<string, unknown>[] = [];
  const apps = new Map<boolean, App>();

  before(async () => {
    ctx = await startTestContext();
    const logs = new PassThrough();
    logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))));
    for (const trustProxy of [false, true]) {
      const app = await buildApp({
        config: { ...ctx.config, logLevel: 'info', trustProxy },
        services: ctx.services,
        rateLimits: ctx.rateLimits,
        redis: ctx.redis,
        isDatabaseReady: async () => true,
        logDestination: logs,
      });
      apps.set(trustProxy, app);
    }
  });
  after(async () => {
    for (const app of apps.values()) await app.close();
    await ctx.close();
  });

  /** Sends one request (behind a trusted proxy or not); answers the response's id and its log lines. */
  async function send(trustProxy: boolean, headers: Record<string, string>, url = '/api/v2/betas') {
    lines = [];
    const response = await apps.get(trustProxy)!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.apiKey}`, ...headers } });
    await new Promise((resolve) => setImmediate(resolve));
    return { status: response.statusCode, id: String(response.headers['x-request-id']), lines };
  }

  function assertEveryLineCarries(lines: Record<string, unknown>[], id: string): void {
    const ofRequest = lines.filter((line) => 'req' in line || 'res' in line || 'reqId' in line);
    assert.ok(ofRequest.length >= 2, 'incoming and completed lines');
    for (const line of ofRequest) assert.equal(line.reqId, id, JSON.stringify(line));
  }

  test('without a trusted proxy a sent X-Request-Id is ignored: the app makes its own', async () => {
    const { status, id, lines } = await send(false, { 'x-request-id': 'proxy-4f1c2a' });
    assert.equal(status, 200);
    assert.match(id, UUID);
    assertEveryLineCarries(lines, id);
  });

  test('behind a trusted proxy its well-formed id is kept, in the header and every log line', async () => {
    const sent = 'f3a9c0d2e1b84c5a9e7d6b5a4c3b2a19';
    const { status, id, lines } = await send(true, { 'x-request-id': sent });
    assert.equal(status, 200);
    assert.equal(id, sent);
    assertEveryLineCarries(lines, sent);
    // Errors too: a 404 answered by the error handler.
    const missing = await send(true, { 'x-request-id': 'trace:7.1-b' }, '/api/v2/betas/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.id, 'trace:7.1-b');
    assertEveryLineCarries(missing.lines, 'trace:7.1-b');
  });

  test('behind a trusted proxy an ill-formed id is replaced', async () => {
    for (const sent of ['two words', 'x'.repeat(129), '"quoted"', '-leading-dash', '']) {
      const { id, lines } = await send(true, { 'x-request-id': sent });
      assert.match(id, UUID, `replaced: ${JSON.stringify(sent)}`);
      assertEveryLineCarries(lines, id);
    }
  });
});
