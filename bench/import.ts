// npm run bench:import -- [--rows 1000000] [--runs 3] [--database-url sqlite:PATH|postgres://…]
// Imports a generated CSV file of N testers into a new beta, in a process of its own per run (as
// `prelaunch import` does: the same service and job), and prints rows per second and the process's
// peak resident memory (VmHWM), the median of the runs, with the machine's load.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/process/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openGeoLocator } from '../src/modules/testers/geoip.ts';
import { createServices } from '../src/services.ts';

const USAGE = 'usage: npm run bench:import -- [--rows N] [--runs N] [--database-url sqlite:PATH|postgres://…]';
const BENCH_DIR = '/tmp/prelaunch-bench';

interface RunResult {
  rows: number;
  accepted: number;
  seconds: number;
  peakRssMb: number;
}

/** The file: mostly imported testers, a tenth applied, a fifth referred by an earlier line, dates in file order. */
async function writeFile(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write('email,first_name,last_name,status,created_at,referrer_id,groups,utm_source\n');
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < rows; i++) {
    const referrer = i > 0 && i % 5 === 0 ? `person${(i * 7919) % i}@example.com` : '';
    const status = i % 10 === 0 ? 'applied' : 'imported';
    const created = new Date(start + i * 1000).toISOString();
    await write(`person${i}@example.com,First${i % 997},"Last, ${i % 991}",${status},${created},${referrer},${i % 3 ? '' : 'early'},src${i % 7}\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** One run, in this (child) process: a new database, a beta, the import; its figures on stdout. */
async function child(databaseUrl: string, file: string): Promise<void> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', GEOIP_DATABASE_PATH: 'off' });
  const database = openDatabase(databaseUrl);
  await migrateToLatest(database);
  const services = await createServices(database, config, { geo: await openGeoLocator('off') });
  const company = await services.accounts.createCompany({ name: 'Bench' });
  const beta = await services.betas.create(company.id, { name: 'Import bench', homepage_url: 'https://example.com' });
  const started = performance.now();
  const created = await services.imports.create(company.id, String(beta.id), async () => createReadStream(file), { queue: false });
  const done = await services.imports.runNow(created.id);
  const seconds = (performance.now() - started) / 1000;
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  const result: RunResult = { rows: done!.rows_total, accepted: done!.rows_accepted, seconds, peakRssMb: Number(peak?.[1] ?? 0) / 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await services.close();
  await database.close();
}

function runChild(databaseUrl: string, file: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--child', '--database-url', databaseUrl, '--file', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as RunResult) : reject(new Error(`run exited ${code}`))));
  });
}

/** A fresh database for each run: SQLite a new file, PostgreSQL a new database named after the run. */
function freshDatabase(base: string, run: number): string {
  if (base.startsWith('sqlite:')) {
    const path = base.slice('sqlite:'.length).replace(/(\.sqlite)?$/, `-${run}.sqlite`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    mkdirSync(dirname(path), { recursive: true });
    return `sqlite:${path}`;
  }
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'prelaunch_bench'}_import_${run}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  execFileSync('psql', [admin.toString(), '-qc', `DROP DATABASE IF EXISTS ${name}`, '-c', `CREATE DATABASE ${name}`]);
  url.pathname = `/${name}`;
  return url.toString();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '3' },
      'database-url': { type: 'string', default: `sqlite:${BENCH_DIR}/import.sqlite` },
      child: { type: 'boolean' },
      file: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.child) return child(values['database-url'], values.file!);
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const rows = Number(values.rows);
  const runs = Number(values.runs);
  if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(runs) || runs < 1) throw new Error(USAGE);
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = join(BENCH_DIR, `import-${rows}.csv`);
  if (!existsSync(file)) await writeFile(file, rows);
  const results: RunResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const load = execFileSync('uptime', { encoding: 'utf8' }).trim();
    const result = await runChild(freshDatabase(values['database-url'], run), file);
    results.push(result);
    process.stdout.write(
      `run ${run}: ${result.accepted.toLocaleString('en')} of ${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s = ` +
        `${Math.round(result.accepted / result.seconds).toLocaleString('en')} rows/s, peak RSS ${result.peakRssMb.toFixed(0)} MB (before: ${load})\n`,
    );
  }
  const rate = median(results.map((r) => r.accepted / r.seconds));
  process.stdout.write(
    `median of ${runs}: ${Math.round(rate).toLocaleString('en')} rows/s, peak RSS ${median(results.map((r) => r.peakRssMb)).toFixed(0)} MB; ` +
      `${values['database-url'].split(':')[0]}, ${rows.toLocaleString('en')} rows; after: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
