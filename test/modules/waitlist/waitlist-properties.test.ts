// Waitlist standings and beta counters as properties (fast-check): random sequences of signups
// (referred or not, in each creatable status), waves of signups sent in one tick (sharing a group
// commit on SQLite, overlapping transactions on PostgreSQL; now and then all through one hot
// referrer), bonus points and revocations, status changes, referrals given later, checkins,
// deletions (at once and queued) and switches of the order, at random times (ties to the
// millisecond, jumps of hours), in a company whose plan may hide testers.
// Every answer must be what the spec says, a change's answer must show the standing a recount of
// the rows gives right after it, and at checkpoints every tester's standing (lists of two page
// sizes, and show), referrals and points (as the lists show them) and the beta's counters (show
// beta and its stats) must equal a recount of the stored rows. No model of positions is kept: the
// rows are the reference, so this holds whatever the waitlist keeps inside.
// The second variant runs two app instances (two processes: their own services and memory) on one
// database, commands going to either: an instance whose command changed a tester is exact at once
// (in its answer and its reads), any other instance agrees within a second. Commands may reach an
// instance that has not caught up with the other's changes yet. The third, on PostgreSQL, runs the
// same against two server processes with Redis, the scale-out deployment, over real HTTP.
//
// Replay a failure: PROPERTY_SEED=<seed> PROPERTY_PATH=<path> (both in the report). More runs:
// PROPERTY_RUNS=<n>.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { dialect, startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import type { TestClock } from '../../support/clock.ts';
import { startServerProcess, type ServerProcess } from '../../support/server-process.ts';
import { loadConfig } from '../../../src/process/config.ts';
import type { DatabaseHandle } from '../../../src/db/database.ts';
import type { TesterRow } from '../../../src/db/tables/testers.ts';
import { createServices, type Services } from '../../../src/services.ts';
import { ALLOWED_FROM, ALL_STATUSES, STATUS_COUNTERS, codes, recountedCounters, uniqueEmail } from '../testers/support.ts';
import { ORDERS, assertCurrentStandings, expectedStanding, listPages, naivePositions, standing, type Order, type Reader } from './support.ts';

// About 22 steps, 15 testers and 10 of them waitlisted a run, which costs about a second of CPU on
// either database: 10 runs keep each variant within CI's time; PROPERTY_RUNS=100 digs deeper.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 10);
/** Server processes answer over real HTTP and run their queued deletions on their own schedule: fewer runs. */
const PROCESS_RUNS = Math.ceil(RUNS / 4);
const MAX_STEPS = 40;
/** Each run goes to the database: a failure is shrunk for this long, then reported as far as it got. */
const SHRINK_BUDGET_MS = 60_000;
/**
 * An instance shows another's change within AGREE_WITHIN_MS, or within AGREE_WITHIN_ROUNDS reads of
 * its standing feed when a busy machine makes those slower: a change committed while one read is
 * under way is met by the next. It is polled until both GIVE_UP_AFTER_MS and GIVE_UP_AFTER_ROUNDS
 * have passed, to tell late from never, and never past GIVE_UP_AT_MOST_MS (a feed no longer read
 * must fail the run, not hang it).
 */
const AGREE_WITHIN_MS = 1_000;
const AGREE_WITHIN_ROUNDS = 3;
const GIVE_UP_AFTER_MS = 2_000;
const GIVE_UP_AFTER_ROUNDS = 8;
const GIVE_UP_AT_MOST_MS = 30_000;
const POLL_EVERY_MS = 50;


// ---- commands --------------------------------------------------------------------------------

/** A tester named by an index into the beta's rows (by id, hidden ones too) when the command runs. */
type Pick = number;
type ReferrerRef = { pick: Pick; by: 'referral_code' | 'id' | 'email' };
type CreateStatus = 'applied' | 'imported' | 'unconfirmed' | 'invited' | 'active';
type UpdateStatus = 'applied' | 'invited' | 'rejected' | 'suspended' | 'unsuspended' | 'active';

type Command =
  | { kind: 'signup'; status: CreateStatus; referrer: ReferrerRef | null }
  /**
   * Applied signups sent together, in one tick and one millisecond: grouped into one commit on
   * SQLite, racing on PostgreSQL (for a hot referrer's row too), ties that the id decides.
   */
  | { kind: 'wave'; referrers: (ReferrerRef | null)[] }
  | { kind: 'points'; pick: Pick; quantity: number }
  | { kind: 'revoke'; pick: Pick }
  | { kind: 'status'; pick: Pick; to: UpdateStatus }
  | { kind: 'refer'; pick: Pick; referrer: ReferrerRef }
  | { kind: 'checkin'; pick: Pick }
  | { kind: 'delete'; pick: Pick; queued: boolean }
  | { kind: 'order'; order: Order }
  | { kind: 'check' };

