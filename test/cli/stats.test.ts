// prelaunch stats: the largest betas, the outbox backlog, webhook deliveries of the last hour and
// e-mails by status, read from the database, as tables or JSON.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../../src/cli/program.ts';
import { enqueueJob, PARKED } from '../../src/jobs/outbox.ts';
import { EMAIL_SEND_JOB } from '../../src/modules/emails/send-jobs.ts';
import { storedTime } from '../../src/primitives/time.ts';
import { startTestContext, type TestContext } from '../support/context.ts';

describe('prelaunch stats', () => {
  let ctx: TestContext;
  let big: { id: number };
  let small: { id: number };
  const now = Date.now();

  async function stats(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
    const code = await runCli(['stats', ...args], io, { DATABASE_URL: ctx.config.databaseUrl });
    return { code, stdout, stderr };
  }

  async function addTesters(betaId: number, emails: string[], status = 'applied') {
    for (const email of emails) {
      const response = await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { body: { tester: { email, status } } });
      assert.equal(response.status, 201);
    }
  }

  before(async () => {
    ctx = await startTestContext();
    small = await ctx.createBeta({}, 'Small');
    big = await ctx.createBeta({}, 'Big one');
    await addTesters(big.id, ['a@example.com', 'b@example.com']);
    await addTesters(big.id, ['c@example.com'], 'invited'); // queues an invitation e-mail
    await addTesters(small.id, ['d@example.com']);
    await ctx.runJobs(); // the invitation is captured (no SMTP_URL)
    await addTesters(small.id, ['e@example.com'], 'invited'); // stays queued: its job is not run

    // Outbox jobs relative to the real clock, which the command reads with.
    const db = ctx.database.db;
    await db.transaction().execute(async (trx) => {
      await enqueueJob(trx, 'stats.a', {}, new Date(now - 120_000));
      await enqueueJob(trx, 'stats.a', {}, new Date(now - 30_000));
      await enqueueJob(trx, 'stats.a', {}, new Date(now + 3_600_000));
    });
    await db.updateTable('outbox_jobs').set({ run_at: PARKED }).where('kind', '=', EMAIL_SEND_JOB).execute();

    // Webhook delivery attempts: two in the last hour, one before.
    const at = (ms: number) => storedTime(new Date(now - ms));
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({ beta_id: big.id, url: 'https://hooks.example.com/x', secret: 'whsec_x', events: null, created_at: at(0), updated_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = await db
      .insertInto('webhook_events')
      .values({ public_id: 'evt_stats', beta_id: big.id, type: 'tester_created', payload: '{}', created_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempt = (n: number, status: string, ago: number) => ({
      endpoint_id: endpoint.id,
      event_id: event.id,
      attempt: n,
      status,
      response_status: status === 'succeeded' ? 200 : 500,
      error: null,
      duration_ms: 12,
      next_attempt_at: null,
      created_at: at(ago),
    });
    await db.insertInto('webhook_deliveries').values([attempt(1, 'failed', 7_200_000), attempt(2, 'failed', 600_000), attempt(3, 'succeeded', 60_000)]).execute();
  });
  after(() => ctx.close());

  test('--json: every figure, largest beta first', async () => {
    const result = await stats('--json');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, '');
    const value = JSON.parse(result.stdout);
    assert.match(value.generated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.deepEqual(value.largest_betas, [
      { beta_id: big.id, company_id: ctx.companyId, name: 'Big one', testers: 3, applied: 2 },
      { beta_id: small.id, company_id: ctx.companyId, name: 'Small', testers: 2, applied: 1 },
    ]);
    const [email, a] = value.outbox; // by kind
    assert.deepEqual({ ...a, oldest_due_at: undefined, oldest_due_seconds: undefined }, {
      kind: 'stats.a', due: 2, scheduled: 1, parked: 0, oldest_due_at: undefined, oldest_due_seconds: undefined,
    });
    assert.equal(a.oldest_due_at, `${new Date(now - 120_000).toISOString().slice(0, 19)}Z`);
    assert.ok(a.oldest_due_seconds >= 119 && a.oldest_due_seconds < 180, String(a.oldest_due_seconds));
    assert.deepEqual(email, { kind: EMAIL_SEND_JOB, due: 0, scheduled: 0, parked: 1, oldest_due_at: null, oldest_due_seconds: null });
    assert.equal(value.outbox.length, 2);
    assert.deepEqual(value.webhook_deliveries_last_hour, { succeeded: 1, failed: 1 });
    assert.deepEqual(value.emails_by_status, { captured: 1, queued: 1 });
  });

  test('tables for people by default; --betas limits the list', async () => {
    const result = await stats('--betas', '1');
    assert.equal(result.code, 0, result.stderr);
    const text = result.stdout;
    assert.match(text, /^Prelaunch figures at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/m);
    assert.match(text, /^ {2}beta\s+company\s+name\s+testers\s+applied$/m);
    assert.match(text, new RegExp(`^ {2}${big.id}\\s+${ctx.companyId}\\s+Big one\\s+3\\s+2$`, 'm'));
    assert.doesNotMatch(text, /Small/, 'one beta listed');
    assert.match(text, /^ {2}stats\.a\s+2\s+1\s+0\s+\d{4}-\S+Z \(\d+ s ago\)$/m);
    assert.match(text, new RegExp(`^ {2}${EMAIL_SEND_JOB.replace('.', '\\.')}\\s+0\\s+0\\s+1\\s+-$`, 'm'));
    assert.match(text, /^Webhook deliveries in the last hour: 1 succeeded, 1 failed$/m);
    assert.match(text, /^E-mails: 1 captured, 1 queued$/m);
  });

  test('a bad --betas is a usage error', async () => {
    const result = await stats('--betas', '0');
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /--betas <n>.*positive whole number/);
  });
});
