// npm run bench:api -- --beta ID --key KEY [--database-url URL] [--rounds 3] [--seconds 10] [--connections 50] [--workers N] [--node-flags "--flag …"] [--json FILE]
// Launch targets in one command: autocannon drives a running server — started here as `npm start`
// would, in a process of its own (or as `prelaunch serve --workers N`, with Redis on PostgreSQL) —
// route by route: create a tester with a referral (points to the referrer; the beta has a webhook
// endpoint for every event, so each signup's events leave through the outbox to a receiver this run
// starts), show a tester with its standing, a list page of 100 filtered by `email_contains`. Each
// round measures a bare Fastify handler first (the ceiling, same machine, same moment), then the
// routes; the run prints each measure's median over the rounds beside its target (met / not met),
// the server's peak resident memory (the largest process), and then checks that no answer was a 5xx,
// that the beta's counters equal a recount of its rows, and that 1,000 sampled testers' standings
// as the API shows them equal a recount from the rows. Use a beta built by `npm run bench:seed`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { WEBHOOK_DELIVERY_JOB } from '../src/modules/events/events.ts';
import { checkCounters, openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { children, freePort, memoryOf, ROOT, UNLIMITED, waitUntilAnswering } from './server-process.ts';

const USAGE =
  'usage: npm run bench:api -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--rounds 3] [--seconds 10] [--connections 50] [--workers N] [--redis-url URL] [--node-flags "--flag …"] [--json FILE]';
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
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** After the load: how long the workers took to deliver what the route's events left in the outbox. */
  drain?: { seconds: number; owed: number };
}

type Measure = 'create' | 'show' | 'list';
type Column = 'sqlite' | 'postgres';

/** Launch targets, by measure and column (SQLite one process; PostgreSQL + Redis, serve --workers 2). */
const TARGETS: Record<Measure, Record<Column, { ofCeiling?: number; p99?: number }>> = {
  create: { sqlite: { ofCeiling: 0.05 }, postgres: { ofCeiling: 0.03 } },
  show: { sqlite: { ofCeiling: 0.25, p99: 25 }, postgres: { ofCeiling: 0.15 } },
  list: { sqlite: { p99: 50 }, postgres: { p99: 50 } },
};
const MEMORY_TARGET_BYTES = 300e6;
const STANDING_SAMPLES = 1000;

type BenchDbAny = BenchDb;

