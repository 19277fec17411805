// npm run bench:signup-cpu -- --baseline-tree DIR [--dialect sqlite|postgres] [--database-url postgres://…] [--rounds 5] [--signups 300] [--with-ip] [--statements]
// CPU time per signup, this tree against another checkout's (the code before a change, e.g.
// `git worktree add /tmp/before <commit>` with its node_modules linked), both loaded in this
// process: each tree's own app and services on a database of its own, driven by app.inject, the
// trees alternating within each round (the one that goes first changes every round). A signup is
// referred by a random tester of the beta, so it moves its referrer too. Measured on a shared
// machine as process CPU time (process.cpuUsage) over a batch of signups, not wall-clock: other
// processes' load slows the clock, not this process's CPU. This tree runs twice: on a beta nobody
// listens to for position events, and on one whose endpoint subscribes to tester_position_changed.
// A tree that folds work after commit on a timer (the dashboard's rollups) folds it inside the batch.
// Prints each variant's median µs per signup and the median of the rounds' ratios to the baseline.
// On PostgreSQL it also counts the statements each tree's signups send (pg's Client.query), and
// how many of them run inside a transaction, where a commit group runs them one after another.
// With --statements it lists them too, each by its first words, as times per signup.
// With --with-ip each signup sends a profile ip, each its own (and its own /24), so the rules that
// count signups from an address or a network do their reads and index writes.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { median, positiveInteger } from './figures.ts';

const USAGE = 'usage: npm run bench:signup-cpu -- --baseline-tree DIR [--dialect sqlite|postgres] [--database-url postgres://…] [--rounds 5] [--signups 300] [--with-ip] [--statements]';
const ROOT = resolve(import.meta.dirname, '..');

/** Statements sent while a side's batch ran, how many of them inside a transaction, and each by its text. */
interface Statements {
  inside: number;
  outside: number;
  signups: number;
  /** `in`/`out` and the statement's first words → times sent. */
  byText: Map<string, number>;
}

/** The statements of the batch running now (sides run one at a time). */
let counting: Statements | null = null;
const inTransaction = new WeakSet<object>();
const countedClients = new WeakSet<object>();

/** Counts every statement a tree's pg clients send into the batch running (the tree's own pg module). */
function countStatements(tree: string): void {
  const client = createRequire(resolve(tree, 'package.json'))('pg').Client.prototype;
  if (countedClients.has(client)) return;
  countedClients.add(client);
  const query = client.query;
  client.query = function (this: object, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
    if (text === 'begin') inTransaction.add(this);
    if (counting) {
      const inside = inTransaction.has(this);
      if (inside) counting.inside += 1;
      else counting.outside += 1;
      const key = `${inside ? 'in ' : 'out'} ${text.replace(/\s+/g, ' ').slice(0, 110)}`;
      counting.byText.set(key, (counting.byText.get(key) ?? 0) + 1);
    }
    if (text === 'commit' || text === 'rollback') inTransaction.delete(this);
    return query.apply(this, args);
  };
}

