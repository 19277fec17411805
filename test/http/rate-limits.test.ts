import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/process/config.ts';
import { registerErrorHandling } from '../../src/http/error-handler.ts';
import { openRateLimits, RateLimits } from '../../src/http/rate-limits.ts';
import { isReachable } from '../../src/db/migrate.ts';
import { logLines, startTestContext, type TestContext, type TestResponse } from '../support/context.ts';
import { Errors } from '../../src/primitives/errors.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(25);
  }
}

/** The three headers as numbers. */
function limitHeaders(response: TestResponse): { limit: number; remaining: number; reset: number } {
  return {
    limit: Number(response.headers['ratelimit-limit']),
    remaining: Number(response.headers['ratelimit-remaining']),
    reset: Number(response.headers['ratelimit-reset']),
  };
}

/** A 429 as the API answers it; returns the message. */
function assertRefused(response: TestResponse, message: RegExp): string {
  assert.equal(response.status, 429, JSON.stringify(response.body));
  assert.equal(response.body.errors.length, 1);
  assert.equal(response.body.errors[0].code, Errors.rateLimited.code);
  assert.match(response.body.errors[0].message, message);
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(retryAfter >= 1, `Retry-After ${response.headers['retry-after']}`);
  assert.equal(response.body.errors[0].message.match(/try again in (\d+) s$/)?.[1], String(retryAfter), 'the message names the wait');
  assert.equal(limitHeaders(response).remaining, 0);
  assert.equal(limitHeaders(response).reset, retryAfter);
  return response.body.errors[0].message;
}

async function testerCount(ctx: TestContext): Promise<number> {
  const row = await ctx.database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('rate limits: configuration', () => {
  test('the defaults are the spec numbers (section 8), and a bad value stops the start naming the setting', () => {
    const config = loadConfig({});
    assert.deepEqual(config.rateLimits, {
      default: { points: 60000, seconds: 60 },
      listBetas: { points: 90, seconds: 900 },
      showBeta: { points: 90, seconds: 900 },
      listTesters: { points: 60, seconds: 60 },
      listTestersCompany: { points: 180, seconds: 60 },
      listRewards: { points: 60, seconds: 60 },
      listPoints: { points: 60, seconds: 60 },
      testEmails: { points: 20, seconds: 3600 }, // Prelaunch's own: test sends of an e-mail template
    });
    assert.equal(config.redisUrl, null);
    assert.deepEqual(loadConfig({ RATE_LIMIT_LIST_POINTS: '5/2h' }).rateLimits.listPoints, { points: 5, seconds: 7200 });
    assert.throws(() => loadConfig({ RATE_LIMIT_LIST_TESTERS: '60 per minute' }), /RATE_LIMIT_LIST_TESTERS/);
    assert.throws(() => loadConfig({ RATE_LIMIT_DEFAULT: '0/1m' }), /RATE_LIMIT_DEFAULT/);
    assert.throws(() => loadConfig({ REDIS_URL: 'http://cache:6379' }), /REDIS_URL/);
    assert.throws(
      () => loadConfig({ REDIS_URL: 'redis://:s3cret@' }),
      (error: Error) => /REDIS_URL/.test(error.message) && !error.message.includes('s3cret'),
    );
  });
});

describe('rate limits: the spec numbers for list testers', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_LIST_TESTERS: '60/1m', RATE_LIMIT_LIST_TESTERS_COMPANY: '180/1m' } });
  });
  after(() => ctx.close());

  test('60 per minute per beta, 180 per minute across the company; a refused request counts against neither', async () => {
    const betas = [];
    for (const name of ['A', 'B', 'C', 'D']) betas.push(await ctx.createBeta({}, name));
    const list = (beta: { id: number }) => ctx.request('GET', `/api/v2/betas/${beta.id}/testers`);

    for (let n = 1; n <= 60; n += 1) assert.equal((await list(betas[0])).status, 200);
    const refused = assertRefused(await list(betas[0]), /^Rate limit exceeded: 60 requests per minute to list testers of this beta; try again in \d+ s$/);
    assert.ok(Number(refused.match(/(\d+) s$/)![1]) <= 60);

    for (const beta of [betas[1], betas[2]]) {
      for (let n = 1; n <= 60; n += 1) assert.equal((await list(beta)).status, 200, `beta ${beta.id}, request ${n}`);
    }
    assertRefused(await list(betas[3]), /^Rate limit exceeded: 180 requests per minute to list testers across this company's betas; try again in \d+ s$/);
    assert.deepEqual(ctx.rateLimits.rejections(), { listTesters: 1, listTestersCompany: 1 });
  });
});

