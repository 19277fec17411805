// No acknowledged write or event is lost to a crash (docs/architecture.md, the consistency
// contract): the service is killed with SIGKILL while webhook events are pending, or in the middle
// of signups with deliveries in flight, and what starts afterwards on the same database delivers
// every event, a duplicate only under the same webhook-id. Real processes, a real database (per
// TEST_DIALECT) and a real HTTP receiver on loopback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, freePort } from '../support/context.ts';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';
import { WEBHOOK_DELIVERY_JOB, type DeliveryJob } from '../../src/modules/events/events.ts';
import { addSeconds, storedTime } from '../../src/primitives/time.ts';

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

/** One delivery as the receiver saw it: its webhook-id, the id of the event in its body, when. */
interface Arrival {
  id: string;
  eventId: string;
  at: number;
}

/**
 * What a crash test runs on: a database of its own, a webhook receiver on loopback recording each
 * delivery, and the processes the test starts (killed at the end if still running). While
 * `holding`, the receiver answers nothing: the deliveries arriving stay in flight, as a slow
 * receiver's do.
 */
function crashScene() {
  let drop: () => Promise<void>;
  let receiver: Server;
  const children: ChildProcess[] = [];
  const scene = {
    url: '',
    database: undefined as unknown as DatabaseHandle,
    receiverUrl: '',
    received: [] as Arrival[],
    holding: false,
    held: [] as ServerResponse[],
    start(args: string[], env: Record<string, string>): ChildProcess {
      const childEnv: Record<string, string | undefined> = { ...process.env, DATABASE_URL: scene.url, LOG_LEVEL: 'warn', GEOIP_DATABASE_PATH: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env };
      delete childEnv.NODE_TEST_CONTEXT; // the child is a program, not a test file
      // What the processes log (warnings and errors, LOG_LEVEL=warn) shows beside the test's output.
      const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
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
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: string };
        scene.received.push({ id: String(request.headers['webhook-id']), eventId: body.id, at: Date.now() });
        if (scene.holding) scene.held.push(response);
        else response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    scene.receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });

  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const response of scene.held) response.destroy();
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
    const receivedIds = () => new Set(scene.received.map((arrival) => arrival.id));
    await waitFor('every event to arrive', () => receivedIds().size === events.length);
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));

    assert.deepEqual(receivedIds(), new Set(events.map((e) => e.public_id)));
    const pending = await scene.database.db.selectFrom('outbox_jobs').select('id').where('kind', '=', 'webhook.deliver').execute();
    assert.deepEqual(pending, []);
    const succeeded = await scene.database.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'succeeded').execute();
    assert.equal(succeeded.length, scene.received.length);
  });
});

