// prelaunch serve --workers 2, as real processes: the primary migrates a fresh database once, two
// worker processes answer on one port, running the bundle the primary built, /metrics adds up both,
// a worker that dies is replaced, and SIGTERM stops them all cleanly.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/program.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrationNames } from '../../src/db/migrate.ts';
import { spawnBin } from '../support/bin.ts';
import { createTestDatabase, freePort } from '../support/context.ts';

// Generous: under a loaded machine (the suite runs files side by side) a process takes long to start.
const START_TIMEOUT_MS = 180_000;
/** What `serve` runs: the bundle of the sources the bin builds as it starts. */
const BUNDLE = fileURLToPath(new URL('../../.bundle/cli-main.mjs', import.meta.url));

interface LogLine {
  pid: number;
  msg: string;
  [field: string]: unknown;
}


/** GET on a connection of its own (no keep-alive), so the cluster hands each request out anew. */
function fetchOnce(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('prelaunch serve --workers 2', () => {
  let url: string;
  let drop: () => Promise<void>;
  let port: number;
  let primary: ChildProcess;
  let exited: Promise<number | null>;
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];

  /** The next log line (or one already seen) that matches, within the start time-out. */
  function logLine(match: (line: LogLine) => boolean, what: string, after = 0): Promise<LogLine> {
    const seen = lines.slice(after).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no log line: ${what}`)), START_TIMEOUT_MS);
      waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }

  const listening = (line: LogLine) => line.msg === 'worker process listening';

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    port = await freePort();
    primary = spawnBin(['serve', '--workers', '2'], {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      GEOIP_DATABASE_PATH: 'off',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
    });
    exited = new Promise((resolve) => primary.on('exit', (code) => resolve(code)));
    createInterface({ input: primary.stdout! }).on('line', (text) => {
      if (!text.startsWith('{')) return; // the first start's key, printed for people
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    });
  });

  after(async () => {
    // Whatever a failed test left running.
    const pids = new Set([primary.pid!, ...lines.filter(listening).map((line) => Number(line.worker))]);
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await drop();
  });

  test('two processes on one port, metrics added up, a dead worker replaced, SIGTERM stops all', { timeout: 4 * START_TIMEOUT_MS }, async () => {
    const first = await logLine(listening, 'first worker listening');
    const second = await logLine((line) => listening(line) && line.worker !== first.worker, 'second worker listening');
    const workers = [Number(first.worker), Number(second.worker)];
    assert.notEqual(workers[0], workers[1]);
    assert.ok(!workers.includes(primary.pid!), 'the workers are processes of their own');
    assert.deepEqual([first.port, second.port], [port, port]);
    // Both run the bundle the primary built, not the sources through tsx.
    for (const pid of workers) {
      const serving = await logLine((line) => line.pid === pid && line.msg === 'serving', `worker ${pid} serving`);
      assert.equal(serving.bundle, BUNDLE);
    }

    // The primary migrated and made the first company once, before forking.
    const database = openDatabase(url);
    try {
      const migrated = await database.db.selectFrom('kysely_migration' as any).select('name').orderBy('name').execute();
      assert.deepEqual(migrated.map((row) => row.name), [...migrationNames]);
      const companies = await database.db.selectFrom('companies').select('name').execute();
      assert.deepEqual(companies, [{ name: 'Default' }]);
    } finally {
      await database.close();
    }

    const requests = 10;
    for (let i = 0; i < requests; i++) assert.equal((await fetchOnce(port, '/healthz')).status, 200);
    const metrics = await fetchOnce(port, '/metrics');
    assert.equal(metrics.status, 200);
    const count = /^prelaunch_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_class="2xx"\} (\d+)$/m.exec(metrics.body);
    assert.equal(Number(count?.[1]), requests, 'every process counted, added up by the primary');
    const served = new Set(lines.filter((line) => line.msg === 'request completed').map((line) => line.pid));
    assert.deepEqual([...served].sort(), [...workers].sort(), 'both processes answered');

    // A worker that dies is replaced.
    const seen = lines.length;
    process.kill(workers[0], 'SIGKILL');
    const died = await logLine((line) => line.msg === 'worker process died; starting another', 'worker died', seen);
    assert.equal(died.worker, workers[0]);
    assert.equal(died.signal, 'SIGKILL');
    const replacement = await logLine(listening, 'replacement listening', seen);
    assert.ok(!workers.includes(Number(replacement.worker)));
    assert.equal((await fetchOnce(port, '/healthz')).status, 200);

    // SIGTERM: every process stops gracefully, the primary last, with exit code 0.
    const running = [workers[1], Number(replacement.worker)];
    primary.kill('SIGTERM');
    assert.equal(await exited, 0);
    for (const pid of running) {
      assert.ok(lines.some((line) => line.pid === pid && line.msg === 'stopping'), `worker ${pid} stopped gracefully`);
      assert.ok(!isAlive(pid), `worker ${pid} is gone`);
    }
  });

  test('--workers must be a positive whole number', async () => {
    let stderr = '';
    const io = { stdout: { write: () => true }, stderr: { write: (text: string) => (stderr += text) } };
    assert.equal(await runCli(['serve', '--workers', '0'], io, { DATABASE_URL: url }), 2);
    assert.match(stderr, /--workers <n>.*positive whole number/);
  });
});
