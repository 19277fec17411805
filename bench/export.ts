// npm run bench:export -- --beta ID --key KEY [--database-url URL] [--format csv|ndjson] [--rounds 3] [--json FILE]
// The export of a whole beta (GET …/testers.csv or …/testers.ndjson) from a server started here as
// `npm start` would, in a process of its own: per round the time to the first byte, the seconds
// and rows per second of the whole download, read as fast as this process can; and the server's
// resident memory before the first export (its standings index built by a list request) and at its
// peak (VmHWM) after the rounds. Checks that each download holds one line per visible tester. Use
// a beta built by `npm run bench:seed`.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { median, positiveInteger, UsageError } from './figures.ts';
import { openBenchDatabase, SEEDED_BETA_OPTIONS } from './seeding.ts';
import { children, freePort, memoryOf, ROOT, UNLIMITED, waitUntilAnswering } from './server-process.ts';

const USAGE = 'usage: npm run bench:export -- --beta ID --key KEY [--database-url sqlite:PATH|postgres://…] [--format csv|ndjson] [--rounds 3] [--json FILE]';
const NEWLINE = 0x0a;

interface Round {
  firstByteMs: number;
  seconds: number;
  bytes: number;
  rows: number;
  rowsPerSecond: number;
}

/** One download, read to its end: its timings, its size, and its rows (lines, the CSV header left out). */
async function download(url: string, key: string, format: string): Promise<Round> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`the export answered ${response.status}: ${await response.text()}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = format === 'csv' ? lines - 1 : lines;
  return { firstByteMs, seconds, bytes, rows, rowsPerSecond: rows / seconds };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...SEEDED_BETA_OPTIONS,
      format: { type: 'string', default: 'csv' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'string' },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  if (!values.key) throw new UsageError(`--key is required (bench:seed prints one)\n${USAGE}`);
  const key = values.key;
  const format = values.format;
  if (format !== 'csv' && format !== 'ndjson') throw new UsageError(`--format must be csv or ndjson\n${USAGE}`);
  const rounds = positiveInteger(values.rounds, 'rounds', USAGE);
  const databaseUrl = values['database-url'];

  const database = await openBenchDatabase(databaseUrl);
  const visible = await database.db
    .selectFrom('testers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('beta_id', '=', betaId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  await database.close();
  const testers = Number(visible.n);
  if (testers === 0) throw new UsageError(`beta ${betaId} has no testers in ${databaseUrl}: seed one with npm run bench:seed`);

  const port = await freePort();
  // Started as `npm start` starts it: from a bundle built at start, not through tsx.
  const server = spawn(process.execPath, ['bin/start.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', GEOIP_DATABASE_PATH: 'off', RATE_LIMIT_DEFAULT: UNLIMITED },
  });
  children.push(server);
  const api = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${api}/healthz`, server);
  const memory = memoryOf(server.pid!);
  // A list page builds the beta's standings index, as the first read of a running server would: the export is measured on top of it.
  const warm = await fetch(`${api}/api/v2/betas/${betaId}/testers?per_page=1`, { headers: { authorization: `Bearer ${key}` } });
  if (warm.status !== 200) throw new Error(`list testers answered ${warm.status}: ${await warm.text()}`);
  const before = memory.now().bytes;

  const load = loadavg();
  console.log(`Export of beta ${betaId} (${testers.toLocaleString('en')} visible testers) as ${format}, ${rounds} rounds, ${databaseUrl.split(':')[0]}`);
  console.log(`Machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load.map((n) => n.toFixed(2)).join(' ')}`);
  const results: Round[] = [];
  for (let round = 1; round <= rounds; round++) {
    const result = await download(`${api}/api/v2/betas/${betaId}/testers.${format}`, key, format);
    if (result.rows !== testers) throw new Error(`round ${round}: ${result.rows} rows, the beta has ${testers} visible testers`);
    results.push(result);
    console.log(
      `round ${round}: ${result.rowsPerSecond.toFixed(0)} rows/s, ${result.seconds.toFixed(1)} s, ${(result.bytes / 1e6).toFixed(0)} MB, first byte after ${result.firstByteMs.toFixed(0)} ms`,
    );
  }
  const peak = memory.peak().bytes;
  const summary = {
    betaId,
    format,
    testers,
    rounds: results,
    medianRowsPerSecond: median(results.map((r) => r.rowsPerSecond)),
    medianSeconds: median(results.map((r) => r.seconds)),
    medianFirstByteMs: median(results.map((r) => r.firstByteMs)),
    residentBeforeBytes: before,
    residentPeakBytes: peak,
    loadAverage: { before: load, after: loadavg() },
  };
  console.log(
    `median: ${summary.medianRowsPerSecond.toFixed(0)} rows/s (${summary.medianSeconds.toFixed(1)} s), first byte after ${summary.medianFirstByteMs.toFixed(0)} ms; ` +
      `server resident ${(before / 1e6).toFixed(0)} MB before the first export, peak ${(peak / 1e6).toFixed(0)} MB; load average after ${summary.loadAverage.after.map((n) => n.toFixed(2)).join(' ')}`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
  server.kill('SIGTERM');
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
