// npm run bench:public -- --beta ID --key KEY [--database-url URL] [--baseline-tree DIR] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]
// What a campaign's visitors and their status links cost at launch-day load: autocannon against a
// server started as `npm start` starts it, route by route, each round beside the show route (the
// API's cheapest read of a tester, as a yardstick measured in the same moment): the public
// leaderboard (JSON and page), a tester's status page (`/r/{code}?check=…`), `progress.json`, `moves.json`, and
// the hosted signup page with a design. Before the rounds it turns the beta's leaderboard on and
// gives it a design, as an owner would. It prints each route's median over the rounds (req/s,
// its ratio to show's, p50 and p99, and the server's CPU time per answer, read from /proc: the
// figure a machine shared with others disturbs least) beside the targets, and fails on any 5xx or
// non-2xx answer. With --baseline-tree, another checkout's server (the code before a change) runs
// beside this one on the same database, and each route is measured on both in turn (the side that
// goes first changes every round): the CPU per answer of this tree over the baseline's is the
// change's cost or saving. On a PostgreSQL server of this machine the database's CPU per answer is
// read too (its backends for the bench database, from /proc): on a shared machine it competes
// with the server's. Use a beta built by `npm run bench:seed`.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOAD_OPTIONS, median, positiveInteger, UsageError } from './figures.ts';
import { loadWindow, type WindowResult } from './load-window.ts';
import { openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { cpuMicrosecondsOf, freePort, memoryOf, ROOT, startProjectServer, waitUntilAnswering } from './server-process.ts';

const USAGE =
  'usage: npm run bench:public -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--baseline-tree DIR] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]';

type Measure = 'show' | 'leaderboard' | 'leaderboardPage' | 'status' | 'progress' | 'moves' | 'signupPage';
/** p99 targets in ms (issues: the public leaderboard ≤ 10 ms, the status page, progress.json and moves.json ≤ 25 ms). */
const P99_TARGETS: Partial<Record<Measure, number>> = { leaderboard: 10, status: 25, progress: 25, moves: 25 };


/**
 * CPU time so far of each PostgreSQL client backend of `databaseUrl`'s database, in µs by process,
 * when its server runs on this machine (their command lines name the database); null otherwise.
 */
function databaseCpuReader(databaseUrl: string): (() => Map<number, number>) | null {
  if (!databaseUrl.startsWith('postgres')) return null;
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return null;
  const marker = ` ${decodeURIComponent(url.pathname.slice(1))} `;
  return () => {
    const backends = new Map<number, number>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        // Client backends only: an autovacuum worker of the database is not the answers' work.
        if (title.startsWith('postgres:') && title.includes(marker) && !title.includes('autovacuum')) backends.set(Number(pid), cpuMicrosecondsOf(Number(pid)));
      } catch {
        // gone
      }
    }
    return backends;
  };
}

