import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester, uniqueEmail } from '../testers/support.ts';
import { setTemplate, storedMessages } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const LIST_FIELDS = ['created_at', 'error', 'id', 'occasion', 'sent_at', 'status', 'subject', 'test', 'to', 'user_id'];

describe('e-mail messages API', () => {
  let ctx: TestContext;
  let betaId: number;
  /** Testers, in the order their messages were recorded: invited, invited, applied, suppressed invited. */
  const testers: { id: number; email: string }[] = [];

  before(async () => {
    ctx = await startTestContext();
    const beta = await ctx.createBeta();
    betaId = beta.id;
    await setTemplate(ctx, betaId, 'applied', { enabled: true });
    testers.push(await createTester(ctx, betaId, { status: 'invited' }));
    testers.push(await createTester(ctx, betaId, { email: uniqueEmail('Mixed.Case'), status: 'invited' }));
    testers.push(await createTester(ctx, betaId));
    const suppressed = uniqueEmail('held');
    await ctx.request('POST', `/api/v2/betas/${betaId}/suppressions`, { body: { email: suppressed } });
    testers.push(await createTester(ctx, betaId, { email: suppressed, status: 'invited' }));
  });
  after(() => ctx.close());

  const list = (query = '', key?: string) => ctx.request('GET', `/api/v2/betas/${betaId}/emails${query}`, { key });

  test('list: every message by id, without bodies, with the page facts in X-Pagination', async () => {
    const stored = await storedMessages(ctx, betaId);
    const response = await list();
    assert.equal(response.status, 200);
    assert.equal(response.body.length, 4);
    for (const message of response.body) assert.deepEqual(Object.keys(message).sort(), LIST_FIELDS);
    assert.deepEqual(
      response.body.map((m: { id: number; to: string; occasion: string; status: string; user_id: number }) => [m.id, m.to, m.occasion, m.status, m.user_id]),
      [
        [stored[0].id, testers[0].email, 'invitation', 'queued', testers[0].id],
        [stored[1].id, testers[1].email, 'invitation', 'queued', testers[1].id],
        [stored[2].id, testers[2].email, 'applied', 'queued', testers[2].id],
        [stored[3].id, testers[3].email, 'invitation', 'suppressed', testers[3].id],
      ],
    );
    assert.deepEqual(JSON.parse(String(response.headers['x-pagination'])), {
      previous_page: null, next_page: null, current_page: 1, per_page: 25, count: 4, pages: 1, total_count: 4,
    });
  });

  test('filters: email (exact, any case), occasion and status, combined', async () => {
    const byEmail = await list(`?email=${encodeURIComponent(testers[1].email.toUpperCase())}`);
    assert.equal(byEmail.status, 200);
    assert.deepEqual(byEmail.body.map((m: { to: string }) => m.to), [testers[1].email]);
    assert.deepEqual((await list('?email=example.com')).body, [], 'not a fragment match');
    assert.deepEqual((await list('?occasion=applied')).body.map((m: { user_id: number }) => m.user_id), [testers[2].id]);
    assert.deepEqual((await list('?status=suppressed')).body.map((m: { user_id: number }) => m.user_id), [testers[3].id]);
    const both = await list('?occasion=invitation&status=queued');
    assert.deepEqual(both.body.map((m: { user_id: number }) => m.user_id), [testers[0].id, testers[1].id]);
    assert.equal(JSON.parse(String(both.headers['x-pagination'])).total_count, 2);
  });

  test('pages: per_page and page, a page past the end is empty', async () => {
    const first = await list('?per_page=3');
    assert.deepEqual(first.body.map((m: { user_id: number }) => m.user_id), testers.slice(0, 3).map((t) => t.id));
    assert.deepEqual(JSON.parse(String(first.headers['x-pagination'])), {
      previous_page: null, next_page: 2, current_page: 1, per_page: 3, count: 3, pages: 2, total_count: 4,
    });
    assert.ok(String(first.headers.link).includes('rel="next"'));
    const second = await list('?per_page=3&page=2');
    assert.deepEqual(second.body.map((m: { user_id: number }) => m.user_id), [testers[3].id]);
    const beyond = await list('?per_page=3&page=3');
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.body, []);
  });

  test('bad filters are 422 in the betas series', async () => {
    const occasion = await list('?occasion=birthday');
    assert.equal(occasion.status, 422);
    assert.deepEqual(codes(occasion), [2201]);
    assert.match(occasion.body.errors[0].message, /^occasion /);
    const status = await list('?status=lost');
    assert.equal(status.status, 422);
    assert.match(status.body.errors[0].message, /^status /);
    assert.deepEqual(codes(await list('?per_page=101')), [2201]);
  });

  test('show: one message with its bodies as rendered', async () => {
    const [message] = await storedMessages(ctx, betaId);
    const response = await ctx.request('GET', `/api/v2/betas/${betaId}/emails/${message.id}`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      id: message.id,
      to: testers[0].email,
      occasion: 'invitation',
      subject: "You're invited to Launch",
      status: 'queued',
      error: null,
      user_id: testers[0].id,
      test: false,
      created_at: '2026-11-22T09:15:00Z',
      sent_at: null,
      body: message.text_body,
      html_body: message.html_body,
      message_id: null,
    });
  });

  test('a deleted tester\'s messages stay, with user_id null', async () => {
    const tester = await createTester(ctx, betaId, { status: 'invited' });
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${betaId}/testers/${tester.id}`)).status, 200);
    const response = await list(`?email=${encodeURIComponent(tester.email)}`);
    assert.equal(response.body.length, 1);
    assert.equal(response.body[0].user_id, null);
  });

  test('404: unknown or malformed message id, a message of another beta, another company\'s beta', async () => {
    const [message] = await storedMessages(ctx, betaId);
    for (const id of ['999999', 'abc', '-1']) {
      const response = await ctx.request('GET', `/api/v2/betas/${betaId}/emails/${id}`);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'E-mail message not found' }]);
    }
    const otherBeta = await ctx.createBeta({}, 'Other');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${otherBeta.id}/emails/${message.id}`)).status, 404);

    const company = await ctx.services.accounts.createCompany({ name: 'Stranger' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const url of [`/api/v2/betas/${betaId}/emails`, `/api/v2/betas/${betaId}/emails/${message.id}`]) {
      const response = await ctx.request('GET', url, { key });
      assert.equal(response.status, 404, url);
      assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }]);
    }
    const { key: noRead } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read'] });
    assert.equal((await list('', noRead)).status, 403);
  });
});
