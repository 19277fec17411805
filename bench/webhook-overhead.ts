// npm run bench:webhooks -- [--database-url URL] [--rounds 5] [--seconds 5] [--clients 8] [--separate-worker]
// What a webhook endpoint costs the API: create-tester throughput (each with a referral,
// so points and a referrer update too) on a beta nobody listens to, against a beta with one
// endpoint subscribed to every event, rounds alternating. The API runs in this process with the
// workers inside, as `npm start` does, or with --separate-worker beside one `prelaunch worker`
// process; the receiver is a process of its own on loopback, as a real one would be elsewhere.
// Prints requests per second and latency per variant (medians over the rounds) and their ratio;
// then waits for the outbox to drain and checks that every event was delivered.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/process/config.ts';
import { RateLimits } from '../src/http/rate-limits.ts';
import { isReachable } from '../src/db/migrate.ts';
import { startWorkers } from '../src/jobs/workers.ts';
import { createServices } from '../src/services.ts';
import { systemClock } from '../src/primitives/time.ts';
import { openBenchDatabase } from './seeding.ts';
import { median, percentile, positiveInteger } from './figures.ts';

const USAGE =
  'usage: npm run bench:webhooks -- [--database-url sqlite:PATH|postgres://…] [--rounds 5] [--seconds 5] [--clients 8] [--separate-worker]';
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A receiver answering 204 to every POST and GET /count with how many it received. */
const RECEIVER = `
let received = 0;
const server = require('node:http').createServer((request, response) => {
  if (request.method === 'GET') return response.end(String(received));
  request.resume();
  request.on('end', () => { received += 1; response.writeHead(204).end(); });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** The processes this run started: stopped however it ends. */
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function startReceiver(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: `http://127.0.0.1:${chunk.toString().trim()}` }));
  });
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** This process's CPU time (API, workers and the clients) per created tester, delivery included. */
  cpuMs: number;
}

/** CPU time this process has used, in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string', default: `sqlite:/tmp/prelaunch-bench-webhooks/${process.pid}.sqlite` },
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      clients: { type: 'string', default: '8' },
      'separate-worker': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const databaseUrl = values['database-url'];
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const clients = positiveInteger(values.clients, 'clients', USAGE);

  const separateWorker = values['separate-worker'];
  const receiver = await startReceiver();
  const receiverUrl = `${receiver.url}/hooks`;
  const delivered = async () => Number(await (await fetch(`${receiver.url}/count`)).text());

  // The pool `npm start` has (10): the workers' queries share it with the API's, as they do there.
  const database = await openBenchDatabase(databaseUrl, { poolSize: 10 });
  // The key's default rate limit is raised: the clients create testers as fast as they can.
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    GEOIP_DATABASE_PATH: 'off',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMIT_DEFAULT: '1000000/1m',
  });
  const services = await createServices(database, config);
  const rateLimits = new RateLimits(config.rateLimits, null, config.redisKeyPrefix);
  const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', GEOIP_DATABASE_PATH: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  const workers = separateWorker
    ? spawn(process.execPath, ['bin/prelaunch.js', 'worker'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
    : await startWorkers(database, services, systemClock, app.log);
  if (!('stop' in workers)) children.push(workers);

  const company = await services.accounts.createCompany({ name: `Webhook bench ${Date.now()}` });
  const { key } = await services.accounts.createApiKey({ companyId: company.id });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const newBeta = async (name: string) => (await services.betas.create(company.id, { name, homepage_url: 'https://example.com' })).id;
  const quiet = await newBeta('No endpoint');
  const listened = await newBeta('One endpoint');
  const hook = await fetch(`${origin}/api/v2/betas/${listened}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiverUrl }) });
  if (hook.status !== 201) throw new Error(`creating the endpoint failed: ${hook.status} ${await hook.text()}`);

  let sequence = 0;
  const codes = new Map<number, string[]>([[quiet, []], [listened, []]]);

  /** Clients creating testers for `seconds`, each referred by an earlier tester of the beta. */
  async function round(betaId: number): Promise<Round> {
    const latencies: number[] = [];
    const cpuAtStart = cpuMs();
    const deadline = performance.now() + seconds * 1000;
    const known = codes.get(betaId)!;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          sequence += 1;
          const referrer = known.length > 0 ? known[Math.floor(Math.random() * known.length)] : undefined;
          const started = performance.now();
          const response = await fetch(`${origin}/api/v2/betas/${betaId}/testers`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ tester: { email: `bench-${process.pid}-${sequence}@example.com`, referrer_id: referrer } }),
          });
          const body = (await response.json()) as { referral_code?: string };
          if (response.status !== 201) throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
          latencies.push(performance.now() - started);
          known.push(body.referral_code!);
        }
      }),
    );
    // The round's deliveries are part of its cost: wait for them, so they don't slow the next round.
    await drained();
    const cpu = (cpuMs() - cpuAtStart) / latencies.length;
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuMs: cpu };
  }

  // Every event raised for the listened beta must reach the receiver.
  const events = async () =>
    Number((await database.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', listened).executeTakeFirstOrThrow()).n);
  async function drained(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while ((await delivered()) < (await events()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const load = loadavg()[0];
  const results = new Map<number, Round[]>([[quiet, []], [listened, []]]);
  await round(quiet); // warm-up, not counted
  for (let n = 0; n < rounds; n++) {
    for (const betaId of n % 2 === 0 ? [quiet, listened] : [listened, quiet]) {
      results.get(betaId)!.push(await round(betaId));
      process.stderr.write('.');
    }
  }
  process.stderr.write('\n');

  const summary = (betaId: number) => {
    const rs = results.get(betaId)!;
    return { rps: median(rs.map((r) => r.rps)), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), cpuMs: median(rs.map((r) => r.cpuMs)) };
  };
  const none = summary(quiet);
  const one = summary(listened);
  const dialect = database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const workerShape = separateWorker ? 'workers in a separate process' : 'workers in the API process';
  console.log(`create tester with referral, ${clients} clients, ${rounds} rounds of ${seconds} s each; ${dialect}; ${workerShape}; ${cpus().length} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`);
  console.log('| variant | req/s (median) | p50 ms | p99 ms | CPU ms per signup |');
  console.log('|---|--:|--:|--:|--:|');
  console.log(`| no endpoint | ${none.rps.toFixed(1)} | ${none.p50.toFixed(1)} | ${none.p99.toFixed(1)} | ${none.cpuMs.toFixed(2)} |`);
  console.log(`| one endpoint, all events | ${one.rps.toFixed(1)} | ${one.p50.toFixed(1)} | ${one.p99.toFixed(1)} | ${one.cpuMs.toFixed(2)} |`);
  console.log(`ratio (one / none): throughput ${(one.rps / none.rps).toFixed(2)}, CPU per signup ${(none.cpuMs / one.cpuMs).toFixed(2)}`);
  console.log(`events delivered: ${await delivered()} of ${await events()}`);

  await app.close();
  if ('stop' in workers) await workers.stop();
  else workers.kill('SIGTERM');
  await database.close();
  receiver.child.kill();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