/** The CPU the backends used between two readings: a backend started meanwhile from nothing (one gone meanwhile is lost). */
function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      ...LOAD_OPTIONS,
      'baseline-tree': { type: 'string' },
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

  // This tree's server, and the baseline's beside it when asked: the same database, each its own port.
  const sides = [{ name: 'this tree', root: ROOT }, ...(values['baseline-tree'] ? [{ name: 'baseline', root: resolve(values['baseline-tree']) }] : [])];
  const servers: { name: string; root: string; server: ChildProcess; origin: string; memory: ReturnType<typeof memoryOf> }[] = [];
  for (const side of sides) {
    const port = await freePort();
    const server = startProjectServer({ root: side.root, databaseUrl, port });
    const origin = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${origin}/healthz`, server);
    servers.push({ ...side, server, origin, memory: memoryOf(server.pid!) });
  }

  const headers = { authorization: `Bearer ${values.key}`, 'content-type': 'application/json' };
  const beta = `/api/v2/betas/${betaId}`;
  // What an owner turns on before launch: the public leaderboard, and a design for the pages.
  const owner = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${servers[0].origin}${path}`, { method, headers, body: JSON.stringify(body) });
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

  type Result = WindowResult & { cpuPerRequest: number; databaseCpuPerRequest: number | null };
  const databaseCpu = databaseCpuReader(databaseUrl);
  /** One window against one side's server, with the server's (and the database's) CPU time per answer over it. */
  const drive = async (side: (typeof servers)[number], route: (typeof routes)[number], seconds: number): Promise<Result> => {
    const [cpuBefore, databaseBefore] = [cpuMicrosecondsOf(side.server.pid!), databaseCpu?.()];
    const result = await loadWindow({ url: side.origin, connections, seconds, headers: route.headers, request: () => ({ method: 'GET', path: route.path(pick()) }) });
    const answers = Math.max(1, result.requests);
    return {
      ...result,
      cpuPerRequest: (cpuMicrosecondsOf(side.server.pid!) - cpuBefore) / answers,
      databaseCpuPerRequest: databaseCpu && databaseBefore ? databaseCpuBetween(databaseBefore, databaseCpu()) / answers : null,
    };
  };

  const loadStart = loadavg();
  for (const side of servers) for (const route of routes) await drive(side, route, 1); // warm-up: compiled schemas, caches
  /** Per round, per side (in the order of `servers`), per route. */
  const perRound: Record<Measure, Result>[][] = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`round ${round}/${rounds} `);
    const results = servers.map(() => ({}) as Record<Measure, Result>);
    const order = round % 2 === 1 ? servers.map((_, i) => i) : servers.map((_, i) => i).reverse();
    for (const route of routes) for (const i of order) results[i][route.measure] = await drive(servers[i], route, seconds);
    perRound.push(results);
    process.stderr.write('\n');
  }
  const loadEnd = loadavg();
  const peaks = servers.map((side) => side.memory.peak());
  for (const { server } of servers) server.kill('SIGTERM');
  await Promise.all(servers.map(({ server }) => (server.exitCode === null ? new Promise((done) => server.once('exit', done)) : null)));

  const figuresOf = (sideIndex: number) =>
    routes.map((route) => {
      const per = perRound.map((r) => ({ ...r[sideIndex][route.measure], ofShow: r[sideIndex][route.measure].rps / r[sideIndex].show.rps }));
      const p99 = median(per.map((p) => p.p99));
      const target = P99_TARGETS[route.measure];
      return {
        measure: route.measure,
        name: route.name,
        rps: median(per.map((p) => p.rps)),
        ofShow: median(per.map((p) => p.ofShow)),
        p50: median(per.map((p) => p.p50)),
        p99,
        cpuPerRequest: median(per.map((p) => p.cpuPerRequest)),
        databaseCpuPerRequest: databaseCpu ? median(per.map((p) => p.databaseCpuPerRequest ?? 0)) : null,
        target: target === undefined ? null : `p99 ≤ ${target} ms`,
        met: target === undefined ? null : p99 <= target,
        rounds: per,
      };
    });
  const figures = servers.map((side, i) => ({ side: side.name, root: side.root, peakBytes: peaks[i].bytes, routes: figuresOf(i) }));
  const failed = perRound.flatMap((r) =>
    r.flatMap((side, i) => Object.entries(side).filter(([, x]) => x.non2xx > 0 || x.errors > 0 || x.serverErrors > 0).map(([measure, x]) => `${servers[i].name}, ${measure}: ${x.non2xx} non-2xx, ${x.errors} errors`)),
  );

  console.log(
    `bench:public, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, one process; beta ${betaId}, ${testers.toLocaleString('en')} testers; ` +
      `${rounds} rounds, ${connections} connections, ${seconds} s per route; ${cpus().length} CPUs, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  for (const [i, side] of figures.entries()) {
    console.log('');
    console.log(`${side.side} (${side.root})`);
    const database = databaseCpu ? ' PostgreSQL CPU µs/answer |' : '';
    console.log(`| route (median of ${rounds} rounds) | req/s | of show | p50 ms | p99 ms | server CPU µs/answer |${database} target | |`);
    console.log(`|---|--:|--:|--:|--:|--:|${databaseCpu ? '--:|' : ''}---|---|`);
    for (const f of side.routes) {
      const databaseFigure = f.databaseCpuPerRequest === null ? '' : ` ${f.databaseCpuPerRequest.toFixed(0)} |`;
      console.log(`| ${f.name} | ${f.rps.toFixed(0)} | ${(f.ofShow * 100).toFixed(0)} % | ${f.p50} | ${f.p99} | ${f.cpuPerRequest.toFixed(0)} |${databaseFigure} ${f.target ?? ''} | ${f.met === null ? '' : f.met ? 'met' : 'NOT met'} |`);
    }
    console.log(`peak resident memory: ${(peaks[i].bytes / 1e6).toFixed(0)} MB`);
  }
  if (servers.length > 1) {
    console.log('');
    const database = databaseCpu ? ' PostgreSQL CPU µs/answer, this tree / baseline |' : '';
    console.log(`| route | CPU µs/answer, this tree / baseline (median of the rounds' ratios) |${database} req/s, this tree / baseline | p99, this tree / baseline |`);
    console.log(`|---|--:|${databaseCpu ? '--:|' : ''}--:|--:|`);
    for (const route of routes) {
      const ratio = (of: (x: Result) => number) => `${(median(perRound.map((r) => of(r[0][route.measure]) / of(r[1][route.measure]))) * 100).toFixed(0)} %`;
      const databaseRatio = databaseCpu ? ` ${ratio((x) => x.databaseCpuPerRequest ?? 0)} |` : '';
      console.log(`| ${route.name} | ${ratio((x) => x.cpuPerRequest)} |${databaseRatio} ${ratio((x) => x.rps)} | ${ratio((x) => x.p99)} |`);
    }
  }
  console.log('');
  console.log(failed.length === 0 ? 'every answer 2xx: met' : `failed answers: ${failed.join('; ')}`);
  if (values.json) {
    writeFileSync(values.json, `${JSON.stringify({ at: new Date().toISOString(), databaseUrl: databaseUrl?.replace(/\/\/[^@/]*@/, '//'), betaId, testers, rounds, seconds, connections, load: { start: loadStart, end: loadEnd }, figures }, null, 2)}\n`);
  }
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
