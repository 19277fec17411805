// Acknowledged means committed (docs/architecture.md, the consistency contract): a server process is
// killed with SIGKILL while many signups are in flight (sharing group commits on SQLite, racing
// transactions on PostgreSQL), half of them through one hot referrer, round after round. The
// server started next on the same database must hold every signup answered 201, show counters and
// standings equal to a recount of the stored rows, and deliver the events of every committed
// signup (docs/decisions.md, "Events"): its tester_created and signup point_earned and, for a
// credited referral, the referrer's tester_updated and referral point_earned. At least once, a
// repeat under the same webhook-id with the same body, and nothing for a signup that did not
// commit. Checked through the API, the stored testers and points, and what a real receiver got;
// not through the outbox's rows, whose shape is the write path's own business.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '../support/context.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startReceiver, type Receiver } from '../modules/webhooks/support.ts';
import { STATUS_COUNTERS, recountedCounters } from '../modules/testers/support.ts';
import { assertCurrentStandings, type Order } from '../modules/waitlist/support.ts';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createServices } from '../../src/services.ts';

/** Signups in flight at once: more than a SQLite commit group holds (32). */
const CLIENTS = 40;
const ROUNDS = 2;
/** Signups answered in a round before the kill. */
const ACKNOWLEDGED_PER_ROUND = 120;
/** How long the restarted server may take to deliver every event (its workers poll, the machine is shared). */
const DELIVERED_WITHIN_MS = 180_000;

/** The events a committed signup raises, and nothing else in this test raises one. */
const SIGNUP_EVENT_TYPES = ['point_earned', 'tester_created', 'tester_updated'];

interface Signup {
  id: number;
  email: string;
  referralCode: string;
  /** The referrer the answer named (its e-mail), null without one. */
  referredBy: string | null;
}

interface Delivery {
  webhookId: string;
  body: string;
  event: { id: string; type: string; data: { id?: number; user_id?: number; activity?: string } };
}

