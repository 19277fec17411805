// An import stopped between batches resumes where it stopped, in this process or another; one that
// fails in the middle of a batch leaves nothing of that batch, and running it again imports every
// line once. A 50 MB file is received in chunks and imported.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact } from '../testers/support.ts';
import type { OutboxJobRow } from '../../../src/db/tables/effects.ts';
import { BATCH_ROWS } from '../../../src/modules/imports/import-context.ts';
import { postFile, testersOf } from './support.ts';

const LINES = BATCH_ROWS * 2 + BATCH_ROWS / 2;
/** Every other line `joined` (an e-mail is sent for invited, none for applied or imported), each referred by the line before. */
const file = (prefix: string, joined = 'applied') =>
  `email,status,referrer_id\n${Array.from({ length: LINES }, (_, i) => `${prefix}${i}@example.com,${i % 2 ? joined : 'imported'},${i > 0 ? `${prefix}${i - 1}@example.com` : ''}`).join('\n')}\n`;

describe('imports that stop, fail and resume', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00Z'));

  const storedImport = (id: number) => ctx.database.db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The import's job, run once by hand as the outbox would, with `stop` as its signal. */
  const runOnce = (importId: number, stop: AbortSignal, attempts = 1) =>
    ctx.services.imports.jobHandlers['import.run']!({ importId }, { attempts } as OutboxJobRow, stop);

  async function queued(betaId: number, csv: string, query = ''): Promise<number> {
    const created = await postFile(ctx, betaId, csv, query);
    assert.equal(created.status, 202);
    // Run by hand below: the queued job is dropped so that runJobs does not run it too.
    await ctx.database.db.deleteFrom('outbox_jobs').where('kind', '=', 'import.run').execute();
    return created.body.id;
  }

  test('stopped after a batch, the import resumes from its cursor in another process and ends as one run would', async () => {
    const beta = await ctx.createBeta();
    const created = await postFile(ctx, beta.id, file('s'));
    const stop = AbortSignal.abort();
    assert.deepEqual(await runOnce(created.body.id, stop), { retryAt: ctx.clock.now() });
    const stopped = await storedImport(created.body.id);
    assert.deepEqual([stopped.status, stopped.rows_accepted, stopped.cursor_line, stopped.phase], ['running', BATCH_ROWS, BATCH_ROWS + 2, 'rows']);
    assert.equal((await testersOf(ctx, beta.id)).length, BATCH_ROWS);

    // Another process over the same database runs the queued job to its end.
    await ctx.database.db.updateTable('outbox_jobs').set({ run_at: new Date(0).toISOString() }).where('kind', '=', 'import.run').execute();
    const other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      assert.equal(await other.runJobs(), 1);
    } finally {
      await other.close();
    }
    const done = await storedImport(created.body.id);
    assert.deepEqual([done.status, done.rows_total, done.rows_accepted, done.referrals_linked, done.phase], ['completed', LINES, LINES, LINES - 1, 'done']);
    const testers = await testersOf(ctx, beta.id);
    assert.deepEqual(testers.map((t) => t.email), Array.from({ length: LINES }, (_, i) => `s${i}@example.com`), 'each line once, in file order');
    assert.ok(testers.every((t, i) => t.referrer_id === (i > 0 ? testers[i - 1]!.id : null)));
    await assertCountersExact(ctx, beta.id, assert);
    assert.deepEqual(await ctx.database.db.selectFrom('import_referrers').selectAll().execute(), []);
  });

  test('a failure in the middle of a batch leaves none of it; run again, every line is imported once', async () => {
    const beta = await ctx.createBeta();
    const importId = await queued(beta.id, file('f', 'invited'), 'send_emails=true');
    const emails = ctx.services.emails;
    const original = emails.statusChanged;
    let calls = 0;
    emails.statusChanged = async function (this: typeof emails, ...args) {
      if (++calls === BATCH_ROWS + 10) throw new Error('the database went away');
      return original.apply(this, args);
    };
    try {
      await assert.rejects(runOnce(importId, new AbortController().signal), /the database went away/);
    } finally {
      emails.statusChanged = original;
    }
    const failed = await storedImport(importId);
    assert.deepEqual([failed.status, failed.rows_accepted, failed.rows_total, failed.cursor_line], ['running', BATCH_ROWS, BATCH_ROWS, BATCH_ROWS + 2]);
    assert.equal((await testersOf(ctx, beta.id)).length, BATCH_ROWS, 'the first batch only');
    const messages = await ctx.database.db.selectFrom('email_messages').select('id').where('beta_id', '=', beta.id).execute();
    assert.equal(messages.length, BATCH_ROWS / 2, 'the invitations of the first batch only');
    await assertCountersExact(ctx, beta.id, assert);

    assert.equal(await runOnce(importId, new AbortController().signal), undefined);
    const done = await storedImport(importId);
    assert.deepEqual([done.status, done.rows_total, done.rows_accepted, done.rows_duplicate], ['completed', LINES, LINES, 0]);
    assert.equal((await testersOf(ctx, beta.id)).length, LINES);
    assert.equal((await ctx.database.db.selectFrom('email_messages').select('id').where('beta_id', '=', beta.id).execute()).length, LINES / 2);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('an import failing on its last attempt is failed with a message, keeping what it imported', async () => {
    const beta = await ctx.createBeta();
    const importId = await queued(beta.id, 'email\nlast@example.com\n');
    await ctx.database.db.updateTable('imports').set({ columns: 'not json' }).where('id', '=', importId).execute();
    assert.equal(await runOnce(importId, new AbortController().signal, 10), undefined);
    const shown = (await ctx.request('GET', `/api/v2/betas/${beta.id}/imports/${importId}`)).body;
    assert.deepEqual([shown.status, shown.failure], ['failed', 'The import stopped on an internal error after several attempts; the lines imported so far are kept']);
    assert.deepEqual(await ctx.database.db.selectFrom('import_chunks').selectAll().where('import_id', '=', importId).execute(), []);
  });

  test('a dry run stopped part way starts again from the first line and reports the whole file once', async () => {
    const beta = await ctx.createBeta();
    const importId = await queued(beta.id, file('d'), 'dry_run=true');
    await runOnce(importId, AbortSignal.abort());
    assert.equal((await storedImport(importId)).rows_total, BATCH_ROWS);
    await runOnce(importId, new AbortController().signal);
    const done = await storedImport(importId);
    assert.deepEqual([done.status, done.rows_total, done.rows_accepted, done.referrals_linked], ['completed', LINES, LINES, LINES - 1]);
    assert.deepEqual(await testersOf(ctx, beta.id), []);
  });

  test('a 50 MB file is received in chunks and imported', async () => {
    const beta = await ctx.createBeta();
    const note = 'n'.repeat(50 * 1024);
    const lines = Array.from({ length: 1024 }, (_, i) => `big${i}@example.com,${note}`);
    const csv = Buffer.from(`email,notes\n${lines.join('\n')}\n`);
    assert.ok(csv.byteLength > 50 * 1024 * 1024);
    const created = await postFile(ctx, beta.id, csv);
    assert.equal(created.status, 202);
    const stored = await storedImport(created.body.id);
    assert.equal(stored.bytes, csv.byteLength);
    const chunks = await ctx.database.db.selectFrom('import_chunks').select((eb) => eb.fn.countAll<number>().as('n')).where('import_id', '=', created.body.id).executeTakeFirstOrThrow();
    assert.ok(Number(chunks.n) > 100, 'kept in chunks, not as one value');
    // The e-mails queued by earlier tests would be run first.
    await ctx.database.db.deleteFrom('outbox_jobs').where('kind', '!=', 'import.run').execute();
    assert.equal(await ctx.runJobs(), 1);
    const report = (await ctx.request('GET', `/api/v2/betas/${beta.id}/imports/${created.body.id}`)).body;
    assert.deepEqual([report.status, report.rows_total, report.rows_accepted, report.warnings_count], ['completed', 1024, 1024, 1]);
    assert.equal((await testersOf(ctx, beta.id)).length, 1024);
  });
});