/**
 * A command, the time passed before it, the instance it goes to, and whether the other instances
 * are awaited after it; when not, the next command may reach one that has not caught up yet.
 */
type Step = { gap: number; via: number; awaitOthers: boolean; command: Command };

/** `start`: the clock's time when the run begins, so that a replay runs at the same times as the failure. */
type Scenario = { start: number; maxTesters: number | null; doubleOptIn: boolean; order: Order; steps: Step[] };

const weighted = <T>(...choices: [number, T][]) => fc.oneof(...choices.map(([weight, value]) => ({ weight, arbitrary: fc.constant(value) })));
const pick = fc.nat({ max: 999 });
const referrerRef = fc.record({ pick, by: fc.constantFrom('referral_code' as const, 'id' as const, 'email' as const) });

const signupArb = fc.oneof(
  // Into the waitlist (or towards it: unconfirmed), half of them through a referrer.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('signup' as const),
      status: weighted<CreateStatus>([3, 'applied'], [1, 'unconfirmed']),
      referrer: fc.option(referrerRef, { nil: null }),
    }),
  },
  // Beside it; now and then with a referrer (recorded, and credited once the tester has joined).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('signup' as const),
      status: weighted<CreateStatus>([2, 'imported'], [1, 'invited'], [1, 'active']),
      referrer: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: referrerRef }),
    }),
  },
);

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 14, arbitrary: signupArb },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wave' as const), referrers: fc.array(fc.option(referrerRef, { nil: null }), { minLength: 2, maxLength: 8 }) }) },
  // A hot referrer: one tester's link brings the whole wave.
  { weight: 1, arbitrary: fc.tuple(referrerRef, fc.integer({ min: 2, max: 8 })).map(([referrer, size]) => ({ kind: 'wave' as const, referrers: Array<ReferrerRef>(size).fill(referrer) })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('points' as const), pick, quantity: fc.integer({ min: -4, max: 9 }).filter((q) => q !== 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), pick }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick,
      to: weighted<UpdateStatus>([2, 'applied'], [2, 'invited'], [1, 'rejected'], [2, 'suspended'], [2, 'unsuspended'], [1, 'active']),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refer' as const), pick, referrer: referrerRef }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkin' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick, queued: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('order' as const), order: fc.constantFrom(...ORDERS) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'check' as const }) },
);

/** Milliseconds between commands: none (a tie, the id decides), under a second, up to an hour, hours. */
const gapArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 999 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1_000, max: 3_600_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 3_600_000, max: 30 * 3_600_000 }) },
);

/** A start in the month after START_BASE, at times right before the edge of an hour now and then. */
const START_BASE = Date.parse('2026-11-22T00:00:00.000Z');
const startArb = fc.oneof(
  fc.integer({ min: 0, max: 30 * 86_400_000 }),
  fc.tuple(fc.integer({ min: 1, max: 30 * 24 }), fc.integer({ min: 0, max: 2_000 })).map(([hours, before]) => hours * 3_600_000 - before),
).map((offset) => START_BASE + offset);

function scenarioArb(instances: number): fc.Arbitrary<Scenario> {
  const step = fc.record({
    gap: gapArb,
    via: fc.nat({ max: instances - 1 }),
    awaitOthers: instances > 1 ? weighted([1, true], [3, false]) : fc.constant(false),
    command: commandArb,
  });
  return fc.record({
    start: startArb,
    maxTesters: fc.option(fc.integer({ min: 6, max: 30 }), { nil: null }),
    doubleOptIn: fc.boolean(),
    order: fc.constantFrom(...ORDERS),
    // Unbiased: lengths spread evenly up to MAX_STEPS, not mostly short; a failure still shrinks to a single step.
    steps: fc.noBias(fc.array(step, { minLength: 1, maxLength: MAX_STEPS, size: 'max' })),
  });
}

// ---- one run ---------------------------------------------------------------------------------

/** What commands go to: an app in this process (app.inject), or a server process over HTTP. */
interface Instance extends Reader {
  name: string;
  /** How many times it has read the standing feed; null when that cannot be seen (a server process). */
  feedRounds(): number | null;
  /** Runs the outbox jobs due now, as its workers would; null when its own workers run them (a server process). */
  runJobs: (() => Promise<number>) | null;
}

/** Where a property runs: the instances on one database, the clock they read (null: the real one), and accounts to make the run's company. */
interface Setup {
  instances: Instance[];
  database: DatabaseHandle;
  clock: TestClock | null;
  accounts: Services['accounts'];
}

const appInstance = (ctx: TestContext, name: string): Instance => ({
  name,
  request: ctx.request,
  database: ctx.database,
  feedRounds: () => ctx.services.standings.feedRounds,
  runJobs: ctx.runJobs,
});