describe('SIGKILL during grouped signups', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let receiver: Receiver;
  const servers: ServerProcess[] = [];

  before(async () => {
    ({ url, drop } = await createTestDatabase());
    database = openDatabase(url);
    await migrateToLatest(database);
    receiver = await startReceiver();
  });
  after(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await receiver?.close();
    await database?.close();
    await drop?.();
  });

  test(`${ROUNDS} rounds of SIGKILL with ${CLIENTS} signups in flight: every 201 stored, figures equal a recount, every committed signup's events delivered`, { timeout: 900_000 }, async (t) => {
    const services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off' }));
    const company = await services.accounts.createCompany({ name: 'Crash' });
    const { key } = await services.accounts.createApiKey({ companyId: company.id });
    const { id: betaId } = await services.betas.create(company.id, { name: 'Crash', homepage_url: 'https://example.com' });
    await services.close();
    const serve = async () => {
      const server = await startServerProcess(url);
      servers.push(server);
      return server;
    };
    let server = await serve();
    const endpoint = await server.request('POST', `/api/v2/betas/${betaId}/webhooks`, { key, body: { url: `${receiver.url}/hooks` } });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));

    const acknowledged: Signup[] = [];
    const sent = new Set<string>();
    const signUp = async (email: string, referrer: Signup | undefined): Promise<Signup> => {
      sent.add(email);
      const response = await server.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email, ...(referrer && { referrer_id: referrer.referralCode }) } } });
      if (response.status !== 201) throw new Error(`signup ${email}: ${response.status} ${JSON.stringify(response.body)}`);
      const signup = { id: response.body.id, email, referralCode: response.body.referral_code, referredBy: response.body.referred_by };
      acknowledged.push(signup);
      return signup;
    };
    const hot = await signUp('hot@example.com', undefined);

    for (let round = 1; round <= ROUNDS; round++) {
      const before = { answered: acknowledged.length, sent: sent.size };
      let killed = false;
      // Each client signs up one after another: every other one through the hot referrer, some through an earlier tester.
      const client = async (c: number) => {
        for (let n = 0; !killed; n++) {
          const referrer = n % 2 === 0 ? hot : n % 4 === 1 ? acknowledged[(n * 7 + c) % acknowledged.length] : undefined;
          try {
            await signUp(`crash-${round}-${c}-${n}@example.com`, referrer);
          } catch (error) {
            if (!killed) throw error; // only the kill may cut a request short
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
      while (acknowledged.length - before.answered < ACKNOWLEDGED_PER_ROUND) await sleep(10);
      killed = true;
      await server.stop('SIGKILL');
      await Promise.all(clients);
      const answered = acknowledged.length - before.answered;
      const inFlight = sent.size - before.sent - answered;
      assert.ok(inFlight > 0, 'signups were in flight when the server died');

      server = await serve();
      const committed = await assertRecovered(server, round);
      t.diagnostic(`round ${round}: ${answered} answered 201, ${inFlight} cut short by the kill, ${committed} stored in all (${acknowledged.length} answered 201 in all)`);
    }
    await server.stop('SIGTERM');
    assert.deepEqual(servers.flatMap((s) => s.errors), [], 'no process logged an error');

    /** Checks what the server started after a kill shows and delivers; answers how many signups are stored. */
    async function assertRecovered(server: ServerProcess, round: number): Promise<number> {
      const at = `after kill ${round}`;
      const rows = await database.db
        .selectFrom('testers')
        .select(['id', 'email', 'referrer_id', 'referral_credited_at', 'points'])
        .where('beta_id', '=', betaId)
        .orderBy('id')
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const idOfEmail = new Map(rows.map((row) => [row.email, row.id]));
      for (const signup of acknowledged) {
        const row = byId.get(signup.id);
        assert.equal(row?.email, signup.email, `${at}: signup ${signup.id} (${signup.email}) was answered 201 and is stored`);
        assert.equal(row.referrer_id, signup.referredBy === null ? null : idOfEmail.get(signup.referredBy), `${at}: ${signup.email}'s referrer as answered`);
      }
      assert.deepEqual(rows.filter((row) => !sent.has(row.email)), [], `${at}: every stored tester is a signup sent`);

      // Standings, referrals and points through the API, against the stored rows.
      const beta = await server.request('GET', `/api/v2/betas/${betaId}`, { key });
      assert.equal(beta.status, 200);
      const reader = { request: server.request, database };
      const listed = await assertCurrentStandings(reader, betaId, beta.body.settings.waitlist_order as Order, { key, perPages: [100], show: false, label: at });
      assert.equal(listed.length, rows.length, `${at}: every stored tester is listed`);
      const credited = rows.filter((row) => row.referral_credited_at !== null);
      assert.equal(credited.length, rows.filter((row) => row.referrer_id !== null).length, `${at}: every referral is credited`);
      const creditsOf = (id: number) => credited.filter((row) => row.referrer_id === id).length;
      const ledger = await database.db
        .selectFrom('points')
        .select(['tester_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
        .where('beta_id', '=', betaId)
        .groupBy('tester_id')
        .execute();
      const ledgerTotal = new Map(ledger.map((row) => [Number(row.tester_id), Number(row.total)]));
      for (const tester of listed) {
        assert.equal(tester.share_signups_count, creditsOf(tester.id), `${at}: tester ${tester.id}'s share_signups_count against its credited referred testers`);
        assert.equal(byId.get(tester.id)!.points, ledgerTotal.get(tester.id), `${at}: tester ${tester.id}'s points against the ledger`);
      }
      const counters = await recountedCounters({ database }, betaId);
      for (const counter of STATUS_COUNTERS) assert.equal(beta.body[counter], counters[counter], `${at}: beta ${counter} against the stored rows`);
      assert.equal(beta.body.share_signups_count, credited.length, `${at}: beta share_signups_count against the credited referred testers`);

      // Every committed signup's events, as the receiver got them.
      const expected = new Map<string, number>();
      const add = (key: string, n = 1) => expected.set(key, (expected.get(key) ?? 0) + n);
      for (const row of rows) {
        add(`tester_created ${row.id}`);
        add(`point_earned signup ${row.id}`);
        const credits = creditsOf(row.id);
        if (credits > 0) {
          add(`tester_updated ${row.id}`, credits);
          add(`point_earned referral ${row.id}`, credits);
        }
      }
      const deliveries = () =>
        receiver.received.map((received): Delivery => ({ webhookId: String(received.headers['webhook-id']), body: received.body, event: JSON.parse(received.body) }));
      /** Each event once (by its id), as what it says of which tester. */
      const delivered = () => {
        const events = new Map(deliveries().map((delivery) => [delivery.webhookId, delivery.event]));
        const seen = new Map<string, number>();
        for (const event of events.values()) {
          const key = event.type === 'point_earned' ? `point_earned ${event.data.activity} ${event.data.user_id}` : `${event.type} ${event.data.id}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        return seen;
      };
      const deadline = Date.now() + DELIVERED_WITHIN_MS;
      while ([...expected].some(([key, n]) => (delivered().get(key) ?? 0) < n) && Date.now() < deadline) await sleep(250);
      // Leave a moment for anything that should not come.
      await sleep(1_000);
      assert.deepEqual(new Map([...delivered()].sort()), new Map([...expected].sort()), `${at}: the events delivered are exactly those of the committed signups`);
      for (const delivery of deliveries()) {
        assert.ok(SIGNUP_EVENT_TYPES.includes(delivery.event.type), `${at}: event type ${delivery.event.type}`);
        assert.equal(delivery.event.id, delivery.webhookId, `${at}: a delivery is sent under its event's id`);
      }
      const firstBody = new Map<string, string>();
      for (const delivery of deliveries()) {
        firstBody.set(delivery.webhookId, firstBody.get(delivery.webhookId) ?? delivery.body);
        assert.equal(delivery.body, firstBody.get(delivery.webhookId), `${at}: a repeat of ${delivery.webhookId} carries the same body`);
      }
      return rows.length;
    }
  });
});
