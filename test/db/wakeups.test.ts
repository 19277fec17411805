// How processes on one database learn of each other's writes (docs/architecture.md, "How processes
// learn of each other's writes"). On PostgreSQL an idle server makes no queries but its readers'
// heartbeat, and another process's signup reaches its standings through a notification, well
// within the consistency contract's second; a dropped listening connection is made again, and
// meanwhile the readers poll. On SQLite the feed is polled every POLL_MS, as it always was.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type CompiledQuery, type QueryExecutor } from 'kysely';
import { dialect, startTestContext, type TestContext } from '../support/context.ts';
import { enqueueJob, JobRunner } from '../../src/jobs/outbox.ts';
import { systemClock } from '../../src/primitives/time.ts';
import type { Db } from '../../src/db/executor.ts';
import { HEARTBEAT_MS, LISTENER_NAME, wakeupsOf } from '../../src/db/engine/wakeups.ts';
import { POLL_MS } from '../../src/modules/waitlist/standings.ts';
import { uniqueEmail } from '../modules/testers/support.ts';

const postgresOnly = dialect === 'postgres' ? test : () => {};

/** A job kind of this test's: its handler notes when it ran. */
const PROBE = 'wakeups-probe';

/** The statements run through Kysely in this test process, whichever app ran them, from now until `stop`. */
function recordStatements(db: Db): { statements: string[]; stop(): void } {
  let owner: object | null = db.getExecutor();
  while (owner && !Object.hasOwn(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner);
  assert.ok(owner, 'the executor class that runs queries');
  const runsQueries = owner as Pick<QueryExecutor, 'executeQuery'>;
  const original = runsQueries.executeQuery;
  const statements: string[] = [];
  runsQueries.executeQuery = function (this: QueryExecutor, compiled: CompiledQuery, ...rest: unknown[]) {
    statements.push(compiled.sql);
    return (original as (...args: unknown[]) => ReturnType<QueryExecutor['executeQuery']>).call(this, compiled, ...rest);
  } as QueryExecutor['executeQuery'];
  return { statements, stop: () => (runsQueries.executeQuery = original) };
}

/** What a reader's heartbeat (or SQLite's poll) runs, by the table or function it names. */
const KINDS: [string, RegExp][] = [
  // The feed's read joins the changed testers (and on PostgreSQL brings the snapshot's xmin).
  ['feed read', /from tester_changes c left join testers t on t\.id = c\.tester_id\s+where c\.seq >/],
  ['feed position', /pg_snapshot_xmin|pg_current_xact_id/],
  ['feed pruning', /delete from "tester_changes"/],
  // A read that finds rows (on PostgreSQL, those of transactions that were running when reading began) re-reads their testers.
  ['testers re-read', /^select "id", "status", "hidden", "share_signups_count", "points", "applied_at", "priority" from "testers" where "id" in/],
  ['outbox claim', /from "outbox_jobs"/],
];

function kindsOf(statements: string[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const text of statements) {
    const kind = KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? `other: ${text.slice(0, 120)}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

async function until(what: string, ready: () => boolean | Promise<boolean>, withinMs: number, everyMs = 5): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await ready()) return performance.now() - start;
    if (performance.now() - start > withinMs) assert.fail(`${what}: not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

describe('processes learn of each other’s writes', () => {
  let ctx: TestContext;
  let other: TestContext;
  let runner: JobRunner;
  let beta: { id: number };
  /** When each probe job ran (ms, by its payload's name): the runner's handler for PROBE jobs. */
  const probesRan = new Map<string, number>();

  before(async () => {
    ctx = await startTestContext();
    other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    // The process's runner, by the real clock (due times are compared with it), and a kind of job of the test's.
    const handlers = { ...ctx.services.jobHandlers, [PROBE]: async (payload: unknown) => void probesRan.set((payload as { name: string }).name, performance.now()) };
    runner = new JobRunner(ctx.database.db, ctx.database.dialect, systemClock, handlers, ctx.app.log);
    runner.start();
    beta = await ctx.createBeta();
    const first = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail('first') } } });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    // The other process holds the beta's waitlist too: from now on it reads the feed.
    const shown = await other.request('GET', `/api/v2/betas/${beta.id}/testers/${first.body.id}`, { key: ctx.apiKey });
    assert.equal(shown.status, 200, JSON.stringify(shown.body));
    assert.equal(shown.body.waitlist_length, 1);
    if (dialect === 'postgres') {
      for (const process of [ctx, other]) await until('listening', () => wakeupsOf(process.database.db)?.listening === true, 5_000);
    }
  });

  after(async () => {
    await runner?.stop(1_000);
    await other?.close();
    await ctx?.close();
  });

  /** Signs up a tester through `ctx` and waits for `other`'s standings to hold it; how long that took, and the answer there. */
  async function signUpSeenByOther(prefix: string, withinMs: number): Promise<{ ms: number; waitlistLength: number }> {
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(prefix) } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ms = await until(`${prefix}: the other process's standings hold the signup`, () => other.services.standings.indexedIds(beta.id)?.ids.includes(created.body.id) === true, withinMs);
    const shown = await other.request('GET', `/api/v2/betas/${beta.id}/testers/${created.body.id}`, { key: ctx.apiKey });
    assert.equal(shown.status, 200, JSON.stringify(shown.body));
    const stored = await ctx.database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).where('status', '=', 'applied').executeTakeFirstOrThrow();
    assert.equal(shown.body.waitlist_length, Number(stored.n), 'the other process answers with the stored waitlist');
    assert.equal(shown.body.waitlist_position, Number(stored.n), 'the latest signup is last');
    return { ms, waitlistLength: shown.body.waitlist_length };
  }

  test('an idle server queries only for its readers’ heartbeat (PostgreSQL) or its feed poll (SQLite)', async (t) => {
    // What the start did (the first claims, the reads after the signup) is over.
    await sleep(500);
    const windowMs = dialect === 'postgres' ? HEARTBEAT_MS + 1_000 : 2_000;
    const recording = recordStatements(ctx.database.db);
    await sleep(windowMs);
    recording.stop();
    const kinds = kindsOf(recording.statements);
    t.diagnostic(`${recording.statements.length} statements in ${windowMs} ms: ${JSON.stringify([...kinds])}`);
    const others = [...kinds.keys()].filter((kind) => kind.startsWith('other'));
    assert.deepEqual(others, [], 'nothing but the readers’ own statements');
    if (dialect === 'postgres') {
      // Two processes' standings and one runner, each at most twice in the window (a heartbeat
      // every HEARTBEAT_MS, and one more should the window start just before one).
      assert.ok((kinds.get('feed read') ?? 0) <= 4, `feed reads: ${kinds.get('feed read')}`);
      assert.ok((kinds.get('feed position') ?? 0) <= 4, `feed positions: ${kinds.get('feed position')}`);
      assert.ok((kinds.get('outbox claim') ?? 0) <= 2, `outbox claims: ${kinds.get('outbox claim')}`);
      assert.ok((kinds.get('feed pruning') ?? 0) <= 2, `prunes: ${kinds.get('feed pruning')}`);
      assert.ok((kinds.get('testers re-read') ?? 0) <= 4, `testers re-read: ${kinds.get('testers re-read')}`);
      assert.ok(recording.statements.length <= 16, `${recording.statements.length} statements in ${windowMs} ms: ${JSON.stringify([...kinds])}`);
    } else {
      // SQLite polls: each process reads its feed every POLL_MS, one statement into its own file.
      const expected = (2 * windowMs) / POLL_MS;
      assert.ok((kinds.get('feed read') ?? 0) >= expected / 2, `feed reads: ${kinds.get('feed read')} (about ${expected})`);
    }
  });

  test('another process’s signup is in the standings well within the contract’s second', async (t) => {
    const received = wakeupsOf(other.database.db)?.received ?? 0;
    // Three in a row: a heartbeat (every HEARTBEAT_MS) cannot account for all three on PostgreSQL.
    const seen: number[] = [];
    for (const n of [1, 2, 3]) seen.push((await signUpSeenByOther(`seen-${n}`, dialect === 'postgres' ? 500 : POLL_MS * 2 + 250)).ms);
    t.diagnostic(`seen after ${seen.map(Math.round).join(', ')} ms`);
    if (dialect === 'postgres') assert.ok((wakeupsOf(other.database.db)?.received ?? 0) >= received + 3, 'woken by notifications');
    assert.ok(Math.max(...seen) < 1_000, `seen after ${seen.map(Math.round).join(', ')} ms`);
  });

  test('a job committed by another process runs at once, and one due later at its time', async (t) => {
    const probes = async () => (await ctx.database.db.selectFrom('outbox_jobs').select('payload').where('kind', '=', PROBE).execute()).map((row) => JSON.parse(row.payload).name);
    // At once: PostgreSQL's heartbeat is HEARTBEAT_MS, SQLite's poll every 500 ms.
    const enqueuedAt = performance.now();
    await enqueueJob(other.database.db, PROBE, { name: 'now' }, systemClock.now());
    await until('the job due now ran', () => probesRan.has('now'), dialect === 'postgres' ? 500 : 1_000);
    const atOnce = probesRan.get('now')! - enqueuedAt;
    // Due in 1.5 s: run then, by a timer of the due time on PostgreSQL (its heartbeat is far later).
    const laterAt = performance.now();
    await enqueueJob(other.database.db, PROBE, { name: 'later' }, new Date(Date.now() + 1_500));
    assert.ok((await probes()).includes('later'), 'the later job waits in the table');
    await until('the job due later ran', () => probesRan.has('later'), 1_500 + (dialect === 'postgres' ? 500 : 1_000));
    const later = probesRan.get('later')! - laterAt;
    t.diagnostic(`ran after ${Math.round(atOnce)} ms, and ${Math.round(later)} ms for the one due in 1500 ms`);
    assert.ok(later >= 1_400, `not before its time: ${Math.round(later)} ms`);
    await until('both finished, their rows deleted', async () => (await probes()).length === 0, 1_000, 50);
  });

  postgresOnly('a dropped listening connection is made again; meanwhile the readers poll, and miss nothing', async () => {
    const wakeups = wakeupsOf(other.database.db)!;
    // Every listening connection of the database, this test's two processes': both are made again.
    const { rows } = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENER_NAME}`.execute(ctx.database.db);
    assert.equal(rows.length, 2, 'both processes listen on a connection of their own');
    await until('the drop is noticed', () => !wakeups.listening, 2_000);
    // A signup while the other process may not be listening: it is seen all the same (a poll, or the read on reconnecting).
    await signUpSeenByOther('while-dropped', 1_000);
    await until('listening again', () => wakeups.listening, 5_000);
    const received = wakeups.received;
    await signUpSeenByOther('after-reconnect', 500);
    assert.ok(wakeups.received > received, 'woken by a notification again');
  });
});
