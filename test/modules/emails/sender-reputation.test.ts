// The sender's reputation: the server's and a beta's caps per minute (shared by every process on
// the database, past them queued for the next minute and never dropped), the breaker that pauses a
// beta's sending on hard bounces and complaints and tells its owners once, the resume that drains
// the queue, and what the captured mode never trips. Against a real SMTP server on loopback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inTransaction } from '../../../src/db/transaction.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { SendCaps } from '../../../src/modules/emails/send-caps.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { addMember, signedIn } from '../../console/support.ts';
import { createTester, uniqueEmail } from '../testers/support.ts';
import { sendJobs, startSmtpServer, storedMessages, type TestSmtpServer } from './support.ts';

/** Runs due jobs until none is left due (a send put off is not due again before its time). */
async function drain(ctx: TestContext): Promise<void> {
  for (let round = 0; round < 50; round++) if ((await ctx.runJobs()) === 0) return;
  assert.fail('the outbox never ran dry: some job is claimed over and over');
}

async function inviteMany(ctx: TestContext, betaId: number, count: number, prefix = 'guest'): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = uniqueEmail(prefix);
    await createTester(ctx, betaId, { email, status: 'invited' });
    emails.push(email);
  }
  return emails;
}

const statuses = async (ctx: TestContext, betaId: number) => (await storedMessages(ctx, betaId)).map((message) => message.status).sort();

async function sendJobsOf(ctx: TestContext, betaId: number) {
  const ids = new Set((await storedMessages(ctx, betaId)).map((message) => message.id));
  return (await sendJobs(ctx)).filter((job) => ids.has(job.payload.messageId));
}

