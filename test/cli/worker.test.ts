// prelaunch worker as a real process with --metrics-port: it serves /metrics (behind METRICS_TOKEN)
// with its own job attempts, and /healthz, /readyz; it sends a queued e-mail, which its metrics
// count; its first sweep deletes an e-mail past the retention; SIGTERM stops it cleanly.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer, type Server } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/program.ts';
import { addSeconds, storedTime } from '../../src/primitives/time.ts';
import { spawnBin } from '../support/bin.ts';
import { freePort, startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { sentInvitationRow } from '../modules/emails/support.ts';

// Generous: under a loaded machine a process takes long to start.
const START_TIMEOUT_MS = 180_000;
const TOKEN = 'scrape-secret';

interface LogLine {
  msg: string;
  [field: string]: unknown;
}


function fetchText(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    }).on('error', reject);
  });
}

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = await attempt();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('prelaunch worker --metrics-port', () => {
  let ctx: TestContext;
  let worker: ChildProcess;
  let exited: Promise<number | null>;
  let port: number;
  const lines: LogLine[] = [];

  before(async () => {
    ctx = await startTestContext();
    // The worker reads the real clock: the e-mail is due now, the old one far past the 90 days.
    ctx.clock.set(new Date());
    port = await freePort();
  });

  after(async () => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    await ctx.close();
  });

  function logLine(msg: string): Promise<LogLine> {
    return waitFor(`log line "${msg}"`, async () => lines.find((line) => line.msg === msg));
  }

  test('serves /metrics with its job attempts behind the token, /healthz and /readyz, sweeps, and stops on SIGTERM', { timeout: 3 * START_TIMEOUT_MS }, async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id, { status: 'invited' }); // queues the invitation
    const old = storedTime(addSeconds(new Date(), -100 * 86_400));
    await ctx.database.db
      .insertInto('email_messages')
      .values(sentInvitationRow(beta.id, 'old@example.com', old))
      .execute();

    worker = spawnBin(['worker', '--metrics-port', String(port)], {
      DATABASE_URL: ctx.config.databaseUrl,
      HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
      GEOIP_DATABASE_PATH: 'off',
      LOG_LEVEL: 'info',
      WORKER_METRICS_PORT: '', // the flag alone names the port
    });
    exited = new Promise((resolve) => worker.on('exit', (code) => resolve(code)));
    createInterface({ input: worker.stdout! }).on('line', (text) => lines.push(JSON.parse(text) as LogLine));
    let stderr = '';
    worker.stderr!.on('data', (chunk) => (stderr += chunk));

    const started = await logLine('workers started');
    assert.equal(started.metricsPort, port);
    // It runs the bundle of the sources the bin built as it started, not the sources through tsx.
    assert.equal(started.bundle, fileURLToPath(new URL('../../.bundle/cli-main.mjs', import.meta.url)));

    const health = await fetchText(port, '/healthz');
    assert.equal(health.status, 200);
    assert.deepEqual(JSON.parse(health.body), { status: 'ok' });
    const ready = await fetchText(port, '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(JSON.parse(ready.body), { status: 'ready', database: 'ok' });

    const refused = await fetchText(port, '/metrics');
    assert.equal(refused.status, 401);
    assert.equal(refused.headers['www-authenticate'], 'Bearer realm="Prelaunch metrics"');
    assert.match(JSON.parse(refused.body).errors[0].message, /metrics token is required/);
    assert.equal((await fetchText(port, '/metrics', { authorization: 'Bearer wrong' })).status, 401);

    // The invitation is captured (no SMTP_URL) by the worker, and its attempt counted there.
    const done = /^prelaunch_outbox_job_latency_seconds_count\{kind="email\.send",outcome="done"\} (\d+)$/m;
    const metrics = await waitFor('the e-mail job counted', async () => {
      const scrape = await fetchText(port, '/metrics', { authorization: `Bearer ${TOKEN}` });
      assert.equal(scrape.status, 200);
      return done.test(scrape.body) ? scrape.body : undefined;
    });
    assert.equal(Number(done.exec(metrics)![1]), 1);
    assert.match(metrics, /^prelaunch_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_class="2xx"\} 1$/m);
    assert.match(metrics, /^prelaunch_db_pool_connections\{state="total"\} \d+$/m);
    assert.doesNotMatch(metrics, /prelaunch_rate_limit_rejections_total/, 'a worker answers no API request');
    const message = await ctx.database.db.selectFrom('email_messages').select('status').where('tester_id', '=', tester.id).executeTakeFirstOrThrow();
    assert.equal(message.status, 'captured');

    // The sweep at start: the old e-mail is past EMAIL_LOG_RETENTION_DAYS (90).
    const swept = await logLine('logs past their retention deleted');
    assert.deepEqual([swept.emails, swept.webhookEvents], [1, 0]);
    const left = await ctx.database.db.selectFrom('email_messages').select('to_address').execute();
    assert.deepEqual(left.map((row) => row.to_address), [tester.email]);

    worker.kill('SIGTERM');
    assert.equal(await exited, 0, stderr);
    assert.ok(lines.some((line) => line.msg === 'stopping workers'));
    await assert.rejects(fetchText(port, '/healthz'), /ECONNREFUSED/);
  });

  test('a metrics port in use stops the worker at once', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      let stderr = '';
      const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
      const code = await runCli(['worker'], io, {
        DATABASE_URL: ctx.config.databaseUrl,
        HOST: '127.0.0.1',
        WORKER_METRICS_PORT: String(port),
        GEOIP_DATABASE_PATH: 'off',
        LOG_LEVEL: 'silent',
      });
      assert.equal(code, 1);
      assert.match(stderr, /^error: listen EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  test('--metrics-port must be a port number', async () => {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
    assert.equal(await runCli(['worker', '--metrics-port', '70000'], io, { DATABASE_URL: ctx.config.databaseUrl }), 2);
    assert.match(stderr, /--metrics-port <port>.*port number, 0 to 65535/);
  });
});
