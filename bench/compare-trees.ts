// npm run bench:compare -- --baseline-tree DIR --beta ID --key KEY [--database-url URL] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]
// What a change costs the write path, measured as the issues ask ("within 5 % of before, same run,
// old and new code alternating"): this tree's server and another checkout's — the code before the
// change, e.g. `git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci)` — each on a
// copy of the same seeded beta, alternating within each round (the side that goes first changes
// every round): create a tester referred by a random tester (spread) and by one tester for the
// whole window (hot), and show a tester. Each side's beta has a webhook endpoint for every event,
// delivered to one receiver, and its outbox is drained after each window. Prints each side's
// medians and the median of the rounds' ratios (this tree / baseline) of throughput and of the
// server's CPU time per request (which holds on a shared machine), then checks each copy's
// counters against a recount. The copies are removed at the end. The seeded database must be at
// the baseline's schema (seed it with the baseline tree): this tree's server migrates its own copy.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LOAD_OPTIONS, median, positiveInteger, UsageError } from './figures.ts';
import { drained } from './outbox-drain.ts';
import { loadWindow, type LoadRequest } from './load-window.ts';
import { openDatabase } from '../src/db/database.ts';
import { checkCounters, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { children, cpuMicrosecondsOf, freePort, ROOT, startProjectServer, waitUntilAnswering } from './server-process.ts';

const USAGE =
  'usage: npm run bench:compare -- --baseline-tree DIR --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--rounds 3] [--seconds 10] [--connections 50] [--json FILE]';

const RECEIVER = `
require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

type Measure = 'create' | 'create_hot' | 'show';
interface Result {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server's CPU time per answered request, in microseconds: the window and the outbox drained after it. */
  cpuMicros: number;
}

/** A copy of the seeded database for one side: a file copy (SQLite) or a database made from it as a template (PostgreSQL). */
async function copyDatabase(url: string, suffix: string): Promise<{ url: string; remove: () => Promise<void> }> {
  if (url.startsWith('sqlite:')) {
    const source = url.slice('sqlite:'.length);
    const target = source.replace(/(\.sqlite)?$/, `-${suffix}.sqlite`);
    const remove = async () => {
      for (const ending of ['', '-wal', '-shm']) rmSync(`${target}${ending}`, { force: true });
    };
    await remove();
    copyFileSync(source, target);
    if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${target}-wal`);
    return { url: `sqlite:${target}`, remove };
  }
  const source = new URL(url);
  const name = `${source.pathname.slice(1)}_${suffix}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name} TEMPLATE ${source.pathname.slice(1)}`);
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return { url: copy.toString(), remove: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      'baseline-tree': { type: 'string' },
      ...LOAD_OPTIONS,
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  if (!values.key) throw new UsageError(`--key is required (bench:seed prints one)\n${USAGE}`);
  if (!values['baseline-tree'] || !existsSync(resolve(values['baseline-tree'], 'bin/start.js'))) {
    throw new UsageError(`--baseline-tree must name a checkout of Prelaunch with its node_modules installed\n${USAGE}`);
  }
  const baselineTree = resolve(values['baseline-tree']);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const connections = positiveInteger(values.connections, 'connections', USAGE);
  const databaseUrl = values['database-url'];

  // The testers to refer from and show, read once: both copies hold the same rows. Nothing here
  // migrates a database: each side's server brings its own copy to its own schema.
  const seeded = openDatabase(databaseUrl);
  const sample = await seeded.db.selectFrom('testers').select(['id', 'referral_code']).where('beta_id', '=', betaId).where('hidden', '=', 0).limit(20_000).execute();
  await seeded.close();
  if (sample.length === 0) throw new UsageError(`beta ${betaId} has no testers in ${databaseUrl}: seed one with npm run bench:seed`);
  const pick = () => sample[Math.floor(Math.random() * sample.length)]!;

  const copies = { candidate: await copyDatabase(databaseUrl, 'candidate'), baseline: await copyDatabase(databaseUrl, 'baseline') };
  const receiverPort = await freePort();
  const receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PORT: String(receiverPort) } });
  children.push(receiver);
  const sides = await Promise.all(
    (['candidate', 'baseline'] as const).map(async (name) => {
      const port = await freePort();
      const server = startProjectServer({ root: name === 'candidate' ? ROOT : baselineTree, databaseUrl: copies[name].url, port });
      await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`, server);
      return { name, url: `http://127.0.0.1:${port}`, server, database: openDatabase(copies[name].url) };
    }),
  );
  await waitUntilAnswering(`http://127.0.0.1:${receiverPort}`, receiver).catch(() => {});

  const headers = { authorization: `Bearer ${values.key}`, 'content-type': 'application/json' };
  const beta = `/api/v2/betas/${betaId}`;
  for (const side of sides) {
    const webhook = await fetch(`${side.url}${beta}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/hook` }) });
    if (webhook.status !== 201) throw new Error(`${side.name}: creating the webhook endpoint failed: ${webhook.status} ${await webhook.text()}`);
  }

  let sequence = 0;
  const runId = `${process.pid}-${Date.now()}`;
  const signup = (referralCode: string) => ({
    method: 'POST' as const,
    path: `${beta}/testers`,
    body: JSON.stringify({ tester: { email: `compare-${runId}-${(sequence += 1)}@example.com`, referrer_id: referralCode } }),
  });
  const routes: { measure: Measure; name: string; requests: () => () => LoadRequest }[] = [
    { measure: 'create', name: 'create tester, referred, spread', requests: () => () => signup(pick().referral_code) },
    {
      measure: 'create_hot',
      name: 'create tester, referred, hot (one referrer)',
      requests: () => {
        const hot = pick().referral_code;
        return () => signup(hot);
      },
    },
    { measure: 'show', name: 'show tester (standing)', requests: () => () => ({ method: 'GET', path: `${beta}/testers/${pick().id}` }) },
  ];
  // The server's CPU per request is measured around the window and its drain (the events a signup
  // raises are its work too): unlike throughput, it holds when other work shares the machine.
  const drive = async (side: (typeof sides)[number], seconds: number, request: () => LoadRequest, clients = connections): Promise<Result> => {
    const cpuBefore = cpuMicrosecondsOf(side.server.pid!);
    const result = await loadWindow({ url: side.url, connections: clients, seconds, headers, request });
    await drained(side.database.db);
    const cpuMicros = (cpuMicrosecondsOf(side.server.pid!) - cpuBefore) / Math.max(1, result.requests);
    return { ...result, failed: result.non2xx + result.errors, cpuMicros };
  };

  const loadStart = loadavg();
  for (const route of routes) for (const side of sides) await drive(side, 1, route.requests(), 4);
  const perRound: Record<Measure, Record<'candidate' | 'baseline', Result>>[] = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`round ${round}/${rounds} `);
    const results = {} as (typeof perRound)[number];
    for (const route of routes) {
      results[route.measure] = {} as Record<'candidate' | 'baseline', Result>;
      for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
        results[route.measure][side.name] = await drive(side, seconds, route.requests());
        process.stderr.write('.');
      }
    }
    perRound.push(results);
    process.stderr.write('\n');
  }
  const loadEnd = loadavg();
  for (const side of sides) side.server.kill('SIGTERM');
  await Promise.all(sides.map((side) => new Promise((exited) => (side.server.exitCode === null ? side.server.once('exit', exited) : exited(null)))));
  const problems: string[] = [];
  for (const side of sides) {
    try {
      await checkCounters(side.database.db, betaId);
    } catch (error) {
      problems.push(`${side.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await side.database.close();
  }
  receiver.kill('SIGTERM');
  await Promise.all([copies.candidate.remove(), copies.baseline.remove()]);

  const figures = routes.map((route) => {
    const rows = perRound.map((r) => r[route.measure]);
    const of = (name: 'candidate' | 'baseline') => ({
      rps: median(rows.map((r) => r[name].rps)),
      p50: median(rows.map((r) => r[name].p50)),
      p99: median(rows.map((r) => r[name].p99)),
      cpuMicros: median(rows.map((r) => r[name].cpuMicros)),
    });
    return {
      measure: route.measure,
      name: route.name,
      candidate: of('candidate'),
      baseline: of('baseline'),
      ratio: median(rows.map((r) => r.candidate.rps / r.baseline.rps)),
      cpuRatio: median(rows.map((r) => r.candidate.cpuMicros / r.baseline.cpuMicros)),
      rounds: rows,
    };
  });
  const failed = perRound.flatMap((r) => Object.entries(r).flatMap(([measure, bySide]) => Object.entries(bySide).filter(([, x]) => x.failed > 0).map(([side, x]) => `${measure} on ${side}: ${x.failed} failed`)));
  console.log(
    `bench:compare, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, one process each; this tree against ${baselineTree}; beta ${betaId}; ` +
      `${rounds} rounds, ${connections} connections, ${seconds} s per route and side; ${cpus().length} CPUs, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log('');
  console.log(`| measure (median of ${rounds} rounds) | this tree req/s | p99 ms | CPU µs/req | baseline req/s | p99 ms | CPU µs/req | this / baseline, req/s | this / baseline, CPU per request |`);
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const f of figures) {
    const { candidate: c, baseline: b } = f;
    console.log(`| ${f.name} | ${c.rps.toFixed(0)} | ${c.p99} | ${c.cpuMicros.toFixed(0)} | ${b.rps.toFixed(0)} | ${b.p99} | ${b.cpuMicros.toFixed(0)} | ${(f.ratio * 100).toFixed(1)} % | ${(f.cpuRatio * 100).toFixed(1)} % |`);
  }
  console.log('');
  console.log('per round (this tree / baseline: req/s, CPU µs per request):');
  for (const f of figures) {
    const round = (r: (typeof f.rounds)[number]) => `${r.candidate.rps.toFixed(0)} / ${r.baseline.rps.toFixed(0)} req/s, ${r.candidate.cpuMicros.toFixed(0)} / ${r.baseline.cpuMicros.toFixed(0)} µs`;
    console.log(`  ${f.measure}: ${f.rounds.map(round).join('; ')}`);
  }
  console.log(failed.length === 0 ? 'every answer 2xx' : `failed answers: ${failed.join('; ')}`);
  console.log(problems.length === 0 ? 'counters equal a recount on both copies' : `counters: ${problems.join('; ')}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ at: new Date().toISOString(), baselineTree, betaId, rounds, seconds, connections, load: { start: loadStart, end: loadEnd }, figures }, null, 2)}\n`);
  if (failed.length > 0 || problems.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