describe('the caps on sending', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  /** A second process of the same deployment: the same database and clock, its own services and runner. */
  let other: TestContext;

  before(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_SENDS_PER_MINUTE: '3' };
    ctx = await startTestContext({ env });
    other = await startTestContext({ env, databaseUrl: ctx.databaseUrl, clock: ctx.clock, companyId: ctx.companyId });
  });
  after(async () => {
    await other?.close();
    await ctx?.close();
    await smtp?.close();
  });

  const receivedOf = (emails: string[]) => smtp.received.filter((mail) => mail.to.some((to) => emails.includes(to))).length;

  test("the server's cap holds across two processes; the rest wait, queued and uncounted, for the next minute", async () => {
    ctx.clock.set('2026-11-22T09:15:00.000Z');
    const beta = await ctx.createBeta();
    const emails = await inviteMany(ctx, beta.id, 2);
    await drain(ctx);
    assert.equal(receivedOf(emails), 2, 'one process sent two');
    ctx.clock.set('2026-11-22T09:15:10.000Z');
    emails.push(...(await inviteMany(other, beta.id, 5)));
    await drain(other);

    assert.equal(receivedOf(emails), 3, 'the other process sent one more: the minute had three, whichever process made them');
    assert.deepEqual(await statuses(ctx, beta.id), ['queued', 'queued', 'queued', 'queued', 'sent', 'sent', 'sent']);
    const waiting = await sendJobsOf(ctx, beta.id);
    assert.deepEqual(
      waiting.map((job) => [job.run_at, job.attempts, job.locked_by]),
      Array(4).fill(['2026-11-22T09:16:00.000Z', 0, null]),
      'moved to the next minute, their attempt not counted',
    );
    const windows = await ctx.database.db.selectFrom('email_send_windows').selectAll().execute();
    assert.deepEqual(windows, [{ scope: 'server', window_start: '2026-11-22T09:15:00.000Z', sends: 3 }]);
    assert.equal(await ctx.runJobs(), 0, 'nothing is due again before the next minute: the runner does not spin');

    ctx.clock.set('2026-11-22T09:16:00.000Z');
    await drain(ctx);
    assert.equal(receivedOf(emails), 6);
    ctx.clock.set('2026-11-22T09:17:00.000Z');
    await drain(other);
    assert.equal(receivedOf(emails), 7, 'every message went out in the end: none was dropped');
    assert.deepEqual(await statuses(ctx, beta.id), Array(7).fill('sent'));
    assert.deepEqual(await sendJobsOf(ctx, beta.id), []);
    assert.deepEqual(
      await ctx.database.db.selectFrom('email_send_windows').selectAll().execute(),
      [{ scope: 'server', window_start: '2026-11-22T09:17:00.000Z', sends: 1 }],
      "a minute's first send clears the earlier minutes",
    );
  });

  test("a beta's cap holds its own sends back, not another beta's", async () => {
    ctx.clock.set('2026-11-22T10:00:00.000Z');
    const capped = await ctx.createBeta({ email_sends_per_minute: 1 });
    const free = await ctx.createBeta();
    const cappedEmails = await inviteMany(ctx, capped.id, 3);
    const freeEmails = await inviteMany(ctx, free.id, 2);
    ctx.clock.set('2026-11-22T10:00:05.000Z');
    await drain(ctx);

    assert.equal(receivedOf(cappedEmails), 1);
    assert.equal(receivedOf(freeEmails), 2, 'the other beta sent all it had (3 in all: the server cap)');
    assert.deepEqual(
      (await sendJobsOf(ctx, capped.id)).map((job) => [job.run_at, job.attempts]),
      [['2026-11-22T10:01:00.000Z', 0], ['2026-11-22T10:01:00.000Z', 0]],
    );
    assert.deepEqual(await sendJobsOf(ctx, free.id), []);
    const window = await ctx.database.db.selectFrom('email_send_windows').select('sends').where('scope', '=', `beta:${capped.id}`).executeTakeFirstOrThrow();
    assert.equal(window.sends, 1);

    ctx.clock.set('2026-11-22T10:01:00.000Z');
    await drain(ctx);
    assert.equal(receivedOf(cappedEmails), 2);
    ctx.clock.set('2026-11-22T10:02:00.000Z');
    await drain(ctx);
    assert.equal(receivedOf(cappedEmails), 3);
    assert.deepEqual(await statuses(ctx, capped.id), ['sent', 'sent', 'sent']);
  });

  test('slots taken at once by two processes: the cap between them, and a beta gets its slot back when the server has none', async () => {
    const at = new Date('2026-11-22T08:00:30.000Z');
    const caps = [new SendCaps(ctx.database.db, 5), new SendCaps(other.database.db, 5)];
    const taken = await Promise.all(Array.from({ length: 16 }, (_, i) => caps[i % 2].take(900_001, null, at)));
    assert.equal(taken.filter((refusal) => refusal === undefined).length, 5);
    assert.ok(taken.every((refusal) => refusal === undefined || (refusal.scope === 'server' && refusal.until.toISOString() === '2026-11-22T08:01:00.000Z')));
    const windowOf = (scope: string) =>
      ctx.database.db.selectFrom('email_send_windows').select('sends').where('scope', '=', scope).where('window_start', '=', '2026-11-22T08:00:00.000Z').executeTakeFirst();
    assert.deepEqual(await windowOf('server'), { sends: 5 });

    const later = new Date('2026-11-22T08:05:00.000Z');
    const tight = new SendCaps(ctx.database.db, 1);
    assert.equal(await tight.take(900_002, 10, later), undefined);
    assert.deepEqual(await tight.take(900_002, 10, later), { scope: 'server', until: new Date('2026-11-22T08:06:00.000Z') });
    const betaWindow = await ctx.database.db.selectFrom('email_send_windows').select('sends').where('scope', '=', 'beta:900002').executeTakeFirstOrThrow();
    assert.equal(betaWindow.sends, 1, 'the refused send kept no slot of its beta');
  });

  test('email_sends_per_minute and the breaker settings are validated like the other settings, and a refusal changes nothing', async () => {
    const beta = await ctx.createBeta();
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.equal(shown.body.settings.email_sends_per_minute, null);
    assert.equal(shown.body.settings.email_breaker_window, 200);
    assert.equal(shown.body.settings.email_breaker_threshold_percent, 5);
    for (const settings of [{ email_sends_per_minute: 0 }, { email_breaker_window: 19 }, { email_breaker_threshold_percent: 0 }, { email_breaker_threshold_percent: 101 }, { email_breaker_window: 'many' }]) {
      const refused = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings } });
      assert.equal(refused.status, 422, JSON.stringify(settings));
      assert.equal(refused.body.errors[0].code, Errors.betasGeneral.code);
      assert.match(refused.body.errors[0].message, new RegExp(Object.keys(settings)[0]));
    }
    const stored = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.settings).email_breaker_window, 200, 'unchanged');
    const changed = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { email_sends_per_minute: 50, email_breaker_threshold_percent: 0.5 } } });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.settings.email_sends_per_minute, 50);
    assert.equal(changed.body.settings.email_breaker_threshold_percent, 0.5);
  });
});