const processInstance = (server: ServerProcess, database: DatabaseHandle, name: string): Instance => ({ name, request: server.request, database, feedRounds: () => null, runJobs: null });

interface Run {
  /** The instances ("processes") on the one database; instances[0] creates the run's beta. */
  instances: Instance[];
  database: DatabaseHandle;
  key: string;
  betaId: number;
  order: Order;
  doubleOptIn: boolean;
  maxTesters: number | null;
  /**
   * Referral credits that left with deleted testers: the beta's share_signups_count keeps them
   * (a credit is never taken back), the rows no longer show them. Referrer side and referred side.
   */
  departed: { referrerCredits: number; creditedReferred: number; creditsByReferrer: Map<number, number> };
}

function send(run: Run, via: number, method: string, path: string, body?: unknown): Promise<TestResponse> {
  return run.instances[via].request(method, `/api/v2/betas/${run.betaId}${path}`, { key: run.key, body });
}

/** The beta's tester rows by id, hidden ones included. */
function testerRows(run: Run): Promise<TesterRow[]> {
  return run.database.db.selectFrom('testers').selectAll().where('beta_id', '=', run.betaId).orderBy('id').execute();
}

async function testerRow(run: Run, id: number): Promise<TesterRow | undefined> {
  return run.database.db.selectFrom('testers').selectAll().where('id', '=', id).executeTakeFirst();
}

const chosen = <T>(rows: T[], index: Pick): T | undefined => (rows.length === 0 ? undefined : rows[index % rows.length]);

function assertAnswer(response: TestResponse, status: number, label: string, errorCodes?: number[]): void {
  assert.equal(response.status, status, `${label}: answered ${response.status} ${JSON.stringify(response.body)}`);
  if (errorCodes) assert.deepEqual(codes(response), errorCodes, `${label}: error codes`);
}

/** A change's answer shows the tester's standing as a recount of the rows gives it right after. */
async function assertAnsweredStanding(run: Run, response: TestResponse, label: string): Promise<void> {
  const expected = await naivePositions(run.instances[0], run.betaId, run.order);
  assert.deepEqual(standing(response.body), expectedStanding(expected, response.body.id), `${label}: the answer's standing, tester ${response.body.id}, ${run.order} order`);
}

/** Whether the company's plan is full, so that a signup is stored hidden (2317). */
function planFull(run: Run, rows: TesterRow[]): boolean {
  return run.maxTesters !== null && rows.filter((row) => row.hidden === 0).length >= run.maxTesters;
}

function referenceOf(rows: TesterRow[], ref: ReferrerRef): { row: TesterRow; text: string } | undefined {
  const row = chosen(rows, ref.pick);
  return row && { row, text: String(row[ref.by]) };
}

/**
 * Performs one command through instance `via`, asserting what the spec says of its answer and of
 * the rows it changed. Returns whether it changed a tester (a tester command answered 2xx).
 */
