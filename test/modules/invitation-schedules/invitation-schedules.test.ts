// Invitation schedules through the API and the scheduler, on a fixed clock: a top wave due runs once
// as a bulk invite and shows in the history; two processes racing for one wave start it once; a
// wave due while no process ran starts once on coming back, and its bulk job, stopped half-way,
// finishes in the next process; skip and pause; a referral schedule's sweep, end to end from two
// signups through a code; the round under the workers' lease; the next wave's preview with its
// first testers; the simulation against a hand-computed plan; bad input refused
// with nothing stored; another company's beta.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dialect, startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, createTester, seedWaitlist } from '../testers/support.ts';
import type { NewTester } from '../../../src/db/tables/testers.ts';
import { signedIn } from '../../console/support.ts';
import { BATCH_TESTERS } from '../../../src/modules/bulk-actions/bulk-job.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { Sweeper } from '../../../src/jobs/workers.ts';
import { Leases } from '../../../src/jobs/leases.ts';
import { createLogger } from '../../../src/process/logging.ts';

describe('invitation schedules', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  // Saturday 2027-03-20, 13:00 in Paris; the clocks change on Sunday the 28th. The scheduler sees
  // every beta's schedules: each test starts with none.
  beforeEach(async () => {
    ctx.clock.set('2027-03-20T12:00:00Z');
    await ctx.database.db.deleteFrom('invitation_schedules').execute();
  });

  const db = () => ctx.database.db;
  const url = (betaId: number, rest = '') => `/api/v2/betas/${betaId}/invitation_schedules${rest}`;
  const mondays = { kind: 'top', count: 3, every: 'week', weekday: 'monday', at: '10:00', time_zone: 'Europe/Paris' };

  /** A beta whose waitlist holds `count` testers, applied one second apart (so in that order). */
  async function betaWithWaitlist(count: number, fields: (i: number) => Partial<NewTester> = () => ({}), settings = {}): Promise<{ id: number; testers: number[] }> {
    const beta = await ctx.createBeta(settings, 'Scheduled');
    return { id: beta.id, testers: await seedWaitlist(ctx, beta.id, count, { from: '2027-01-01T00:00:00Z', fields }) };
  }

  async function created(betaId: number, body: unknown): Promise<any> {
    const response = await ctx.request('POST', url(betaId, '.json'), { body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  }

  const invited = async (betaId: number) =>
    (await db().selectFrom('testers').select('id').where('beta_id', '=', betaId).where('status', '=', 'invited').orderBy('id').execute()).map((row) => row.id);
  const wavesOf = (scheduleId: number) => db().selectFrom('invitation_waves').selectAll().where('schedule_id', '=', scheduleId).orderBy('id').execute();

  /** Runs the bulk jobs the scheduler queued, as the outbox would. */
  async function runWaveJobs(): Promise<void> {
    const jobs = await db().selectFrom('outbox_jobs').select(['id', 'payload']).where('kind', '=', 'bulk_action.run').execute();
    for (const job of jobs) {
      assert.equal(await ctx.services.bulkActions.run((JSON.parse(job.payload) as { bulkActionId: number }).bulkActionId), 'done');
      await db().deleteFrom('outbox_jobs').where('id', '=', job.id).execute();
    }
  }

  test('create, show, list, update and delete, with and without .json; the next run in the schedule\'s zone', async () => {
    const beta = await betaWithWaitlist(0);
    const schedule = await created(beta.id, mondays);
    assert.deepEqual(schedule, {
      id: schedule.id, kind: 'top', count: 3, every: 'week', weekday: 'monday', at: '10:00', time_zone: 'Europe/Paris', threshold: null,
      paused: false, skip_next: false, next_run_at: '2027-03-22T09:00:00Z', created_at: '2027-03-20T12:00:00Z', updated_at: '2027-03-20T12:00:00Z',
    });
    const stored = await db().selectFrom('invitation_schedules').selectAll().where('id', '=', schedule.id).executeTakeFirstOrThrow();
    assert.equal(stored.next_run_at, '2027-03-22T09:00:00.000Z');
    for (const path of [url(beta.id, `/${schedule.id}`), url(beta.id, `/${schedule.id}.json`)]) assert.deepEqual((await ctx.request('GET', path)).body, schedule);
    const list = await ctx.request('GET', url(beta.id));
    assert.deepEqual(list.body, [schedule]);
    assert.equal(JSON.parse(String(list.headers['x-pagination'])).total_count, 1);

    // Daily at 10:00 from the Monday after the change: 08:00 UTC (CEST).
    ctx.clock.set('2027-03-28T12:00:00Z');
    const daily = await ctx.request('PATCH', url(beta.id, `/${schedule.id}.json`), { body: { every: 'day' } });
    assert.equal(daily.status, 200, JSON.stringify(daily.body));
    assert.deepEqual([daily.body.every, daily.body.weekday, daily.body.next_run_at], ['day', null, '2027-03-29T08:00:00Z']);

    const referrals = await created(beta.id, { kind: 'referrals', threshold: 5 });
    assert.deepEqual([referrals.count, referrals.threshold, referrals.next_run_at], [null, 5, '2027-03-28T12:00:00Z']);
    const deleted = await ctx.request('DELETE', url(beta.id, `/${referrals.id}`));
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.id, referrals.id);
    assert.equal(await db().selectFrom('invitation_schedules').select('id').where('id', '=', referrals.id).executeTakeFirst(), undefined);
    assert.equal((await ctx.request('GET', url(beta.id, `/${referrals.id}`))).status, 404);
  });

  test('a top wave due runs once as a bulk invite of the first N; its history says when, how many and which positions', async () => {
    const beta = await betaWithWaitlist(8);
    const schedule = await created(beta.id, mondays);
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0, 'not due yet');
    ctx.clock.set('2027-03-22T09:00:30Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0, 'started once');
    const [wave] = await wavesOf(schedule.id);
    const action = await db().selectFrom('bulk_actions').selectAll().where('id', '=', wave.bulk_action_id!).executeTakeFirstOrThrow();
    assert.deepEqual([action.action, action.selection, action.top_n, action.total, action.state], ['invite', 'top', 3, 3, 'queued']);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), beta.testers.slice(0, 3));
    const emails = await db().selectFrom('email_messages').select('tester_id').where('beta_id', '=', beta.id).where('occasion', '=', 'invitation').execute();
    assert.equal(emails.length, 3, 'the invitations go through the outbox as a bulk invite\'s do');

    const history = await ctx.request('GET', url(beta.id, `/${schedule.id}/waves.json`));
    assert.equal(history.status, 200);
    assert.deepEqual(history.body, [
      {
        id: wave.id, schedule_id: schedule.id, due_at: '2027-03-22T09:00:00Z', started_at: '2027-03-22T09:00:30Z', skipped: false,
        bulk_action_id: action.id, state: 'completed', selected: 3, invited: 3, first_position: 1, last_position: 3,
      },
    ]);
    // The next Monday, after the change to summer time: still 10:00 in Paris.
    assert.equal((await ctx.request('GET', url(beta.id, `/${schedule.id}`))).body.next_run_at, '2027-03-29T08:00:00Z');
    ctx.clock.set('2027-03-29T08:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), beta.testers.slice(0, 6), 'the next three, none twice');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a top wave takes the testers the owner put first, then the rest by the counts', async () => {
    // The last two applied were placed by hand: the last with the higher priority.
    const beta = await betaWithWaitlist(8, (i) => ({ priority: i === 7 ? 2 : i === 6 ? 1 : 0 }));
    const schedule = await created(beta.id, mondays);
    ctx.clock.set('2027-03-22T09:00:30Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    await runWaveJobs();
    const [t0, t6, t7] = [beta.testers[0], beta.testers[6], beta.testers[7]];
    assert.deepEqual(await invited(beta.id), [t0, t6, t7], 'positions 1 to 3: t7, t6, then t0');
    const [wave] = (await ctx.request('GET', url(beta.id, `/${schedule.id}/waves`))).body;
    assert.deepEqual([wave.invited, wave.first_position, wave.last_position], [3, 1, 3]);
    const left = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?sort=position&status=applied`);
    assert.deepEqual(left.body.map((t: any) => t.id), beta.testers.slice(1, 6));
  });

  test('two processes racing for one wave: it starts once', async () => {
    const beta = await betaWithWaitlist(10);
    const schedule = await created(beta.id, { ...mondays, count: 4 });
    const other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      ctx.clock.set('2027-03-22T09:00:00Z');
      // Both read the wave as due; the other process starts it while this one reads its testers.
      const firstIds = ctx.services.standings.firstIds;
      let theirs = -1;
      ctx.services.standings.firstIds = async function (this: typeof ctx.services.standings, ...args) {
        const ids = await firstIds.apply(this, args);
        theirs = await other.services.invitationSchedules.runDue();
        return ids;
      };
      try {
        const ours = await ctx.services.invitationSchedules.runDue();
        assert.deepEqual([ours, theirs], [0, 1]);
      } finally {
        ctx.services.standings.firstIds = firstIds;
      }
      if (dialect === 'postgres') {
        // And truly at once, for the next wave, before the first wave's job has run: it takes the next four
        // (one Node process cannot hold two SQLite write transactions at once).
        ctx.clock.set('2027-03-29T08:00:00Z');
        const started = await Promise.all([ctx.services.invitationSchedules.runDue(), other.services.invitationSchedules.runDue()]);
        assert.deepEqual(started.sort(), [0, 1]);
      }
    } finally {
      await other.close();
    }
    const waves = await wavesOf(schedule.id);
    const expected = dialect === 'postgres' ? 2 : 1;
    assert.equal(waves.length, expected);
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, expected);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), beta.testers.slice(0, 4 * expected));
  });

  test('a wave due while no process ran starts once on coming back, and its job stopped half-way finishes in the next process', async () => {
    const total = BATCH_TESTERS + 50;
    const beta = await betaWithWaitlist(total + 10);
    const schedule = await created(beta.id, { kind: 'top', count: total, every: 'day', at: '09:00', time_zone: 'UTC' });
    // Down from Saturday to Tuesday noon: the waves of Sunday, Monday and Tuesday were missed.
    ctx.clock.set('2027-03-23T12:00:00Z');
    const comingBack = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    let actionId: number;
    try {
      assert.equal(await comingBack.services.invitationSchedules.runDue(), 1);
      const waves = await wavesOf(schedule.id);
      assert.deepEqual(waves.map((w) => [w.due_at, w.started_at, w.selected]), [['2027-03-21T09:00:00.000Z', '2027-03-23T12:00:00.000Z', total]], 'one wave for all missed');
      actionId = waves[0].bulk_action_id!;
      // One batch, then this process stops.
      const stop = new AbortController();
      const moves = comingBack.services.testers.moveStatuses;
      comingBack.services.testers.moveStatuses = async function (this: typeof comingBack.services.testers, ...args) {
        const outcome = await moves.apply(this, args);
        stop.abort();
        return outcome;
      };
      assert.equal(await comingBack.services.bulkActions.run(actionId, stop.signal), 'stopped');
    } finally {
      await comingBack.close();
    }
    assert.equal((await invited(beta.id)).length, BATCH_TESTERS);
    // The next process resumes the job from its cursor; the scheduler starts nothing more today.
    const next = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      assert.equal(await next.services.invitationSchedules.runDue(), 0);
      assert.ok((await next.runJobs()) >= 1);
    } finally {
      await next.close();
    }
    assert.deepEqual(await invited(beta.id), beta.testers.slice(0, total));
    const invitations = await db().selectFrom('email_messages').select('tester_id').where('beta_id', '=', beta.id).where('occasion', '=', 'invitation').execute();
    assert.equal(new Set(invitations.map((m) => m.tester_id)).size, total);
    assert.equal(invitations.length, total, 'one invitation each');
    const stored = await db().selectFrom('invitation_schedules').select('next_run_at').where('id', '=', schedule.id).executeTakeFirstOrThrow();
    assert.equal(stored.next_run_at, '2027-03-24T09:00:00.000Z');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('skip the next wave once (recorded as skipped), then the one after runs; a paused schedule runs nothing and resumes from now', async () => {
    const beta = await betaWithWaitlist(6);
    const schedule = await created(beta.id, { kind: 'top', count: 2, every: 'day', at: '09:00', time_zone: 'UTC' });
    const skip = await ctx.request('PATCH', url(beta.id, `/${schedule.id}`), { body: { skip_next: true } });
    assert.deepEqual([skip.status, skip.body.skip_next], [200, true]);
    ctx.clock.set('2027-03-21T09:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    assert.deepEqual(await invited(beta.id), []);
    const shown = (await ctx.request('GET', url(beta.id, `/${schedule.id}`))).body;
    assert.deepEqual([shown.skip_next, shown.next_run_at], [false, '2027-03-22T09:00:00Z']);
    ctx.clock.set('2027-03-22T09:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), beta.testers.slice(0, 2));
    const history = (await ctx.request('GET', url(beta.id, `/${schedule.id}/waves`))).body;
    assert.deepEqual(history.map((w: any) => [w.due_at, w.skipped, w.invited, w.bulk_action_id === null]), [
      ['2027-03-22T09:00:00Z', false, 2, false],
      ['2027-03-21T09:00:00Z', true, 0, true],
    ]);

    const paused = await ctx.request('PATCH', url(beta.id, `/${schedule.id}`), { body: { paused: true } });
    assert.deepEqual([paused.body.paused, paused.body.next_run_at], [true, null]);
    ctx.clock.set('2027-03-25T12:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0);
    assert.equal((await wavesOf(schedule.id)).length, 2);
    const resumed = await ctx.request('PATCH', url(beta.id, `/${schedule.id}`), { body: { paused: false } });
    assert.deepEqual([resumed.body.paused, resumed.body.next_run_at], [false, '2027-03-26T09:00:00Z'], 'the waves missed while paused are not made up');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0);
  });

  test('a referral schedule invites those who reached the threshold at its next sweep (after commit, not in the change that credited them), each once', async () => {
    const beta = await betaWithWaitlist(6, (i) => ({ share_signups_count: [0, 3, 1, 5, 0, 2][i] }));
    const schedule = await created(beta.id, { kind: 'referrals', threshold: 2 });
    // The sweep is due at once: testers 2, 4 and 6 (3, 5 and 2 referrals).
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    const [wave] = await wavesOf(schedule.id);
    assert.equal(wave.selected, 3);
    const action = await db().selectFrom('bulk_actions').selectAll().where('id', '=', wave.bulk_action_id!).executeTakeFirstOrThrow();
    assert.deepEqual([action.selection, action.top_n], ['listed', null]);
    // Before the job ran, the next sweep takes nobody again.
    ctx.clock.advance(31_000);
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), [beta.testers[1], beta.testers[3], beta.testers[5]]);
    // A referral credited later: swept within REFERRAL_SWEEP_SECONDS.
    await db().updateTable('testers').set({ share_signups_count: 2 }).where('id', '=', beta.testers[2]).execute();
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0, 'its sweep is not due yet');
    ctx.clock.advance(30_000);
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), [beta.testers[1], beta.testers[2], beta.testers[3], beta.testers[5]]);
    const history = (await ctx.request('GET', url(beta.id, `/${schedule.id}/waves`))).body;
    // The waitlist is ordered by referrals (the default): those who reached the threshold lead it.
    assert.deepEqual(history.map((w: any) => [w.selected, w.invited, w.first_position, w.last_position]), [
      [1, 1, 1, 1],
      [3, 3, 1, 3],
    ]);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('end to end: two friends sign up through a tester\'s code; the next sweep invites the tester, with the invitation e-mail', async () => {
    const beta = await betaWithWaitlist(2);
    await created(beta.id, { kind: 'referrals', threshold: 2 });
    const ann = await createTester(ctx, beta.id, { email: 'ann@example.com' });
    await createTester(ctx, beta.id, { referrer_id: ann.referral_code });
    assert.equal(await ctx.services.invitationSchedules.runDue(), 0, 'one referral is not enough');
    await createTester(ctx, beta.id, { referrer_id: ann.referral_code });
    ctx.clock.advance(30_000);
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    await runWaveJobs();
    assert.deepEqual(await invited(beta.id), [ann.id]);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ann.id}`);
    assert.deepEqual([shown.body.status, shown.body.share_signups_count], ['invited', 2]);
    const emails = await db().selectFrom('email_messages').select('occasion').where('tester_id', '=', ann.id).where('occasion', '=', 'invitation').execute();
    assert.equal(emails.length, 1);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('the workers run the scheduler under its lease: while another process holds it, the round is skipped', async () => {
    const beta = await betaWithWaitlist(2);
    const schedule = await created(beta.id, { ...mondays, count: 1 });
    ctx.clock.set('2027-03-22T09:00:00Z');
    const log = createLogger('silent');
    const sweeper = new Sweeper(ctx.database, ctx.services, ctx.clock, log);
    const holder = new Leases(db(), ctx.clock, log);
    assert.equal(await holder.claim('sweep:invitationSchedules'), true);
    assert.equal(await sweeper.runScheduler(new AbortController().signal), 'skipped');
    assert.equal((await wavesOf(schedule.id)).length, 0);
    await holder.release('sweep:invitationSchedules');
    assert.equal(await sweeper.runScheduler(new AbortController().signal), 1);
    assert.equal((await wavesOf(schedule.id)).length, 1);
  });

  test('the next wave\'s preview lists its first testers by position, name or masked address, and changes nothing', async () => {
    const beta = await betaWithWaitlist(4, (i) => (i === 1 ? { first_name: 'Grace', last_name: 'Hopper' } : {}));
    const schedule = await created(beta.id, mondays);
    const preview = await ctx.request('GET', url(beta.id, `/${schedule.id}/preview.json`));
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body, {
      at: '2027-03-22T09:00:00Z', action: 'invite', status: 'invited', testers: 3, changes: 3, skipped: 0, emails: 3, suppressed_emails: 0, webhook_deliveries: 0, referral_credits: 0,
      first_testers: [
        { id: beta.testers[0], position: 1, name: null, masked_email: 'w***@e***.com' },
        { id: beta.testers[1], position: 2, name: 'Grace Hopper', masked_email: 'w***@e***.com' },
        { id: beta.testers[2], position: 3, name: null, masked_email: 'w***@e***.com' },
      ],
    });
    assert.equal(JSON.stringify(preview.body).includes('@example.com'), false, 'no address whole');
    assert.deepEqual(await invited(beta.id), []);
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, 0);
  });

  test('the simulation against a hand-computed plan: 5 now, then the top 3 every Monday at 10:00 Paris; nothing changes', async () => {
    // In order of signup, so the tester with referrals stands 10th.
    const beta = await betaWithWaitlist(14, (i) => ({ share_signups_count: i === 9 ? 4 : 0 }), { waitlist_order: 'signup_time' });
    const simulate = (body: unknown) => ctx.request('POST', url(beta.id, '/simulate.json'), { body });
    const plan = await simulate({ schedules: [mondays], now: 5 });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    assert.deepEqual(plan.body, {
      waitlist_length: 14,
      waves: [
        { at: '2027-03-20T12:00:00Z', invited: 5, through_position: 5 },
        { at: '2027-03-22T09:00:00Z', invited: 3, through_position: 8 },
        { at: '2027-03-29T08:00:00Z', invited: 3, through_position: 11 },
        { at: '2027-04-05T08:00:00Z', invited: 3, through_position: 14 },
      ],
      last_invited_at: '2027-04-05T08:00:00Z',
    });
    // A referral schedule takes the 10th (4 referrals) at once; the top waves go past it.
    const withReferrals = await simulate({ schedules: [mondays, { kind: 'referrals', threshold: 3 }], now: 5 });
    assert.deepEqual(withReferrals.body.waves, [
      { at: '2027-03-20T12:00:00Z', invited: 5, through_position: 5 },
      { at: '2027-03-20T12:00:00Z', invited: 1, through_position: 5 },
      { at: '2027-03-22T09:00:00Z', invited: 3, through_position: 8 },
      { at: '2027-03-29T08:00:00Z', invited: 3, through_position: 12 },
      { at: '2027-04-05T08:00:00Z', invited: 2, through_position: 14 },
    ]);
    assert.deepEqual(await invited(beta.id), []);
    assert.equal((await db().selectFrom('invitation_schedules').select('id').where('beta_id', '=', beta.id).execute()).length, 0);
    const bad = await simulate({ schedules: [{ ...mondays, time_zone: 'Europe/Nowhere' }, { kind: 'referrals' }] });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors[0].code, Errors.testersGeneral.code);
    assert.match(bad.body.errors[0].message, /schedules\[0\]: time_zone is not a known time zone.*schedules\[1\]: threshold is required/);
  });

  test('bad input is 422 with a message that says what to fix, and stores nothing', async () => {
    const beta = await betaWithWaitlist(0);
    const cases: [unknown, RegExp][] = [
      [{ ...mondays, time_zone: 'Europe/Pariss' }, /time_zone is not a known time zone: "Europe\/Pariss"/],
      [{ ...mondays, at: '24:00' }, /at must be a time of day, HH:MM/],
      [{ ...mondays, at: '9:00' }, /at must be a time of day/],
      [{ ...mondays, weekday: undefined }, /weekday is required when every is week/],
      [{ kind: 'top', count: 5, every: 'day', weekday: 'monday', at: '10:00', time_zone: 'UTC' }, /weekday is for every week/],
      [{ kind: 'top', every: 'day', at: '10:00', time_zone: 'UTC' }, /count is required/],
      [{ ...mondays, count: 0 }, /count/],
      [{ ...mondays, count: 100_001 }, /count/],
      [{ kind: 'referrals', threshold: 0 }, /threshold/],
      [{ kind: 'referrals' }, /threshold is required/],
      [{ kind: 'referrals', threshold: 3, at: '10:00' }, /at is for top schedules/],
      [{ kind: 'referrals', threshold: 3, skip_next: true }, /skip_next applies to top schedules/],
      [{ count: 3 }, /kind is required/],
      [{ ...mondays, every: 'month' }, /every/],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.request('POST', url(beta.id), { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[0].code, Errors.testersGeneral.code, JSON.stringify(body));
      assert.match(response.body.errors.map((e: any) => e.message).join(' '), message);
    }
    assert.equal((await db().selectFrom('invitation_schedules').select('id').where('beta_id', '=', beta.id).execute()).length, 0);
    const schedule = await created(beta.id, mondays);
    for (const [body, message] of [
      [{ kind: 'referrals' }, /kind cannot change/],
      [{ time_zone: 'Nowhere/Land' }, /time_zone is not a known time zone/],
      [{ threshold: 3 }, /threshold is for referrals schedules/],
    ] as const) {
      const response = await ctx.request('PATCH', url(beta.id, `/${schedule.id}`), { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.match(response.body.errors[0].message, message);
    }
    const stored = await db().selectFrom('invitation_schedules').selectAll().where('id', '=', schedule.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.kind, stored.time_zone, stored.threshold, stored.updated_at], ['top', 'Europe/Paris', null, '2027-03-20T12:00:00.000Z']);
  });

  test('another company\'s beta or schedule is 404; a viewer reads and simulates, and is refused the writes', async () => {
    const beta = await betaWithWaitlist(2);
    const schedule = await created(beta.id, mondays);
    const company = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    assert.equal((await ctx.request('GET', url(beta.id), { key })).status, 404);
    assert.equal((await ctx.request('GET', url(beta.id, `/${schedule.id}`), { key })).status, 404);
    assert.equal((await ctx.request('PATCH', url(beta.id, `/${schedule.id}`), { key, body: { paused: true } })).status, 404);
    assert.equal((await ctx.request('DELETE', url(beta.id, `/${schedule.id}`), { key })).status, 404);
    assert.equal((await ctx.request('POST', url(beta.id, '/simulate'), { key, body: { schedules: [] } })).status, 404);
    const otherBeta = await ctx.createBeta({}, 'Other beta');
    assert.equal((await ctx.request('GET', url(otherBeta.id, `/${schedule.id}`))).status, 404);
    assert.equal((await ctx.request('GET', url(beta.id, '/nope'))).status, 404);

    const viewer = await signedIn(ctx, 'viewer-schedules@example.com', 'viewer');
    assert.equal((await viewer.request('GET', url(beta.id))).status, 200);
    assert.equal((await viewer.request('GET', url(beta.id, `/${schedule.id}/waves`))).status, 200);
    assert.equal((await viewer.request('POST', url(beta.id, '/simulate'), { schedules: [mondays] })).status, 200);
    assert.equal((await viewer.request('POST', url(beta.id), mondays)).status, 403);
    assert.equal((await viewer.request('PATCH', url(beta.id, `/${schedule.id}`), { paused: true })).status, 403);
    assert.equal((await viewer.request('DELETE', url(beta.id, `/${schedule.id}`))).status, 403);
    assert.equal((await db().selectFrom('invitation_schedules').select('paused').where('id', '=', schedule.id).executeTakeFirstOrThrow()).paused, 0);
  });
});
