// Delivery to a real HTTP receiver on 127.0.0.1 (so private targets are allowed here) with a short
// time-out: signing, the retry schedule, 410, time-outs, redelivery and the event filter.
import dns from 'node:dns';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { retryDelaySeconds } from '../../../src/modules/webhooks/webhook-delivery.ts';
import { raiseEvent } from '../../../src/modules/events/events.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import {
  createEndpoint,
  pendingJobs,
  raise,
  startAfresh,
  startReceiver,
  storedDeliveries,
  storedEndpoint,
  storedEvents,
  withReceiver,
} from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const TIMEOUT_MS = 1000;

describe('webhook delivery', () => {
  const setup = withReceiver({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  beforeEach(() => startAfresh(setup, NOW));
  afterEach(() => mock.restoreAll());

  /** A beta with one endpoint on the receiver; `path` tells the tests' endpoints apart. */
  async function betaWithEndpoint(body: Record<string, unknown> = {}) {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/hooks/${beta.id}`, ...body });
    return { beta, endpoint };
  }

  const deliveriesPath = (betaId: number, endpointId: number) => `/api/v2/betas/${betaId}/webhooks/${endpointId}/deliveries`;

  test('a delivery POSTs the stored payload exactly, signed so that standardwebhooks verifies it', async () => {
    const { ctx, receiver } = setup;
    // Verification compares webhook-timestamp with the real time (±5 min): sign at the real time.
    ctx.clock.set(new Date());
    const { beta, endpoint } = await betaWithEndpoint();
    await raise(ctx, beta.id, 'tester_created', { id: 42, email: 'ann@example.com', name: 'Ann “Ä” Example' });
    const [event] = await storedEvents(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);

    assert.equal(receiver.received.length, 1);
    const [request] = receiver.received;
    assert.equal(request.path, `/hooks/${beta.id}`);
    assert.equal(request.body, event.payload, 'the bytes stored when the event was raised');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['content-length'], String(Buffer.byteLength(event.payload)));
    assert.equal(request.headers['user-agent'], 'Prelaunch-Webhooks/1');
    assert.equal(request.headers['webhook-id'], event.public_id);
    assert.match(event.public_id, /^evt_[0-9a-f]{32}$/);
    assert.equal(request.headers['webhook-timestamp'], String(Math.floor(ctx.clock.now().getTime() / 1000)));
    const headers = request.headers as Record<string, string>;
    const verified = new Webhook(endpoint.secret).verify(request.body, headers);
    assert.deepEqual(verified, {
      id: event.public_id,
      type: 'tester_created',
      created_at: `${ctx.clock.now().toISOString().slice(0, 19)}Z`,
      beta_id: beta.id,
      data: { id: 42, email: 'ann@example.com', name: 'Ann “Ä” Example' },
    });
    // The check above can fail: another secret, or another body, does not verify.
    const other = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/other` });
    assert.throws(() => new Webhook(other.secret).verify(request.body, headers), /No matching signature/);
    assert.throws(() => new Webhook(endpoint.secret).verify(request.body.replace('42', '43'), headers), /No matching signature/);

    const [attempt] = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      { ...attempt, id: 0, duration_ms: 0 },
      {
        id: 0,
        endpoint_id: endpoint.id,
        event_id: event.id,
        attempt: 1,
        status: 'succeeded',
        response_status: 200,
        error: null,
        duration_ms: 0,
        next_attempt_at: null,
        created_at: ctx.clock.now().toISOString(),
      },
    );
    assert.ok(attempt.duration_ms >= 0 && attempt.duration_ms < TIMEOUT_MS);
    assert.deepEqual(await pendingJobs(ctx), []);

    const shown = await ctx.request('GET', deliveriesPath(beta.id, endpoint.id));
    assert.equal(shown.status, 200);
    assert.deepEqual(shown.body, [
      {
        id: attempt.id,
        event_id: event.public_id,
        event_type: 'tester_created',
        attempt: 1,
        status: 'succeeded',
        response_status: 200,
        error: null,
        duration_ms: attempt.duration_ms,
        next_attempt_at: null,
        created_at: `${ctx.clock.now().toISOString().slice(0, 19)}Z`,
      },
    ]);
  });

  test('prefinery_signature: X-Prefinery-Signature too, the hex HMAC of "<t>.<raw body>" keyed with the secret as shown', async () => {
    const { ctx, receiver } = setup;
    ctx.clock.set(new Date());
    const { beta, endpoint } = await betaWithEndpoint({ prefinery_signature: true });
    await createEndpoint(ctx, beta.id, { url: `${receiver.url}/plain` });
    await raise(ctx, beta.id, 'tester_created', { id: 7, email: 'bo@example.com', name: 'Bö “quoted”' });
    assert.equal(await ctx.runJobs(), 2);
    const signed = receiver.received.find((request) => request.path === `/hooks/${beta.id}`)!;
    const header = String(signed.headers['x-prefinery-signature']);
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    assert.ok(match, header);
    const [, t, v1] = match;
    assert.equal(t, signed.headers['webhook-timestamp'], 'the attempt\'s time, as in the Standard Webhooks headers');
    const hmac = (body: string) => createHmac('sha256', endpoint.secret).update(`${t}.${body}`).digest('hex');
    assert.equal(v1, hmac(signed.body), 'verified against the body as received');
    assert.notEqual(v1, hmac(signed.body.replace('7', '8')), 'another body does not verify');
    assert.ok(new Webhook(endpoint.secret).verify(signed.body, signed.headers as Record<string, string>), 'the Standard Webhooks signature is still there');
    const unsigned = receiver.received.find((request) => request.path === '/plain')!;
    assert.equal(unsigned.headers['x-prefinery-signature'], undefined, 'only where the endpoint asks for it');
  });

  test('a failed attempt is retried 5 s + N⁴ s after attempt N, with the same webhook-id and body, until it succeeds', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    receiver.answer(500);
    await raise(ctx, beta.id);
    const [event] = await storedEvents(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);
    let [first] = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      [first.attempt, first.status, first.response_status, first.error, first.next_attempt_at],
      [1, 'failed', 500, 'The receiver answered 500 Internal Server Error', '2026-11-22T09:15:06.000Z'],
    );
    assert.equal((await pendingJobs(ctx))[0].run_at, '2026-11-22T09:15:06.000Z');

    ctx.clock.advance(5_999);
    assert.equal(await ctx.runJobs(), 0, 'not before its time');
    ctx.clock.advance(1);
    receiver.answer(503);
    assert.equal(await ctx.runJobs(), 1);
    const second = (await storedDeliveries(ctx, endpoint.id))[1];
    assert.deepEqual(
      [second.attempt, second.status, second.response_status, second.error, second.created_at, second.next_attempt_at],
      [2, 'failed', 503, 'The receiver answered 503 Service Unavailable', '2026-11-22T09:15:06.000Z', '2026-11-22T09:15:27.000Z'],
    );

    ctx.clock.set('2026-11-22T09:15:27.000Z');
    receiver.answer(204);
    assert.equal(await ctx.runJobs(), 1);
    const third = (await storedDeliveries(ctx, endpoint.id))[2];
    assert.deepEqual([third.attempt, third.status, third.response_status, third.error, third.next_attempt_at], [3, 'succeeded', 204, null, null]);
    assert.deepEqual(await pendingJobs(ctx), []);

    assert.equal(receiver.received.length, 3);
    assert.deepEqual(new Set(receiver.received.map((r) => r.headers['webhook-id'])), new Set([event.public_id]));
    assert.deepEqual(new Set(receiver.received.map((r) => r.body)), new Set([event.payload]));
    assert.deepEqual(
      receiver.received.map((r) => r.headers['webhook-timestamp']),
      ['2026-11-22T09:15:00Z', '2026-11-22T09:15:06Z', '2026-11-22T09:15:27Z'].map((t) => String(Date.parse(t) / 1000)),
      'each attempt is signed when it is made',
    );
    [first] = await storedDeliveries(ctx, endpoint.id);
    assert.equal(first.next_attempt_at, '2026-11-22T09:15:06.000Z', 'the log is not rewritten');
  });

  test('15 attempts in all, on the documented schedule, then the delivery has failed for good', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    receiver.answer(502);
    await raise(ctx, beta.id);
    let expectedAt = Date.parse(NOW);
    for (let attempt = 1; attempt <= 15; attempt++) {
      ctx.clock.set(new Date(expectedAt));
      assert.equal(await ctx.runJobs(), 1, `attempt ${attempt} runs at its time`);
      const row = (await storedDeliveries(ctx, endpoint.id))[attempt - 1];
      const next = attempt < 15 ? new Date(expectedAt + (5 + attempt ** 4) * 1000).toISOString() : null;
      assert.deepEqual(
        [row.attempt, row.status, row.response_status, row.created_at, row.next_attempt_at],
        [attempt, 'failed', 502, new Date(expectedAt).toISOString(), next],
      );
      if (next) expectedAt = Date.parse(next);
    }
    // 5 s + N⁴ s summed over N = 1…14: the last attempt comes about 35.5 hours after the first.
    assert.equal(expectedAt - Date.parse(NOW), (14 * 5 + 127_687) * 1000);
    assert.deepEqual(await pendingJobs(ctx), []);
    ctx.clock.advance(30 * 24 * 3600 * 1000);
    assert.equal(await ctx.runJobs(), 0);
    assert.equal(receiver.received.length, 15);

    const shown = await ctx.request('GET', `${deliveriesPath(beta.id, endpoint.id)}?per_page=3`);
    assert.deepEqual(shown.body.map((d: { attempt: number }) => d.attempt), [15, 14, 13], 'newest first');
    assert.deepEqual([shown.body[0].status, shown.body[0].next_attempt_at, shown.body[0].error], ['failed', null, 'The receiver answered 502 Bad Gateway']);
    assert.equal(JSON.parse(String(shown.headers['x-pagination'])).total_count, 15);
    assert.deepEqual([1, 2, 3, 4, 14].map(retryDelaySeconds), [6, 21, 86, 261, 38_421]);
  });

  test('a receiver that never answers: the attempt fails after the time-out and is retried', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    receiver.answer('hang');
    await raise(ctx, beta.id);
    const started = performance.now();
    assert.equal(await ctx.runJobs(), 1);
    const waited = performance.now() - started;
    assert.ok(waited >= TIMEOUT_MS - 50 && waited < TIMEOUT_MS + 2000, `waited ${waited} ms`);
    const [first] = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      [first.status, first.response_status, first.error, first.next_attempt_at],
      ['failed', null, 'No answer within 1 s', '2026-11-22T09:15:06.000Z'],
    );
    assert.ok(first.duration_ms >= TIMEOUT_MS - 50, `duration ${first.duration_ms}`);

    receiver.answer(200);
    ctx.clock.advance(6_000);
    assert.equal(await ctx.runJobs(), 1);
    const second = (await storedDeliveries(ctx, endpoint.id))[1];
    assert.deepEqual([second.attempt, second.status, second.response_status], [2, 'succeeded', 200]);
    assert.equal(receiver.received.length, 2);
  });

  test('a refused connection and a redirect are failed attempts, retried', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const closed = await startReceiver();
    const port = closed.port;
    await closed.close();
    const endpoint = await createEndpoint(ctx, beta.id, { url: `http://127.0.0.1:${port}/gone-server` });
    await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);
    const [refused] = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      [refused.status, refused.response_status, refused.error, refused.next_attempt_at],
      ['failed', null, `Connection refused by 127.0.0.1:${port}`, '2026-11-22T09:15:06.000Z'],
    );

    const redirected = await betaWithEndpoint();
    receiver.answer(301);
    await raise(ctx, redirected.beta.id);
    ctx.clock.advance(1);
    await ctx.runJobs();
    const [moved] = await storedDeliveries(ctx, redirected.endpoint.id);
    assert.deepEqual(
      [moved.status, moved.response_status, moved.error, moved.next_attempt_at],
      ['failed', 301, 'The receiver answered 301 Moved Permanently; redirects are not followed', '2026-11-22T09:15:06.001Z'],
    );
  });

  test('410 Gone switches the endpoint off: no retry, its pending deliveries end unsent, new events are not queued', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    receiver.answer(500);
    await raise(ctx, beta.id, 'tester_created');
    assert.equal(await ctx.runJobs(), 1, 'the first event fails and waits for its retry');
    receiver.answer(410);
    ctx.clock.advance(1_000);
    await raise(ctx, beta.id, 'tester_updated');
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 2);

    const gone = (await storedDeliveries(ctx, endpoint.id))[1];
    assert.deepEqual(
      [gone.attempt, gone.status, gone.response_status, gone.error, gone.next_attempt_at],
      [1, 'failed', 410, 'The receiver answered 410 Gone: the webhook is now disabled', null],
    );
    const stored = await storedEndpoint(ctx, endpoint.id);
    assert.deepEqual(
      [stored!.enabled, stored!.disabled_reason, stored!.updated_at],
      [0, 'The receiver answered 410 Gone at 2026-11-22T09:15:01Z', '2026-11-22T09:15:01.000Z'],
    );
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks`);
    assert.deepEqual([shown.body[0].enabled, shown.body[0].disabled_reason], [false, 'The receiver answered 410 Gone at 2026-11-22T09:15:01Z']);

    ctx.clock.advance(10_000);
    assert.equal(await ctx.runJobs(), 1, 'the first event\'s retry runs…');
    assert.equal(receiver.received.length, 2, '…and sends nothing');
    assert.equal((await storedDeliveries(ctx, endpoint.id)).length, 2, '…and logs nothing');
    await raise(ctx, beta.id, 'tester_deleted');
    assert.deepEqual(await pendingJobs(ctx), []);
  });

  test('redelivery: 202, the same event again at once with the same webhook-id, logged as the next attempt', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    await raise(ctx, beta.id);
    await ctx.runJobs();
    const [event] = await storedEvents(ctx, beta.id);
    const [first] = await storedDeliveries(ctx, endpoint.id);

    ctx.clock.advance(3_600_000);
    const response = await ctx.request('POST', `${deliveriesPath(beta.id, endpoint.id)}/${first.id}/redeliver`);
    assert.equal(response.status, 202);
    assert.equal(response.raw.body, '');
    const [job] = await pendingJobs(ctx);
    assert.equal(job.run_at, '2026-11-22T10:15:00.000Z');
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 2);
    assert.equal(receiver.received[1].headers['webhook-id'], event.public_id);
    assert.equal(receiver.received[1].body, event.payload);
    const again = (await storedDeliveries(ctx, endpoint.id))[1];
    assert.deepEqual(
      [again.event_id, again.attempt, again.status, again.response_status, again.created_at],
      [event.id, 2, 'succeeded', 200, '2026-11-22T10:15:00.000Z'],
    );
  });

  test('a redelivery that fails is not retried', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    await raise(ctx, beta.id);
    await ctx.runJobs();
    const [first] = await storedDeliveries(ctx, endpoint.id);
    receiver.answer(500);
    assert.equal((await ctx.request('POST', `${deliveriesPath(beta.id, endpoint.id)}/${first.id}/redeliver`)).status, 202);
    assert.equal(await ctx.runJobs(), 1);
    const failed = (await storedDeliveries(ctx, endpoint.id))[1];
    assert.deepEqual([failed.attempt, failed.status, failed.response_status, failed.next_attempt_at], [2, 'failed', 500, null]);
    assert.deepEqual(await pendingJobs(ctx), []);
  });

  test('redelivering to a disabled endpoint is 422 naming why; once enabled it works', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    await raise(ctx, beta.id);
    await ctx.runJobs();
    const [first] = await storedDeliveries(ctx, endpoint.id);
    const redeliver = () => ctx.request('POST', `${deliveriesPath(beta.id, endpoint.id)}/${first.id}/redeliver`);

    await ctx.request('PATCH', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}`, { body: { enabled: false } });
    const byHand = await redeliver();
    assert.deepEqual(
      [byHand.status, byHand.body],
      [422, { errors: [{ code: Errors.betasGeneral.code, message: 'The webhook is disabled: enable it (PATCH with enabled true) before redelivering' }] }],
    );
    const reason = 'The receiver answered 410 Gone at 2026-11-22T09:15:00Z';
    await ctx.database.db.updateTable('webhook_endpoints').set({ disabled_reason: reason }).where('id', '=', endpoint.id).execute();
    const byService = await redeliver();
    assert.deepEqual(
      [byService.status, byService.body],
      [422, { errors: [{ code: Errors.betasGeneral.code, message: `The webhook is disabled (${reason}): enable it (PATCH with enabled true) before redelivering` }] }],
    );
    assert.deepEqual(await pendingJobs(ctx), []);

    await ctx.request('PATCH', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}`, { body: { enabled: true } });
    assert.equal((await redeliver()).status, 202);
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 2);
  });

  test('the event filter: an endpoint gets only the types it subscribed to; a disabled one gets nothing', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const rewards = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/rewards`, events: ['reward_earned'] });
    const everything = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/all` });
    const off = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/off`, enabled: false });

    await raise(ctx, beta.id, 'tester_created');
    await raise(ctx, beta.id, 'reward_earned');
    const jobs = (await pendingJobs(ctx)).map((job) => JSON.parse(job.payload).endpointId);
    assert.deepEqual(jobs.sort(), [everything.id, rewards.id, everything.id].sort());
    assert.equal(await ctx.runJobs(), 3);

    const received = receiver.received.map((r) => [r.path, JSON.parse(r.body).type]).sort();
    assert.deepEqual(received, [['/all', 'reward_earned'], ['/all', 'tester_created'], ['/rewards', 'reward_earned']]);
    assert.deepEqual((await storedDeliveries(ctx, off.id)), []);
    assert.equal((await storedDeliveries(ctx, rewards.id)).length, 1);
    assert.equal((await storedDeliveries(ctx, everything.id)).length, 2);
  });

  test('an endpoint switched off or deleted after the event was raised gets nothing; its job ends quietly', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const switchedOff = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/off` });
    const deleted = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/deleted` });
    await raise(ctx, beta.id);
    assert.equal((await pendingJobs(ctx)).length, 2);
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}/webhooks/${switchedOff.id}`, { form: 'enabled=false' });
    await ctx.request('DELETE', `/api/v2/betas/${beta.id}/webhooks/${deleted.id}`);
    assert.equal(await ctx.runJobs(), 2);
    assert.equal(receiver.received.length, 0);
    assert.deepEqual(await storedDeliveries(ctx, switchedOff.id), []);
    assert.deepEqual(await pendingJobs(ctx), []);
  });

  test('with WEBHOOK_ALLOW_PRIVATE_TARGETS private URLs are accepted and names resolving to private addresses are reached', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    for (const url of ['http://10.0.0.1/hook', 'http://[::1]:8080/', 'http://localhost:3000/', 'http://[::ffff:192.168.0.1]/']) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { url, enabled: false } });
      assert.equal(response.status, 201, url);
    }
    // The same resolution the default configuration refuses (webhook-targets.test.ts) is used here.
    const real = dns.lookup;
    mock.method(dns, 'lookup', (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) =>
      real(hostname === 'rebind.test' ? '127.0.0.1' : hostname, options as dns.LookupAllOptions, callback as never),
    );
    const endpoint = await createEndpoint(ctx, beta.id, { url: `http://rebind.test:${receiver.port}/named` });
    await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);
    assert.deepEqual(receiver.received.map((r) => r.path), ['/named']);
    assert.equal((await storedDeliveries(ctx, endpoint.id))[0].status, 'succeeded');
  });

  test('many events of one transaction are written in chunks: each gets its jobs, none lost', async () => {
    const { ctx, receiver } = setup;
    const { beta, endpoint } = await betaWithEndpoint();
    const second = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/second` });
    const count = 450;
    await inTransaction(ctx.database.db, async (trx) => {
      for (let i = 0; i < count; i++) {
        await raiseEvent(trx, { betaId: beta.id, type: 'point_earned', now: ctx.clock.now().toISOString(), data: () => ({ n: i }) });
      }
    });
    const events = await storedEvents(ctx, beta.id);
    assert.deepEqual(events.map((e) => JSON.parse(e.payload).data.n), Array.from({ length: count }, (_, i) => i));
    const jobs = (await pendingJobs(ctx)).map((job) => JSON.parse(job.payload) as { eventId: number; endpointId: number });
    assert.equal(jobs.length, 2 * count);
    for (const endpointId of [endpoint.id, second.id]) {
      assert.deepEqual(jobs.filter((j) => j.endpointId === endpointId).map((j) => j.eventId).sort((a, b) => a - b), events.map((e) => e.id));
    }
  });

  test('events are raised only inside a command transaction: elsewhere they would never be written', async () => {
    const { ctx } = setup;
    const { beta } = await betaWithEndpoint();
    await assert.rejects(
      ctx.database.db.transaction().execute((trx) => raiseEvent(trx, { betaId: beta.id, type: 'point_earned', now: NOW, data: () => ({}) })),
      /inTransaction/,
    );
    await assert.rejects(raiseEvent(ctx.database.db, { betaId: beta.id, type: 'point_earned', now: NOW, data: () => ({}) }), /inTransaction/);
    assert.deepEqual(await storedEvents(ctx, beta.id), []);
  });

  test('connections are kept alive per endpoint: reused by later deliveries, never shared by two endpoints', async () => {
    const { ctx, receiver } = setup;
    receiver.answer(204); // an answer read to its end leaves the connection open
    const { beta, endpoint: first } = await betaWithEndpoint();
    const second = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/second` });
    const portsOf = (path: string) => new Set(receiver.received.filter((r) => r.path === path).map((r) => r.remotePort));

    for (let i = 0; i < 3; i++) await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 6);
    const firstPorts = portsOf(`/hooks/${beta.id}`);
    const secondPorts = portsOf('/second');
    assert.equal(receiver.received.length, 6);
    assert.deepEqual([...firstPorts].filter((port) => secondPorts.has(port)), [], 'no connection serves both endpoints');

    receiver.received.length = 0;
    await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 2);
    assert.ok([...portsOf(`/hooks/${beta.id}`)].every((port) => firstPorts.has(port)), 'the first endpoint reused one of its connections');
    assert.ok([...portsOf('/second')].every((port) => secondPorts.has(port)), 'the second endpoint reused one of its connections');
    for (const endpoint of [first, second]) {
      assert.deepEqual(
        (await storedDeliveries(ctx, endpoint.id)).map((d) => [d.attempt, d.status, d.response_status]),
        Array.from({ length: 4 }, () => [1, 'succeeded', 204]),
      );
    }
  });
});
