// bin/healthcheck.js, the Docker image's HEALTHCHECK: it passes when the container's process
// answers /healthz on PORT (`serve`) or on WORKER_METRICS_PORT (`prelaunch worker`), so one image
// checks both kinds of container without an override, and fails when neither answers 2xx.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildWorkerApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-type.ts';
import { Metrics } from '../../src/process/metrics.ts';
import { freePort, logLines, startTestContext, type TestContext } from '../support/context.ts';

const HEALTHCHECK = fileURLToPath(new URL('../../bin/healthcheck.js', import.meta.url));

/** Runs the check as Docker does, with only the container's environment that matters to it. */
function check(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HEALTHCHECK], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the Docker health check (bin/healthcheck.js)', () => {
  let ctx: TestContext;
  let worker: App;
  let failing: Server;
  const ports = { api: '', worker: '', failing: '', unused: '' };

  before(async () => {
    // An API process (serve) and a worker's metrics listener, each answering /healthz.
    ctx = await startTestContext({ listen: true });
    ports.api = new URL(ctx.config.publicUrl).port;
    const metrics = new Metrics({ database: ctx.database, stats: ctx.services.stats, emails: ctx.services.emails, log: logLines() });
    worker = buildWorkerApp({ config: ctx.config, isDatabaseReady: async () => true, metrics });
    ports.worker = String(await freePort());
    await worker.listen({ port: Number(ports.worker), host: '127.0.0.1' });
    failing = createServer((_request, response) => response.writeHead(503).end());
    ports.failing = String(await freePort());
    await new Promise<void>((resolve) => failing.listen(Number(ports.failing), '127.0.0.1', resolve));
    ports.unused = String(await freePort()); // as PORT (3000 in the image) in a worker's container
  });
  after(async () => {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    await worker.close();
    await ctx.close();
  });

  test('an API container passes on PORT, whether or not WORKER_METRICS_PORT is set too', async () => {
    assert.deepEqual(await check({ PORT: ports.api }), { code: 0, stderr: '' });
    assert.deepEqual(await check({ PORT: ports.api, WORKER_METRICS_PORT: ports.unused }), { code: 0, stderr: '' });
  });

  test('a worker container passes on WORKER_METRICS_PORT, nothing listening on PORT', async () => {
    assert.deepEqual(await check({ PORT: ports.unused, WORKER_METRICS_PORT: ports.worker }), { code: 0, stderr: '' });
  });

  test('fails, saying why, when no port answers or one answers with an error', async () => {
    const noMetricsPort = await check({ PORT: ports.unused, WORKER_METRICS_PORT: '0' });
    assert.equal(noMetricsPort.code, 1);
    assert.equal(noMetricsPort.stderr, `/healthz not answered (port ${ports.unused}: ECONNREFUSED)\n`);
    const unhealthy = await check({ PORT: ports.failing, WORKER_METRICS_PORT: ports.unused });
    assert.equal(unhealthy.code, 1);
    assert.equal(unhealthy.stderr, `/healthz not answered (port ${ports.failing}: answered 503; port ${ports.unused}: ECONNREFUSED)\n`);
  });
});
