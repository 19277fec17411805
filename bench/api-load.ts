// npm run bench:api -- --beta ID --key KEY [--database-url URL] [--reference-url URL] [--rounds 3] [--seconds 10] [--connections 50] [--workers N] [--node-flags "--flag …"] [--json FILE]
// Launch targets in one command, each as a ratio to the lean reference (bench/lean-reference/)
// measured in the same run: autocannon drives a running server — started here as `npm start` would,
// in a process of its own (or as `prelaunch serve --workers N`, with Redis on PostgreSQL) — and the
// reference of the same database, seeded to the beta's size on first start, route by route: create a
// tester referred by a random tester (spread) and by one tester for the whole window (hot: a viral
// link), show a tester with its standing, and (the server only) a list page of 100 filtered by
// `email_contains`. The beta has a webhook endpoint for every event, so each signup's events leave
// through the outbox to a receiver this run starts. Within each round the server and the reference
// alternate, route by route, the one that goes first changing each round; the run prints each
// measure's median over the rounds beside its target (met / not met), the server's peak resident
// memory (the largest process), and then checks that no answer was a 5xx, that the beta's counters
// equal a recount of its rows, and that 1,000 sampled testers' standings as the API shows them equal
// a recount from the rows. Use a beta built by `npm run bench:seed`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { checkCounters, openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { LOAD_OPTIONS, median, positiveInteger, UsageError } from './figures.ts';
import { type BenchDb, drained } from './outbox-drain.ts';
import { loadWindow, type LoadRequest, type WindowResult } from './load-window.ts';
import { children, freePort, memoryOf, ROOT, startProjectServer, waitUntilAnswering } from './server-process.ts';

const USAGE =
  'usage: npm run bench:api -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--reference-url sqlite:PATH|postgres://…] [--rounds 3] [--seconds 10] [--connections 50] [--workers N] [--redis-url URL] [--node-flags "--flag …"] [--json FILE]';
/** The list's load: the interface allows 60 lists a minute per beta, so a few clients, not fifty. */
const LIST_CONNECTIONS = 4;
/** How long the reference may take to start: on first start it seeds a beta of the same size. */
const REFERENCE_START_LIMIT_S = 1800;

/** The webhook receiver: answers every delivery 204 at once and counts them (any GET answers the count). */
const RECEIVER = `
let deliveries = 0;
require('node:http').createServer((request, response) => {
  if (request.method === 'GET') return response.end(String(deliveries));
  request.resume();
  request.on('end', () => { deliveries += 1; response.writeHead(204).end(); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

interface RouteResult extends WindowResult {
  /** After the load: how long the workers took to deliver what the route's events left in the outbox. */
  drain?: { seconds: number; owed: number };
}

/** `create` is the spread signup (a random referrer each), the measure earlier runs' files call create. */
type Measure = 'create' | 'create_hot' | 'show' | 'list';
type Setup = 'sqlite' | 'postgres' | 'postgres_workers';
interface Target {
  /** The server's req/s over the reference's, at least. */
  ofReference?: number;
  /** The server's p99, at most (ms). */
  p99?: number;
}

/** Launch targets (issue 33), by measure and setup: SQLite one process; PostgreSQL one process; PostgreSQL + Redis, serve --workers N. */
const TARGETS: Record<Measure, Record<Setup, Target>> = {
  create: { sqlite: { ofReference: 0.6 }, postgres: { ofReference: 1 }, postgres_workers: { ofReference: 1 } },
  create_hot: { sqlite: { ofReference: 0.6, p99: 100 }, postgres: { ofReference: 1, p99: 250 }, postgres_workers: { ofReference: 1, p99: 250 } },
  show: { sqlite: { ofReference: 0.5, p99: 25 }, postgres: { ofReference: 0.5, p99: 50 }, postgres_workers: { ofReference: 0.5, p99: 50 } },
  list: { sqlite: { p99: 25 }, postgres: { p99: 50 }, postgres_workers: { p99: 50 } },
};
const MEMORY_TARGET_BYTES = 300e6;
const STANDING_SAMPLES = 1000;
/** Testers of each side to refer from and show: a random sample, read before the load. */
const SAMPLE_SIZE = 20_000;

/** The reference's own database beside the server's: `…/m1.sqlite` → `…/m1-lean.sqlite`, `…/NAME` → `…/NAME_lean`. */
function defaultReferenceUrl(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return databaseUrl.replace(/(\.sqlite)?$/, '-lean.sqlite');
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}_lean`;
  return url.toString();
}

