// A template's draft previewed for a sample tester (POST …/email_templates/{occasion}/preview) and
// sent as a test (POST …/test): rendered by the code every message is rendered with; the test leaves
// through the outbox (captured without SMTP_URL), to one address, never a suppressed one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { signedIn } from '../../console/support.ts';

describe('e-mail template previews and test sends', () => {
  let ctx: TestContext;
  let betaId: number;
  const path = (occasion: string, action: string) => `/api/v2/betas/${betaId}/email_templates/${occasion}/${action}`;
  before(async () => {
    ctx = await startTestContext();
    betaId = (await ctx.createBeta({}, 'Rocket Beta')).id;
  });
  after(() => ctx.close());

  test('the preview renders the draft over the template for a sample tester, and stores nothing', async () => {
    const stored = await ctx.request('PUT', `/api/v2/betas/${betaId}/email_templates/invitation`, { body: { subject: 'Stored {{ beta.name }}' } });
    assert.equal(stored.status, 200);
    const messagesBefore = await ctx.database.db.selectFrom('email_messages').selectAll().execute();

    const draft = await ctx.request('POST', path('invitation', 'preview'), {
      body: { body: 'Hi {{ tester.profile.first_name }}, you are #{{ tester.waitlist_position }} on {{ beta.name }}: {{ unsubscribe_url }}', html_body: '<p>{{ "<b>" }} {{ tester.email }}</p>' },
    });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    assert.deepEqual(draft.body, {
      subject: 'Stored Rocket Beta',
      text: `Hi Jane, you are #42 on Rocket Beta: ${ctx.config.publicUrl}/unsubscribe/sample`,
      html: '<p>&lt;b&gt; jane.doe@example.com</p>',
    });
    // Wrapped, with null: the default part; html_body "" is text only.
    const wrapped = await ctx.request('POST', path('invitation', 'preview'), { body: { email_template: { subject: null, html_body: '' } } });
    assert.equal(wrapped.status, 200);
    assert.match(wrapped.body.subject, /Rocket Beta/);
    assert.notEqual(wrapped.body.subject, 'Stored Rocket Beta');
    assert.equal(wrapped.body.html, null);
    // Nothing sent: the template as the beta sends it (the defaults' HTML included).
    const plain = await ctx.request('POST', path('friend_invitation', 'preview'));
    assert.equal(plain.status, 200);
    assert.match(plain.body.text, /sam\.smith@example\.com/, 'the sample sender');
    assert.match(plain.body.html, /<table/);

    const template = await ctx.request('GET', `/api/v2/betas/${betaId}/email_templates/invitation`);
    assert.equal(template.body.subject, 'Stored {{ beta.name }}', 'the stored template is unchanged');
    assert.equal(template.body.body.includes('waitlist_position'), false);
    assert.deepEqual(await ctx.database.db.selectFrom('email_messages').selectAll().execute(), messagesBefore);
  });

  test('a draft that is not valid Liquid, or fails rendering, is 422 naming the part; unknown occasions 404', async () => {
    const invalid = await ctx.request('POST', path('invitation', 'preview'), { body: { subject: '{{ unclosed', body: '{% if %}' } });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.errors.map((e: { code: number }) => e.code), [2201, 2201]);
    assert.match(invalid.body.errors[0].message, /^subject is not a valid Liquid template/);
    assert.match(invalid.body.errors[1].message, /^body is not a valid Liquid template/);
    const empty = await ctx.request('POST', path('invitation', 'preview'), { body: { subject: '  ' } });
    assert.equal(empty.status, 422);
    assert.match(empty.body.errors[0].message, /^subject must not be empty/);
    const failing = await ctx.request('POST', path('invitation', 'preview'), { body: { body: '{{ tester.email | nosuchfilter }}' } });
    assert.equal(failing.status, 422);
    assert.equal((await ctx.request('POST', path('nothing', 'preview'))).status, 404);
    assert.equal((await ctx.request('POST', `/api/v2/betas/999999/email_templates/invitation/preview`)).status, 404);
    const company = await ctx.services.accounts.createCompany({ name: 'Elsewhere' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    assert.equal((await ctx.request('POST', path('invitation', 'preview'), { key })).status, 404);
  });

  test("a test send goes to the member's address (or the one given), rendered for the sample tester, captured", async () => {
    const owner = await signedIn(ctx, 'owner-preview@example.com', 'owner');
    const sent = await owner.request('POST', path('invitation', 'test'), { subject: 'Test for {{ tester.profile.first_name }}' });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.equal(sent.body.to, 'owner-preview@example.com');
    assert.equal(sent.body.status, 'queued');
    assert.equal(sent.body.test, true);
    assert.equal(sent.body.user_id, null);
    assert.equal(sent.body.subject, 'Test for Jane');
    assert.equal(await ctx.runJobs(), 1);
    const row = await ctx.database.db.selectFrom('email_messages').selectAll().where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'captured');
    assert.equal(row.test, 1);
    assert.equal(row.tester_id, null);
    assert.equal(row.beta_id, betaId);
    assert.match(row.text_body, new RegExp(`${ctx.config.publicUrl}/unsubscribe/${row.unsubscribe_token}`), 'a real unsubscribe link');
    assert.ok(row.html_body?.includes('Jane'));
    const template = await ctx.request('GET', `/api/v2/betas/${betaId}/email_templates/invitation`);
    assert.notEqual(template.body.subject, 'Test for {{ tester.profile.first_name }}', 'the draft was not stored');

    // Listed in the log, with test true.
    const log = await ctx.request('GET', `/api/v2/betas/${betaId}/emails?email=owner-preview@example.com`);
    assert.deepEqual(log.body.map((m: { test: boolean; status: string }) => [m.test, m.status]), [[true, 'captured']]);

    // With a key there is no member: `to` is needed.
    const noAddress = await ctx.request('POST', path('invitation', 'test'));
    assert.equal(noAddress.status, 422);
    assert.match(noAddress.body.errors[0].message, /^to is required/);
    const given = await ctx.request('POST', path('applied', 'test'), { body: { to: ' QA@Example.com ' } });
    assert.equal(given.status, 202);
    assert.equal(given.body.to, 'QA@Example.com');
    assert.equal(given.body.occasion, 'applied');
    const bad = await ctx.request('POST', path('applied', 'test'), { body: { to: 'not an address' } });
    assert.equal(bad.status, 422);
    assert.match(bad.body.errors[0].message, /^to: Email "not an address" is not a valid e-mail address/);
    await ctx.runJobs();
  });

  test('a suppressed address gets no test; a viewer may preview but not send; nothing is stored when refused', async () => {
    assert.equal((await ctx.request('POST', `/api/v2/betas/${betaId}/suppressions`, { body: { email: 'blocked@example.com' } })).status, 201);
    const count = async () => (await ctx.database.db.selectFrom('email_messages').select('id').execute()).length;
    const before = await count();
    const suppressed = await ctx.request('POST', path('invitation', 'test'), { body: { to: 'BLOCKED@example.com' } });
    assert.equal(suppressed.status, 422);
    assert.match(suppressed.body.errors[0].message, /is suppressed in this beta/);

    const viewer = await signedIn(ctx, 'viewer-preview@example.com', 'viewer');
    assert.equal((await viewer.request('POST', path('invitation', 'preview'), {})).status, 200);
    const refused = await viewer.request('POST', path('invitation', 'test'), {});
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].code, 3004);
    assert.equal(await count(), before);
  });
});

describe('test sends are rate limited', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_TEST_EMAILS: '2/1h' } });
  });
  after(() => ctx.close());

  test('past RATE_LIMIT_TEST_EMAILS per key, 429 and nothing queued', async () => {
    const beta = await ctx.createBeta();
    const url = `/api/v2/betas/${beta.id}/email_templates/invitation/test`;
    for (let i = 0; i < 2; i++) assert.equal((await ctx.request('POST', url, { body: { to: 'qa@example.com' } })).status, 202);
    const limited = await ctx.request('POST', url, { body: { to: 'qa@example.com' } });
    assert.equal(limited.status, 429);
    assert.match(limited.body.errors[0].message, /to send test e-mails/);
    assert.ok(limited.headers['retry-after']);
    assert.equal((await ctx.database.db.selectFrom('email_messages').select('id').execute()).length, 2);
  });
});