/** The beta's waitlist order and, for every tester on it, its position: a full sort of the rows. */
async function recountStandings(db: BenchDbAny, betaId: number): Promise<{ order: string; positions: Map<number, number> }> {
  const beta = await db.selectFrom('betas').select('settings').where('id', '=', betaId).executeTakeFirstOrThrow();
  const order = (JSON.parse(beta.settings) as { waitlist_order?: string }).waitlist_order ?? 'referrals';
  const rows = await db
    .selectFrom('testers')
    .select(['id', 'share_signups_count', 'points', 'applied_at'])
    .where('beta_id', '=', betaId)
    .where('status', '=', 'applied')
    .where('hidden', '=', 0)
    .execute();
  const group = (row: (typeof rows)[number]) => (order === 'referrals' ? row.share_signups_count : order === 'points' ? row.points : 0);
  // Group descending, then applied_at (none first, as the index has it), then id.
  rows.sort((a, b) => group(b) - group(a) || (a.applied_at ?? '').localeCompare(b.applied_at ?? '') || Number(a.id) - Number(b.id));
  return { order, positions: new Map(rows.map((row, k) => [Number(row.id), k + 1])) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      workers: { type: 'string' },
      // PostgreSQL with several processes: rate-limit counters shared in Redis, as the issue's setup has it.
      'redis-url': { type: 'string' },
      // Flags for the server's node (V8's memory settings, say), before its entry point: NODE_OPTIONS
      // would reach every process of the run, and refuses most V8 flags.
      'node-flags': { type: 'string', default: '' },
      json: { type: 'string' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  if (!values.key) throw new UsageError(`--key is required (bench:seed prints one)\n${USAGE}`);
  const key = values.key;
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const connections = positiveInteger(values.connections, 'connections', USAGE);
  const databaseUrl = values['database-url'];
  const workers = values.workers === undefined ? null : positiveInteger(values.workers, 'workers', USAGE);

  // Testers to refer from, show and search for: a sample of the beta, read before the server starts.
  const database = await openBenchDatabase(databaseUrl);
  const column: Column = database.dialect;
  const redisUrl = values['redis-url'] ?? (column === 'postgres' && workers !== null ? 'redis://127.0.0.1:6379' : '');
  const sample = await database.db.selectFrom('testers').select(['id', 'email_normalized', 'referral_code']).where('beta_id', '=', betaId).where('hidden', '=', 0).limit(20_000).execute();
  if (sample.length === 0) throw new UsageError(`beta ${betaId} has no testers in ${databaseUrl}: seed one with npm run bench:seed`);
  const pick = () => sample[Math.floor(Math.random() * sample.length)];
  /** Six characters of a random tester's local part: a few matches, typically (as bench:reads). */
  const fragment = () => {
    const local = pick().email_normalized.split('@')[0];
    const start = Math.floor(Math.random() * Math.max(1, local.length - 5));
    return local.slice(start, start + 6);
  };

  const [apiPort, ceilingPort, receiverPort] = [await freePort(), await freePort(), await freePort()];
  // Started as `npm start` and the bin start it: from a bundle built at start, not through tsx.
  const entry = workers === null ? ['bin/start.js'] : ['bin/prelaunch.js', 'serve', '--workers', String(workers)];
  const nodeFlags = values['node-flags'].split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeFlags, ...entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      GEOIP_DATABASE_PATH: 'off',
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `prelaunch-bench-${process.pid}:` } : {}),
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
  const routes: { measure: Measure; name: string; request: () => { method: 'GET' | 'POST'; path: string; body?: string } }[] = [
    {
      measure: 'create',
      name: 'create tester, referred (points, webhook)',
      request: () => ({
        method: 'POST',
        path: `${beta}/testers`,
        body: JSON.stringify({ tester: { email: `load-${runId}-${(sequence += 1)}@example.com`, referrer_id: pick().referral_code } }),
      }),
    },
    { measure: 'show', name: 'show tester (standing)', request: () => ({ method: 'GET', path: `${beta}/testers/${pick().id}` }) },
    {
      measure: 'list',
      name: 'list 100 testers, email_contains',
      request: () => ({ method: 'GET', path: `${beta}/testers?per_page=100&email_contains=${encodeURIComponent(fragment())}` }),
    },
  ];

  const drive = async (name: string, url: string, request?: () => { method: 'GET' | 'POST'; path: string; body?: string }): Promise<RouteResult> => {
    let serverErrors = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url, connections, duration: seconds, headers, requests: request ? [{ setupRequest: (base) => ({ ...base, ...request() }) }] : undefined },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, statusCode) => {
        if (statusCode >= 500) serverErrors += 1;
      });
    });
    process.stderr.write('.');
    return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, serverErrors };
  };

  const loadStart = loadavg();
  // A short warm-up of every route: compiled schemas, prepared statements, caches.
  for (const route of routes) await autocannon({ url: api, connections: 4, duration: 1, headers, requests: [{ setupRequest: (base) => ({ ...base, ...route.request() }) }] });
  await drained(database.db);
  const roundResults: { ceiling: RouteResult; routes: Record<Measure, RouteResult> }[] = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`round ${round}/${rounds} `);
    const ceilingResult = await drive('bare Fastify (ceiling)', `http://127.0.0.1:${ceilingPort}/`);
    const byMeasure = {} as Record<Measure, RouteResult>;
    // Each route is measured on its own: the next one starts once the workers have delivered what
    // this one's events left in the outbox (they deliver during the load too, as on a launch day).
    for (const route of routes) {
      const result = await drive(route.name, api, route.request);
      byMeasure[route.measure] = { ...result, drain: await drained(database.db) };
    }
    roundResults.push({ ceiling: ceilingResult, routes: byMeasure });
    process.stderr.write('\n');
  }
  const loadEnd = loadavg();
  const peak = memory.peak();
  const processes = memory.processes();

  // Standings: once writes have stopped, every process's index equals a full sort of the rows
  // (docs/architecture.md). Wait for the feed's poll, then compare sampled testers through show.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const recount = await recountStandings(database.db, betaId);
  const sampled = await database.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('hidden', '=', 0).orderBy(sql`random()`).limit(STANDING_SAMPLES).execute();
  const standingMismatches: string[] = [];
  for (let k = 0; k < sampled.length; k += 20) {
    await Promise.all(
      sampled.slice(k, k + 20).map(async ({ id }) => {
        const response = await fetch(`${api}${beta}/testers/${id}`, { headers });
        const body = (await response.json()) as { waitlist_position: number | null; waitlist_length: number };
        const expected = recount.positions.get(Number(id)) ?? null;
        if (response.status !== 200 || body.waitlist_position !== expected || body.waitlist_length !== recount.positions.size) {
          standingMismatches.push(`tester ${id}: ${response.status} position ${body.waitlist_position} of ${body.waitlist_length}, recount ${expected} of ${recount.positions.size}`);
        }
      }),
    );
  }
  const deliveries = await (await fetch(receiverUrl)).text();

  const removed = await fetch(`${api}${beta}/webhooks/${webhookId}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
  if (removed.status !== 200) console.error(`removing the run's webhook endpoint ${webhookId} failed: ${removed.status}`);
  server.kill('SIGTERM');
  ceiling.kill('SIGTERM');
  receiver.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  // The server's last transactions have committed: the counters must equal a recount of the rows.
  let countersProblem: string | null = null;
  try {
    await checkCounters(database.db, betaId);
  } catch (error) {
    countersProblem = error instanceof Error ? error.message : String(error);
  }
  const testers = Number((await database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).executeTakeFirstOrThrow()).n);
  await database.close();

  // ---- the figures -------------------------------------------------------------------------------
  const dialectName = column === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const setup = `${dialectName}${redisUrl ? ' + Redis' : ''}, ${workers === null ? 'one process' : `serve --workers ${workers}`}`;
  const figures = (Object.keys(TARGETS) as Measure[]).map((measure) => {
    const per = roundResults.map((r) => ({ rps: r.routes[measure].rps, ofCeiling: r.routes[measure].rps / r.ceiling.rps, p50: r.routes[measure].p50, p99: r.routes[measure].p99 }));
    return {
      measure,
      name: routes.find((r) => r.measure === measure)!.name,
      rps: median(per.map((p) => p.rps)),
      ofCeiling: median(per.map((p) => p.ofCeiling)),
      p50: median(per.map((p) => p.p50)),
      p99: median(per.map((p) => p.p99)),
      rounds: per,
    };
  });
  const ceilingRps = median(roundResults.map((r) => r.ceiling.rps));
  const serverErrors = roundResults.reduce((sum, r) => sum + Object.values(r.routes).reduce((s, x) => s + x.serverErrors, 0), 0);
  const failed = roundResults.flatMap((r) => Object.values(r.routes).filter((x) => x.non2xx > 0 || x.errors > 0));
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

  console.log(
    `bench:api, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${setup}; beta ${betaId}, ${testers.toLocaleString('en')} testers after the run; ` +
      `${rounds} rounds, ${connections} connections, ${seconds} s per route; ${cpus().length} CPUs, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('');
  console.log(`| measure (median of ${rounds} rounds) | req/s | of ceiling | p50 ms | p99 ms | target (${setup}) | |`);
  console.log('|---|--:|--:|--:|--:|---|---|');
  console.log(`| bare Fastify (ceiling) | ${ceilingRps.toFixed(0)} | 100 % | ${median(roundResults.map((r) => r.ceiling.p50))} | ${median(roundResults.map((r) => r.ceiling.p99))} | | |`);
  const targetsMet: Record<string, boolean> = {};
  for (const f of figures) {
    const target = TARGETS[f.measure][column];
    const parts: string[] = [];
    let met = true;
    if (target.ofCeiling !== undefined) {
      parts.push(`≥ ${pct(target.ofCeiling)} of ceiling`);
      met &&= f.ofCeiling >= target.ofCeiling;
    }
    if (target.p99 !== undefined) {
      parts.push(`p99 ≤ ${target.p99} ms`);
      met &&= f.p99 <= target.p99;
    }
    if (f.measure === 'create' && column === 'postgres') parts.push('(and ≥ the one-process figure: compare with that run)');
    targetsMet[f.measure] = met;
    console.log(`| ${f.name} | ${f.rps.toFixed(0)} | ${pct(f.ofCeiling)} | ${f.p50} | ${f.p99} | ${parts.join(', ')} | ${verdict(met)} |`);
  }
  const memoryMet = peak.bytes <= MEMORY_TARGET_BYTES;
  targetsMet.memory = memoryMet;
  const memoryWhich = processes > 1 ? `the largest of ${processes} processes (pid ${peak.pid}${peak.pid === server.pid ? ', the primary' : ', a worker'})` : 'the one server process';
  console.log(`| peak resident memory, ${memoryWhich} | ${(peak.bytes / 1e6).toFixed(0)} MB | | | | ≤ 300 MB resident | ${verdict(memoryMet)} |`);
  const afterMet = serverErrors === 0 && countersProblem === null && standingMismatches.length === 0;
  targetsMet.after = afterMet;
  console.log(
    `| after the run | ${serverErrors} 5xx; counters ${countersProblem === null ? 'equal a recount' : 'DIFFER'}; ${sampled.length - standingMismatches.length} of ${sampled.length} sampled standings equal a recount (${recount.order} order) | | | | no 5xx; counters and 1,000 sampled standings equal a recount | ${verdict(afterMet)} |`,
  );
  console.log('');
  console.log('per round (req/s, of ceiling, p99 ms; outbox drained after):');
  roundResults.forEach((r, k) => {
    const drainText = (drain: RouteResult['drain']) => (drain === undefined ? '' : drain.owed === 0 ? `${drain.seconds.toFixed(1)} s` : `not in ${drain.seconds.toFixed(0)} s: ${drain.owed} owed`);
    console.log(
      `  round ${k + 1}: ceiling ${r.ceiling.rps.toFixed(0)}; ` +
        (Object.keys(TARGETS) as Measure[]).map((m) => `${m} ${r.routes[m].rps.toFixed(0)}, ${pct(r.routes[m].rps / r.ceiling.rps)}, ${r.routes[m].p99}${m === 'create' ? `; ${drainText(r.routes[m].drain)}` : ''}`).join(' | '),
    );
  });
  console.log(`webhook deliveries received: ${deliveries}`);
  if (countersProblem) console.error(countersProblem);
  for (const line of standingMismatches.slice(0, 10)) console.error(`standing differs: ${line}`);

  if (values.json) {
    const report = {
      date: new Date().toISOString(),
      setup,
      dialect: column,
      workers,
      redis: Boolean(redisUrl),
      betaId,
      testers,
      rounds,
      seconds,
      connections,
      cpus: cpus().length,
      load: { start: loadStart, end: loadEnd },
      ceiling: { rps: ceilingRps, rounds: roundResults.map((r) => r.ceiling.rps) },
      figures,
      memory: { peakBytes: peak.bytes, which: memoryWhich },
      after: { serverErrors, countersProblem, standingsSampled: sampled.length, standingMismatches: standingMismatches.length },
      targetsMet,
    };
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${values.json}`);
  }
  if (failed.length > 0 || !afterMet) {
    if (failed.length > 0) console.error(`routes with failed requests: ${failed.map((r) => `${r.name} (${r.non2xx} non-2xx, ${r.errors} errors)`).join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