/** The beta's waitlist order and, for every tester on it, its position: a full sort of the rows. */
async function recountStandings(db: BenchDb, betaId: number): Promise<{ order: string; positions: Map<number, number> }> {
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

/** One of the two servers a round drives: Prelaunch, or the lean reference. */
interface Side {
  name: 'Prelaunch' | 'reference';
  url: string;
  /** Testers to refer from and to show. */
  sample: { id: number; referral_code: string }[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      // The lean reference's own database (made and seeded if missing); by default beside the server's.
      'reference-url': { type: 'string' },
      ...LOAD_OPTIONS,
      workers: { type: 'string' },
      // PostgreSQL with several processes: rate-limit counters shared in Redis, as the issue's setup has it.
      'redis-url': { type: 'string' },
      // Flags for the server's node (V8's memory settings, say), before its entry point: NODE_OPTIONS
      // would reach every process of the run, and refuses most V8 flags.
      'node-flags': { type: 'string', default: '' },
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
  const dialect = database.dialect;
  const setupKey: Setup = dialect === 'sqlite' ? 'sqlite' : workers === null ? 'postgres' : 'postgres_workers';
  const referenceUrl = values['reference-url'] ?? defaultReferenceUrl(databaseUrl);
  if (referenceUrl.startsWith('sqlite:') !== (dialect === 'sqlite')) throw new UsageError(`--reference-url must be a database of the same kind as --database-url\n${USAGE}`);
  const redisUrl = values['redis-url'] ?? (dialect === 'postgres' && workers !== null ? 'redis://127.0.0.1:6379' : '');
  const testersBefore = await countTesters(database.db, betaId);
  const sample = await database.db.selectFrom('testers').select(['id', 'email_normalized', 'referral_code']).where('beta_id', '=', betaId).where('hidden', '=', 0).limit(SAMPLE_SIZE).execute();
  if (sample.length === 0) throw new UsageError(`beta ${betaId} has no testers in ${databaseUrl}: seed one with npm run bench:seed`);
  /** Six characters of a random tester's local part: a few matches, typically (as bench:reads). */
  const fragment = () => {
    const local = sample[Math.floor(Math.random() * sample.length)].email_normalized.split('@')[0];
    const start = Math.floor(Math.random() * Math.max(1, local.length - 5));
    return local.slice(start, start + 6);
  };

  const [apiPort, referencePort, receiverPort] = [await freePort(), await freePort(), await freePort()];
  const server = startProjectServer({ databaseUrl, port: apiPort, workers, redisUrl, nodeFlags: values['node-flags'].split(/\s+/).filter(Boolean) });
  // The reference answers the server's paths for the same beta id and key: one load drives both.
  const referenceEntry = `bench/lean-reference/${dialect === 'sqlite' ? 'sqlite' : 'postgres'}.ts`;
  const reference = spawn(process.execPath, ['--import', 'tsx', referenceEntry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LEAN_DATABASE_URL: referenceUrl, LEAN_TESTERS: String(testersBefore), LEAN_BETA: String(betaId), LEAN_KEY: key, PORT: String(referencePort) },
  });
  children.push(reference);
  const receiver = spawn(process.execPath, ['-e', RECEIVER], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(receiverPort) } });
  children.push(receiver);
  const api = `http://127.0.0.1:${apiPort}`;
  const referenceApi = `http://127.0.0.1:${referencePort}`;
  const receiverUrl = `http://127.0.0.1:${receiverPort}`;
  await Promise.all([
    waitUntilAnswering(`${api}/healthz`, server),
    waitUntilAnswering(`${referenceApi}/healthz`, reference, REFERENCE_START_LIMIT_S),
    waitUntilAnswering(receiverUrl, receiver),
  ]);
  const memory = memoryOf(server.pid!);
  const referenceMemory = memoryOf(reference.pid!);

  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const beta = `/api/v2/betas/${betaId}`;
  const referenceSample = await fetch(`${referenceApi}/lean/sample?size=${SAMPLE_SIZE}`, { headers });
  if (referenceSample.status !== 200) throw new Error(`the reference's sample failed: ${referenceSample.status} ${await referenceSample.text()}`);
  const sides: Record<Side['name'], Side> = {
    Prelaunch: { name: 'Prelaunch', url: api, sample: sample.map(({ id, referral_code }) => ({ id: Number(id), referral_code })) },
    reference: { name: 'reference', url: referenceApi, sample: (await referenceSample.json()) as Side['sample'] },
  };
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
  const pick = (side: Side) => side.sample[Math.floor(Math.random() * side.sample.length)];
  const signup = (referralCode: string): LoadRequest => ({
    method: 'POST',
    path: `${beta}/testers`,
    body: JSON.stringify({ tester: { email: `load-${runId}-${(sequence += 1)}@example.com`, referrer_id: referralCode } }),
  });
  /** Each route's requests for one window on one side (a hot window draws its one referrer here). */
  const routes: { measure: Measure; name: string; connections: number; referenced: boolean; requests: (side: Side) => () => LoadRequest }[] = [
    { measure: 'create', name: 'create tester, referred, spread (points, webhook)', connections, referenced: true, requests: (side) => () => signup(pick(side).referral_code) },
    {
      measure: 'create_hot',
      name: 'create tester, referred, hot (one referrer)',
      connections,
      referenced: true,
      requests: (side) => {
        const hot = pick(side).referral_code;
        return () => signup(hot);
      },
    },
    { measure: 'show', name: 'show tester (standing)', connections, referenced: true, requests: (side) => () => ({ method: 'GET', path: `${beta}/testers/${pick(side).id}` }) },
    {
      measure: 'list',
      name: 'list 100 testers, email_contains',
      connections: LIST_CONNECTIONS,
      referenced: false,
      requests: () => () => ({ method: 'GET', path: `${beta}/testers?per_page=100&email_contains=${encodeURIComponent(fragment())}` }),
    },
  ];

  const drive = (url: string, clients: number, duration: number, request: () => LoadRequest): Promise<RouteResult> =>
    loadWindow({ url, connections: clients, seconds: duration, headers, request });

  const loadStart = loadavg();
  // A short warm-up of every route on both sides: compiled schemas, prepared statements, caches.
  for (const route of routes) {
    for (const side of route.referenced ? [sides.Prelaunch, sides.reference] : [sides.Prelaunch]) await drive(side.url, 4, 1, route.requests(side));
  }
  await drained(database.db);
  const roundResults: Record<Measure, { server: RouteResult; reference?: RouteResult }>[] = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`round ${round}/${rounds} `);
    const byMeasure = {} as (typeof roundResults)[number];
    // Each route is measured on its own: the next one starts once the workers have delivered what
    // this one's events left in the outbox (they deliver during the load too, as on a launch day).
    // The side that goes first alternates by round, so neither always meets the other's leftovers.
    for (const route of routes) {
      const order = !route.referenced ? [sides.Prelaunch] : round % 2 === 1 ? [sides.reference, sides.Prelaunch] : [sides.Prelaunch, sides.reference];
      const measured: Partial<Record<Side['name'], RouteResult>> = {};
      for (const side of order) {
        const result = await drive(side.url, route.connections, seconds, route.requests(side));
        measured[side.name] = side.name === 'Prelaunch' ? { ...result, drain: await drained(database.db) } : result;
      }
      byMeasure[route.measure] = { server: measured.Prelaunch!, reference: measured.reference };
    }
    roundResults.push(byMeasure);
    process.stderr.write('\n');
  }
  const loadEnd = loadavg();
  const peak = memory.peak();
  const referencePeak = referenceMemory.peak();
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
  // Every reference tester is on its waitlist: any show's length is its size.
  const referenceShow = await fetch(`${referenceApi}${beta}/testers/${sides.reference.sample[0].id}`, { headers });
  const referenceTesters = ((await referenceShow.json()) as { waitlist_length: number }).waitlist_length;

  const removed = await fetch(`${api}${beta}/webhooks/${webhookId}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
  if (removed.status !== 200) console.error(`removing the run's webhook endpoint ${webhookId} failed: ${removed.status}`);
  server.kill('SIGTERM');
  reference.kill('SIGTERM');
  receiver.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  // The server's last transactions have committed: the counters must equal a recount of the rows.
  let countersProblem: string | null = null;
  try {
    await checkCounters(database.db, betaId);
  } catch (error) {
    countersProblem = error instanceof Error ? error.message : String(error);
  }
  const testers = await countTesters(database.db, betaId);
  await database.close();

  // ---- the figures -------------------------------------------------------------------------------
  const dialectName = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const setup = `${dialectName}${redisUrl ? ' + Redis' : ''}, ${workers === null ? 'one process' : `serve --workers ${workers}`}`;
  const medians = (results: RouteResult[]) => ({ rps: median(results.map((r) => r.rps)), p50: median(results.map((r) => r.p50)), p99: median(results.map((r) => r.p99)) });
  const figures = routes.map((route) => {
    const per = roundResults.map((r) => r[route.measure]);
    const references = per.flatMap((r) => (r.reference ? [r.reference] : []));
    return {
      measure: route.measure,
      name: route.name,
      connections: route.connections,
      ...medians(per.map((r) => r.server)),
      reference: references.length > 0 ? medians(references) : null,
      // The median of the rounds' ratios: each round's pair ran minutes apart at most, under the same load.
      ofReference: references.length > 0 ? median(per.map((r) => r.server.rps / r.reference!.rps)) : null,
      rounds: per.map((r) => ({
        rps: r.server.rps,
        p50: r.server.p50,
        p99: r.server.p99,
        reference: r.reference ? { rps: r.reference.rps, p50: r.reference.p50, p99: r.reference.p99 } : null,
        ofReference: r.reference ? r.server.rps / r.reference.rps : null,
      })),
    };
  });
  const serverErrors = roundResults.reduce((sum, r) => sum + Object.values(r).reduce((s, x) => s + x.server.serverErrors, 0), 0);
  const failed = roundResults.flatMap((r) =>
    Object.entries(r).flatMap(([measure, x]) =>
      [
        { side: 'Prelaunch', result: x.server },
        { side: 'reference', result: x.reference },
      ].filter(({ result }) => result && (result.non2xx > 0 || result.errors > 0)).map(({ side, result }) => `${measure} on ${side} (${result!.non2xx} non-2xx, ${result!.errors} errors)`),
    ),
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

  console.log(
    `bench:api, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${setup} beside the lean reference (${referenceEntry}, one process); beta ${betaId}, ${testers.toLocaleString('en')} testers after the run, the reference ${referenceTesters.toLocaleString('en')}; ` +
      `${rounds} rounds, ${seconds} s per route and side; ${cpus().length} CPUs, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('');
  console.log(`| measure (median of ${rounds} rounds) | connections | Prelaunch req/s | p99 ms | reference req/s | p99 ms | Prelaunch / reference | target (${setup}) | |`);
  console.log('|---|--:|--:|--:|--:|--:|--:|---|---|');
  const targetsMet: Record<string, boolean> = {};
  for (const f of figures) {
    const target = TARGETS[f.measure][setupKey];
    const parts: string[] = [];
    let met = true;
    if (target.ofReference !== undefined) {
      parts.push(`≥ ${pct(target.ofReference)} of the reference`);
      met &&= f.ofReference !== null && f.ofReference >= target.ofReference;
    }
    if (target.p99 !== undefined) {
      parts.push(`p99 ≤ ${target.p99} ms`);
      met &&= f.p99 <= target.p99;
    }
    if (f.measure.startsWith('create') && setupKey === 'postgres_workers') parts.push('and ≥ the one-process figure (compare with that run)');
    targetsMet[f.measure] = met;
    const ref = f.reference;
    console.log(
      `| ${f.name} | ${f.connections} | ${f.rps.toFixed(0)} | ${f.p99} | ${ref ? ref.rps.toFixed(0) : ''} | ${ref ? ref.p99 : ''} | ${f.ofReference === null ? '' : pct(f.ofReference)} | ${parts.join(', ')} | ${verdict(met)} |`,
    );
  }
  const memoryMet = peak.bytes <= MEMORY_TARGET_BYTES;
  targetsMet.memory = memoryMet;
  const memoryWhich = processes > 1 ? `the largest of ${processes} processes (pid ${peak.pid}${peak.pid === server.pid ? ', the primary' : ', a worker'})` : 'the one server process';
  console.log(`| peak resident memory, ${memoryWhich} | | ${(peak.bytes / 1e6).toFixed(0)} MB | | ${(referencePeak.bytes / 1e6).toFixed(0)} MB | | | ≤ 300 MB resident | ${verdict(memoryMet)} |`);
  const afterMet = serverErrors === 0 && countersProblem === null && standingMismatches.length === 0;
  targetsMet.after = afterMet;
  console.log(
    `| after the run | | ${serverErrors} 5xx; counters ${countersProblem === null ? 'equal a recount' : 'DIFFER'}; ${sampled.length - standingMismatches.length} of ${sampled.length} sampled standings equal a recount (${recount.order} order) | | | | | no 5xx; counters and 1,000 sampled standings equal a recount | ${verdict(afterMet)} |`,
  );
  console.log('');
  console.log('per round (Prelaunch req/s and p99 ms / reference req/s and p99 ms = ratio; outbox drained after create):');
  roundResults.forEach((r, k) => {
    const drainText = (drain: RouteResult['drain']) => (drain === undefined ? '' : drain.owed === 0 ? `drained in ${drain.seconds.toFixed(1)} s` : `not drained in ${drain.seconds.toFixed(0)} s: ${drain.owed} owed`);
    const measureText = (measure: Measure) => {
      const { server: s, reference: ref } = r[measure];
      const pair = ref ? ` / ${ref.rps.toFixed(0)}, ${ref.p99} = ${pct(s.rps / ref.rps)}` : '';
      return `${measure} ${s.rps.toFixed(0)}, ${s.p99}${pair}${measure.startsWith('create') ? ` (${drainText(s.drain)})` : ''}`;
    };
    console.log(`  round ${k + 1}: ${routes.map((route) => measureText(route.measure)).join(' | ')}`);
  });
  console.log(`webhook deliveries received: ${deliveries}`);
  if (countersProblem) console.error(countersProblem);
  for (const line of standingMismatches.slice(0, 10)) console.error(`standing differs: ${line}`);

  if (values.json) {
    const report = {
      date: new Date().toISOString(),
      setup,
      dialect,
      workers,
      redis: Boolean(redisUrl),
      betaId,
      testers,
      rounds,
      seconds,
      connections,
      cpus: cpus().length,
      load: { start: loadStart, end: loadEnd },
      reference: { implementation: referenceEntry, testers: referenceTesters, peakBytes: referencePeak.bytes },
      figures,
      memory: { peakBytes: peak.bytes, which: memoryWhich },
      after: { serverErrors, countersProblem, standingsSampled: sampled.length, standingMismatches: standingMismatches.length },
      targetsMet,
    };
    writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${values.json}`);
  }
  if (failed.length > 0 || !afterMet) {
    if (failed.length > 0) console.error(`routes with failed requests: ${failed.join('; ')}`);
    process.exitCode = 1;
  }
}

function countTesters(db: BenchDb, betaId: number): Promise<number> {
  return db
    .selectFrom('testers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('beta_id', '=', betaId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
