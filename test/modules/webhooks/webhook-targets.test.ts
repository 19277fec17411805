// Private targets at delivery time, with the default configuration (private targets refused): a
// public name that resolves to a private address (DNS rebinding) and a literal private address
// stored before the setting was turned off are both refused, logged as failed attempts and retried.
import dns from 'node:dns';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { nonPublicKind, publicOnlyLookup } from '../../../src/modules/webhooks/webhook-targets.ts';
import { createEndpoint, pendingJobs, raise, storedDeliveries, withReceiver } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';

/** Answers `answers` for `name` and resolves every other name as usual. */
function resolveName(name: string, answers: dns.LookupAddress[]) {
  const real = dns.lookup;
  mock.method(dns, 'lookup', (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    if (hostname !== name) return real(hostname, options as dns.LookupAllOptions, callback as never);
    if (options.all) return callback(null, answers);
    return callback(null, answers[0].address, answers[0].family);
  });
}

describe('nonPublicKind', () => {
  test('public unicast addresses pass; every special range is named', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8']) {
      assert.equal(nonPublicKind(address), null, address);
    }
    const kinds: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.0.1', 'private'],
      ['169.254.1.1', 'link-local'],
      ['100.127.255.255', 'carrier-grade NAT'],
      ['0.1.2.3', 'unspecified'],
      ['239.255.255.250', 'multicast'],
      ['198.18.0.1', 'reserved'],
      ['::1', 'loopback'],
      ['fe80::abcd', 'link-local'],
      ['fc00::1', 'unique local'],
      ['::ffff:192.168.0.1', 'private'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['2002:7f00:1::', '6to4'],
      ['2001::1', 'Teredo'],
      ['100::1', 'discard'],
    ];
    for (const [address, kind] of kinds) assert.equal(nonPublicKind(address), kind, address);
  });
});

describe('publicOnlyLookup', () => {
  afterEach(() => mock.restoreAll());

  function lookup(hostname: string, all: boolean): Promise<{ error: NodeJS.ErrnoException | null; result: unknown }> {
    return new Promise((resolve) => publicOnlyLookup(hostname, { all }, (error, result) => resolve({ error, result })));
  }

  test('a name resolving to public addresses resolves as usual, in both callback forms', async () => {
    resolveName('public.test', [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]);
    assert.deepEqual(await lookup('public.test', true), {
      error: null,
      result: [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }],
    });
    assert.deepEqual(await lookup('public.test', false), { error: null, result: '93.184.215.14' });
  });

  test('any private answer refuses the name, whichever form was asked for', async () => {
    resolveName('mixed.test', [{ address: '93.184.215.14', family: 4 }, { address: '::ffff:10.0.0.7', family: 6 }]);
    for (const all of [true, false]) {
      const { error } = await lookup('mixed.test', all);
      assert.equal(error?.code, 'EPRIVATETARGET');
      assert.equal(error?.message, 'Refused: mixed.test resolves to ::ffff:10.0.0.7, a private address; set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it');
    }
  });

  test('lookup failures pass through', async () => {
    const { error } = await lookup('no-such-host.invalid', true);
    assert.equal(error?.code, 'ENOTFOUND');
  });
});

describe('private targets at delivery time', () => {
  // Private targets refused, as by default (withReceiver allows them otherwise).
  const setup = withReceiver({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  beforeEach(async () => {
    const { ctx, receiver } = setup;
    ctx.clock.set(NOW);
    receiver.received.length = 0;
    await ctx.database.db.deleteFrom('outbox_jobs').execute();
  });
  afterEach(() => mock.restoreAll());

  test('a public name that resolves to a loopback address is refused: nothing arrives, the delivery fails at once, not retried', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    // Accepted when saved: the name is not a private one by itself.
    const endpoint = await createEndpoint(ctx, beta.id, { url: `http://rebind.test:${receiver.port}/hook` });
    resolveName('rebind.test', [{ address: '127.0.0.1', family: 4 }]);
    await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 0);
    const [attempt] = await storedDeliveries(ctx, endpoint.id);
    assert.deepEqual(
      { ...attempt, id: 0, event_id: 0, duration_ms: 0 },
      {
        id: 0,
        endpoint_id: endpoint.id,
        event_id: 0,
        attempt: 1,
        status: 'failed',
        response_status: null,
        error: 'Refused: rebind.test resolves to 127.0.0.1, a loopback address; set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it',
        duration_ms: 0,
        next_attempt_at: null,
        created_at: NOW,
      },
    );
    assert.deepEqual(await pendingJobs(ctx), [], 'no retry is scheduled');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/webhooks/${endpoint.id}/deliveries`);
    assert.equal(shown.body[0].error, attempt.error);
  });

  test('a literal private address saved while private targets were allowed is refused when delivering', async () => {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta();
    const { id } = await ctx.database.db
      .insertInto('webhook_endpoints')
      .values({ beta_id: beta.id, url: `${receiver.url}/hook`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: null, enabled: 1, disabled_reason: null, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await raise(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 1);
    assert.equal(receiver.received.length, 0);
    const [attempt] = await storedDeliveries(ctx, id);
    assert.deepEqual(
      [attempt.status, attempt.response_status, attempt.error, attempt.next_attempt_at],
      ['failed', null, 'Refused: 127.0.0.1 is a loopback address; set WEBHOOK_ALLOW_PRIVATE_TARGETS=true to allow it', null],
    );
    assert.deepEqual(await pendingJobs(ctx), [], 'no retry is scheduled');
  });
});