async function perform(run: Run, via: number, command: Command, label: string): Promise<boolean> {
  const rows = await testerRows(run);
  switch (command.kind) {
    case 'signup': {
      const referrer = command.referrer && referenceOf(rows, command.referrer);
      const email = uniqueEmail('property');
      const tester = { email, status: command.status, ...(referrer ? { referrer_id: referrer.text } : {}) };
      const response = await send(run, via, 'POST', '/testers', { tester });
      const stored = () => run.database.db.selectFrom('testers').selectAll().where('beta_id', '=', run.betaId).where('email_normalized', '=', email).executeTakeFirst();
      // Spec 4.2 and docs/decisions.md, "Tester statuses": unconfirmed needs double opt-in.
      if (command.status === 'unconfirmed' && !run.doubleOptIn) {
        assertAnswer(response, 422, label, [2301]);
        assert.equal(await stored(), undefined, `${label}: a refused signup stores nothing`);
      } else if (planFull(run, rows)) {
        assertAnswer(response, 403, label, [2317]);
        assert.equal((await stored())?.hidden, 1, `${label}: beyond the plan the tester is stored hidden`);
      } else {
        assertAnswer(response, 201, label);
        assert.equal(response.body.status, command.status, `${label}: status`);
        assert.equal(response.body.referred_by, referrer?.row.email ?? null, `${label}: referred_by`);
        await assertAnsweredStanding(run, response, label);
      }
      return response.status < 300;
    }
    case 'wave': {
      const signups = command.referrers.map((ref) => ({ email: uniqueEmail('wave'), referrer: ref && referenceOf(rows, ref) }));
      // All sent before any is awaited: they reach the instance in one tick.
      const responses = await Promise.all(
        signups.map(({ email, referrer }) => send(run, via, 'POST', '/testers', { tester: { email, status: 'applied', ...(referrer ? { referrer_id: referrer.text } : {}) } })),
      );
      // The plan admits as many as it has room for, whichever they are; the rest are stored hidden.
      const visible = rows.filter((row) => row.hidden === 0).length;
      const room = run.maxTesters === null ? signups.length : Math.max(0, run.maxTesters - visible);
      const admitted = responses.filter((response) => response.status === 201).length;
      assert.equal(admitted, Math.min(room, signups.length), `${label}: signups admitted with room for ${room}; answers ${responses.map((r) => r.status).join(', ')}`);
      const waitlistBefore = rows.filter((row) => row.status === 'applied' && row.hidden === 0).length;
      for (const [index, response] of responses.entries()) {
        const at = `${label}, signup ${index + 1}`;
        const stored = await run.database.db.selectFrom('testers').selectAll().where('beta_id', '=', run.betaId).where('email_normalized', '=', signups[index].email).executeTakeFirst();
        if (response.status !== 201) {
          assertAnswer(response, 403, at, [2317]);
          assert.equal(stored?.hidden, 1, `${at}: beyond the plan the tester is stored hidden`);
          continue;
        }
        assert.equal(response.body.status, 'applied', `${at}: status`);
        assert.equal(response.body.referred_by, signups[index].referrer?.row.email ?? null, `${at}: referred_by`);
        assert.equal(stored?.id, response.body.id, `${at}: the answered tester is stored`);
        // Exact as of some moment after its own commit, which others of the wave may have passed too.
        const [position, ahead, behind, length] = standing(response.body);
        assert.ok(length > waitlistBefore && length <= waitlistBefore + admitted, `${at}: waitlist_length ${length} after ${waitlistBefore} and ${admitted} admitted`);
        assert.deepEqual([ahead, behind], [position - 1, length - position], `${at}: the answer's standing ${JSON.stringify(standing(response.body))} adds up`);
      }
      return admitted > 0;
    }
    case 'points': {
      const target = chosen(rows, command.pick);
      if (!target) return false;
      const response = await send(run, via, 'POST', '/points', { point: { email: target.email, quantity: command.quantity } });
      if (target.hidden) {
        assertAnswer(response, 422, `${label}, hidden tester ${target.id}`, [2803]);
        return response.status < 300;
      }
      assertAnswer(response, 201, `${label}, tester ${target.id}`);
      assert.equal(response.body.user_id, target.id, `${label}: user_id`);
      assert.equal((await testerRow(run, target.id))?.points, target.points + command.quantity, `${label}: tester ${target.id}'s points`);
      return response.status < 300;
    }
    case 'revoke': {
      const points = await run.database.db.selectFrom('points').selectAll().where('beta_id', '=', run.betaId).orderBy('id').execute();
      const point = chosen(points, command.pick);
      if (!point) return false;
      const owner = rows.find((row) => row.id === point.tester_id)!;
      const response = await send(run, via, 'DELETE', `/points/${point.id}`);
      const at = `${label}, point ${point.id} of tester ${owner.id}`;
      if (owner.hidden) assertAnswer(response, 404, at);
      else if (point.revoked_at !== null) assertAnswer(response, 422, at, [2801]);
      else {
        assertAnswer(response, 200, at);
        assert.notEqual(response.body.revoked_at, null, `${at}: revoked_at`);
        assert.equal((await testerRow(run, owner.id))?.points, owner.points - point.quantity, `${at}: the owner's points`);
      }
      return response.status < 300;
    }
    case 'status': {
      const target = chosen(rows, command.pick);
      if (!target) return false;
      const response = await send(run, via, 'PUT', `/testers/${target.id}`, { tester: { status: command.to } });
      const at = `${label}, tester ${target.id} ${target.status} → ${command.to}`;
      if (target.hidden) {
        assertAnswer(response, 403, at, [2317]);
        return response.status < 300;
      }
      const next = statusAfter(target, command.to);
      if (next === null) {
        assertAnswer(response, 422, at, [2301]);
        assert.equal((await testerRow(run, target.id))?.status, target.status, `${at}: a refused move changes nothing`);
        return response.status < 300;
      }
      assertAnswer(response, 200, at);
      assert.equal(response.body.status, next, `${at}: status`);
      await assertAnsweredStanding(run, response, at);
      return response.status < 300;
    }
    case 'refer': {
      const target = chosen(rows, command.pick);
      const referrer = referenceOf(rows, command.referrer);
      if (!target || !referrer) return false;
      const response = await send(run, via, 'PUT', `/testers/${target.id}`, { tester: { referrer_id: referrer.text } });
      const at = `${label}, tester ${target.id} (${target.status}) referred by ${referrer.row.id}`;
      const earlier = target.referrer_id === null ? undefined : rows.find((row) => row.id === target.referrer_id);
      if (target.hidden) assertAnswer(response, 403, at, [2317]);
      else if (earlier) {
        // A referrer is set once: the later one is ignored.
        assertAnswer(response, 200, at);
        assert.equal(response.body.referred_by, earlier.email, `${at}: the first referrer stays`);
      } else if (target.referral_credited_at !== null) {
        // Credited to a referrer since deleted: the referral stays theirs, the later one is ignored.
        assertAnswer(response, 200, at);
        assert.equal(response.body.referred_by, null, `${at}: a credited referral takes no new referrer`);
      } else if (target.status !== 'applied' && target.status !== 'unconfirmed') {
        assertAnswer(response, 422, at, [2301]);
      } else {
        assertAnswer(response, 200, at);
        // A self-referral is ignored (docs/decisions.md, "Referrals").
        assert.equal(response.body.referred_by, referrer.row.id === target.id ? null : referrer.row.email, `${at}: referred_by`);
      }
      if (response.status === 200) await assertAnsweredStanding(run, response, at);
      return response.status < 300;
    }
    case 'checkin': {
      const target = chosen(rows, command.pick);
      if (!target) return false;
      const response = await send(run, via, 'POST', `/testers/${target.id}/checkin`);
      const at = `${label}, tester ${target.id} (${target.status})`;
      if (target.hidden) assertAnswer(response, 403, at, [2317]);
      else if (target.status === 'suspended') assertAnswer(response, 422, at, [2301]);
      else {
        assertAnswer(response, 202, at);
        assert.equal((await testerRow(run, target.id))?.status, 'active', `${at}: a checkin makes the tester active`);
      }
      return response.status < 300;
    }
    case 'delete': {
      const target = chosen(rows, command.pick);
      if (!target) return false;
      const response = await send(run, via, 'DELETE', `/testers/${target.id}${command.queued ? '?queue=true' : ''}`);
      const at = `${label}, tester ${target.id}${command.queued ? ' (queued)' : ''}`;
      if (target.hidden) {
        assertAnswer(response, 403, at, [2317]);
        return response.status < 300;
      }
      assertAnswer(response, command.queued ? 202 : 200, at);
      if (command.queued) await queuedDeletionDone(run, via, target.id, at);
      assert.equal(await testerRow(run, target.id), undefined, `${at}: the row is gone`);
      run.departed.referrerCredits += target.share_signups_count;
      if (target.referral_credited_at !== null) {
        run.departed.creditedReferred += 1;
        run.departed.creditsByReferrer.set(target.referrer_id!, (run.departed.creditsByReferrer.get(target.referrer_id!) ?? 0) + 1);
      }
      return response.status < 300;
    }
    case 'order': {
      const response = await send(run, via, 'PATCH', '', { settings: { waitlist_order: command.order } });
      assertAnswer(response, 200, label);
      assert.equal(response.body.settings.waitlist_order, command.order, `${label}: the order the answer shows`);
      run.order = command.order;
      // A setting, not a tester: the instance that switched is not held to know others' tester changes at once.
      return false;
    }
    case 'check':
      return false; // the checkpoint after it does the work
  }
}

