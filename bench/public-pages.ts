// npm run bench:public -- --beta ID --key KEY [--database-url URL] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]
// What a campaign's visitors and their status links cost at launch-day load: autocannon against a
// server started as `npm start` starts it, route by route, each round beside the show route (the
// API's cheapest read of a tester, as a yardstick measured in the same moment): the public
// leaderboard (JSON and page), a tester's status page (`/r/{code}?check=…`), `progress.json`, `moves.json`, and
// the hosted signup page with a design. Before the rounds it turns the beta's leaderboard on and
// gives it a design, as an owner would. It prints each route's median over the rounds (req/s,
// its ratio to show's, p50 and p99) beside the targets, and fails on any 5xx or non-2xx answer.
// Use a beta built by `npm run bench:seed`.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LOAD_OPTIONS, median, positiveInteger, UsageError } from './figures.ts';
import { loadWindow, type WindowResult } from './load-window.ts';
import { openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { freePort, memoryOf, startProjectServer, waitUntilAnswering } from './server-process.ts';

const USAGE =
  'usage: npm run bench:public -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]';

type Measure = 'show' | 'leaderboard' | 'leaderboardPage' | 'status' | 'progress' | 'moves' | 'signupPage';
/** p99 targets in ms (issues: the public leaderboard ≤ 10 ms, the status page, progress.json and moves.json ≤ 25 ms). */
const P99_TARGETS: Partial<Record<Measure, number>> = { leaderboard: 10, status: 25, progress: 25, moves: 25 };


async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      ...LOAD_OPTIONS,
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  if (!values.key) throw new UsageError(`--key is required (bench:seed prints one)\n${USAGE}`);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const connections = positiveInteger(values.connections, 'connections', USAGE);
  const databaseUrl = values['database-url'];

  // Waitlisted testers whose status pages and progress are read: a sample, before the server starts.
  const database = await openBenchDatabase(databaseUrl);
  const sample = await database.db
    .selectFrom('testers')
    .select(['id', 'uuid', 'referral_code'])
    .where('beta_id', '=', betaId)
    .where('hidden', '=', 0)
    .where('status', '=', 'applied')
    .limit(20_000)
    .execute();
  const testers = Number((await database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).executeTakeFirstOrThrow()).n);
  await database.close();
  if (sample.length === 0) throw new UsageError(`beta ${betaId} has no waitlisted testers in ${databaseUrl}: seed one with npm run bench:seed`);
  const pick = () => sample[Math.floor(Math.random() * sample.length)];

  const port = await freePort();
  const server = startProjectServer({ databaseUrl, port });
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${origin}/healthz`, server);
  const memory = memoryOf(server.pid!);

  const headers = { authorization: `Bearer ${values.key}`, 'content-type': 'application/json' };
  const beta = `/api/v2/betas/${betaId}`;
  // What an owner turns on before launch: the public leaderboard, and a design for the pages.
  const owner = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, { method, headers, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const shown = await owner('PATCH', beta, {
    settings: { leaderboard_enabled: true, leaderboard_size: 10 },
    page: {
      headline: 'Be first to fly with Nimbus',
      description: 'Nimbus keeps your team’s files **in sync** everywhere. Join the waitlist and move up when friends join.',
      brand_color: '#4f46e5',
      background_color: '#ffffff',
      show_waiting_count: true,
    },
  });
  const signupPath = `/b/${String(shown.slug ?? betaId)}`;

  const routes: { measure: Measure; name: string; path: (tester: (typeof sample)[number]) => string; headers?: Record<string, string> }[] = [
    { measure: 'show', name: 'show tester (API, the yardstick)', path: (t) => `${beta}/testers/${t.id}`, headers },
    { measure: 'leaderboard', name: 'public leaderboard (JSON)', path: () => `/public/betas/${betaId}/leaderboard` },
    { measure: 'leaderboardPage', name: 'leaderboard page', path: () => `/b/${betaId}/leaderboard` },
    { measure: 'status', name: 'status page (/r/{code}?check=…)', path: (t) => `/r/${t.referral_code}?check=${t.uuid}` },
    { measure: 'progress', name: 'progress.json', path: (t) => `${beta}/testers/${t.id}/progress.json`, headers },
    { measure: 'moves', name: 'moves.json', path: (t) => `${beta}/testers/${t.id}/moves.json`, headers },
    { measure: 'signupPage', name: 'signup page with a design', path: () => signupPath },
  ];

  const drive = (route: (typeof routes)[number], seconds: number): Promise<WindowResult> =>
    loadWindow({ url: origin, connections, seconds, headers: route.headers, request: () => ({ method: 'GET', path: route.path(pick()) }) });

  const loadStart = loadavg();
  for (const route of routes) await drive(route, 1); // warm-up: compiled schemas, caches
  const perRound: Record<Measure, WindowResult>[] = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`round ${round}/${rounds} `);
    const results = {} as Record<Measure, WindowResult>;
    for (const route of routes) results[route.measure] = await drive(route, seconds);
    perRound.push(results);
    process.stderr.write('\n');
  }
  const loadEnd = loadavg();
  const peak = memory.peak();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));

  const figures = routes.map((route) => {
    const per = perRound.map((r) => ({ ...r[route.measure], ofShow: r[route.measure].rps / r.show.rps }));
    const p99 = median(per.map((p) => p.p99));
    const target = P99_TARGETS[route.measure];
    return {
      measure: route.measure,
      name: route.name,
      rps: median(per.map((p) => p.rps)),
      ofShow: median(per.map((p) => p.ofShow)),
      p50: median(per.map((p) => p.p50)),
      p99,
      target: target === undefined ? null : `p99 ≤ ${target} ms`,
      met: target === undefined ? null : p99 <= target,
      rounds: per,
    };
  });
  const failed = perRound.flatMap((r) => Object.entries(r).filter(([, x]) => x.non2xx > 0 || x.errors > 0 || x.serverErrors > 0).map(([measure, x]) => `${measure}: ${x.non2xx} non-2xx, ${x.errors} errors`));

  console.log(
    `bench:public, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, one process; beta ${betaId}, ${testers.toLocaleString('en')} testers; ` +
      `${rounds} rounds, ${connections} connections, ${seconds} s per route; ${cpus().length} CPUs, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('');
  console.log(`| route (median of ${rounds} rounds) | req/s | of show | p50 ms | p99 ms | target | |`);
  console.log('|---|--:|--:|--:|--:|---|---|');
  for (const f of figures) {
    console.log(`| ${f.name} | ${f.rps.toFixed(0)} | ${(f.ofShow * 100).toFixed(0)} % | ${f.p50} | ${f.p99} | ${f.target ?? ''} | ${f.met === null ? '' : f.met ? 'met' : 'NOT met'} |`);
  }
  console.log('');
  console.log(`peak resident memory: ${(peak.bytes / 1e6).toFixed(0)} MB`);
  console.log(failed.length === 0 ? 'every answer 2xx: met' : `failed answers: ${failed.join('; ')}`);
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify({ at: new Date().toISOString(), databaseUrl: databaseUrl?.replace(/\/\/[^@/]*@/, '//'), betaId, testers, rounds, seconds, connections, load: { start: loadStart, end: loadEnd }, peakBytes: peak.bytes, figures }, null, 2)}\n`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
