// The hourly sweeps under leases (src/jobs/leases.ts, docs/decisions.md "Log retention"): with
// several processes against one database, one at a time runs a given sweep and the others skip
// it; a lease left by a process that died is taken over once it has run out, or at once by a
// process starting on its host; a process that lost its lease, or could not renew it, says so and
// stops after its current batch, leaving the new holder's lease alone.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSync } from 'node:child_process';
import { LEASE_SECONDS, Leases } from '../../src/jobs/leases.ts';
import { Sweeper } from '../../src/jobs/workers.ts';
import { createLogger } from '../../src/process/logging.ts';
import { addSeconds, storedTime } from '../../src/primitives/time.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

const NOW = new Date('2026-11-22T09:15:00.000Z');
/** More than two batches (1,000 rows each): the sweep that deletes them holds its lease a while. */
const MANY = 2_100;

describe('sweeps under leases', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const db = () => ctx.database.db;
  const never = new AbortController().signal;
  /** The lines the processes logged, as the worker's logger writes them. */
  const logged: Record<string, unknown>[] = [];
  const log = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line)) });
  /** A process running workers: its own sweeper, so its own lease holder. */
  const newProcess = () => new Sweeper(ctx.database, ctx.services, ctx.clock, log);
  const storedLeases = () => db().selectFrom('leases').selectAll().orderBy('name').execute();
  const messageCount = async () => Number((await db().selectFrom('email_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  /** Settled e-mails written 120 days ago, past the 90 days' retention. */
  async function oldMessages(count: number): Promise<void> {
    const beta = await ctx.createBeta();
    const at = storedTime(addSeconds(NOW, -120 * 86_400));
    for (let start = 0; start < count; start += 500) {
      const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        beta_id: beta.id, tester_id: null, to_address: `old-${start + i}@example.com`, email_normalized: `old-${start + i}@example.com`,
        occasion: 'invitation', subject: 'Welcome', text_body: 'Hello', html_body: null, status: 'sent', error: null,
        unsubscribe_token: `old-${beta.id}-${start + i}`, created_at: at, sent_at: at,
      }));
      await db().insertInto('email_messages').values(rows).execute();
    }
  }

  test('two processes sweeping at once: one deletes, the other skips that sweep; both leave no lease behind', async () => {
    await oldMessages(MANY);
    logged.length = 0;
    const reports = await Promise.all([newProcess().runOnce(never), newProcess().runOnce(never)]);

    const emails = reports.map((report) => report.emails).sort();
    assert.deepEqual(emails, [MANY, 'skipped']);
    assert.equal(await messageCount(), 0);
    for (const report of reports) {
      for (const outcome of Object.values(report)) assert.ok(outcome === 0 || outcome === MANY || outcome === 'skipped', String(outcome));
    }
    assert.deepEqual(await storedLeases(), [], 'released when done');
    const lines = logged.filter((line) => line.msg === 'logs past their retention deleted');
    assert.equal(lines.length, 1, 'only the process that deleted says so');
    assert.equal(lines[0].emails, MANY);
    assert.ok(!logged.some((line) => line.msg === 'sweep failed'));
  });

  test('a lease held by a process that died stops the others until it runs out, then is taken over', async () => {
    await oldMessages(3);
    const dead = new Leases(db(), ctx.clock, log);
    assert.equal(await dead.claim('sweep:emails'), true);
    const [held] = await storedLeases();
    assert.deepEqual(held, { name: 'sweep:emails', holder: dead.holder, locked_until: storedTime(addSeconds(NOW, LEASE_SECONDS)) });

    const survivor = newProcess();
    ctx.clock.set(addSeconds(NOW, LEASE_SECONDS - 1));
    const early = await survivor.runOnce(never);
    assert.deepEqual(early, { idleTesters: 0, webhookEvents: 0, emails: 'skipped', confirmations: 0, idempotencyKeys: 0 });
    assert.equal(await messageCount(), 3, 'nothing deleted');
    assert.deepEqual(await storedLeases(), [held], 'the other sweeps took and released their own leases');

    ctx.clock.set(addSeconds(NOW, LEASE_SECONDS + 1));
    const late = await survivor.runOnce(never);
    assert.deepEqual(late, { idleTesters: 0, webhookEvents: 0, emails: 3, confirmations: 0, idempotencyKeys: 0 });
    assert.equal(await messageCount(), 0);
    assert.deepEqual(await storedLeases(), []);
    assert.equal(await dead.renew('sweep:emails'), false, 'were it to come back, the lease is no longer its own');
  });

  test('a process starting on the host of one that died deletes its leases at once: its sweeps run that round, not an hour later', async () => {
    await oldMessages(3);
    const starting = newProcess();
    const [host] = starting.leases.holder.split('/');
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = new Leases(db(), ctx.clock, log, undefined, `${host}/${exited}/aaaaaaaa`);
    const running = new Leases(db(), ctx.clock, log, undefined, `${host}/${process.ppid}/bbbbbbbb`);
    assert.equal(await dead.claim('sweep:emails'), true);
    assert.equal(await running.claim('sweep:confirmations'), true);

    assert.equal(await starting.leases.takeBackFromGone(), 1);
    assert.deepEqual((await storedLeases()).map((lease) => lease.holder), [running.holder], 'a running process keeps its lease');
    assert.deepEqual(await starting.runOnce(never), { idleTesters: 0, webhookEvents: 0, emails: 3, confirmations: 'skipped', idempotencyKeys: 0 });
    assert.equal(await messageCount(), 0);
    await running.release('sweep:confirmations');
  });

  test('a process that lost its lease to another says so, stops after its current step and leaves the new lease alone', async () => {
    const slow = new Leases(db(), ctx.clock, log, 200); // renews every 200 ms
    const other = new Leases(db(), ctx.clock, log);
    logged.length = 0;
    let steps = 0;
    const outcome = await slow.run('sweep:test', never, async (stop) => {
      // It stalled past its lease: the other process takes over.
      ctx.clock.set(addSeconds(NOW, LEASE_SECONDS + 1));
      assert.equal(await other.claim('sweep:test'), true);
      while (!stop.aborted && steps < 1000) {
        steps += 1;
        await sleep(5);
      }
      return steps;
    });
    assert.equal(outcome.ran, true);
    assert.ok(steps < 1000, 'stopped by the lost lease');
    assert.deepEqual(
      logged.map(({ level, lease, msg, err }) => ({ level, lease, msg, err })),
      [{ level: 40, lease: 'sweep:test', msg: 'lease lost to another process: its work stops', err: undefined }],
      'one warning: no renewal after the loss',
    );
    const [lease] = await storedLeases();
    assert.equal(lease.holder, other.holder, 'not released by the process that lost it');
    assert.deepEqual(await slow.run('sweep:test', never, async () => 1), { ran: false });
    await other.release('sweep:test');
    assert.deepEqual(await slow.run('sweep:test', never, async () => 1), { ran: true, result: 1 });
    assert.deepEqual(await storedLeases(), []);
  });

  test('a renewal that fails is logged with the error (no stack, no row values) and stops the work; the lease is released', async () => {
    const flaky = new Leases(db(), ctx.clock, log, 50);
    // What the driver answers when the database is unreachable, with a `detail` that must not reach the log.
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', detail: 'Key (email)=(someone@example.com)' });
    flaky.renew = async () => Promise.reject(unreachable);
    logged.length = 0;
    const outcome = await flaky.run('sweep:test', never, async (stop) => {
      while (!stop.aborted) await sleep(5);
      return stop.reason;
    });
    assert.deepEqual(outcome, { ran: true, result: unreachable }, 'the signal aborted with the failure');
    assert.deepEqual(
      logged.map(({ level, lease, msg, err }) => ({ level, lease, msg, err })),
      [{ level: 40, lease: 'sweep:test', msg: 'lease renewal failed: its work stops', err: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } }],
    );
    assert.doesNotMatch(JSON.stringify(logged), /someone@example\.com|"stack"|sweep-leases\.test/);
    assert.deepEqual(await storedLeases(), []);
  });

  test('a stopping process runs no further sweep', async () => {
    const stopped = new AbortController();
    stopped.abort();
    assert.deepEqual(await newProcess().runOnce(stopped.signal), { idleTesters: 'skipped', webhookEvents: 'skipped', emails: 'skipped', confirmations: 'skipped', idempotencyKeys: 'skipped' });
    assert.deepEqual(await storedLeases(), []);
  });
});