/** How long a server process's own workers may take to run a queued deletion (they poll the outbox). */
const QUEUED_DELETION_WITHIN_MS = 10_000;

/** Waits until the queued deletion of `testerId` has run: run here, or by the server process's workers. */
async function queuedDeletionDone(run: Run, via: number, testerId: number, label: string): Promise<void> {
  const { runJobs } = run.instances[via];
  // Jobs run by id in batches: earlier runs' e-mails may come first, so the worker drains what is due.
  if (runJobs) while ((await runJobs()) > 0);
  const deadline = performance.now() + QUEUED_DELETION_WITHIN_MS;
  while (!runJobs && (await testerRow(run, testerId)) !== undefined) {
    assert.ok(performance.now() < deadline, `${label}: the queued deletion did not run within ${QUEUED_DELETION_WITHIN_MS} ms`);
    await sleep(POLL_EVERY_MS);
  }
}

/** The status a PUT of `requested` leaves `tester` in (docs/decisions.md, "Tester statuses"), or null when it is refused. */
function statusAfter(tester: TesterRow, requested: UpdateStatus): string | null {
  if (requested === 'unsuspended') {
    if (tester.status !== 'suspended') return null;
    assert.ok(tester.status_before_suspension, `tester ${tester.id} is suspended without the status to restore`);
    return tester.status_before_suspension;
  }
  return requested === tester.status || (ALLOWED_FROM[requested] as readonly string[]).includes(tester.status) ? requested : null;
}

// ---- checks ----------------------------------------------------------------------------------