describe('the sending breaker', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;

  before(async () => {
    smtp = await startSmtpServer();
    ctx = await startTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    await addMember(ctx, 'owner@example.com', 'owner');
    await addMember(ctx, 'second-owner@example.com', 'owner');
    await addMember(ctx, 'admin@example.com', 'admin');
  });
  after(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const bouncing = (email: string) => smtp.script.rcpt.set(email.toLowerCase(), [550]);
  const receivedOf = (emails: string[]) => smtp.received.filter((mail) => mail.to.some((to) => emails.includes(to))).length;
  const pausesOf = (betaId: number) => ctx.database.db.selectFrom('email_sending_pauses').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  const pauseNotices = () => ctx.database.db.selectFrom('member_emails').selectAll().where('occasion', '=', 'sending_paused').orderBy('id').execute();

  test('hard bounces past the threshold pause the beta, its owners are told once, its e-mail stays queued, and a resume drains it', async () => {
    ctx.clock.set('2026-11-22T11:00:00.000Z');
    // More than 10 % of 20 sends: the third problem trips it.
    const beta = await ctx.createBeta({ email_breaker_window: 20, email_breaker_threshold_percent: 10 }, 'Rocket');
    const good = await inviteMany(ctx, beta.id, 2, 'good');
    const bad = [uniqueEmail('bad'), uniqueEmail('bad'), uniqueEmail('bad')];
    for (const email of bad) bouncing(email);
    for (const email of bad.slice(0, 2)) await createTester(ctx, beta.id, { email, status: 'invited' });
    await drain(ctx);
    assert.deepEqual(await pausesOf(beta.id), [], 'two problems in a window of 20 are 10 %: not past it');

    await createTester(ctx, beta.id, { email: bad[2], status: 'invited' });
    await drain(ctx);
    const [pause, ...more] = await pausesOf(beta.id);
    assert.equal(more.length, 0);
    assert.equal(pause.paused_at, '2026-11-22T11:00:00.000Z');
    assert.equal(pause.reason, '3 hard bounces and complaints among the last 5 sends: past 10 % of 20');
    assert.deepEqual([pause.problems, pause.sends, pause.resumed_at], [3, 5, null]);
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.filter((m) => m.problem === 'hard_bounce').map((m) => m.to_address).sort(), [...bad].sort());
    assert.ok(messages.every((m) => m.attempted_at === '2026-11-22T11:00:00.000Z'), 'each was a send');

    const notices = await pauseNotices();
    assert.deepEqual(notices.map((n) => n.to_address).sort(), ['owner@example.com', 'second-owner@example.com'], 'the owners, not the admin');
    assert.equal(notices[0].subject, 'E-mail from Rocket is paused');
    assert.match(notices[0].text_body, /3 hard bounces and complaints among the last 5 sends/);
    assert.match(notices[0].text_body, new RegExp(`/console/betas/${beta.id}\\b`));
    assert.ok(notices.every((n) => n.status === 'sent'), 'the pause does not hold its own notice');
    // Another problem recorded while paused tells nobody again.
    await inTransaction(ctx.database.db, (trx) => ctx.services.sendingBreaker.problemRecorded(trx, beta.id, '2026-11-22T11:00:01.000Z'));
    assert.equal((await pausesOf(beta.id)).length, 1);
    assert.equal((await pauseNotices()).length, 2);

    // While paused: nothing goes out, nothing fails, and the runner does not spin through the backlog.
    ctx.clock.set('2026-11-22T11:05:00.000Z');
    const waiting = await inviteMany(ctx, beta.id, 22, 'waiting');
    assert.equal(await ctx.runJobs(), 20, 'a claim: each finds the pause');
    assert.equal(await ctx.runJobs(), 0, 'the other two were held at once');
    assert.equal(receivedOf(waiting), 0);
    const held = await sendJobsOf(ctx, beta.id);
    assert.equal(held.length, 22);
    assert.equal(held.filter((job) => job.run_at === '2026-11-22T12:05:00.000Z').length, 2, 'held for an hour');
    assert.equal(held.filter((job) => job.run_at === '2026-11-22T11:06:00.000Z').length, 20, 'those in hand look again in a minute');
    assert.ok(held.every((job) => job.attempts === 0 && job.last_error === null));
    assert.equal((await storedMessages(ctx, beta.id)).filter((m) => m.status === 'queued').length, 22);

    const state = await ctx.request('GET', `/api/v2/betas/${beta.id}/email_sending`);
    assert.equal(state.status, 200);
    assert.deepEqual(state.body, {
      paused: true,
      paused_at: '2026-11-22T11:00:00Z',
      pause_reason: pause.reason,
      last_resumed_at: null,
      queued: 22,
      sent_last_minute: 0,
      sent_last_hour: 2,
    });
    const metrics = await ctx.request('GET', '/metrics', { key: null });
    assert.match(metrics.body, /^prelaunch_email_paused_betas 1$/m);
    assert.match(metrics.body, /^prelaunch_email_queue_depth 22$/m);
    assert.match(metrics.body, /^prelaunch_email_sends_deferred_total\{reason="paused"\} 20$/m);
    assert.match(metrics.body, /^prelaunch_emails_sent_total 2$/m, 'the two good sends; bounces and held messages are not sent');

    // A later look, still paused: held again, still nothing sent.
    ctx.clock.set('2026-11-22T11:06:00.000Z');
    assert.equal(await ctx.runJobs(), 20);
    assert.equal(receivedOf(waiting), 0);

    // A viewer may not resume; an owner (here the API key) may.
    const viewer = await signedIn(ctx, 'viewer@example.com', 'viewer');
    assert.equal((await viewer.request('POST', `/api/v2/betas/${beta.id}/email_sending/resume`)).status, 403);
    assert.equal((await pausesOf(beta.id))[0].resumed_at, null, 'the refusal changed nothing');

    ctx.clock.set('2026-11-22T11:10:00.000Z');
    const resumed = await ctx.request('POST', `/api/v2/betas/${beta.id}/email_sending/resume`);
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.paused, false);
    assert.equal(resumed.body.paused_at, null);
    assert.equal(resumed.body.last_resumed_at, '2026-11-22T11:10:00Z');
    assert.equal(resumed.body.queued, 22);
    const [ended] = await pausesOf(beta.id);
    assert.equal(ended.resumed_at, '2026-11-22T11:10:00.000Z');
    assert.match(ended.resumed_by ?? '', /^API key \d+$/);
    assert.ok((await sendJobsOf(ctx, beta.id)).every((job) => job.run_at <= '2026-11-22T11:10:00.000Z'), 'every held send is due');

    await drain(ctx);
    assert.equal(receivedOf(waiting), 22, 'the queue drained');
    assert.ok((await storedMessages(ctx, beta.id)).every((m) => m.status !== 'queued'));
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/email_sending`)).body.sent_last_minute, 22);
    assert.equal(receivedOf(good), 2);

    // After the resume the breaker counts from there: one more bounce does not pause it again.
    const oneMore = uniqueEmail('bad');
    bouncing(oneMore);
    await createTester(ctx, beta.id, { email: oneMore, status: 'invited' });
    await drain(ctx);
    assert.equal((await pausesOf(beta.id)).length, 1);
    const again = await ctx.request('POST', `/api/v2/betas/${beta.id}/email_sending/resume`);
    assert.equal(again.status, 200, 'resuming a beta that is not paused changes nothing');
    assert.equal((await pausesOf(beta.id))[0].resumed_at, '2026-11-22T11:10:00.000Z');
  });

  test('complaints count against the sends they came back for', async () => {
    ctx.clock.set('2026-11-22T12:00:00.000Z');
    // More than 5 % of 20: the second problem trips it.
    const beta = await ctx.createBeta({ email_breaker_window: 20, email_breaker_threshold_percent: 5 });
    const emails = await inviteMany(ctx, beta.id, 3);
    await drain(ctx);
    const complain = (email: string) =>
      inTransaction(ctx.database.db, (trx) => ctx.services.suppressions.suppress(trx, beta.id, email, 'SpamComplaint', '2026-11-22T12:30:00.000Z'));
    await complain(emails[0]);
    assert.deepEqual(await pausesOf(beta.id), []);
    await complain(emails[1].toUpperCase());
    const [pause] = await pausesOf(beta.id);
    assert.equal(pause.paused_at, '2026-11-22T12:30:00.000Z');
    assert.equal(pause.problems, 2);
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.to_address, m.status, m.problem]), [
      [emails[0], 'sent', 'complaint'],
      [emails[1], 'sent', 'complaint'],
      [emails[2], 'sent', null],
    ]);
  });

  test("another company's beta: 404, and nothing changes", async () => {
    const stranger = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      const theirs = await stranger.createBeta();
      await stranger.database.db.insertInto('email_sending_pauses').values({ beta_id: theirs.id, paused_at: '2026-11-22T12:00:00.000Z', reason: 'r', problems: 3, sends: 5 }).execute();
      for (const [method, path] of [['GET', ''], ['POST', '/resume']]) {
        const response = await ctx.request(method, `/api/v2/betas/${theirs.id}/email_sending${path}`);
        assert.equal(response.status, 404);
        assert.equal(response.body.errors[0].code, Errors.notFound.code);
        assert.equal(response.body.errors[0].message, 'Beta not found');
      }
      assert.equal((await pausesOf(theirs.id))[0].resumed_at, null);
    } finally {
      await stranger.close();
    }
  });
});

describe('captured e-mail (no SMTP_URL)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { EMAIL_SENDS_PER_MINUTE: '1' } });
  });
  after(() => ctx?.close());

  test('takes no slot of a cap and never trips the breaker', async () => {
    ctx.clock.set('2026-11-22T13:00:00.000Z');
    const beta = await ctx.createBeta({ email_breaker_window: 20, email_breaker_threshold_percent: 0.1 });
    const emails = await inviteMany(ctx, beta.id, 3);
    await drain(ctx);
    assert.deepEqual(await statuses(ctx, beta.id), ['captured', 'captured', 'captured'], 'all at once: capturing is no send');
    assert.deepEqual(await ctx.database.db.selectFrom('email_send_windows').selectAll().execute(), []);
    await inTransaction(ctx.database.db, (trx) => ctx.services.suppressions.suppress(trx, beta.id, emails[0], 'SpamComplaint', '2026-11-22T13:00:01.000Z'));
    assert.deepEqual(await ctx.database.db.selectFrom('email_sending_pauses').selectAll().execute(), []);
    assert.ok((await storedMessages(ctx, beta.id)).every((m) => m.problem === null && m.attempted_at === null));
  });
});
