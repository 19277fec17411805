// Position events without a flood (docs/waitlist.md, "Told when I move"): tester_position_changed
// and the position_changed e-mail tell a tester's own moves once per position_change_interval_minutes,
// on a fixed clock; 0 tells each; drift tells nothing; nothing is stored for a beta nobody listens to.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OutboxJobRow } from '../../../src/db/tables/effects.ts';
import type { EventType } from '../../../src/modules/events/events.ts';
import { POSITION_WINDOW_JOB } from '../../../src/modules/moves/position-changes.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { setTemplate, storedMessages } from '../emails/support.ts';
import { codes, createTester } from '../testers/support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const MINUTE = 60_000;

describe('position events', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function addEndpoint(betaId: number, events: EventType[] | null) {
    await ctx.database.db
      .insertInto('webhook_endpoints')
      .values({
        beta_id: betaId,
        url: 'https://hooks.example.com/prelaunch',
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0',
        events: events ? JSON.stringify(events) : null,
        enabled: 1,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  }

  /** A beta whose endpoint hears position events alone, with three testers: the last is #3. */
  async function listenedBeta(settings: Record<string, unknown> = {}) {
    const beta = await ctx.createBeta(settings);
    await addEndpoint(beta.id, ['tester_position_changed']);
    const testers = [];
    for (let i = 0; i < 3; i += 1) testers.push(await createTester(ctx, beta.id));
    return { beta, testers };
  }

  async function positionEvents(betaId: number) {
    const rows = await ctx.database.db.selectFrom('webhook_events').selectAll().where('beta_id', '=', betaId).where('type', '=', 'tester_position_changed').orderBy('id').execute();
    return rows.map((row) => JSON.parse(row.payload));
  }

  const windows = (betaId: number) => ctx.database.db.selectFrom('position_change_windows').selectAll().where('beta_id', '=', betaId).execute();

  const windowJobsOf = async (betaId: number) => {
    const jobs = await ctx.database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', POSITION_WINDOW_JOB).orderBy('id').execute();
    return jobs.filter((job) => JSON.parse(job.payload).betaId === betaId);
  };

  const runWindowJob = (job: OutboxJobRow) => ctx.services.jobHandlers[POSITION_WINDOW_JOB](JSON.parse(job.payload), job, new AbortController().signal);

  /** Runs the beta's window jobs due now as a worker does (the handler, then the row deleted); the jobs run. */
  async function closeDueWindows(betaId: number): Promise<OutboxJobRow[]> {
    const due = (await windowJobsOf(betaId)).filter((job) => job.run_at <= ctx.clock.now().toISOString());
    for (const job of due) {
      await runWindowJob(job);
      await ctx.database.db.deleteFrom('outbox_jobs').where('id', '=', job.id).execute();
    }
    return due;
  }

  const show = async (betaId: number, testerId: number) => (await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${testerId}`)).body;

  test('moves within the interval are told once, when it ends: where the window began, the position then, the last cause', async () => {
    const { beta, testers } = await listenedBeta();
    const referrer = testers[2];
    await createTester(ctx, beta.id, { referrer_id: referrer.id });
    assert.deepEqual(await positionEvents(beta.id), [], 'nothing before the window ends');
    assert.deepEqual(
      (await windows(beta.id)).map((w) => [w.tester_id, w.position_before, w.cause, w.opened_at]),
      [[referrer.id, 3, 'referral_credited', NOW]],
      'one window, opened where the tester stood',
    );
    ctx.clock.advance(20 * MINUTE);
    await createTester(ctx, beta.id, { referrer_id: referrer.id });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { point: { email: referrer.email, quantity: 2 } } });
    // The points leave the tester at #1 (a referrals waitlist): a move that changes no position is not noted.
    assert.deepEqual((await windows(beta.id)).map((w) => [w.position_before, w.cause]), [[3, 'referral_credited']], 'later moves note their cause in the same window');
    assert.equal((await windowJobsOf(beta.id)).length, 1, 'and queue no job of their own');
    ctx.clock.advance(39 * MINUTE);
    assert.equal((await closeDueWindows(beta.id)).length, 0, 'not due before its 60 minutes');
    ctx.clock.advance(MINUTE);
    const [closed, ...none] = await closeDueWindows(beta.id);
    assert.deepEqual([JSON.parse(closed.payload), none], [{ betaId: beta.id, testerId: referrer.id, openedAt: NOW }, []]);
    const events = await positionEvents(beta.id);
    assert.equal(events.length, 1, 'one event for the window');
    assert.equal(events[0].created_at, '2026-11-22T10:15:00Z');
    assert.deepEqual(events[0].data, { ...(await show(beta.id, referrer.id)), responses: [], position_before: 3, position_after: 1, cause: 'referral_credited' });
    assert.equal(events[0].data.share_signups_count, 2, 'both friends counted');
    assert.deepEqual(await windows(beta.id), [], 'the window is closed');

    // A second runner taking the same job (at-least-once) finds the window gone: no second event.
    await runWindowJob(closed);
    assert.equal((await positionEvents(beta.id)).length, 1);

    // The next move opens the next window; the old job run once more leaves it alone.
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${referrer.id}`, { body: { tester: { status: 'invited' } } })).status, 200);
    await runWindowJob(closed);
    assert.deepEqual((await windows(beta.id)).map((w) => [w.tester_id, w.position_before, w.cause, w.opened_at]), [[referrer.id, 1, 'status_changed', '2026-11-22T10:15:00.000Z']]);
    assert.equal((await positionEvents(beta.id)).length, 1);
  });

  test('0 tells each move at once, with the positions the move recorded; drift raises nothing', async () => {
    const { beta, testers } = await listenedBeta({ position_change_interval_minutes: 0 });
    const [first, second, third] = testers;
    await createTester(ctx, beta.id, { referrer_id: third.id });
    await createTester(ctx, beta.id, { referrer_id: third.id });
    const events = await positionEvents(beta.id);
    assert.deepEqual(
      events.map((event) => [event.data.id, event.data.position_before, event.data.position_after, event.data.cause]),
      [[third.id, 3, 1, 'referral_credited']],
      'the move that changed a position (the second left third at #1), none for the friends signing up or for first and second passed by third',
    );
    assert.deepEqual(events[0].data.waitlist_position, 1);
    assert.ok(!events.some((event) => [first.id, second.id].includes(event.data.id)), 'drift is not told');
    assert.deepEqual(await windows(beta.id), [], 'no window with 0');
    assert.deepEqual(await windowJobsOf(beta.id), []);
    const moves = await ctx.database.db.selectFrom('tester_moves').select(['position_before', 'position']).where('tester_id', '=', third.id).where('cause', '=', 'referral_credited').orderBy('id').execute();
    assert.deepEqual(moves.map((m) => [m.position_before, m.position]), [[3, 1], [1, 1]], 'the events agree with the moves');
  });

  test('a window whose moves cancel out tells nothing', async () => {
    const { beta, testers } = await listenedBeta({ waitlist_order: 'points' });
    const awarded = await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { point: { email: testers[2].email, quantity: 5 } } });
    assert.equal(awarded.status, 201);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/points/${awarded.body.id}`)).status, 200);
    assert.deepEqual((await windows(beta.id)).map((w) => [w.position_before, w.cause, w.moves]), [[3, 'points_revoked', 2]], 'one window noting both');
    ctx.clock.advance(60 * MINUTE);
    assert.equal((await closeDueWindows(beta.id)).length, 1);
    assert.deepEqual(await positionEvents(beta.id), []);
    assert.deepEqual(await windows(beta.id), []);
  });

  test('nobody listening: no window and no job; an endpoint for other types does not count', async () => {
    const beta = await ctx.createBeta();
    await addEndpoint(beta.id, ['tester_updated']);
    const referrer = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: referrer.id });
    assert.deepEqual(await windows(beta.id), []);
    assert.deepEqual(await windowJobsOf(beta.id), []);
  });

  test('the e-mail is off by default; switched on, it goes once per window to a tester who moved up', async () => {
    const beta = await ctx.createBeta({ position_change_interval_minutes: 30 });
    await createTester(ctx, beta.id);
    const referrer = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: referrer.id });
    assert.deepEqual(await windows(beta.id), [], 'off: nothing is opened');
    const template = await ctx.request('GET', `/api/v2/betas/${beta.id}/email_templates/position_changed`);
    assert.equal(template.status, 200);
    assert.deepEqual([template.body.enabled, template.body.variables], [false, ['tester', 'beta', 'unsubscribe_url', 'position_before', 'position_after']]);

    await setTemplate(ctx, beta.id, 'position_changed', { enabled: true });
    const climber = await createTester(ctx, beta.id);
    await createTester(ctx, beta.id, { referrer_id: climber.id });
    await createTester(ctx, beta.id, { referrer_id: climber.id });
    assert.deepEqual((await windows(beta.id)).map((w) => [w.tester_id, w.position_before]), [[climber.id, 4]]);
    ctx.clock.advance(30 * MINUTE);
    assert.equal((await closeDueWindows(beta.id)).length, 1);
    const messages = (await storedMessages(ctx, beta.id)).filter((m) => m.occasion === 'position_changed');
    assert.deepEqual(messages.map((m) => [m.tester_id, m.subject, m.status]), [[climber.id, 'You moved up on the Launch waitlist', 'queued']]);
    assert.match(messages[0].text_body, /from number 4 to number 1\./);
    assert.deepEqual(await positionEvents(beta.id), [], 'no endpoint: no event');
  });

  test('the interval is a setting: 60 by default, refused out of range with the settings code', async () => {
    const beta = await ctx.createBeta();
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.equal(shown.body.settings.position_change_interval_minutes, 60);
    const patch = (settings: Record<string, unknown>) => ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings } });
    const settingsCodes = codes(await patch({ idle_days: -1 }));
    assert.ok(settingsCodes.length > 0);
    for (const bad of [-1, 10081, 1.5, 'soon', null]) {
      const refused = await patch({ position_change_interval_minutes: bad });
      assert.equal(refused.status, 422, JSON.stringify(refused.body));
      assert.deepEqual(codes(refused), settingsCodes, 'the code of any other setting out of range');
      assert.match(refused.body.errors[0].message, /position_change_interval_minutes/);
    }
    const stored = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.settings).position_change_interval_minutes, 60, 'unchanged');
    const changed = await patch({ position_change_interval_minutes: 0 });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.settings.position_change_interval_minutes, 0);
  });
});
