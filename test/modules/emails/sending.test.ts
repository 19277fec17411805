import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JobRunner } from '../../../src/jobs/outbox.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createTester, uniqueEmail } from '../testers/support.ts';
import { parseMail, sendJobs, startSmtpServer, storedMessage, storedMessages, type TestSmtpServer } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const SMTP_PASSWORD = 's3cret-Pass';

describe('e-mail sending over SMTP', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const logLines: string[] = [];
  let runner: JobRunner;

  before(async () => {
    smtp = await startSmtpServer();
    ctx = await startTestContext({ env: { SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}` } });
    // The worker's own log lines, to check that none carries a body, a token or the password.
    const log = (...args: unknown[]) => {
      logLines.push(JSON.stringify(args));
    };
    runner = new JobRunner(ctx.database.db, ctx.database.dialect, ctx.clock, ctx.services.jobHandlers, { error: log, warn: log });
  });
  after(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => ctx.clock.set(NOW));

  const runJobs = () => runner.runDue();

  async function invite(betaId: number, email = uniqueEmail()) {
    const tester = await createTester(ctx, betaId, { email, status: 'invited', profile: { first_name: 'Ann' } });
    const message = (await storedMessages(ctx, betaId)).find((m) => m.tester_id === tester.id && m.occasion === 'invitation');
    assert.ok(message, 'the invitation was queued');
    return { tester, message };
  }

  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  test('a queued message is sent: To, Subject, From, List-Unsubscribe headers, text and HTML parts', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const { tester, message } = await invite(beta.id);
    ctx.clock.set('2026-11-22T09:15:02.000Z');
    assert.equal(await runJobs(), 1);

    const [mail, ...more] = receivedBy(tester.email);
    assert.equal(more.length, 0);
    assert.deepEqual(mail.to, [tester.email]);
    assert.equal(mail.from, 'no-reply@prelaunch.test');
    assert.deepEqual(mail.auth, { username: 'mailer', password: SMTP_PASSWORD }, 'logged in with the credentials of SMTP_URL');
    const parsed = parseMail(mail.raw);
    assert.equal(parsed.headers.get('to'), tester.email);
    assert.equal(parsed.headers.get('from'), 'Rocket <no-reply@prelaunch.test>');
    assert.equal(parsed.headers.get('subject'), "You're invited to Rocket");
    assert.equal(parsed.headers.get('list-unsubscribe'), `<https://prelaunch.test/unsubscribe/${message.unsubscribe_token}>`);
    assert.equal(parsed.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.match(parsed.headers.get('content-type')!, /^multipart\/alternative/);
    assert.equal(parsed.text?.replace(/\r\n/g, '\n'), message.text_body);
    assert.ok(parsed.text!.includes(tester.invitation_code));
    assert.equal(parsed.html?.replace(/\r\n/g, '\n'), message.html_body);

    const stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'sent');
    assert.equal(stored.sent_at, '2026-11-22T09:15:02.000Z');
    assert.equal(stored.error, null);
    assert.equal(stored.provider_message_id, parsed.headers.get('message-id'));
    assert.deepEqual((await sendJobs(ctx)).filter((job) => job.payload.messageId === message.id), []);

    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/emails/${message.id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.status, 'sent');
    assert.equal(shown.body.sent_at, '2026-11-22T09:15:02Z');
    assert.equal(shown.body.message_id, stored.provider_message_id);
  });

  test('EMAIL_FROM, when set, is the sender of every message', async () => {
    const other = await startTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_FROM: 'Acme Launches <hello@acme.example>' } });
    try {
      const beta = await other.createBeta();
      const tester = await createTester(other, beta.id, { status: 'invited' });
      assert.equal(await other.runJobs(), 1);
      const [mail] = receivedBy(tester.email);
      assert.equal(mail.from, 'hello@acme.example');
      assert.equal(mail.auth, null, 'no credentials in SMTP_URL: no login');
      assert.equal(parseMail(mail.raw).headers.get('from'), 'Acme Launches <hello@acme.example>');
    } finally {
      await other.close();
    }
  });

  test('an address suppressed after queueing is held back: suppressed, and the server sees nothing', async () => {
    const beta = await ctx.createBeta();
    const { tester, message } = await invite(beta.id);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: tester.email } })).status, 201);
    assert.equal(await runJobs(), 1);
    assert.equal((await storedMessage(ctx, message.id)).status, 'suppressed');
    assert.ok(!smtp.attempts.includes(tester.email), 'not even a RCPT TO');
    assert.deepEqual(receivedBy(tester.email), []);
  });

  test('a tester who unsubscribed after the message was queued gets nothing', async () => {
    const beta = await ctx.createBeta();
    const { tester, message } = await invite(beta.id);
    // The tester moves to another address and unsubscribes it: the queued message's address is
    // not suppressed, but its tester has unsubscribed.
    const moved = uniqueEmail('moved');
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { email: moved } } })).status, 200);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: moved, reason: 'Unsubscribe' } })).status, 201);
    assert.equal(await runJobs(), 1);
    assert.equal((await storedMessage(ctx, message.id)).status, 'suppressed');
    assert.ok(!smtp.attempts.includes(tester.email));
  });

  test('a tester deleted after the message was queued gets nothing', async () => {
    const beta = await ctx.createBeta();
    const { tester, message } = await invite(beta.id);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${tester.id}`)).status, 200);
    assert.equal(await runJobs(), 1);
    const stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'suppressed');
    assert.equal(stored.tester_id, null);
    assert.ok(!smtp.attempts.includes(tester.email));
  });

  test('no connection to the SMTP server is a temporary failure: the message stays queued for a retry', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const other = await startTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${closed.port}` } });
    try {
      const beta = await other.createBeta();
      const email = uniqueEmail();
      await createTester(other, beta.id, { email, status: 'invited' });
      assert.equal(await other.runJobs(), 1);
      const [message] = await storedMessages(other, beta.id);
      assert.equal(message.status, 'queued');
      assert.match(message.error!, /ECONNREFUSED|ECONNECTION/);
      const [job] = await sendJobs(other);
      assert.equal(job.attempts, 1);
      assert.equal(job.payload.messageId, message.id);
      assert.equal(await other.database.db.selectFrom('suppressions').select('id').executeTakeFirst(), undefined, 'not a bounce');
    } finally {
      await other.close();
    }
  });

  test('a 451 is retried after the backoff, then sent', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('greylisted');
    smtp.script.rcpt.set(email, [451]);
    const { message } = await invite(beta.id, email);
    assert.equal(await runJobs(), 1);
    let stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'queued');
    assert.match(stored.error!, /^451 4\.7\.1 Try again later/);
    const [job] = (await sendJobs(ctx)).filter((j) => j.payload.messageId === message.id);
    assert.equal(job.attempts, 1);
    assert.equal(job.run_at, '2026-11-22T09:15:02.000Z', 'the outbox backoff: 2 s after the first attempt');

    assert.equal(await runJobs(), 0, 'not due yet');
    ctx.clock.set('2026-11-22T09:15:02.000Z');
    assert.equal(await runJobs(), 1);
    stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'sent');
    assert.equal(stored.error, null);
    assert.equal(receivedBy(email).length, 1);
    assert.deepEqual(smtp.attempts.filter((a) => a === email), [email, email]);
  });

  test('a 550 to the recipient fails the message, records a HardBounce suppression and suspends the tester', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('gone');
    smtp.script.rcpt.set(email, [550]);
    const { tester, message } = await invite(beta.id, email);
    assert.equal(await runJobs(), 1);
    const stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'failed');
    assert.match(stored.error!, /^550 5\.1\.1 Mailbox unavailable/);
    assert.equal(stored.sent_at, null);
    assert.deepEqual((await sendJobs(ctx)).filter((j) => j.payload.messageId === message.id), [], 'not retried');
    const suppressions = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`, {});
    assert.deepEqual(
      suppressions.body.map((s: { email: string; reason: string; user_id: number }) => [s.email, s.reason, s.user_id]),
      [[email, 'HardBounce', tester.id]],
    );
    assert.equal(receivedBy(email).length, 0);
    const suspended = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(suspended.body.status, 'suspended');
    const restored = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'unsuspended' } } });
    assert.equal(restored.body.status, 'invited');
  });

  test('a 554 after DATA fails the message without suppressing the address', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('refused');
    smtp.script.data.set(email, [554]);
    const { message } = await invite(beta.id, email);
    assert.equal(await runJobs(), 1);
    const stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'failed');
    assert.match(stored.error!, /^554 /);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`)).body.length, 0);
  });

  test('a temporary failure on every attempt fails the message on the last one', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('busy');
    smtp.script.rcpt.set(email, Array(10).fill(421));
    const { message } = await invite(beta.id, email);
    for (let attempt = 1; attempt <= 10; attempt++) {
      assert.equal(await runJobs(), 1, `attempt ${attempt}`);
      const [job] = (await sendJobs(ctx)).filter((j) => j.payload.messageId === message.id);
      if (attempt < 10) {
        assert.equal((await storedMessage(ctx, message.id)).status, 'queued');
        ctx.clock.set(job.run_at);
      } else {
        assert.equal(job, undefined, 'settled on the last attempt, not parked');
      }
    }
    const stored = await storedMessage(ctx, message.id);
    assert.equal(stored.status, 'failed');
    assert.match(stored.error!, /^421 /);
    assert.equal(smtp.attempts.filter((a) => a === email).length, 10);
    assert.equal(receivedBy(email).length, 0);
  });

  test('no log line of the worker carries a body, a token or the SMTP password', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('logged');
    smtp.script.rcpt.set(email, [451]);
    await invite(beta.id, email);
    assert.equal(await runJobs(), 1);
    assert.ok(logLines.some((line) => line.includes('451 4.7.1 Try again later')), 'the retried failure was logged');
    const messages = await ctx.database.db.selectFrom('email_messages').select(['unsubscribe_token', 'text_body']).execute();
    for (const line of logLines) {
      assert.ok(!line.includes(SMTP_PASSWORD), line);
      for (const message of messages) {
        assert.ok(!line.includes(message.unsubscribe_token), line);
        assert.ok(!line.includes(message.text_body.slice(0, 40)), line);
      }
    }
  });
});
