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

/**
 * What a crash test runs on: a database of its own, a webhook receiver on loopback recording each
 * delivery's webhook-id, and the processes the test starts (killed at the end if still running).
 */
function crashScene() {
  let drop: () => Promise<void>;
  let receiver: Server;
  const children: ChildProcess[] = [];
  const scene = {
    url: '',
    database: undefined as unknown as DatabaseHandle,
    receiverUrl: '',
    received: [] as string[],
    start(args: string[], env: Record<string, string>): ChildProcess {
      const childEnv: Record<string, string | undefined> = { ...process.env, DATABASE_URL: scene.url, LOG_LEVEL: 'warn', GEOIP_DATABASE_PATH: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env };
      delete childEnv.NODE_TEST_CONTEXT; // the child is a program, not a test file
      const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      children.push(child);
      return child;
    },
  };

  before(async () => {
    ({ url: scene.url, drop } = await createTestDatabase());
    scene.database = openDatabase(scene.url);
    await migrateToLatest(scene.database);
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        scene.received.push(String(request.headers['webhook-id']));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    scene.receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    receiver.close();
    await scene.database.close();
    await drop();
  });
  return scene;
}

describe('crash recovery', () => {
  const scene = crashScene();

  test('SIGKILL with events pending: the worker started afterwards delivers every one, none lost', { timeout: 420_000 }, async () => {
    const services = await createServices(scene.database, loadConfig({ DATABASE_URL: scene.url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Crash' });
    const { key } = await services.accounts.createApiKey({ companyId: company.id });
    const beta = await services.betas.create(company.id, { name: 'Crash', homepage_url: 'https://example.com' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    // The API process runs without workers, so every event it raises stays pending in the outbox.
    const port = await freePort();
    const api = scene.start(['--import', 'tsx', 'src/main.ts'], { PORT: String(port), HOST: '127.0.0.1', WORKERS_ENABLED: 'false' });
    const base = `http://127.0.0.1:${port}`;
    await waitFor('the API to listen', () => fetch(`${base}/healthz`).then((r) => r.ok, () => false));
    const endpoint = await fetch(`${base}/api/v2/betas/${beta.id}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: scene.receiverUrl }) });
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

    const events = await scene.database.db.selectFrom('webhook_events').select('public_id').where('beta_id', '=', beta.id).execute();
    assert.equal(events.length, TESTERS * 2, 'tester_created and the signup point_earned per tester');
    assert.equal(scene.received.length, 0, 'nothing was delivered before the crash');

    const worker = scene.start(['bin/prelaunch.js', 'worker'], {});
    await waitFor('every event to arrive', () => new Set(scene.received).size === events.length);
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));

    assert.deepEqual(new Set(scene.received), new Set(events.map((e) => e.public_id)));
    const pending = await scene.database.db.selectFrom('outbox_jobs').select('id').where('kind', '=', 'webhook.deliver').execute();
    assert.deepEqual(pending, []);
    const succeeded = await scene.database.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'succeeded').execute();
    assert.equal(succeeded.length, scene.received.length);
  });
});

// The write path under a crash (the consistency contract, docs/architecture.md): signups with
// referrals run concurrently against a server that delivers its webhooks as it goes; the server is
// killed with SIGKILL in the middle of them; a new server on the same database must hold every
// signup that was answered 201, show standings equal to a recount (its index is rebuilt from the
// rows at start), and deliver every event of the beta, a retried one under the same webhook-id.
describe('crash during signups', () => {
  const scene = crashScene();
  const start = (env: Record<string, string>) => scene.start(['--import', 'tsx', 'src/main.ts'], env);

  test('SIGKILL mid-signups: every 201 is stored, standings equal a recount after restart, every event is delivered', { timeout: 420_000 }, async () => {
    const services = await createServices(scene.database, loadConfig({ DATABASE_URL: scene.url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Crash' });
    const { key } = await services.accounts.createApiKey({ companyId: company.id });
    const beta = await services.betas.create(company.id, { name: 'Crash', homepage_url: 'https://example.com' });
    await services.close();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const listening = async (base: string) => waitFor('the API to listen', () => fetch(`${base}/healthz`).then((r) => r.ok, () => false));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start({ PORT: String(port), HOST: '127.0.0.1' });
    await listening(base);
    const endpoint = await fetch(`${base}/api/v2/betas/${beta.id}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: scene.receiverUrl }) });
    assert.equal(endpoint.status, 201, await endpoint.clone().text());

    // Six clients sign up one after another, each referred by a tester answered before.
    const acknowledged: { id: number; email: string; referralCode: string }[] = [];
    let crashed = false;
    let sent = 0;
    const client = async (c: number) => {
      for (let n = 0; !crashed; n++) {
        const referrer = acknowledged.length > 0 ? acknowledged[(n * 7 + c) % acknowledged.length] : undefined;
        const email = `crash-${c}-${n}@example.com`;
        sent++;
        try {
          const response = await fetch(`${base}/api/v2/betas/${beta.id}/testers`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ tester: { email, ...(referrer && { referrer_id: referrer.referralCode }) } }),
          });
          if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
          const body = (await response.json()) as { id: number; referral_code: string };
          acknowledged.push({ id: body.id, email, referralCode: body.referral_code });
        } catch (error) {
          if (!crashed) throw error; // only the crash may cut a request short
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, c) => client(c));
    await waitFor('signups under way', () => acknowledged.length >= 60);
    crashed = true;
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await Promise.all(clients);
    await exited;
    assert.ok(sent > acknowledged.length, 'requests were in flight when the server died');

    const stored = await scene.database.db.selectFrom('testers').select(['id', 'email']).where('beta_id', '=', beta.id).execute();
    const storedIds = new Set(stored.map((row) => row.id));
    assert.deepEqual(acknowledged.filter((tester) => !storedIds.has(tester.id)), [], 'every signup answered 201 is stored');

    const secondPort = await freePort();
    const secondBase = `http://127.0.0.1:${secondPort}`;
    const second = start({ PORT: String(secondPort), HOST: '127.0.0.1' });
    await listening(secondBase);

    // Standings from the index the new process built, against a full sort of the rows.
    const rows = await scene.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).execute();
    const waitlist = rows
      .filter((row) => row.status === 'applied' && row.hidden === 0)
      .sort((a, b) => b.share_signups_count - a.share_signups_count || (a.applied_at! < b.applied_at! ? -1 : a.applied_at! > b.applied_at! ? 1 : 0) || a.id - b.id);
    const listed: { id: number; waitlist_position: number | null; waitlist_length: number }[] = [];
    for (let page = 1; listed.length < rows.length; page++) {
      const response = await fetch(`${secondBase}/api/v2/betas/${beta.id}/testers?per_page=100&page=${page}`, { headers });
      assert.equal(response.status, 200);
      const items = (await response.json()) as typeof listed;
      assert.ok(items.length > 0, 'every stored tester is listed');
      listed.push(...items);
    }
    const expected = new Map(waitlist.map((row, index) => [row.id, index + 1]));
    for (const tester of listed) {
      assert.equal(tester.waitlist_position, expected.get(tester.id) ?? null, `tester ${tester.id}`);
      assert.equal(tester.waitlist_length, waitlist.length);
    }

    // Every event of the beta reaches the receiver; anything received twice is a retry of one of them.
    const events = await scene.database.db.selectFrom('webhook_events').select(['public_id', 'type', 'payload', 'render_tester_id']).where('beta_id', '=', beta.id).execute();
    // A body the crash kept from being rendered still names its tester (the worker renders it).
    const testerOf = (event: (typeof events)[number]) => event.render_tester_id ?? (JSON.parse(event.payload) as { data: { id: number } }).data.id;
    const created = new Set(events.filter((event) => event.type === 'tester_created').map(testerOf));
    assert.deepEqual(acknowledged.filter((tester) => !created.has(tester.id)), [], 'every acknowledged signup raised tester_created');
    await waitFor('every event to arrive', () => events.every((event) => scene.received.includes(event.public_id)));
    const known = new Set(events.map((event) => event.public_id));
    assert.deepEqual(scene.received.filter((id) => !known.has(id)), [], 'nothing but the beta\'s events was delivered');
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
  });
});
