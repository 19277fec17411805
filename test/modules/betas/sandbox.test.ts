// A beta's sandbox (POST /api/v2/betas/{beta_id}/sandbox): created with copies of what configures
// the beta, or answered as it is; one per beta, also under two requests at once; none of its own.
// It answers "sandbox": true, keeps its e-mails from the SMTP server (a real one on loopback), marks
// its webhook deliveries as tests, never counts against the plan, and goes with its beta.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { Errors } from '../../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { startSmtpServer, setTemplate, storedMessages, type TestSmtpServer } from '../emails/support.ts';
import { createDefinition, createRule } from '../rewards/support.ts';
import { codes, createTester, uniqueEmail } from '../testers/support.ts';
import { startReceiver, type Receiver } from '../webhooks/support.ts';

describe('a beta\'s sandbox', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let receiver: Receiver;
  before(async () => {
    smtp = await startSmtpServer();
    receiver = await startReceiver();
    ctx = await startTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(async () => {
    await ctx.close();
    await receiver.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // standardwebhooks compares webhook-timestamp with the real time.
    ctx.clock.set(new Date());
    receiver.received.length = 0;
    await ctx.database.db.deleteFrom('outbox_jobs').execute();
  });

  const db = () => ctx.database.db;
  const openSandbox = (betaId: number, key?: string) => ctx.request('POST', `/api/v2/betas/${betaId}/sandbox.json`, key === undefined ? {} : { key });
  const sandboxesOf = (betaId: number) => db().selectFrom('betas').selectAll().where('sandbox_of', '=', betaId).execute();
  const rowsOf = async (table: 'testers' | 'questions' | 'reward_definitions' | 'reward_rules' | 'email_templates' | 'webhook_endpoints', betaId: number) =>
    db().selectFrom(table).selectAll().where('beta_id', '=', betaId).orderBy('id').execute();

  /** A beta with one of each thing a sandbox copies, and a tester, which it does not. */
  async function furnishedBeta() {
    const beta = await ctx.createBeta({ signup_points: 3, required_fields: ['country'], blocked_email_domains: ['spam.example'] }, 'Rocket');
    const question = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'multiple_choice', prompt: 'Platform?', choices: ['iOS', 'Web'], required: true } });
    assert.equal(question.status, 201, JSON.stringify(question.body));
    const definition = await createDefinition(ctx, beta.id, { descriptor: 'early_bird', name: 'Early bird' });
    await createRule(ctx, beta.id, 'signup', 'early_bird');
    await setTemplate(ctx, beta.id, 'invitation', { subject: 'Come in, {{ tester.email }}' });
    const endpoint = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { url: `${receiver.url}/hook`, events: ['tester_created'] } });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    await createTester(ctx, beta.id, { profile: { country: 'FR' }, responses: { response: [{ question_id: question.body.id, answer: '0' }] } });
    return { beta, definition, endpoint: endpoint.body as { id: number; secret: string } };
  }

  test('is created with copies of the settings, questions, rewards and rules, templates and webhooks (201), then answered as it is (200)', async () => {
    const { beta } = await furnishedBeta();
    const created = await openSandbox(beta.id);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const sandbox = created.body;
    assert.notEqual(sandbox.id, beta.id);
    assert.equal(sandbox.name, 'Rocket (sandbox)');
    assert.equal(sandbox.sandbox, true);
    assert.equal(sandbox.sandbox_of, beta.id);
    assert.equal(sandbox.slug, null);
    assert.equal(sandbox.homepage_url, beta.homepage_url);
    assert.equal(sandbox.testers_count, 0, 'testers are not copied');
    const { decoder_key: key, ...settings } = sandbox.settings;
    const { decoder_key: betaKey, ...betaSettings } = beta.settings as Record<string, unknown>;
    assert.deepEqual(settings, betaSettings);
    assert.notEqual(key, betaKey, 'a decoder key of its own');
    assert.deepEqual(sandbox.page, beta.page);

    const shown = await ctx.request('GET', `/api/v2/betas/${sandbox.id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.sandbox, true);
    const parent = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.equal(parent.body.sandbox, false);
    assert.equal(parent.body.sandbox_of, null);

    const without = <T extends Record<string, unknown>>(rows: T[], ...columns: string[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !['id', 'beta_id', 'created_at', 'updated_at', ...columns].includes(column))));
    assert.deepEqual(without(await rowsOf('questions', sandbox.id)), without(await rowsOf('questions', beta.id)));
    assert.equal((await rowsOf('questions', sandbox.id)).length, 1);
    const definitions = await rowsOf('reward_definitions', sandbox.id);
    assert.deepEqual(without(definitions), without(await rowsOf('reward_definitions', beta.id)));
    const [rule] = await rowsOf('reward_rules', sandbox.id);
    assert.equal(rule?.event, 'signup');
    assert.equal(rule?.definition_id, definitions[0]!.id, "the rule names the sandbox's definition");
    assert.deepEqual(without(await rowsOf('email_templates', sandbox.id)), without(await rowsOf('email_templates', beta.id)));
    assert.equal((await rowsOf('email_templates', sandbox.id)).length, 1);
    const [copy] = await rowsOf('webhook_endpoints', sandbox.id);
    const [original] = await rowsOf('webhook_endpoints', beta.id);
    assert.deepEqual(without([copy!], 'secret'), without([original!], 'secret'));
    assert.match(copy!.secret, /^whsec_/);
    assert.notEqual(copy!.secret, original!.secret, 'a signing secret of its own');
    assert.deepEqual(await rowsOf('testers', sandbox.id), []);

    const again = await openSandbox(beta.id);
    assert.equal(again.status, 200);
    assert.equal(again.body.id, sandbox.id);
    assert.equal((await sandboxesOf(beta.id)).length, 1);
    assert.equal((await rowsOf('questions', sandbox.id)).length, 1, 'nothing copied twice');
  });

  test('two requests at once make one sandbox; the unique index refuses a second', async () => {
    const beta = await ctx.createBeta({}, 'Twice');
    const answers = await Promise.all([openSandbox(beta.id), openSandbox(beta.id)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 201], JSON.stringify(answers.map((answer) => answer.body)));
    assert.equal(answers[0]!.body.id, answers[1]!.body.id);
    assert.equal((await sandboxesOf(beta.id)).length, 1);
    const now = new Date().toISOString();
    await assert.rejects(
      db().insertInto('betas').values({ company_id: ctx.companyId, name: 'Another', homepage_url: 'https://example.com', settings: '{}', sandbox_of: beta.id, created_at: now, updated_at: now }).execute(),
      /sandbox_of|unique/i,
    );
  });

  test('a sandbox has no sandbox (2205), another company\'s beta is 404, a key without betas:write 403: nothing created', async () => {
    const beta = await ctx.createBeta({}, 'Nested');
    const sandbox = (await openSandbox(beta.id)).body;
    const nested = await openSandbox(sandbox.id);
    assert.equal(nested.status, 422);
    assert.deepEqual(codes(nested), [Errors.sandboxOfSandbox.code]);
    assert.match(nested.body.errors[0].message, /sandbox cannot have a sandbox/);
    assert.deepEqual(await sandboxesOf(sandbox.id), []);

    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key: otherKey } = await ctx.services.accounts.createApiKey({ companyId: other.id });
    const lone = await ctx.createBeta({}, 'Lone');
    assert.equal((await openSandbox(lone.id, otherKey)).status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${sandbox.id}`, { key: otherKey })).status, 404, "nor is another company's sandbox");
    const { key: reader } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read'] });
    assert.equal((await openSandbox(lone.id, reader)).status, 403);
    assert.equal((await openSandbox(999_999_999)).status, 404);
    assert.deepEqual(await sandboxesOf(lone.id), []);
  });

  test("its testers are never hidden by the plan and never count against it; the beta's still do", async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small', maxTesters: 2 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const made = await ctx.request('POST', '/api/v2/betas', { body: { name: 'Small', homepage_url: 'https://example.com/small' }, key });
    const beta = made.body;
    const sandbox = (await openSandbox(beta.id, key)).body;
    const signUp = (betaId: number) => ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { body: { tester: { email: uniqueEmail() } }, key });
    assert.equal((await signUp(sandbox.id)).status, 201);
    assert.equal((await signUp(beta.id)).status, 201);
    assert.equal((await signUp(beta.id)).status, 201, "the sandbox's tester took none of the plan's two");
    const third = await signUp(beta.id);
    assert.equal(third.status, 403);
    assert.deepEqual(codes(third), [Errors.testerHidden.code]);
    for (let i = 0; i < 2; i++) assert.equal((await signUp(sandbox.id)).status, 201, 'the plan is full, and the sandbox still takes testers');
    const hidden = await db().selectFrom('testers').select(['beta_id', 'hidden']).where('beta_id', 'in', [beta.id, sandbox.id]).execute();
    assert.deepEqual(hidden.filter((row) => row.beta_id === sandbox.id).map((row) => Number(row.hidden)), [0, 0, 0]);
    assert.deepEqual(hidden.filter((row) => row.beta_id === beta.id).map((row) => Number(row.hidden)).sort(), [0, 0, 1]);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${sandbox.id}`, { key })).body.testers_count, 3);
  });

  test("its e-mails are rendered and stored, and never reach the SMTP server; the beta's do", async () => {
    const { beta } = await furnishedBeta();
    const sandbox = (await openSandbox(beta.id)).body;
    const real = await createTester(ctx, beta.id, { status: 'invited', profile: { country: 'FR' }, responses: { response: [{ question_id: (await rowsOf('questions', beta.id))[0]!.id, answer: '1' }] } });
    const rehearsed = await createTester(ctx, sandbox.id, {
      status: 'invited',
      profile: { country: 'FR' },
      responses: { response: [{ question_id: (await rowsOf('questions', sandbox.id))[0]!.id, answer: '1' }] },
    });
    await ctx.runJobs();

    assert.deepEqual(smtp.received.filter((mail) => mail.to.includes(real.email)).length, 1, "the beta's invitation was sent");
    assert.deepEqual(smtp.attempts.filter((address) => address === rehearsed.email), [], 'the server never heard of the address');
    const [message, ...more] = (await storedMessages(ctx, sandbox.id)).filter((row) => row.tester_id === rehearsed.id);
    assert.equal(more.length, 0);
    assert.equal(message?.status, 'captured');
    assert.equal(message?.occasion, 'invitation');
    assert.equal(message?.subject, `Come in, ${rehearsed.email}`, 'rendered with the copied template');
    assert.equal(message?.sent_at, null);
    const [sent] = (await storedMessages(ctx, beta.id)).filter((row) => row.tester_id === real.id);
    assert.equal(sent?.status, 'sent');
  });

  test("its webhook deliveries carry Prelaunch-Test: true and \"test\": true, signed with its own secret; the beta's do not", async () => {
    const { beta, endpoint } = await furnishedBeta();
    receiver.received.length = 0;
    await ctx.database.db.deleteFrom('outbox_jobs').execute();
    const sandbox = (await openSandbox(beta.id)).body;
    const questionOf = async (betaId: number) => (await rowsOf('questions', betaId))[0]!.id;
    await createTester(ctx, beta.id, { profile: { country: 'FR' }, responses: { response: [{ question_id: await questionOf(beta.id), answer: '0' }] } });
    await createTester(ctx, sandbox.id, { profile: { country: 'FR' }, responses: { response: [{ question_id: await questionOf(sandbox.id), answer: '0' }] } });
    await ctx.runJobs();

    const byBeta = new Map(receiver.received.map((request) => [JSON.parse(request.body).beta_id as number, request]));
    assert.equal(receiver.received.length, 2);
    const rehearsal = byBeta.get(sandbox.id)!;
    const body = JSON.parse(rehearsal.body);
    assert.equal(rehearsal.headers['prelaunch-test'], 'true');
    assert.equal(body.test, true);
    assert.equal(body.type, 'tester_created');
    const [copy] = await rowsOf('webhook_endpoints', sandbox.id);
    assert.doesNotThrow(() => new Webhook(copy!.secret).verify(rehearsal.body, rehearsal.headers as Record<string, string>), 'signed with its own secret');
    assert.throws(() => new Webhook(endpoint.secret).verify(rehearsal.body, rehearsal.headers as Record<string, string>), "not with the beta's");

    const live = byBeta.get(beta.id)!;
    assert.equal(live.headers['prelaunch-test'], undefined);
    assert.equal('test' in JSON.parse(live.body), false);

    const [delivery] = await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', copy!.id).execute();
    const shown = await ctx.request('GET', `/api/v2/betas/${sandbox.id}/webhooks/${copy!.id}/deliveries/${delivery!.id}`);
    assert.equal(shown.status, 200, JSON.stringify(shown.body));
    assert.equal(shown.body.payload, rehearsal.body, 'the log shows the body as sent');
  });

  test('deleting the sandbox removes everything in it and leaves its beta; deleting a beta deletes its sandbox', async () => {
    const { beta } = await furnishedBeta();
    const sandbox = (await openSandbox(beta.id)).body;
    await createTester(ctx, sandbox.id, { profile: { country: 'FR' }, responses: { response: [{ question_id: (await rowsOf('questions', sandbox.id))[0]!.id, answer: '0' }] } });
    const tables = ['testers', 'questions', 'reward_definitions', 'reward_rules', 'email_templates', 'webhook_endpoints'] as const;
    const counts = async (betaId: number) => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, (await rowsOf(table, betaId)).length])));
    const betaBefore = await counts(beta.id);

    const deleted = await ctx.request('DELETE', `/api/v2/betas/${sandbox.id}`);
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.sandbox, true);
    assert.deepEqual(await counts(sandbox.id), Object.fromEntries(tables.map((table) => [table, 0])));
    assert.deepEqual(await counts(beta.id), betaBefore, 'the beta keeps all of its own');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${sandbox.id}`)).status, 404);

    const next = await openSandbox(beta.id);
    assert.equal(next.status, 201, 'a new one can be made');
    await createTester(ctx, next.body.id, { profile: { country: 'FR' }, responses: { response: [{ question_id: (await rowsOf('questions', next.body.id))[0]!.id, answer: '0' }] } });
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}`)).status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${next.body.id}`)).status, 404);
    assert.deepEqual(await db().selectFrom('betas').select('id').where('id', 'in', [beta.id, next.body.id]).execute(), []);
    assert.deepEqual(await counts(next.body.id), Object.fromEntries(tables.map((table) => [table, 0])));
  });
});
