import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-type.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

describe('over real HTTP', () => {
  let ctx: TestContext;
  let app: App;
  let base: string;
  const logLines: string[] = [];

  before(async () => {
    ctx = await startTestContext();
    const logs = new PassThrough();
    logs.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    app = await buildApp({ config: { ...ctx.config, logLevel: 'info' }, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => true, logDestination: logs });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await ctx.close();
  });

  test('a form-encoded create with HTTP Basic, then a read with api_key, then a filtered list with Bearer', async () => {
    const beta = await ctx.createBeta();
    const basic = `Basic ${Buffer.from(`${ctx.apiKey}:`).toString('base64')}`;
    const created = await fetch(`${base}/api/v2/betas/${beta.id}/testers.json`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tester[email]=wire%40example.com&tester[profile][first_name]=Wire',
    });
    assert.equal(created.status, 201);
    const tester = (await created.json()) as { id: number; email: string; profile: { first_name: string } };
    assert.equal(tester.email, 'wire@example.com');
    assert.equal(tester.profile.first_name, 'Wire');
    assert.ok(created.headers.get('x-request-id'));

    const shown = await fetch(`${base}/api/v2/betas/${beta.id}/testers/${tester.id}.json?api_key=${encodeURIComponent(ctx.apiKey)}`);
    assert.equal(shown.status, 200);
    assert.equal(((await shown.json()) as { id: number }).id, tester.id);

    const listed = await fetch(`${base}/api/v2/betas/${beta.id}/testers?email_is=WIRE@example.com`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
    assert.equal(listed.status, 200);
    assert.deepEqual(((await listed.json()) as { id: number }[]).map((t) => t.id), [tester.id]);
    assert.equal(JSON.parse(listed.headers.get('x-pagination') ?? '{}').total_count, 1);
  });

  test('no log line carries the API key, whatever way it was sent', async () => {
    await fetch(`${base}/api/v2/betas?api_key=${encodeURIComponent(ctx.apiKey)}`);
    await fetch(`${base}/api/v2/betas`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(logLines.length >= 4, 'requests were logged');
    assert.ok(logLines.some((line) => line.includes('api_key=[redacted]')));
    for (const line of logLines) assert.ok(!line.includes(ctx.apiKey), `a log line holds the key: ${line}`);
  });
});
