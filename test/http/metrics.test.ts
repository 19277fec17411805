// /metrics: Prometheus text with requests by route pattern, the outbox backlog and job latencies,
// rate-limit refusals, the database pool, retried transactions and the process defaults; open or
// behind METRICS_TOKEN.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/process/config.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { enqueueJob } from '../../src/jobs/outbox.ts';
import { EMAIL_SEND_JOB } from '../../src/modules/emails/send-jobs.ts';
import { dialect, startTestContext, type TestContext } from '../support/context.ts';
import { Errors } from '../../src/primitives/errors.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (names, labels, values; comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match, `a well-formed sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one sample with exactly these labels, or undefined. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  assert.ok(found.length <= 1, `one sample of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('/metrics', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_LIST_POINTS: '1/1m' } });
  });
  after(() => ctx.close());

  async function scrape(): Promise<Sample[]> {
    const response = await ctx.request('GET', '/metrics', { key: null });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return parse(response.body);
  }

  test('requests are counted by method, route pattern and status class, never by raw URL', async () => {
    const beta = await ctx.createBeta();
    const route = '/api/v2/betas/:beta_id/testers/:tester_id';
    const count = (samples: Sample[], labels: Record<string, string>) =>
      sampleValue(samples, 'prelaunch_http_request_duration_seconds_count', labels) ?? 0;
    const before = await scrape();

    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'ann@example.com' } } });
    assert.equal(created.status, 201);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${created.body.id}`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${created.body.id}.json`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/987654`)).status, 404);
    assert.equal((await ctx.request('GET', '/nowhere/123456')).status, 404);

    const after = await scrape();
    const shown = { method: 'GET', route, status_class: '2xx' };
    assert.equal(count(after, shown) - count(before, shown), 2, 'with and without .json: one pattern');
    const missing = { method: 'GET', route, status_class: '4xx' };
    assert.equal(count(after, missing) - count(before, missing), 1);
    const createdLabels = { method: 'POST', route: '/api/v2/betas/:beta_id/testers', status_class: '2xx' };
    assert.equal(count(after, createdLabels) - count(before, createdLabels), 1);
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    assert.equal(count(after, unmatched) - count(before, unmatched), 1);
    // The histogram's buckets are there, cumulative, ending at the count.
    const buckets = after.filter((s) => s.name === 'prelaunch_http_request_duration_seconds_bucket' && s.labels.route === route && s.labels.status_class === '2xx');
    assert.ok(buckets.length >= 10);
    assert.equal(buckets.find((s) => s.labels.le === '+Inf')?.value, count(after, shown));

    const routes = new Set(after.filter((s) => s.name.startsWith('prelaunch_http_')).map((s) => s.labels.route));
    for (const label of routes) assert.doesNotMatch(label, /\d{3,}|@/, `no id or address in a route label: ${label}`);
  });

  test('the outbox backlog by kind and state, and each attempt timed from when it was due', async () => {
    const scheduled = new Date(ctx.clock.now().getTime() + 3_600_000);
    await ctx.database.db.transaction().execute(async (trx) => {
      await enqueueJob(trx, 'metrics.unknown', {}, ctx.clock.now());
      await enqueueJob(trx, 'metrics.unknown', {}, ctx.clock.now());
      await enqueueJob(trx, 'metrics.unknown', {}, scheduled);
    });
    const beta = await ctx.createBeta();
    const invited = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'inv@example.com', status: 'invited' } } });
    assert.equal(invited.status, 201);
    ctx.clock.advance(20_000);

    const waiting = await scrape();
    assert.equal(sampleValue(waiting, 'prelaunch_outbox_jobs', { kind: 'metrics.unknown', state: 'due' }), 2);
    assert.equal(sampleValue(waiting, 'prelaunch_outbox_jobs', { kind: 'metrics.unknown', state: 'scheduled' }), 1);
    assert.equal(sampleValue(waiting, 'prelaunch_outbox_jobs', { kind: 'metrics.unknown', state: 'parked' }), 0);
    assert.equal(sampleValue(waiting, 'prelaunch_outbox_jobs', { kind: EMAIL_SEND_JOB, state: 'due' }), 1);
    assert.equal(sampleValue(waiting, 'prelaunch_outbox_oldest_due_age_seconds', { kind: 'metrics.unknown' }), 20);

    assert.ok((await ctx.runJobs()) >= 3);
    const ran = await scrape();
    // The e-mail went (captured: no SMTP_URL) 20 s after it was due; the jobs of no known kind failed.
    const latency = (kind: string, outcome: string, le: string) => sampleValue(ran, 'prelaunch_outbox_job_latency_seconds_bucket', { kind, outcome, le });
    assert.equal(sampleValue(ran, 'prelaunch_outbox_job_latency_seconds_count', { kind: EMAIL_SEND_JOB, outcome: 'done' }), 1);
    assert.equal(latency(EMAIL_SEND_JOB, 'done', '10'), 0);
    assert.equal(latency(EMAIL_SEND_JOB, 'done', '30'), 1);
    assert.equal(sampleValue(ran, 'prelaunch_outbox_job_latency_seconds_count', { kind: 'metrics.unknown', outcome: 'error' }), 2);
    assert.equal(sampleValue(ran, 'prelaunch_outbox_jobs', { kind: EMAIL_SEND_JOB, state: 'due' }), undefined, 'a kind with no job left is gone');
    // Retried with backoff: scheduled now, none due.
    assert.equal(sampleValue(ran, 'prelaunch_outbox_jobs', { kind: 'metrics.unknown', state: 'due' }), 0);
    assert.equal(sampleValue(ran, 'prelaunch_outbox_jobs', { kind: 'metrics.unknown', state: 'scheduled' }), 3);
    assert.equal(sampleValue(ran, 'prelaunch_outbox_oldest_due_age_seconds', { kind: 'metrics.unknown' }), undefined);
    const rows = await ctx.database.db.selectFrom('outbox_jobs').select(['kind', 'attempts']).where('kind', '=', 'metrics.unknown').execute();
    assert.deepEqual(rows.map((r) => r.attempts).sort(), [0, 1, 1]);
  });

  test('rate-limit refusals by the name of the limit', async () => {
    const beta = await ctx.createBeta();
    const count = (samples: Sample[]) => sampleValue(samples, 'prelaunch_rate_limit_rejections_total', { limiter: 'listPoints' }) ?? 0;
    const before = count(await scrape());
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/points`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/points`)).status, 429);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/points`)).status, 429);
    const samples = await scrape();
    assert.equal(count(samples) - before, 2);
    assert.equal(sampleValue(samples, 'prelaunch_http_request_duration_seconds_count', { method: 'GET', route: '/api/v2/betas/:beta_id/points', status_class: '4xx' }), 2);
  });

  test('the database pool and the process defaults', async () => {
    const samples = await scrape();
    if (dialect === 'postgres') {
      assert.ok(sampleValue(samples, 'prelaunch_db_pool_connections', { state: 'total' })! >= 1);
      // The scrape's own backlog query may be taking a connection or waiting for a new one.
      for (const state of ['idle', 'waiting']) assert.ok(sampleValue(samples, 'prelaunch_db_pool_connections', { state })! >= 0, state);
    } else {
      assert.equal(sampleValue(samples, 'prelaunch_db_pool_connections', { state: 'total' }), 1);
      assert.equal(samples.filter((s) => s.name === 'prelaunch_db_pool_connections').length, 1, 'SQLite: one connection, nothing else applies');
    }
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      assert.ok(samples.some((s) => s.name === name), `${name} is exposed`);
    }
  });

  test('transactions run again, by reason', async () => {
    const count = (samples: Sample[], reason: string) => sampleValue(samples, 'prelaunch_db_transaction_retries_total', { reason });
    const before = await scrape();
    for (const reason of ['deadlock', 'serialization', 'busy', 'other']) assert.equal(typeof count(before, reason), 'number', `${reason} is exposed`);
    // A command whose first attempt fails with an error it may retry (as a colliding generated code).
    const collided = new Error('a generated code collided');
    let attempts = 0;
    await inTransaction(
      ctx.database.db,
      async () => {
        attempts += 1;
        if (attempts === 1) throw collided;
      },
      { retryAlso: (error) => error === collided },
    );
    assert.equal(attempts, 2);
    const after = await scrape();
    assert.deepEqual(
      ['deadlock', 'serialization', 'busy', 'other'].map((reason) => count(after, reason)! - count(before, reason)!),
      [0, 0, 0, 1],
    );
  });

  describe('access', () => {
    async function appWith(settings: Partial<Config>) {
      const app = await buildApp({
        config: { ...ctx.config, ...settings },
        services: ctx.services,
        rateLimits: ctx.rateLimits,
        redis: ctx.redis,
        isDatabaseReady: async () => true,
        metrics: ctx.metrics,
      });
      await app.ready();
      return app;
    }

    test('METRICS_TOKEN: no token or a wrong one is 401 with a challenge; the token as Bearer or Basic user is let in', async () => {
      const app = await appWith({ metricsToken: 's3cret-token' });
      try {
        for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${ctx.apiKey}` }, { authorization: 'Bearer s3cret-token-and-more' }]) {
          const refused = await app.inject({ method: 'GET', url: '/metrics', headers });
          assert.equal(refused.statusCode, 401);
          assert.equal(refused.headers['www-authenticate'], 'Bearer realm="Prelaunch metrics"');
          assert.equal(refused.json().errors[0].code, Errors.unauthorized.code);
          assert.doesNotMatch(refused.body, /prelaunch_|s3cret/);
        }
        const bearer = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } });
        assert.equal(bearer.statusCode, 200);
        assert.ok(parse(bearer.body).some((s) => s.name === 'prelaunch_http_request_duration_seconds_count'));
        const basic = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${Buffer.from('s3cret-token:').toString('base64')}` } });
        assert.equal(basic.statusCode, 200);
      } finally {
        await app.close();
      }
    });

    test('METRICS_ENABLED=false: no /metrics at all', async () => {
      const app = await appWith({ metricsEnabled: false });
      try {
        const response = await app.inject({ method: 'GET', url: '/metrics' });
        assert.equal(response.statusCode, 404);
        assert.equal(response.json().errors[0].code, Errors.notFound.code);
      } finally {
        await app.close();
      }
    });
  });
});
