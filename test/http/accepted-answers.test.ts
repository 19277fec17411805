// The routes that answer 202 with no body: the client, the request log and /metrics all see the
// same 202, with an Idempotency-Key and without one, and nothing is logged at error level.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { App } from '../../src/http/app-type.ts';
import type { MetricsEndpoint } from '../../src/http/metrics.routes.ts';
import { RESEND_INTERVAL_SECONDS } from '../../src/modules/emails/emails.service.ts';
import { appWithLog, startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { createEndpoint, raise, startReceiver, storedDeliveries, type Receiver } from '../modules/webhooks/support.ts';

interface Observed {
  route: string | null;
  status: number;
}

describe('202 answers', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let app: App;
  let log: () => string;
  const observed: Observed[] = [];

  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    receiver = await startReceiver();
    const metrics: MetricsEndpoint = {
      render: () => ctx.metrics.render(),
      observeRequest(method, route, status, seconds) {
        observed.push({ route, status });
        ctx.metrics.observeRequest(method, route, status, seconds);
      },
    };
    ({ app, log } = await appWithLog(ctx, ctx.services, { metrics }));
  });
  after(async () => {
    await app.close();
    await receiver.close();
    await ctx.close();
  });

  /** Sends through the logging app; answers the response once its log lines and metrics are written. */
  async function send(method: string, url: string, options: { body?: unknown; key?: string } = {}) {
    const headers: Record<string, string> = { authorization: `Bearer ${ctx.apiKey}` };
    if (options.key) headers['idempotency-key'] = options.key;
    const response = await app.inject({ method: method as 'POST', url, headers, ...(options.body ? { payload: options.body as object } : {}) });
    // onResponse (the request log, the metrics) runs after the answer is handed over.
    await new Promise((resolve) => setImmediate(resolve));
    return response;
  }

  /** The 202 as the client, the log and the metrics saw it: exactly once, with no error. */
  function assertAcceptedEverywhere(response: { statusCode: number; body: string; headers: Record<string, unknown> }, route: string, from: number) {
    assert.equal(response.statusCode, 202);
    assert.equal(response.body, '');
    const requestId = String(response.headers['x-request-id']);
    const lines = log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string; res?: { statusCode: number } });
    const own = lines.filter((line) => line.reqId === requestId);
    assert.deepEqual(own.filter((line) => line.level >= 50), [], 'nothing at error level');
    assert.deepEqual(
      own.filter((line) => line.msg === 'request completed').map((line) => line.res?.statusCode),
      [202],
      'one request line, with the 202',
    );
    assert.deepEqual(observed.slice(from), [{ route, status: 202 }], 'counted once, as a 2xx');
  }

  for (const key of [undefined, 'accepted-key']) {
    const keyed = key ? 'with an Idempotency-Key' : 'without an Idempotency-Key';

    test(`checkin by id and by e-mail ${keyed}: 202 once everywhere, the checkin stored`, async () => {
      const beta = await ctx.createBeta();
      const tester = await createTester(ctx, beta.id);
      let from = observed.length;
      const byId = await send('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`, { key: key && `${key}-id` });
      assertAcceptedEverywhere(byId, '/api/v2/betas/:beta_id/testers/:tester_id/checkin', from);
      from = observed.length;
      const byEmail = await send('POST', `/api/v2/betas/${beta.id}/checkins`, { body: { checkin: { email: tester.email } }, key: key && `${key}-email` });
      assertAcceptedEverywhere(byEmail, '/api/v2/betas/:beta_id/checkins', from);
      const stored = await ctx.database.db.selectFrom('checkins').select('tester_id').where('tester_id', '=', tester.id).execute();
      assert.equal(stored.length, 1, 'one checkin a day');
      const row = await ctx.database.db.selectFrom('testers').select('status').where('id', '=', tester.id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'active');
    });

    test(`queued deletion ${keyed}: 202 once everywhere, the job queued`, async () => {
      const beta = await ctx.createBeta();
      const tester = await createTester(ctx, beta.id);
      const from = observed.length;
      const response = await send('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}?queue=true`, { key: key && `${key}-delete` });
      assertAcceptedEverywhere(response, '/api/v2/betas/:beta_id/testers/:tester_id', from);
      const jobs = await ctx.database.db.selectFrom('outbox_jobs').select('payload').where('kind', '=', 'tester.delete').execute();
      assert.ok(jobs.some((job) => JSON.parse(String(job.payload)).testerId === tester.id));
      await ctx.runJobs();
      assert.equal(await ctx.database.db.selectFrom('testers').select('id').where('id', '=', tester.id).executeTakeFirst(), undefined);
    });

    test(`resend confirmation ${keyed}: 202 once everywhere, a new link stored`, async () => {
      const beta = await ctx.createBeta({ double_opt_in: true });
      const tester = await createTester(ctx, beta.id, { status: 'unconfirmed' });
      ctx.clock.advance(RESEND_INTERVAL_SECONDS * 1000);
      const from = observed.length;
      const response = await send('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/resend_confirmation`, { key: key && `${key}-resend` });
      assertAcceptedEverywhere(response, '/api/v2/betas/:beta_id/testers/:tester_id/resend_confirmation', from);
      const links = await ctx.database.db.selectFrom('email_confirmations').select('id').where('tester_id', '=', tester.id).execute();
      assert.equal(links.length, 2);
    });

    test(`redelivery ${keyed}: 202 once everywhere, the attempt queued`, async () => {
      const beta = await ctx.createBeta();
      const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/hooks/${beta.id}` });
      await raise(ctx, beta.id);
      await ctx.runJobs();
      const [first] = await storedDeliveries(ctx, endpoint.id);
      const from = observed.length;
      const url = `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`;
      const response = await send('POST', url, { key: key && `${key}-redeliver` });
      assertAcceptedEverywhere(response, '/api/v2/betas/:beta_id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver', from);
      await ctx.runJobs();
      assert.equal((await storedDeliveries(ctx, endpoint.id)).length, 2);
    });
  }

  test('a replayed 202 is again 202 with no body, once, and does nothing again', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const url = `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`;
    await send('POST', url, { key: 'replayed-checkin' });
    ctx.clock.advance(86_400_000 / 2);
    const from = observed.length;
    const again = await send('POST', url, { key: 'replayed-checkin' });
    assertAcceptedEverywhere(again, '/api/v2/betas/:beta_id/testers/:tester_id/checkin', from);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const stored = await ctx.database.db.selectFrom('checkins').select('tester_id').where('tester_id', '=', tester.id).execute();
    assert.equal(stored.length, 1);
  });
});