describe('rate limits: headers, refusals and whose counters', () => {
  let ctx: TestContext;
  let beta: { id: number };
  before(async () => {
    ctx = await startTestContext({
      env: {
        RATE_LIMIT_LIST_BETAS: '3/15m',
        RATE_LIMIT_SHOW_BETA: '3/15m',
        // An hour, not the spec's minute: later tests rely on counts an earlier one left, and a
        // loaded machine may take over a minute to get there.
        RATE_LIMIT_LIST_TESTERS: '3/1h',
        RATE_LIMIT_LIST_TESTERS_COMPANY: '5/1h',
        RATE_LIMIT_LIST_REWARDS: '3/1m',
        RATE_LIMIT_LIST_POINTS: '2/2s',
        RATE_LIMIT_DEFAULT: '1000/1m',
      },
    });
    beta = await ctx.createBeta({}, 'Headers');
  });
  after(() => ctx.close());

  test('every limited route kind counts down in its headers, then refuses with 429, Retry-After and a message', async () => {
    const kinds = [
      { path: '/api/v2/betas', window: 900, message: /^Rate limit exceeded: 3 requests per 15 minutes to list betas; try/ },
      { path: `/api/v2/betas/${beta.id}`, window: 900, message: /^Rate limit exceeded: 3 requests per 15 minutes to show a beta; try/ },
      { path: `/api/v2/betas/${beta.id}/rewards`, window: 60, message: /^Rate limit exceeded: 3 requests per minute to list rewards of this beta; try/ },
      { path: `/api/v2/betas/${beta.id}/testers`, window: 3600, message: /^Rate limit exceeded: 3 requests per hour to list testers of this beta; try/ },
    ];
    for (const kind of kinds) {
      for (const remaining of [2, 1, 0]) {
        const response = await ctx.request('GET', kind.path);
        assert.equal(response.status, 200, kind.path);
        const headers = limitHeaders(response);
        assert.equal(headers.limit, 3, kind.path);
        assert.equal(headers.remaining, remaining, kind.path);
        assert.ok(headers.reset >= 1 && headers.reset <= kind.window, `${kind.path}: reset ${headers.reset}`);
      }
      assertRefused(await ctx.request('GET', kind.path), kind.message);
    }
    // The .json form is the same route, so the same counter.
    assertRefused(await ctx.request('GET', '/api/v2/betas.json'), /to list betas/);
    // A route without a named scope carries the key's default limit.
    const other = await ctx.request('GET', `/api/v2/betas/${beta.id}/questions`);
    assert.equal(other.status, 200);
    assert.equal(limitHeaders(other).limit, 1000);
  });

  test('an error answer of a limited route is counted and carries the headers too', async () => {
    const other = await ctx.createBeta({}, 'Errors');
    const invalid = await ctx.request('GET', `/api/v2/betas/nope/rewards?status=nonsense`);
    assert.equal(invalid.status, 422);
    assert.deepEqual([limitHeaders(invalid).limit, limitHeaders(invalid).remaining], [3, 2]);
    // Ids that are not ids share one counter per company.
    const missing = await ctx.request('GET', `/api/v2/betas/nope/rewards`);
    assert.equal(missing.status, 404);
    assert.equal(limitHeaders(missing).remaining, 1);
    assert.equal(limitHeaders(await ctx.request('GET', `/api/v2/betas/not-a-beta/rewards`)).remaining, 0);
    assertRefused(await ctx.request('GET', `/api/v2/betas/x/rewards`), /list rewards of this beta/);
    // "07" is beta 7: one counter for one beta, however its id is written.
    for (const remaining of [2, 1]) assert.equal(limitHeaders(await ctx.request('GET', `/api/v2/betas/${other.id}/rewards`)).remaining, remaining);
    assert.equal(limitHeaders(await ctx.request('GET', `/api/v2/betas/0${other.id}/rewards`)).remaining, 0);
  });

  test('the window resets: after Retry-After seconds the route answers again', async () => {
    const path = `/api/v2/betas/${beta.id}/points`;
    assert.deepEqual(
      [limitHeaders(await ctx.request('GET', path)).remaining, limitHeaders(await ctx.request('GET', path)).remaining],
      [1, 0],
    );
    const refused = await ctx.request('GET', path);
    assertRefused(refused, /^Rate limit exceeded: 2 requests per 2 seconds to list points of this beta; try again in [12] s$/);
    await sleep(Number(refused.headers['retry-after']) * 1000);
    const again = await ctx.request('GET', path);
    assert.equal(again.status, 200);
    assert.equal(limitHeaders(again).remaining, 1);
  });

  test('list testers counts per beta and per company; the headers show the limit closest to exhaustion', async () => {
    const [first, second] = [await ctx.createBeta({}, 'First'), await ctx.createBeta({}, 'Second')];
    const list = (b: { id: number }) => ctx.request('GET', `/api/v2/betas/${b.id}/testers`);
    // The first test used 3 of the company's 5 (its refused 4th request cost nothing).
    const one = await list(first);
    assert.equal(one.status, 200);
    assert.deepEqual([limitHeaders(one).limit, limitHeaders(one).remaining], [5, 1], 'the company limit: 1 left, against 2 for the beta');
    // The exhausted beta is refused by its own limit while the company still has room. (Once both
    // are exhausted the message names the one with the longer wait: with windows opened by the
    // same request that is a matter of milliseconds, so it is not asserted.)
    assertRefused(await list(beta), /3 requests per hour to list testers of this beta/);
    const two = await list(second);
    assert.equal(two.status, 200);
    assert.deepEqual([limitHeaders(two).limit, limitHeaders(two).remaining], [5, 0], 'the refusal above cost the company nothing');
    assertRefused(await list(second), /^Rate limit exceeded: 5 requests per hour to list testers across this company's betas/);
  });

  test("another company's key has its own counters; the spec's limits are shared by a company's keys", async () => {
    assertRefused(await ctx.request('GET', '/api/v2/betas'), /to list betas/);
    const sameCompany = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId });
    assertRefused(await ctx.request('GET', '/api/v2/betas', { key: sameCompany.key }), /to list betas/);

    const company = await ctx.services.accounts.createCompany({ name: 'Globex' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const theirs = await ctx.request('GET', '/api/v2/betas', { key });
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body, []);
    assert.deepEqual([limitHeaders(theirs).limit, limitHeaders(theirs).remaining], [3, 2]);
    // The same beta id from another company is another counter (and a 404).
    const foreign = await ctx.request('GET', `/api/v2/betas/${beta.id}/rewards`, { key });
    assert.equal(foreign.status, 404);
    assert.equal(limitHeaders(foreign).remaining, 2);
  });
});

