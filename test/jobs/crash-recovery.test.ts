// No event is lost (DESIGN.md, issue 4): the service is killed with SIGKILL while webhook events
// are pending; `prelaunch worker`, started afterwards on the same database, delivers every one of
// them. Real processes, a real database (per TEST_DIALECT) and a real HTTP receiver on loopback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, freePort } from '../support/context.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TESTERS = 15;


// Generous: a process starting on a machine busy with other suites can take a minute to listen.
async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('crash recovery', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];
  const children: ChildProcess[] = [];

  function start(args: string[], env: Record<string, string>): ChildProcess {
    const childEnv: Record<string, string | undefined> = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', GEOIP_DATABASE_PATH: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env };
    delete childEnv.NODE_TEST_CONTEXT; // the child is a program, not a test file
    const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    children.push(child);
    return child;
  }

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    database = openDatabase(url);
    await migrateToLatest(database);
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['webhook-id']));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    receiver.close();
    await database.close();
    await drop();
  });

  test('SIGKILL with events pending: the worker started afterwards delivers every one, none lost', { timeout: 420_000 }, async () => {
    const services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Crash' });
    const { key } = await services.accounts.createApiKey({ companyId: company.id });
    const beta = await services.betas.create(company.id, { name: 'Crash', homepage_url: 'https://example.com' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    // The API process runs without workers, so every event it raises stays pending in the outbox.
    const port = await freePort();
    const api = start(['--import', 'tsx', 'src/main.ts'], { PORT: String(port), HOST: '127.0.0.1', WORKERS_ENABLED: 'false' });
    const base = `http://127.0.0.1:${port}`;
    await waitFor('the API to listen', () => fetch(`${base}/healthz`).then((r) => r.ok, () => false));
    const endpoint = await fetch(`${base}/api/v2/betas/${beta.id}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiverUrl }) });
    assert.equal(endpoint.status, 201, await endpoint.clone().text());
    for (let n = 0; n < TESTERS; n++) {
      const created = await fetch(`${base}/api/v2/betas/${beta.id}/testers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tester: { email: `crash-${n}@example.com` } }),
      });
      assert.equal(created.status, 201);
    }
    api.kill('SIGKILL');
    await new Promise((resolve) => api.once('exit', resolve));

    const events = await database.db.selectFrom('webhook_events').select('public_id').where('beta_id', '=', beta.id).execute();
    assert.equal(events.length, TESTERS * 2, 'tester_created and the signup point_earned per tester');
    assert.equal(received.length, 0, 'nothing was delivered before the crash');

    const worker = start(['bin/prelaunch.js', 'worker'], {});
    await waitFor('every event to arrive', () => new Set(received).size === events.length);
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));

    assert.deepEqual(new Set(received), new Set(events.map((e) => e.public_id)));
    const pending = await database.db.selectFrom('outbox_jobs').select('id').where('kind', '=', 'webhook.deliver').execute();
    assert.deepEqual(pending, []);
    const succeeded = await database.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'succeeded').execute();
    assert.equal(succeeded.length, received.length);
  });
});