interface Side {
  name: string;
  statements: Statements;
  /** Makes `count` signups, each referred by a random tester made before; CPU ms spent. */
  signups(count: number): Promise<number>;
  close(): Promise<void>;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A tree's app and services, from its own modules, on a database of its own; one beta seeded with `seed` testers. */
async function openTree(tree: string, name: string, databaseUrl: string, options: { listen: boolean; seed: number; withIp: boolean }): Promise<Side> {
  const load = (path: string) => import(resolve(tree, path));
  const [{ buildApp }, { loadConfig }, { RateLimits }, { isReachable }, { createServices }, { openBenchDatabase }] = await Promise.all([
    load('src/app.ts'),
    // A checkout from before src/process/ keeps its config at the top of src/.
    load('src/process/config.ts').catch(() => load('src/config.ts')),
    load('src/http/rate-limits.ts'),
    load('src/db/migrate.ts'),
    load('src/services.ts'),
    load('bench/seeding.ts'),
  ]);
  if (databaseUrl.startsWith('postgres')) countStatements(tree);
  const database = await openBenchDatabase(databaseUrl, { poolSize: 10 });
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', GEOIP_DATABASE_PATH: 'off', RATE_LIMIT_DEFAULT: '100000000/1m' });
  const services = await createServices(database, config);
  const rateLimits = new RateLimits(config.rateLimits, null, config.redisKeyPrefix);
  const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis: null });
  const company = await services.accounts.createCompany({ name: `Signup CPU ${name}` });
  const { key } = await services.accounts.createApiKey({ companyId: company.id });
  const beta = (await services.betas.create(company.id, { name, homepage_url: 'https://example.com' })).id;
  if (options.listen) {
    const now = new Date().toISOString();
    // Straight into the table: the API refuses a loopback URL, and nothing is delivered here (no workers).
    await database.db
      .insertInto('webhook_endpoints')
      .values({ beta_id: beta, url: 'https://hooks.example.com/', secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0', events: '["tester_position_changed"]', enabled: 1, created_at: now, updated_at: now })
      .execute();
  }
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const ids: number[] = [];
  let sequence = 0;
  const signup = async () => {
    const referrer = ids.length === 0 ? undefined : ids[Math.floor(Math.random() * ids.length)];
    const ip = options.withIp ? { profile: { ip: `10.${(sequence >> 8) & 255}.${sequence & 255}.7` } } : {};
    const tester = { email: `signup-${name.replace(/\W/g, '')}-${sequence++}@example.com`, ...ip, ...(referrer ? { referrer_id: referrer } : {}) };
    const response = await app.inject({ method: 'POST', url: `/api/v2/betas/${beta}/testers`, headers, payload: { tester } });
    if (response.statusCode !== 201) throw new Error(`${name}: signup answered ${response.statusCode} ${response.body}`);
    ids.push(JSON.parse(response.body).id);
  };
  // Work a signup leaves for after its commit is its cost too: a tree that folds the dashboard's
  // rollups (src/modules/stats/rollups.ts) folds each batch's changes within the batch's CPU time.
  const rollups = await load('src/modules/stats/rollups.ts').catch(() => null);
  const fold = async () => {
    await rollups?.foldRollups(database.db, database.dialect);
  };
  for (let i = 0; i < options.seed; i += 1) await signup();
  await fold();
  const statements: Statements = { inside: 0, outside: 0, signups: 0, byText: new Map() };
  return {
    name,
    statements,
    async signups(count) {
      const start = cpuMs();
      counting = statements;
      for (let i = 0; i < count; i += 1) await signup();
      await fold();
      counting = null;
      statements.signups += count;
      return cpuMs() - start;
    },
    async close() {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'baseline-tree': { type: 'string' },
      dialect: { type: 'string', default: 'sqlite' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      rounds: { type: 'string', default: '5' },
      signups: { type: 'string', default: '300' },
      'with-ip': { type: 'boolean', default: false },
      statements: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values['baseline-tree']) return void process.stdout.write(`${USAGE}\n`);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const listStatements = values.statements!;
  const count = positiveInteger(values.signups, 'signups', USAGE);
  const urlOf = (suffix: string) => {
    if (values.dialect === 'sqlite') return `sqlite:/tmp/prelaunch-bench-signup-cpu/${process.pid}-${suffix}.sqlite`;
    const url = new URL(values['database-url']!);
    url.pathname = `/bench_signup_cpu_${process.pid}_${suffix}`;
    return url.toString();
  };
  const baseline = await openTree(resolve(values['baseline-tree']), 'baseline', urlOf('baseline'), { listen: false, seed: count, withIp: values['with-ip']! });
  const quiet = await openTree(ROOT, 'this tree, nobody listening', urlOf('quiet'), { listen: false, seed: count, withIp: values['with-ip']! });
  const listened = await openTree(ROOT, 'this tree, an endpoint for tester_position_changed', urlOf('listened'), { listen: true, seed: count, withIp: values['with-ip']! });
  const sides = [baseline, quiet, listened];
  // A first batch each, not counted: compiled queries, caches and the JIT warm up.
  for (const side of sides) await side.signups(count);
  const perSignup = new Map<Side, number[]>(sides.map((side) => [side, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length]);
    for (const side of order) perSignup.get(side)!.push(((await side.signups(count)) / count) * 1000);
    process.stdout.write(`round ${round + 1}: ${sides.map((side) => `${side.name} ${perSignup.get(side)!.at(-1)!.toFixed(0)} µs`).join(', ')}; load ${loadavg()[0].toFixed(1)}\n`);
  }
  const base = perSignup.get(baseline)!;
  for (const side of sides) {
    const values = perSignup.get(side)!;
    const ratio = median(values.map((value, i) => value / base[i]));
    process.stdout.write(`${side.name}: median ${median(values).toFixed(0)} µs CPU per signup; ratio to baseline ${ratio.toFixed(3)}\n`);
  }
  for (const side of sides) {
    const { inside, outside, signups } = side.statements;
    if (signups > 0 && inside + outside > 0) {
      process.stdout.write(`${side.name}: ${((inside + outside) / signups).toFixed(1)} statements per signup, ${(inside / signups).toFixed(1)} of them inside a transaction\n`);
      if (listStatements) {
        for (const [text, times] of [...side.statements.byText].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${(times / signups).toFixed(2)}  ${text}\n`);
      }
    }
  }
  process.stdout.write(`${values.dialect}, ${rounds} rounds of ${count} signups per side; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  for (const side of sides) await side.close();
  await removeDatabases(values.dialect === 'sqlite' ? null : values['database-url']!, ['baseline', 'quiet', 'listened'].map(urlOf));
}

/** The run's databases, made for it alone: their files, or dropped through `adminUrl`. */
async function removeDatabases(adminUrl: string | null, urls: string[]): Promise<void> {
  if (adminUrl === null) {
    for (const url of urls) for (const ending of ['', '-wal', '-shm']) rmSync(`${url.slice('sqlite:'.length)}${ending}`, { force: true });
    return;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const url of urls) await client.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

await main();
