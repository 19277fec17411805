// npm run bench:signup-guard -- [--rounds 300] [--seconds 60] [--json FILE]
// What the signup guard costs and keeps out, against a server started as `npm start` starts it
// (behind a trusted proxy, so each request names its visitor's address), on a fresh SQLite file:
// 1. Who is on the list does not show in the answer's time: a public signup with double opt-in,
//    alternately a new address and one on the list already (each heard of for the first time, so
//    each is e-mailed): the medians of the two, which must be within 10 % of each other.
// 2. A flood: 50 connections posting junk (no solution, a wrong one, or the honeypot filled; all
//    from one /24) while 5 connections sign up real testers, each solving a fresh challenge (the
//    default difficulty) before it posts. The real signups' p99 alone and under the flood, and
//    what the junk left: testers and e-mails stored for it (must be 0).
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { loadConfig } from '../src/process/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';
import { median, percentile, positiveInteger } from './figures.ts';
import { loadWindow } from './load-window.ts';
import { freePort, startProjectServer, waitUntilAnswering } from './server-process.ts';

const USAGE = 'usage: npm run bench:signup-guard -- [--rounds 300] [--seconds 60] [--json FILE]';
const REAL_CONNECTIONS = 5;
const JUNK_CONNECTIONS = 50;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '300' }, seconds: { type: 'string', default: '60' }, json: { type: 'string' } } });
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const seconds = positiveInteger(values.seconds, 'seconds', USAGE);
  const file = join(tmpdir(), `prelaunch-signup-guard-${randomUUID()}.sqlite`);
  const databaseUrl = `sqlite:${file}`;
  const database = openDatabase(databaseUrl);
  await migrateToLatest(database);
  const services = await createServices(database, loadConfig({ DATABASE_URL: databaseUrl, GEOIP_DATABASE_PATH: 'off' }));
  const company = await services.accounts.createCompany({ name: 'Bench' });
  const { key } = await services.accounts.createApiKey({ companyId: company.id });
  await services.close();

  process.env.TRUST_PROXY = 'true';
  const port = await freePort();
  const server = startProjectServer({ databaseUrl, port });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${origin}/healthz`, server);
    const createBeta = async (name: string, settings: Record<string, unknown>): Promise<number> => {
      const response = await fetch(`${origin}/api/v2/betas`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, homepage_url: 'https://example.com', settings }),
      });
      if (response.status !== 201) throw new Error(`creating a beta: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    };
    let visitor = 0;
    /** A public signup from a visitor address of its own (or the one given); its answer's time in ms. */
    const signUp = async (betaId: number, body: Record<string, unknown>, ip = `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`) => {
      const started = performance.now();
      const response = await fetch(`${origin}/public/betas/${betaId}/signups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, status: response.status };
    };

    // 1. A new address against one on the list, alternately.
    const confirming = await createBeta('Confirming', { double_opt_in: true });
    const known: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const email = `known-${i}@bench.example`;
      if ((await signUp(confirming, { email })).status !== 201) throw new Error('a known address could not sign up');
      known.push(email);
    }
    const times = { new: [] as number[], known: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      const fresh = await signUp(confirming, { email: `new-${i}@bench.example` });
      const again = await signUp(confirming, { email: known[i] });
      if (fresh.status !== 201 || again.status !== 201) throw new Error(`answers differ: ${fresh.status} and ${again.status}`);
      times.new.push(fresh.ms);
      times.known.push(again.ms);
    }
    process.stderr.write('.');
    const same = { new_median_ms: median(times.new), known_median_ms: median(times.known) };
    const difference = Math.abs(same.known_median_ms - same.new_median_ms) / same.new_median_ms;

    // 2. Real signups with solved challenges, alone and under a flood of junk.
    const guarded = await createBeta('Guarded', { signup_challenge: 'proof_of_work', max_signups_per_subnet_per_hour: 1000 });
    let real = 0;
    const realSignups = async (windowSeconds: number) => {
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const until = Date.now() + windowSeconds * 1000;
      await Promise.all(
        Array.from({ length: REAL_CONNECTIONS }, async () => {
          while (Date.now() < until) {
            const challenge = (await (await fetch(`${origin}/public/betas/${guarded}/challenge`)).json()) as Challenge;
            const solution = await solveChallenge({ challenge, deriveKey });
            const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
            const { ms, status } = await signUp(guarded, { email: `real-${++real}@bench.example`, altcha });
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            latencies.push(ms);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { signups: latencies.length, p50_ms: percentile(latencies, 50), p99_ms: percentile(latencies, 99), statuses: Object.fromEntries(statuses) };
    };
    const alone = await realSignups(Math.min(seconds, 20));
    process.stderr.write('.');
    let junk = 0;
    const kinds = [
      () => ({ email: `junk-${++junk}@bench.example`, website: 'https://spam.example' }),
      () => ({ email: `junk-${++junk}@bench.example` }),
      () => ({ email: `junk-${++junk}@bench.example`, altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') }),
    ];
    const [flooded, flood] = await Promise.all([
      realSignups(seconds),
      loadWindow({
        url: origin,
        connections: JUNK_CONNECTIONS,
        seconds,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.66' },
        request: () => ({ method: 'POST', path: `/public/betas/${guarded}/signups`, body: JSON.stringify(kinds[junk % kinds.length]()) }),
      }),
    ]);

    const check = openDatabase(databaseUrl);
    const count = async (table: 'testers' | 'email_messages', column: 'email' | 'to_address') =>
      Number((await check.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, 'like', 'junk-%').executeTakeFirstOrThrow()).n);
    const junkStored = { testers: await count('testers', 'email'), emails: await count('email_messages', 'to_address') };
    await check.close();

    const figures = {
      machine: { cpus: cpus().length, load_average_1m: loadavg()[0] },
      same_answer_time: { rounds, ...same, difference_percent: Math.round(difference * 1000) / 10 },
      flood: { seconds, junk_connections: JUNK_CONNECTIONS, junk_requests: junk, junk_rps: flood.rps, junk_server_errors: flood.serverErrors, junk_stored: junkStored, real_alone: alone, real_under_flood: flooded },
    };
    process.stdout.write(`\n${JSON.stringify(figures, null, 2)}\n`);
    if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
    const failures = [
      ...(difference > 0.1 ? [`the medians differ by ${(difference * 100).toFixed(1)} % (at most 10 %)`] : []),
      ...(junkStored.testers + junkStored.emails > 0 ? ['junk was stored'] : []),
      ...(flood.serverErrors > 0 ? [`${flood.serverErrors} answers of 5xx to the junk`] : []),
    ];
    if (failures.length > 0) {
      process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    server.kill();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
