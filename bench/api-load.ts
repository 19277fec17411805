// npm run bench:api -- --beta ID --key KEY [--database-url URL] [--seconds 10] [--connections 50] [--workers N] [--node-flags "--flag …"]
// What a launch day asks of the API (issue 5): autocannon drives a running server — started here as
// `npm start` would, in a process of its own (or as `prelaunch serve --workers N`) — route by route over the mix a launch sees (create
// with a referral, show with standing, a list page, a checkin, a reward trigger; the beta has a
// webhook endpoint for every event, so each change also leaves through the outbox to a receiver
// that this run starts, and the server's workers deliver while it answers), and, in the same
// run on the same machine, a bare Fastify handler: the ceiling. Prints requests per second,
// p50/p99 latency and each route's throughput as a fraction of the ceiling, the server's peak
// resident memory; then checks that no answer was a 5xx and that the beta's counters and waitlist
// blocks still equal a recount of its rows. Use a beta built by `npm run bench:seed`.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { WEBHOOK_DELIVERY_JOB } from '../src/modules/events/events.ts';
import { checkCounters, openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { positiveInteger, UsageError } from './figures.ts';

const USAGE =
  'usage: npm run bench:api -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--seconds 10] [--connections 50] [--workers N] [--node-flags "--flag …"]';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Every limit far above what a bench sends: it measures the work, not the limiter's refusals. */
const UNLIMITED = '100000000/1m';

/** The processes this run started: stopped however it ends. */
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 180 s`);
}

/** The process and its descendants (a `serve --workers` primary and its workers). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(processTree)];
}

/** The server's resident memory, over all its processes: `peak()` adds each one's high-water mark. */
function memoryOf(pid: number) {
  const read = (field: string) =>
    processTree(pid).reduce((sum, each) => {
      try {
        return sum + Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      } catch {
        return sum;
      }
    }, 0);
  return { peak: () => read('VmHWM'), now: () => read('VmRSS') };
}

/** The bare Fastify ceiling: one route answering a small JSON, the framework and nothing else. */
const CEILING = `
const app = require('fastify')();
app.get('/', async () => ({ ok: true }));
app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/** The webhook receiver: answers every delivery 204 at once and counts them (any GET answers the count). */
const RECEIVER = `
let deliveries = 0;
require('node:http').createServer((request, response) => {
  if (request.method === 'GET') return response.end(String(deliveries));
  request.resume();
  request.on('end', () => { deliveries += 1; response.writeHead(204).end(); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** How long the run waits after a route's load for the workers to deliver what the outbox still holds. */
const DRAIN_LIMIT_S = 120;

type BenchDb = Awaited<ReturnType<typeof openBenchDatabase>>['db'];

function pendingDeliveries(db: BenchDb): Promise<number> {
  return db
    .selectFrom('outbox_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', WEBHOOK_DELIVERY_JOB)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** Waits until the outbox owes no delivery, or DRAIN_LIMIT_S: the seconds it took, or what is still owed. */
async function drained(db: BenchDb): Promise<{ seconds: number; owed: number }> {
  const started = Date.now();
  let owed = await pendingDeliveries(db);
  while (owed > 0 && Date.now() - started < DRAIN_LIMIT_S * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    owed = await pendingDeliveries(db);
  }
  return { seconds: (Date.now() - started) / 1000, owed };
}

interface RouteResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** After the load: how long the workers took to deliver what the route's events left in the outbox. */
  drain?: { seconds: number; owed: number };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      workers: { type: 'string' },
      // Flags for the server's node (V8's memory settings, say), before its entry point: NODE_OPTIONS
      // would reach every process of the run, and refuses most V8 flags.
      'node-flags': { type: 'string', default: '' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  if (!values.key) throw new UsageError(`--key is required (bench:seed prints one)\n${USAGE}`);
  const key = values.key;
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const connections = positiveInteger(values.connections, 'connections', USAGE);
  const databaseUrl = values['database-url'];
  const workers = values.workers === undefined ? null : positiveInteger(values.workers, 'workers', USAGE);

  // Testers to refer from, show and check in: a sample of the beta, read before the server starts.
  const database = await openBenchDatabase(databaseUrl);
  const sample = await database.db.selectFrom('testers').select(['id', 'email', 'referral_code']).where('beta_id', '=', betaId).where('hidden', '=', 0).limit(20_000).execute();
  if (sample.length === 0) throw new UsageError(`beta ${betaId} has no testers in ${databaseUrl}: seed one with npm run bench:seed`);
  const pick = () => sample[Math.floor(Math.random() * sample.length)];

  const [apiPort, ceilingPort, receiverPort] = [await freePort(), await freePort(), await freePort()];
  const entry = workers === null ? ['src/main.ts'] : ['src/cli/main.ts', 'serve', '--workers', String(workers)];
  const nodeFlags = values['node-flags'].split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      GEOIP_DATABASE_PATH: 'off',
      // The receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...Object.fromEntries(
        ['DEFAULT', 'LIST_BETAS', 'SHOW_BETA', 'LIST_TESTERS', 'LIST_TESTERS_COMPANY', 'LIST_REWARDS', 'LIST_POINTS'].map((name) => [`RATE_LIMIT_${name}`, UNLIMITED]),
      ),
    },
  });
  children.push(server);
  const ceiling = spawn(process.execPath, ['-e', CEILING], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(ceilingPort) } });
  children.push(ceiling);
  const receiver = spawn(process.execPath, ['-e', RECEIVER], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(receiverPort) } });
  children.push(receiver);
  const api = `http://127.0.0.1:${apiPort}`;
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  await Promise.all([
    waitUntilAnswering(`${api}/healthz`, server),
    waitUntilAnswering(`http://127.0.0.1:${ceilingPort}/`, ceiling),
    waitUntilAnswering(receiverUrl, receiver),
  ]);
  const memory = memoryOf(server.pid!);

  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const beta = `/api/v2/betas/${betaId}`;
  // A reward the trigger route issues (a rule per run, so earlier runs' rules don't add up).
  const event = `bench_${Date.now()}`;
  const definition = await fetch(`${api}${beta}/reward_definitions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ descriptor: event, name: 'Bench badge', type: 'SingleSided', max_quantity_per_user: 1_000_000 }),
  });
  if (definition.status !== 201) throw new Error(`creating the reward definition failed: ${definition.status} ${await definition.text()}`);
  const rule = await fetch(`${api}${beta}/reward_rules`, { method: 'POST', headers, body: JSON.stringify({ event, descriptor: event }) });
  if (rule.status !== 201) throw new Error(`creating the reward rule failed: ${rule.status} ${await rule.text()}`);
  // Endpoints an earlier run left when it was stopped (a loopback receiver, now gone): their
  // deliveries would fail and keep the outbox from draining. A real beta has no loopback endpoint.
  const earlier = await fetch(`${api}${beta}/webhooks?per_page=100`, { headers });
  if (earlier.status !== 200) throw new Error(`listing the webhook endpoints failed: ${earlier.status} ${await earlier.text()}`);
  for (const endpoint of (await earlier.json()) as { id: number; url: string }[]) {
    if (!/^http:\/\/127\.0\.0\.1:\d+\/hook$/.test(endpoint.url)) continue;
    const removed = await fetch(`${api}${beta}/webhooks/${endpoint.id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
    console.error(`removed webhook endpoint ${endpoint.id} (${endpoint.url}), left by an earlier run: ${removed.status}`);
  }
  // The run's webhook endpoint, for every event; removed at the end, so runs don't add up.
  const webhook = await fetch(`${api}${beta}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `${receiverUrl}/hook` }) });
  if (webhook.status !== 201) throw new Error(`creating the webhook endpoint failed: ${webhook.status} ${await webhook.text()}`);
  const webhookId = ((await webhook.json()) as { id: number }).id;

  let sequence = 0;
  const runId = `${process.pid}-${Date.now()}`;
  const routes: { name: string; request: () => { method: 'GET' | 'POST'; path: string; body?: string } }[] = [
    {
      name: 'create tester, referred',
      request: () => ({
        method: 'POST',
        path: `${beta}/testers`,
        body: JSON.stringify({ tester: { email: `load-${runId}-${(sequence += 1)}@example.com`, referrer_id: pick().referral_code } }),
      }),
    },
    { name: 'show tester (standing)', request: () => ({ method: 'GET', path: `${beta}/testers/${pick().id}` }) },
    { name: 'list testers, page of 100', request: () => ({ method: 'GET', path: `${beta}/testers?per_page=100&page=${1 + Math.floor(Math.random() * 20)}` }) },
    { name: 'checkin', request: () => ({ method: 'POST', path: `${beta}/checkins`, body: JSON.stringify({ checkin: { email: pick().email } }) }) },
    { name: 'trigger reward', request: () => ({ method: 'POST', path: `${beta}/rewards/trigger`, body: JSON.stringify({ email: pick().email, event }) }) },
  ];

  const drive = async (name: string, url: string, request?: () => { method: 'GET' | 'POST'; path: string; body?: string }): Promise<RouteResult> => {
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      headers,
      requests: request ? [{ setupRequest: (base) => ({ ...base, ...request() }) }] : undefined,
    });
    process.stderr.write('.');
    return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
  };

  const load = loadavg()[0];
  const results: RouteResult[] = [];
  // A short warm-up of every route: compiled schemas, prepared statements, caches.
  for (const route of routes) await autocannon({ url: api, connections: 4, duration: 1, headers, requests: [{ setupRequest: (base) => ({ ...base, ...route.request() }) }] });
  await drained(database.db);
  const ceilingResult = await drive('bare Fastify (ceiling)', `http://127.0.0.1:${ceilingPort}/`);
  // Each route is measured on its own: the next one starts once the workers have delivered what
  // this one's events left in the outbox (they deliver during the load too, as on a launch day).
  for (const route of routes) {
    const result = await drive(route.name, api, route.request);
    results.push({ ...result, drain: await drained(database.db) });
  }
  process.stderr.write('\n');

  const dialect = database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const testers = Number((await database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).executeTakeFirstOrThrow()).n);
  console.log(
    `${connections} connections, ${seconds} s per route; ${dialect}, beta ${betaId} with ${testers.toLocaleString('en')} testers; ${workers === null ? 'one server process' : `serve --workers ${workers}`}; ${cpus().length} CPUs, load ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
  console.log('| route | req/s | of ceiling | p50 ms | p99 ms | non-2xx | errors | outbox drained after |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  const drainText = (drain: RouteResult['drain']) =>
    drain === undefined ? '' : drain.owed === 0 ? `${drain.seconds.toFixed(1)} s` : `not in ${drain.seconds.toFixed(0)} s: ${drain.owed} owed`;
  for (const r of [ceilingResult, ...results]) {
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${((r.rps / ceilingResult.rps) * 100).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${drainText(r.drain)} |`);
  }
  console.log(`server resident memory: peak ${(memory.peak() / 2 ** 20).toFixed(0)} MiB, now ${(memory.now() / 2 ** 20).toFixed(0)} MiB`);
  console.log(`webhook deliveries received: ${await (await fetch(receiverUrl)).text()}`);

  const failures = results.filter((r) => r.non2xx > 0 || r.errors > 0);
  const removed = await fetch(`${api}${beta}/webhooks/${webhookId}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
  if (removed.status !== 200) console.error(`removing the run's webhook endpoint ${webhookId} failed: ${removed.status}`);
  server.kill('SIGTERM');
  ceiling.kill('SIGTERM');
  receiver.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  // The server's last transactions have committed: the counters must equal a recount of the rows.
  await checkCounters(database.db, betaId);
  console.log('counters and waitlist blocks: equal to a recount of the rows');
  await database.close();
  if (failures.length > 0) {
    console.error(`routes with failed requests: ${failures.map((r) => `${r.name} (${r.non2xx} non-2xx, ${r.errors} errors)`).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