/** Standings in one list page (every tester at once) against the recount: after every command. */
function assertListedStandings(run: Run, via: number, label: string): Promise<unknown> {
  return assertCurrentStandings(run.instances[via], run.betaId, run.order, { key: run.key, perPages: [100], show: false, label: `${label}, instance ${run.instances[via].name}` });
}

/**
 * What another instance's command may change, as this instance shows it: the standings in one list
 * page, and the beta's order (a setting: kept in memory for a while on PostgreSQL, and the
 * standings alone do not tell a stale order when both orders rank the testers alike).
 */
async function assertListedAndOrder(run: Run, via: number, label: string): Promise<void> {
  await assertListedStandings(run, via, label);
  const beta = await run.instances[via].request('GET', `/api/v2/betas/${run.betaId}`, { key: run.key });
  assertAnswer(beta, 200, `${label}, instance ${run.instances[via].name}: show beta`);
  assert.equal(beta.body.settings.waitlist_order, run.order, `${label}, instance ${run.instances[via].name}: the beta's order`);
}

/** `column` → count of the beta's rows matching `where`, grouped by `column` (one SQL statement). */
async function countsBy(run: Run, table: 'testers' | 'points', column: 'referrer_id' | 'tester_id', where: (query: any) => any): Promise<Map<number, number>> {
  const rows = await where(run.database.db.selectFrom(table).select([column, (eb: any) => eb.fn.countAll().as('n')]).where('beta_id', '=', run.betaId)).groupBy(column).execute();
  return new Map(rows.map((row: Record<string, unknown>) => [Number(row[column]), Number(row.n)]));
}

/**
 * Everything against the rows: every tester's standing in lists of two page sizes and shown one
 * by one, the list showing exactly the visible testers, each tester's referrals and points, and
 * the beta's counters as show beta and its stats give them.
 */