describe('rate limits: the per-key default', () => {
  let ctx: TestContext;
  let beta: { id: number };
  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_DEFAULT: '4/1m' } });
    beta = await ctx.createBeta({}, 'Default');
  });
  after(() => ctx.close());

  test('unauthenticated requests are 401 and never counted', async () => {
    for (let n = 0; n < 6; n += 1) {
      const response = await ctx.request('GET', '/api/v2/betas', { key: n % 2 ? null : 'pl_not-a-key' });
      assert.equal(response.status, 401);
      assert.equal(response.headers['ratelimit-limit'], undefined);
    }
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/questions`);
    assert.deepEqual([limitHeaders(response).limit, limitHeaders(response).remaining], [4, 2], 'creating the beta and this request');
  });

  test('a refused write does nothing', async () => {
    const create = (email: string) => ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email } } });
    assert.equal((await create('one@example.com')).status, 201);
    assert.equal(limitHeaders(await create('two@example.com')).remaining, 0);
    assert.equal(await testerCount(ctx), 2);
    assertRefused(await create('three@example.com'), /^Rate limit exceeded: 4 requests per minute with one API key; try again in \d+ s$/);
    assert.equal(await testerCount(ctx), 2, 'no tester was created');
    // The v1 checkin answers its refusal in XML, like its other errors.
    const v1 = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/betas/${beta.id}/checkins.xml?api_key=${ctx.apiKey}`,
      headers: { 'content-type': 'application/xml' },
      payload: '<checkin><email>one@example.com</email></checkin>',
    });
    assert.equal(v1.statusCode, 429);
    assert.match(v1.body, /<code>1429<\/code>\s*<message>Rate limit exceeded: 4 requests per minute with one API key; try again in \d+ s<\/message>/);
    assert.ok(Number(v1.headers['retry-after']) >= 1);
    assert.deepEqual(ctx.rateLimits.rejections(), { default: 2 });
  });

  test('the default counts per key: another key of the company has its own', async () => {
    const { key } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId });
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}`, { key });
    assert.equal(response.status, 200);
    assert.deepEqual([limitHeaders(response).limit, limitHeaders(response).remaining], [4, 3]);
  });
});

describe('rate limits: per client network (building block for public pages)', () => {
  test('counts per IPv4 address and per IPv6 /64; IPv4-mapped addresses are their IPv4 address', async () => {
    const limits = new RateLimits(loadConfig({}).rateLimits, null, 'unused:');
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/page', { onRequest: limits.perIp('signup', { points: 2, seconds: 60 }, 'to sign up from one network') }, async () => 'ok');
    const from = (remoteAddress: string) => app.inject({ method: 'GET', url: '/page', remoteAddress });

    assert.equal((await from('203.0.113.5')).headers['ratelimit-remaining'], '1');
    assert.equal((await from('203.0.113.5')).statusCode, 200);
    const refused = await from('::ffff:203.0.113.5');
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().errors[0].message, /^Rate limit exceeded: 2 requests per minute to sign up from one network; try again in \d+ s$/);
    assert.equal((await from('203.0.113.6')).statusCode, 200);

    assert.equal((await from('2001:db8:1:2::1')).statusCode, 200);
    assert.equal((await from('2001:db8:1:2:ffff::9')).statusCode, 200);
    assert.equal((await from('2001:db8:1:2::1')).statusCode, 429, 'same /64');
    assert.equal((await from('2001:db8:1:3::1')).statusCode, 200, 'another /64');
    assert.deepEqual(limits.rejections(), { 'ip:signup': 2 });
    await app.close();
  });
});

describe('rate limits in Redis', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { REDIS_URL, RATE_LIMIT_LIST_BETAS: '4/15m' } });
    await eventually(`Redis at ${REDIS_URL} is connected (the Redis tests need it; TEST_REDIS_URL)`, () => ctx.redis!.available);
  });
  after(() => ctx.close());

  test('two app instances share the counters', async () => {
    const own = openRateLimits(ctx.config, logLines());
    const second = await buildApp({
      config: ctx.config,
      services: ctx.services,
      isDatabaseReady: () => isReachable(ctx.database),
      ...own,
    });
    try {
      await eventually('the second connection is up', () => own.redis!.available);
      const viaSecond = () =>
        second.inject({ method: 'GET', url: '/api/v2/betas', headers: { authorization: `Bearer ${ctx.apiKey}` } });
      const remaining: string[] = [];
      for (const call of [() => ctx.request('GET', '/api/v2/betas'), viaSecond, () => ctx.request('GET', '/api/v2/betas'), viaSecond]) {
        remaining.push(String((await call()).headers['ratelimit-remaining']));
      }
      assert.deepEqual(remaining, ['3', '2', '1', '0']);
      const refused = await viaSecond();
      assert.equal(refused.statusCode, 429);
      assertRefused(await ctx.request('GET', '/api/v2/betas'), /4 requests per 15 minutes to list betas/);
      assert.deepEqual((await ctx.request('GET', '/readyz', { key: null })).body, { status: 'ready', database: 'ok', redis: 'ok' });
    } finally {
      await second.close();
      own.redis!.close();
    }
  });
});

/**
 * A TCP proxy to Redis that a test stops and starts again on the same port (Redis going away), or
 * pauses: what clients send is then held, unanswered, until it resumes, as a Redis stopped with
 * SIGSTOP keeps its connections open and answers nothing. It keeps a transcript of what clients sent.
 */
class RedisProxy {
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();
  #paused = false;
  readonly #held: { redis: Socket; chunk: Buffer }[] = [];
  #sent = '';
  port = 0;

  async start(): Promise<void> {
    const target = new URL(REDIS_URL);
    this.#server = createServer((client) => {
      const redis = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, redis]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => redis.destroy());
      redis.on('close', () => client.destroy());
      client.on('data', (chunk: Buffer) => {
        this.#sent += chunk.toString('latin1');
        if (this.#paused) this.#held.push({ redis, chunk });
        else redis.write(chunk);
      });
      redis.pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server!.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }

  pause(): void {
    this.#paused = true;
  }

  /** Redis gets what was held, in order, and answers again. */
  resume(): void {
    this.#paused = false;
    for (const { redis, chunk } of this.#held.splice(0)) redis.write(chunk);
  }

  /** How many commands named `name` clients have sent (held ones included), read from the RESP requests. */
  sent(name: string): number {
    const head = `\r\n$${name.length}\r\n${name}\r\n`.toLowerCase();
    return this.#sent.toLowerCase().split(head).length - 1;
  }
}

describe('rate limits when Redis goes away', () => {
  test('answers with per-process limits while Redis is away, says so once, and shares again when it is back', async () => {
    const proxy = new RedisProxy();
    await proxy.start();
    const ctx = await startTestContext({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_LIST_BETAS: '4/15m' } });
    try {
      await eventually('Redis is connected', () => ctx.redis!.available);
      const remaining = async () => {
        const response = await ctx.request('GET', '/api/v2/betas');
        assert.equal(response.status, 200);
        return limitHeaders(response).remaining;
      };
      assert.deepEqual([await remaining(), await remaining()], [3, 2], 'counted in Redis');

      await proxy.stop();
      await eventually('the loss is noticed', () => !ctx.redis!.available);
      // The memory insurance counts from zero in this process; nothing fails or waits.
      assert.deepEqual([await remaining(), await remaining()], [3, 2], 'counted in memory');
      const ready = await ctx.request('GET', '/readyz', { key: null });
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, { status: 'ready', database: 'ok', redis: 'unavailable (rate limits per process)' });

      await proxy.start();
      await eventually('Redis is connected again', () => ctx.redis!.available);
      assert.equal(await remaining(), 1, 'Redis kept the count from before');
      assert.deepEqual((await ctx.request('GET', '/readyz', { key: null })).body.redis, 'ok');

      assert.deepEqual(
        ctx.redisLog.lines.map((line) => [line.level, line.message]),
        [
          ['warn', 'Redis is unavailable: rate limits are counted in each process until it is back'],
          ['info', 'Redis is back: rate limits are shared by every process again'],
        ],
        `one line each way, however many reconnection attempts failed: ${JSON.stringify(ctx.redisLog.lines)}`,
      );
    } finally {
      await ctx.close();
      await proxy.stop().catch(() => {});
    }
  });

  test('with Redis unreachable from the start the API answers, limits per process, and never logs the password', async () => {
    const ctx = await startTestContext({ env: { REDIS_URL: 'redis://prelaunch:s3cret-pass@127.0.0.1:1', RATE_LIMIT_SHOW_BETA: '2/15m' } });
    try {
      const beta = await ctx.createBeta({}, 'No Redis');
      const show = () => ctx.request('GET', `/api/v2/betas/${beta.id}`);
      const started = Date.now();
      assert.deepEqual([(await show()).status, (await show()).status], [200, 200]);
      assertRefused(await show(), /2 requests per 15 minutes to show a beta/);
      assert.ok(Date.now() - started < 2_000, 'no request waited for Redis');

      await eventually('the failure is logged', () => ctx.redisLog.lines.length > 0);
      const ready = await ctx.request('GET', '/readyz', { key: null });
      assert.equal(ready.status, 200);
      assert.equal(ready.body.redis, 'unavailable (rate limits per process)');
      await sleep(600); // several reconnection attempts
      assert.equal(ctx.redisLog.lines.length, 1, 'logged once');
      assert.equal(ctx.redisLog.lines[0].level, 'warn');
      assert.doesNotMatch(JSON.stringify(ctx.redisLog.lines), /s3cret-pass/);
    } finally {
      await ctx.close();
    }
  });
});

describe('rate limits when Redis hangs', () => {
  test('a few unanswered commands open the breaker: no command is sent, limits per process, said once in the log, /readyz and /metrics; a probe closes it', async () => {
    const proxy = new RedisProxy();
    await proxy.start();
    const ctx = await startTestContext({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, RATE_LIMIT_LIST_BETAS: '10/15m' } });
    const redisMetrics = async () => {
      const text = (await ctx.request('GET', '/metrics', { key: null })).body as string;
      const sample = (pattern: RegExp) => Number(pattern.exec(text)?.[1]);
      return {
        open: sample(/^prelaunch_redis_breaker_open (\S+)$/m),
        timeouts: sample(/^prelaunch_redis_command_failures_total\{reason="timeout"\} (\S+)$/m),
        errors: sample(/^prelaunch_redis_command_failures_total\{reason="error"\} (\S+)$/m),
      };
    };
    const rateLimitCommands = () => proxy.sent('evalsha') + proxy.sent('eval');
    try {
      await eventually('Redis is connected', () => ctx.redis!.available);
      const remaining = async () => {
        const response = await ctx.request('GET', '/api/v2/betas');
        assert.equal(response.status, 200);
        return limitHeaders(response).remaining;
      };
      assert.deepEqual([await remaining(), await remaining()], [9, 8], 'counted in Redis');
      assert.deepEqual(await redisMetrics(), { open: 0, timeouts: 0, errors: 0 });

      proxy.pause();
      // A request counts against two limits (the key's default and "list betas"): two commands.
      // The first request's both go unanswered: counted in memory (from zero), the breaker still closed.
      assert.equal(await remaining(), 9, 'counted in memory when Redis does not answer');
      assert.equal(ctx.redis!.state, 'ok');
      assert.deepEqual(ctx.redis!.failures(), { timeout: 2, error: 0 });
      // The second request's are the third and fourth: the breaker opens.
      assert.equal(await remaining(), 8);
      assert.equal(ctx.redis!.state, 'not answering');
      assert.equal(ctx.redis!.failures().timeout, 4);

      const sentBefore = rateLimitCommands();
      assert.equal(sentBefore > 0, true);
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push(await remaining());
      assert.deepEqual(answers, [7, 6, 5, 4, 3], 'counted in memory');
      assert.equal(rateLimitCommands(), sentBefore, 'no command is sent while the breaker is open');

      const ready = await ctx.request('GET', '/readyz', { key: null });
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, { status: 'ready', database: 'ok', redis: 'not answering (rate limits per process)' });
      const open = await redisMetrics();
      assert.equal(open.open, 1);
      assert.ok(open.timeouts >= 4, `timeouts counted: ${open.timeouts}`);
      assert.equal(open.errors, 0);

      // Probes go on (one PING at a time, each unanswered); they are not requests' commands and log nothing.
      await eventually('two probes were sent', () => proxy.sent('ping') >= 2);
      assert.equal(rateLimitCommands(), sentBefore);
      assert.equal(ctx.redis!.state, 'not answering');
      assert.deepEqual(
        ctx.redisLog.lines.map((line) => [line.level, line.message]),
        [['warn', 'Redis is unavailable: rate limits are counted in each process until it is back']],
      );
      assert.match(JSON.stringify(ctx.redisLog.lines[0].details), /3 commands in a row failed or had no answer within 500 ms, the last with: Command timed out/);

      proxy.resume();
      await eventually('a probe is answered and closes the breaker', () => ctx.redis!.available);
      assert.deepEqual((await ctx.request('GET', '/readyz', { key: null })).body.redis, 'ok');
      assert.equal((await redisMetrics()).open, 0);
      // Counted in Redis again: the 2 counted before the pause, and the 2 that Redis ran late when it
      // resumed (held, like a stopped server's input); the requests counted in memory meanwhile are not.
      assert.equal(await remaining(), 5);
      assert.deepEqual(
        ctx.redisLog.lines.map((line) => [line.level, line.message]),
        [
          ['warn', 'Redis is unavailable: rate limits are counted in each process until it is back'],
          ['info', 'Redis is back: rate limits are shared by every process again'],
        ],
        `one line each way: ${JSON.stringify(ctx.redisLog.lines)}`,
      );
    } finally {
      proxy.resume();
      await ctx.close();
      await proxy.stop().catch(() => {});
    }
  });
});

describe('readiness when Redis hangs', () => {
  test('every process asks Redis itself, within a bounded time: one that sent no command yet says it is not answering', async () => {
    const proxy = new RedisProxy();
    await proxy.start();
    const env = { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
    const ctx = await startTestContext({ env });
    // A second process of the same deployment, which has sent Redis nothing.
    const idle = await startTestContext({ env, databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    const ready = async (context: TestContext) => {
      const started = Date.now();
      const response = await context.request('GET', '/readyz', { key: null });
      return { status: response.status, redis: response.body.redis, ms: Date.now() - started };
    };
    try {
      await eventually('both are connected', () => ctx.redis!.available && idle.redis!.available);
      assert.deepEqual([(await ready(ctx)).redis, (await ready(idle)).redis], ['ok', 'ok']);
      const pingsBefore = proxy.sent('ping');
      assert.equal(pingsBefore, 2, 'each /readyz asked Redis once');

      proxy.pause();
      for (const context of [ctx, idle]) {
        const answer = await ready(context);
        assert.deepEqual([answer.status, answer.redis], [200, 'not answering (rate limits per process)']);
        assert.ok(answer.ms < 1_500, `answered within the probe's time-out: ${answer.ms} ms`);
      }
      assert.equal(proxy.sent('ping'), pingsBefore + 2);

      proxy.resume();
      await eventually('Redis answers again', async () => (await ready(idle)).redis === 'ok');
      assert.equal((await ready(ctx)).redis, 'ok');
      assert.equal(idle.redis!.state, 'ok');
    } finally {
      proxy.resume();
      await idle.close();
      await ctx.close();
      await proxy.stop().catch(() => {});
    }
  });
});
