import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../../src/app.ts';
import type { App } from '../../../src/http/app-type.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, storedTester } from '../testers/support.ts';
import { storedMessages } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const LATER = '2026-11-22T11:00:00.000Z';

describe('unsubscribe links', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  /** A beta, an invited tester and the token of the invitation's unsubscribe link. */
  async function invited(betaName = 'Rocket') {
    const beta = await ctx.createBeta({}, betaName);
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const [message] = await storedMessages(ctx, beta.id);
    return { beta, tester, token: message.unsubscribe_token };
  }

  async function suppressionsOf(betaId: number) {
    return ctx.database.db.selectFrom('suppressions').selectAll().where('beta_id', '=', betaId).execute();
  }

  function assertPageHeaders(response: { headers: Record<string, unknown> }) {
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  }

  test('GET asks with a POST form and changes nothing; no API key needed', async () => {
    const { beta, tester, token } = await invited();
    const response = await ctx.request('GET', `/unsubscribe/${token}`, { key: null });
    assert.equal(response.status, 200);
    assertPageHeaders(response);
    assert.ok(response.body.includes('<h1>Unsubscribe from Rocket?</h1>'), response.body);
    assert.ok(response.body.includes(`<p>${tester.email} will no longer receive e-mail from Rocket.</p>`));
    assert.ok(response.body.includes('<form method="post">'));
    assert.ok(response.body.includes('<input type="hidden" name="List-Unsubscribe" value="One-Click">'));
    assert.deepEqual(await suppressionsOf(beta.id), []);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, null);
  });

  test('the RFC 8058 one-click POST records an Unsubscribe suppression and sets unsubscribed_at; again, nothing more', async () => {
    const { beta, tester, token } = await invited();
    ctx.clock.set(LATER);
    const response = await ctx.request('POST', `/unsubscribe/${token}`, { key: null, form: 'List-Unsubscribe=One-Click' });
    assert.equal(response.status, 200);
    assertPageHeaders(response);
    assert.ok(response.body.includes('<h1>You are unsubscribed</h1>'));
    assert.ok(response.body.includes(`<p>${tester.email} will receive no more e-mail from Rocket.</p>`));
    const [suppression, ...more] = await suppressionsOf(beta.id);
    assert.equal(more.length, 0);
    assert.equal(suppression.email, tester.email);
    assert.equal(suppression.reason, 'Unsubscribe');
    assert.equal(suppression.suppressed_at, LATER);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, LATER);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shown.body.unsubscribed_at, '2026-11-22T11:00:00Z');

    ctx.clock.set('2026-11-23T00:00:00.000Z');
    const again = await ctx.request('POST', `/unsubscribe/${token}`, { key: null, form: 'List-Unsubscribe=One-Click' });
    assert.equal(again.status, 200);
    assert.equal((await suppressionsOf(beta.id)).length, 1);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, LATER, 'set once');
  });

  test('the page\'s own form, and a multipart one-click as some mail clients send it, unsubscribe too', async () => {
    const first = await invited();
    const viaForm = await ctx.request('POST', `/unsubscribe/${first.token}`, { key: null, form: 'List-Unsubscribe=One-Click' });
    assert.equal(viaForm.status, 200);
    assert.equal((await suppressionsOf(first.beta.id))[0]?.reason, 'Unsubscribe');

    const second = await invited();
    const boundary = 'xyz123';
    const multipart = await ctx.request('POST', `/unsubscribe/${second.token}`, {
      key: null,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    assert.equal(multipart.status, 200);
    assert.equal((await suppressionsOf(second.beta.id))[0]?.reason, 'Unsubscribe');
  });

  test('later messages to an unsubscribed tester are recorded as suppressed', async () => {
    const { beta, tester, token } = await invited();
    assert.equal((await ctx.request('POST', `/unsubscribe/${token}`, { key: null })).status, 200);
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/email_templates/suspended`, { body: { enabled: true } });
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'suspended' } } })).status, 200);
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.occasion, m.status]), [['invitation', 'queued'], ['suspended', 'suppressed']]);
  });

  test('an unknown or malformed token is a 404 page for GET and POST, and changes nothing', async () => {
    const { beta, token } = await invited();
    const unknown = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [unknown, 'short', "<script>'"]) {
      for (const method of ['GET', 'POST']) {
        const response = await ctx.request(method, `/unsubscribe/${encodeURIComponent(candidate)}`, { key: null });
        assert.equal(response.status, 404, `${method} ${candidate}`);
        assertPageHeaders(response);
        assert.ok(response.body.includes('<h1>Link not found</h1>'));
        assert.ok(!response.body.includes('<script>'));
      }
    }
    assert.deepEqual(await suppressionsOf(beta.id), []);
  });

  test('the beta\'s name and the address are escaped on the pages', async () => {
    const { token } = await invited('<b>Rock</b> & "Roll"');
    const page = await ctx.request('GET', `/unsubscribe/${token}`, { key: null });
    assert.equal(page.status, 200);
    assert.ok(page.body.includes('<h1>Unsubscribe from &lt;b&gt;Rock&lt;/b&gt; &amp; &quot;Roll&quot;?</h1>'), page.body);
    assert.ok(!page.body.includes('<b>Rock</b>'));
    const done = await ctx.request('POST', `/unsubscribe/${token}`, { key: null });
    assert.ok(done.body.includes('from &lt;b&gt;Rock&lt;/b&gt; &amp; &quot;Roll&quot;.</p>'));
  });

  test('no request log line carries the token', async () => {
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    const app: App = await buildApp({ config: { ...ctx.config, logLevel: 'info' }, services: ctx.services, rateLimits: ctx.rateLimits, redis: ctx.redis, isDatabaseReady: async () => true, logDestination: logs });
    try {
      const { token } = await invited();
      assert.equal((await app.inject({ method: 'GET', url: `/unsubscribe/${token}` })).statusCode, 200);
      assert.equal((await app.inject({ method: 'POST', url: `/unsubscribe/${token}?x=1`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode, 200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(lines.some((line) => line.includes('/unsubscribe/[redacted]')), 'the requests were logged, masked');
      for (const line of lines) assert.ok(!line.includes(token), line);
    } finally {
      await app.close();
    }
  });
});