async function assertEverything(run: Run, via: number, label: string): Promise<void> {
  const instance = run.instances[via];
  const at = `${label}, instance ${instance.name}`;
  const listed = await assertCurrentStandings(instance, run.betaId, run.order, { key: run.key, perPages: [100, 7], show: true, label: at });
  const rows = await testerRows(run);
  const visible = rows.filter((row) => row.hidden === 0);
  assert.deepEqual(listed.map((tester) => tester.id), visible.map((row) => row.id), `${at}: the list shows exactly the visible testers`);

  // A tester's referrals: its credited referred testers (those deleted since, as the run saw them
  // go) and its referral points in the ledger, one per credit.
  const creditedReferred = await countsBy(run, 'testers', 'referrer_id', (query) => query.where('referral_credited_at', 'is not', null));
  const referralPoints = await countsBy(run, 'points', 'tester_id', (query) => query.where('activity', '=', 'referral'));
  // A tester's points: the unrevoked rows of the ledger, as the points list shows them and as the tester's total (which orders the waitlist).
  const ledger = await run.database.db
    .selectFrom('points')
    .select(['tester_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
    .where('beta_id', '=', run.betaId)
    .where('revoked_at', 'is', null)
    .groupBy('tester_id')
    .execute();
  const ledgerTotal = new Map(ledger.map((row) => [Number(row.tester_id), Number(row.total)]));
  const shownPoints = new Map<number, number>();
  for (const point of await listPages(instance, `/api/v2/betas/${run.betaId}/points`, 100, run.key)) {
    if (point.revoked_at === null) shownPoints.set(point.user_id, (shownPoints.get(point.user_id) ?? 0) + point.quantity);
  }
  for (const tester of listed) {
    const of = `${at}: tester ${tester.id}`;
    const credits = (creditedReferred.get(tester.id) ?? 0) + (run.departed.creditsByReferrer.get(tester.id) ?? 0);
    assert.equal(tester.share_signups_count, credits, `${of}'s share_signups_count against its credited referred testers`);
    assert.equal(tester.share_signups_count, referralPoints.get(tester.id) ?? 0, `${of}'s share_signups_count against its referral points`);
    assert.equal(shownPoints.get(tester.id) ?? 0, ledgerTotal.get(tester.id) ?? 0, `${of}'s points as listed against the ledger`);
    assert.equal(visible.find((row) => row.id === tester.id)!.points, ledgerTotal.get(tester.id) ?? 0, `${of}'s points total against the ledger`);
  }

  const beta = await instance.request('GET', `/api/v2/betas/${run.betaId}`, { key: run.key });
  assertAnswer(beta, 200, `${at}: show beta`);
  const counters = await recountedCounters(run, run.betaId);
  for (const counter of STATUS_COUNTERS) assert.equal(beta.body[counter], counters[counter], `${at}: beta ${counter} against the visible rows`);
  // Credited referrals, counted from both ends: the referrers' counts, and the referred testers credited.
  const referrerCredits = rows.reduce((sum, row) => sum + row.share_signups_count, 0) + run.departed.referrerCredits;
  const creditedTotal = rows.filter((row) => row.referral_credited_at !== null).length + run.departed.creditedReferred;
  assert.equal(beta.body.share_signups_count, referrerCredits, `${at}: beta share_signups_count against the referrers' share_signups_count`);
  assert.equal(beta.body.share_signups_count, creditedTotal, `${at}: beta share_signups_count against the credited referred testers`);
  assert.equal(beta.body.settings.waitlist_order, run.order, `${at}: the beta's order`);

  // The stats' figures of the beta's whole life and of now (its days and top lists are kept a while: not exact by design).
  const stats = await instance.request('GET', `/api/v2/betas/${run.betaId}/stats`, { key: run.key });
  assertAnswer(stats, 200, `${at}: stats`);
  assert.equal(stats.body.testers_count, counters.testers_count, `${at}: stats testers_count against the visible rows`);
  assert.equal(stats.body.referred_signups_count, creditedTotal, `${at}: stats referred_signups_count against the credited referred testers`);
  for (const status of ALL_STATUSES) assert.equal(stats.body.statuses[status], counters[`${status}_testers_count`], `${at}: stats ${status} against the visible rows`);
}

/**
 * An instance that did not make a change sees it soon (AGREE_WITHIN_MS or AGREE_WITHIN_ROUNDS):
 * `check` is polled until it passes, and fails with its last error when it never does, or with
 * the time and the feed reads taken when late. A server process's reads of the feed are not seen
 * from here: it is held to the time alone.
 */
async function agreesSoon(instance: Instance, label: string, check: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  const roundsAtStart = instance.feedRounds();
  const since = () => {
    const rounds = instance.feedRounds();
    return { waited: Math.round(performance.now() - start), rounds: rounds === null ? 0 : rounds - roundsAtStart! };
  };
  const counted = roundsAtStart !== null;
  for (;;) {
    try {
      await check();
      break;
    } catch (error) {
      if (!(error instanceof assert.AssertionError)) throw error;
      const { waited, rounds } = since();
      if (waited >= GIVE_UP_AT_MOST_MS || (waited >= GIVE_UP_AFTER_MS && (!counted || rounds >= GIVE_UP_AFTER_ROUNDS))) {
        throw new assert.AssertionError({ message: `${label}: never agreed with the rows (polled for ${waited} ms, ${counted ? `${rounds} reads of the feed` : 'a server process'}); last difference: ${error.message}` });
      }
      await sleep(POLL_EVERY_MS);
    }
  }
  const { waited, rounds } = since();
  assert.ok(waited <= AGREE_WITHIN_MS || (counted && rounds <= AGREE_WITHIN_ROUNDS), `${label}: agreed with the rows only after ${waited} ms${counted ? ` and ${rounds} reads of the feed` : ''} (at most ${AGREE_WITHIN_MS} ms${counted ? ` or ${AGREE_WITHIN_ROUNDS} reads` : ''})`);
}

type Check = (run: Run, via: number, label: string) => Promise<unknown>;

/**
 * `check` after a command through `via`. That instance is exact at once when the command changed a
 * tester through it (or when it is the only one); one that only read, was refused or switched the
 * order may still lag behind another instance's changes, as every other instance may. The others
 * are checked when `awaitOthers`, each agreeing within the lag allowed: their standings in one list
 * page and the beta's order are polled until they agree (short reads, so the time measured is the
 * lag, not the check's own length), then `check` must pass at once, as nothing changes meanwhile.
 */
async function assertAfter(run: Run, via: number, label: string, check: Check, { changedTester, awaitOthers }: { changedTester: boolean; awaitOthers: boolean }): Promise<void> {
  for (const [index, instance] of run.instances.entries()) {
    const at = `${label}, instance ${instance.name}`;
    const exact = index === via && (changedTester || run.instances.length === 1);
    if (!exact && !(index === via || awaitOthers)) continue;
    if (!exact) await agreesSoon(instance, at, () => assertListedAndOrder(run, index, label));
    await check(run, index, label);
  }
}

const describeCommand = ({ kind, ...rest }: Command) => `${kind} ${JSON.stringify(rest)}`;

async function runScenario({ instances, database, clock, accounts }: Setup, scenario: Scenario): Promise<void> {
  clock?.set(new Date(scenario.start));
  // A company of its own per run, so that its plan limit (hidden testers) counts this beta's testers only.
  const company = await accounts.createCompany({ name: 'Properties', maxTesters: scenario.maxTesters });
  const { key } = await accounts.createApiKey({ companyId: company.id });
  const settings = { double_opt_in: scenario.doubleOptIn, waitlist_order: scenario.order };
  const created = await instances[0].request('POST', '/api/v2/betas', { key, body: { name: 'Properties', homepage_url: 'https://example.com/', settings } });
  assertAnswer(created, 201, 'create the beta');
  const departed = { referrerCredits: 0, creditedReferred: 0, creditsByReferrer: new Map<number, number>() };
  const run: Run = { instances, database, key, betaId: created.body.id, order: scenario.order, doubleOptIn: scenario.doubleOptIn, maxTesters: scenario.maxTesters, departed };

  for (const [index, step] of scenario.steps.entries()) {
    // Server processes read the real clock: their steps follow each other without the gaps.
    const gap = clock ? `, +${step.gap} ms` : '';
    const label = `step ${index + 1}/${scenario.steps.length} (${describeCommand(step.command)} via ${instances[step.via].name}${gap})`;
    clock?.advance(step.gap);
    const changedTester = await perform(run, step.via, step.command, label);
    const checkpoint = step.command.kind === 'check';
    await assertAfter(run, step.via, label, checkpoint ? assertEverything : assertListedStandings, { changedTester, awaitOthers: step.awaitOthers || checkpoint });
  }
  // At the end, every order in turn, switched through each instance.
  for (const [index, order] of ORDERS.entries()) {
    const via = index % instances.length;
    const label = `end, ${order} order`;
    const changedTester = await perform(run, via, { kind: 'order', order }, label);
    await assertAfter(run, via, label, assertEverything, { changedTester, awaitOthers: true });
  }
}

/**
 * Asserts the property over `runs` scenarios. Shrinking reruns whole sequences against the database,
 * so it is bounded: SHRINK_BUDGET_MS after the first failure, candidates pass without running and
 * fast-check reports the smallest failing sequence found by then (with its seed and path).
 */
async function assertProperty(setup: Setup, runs = RUNS): Promise<void> {
  let failedAt: number | null = null;
  const property = fc.asyncProperty(scenarioArb(setup.instances.length), async (scenario) => {
    if (failedAt !== null && performance.now() - failedAt > SHRINK_BUDGET_MS) return;
    try {
      await runScenario(setup, scenario);
    } catch (error) {
      failedAt ??= performance.now();
      throw error;
    }
  });
  const seed = process.env.PROPERTY_SEED === undefined ? undefined : Number(process.env.PROPERTY_SEED);
  await fc.assert(property, { numRuns: runs, seed, path: process.env.PROPERTY_PATH, includeErrorInReport: true });
}

const contextSetup = (contexts: TestContext[]): Setup => ({
  instances: contexts.map((ctx, index) => appInstance(ctx, INSTANCE_NAMES[index])),
  database: contexts[0].database,
  clock: contexts[0].clock,
  accounts: contexts[0].services.accounts,
});

const INSTANCE_NAMES = ['A', 'B'];

describe('waitlist properties', () => {
  describe('one instance', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await startTestContext();
    });
    after(() => ctx.close());

    test('random commands keep every standing, answer and counter equal to a recount of the rows', () => assertProperty(contextSetup([ctx])));
  });

  describe('two instances on one database', () => {
    let first: TestContext;
    let second: TestContext;
    before(async () => {
      first = await startTestContext();
      second = await startTestContext({ databaseUrl: first.databaseUrl, clock: first.clock });
    });
    after(async () => {
      await second?.close();
      await first?.close();
    });

    test('the instance that made a change is exact at once, the other agrees within a second', () => assertProperty(contextSetup([first, second])));
  });

  // Several processes on one database is the PostgreSQL deployment (with Redis for the shared rate
  // limits); on SQLite one process serves a campaign, and the variant above covers two on one file.
  if (dialect === 'postgres') {
    describe('two server processes on PostgreSQL with Redis', () => {
      let ctx: TestContext;
      let services: Services;
      let servers: ServerProcess[] = [];
      before(async () => {
        // The context makes and migrates the database; the processes serve it.
        ctx = await startTestContext();
        services = await createServices(ctx.database, loadConfig({ DATABASE_URL: ctx.databaseUrl, GEOIP_DATABASE_PATH: 'off' }));
        const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `prelaunch-properties-${process.pid}:` };
        servers = await Promise.all(INSTANCE_NAMES.map(() => startServerProcess(ctx.databaseUrl, env)));
      });
      after(async () => {
        await Promise.all(servers.map((server) => server.stop('SIGTERM')));
        await services?.close();
        await ctx?.close();
      });

      test('requests through either process: the one that made a change is exact at once, the other agrees within a second', async () => {
        const instances = servers.map((server, index) => processInstance(server, ctx.database, INSTANCE_NAMES[index]));
        await assertProperty({ instances, database: ctx.database, clock: null, accounts: services.accounts }, PROCESS_RUNS);
        assert.deepEqual(servers.flatMap((server) => server.errors), [], 'the processes logged no error');
      });
    });
  }
});
