// The outbox runner: leases (renewed while a job runs, taken back from a process that died),
// retries, handler-chosen schedules, concurrent runners.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startTestContext, type TestContext } from '../support/context.ts';
import { JOB_LEASE_SECONDS, JobRunner, enqueueJob, enqueueJobs, type JobHandler, type RunnerOptions } from '../../src/jobs/outbox.ts';
import { addSeconds, storedTime } from '../../src/primitives/time.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const quiet = { error: () => {}, warn: () => {} };

describe('outbox runner', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(async () => {
    ctx.clock.set(NOW);
    await ctx.database.db.deleteFrom('outbox_jobs').execute();
  });

  const runner = (handlers: Record<string, JobHandler>, options?: RunnerOptions) =>
    new JobRunner(ctx.database.db, ctx.database.dialect, ctx.clock, handlers, quiet, undefined, options);
  /** A runner that, like a process killed mid-job, never finishes its jobs nor renews their leases. */
  const killedMidJob = () => runner({ work: () => new Promise(() => {}) }, { renewEveryMs: 2 ** 31 - 1 });
  const enqueue = (kind: string, payload: unknown) => enqueueJob(ctx.database.db, kind, payload, ctx.clock.now());
  const jobs = () => ctx.database.db.selectFrom('outbox_jobs').selectAll().orderBy('id').execute();

  test('a finished job is deleted; a failing one is retried with backoff and keeps its error', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      ok: async () => {},
      flaky: async () => {
        calls += 1;
        if (calls < 3) throw new Error(`attempt ${calls} failed`);
      },
    };
    await enqueue('ok', {});
    await enqueue('flaky', { n: 1 });
    assert.equal(await runner(handlers).runDue(), 2);
    let [left] = await jobs();
    assert.equal(left.kind, 'flaky');
    assert.equal(left.attempts, 1);
    assert.equal(left.last_error, 'attempt 1 failed');
    assert.equal(left.run_at, '2026-11-22T09:15:02.000Z', 'retried after 2^1 s');
    assert.equal(left.locked_until, null);
    assert.equal(left.locked_by, null);

    assert.equal(await runner(handlers).runDue(), 0, 'not due yet');
    ctx.clock.advance(2_000);
    await runner(handlers).runDue();
    [left] = await jobs();
    assert.equal(left.attempts, 2);
    assert.equal(left.run_at, '2026-11-22T09:15:06.000Z', 'retried after 2^2 s');
    ctx.clock.advance(4_000);
    await runner(handlers).runDue();
    assert.deepEqual(await jobs(), []);
    assert.equal(calls, 3);
  });

  test('a claim takes the earliest due first, whatever their ids: jobs enqueued later for an earlier time go before', async () => {
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = { work: async (payload) => void ran.push((payload as { n: number }).n) };
    // Thirty jobs due now, then five due a minute ago (higher ids): a claim takes twenty.
    await enqueueJobs(ctx.database.db, 'work', Array.from({ length: 30 }, (_, n) => ({ payload: { n }, runAt: ctx.clock.now() })));
    await enqueueJobs(ctx.database.db, 'work', Array.from({ length: 5 }, (_, n) => ({ payload: { n: 100 + n }, runAt: addSeconds(ctx.clock.now(), -60) })));
    assert.equal(await runner(handlers).runDue(), 20);
    assert.deepEqual(ran.filter((n) => n >= 100).sort(), [100, 101, 102, 103, 104], 'the overdue ones in the first claim');
    assert.equal((await jobs()).length, 15);
  });

  test('a job failing ten times is parked with its error, not lost', async () => {
    await enqueue('broken', {});
    const handlers = { broken: async () => { throw new Error('always'); } };
    for (let attempt = 1; attempt <= 10; attempt++) {
      await runner(handlers).runDue();
      ctx.clock.advance(2 ** attempt * 1000);
    }
    const [parked] = await jobs();
    assert.equal(parked.attempts, 10);
    assert.equal(parked.run_at, '9999-12-31T00:00:00.000Z');
    assert.equal(parked.last_error, 'always');
    assert.equal(await runner(handlers).runDue(), 0);
  });

  test('a handler may choose when it runs again: no error recorded, attempts counted', async () => {
    await enqueue('scheduled', {});
    const seen: number[] = [];
    const handlers: Record<string, JobHandler> = {
      scheduled: async (_payload, job) => {
        seen.push(job.attempts);
        return job.attempts < 2 ? { retryAt: new Date('2026-11-22T10:00:00.000Z') } : undefined;
      },
    };
    await runner(handlers).runDue();
    const [waiting] = await jobs();
    assert.equal(waiting.run_at, '2026-11-22T10:00:00.000Z');
    assert.equal(waiting.last_error, null);
    ctx.clock.set('2026-11-22T10:00:00.000Z');
    await runner(handlers).runDue();
    assert.deepEqual(seen, [1, 2]);
    assert.deepEqual(await jobs(), []);
  });

  test('a job held by a runner that died is claimed again once its lease has run out', async () => {
    await enqueue('work', {});
    const stuck = killedMidJob();
    void stuck.runDue();
    await waitFor(async () => (await jobs())[0]?.locked_until !== null);
    const [held] = await jobs();
    assert.equal(held.locked_by, stuck.holder);
    assert.equal(held.locked_until, storedTime(addSeconds(new Date(NOW), JOB_LEASE_SECONDS)));
    let ran = 0;
    const rescuer = runner({ work: async () => { ran += 1; } });
    assert.equal(await rescuer.runDue(), 0, 'leased: not claimed twice');
    ctx.clock.advance(JOB_LEASE_SECONDS * 1000);
    assert.equal(await rescuer.runDue(), 0, 'not before the lease has run out');
    ctx.clock.advance(1);
    assert.equal(await rescuer.runDue(), 1);
    assert.equal(ran, 1);
    assert.deepEqual(await jobs(), []);
  });

  test('a job in hand is renewed while it runs: no other runner claims it, however long past its first lease', async () => {
    await enqueue('long', {});
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const holding = runner({ long: () => finished }, { renewEveryMs: 20 });
    const running = holding.runDue();
    await waitFor(async () => (await jobs())[0]?.locked_by === holding.holder);
    const other = runner({ long: async () => assert.fail('run a second time') });
    for (let step = 1; step <= 3; step++) {
      // Three quarters of a lease each step: the lease taken at the claim has run out by the second.
      ctx.clock.advance(JOB_LEASE_SECONDS * 750);
      const renewed = storedTime(addSeconds(ctx.clock.now(), JOB_LEASE_SECONDS));
      await waitFor(async () => (await jobs())[0].locked_until === renewed);
      assert.equal(await other.runDue(), 0, `step ${step}`);
    }
    finish();
    assert.equal(await running, 1);
    assert.deepEqual(await jobs(), []);
  });

  test('a job taken over by another runner meanwhile is left to it when the first one settles it', async () => {
    await enqueue('overtaken', {});
    const takenOver = { locked_by: 'elsewhere/7/aaaaaaaa', locked_until: storedTime(addSeconds(new Date(NOW), 90)) };
    const first = runner({
      overtaken: async () => {
        // Its renewals failed meanwhile, and another runner took the job over.
        await ctx.database.db.updateTable('outbox_jobs').set(takenOver).execute();
        throw new Error('the receiver did not answer');
      },
    });
    assert.equal(await first.runDue(), 1);
    const [job] = await jobs();
    assert.deepEqual(
      { run_at: job.run_at, locked_by: job.locked_by, locked_until: job.locked_until, last_error: job.last_error },
      { run_at: NOW, ...takenOver, last_error: null },
      'neither rescheduled nor released',
    );
  });

  test('a process starting takes back at once the jobs of a process of its host that is gone; the others wait for their leases', async () => {
    const starting = runner({});
    const [host, pid] = starting.holder.split('/');
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const holders: Record<string, string> = {
      exited: `${host}/${exited}/aaaaaaaa`,
      // This process's pid but not this process: a container restarted runs as pid 1 again.
      restarted: `${host}/${pid}/bbbbbbbb`,
      running: `${host}/${process.ppid}/cccccccc`,
      elsewhere: `another-host/${exited}/dddddddd`,
      itself: starting.holder,
    };
    const lockedUntil = storedTime(addSeconds(new Date(NOW), JOB_LEASE_SECONDS));
    for (const [kind, holder] of Object.entries(holders)) {
      await enqueue(kind, {});
      await ctx.database.db.updateTable('outbox_jobs').set({ locked_by: holder, locked_until: lockedUntil, attempts: 1 }).where('kind', '=', kind).execute();
    }

    assert.equal(await starting.takeBackFromGone(), 2);
    assert.deepEqual(
      (await jobs()).map(({ kind, locked_by, locked_until }) => ({ kind, locked_by, locked_until })),
      [
        { kind: 'exited', locked_by: null, locked_until: null },
        { kind: 'restarted', locked_by: null, locked_until: null },
        { kind: 'running', locked_by: holders.running, locked_until: lockedUntil },
        { kind: 'elsewhere', locked_by: holders.elsewhere, locked_until: lockedUntil },
        { kind: 'itself', locked_by: holders.itself, locked_until: lockedUntil },
      ],
    );
    const ran: string[] = [];
    const handlers = Object.fromEntries(Object.keys(holders).map((kind) => [kind, async (_payload: unknown, job: { attempts: number }) => void ran.push(`${kind} ${job.attempts}`)]));
    assert.equal(await runner(handlers).runDue(), 2, 'claimed at once, long before the leases run out');
    assert.deepEqual(ran.sort(), ['exited 2', 'restarted 2'], 'each a second attempt');
    assert.equal(await starting.takeBackFromGone(), 0);
  });

  test('the jobs of a batch run side by side: a slow one does not hold the others', async () => {
    await enqueue('slow', {});
    await enqueue('fast', {});
    let releaseSlow!: () => void;
    const slowMayFinish = new Promise<void>((resolve) => (releaseSlow = resolve));
    const handlers: Record<string, JobHandler> = {
      // Waits for the fast job: run one after the other, this would never finish.
      slow: () => slowMayFinish,
      fast: async () => releaseSlow(),
    };
    assert.equal(await runner(handlers).runDue(), 2);
    assert.deepEqual(await jobs(), []);
  });

  test('the polling loop drains a backlog at once: a full claim is followed by the next without waiting', async () => {
    const total = 95;
    for (let n = 0; n < total; n++) await enqueue('quick', { n });
    let ran = 0;
    const polling = runner({ quick: async () => { ran += 1; } });
    // An interval far longer than the test: only the immediate re-claims can drain five batches.
    polling.start(60_000);
    try {
      await waitFor(async () => ran === total && (await jobs()).length === 0);
    } finally {
      await polling.stop(1_000);
    }
    assert.equal(ran, total);
  });

  test('with every slot busy, the next claim comes as soon as a job finishes, not after the interval', async () => {
    const total = 120;
    for (let n = 0; n < total; n++) await enqueue('held', { n });
    let started = 0;
    let ran = 0;
    let allSlotsBusy!: () => void;
    const slotsFull = new Promise<void>((resolve) => (allSlotsBusy = resolve));
    const polling = runner({
      // The first jobs hold their slots until every slot (50) is taken, as slow receivers would.
      held: async () => {
        if ((started += 1) === 50) allSlotsBusy();
        await slotsFull;
        ran += 1;
      },
    });
    polling.start(60_000);
    try {
      await waitFor(async () => ran === total && (await jobs()).length === 0);
    } finally {
      await polling.stop(1_000);
    }
    assert.equal(started, total);
    assert.equal(ran, total);
  });

  test('stopping: no claim after it; jobs in hand finish until the drain ends, then are told to stop and given back, uncounted', async () => {
    const total = 80;
    for (let n = 0; n < total; n++) await enqueue('held', { n });
    const started: number[] = [];
    const signals: AbortSignal[] = [];
    let allSlotsBusy!: () => void;
    const slotsFull = new Promise<void>((resolve) => (allSlotsBusy = resolve));
    let finishEven!: () => void;
    const evenMayFinish = new Promise<void>((resolve) => (finishEven = resolve));
    let finishStubborn!: () => void;
    const stubbornMayFinish = new Promise<void>((resolve) => (finishStubborn = resolve));
    const polling = runner({
      // Even jobs finish once let; odd ones wait until told to stop (a delivery cut short);
      // job 1 ignores its signal (an SMTP send cannot be cut short).
      held: async (payload, _job, stop) => {
        const { n } = payload as { n: number };
        started.push(n);
        signals.push(stop);
        if (started.length === 50) allSlotsBusy();
        if (n % 2 === 0) return evenMayFinish;
        if (n === 1) return stubbornMayFinish;
        await new Promise((_resolve, reject) => stop.addEventListener('abort', () => reject(stop.reason), { once: true }));
      },
    });
    polling.start(60_000);
    await slotsFull;
    const inHand = [...started];
    const stopping = polling.stop(300);
    finishEven();
    await stopping;

    assert.deepEqual(started, inHand, 'nothing claimed or begun after the stop, though slots came free');
    assert.equal(inHand.length, 50);
    assert.ok(signals.every((signal) => signal.aborted), 'every handler still running was told to stop');
    const left = await jobs();
    const leftN = left.map((job) => (JSON.parse(job.payload) as { n: number }).n);
    const finished = inHand.filter((n) => n % 2 === 0);
    assert.deepEqual(leftN, Array.from({ length: total }, (_, n) => n).filter((n) => !finished.includes(n)), 'the even jobs in hand finished');
    for (const job of left) {
      assert.equal(job.locked_until, null, `job ${job.payload} is not leased`);
      assert.equal(job.attempts, 0, `job ${job.payload}: the attempt cut short is not counted`);
      assert.equal(job.last_error, null, `job ${job.payload}: not a failure`);
      assert.equal(job.run_at, NOW, `job ${job.payload} is due at once`);
    }

    // Another runner (the next start) takes them at once and runs each.
    const ran: number[] = [];
    const next = runner({ held: async (payload) => void ran.push((payload as { n: number }).n) });
    while ((await jobs()).length > 0) await next.runDue();
    assert.deepEqual(ran.sort((a, b) => a - b), leftN);
    finishStubborn();
  });

  test('runners polling together run each job once', async () => {
    const total = 60;
    for (let n = 0; n < total; n++) await enqueue('count', { n });
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = {
      count: async (payload) => {
        ran.push((payload as { n: number }).n);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const runners = [runner(handlers), runner(handlers), runner(handlers)];
    while ((await jobs()).length > 0) await Promise.all(runners.map((r) => r.runDue()));
    assert.equal(ran.length, total);
    assert.equal(new Set(ran).size, total);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}