// The write path under crashes (the consistency contract, docs/architecture.md), round after round:
// signups with referrals run concurrently against a server that delivers its webhooks as it goes;
// the receiver stops answering, so deliveries are in flight, and the server is killed with SIGKILL
// in the middle of it all. Each round, every signup answered 201 is stored; the server started
// next takes back the dead one's deliveries at once (their leases are pushed an hour ahead, so
// nothing else can free them in time) and sends them again within 10 s of answering; every event
// of the beta is delivered, and an event is received twice only when it was in flight at a crash,
// under the same webhook-id. After the last round, standings equal a recount (the index is rebuilt
// from the rows at start).
describe('crashes during signups', () => {
  const scene = crashScene();
  const ROUNDS = 2;
  const RESUMED_WITHIN_MS = 10_000;

  test(`${ROUNDS} rounds of SIGKILL mid-signups with deliveries in flight: every 201 stored, every event delivered, duplicates only under their own id`, { timeout: 600_000 }, async (t) => {
    const db = scene.database.db;
    const services = await createServices(scene.database, loadConfig({ DATABASE_URL: scene.url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Crash' });
    const { key } = await services.accounts.createApiKey({ companyId: company.id });
    const beta = await services.betas.create(company.id, { name: 'Crash', homepage_url: 'https://example.com' });
    await services.close();
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    /** A new server on the database, once it answers: `started` is when it was started, `ready` when it first answered. */
    const serve = async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const started = Date.now();
      const child = scene.start(['--import', 'tsx', 'src/main.ts'], { PORT: String(port), HOST: '127.0.0.1' });
      await waitFor('the API to listen', () => fetch(`${base}/healthz`).then((r) => r.ok, () => false));
      return { child, base, started, ready: Date.now() };
    };
    let server = await serve();
    const endpoint = await fetch(`${server.base}/api/v2/betas/${beta.id}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: scene.receiverUrl }) });
    assert.equal(endpoint.status, 201, await endpoint.clone().text());

    const acknowledged: { id: number; email: string; referralCode: string }[] = [];
    /** Events whose delivery was in flight at a crash: the only ones that may arrive twice. */
    const inFlightAtCrashes = new Set<string>();
    const countOf = (id: string) => scene.received.filter((arrival) => arrival.id === id).length;

    for (let round = 1; round <= ROUNDS; round++) {
      const { child, base } = server;
      const before = acknowledged.length;
      // Six clients sign up one after another, each referred by a tester answered before.
      let crashed = false;
      let sent = 0;
      const client = async (c: number) => {
        for (let n = 0; !crashed; n++) {
          const referrer = acknowledged.length > 0 ? acknowledged[(n * 7 + c) % acknowledged.length] : undefined;
          const email = `crash-${round}-${c}-${n}@example.com`;
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
      await waitFor('signups under way', () => acknowledged.length - before >= 60);
      const heldFrom = scene.received.length;
      scene.holding = true;
      await waitFor('deliveries in flight', () => scene.held.length >= 3);
      crashed = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await Promise.all(clients);
      await exited;
      const killedAt = Date.now();
      // Their connections died with the server.
      const held = scene.received.slice(heldFrom).map((arrival) => arrival.id);
      scene.held.length = 0;
      scene.holding = false;
      const answered = acknowledged.slice(before);
      assert.ok(sent > answered.length, 'requests were in flight when the server died');

      const stored = new Set((await db.selectFrom('testers').select('id').where('beta_id', '=', beta.id).execute()).map((row) => row.id));
      assert.deepEqual(answered.filter((tester) => !stored.has(tester.id)), [], 'every signup answered 201 is stored');

      // The dead server's leases: an hour ahead, so only the next server taking them back frees them in time.
      const leased = await db.selectFrom('outbox_jobs').select('payload').where('locked_by', 'is not', null).where('kind', '=', WEBHOOK_DELIVERY_JOB).execute();
      await db.updateTable('outbox_jobs').set({ locked_until: storedTime(addSeconds(new Date(), 3600)) }).where('locked_by', 'is not', null).execute();
      const leasedEventIds = leased.map((job) => (JSON.parse(job.payload) as DeliveryJob).eventId);
      const inFlight = (await db.selectFrom('webhook_events').select('public_id').where('id', 'in', leasedEventIds).execute()).map((event) => event.public_id);
      assert.deepEqual(held.filter((id) => !inFlight.includes(id)), [], 'every delivery held open was a job the dead server had leased');
      for (const id of inFlight) inFlightAtCrashes.add(id);

      server = await serve();
      const again = () => inFlight.map((id) => scene.received.find((arrival) => arrival.id === id && arrival.at > killedAt));
      await waitFor('the deliveries in flight to be sent again', () => again().every((arrival) => arrival !== undefined));
      const resentAt = Math.max(...again().map((arrival) => arrival!.at));
      assert.ok(resentAt - server.ready <= RESUMED_WITHIN_MS, `sent again ${resentAt - server.ready} ms after the new server answered`);

      const events = await db.selectFrom('webhook_events').select('public_id').where('beta_id', '=', beta.id).execute();
      await waitFor('every event to arrive', () => events.every((event) => countOf(event.public_id) > 0));
      const duplicated = events.filter((event) => countOf(event.public_id) > 1).map((event) => event.public_id);
      assert.deepEqual(duplicated.filter((id) => !inFlightAtCrashes.has(id)), [], 'only deliveries in flight at a crash arrive twice');
      t.diagnostic(
        `round ${round}: ${answered.length} acknowledged, ${answered.filter((tester) => stored.has(tester.id)).length} found, ` +
          `${events.length} events delivered, ${duplicated.length} duplicated (${held.length} held open and ${inFlight.length} leased at the crash), ` +
          `the new server answered ${server.ready - server.started} ms after its start and had sent them all again by ${resentAt - server.started} ms`,
      );
    }

    // Standings from the index the last server built, against a full sort of the rows.
    const rows = await db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).execute();
    const waitlist = rows
      .filter((row) => row.status === 'applied' && row.hidden === 0)
      .sort((a, b) => b.share_signups_count - a.share_signups_count || (a.applied_at! < b.applied_at! ? -1 : a.applied_at! > b.applied_at! ? 1 : 0) || a.id - b.id);
    const listed: { id: number; waitlist_position: number | null; waitlist_length: number }[] = [];
    for (let page = 1; listed.length < rows.length; page++) {
      const response = await fetch(`${server.base}/api/v2/betas/${beta.id}/testers?per_page=100&page=${page}`, { headers });
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

    // Every acknowledged signup raised its event; nothing else was delivered; each delivery's
    // webhook-id is the id of the event it carries, so a receiver drops the duplicates by it.
    // A signup is answered once its effects row is expanded: its events are stored by then.
    const events = await db.selectFrom('webhook_events').select(['public_id', 'type', 'payload']).where('beta_id', '=', beta.id).execute();
    const testerOf = (event: (typeof events)[number]) => (JSON.parse(event.payload) as { data: { id: number } }).data.id;
    const created = new Set(events.filter((event) => event.type === 'tester_created').map(testerOf));
    assert.deepEqual(acknowledged.filter((tester) => !created.has(tester.id)), [], 'every acknowledged signup raised tester_created');
    const known = new Set(events.map((event) => event.public_id));
    assert.deepEqual(scene.received.filter((arrival) => !known.has(arrival.id)), [], 'nothing but the beta\'s events was delivered');
    assert.deepEqual(scene.received.filter((arrival) => arrival.id !== arrival.eventId), [], 'each delivery under its own event\'s id');
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  });
});
