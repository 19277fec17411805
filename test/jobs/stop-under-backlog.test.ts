// Stopping under a backlog: `serve --workers 2` holds webhook deliveries to a receiver that does
// not answer, with more queued behind them, and gets SIGTERM. Every process must exit on its own
// within the documented time, with code 0; the deliveries answered meanwhile finish, the others are
// given back (no lease left, the attempt uncounted), and a later start delivers them all, a
// repeated one under the same webhook-id. Real processes, a real database (per TEST_DIALECT) and a
// real HTTP receiver on loopback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';
import { STOP_TIMEOUT_MS } from '../../src/process/stopping.ts';
import { spawnBin } from '../support/bin.ts';
import { createTestDatabase, freePort } from '../support/context.ts';

const TESTERS = 200;
/** A process claims up to 50 jobs and opens up to 10 connections to one endpoint. */
const IN_HAND_PER_PROCESS = 50;
const CONNECTIONS_PER_PROCESS = 10;
/** Deliveries the receiver answers after the signal, while the processes are stopping. */
const ANSWERED_WHILE_STOPPING = 5;

interface LogLine {
  pid: number;
  msg: string;
  [field: string]: unknown;
}

// Generous: a process starting on a machine busy with other suites can take a minute to listen.
async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('SIGTERM under a backlog of webhook deliveries', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let receiver: Server;
  let receiverUrl: string;
  /** The webhook-id of every request the receiver read, in order. */
  const received: string[] = [];
  /** Answers held back while `holding`: a receiver that does not answer. */
  const held = new Set<ServerResponse>();
  let holding = true;
  const children: ChildProcess[] = [];

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    database = openDatabase(url);
    await migrateToLatest(database);
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['webhook-id']));
        if (!holding) return void response.writeHead(204).end();
        held.add(response);
        response.on('close', () => held.delete(response));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const response of held) response.destroy();
    receiver.close();
    await database.close();
    await drop();
  });

  /** The bin in a child process; its JSON log lines (its workers' too) are collected in `lines`. */
  function start(args: string[], env: Record<string, string>): { child: ChildProcess; lines: LogLine[]; exited: Promise<number | null> } {
    const child = spawnBin(args, {
      DATABASE_URL: url,
      GEOIP_DATABASE_PATH: 'off',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // Longer than the test waits: a delivery ends because the receiver answers or the process stops it.
      WEBHOOK_TIMEOUT_MS: '30000',
      ...env,
    });
    children.push(child);
    const lines: LogLine[] = [];
    createInterface({ input: child.stdout! }).on('line', (text) => {
      if (text.startsWith('{')) lines.push(JSON.parse(text) as LogLine);
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, lines, exited };
  }

  const jobRows = () => database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', 'webhook.deliver').execute();

  test('jobs in hand finish or are given back within the documented time, exit code 0, and a later start delivers the rest', { timeout: 600_000 }, async (t) => {
    const services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }));
    try {
      const company = await services.accounts.createCompany({ name: 'Backlog' });
      const beta = await services.betas.create(company.id, { name: 'Backlog', homepage_url: 'https://example.com' });
      await services.webhooks.create(company.id, String(beta.id), { url: receiverUrl, events: ['tester_created'] });
      for (let n = 0; n < TESTERS; n++) await services.testers.create(company.id, String(beta.id), { email: `backlog-${n}@example.com` });
    } finally {
      await services.close();
    }
    const events = await database.db.selectFrom('webhook_events').select(['id', 'public_id']).execute();
    assert.equal(events.length, TESTERS);
    assert.equal((await jobRows()).length, TESTERS);

    const serving = start(['serve', '--workers', '2'], { PORT: String(await freePort()), HOST: '127.0.0.1' });
    // Both processes hold all the jobs they take, each waiting on the receiver or for a connection to it.
    await waitFor('both processes to hold their jobs', async () => {
      const leased = (await jobRows()).filter((job) => job.locked_until !== null).length;
      return leased === 2 * IN_HAND_PER_PROCESS && held.size === 2 * CONNECTIONS_PER_PROCESS;
    });
    const workers = [...new Set(serving.lines.filter((line) => line.msg === 'worker process listening').map((line) => Number(line.worker)))];
    assert.equal(workers.length, 2);

    const signalled = Date.now();
    serving.child.kill('SIGTERM');
    // A few answers come while the processes stop: those deliveries finish.
    await waitFor('the processes to be stopping', () => serving.lines.filter((line) => line.msg === 'stopping').length === 2);
    for (const response of [...held].slice(0, ANSWERED_WHILE_STOPPING)) response.writeHead(204).end();
    assert.equal(await serving.exited, 0);
    const took = Date.now() - signalled;
    assert.ok(took <= STOP_TIMEOUT_MS, `stopped in ${took} ms, within ${STOP_TIMEOUT_MS} ms`);
    t.diagnostic(`SIGTERM to exit: ${took} ms`);

    // Each process stopped by itself, with code 0: neither ended by its time-out nor killed.
    const stopped = serving.lines.filter((line) => line.msg === 'worker process stopped');
    assert.deepEqual(stopped.map((line) => [line.worker, line.code, line.signal]).sort(), workers.map((pid) => [pid, 0, null]).sort());
    const givenBack = serving.lines.filter((line) => line.msg === 'outbox runner stopping: jobs not finished in time were given back');
    assert.equal(givenBack.reduce((sum, line) => sum + Number(line.jobs), 0), 2 * IN_HAND_PER_PROCESS - ANSWERED_WHILE_STOPPING);

    // The answered deliveries finished; every other job is back in the queue, unleased and uncounted.
    const succeeded = await database.db.selectFrom('webhook_deliveries').select(['event_id', 'status', 'attempt']).execute();
    assert.equal(succeeded.length, ANSWERED_WHILE_STOPPING);
    assert.ok(succeeded.every((row) => row.status === 'succeeded' && row.attempt === 1));
    const left = await jobRows();
    assert.equal(left.length, TESTERS - ANSWERED_WHILE_STOPPING);
    assert.deepEqual(left.filter((job) => job.locked_until !== null || job.attempts !== 0 || job.last_error !== null), [], 'no job left leased or counted');
    assert.deepEqual(await database.db.selectFrom('leases').selectAll().execute(), [], 'no sweep left leased');

    // A later start (the receiver answering now) delivers the rest at once.
    holding = false;
    const worker = start(['worker'], {});
    await waitFor('every delivery to finish', async () => (await jobRows()).length === 0);
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);

    assert.deepEqual(new Set(received), new Set(events.map((event) => event.public_id)), 'every event arrived');
    const deliveries = await database.db.selectFrom('webhook_deliveries').select(['event_id', 'status', 'attempt']).execute();
    assert.equal(deliveries.length, TESTERS, 'one attempt logged per event: the ones cut short are not');
    assert.ok(deliveries.every((row) => row.status === 'succeeded' && row.attempt === 1));
    assert.deepEqual(new Set(deliveries.map((row) => row.event_id)), new Set(events.map((event) => event.id)));
  });
});
