import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester, storedTester, uniqueEmail } from '../testers/support.ts';
import { TOKEN, sendJobs, setTemplate, storedMessages } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';

describe('e-mail queueing', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function jobsFor(messageIds: number[]) {
    return (await sendJobs(ctx)).filter((job) => messageIds.includes(job.payload.messageId));
  }

  test('an invited tester gets the invitation: rendered with code, links and the beta\'s name, queued with a send job', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const tester = await createTester(ctx, beta.id, { status: 'invited', profile: { first_name: 'Ann' } });
    const [message, ...more] = await storedMessages(ctx, beta.id);
    assert.equal(more.length, 0);
    assert.equal(message.tester_id, tester.id);
    assert.equal(message.to_address, tester.email);
    assert.equal(message.email_normalized, tester.email.toLowerCase());
    assert.equal(message.occasion, 'invitation');
    assert.equal(message.status, 'queued');
    assert.equal(message.error, null);
    assert.equal(message.sent_at, null);
    assert.equal(message.created_at, NOW);
    assert.match(message.unsubscribe_token, TOKEN);
    assert.equal(message.subject, "You're invited to Rocket");
    const unsubscribeUrl = `https://prelaunch.test/unsubscribe/${message.unsubscribe_token}`;
    assert.match(tester.invitation_code, /^[0-9a-f]{10}$/);
    for (const part of [message.text_body, message.html_body!]) {
      assert.ok(part.includes('Hi Ann,'), part);
      assert.ok(part.includes(tester.invitation_code), 'the invitation code');
      assert.ok(part.includes(tester.share_link), 'the share link');
      assert.ok(part.includes('https://example.com/launch'), 'the homepage');
      assert.ok(part.includes(unsubscribeUrl), 'a visible unsubscribe link');
    }
    assert.ok(message.html_body!.startsWith('<!DOCTYPE html>'));
    assert.ok(message.html_body!.includes(`<a href="${unsubscribeUrl}"`));
    const jobs = await jobsFor([message.id]);
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0].run_at, NOW);
  });

  test('an applied signup sends nothing while the applied message is off (the default); switched on, it tells the position', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id);
    assert.deepEqual(await storedMessages(ctx, beta.id), []);

    const template = await setTemplate(ctx, beta.id, 'applied', { enabled: true });
    assert.equal(template.enabled, true);
    const second = await createTester(ctx, beta.id);
    const [message, ...more] = await storedMessages(ctx, beta.id);
    assert.equal(more.length, 0);
    assert.equal(message.tester_id, second.id);
    assert.equal(message.occasion, 'applied');
    assert.equal(message.status, 'queued');
    assert.equal(message.subject, "You're on the Launch waitlist");
    assert.equal(second.waitlist_position, 2);
    assert.ok(message.text_body.includes("You're number 2 of 2."), message.text_body);
    assert.ok(message.text_body.includes(second.share_link));
    assert.ok(message.html_body!.includes('<strong>2</strong> of 2'));
    assert.equal((await jobsFor([message.id])).length, 1);
  });

  test('status changes: invited sends the invitation; rejected, suspended and unsuspended only once switched on', async () => {
    const beta = await ctx.createBeta();
    await setTemplate(ctx, beta.id, 'suspended', { enabled: true });
    await setTemplate(ctx, beta.id, 'unsuspended', { enabled: '1' });
    const tester = await createTester(ctx, beta.id);
    const put = (status: string) => ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status } } });
    assert.equal((await put('suspended')).status, 200);
    assert.equal((await put('unsuspended')).status, 200);
    assert.equal((await put('rejected')).status, 200);
    const invited = await put('invited');
    assert.equal(invited.status, 200);
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.occasion, m.status]), [
      ['suspended', 'queued'],
      ['unsuspended', 'queued'],
      ['invitation', 'queued'],
    ]);
    assert.equal(messages[0].subject, 'Your Launch access is suspended');
    assert.equal(messages[1].subject, 'Your Launch access is restored');
    assert.ok(messages[2].text_body.includes(invited.body.invitation_code));
    assert.equal((await jobsFor(messages.map((m) => m.id))).length, 3);
  });

  test('a checkin sends the active message once it is switched on', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const checkin = () => ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`);
    assert.equal((await checkin()).status, 202);
    assert.deepEqual(await storedMessages(ctx, beta.id), [], 'active is off by default');

    await setTemplate(ctx, beta.id, 'active', { enabled: true });
    const other = await createTester(ctx, beta.id);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${other.id}/checkin`)).status, 202);
    assert.equal((await checkin()).status, 202, 'already active: no new message');
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.tester_id, m.occasion, m.subject]), [[other.id, 'active', 'Welcome to Launch']]);
  });

  test('double opt-in: an unconfirmed signup gets the confirmation link, with a token valid for 7 days', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const tester = await createTester(ctx, beta.id, { status: 'unconfirmed' });
    const [message, ...more] = await storedMessages(ctx, beta.id);
    assert.equal(more.length, 0);
    assert.equal(message.occasion, 'confirmation');
    assert.equal(message.status, 'queued');
    assert.equal(message.subject, 'Please confirm your e-mail address for Launch');
    const confirmations = await ctx.database.db.selectFrom('email_confirmations').selectAll().where('tester_id', '=', tester.id).execute();
    assert.equal(confirmations.length, 1);
    const [confirmation] = confirmations;
    assert.match(confirmation.token, TOKEN);
    assert.notEqual(confirmation.token, message.unsubscribe_token);
    assert.equal(confirmation.created_at, NOW);
    assert.equal(confirmation.expires_at, '2026-11-29T09:15:00.000Z');
    assert.equal(confirmation.used_at, null);
    const link = `https://prelaunch.test/confirm/${confirmation.token}`;
    assert.ok(message.text_body.includes(link));
    assert.ok(message.html_body!.includes(`href="${link}"`));
    assert.equal((await jobsFor([message.id])).length, 1);
  });

  test('friend invitation: the invitee gets the invite-a-friend message with the sender\'s name and message, and nothing else', async () => {
    const beta = await ctx.createBeta({ invite_a_friend_enabled: true });
    const sender = await createTester(ctx, beta.id, { status: 'invited', profile: { first_name: 'Ann', last_name: 'Lee' } });
    const recipient = uniqueEmail('friend');
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/friend_invitations`, {
      body: { friend_invitation: { sender_email: sender.email, recipient_email: recipient, message: 'Join me!\n<b>Really</b>' } },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.tester_id, m.occasion]), [
      [sender.id, 'invitation'],
      [response.body.invitee.id, 'friend_invitation'],
    ]);
    const message = messages[1];
    assert.equal(message.to_address, recipient);
    assert.equal(message.status, 'queued');
    assert.equal(message.subject, 'Ann Lee invited you to Launch');
    assert.ok(message.text_body.includes(`Ann Lee (${sender.email}) invited you to Launch.`), message.text_body);
    assert.ok(message.text_body.includes('Join me!\n<b>Really</b>'), 'the message as written, in text');
    assert.ok(message.text_body.includes(response.body.invitee.invitation_code));
    assert.ok(message.text_body.includes(`because ${sender.email} invited you`));
    assert.ok(message.html_body!.includes('Join me!<br />\n&lt;b&gt;Really&lt;/b&gt;'), 'escaped, with its line break, in HTML');
    assert.equal((await jobsFor([message.id])).length, 1);
  });

  test("a beta's switches are read once and kept until its templates change; a status without a message costs none", async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    let queries = 0;
    const counting = ctx.database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const change = { betaId: beta.id, testerId: tester.id, now: NOW };
    // The signup read the beta's switches: its status's message, off, costs nothing now.
    await ctx.services.emails.statusChanged(counting, { ...change, status: 'applied' });
    await ctx.services.emails.statusChanged(counting, { ...change, status: 'imported' });
    await ctx.services.emails.statusChanged(counting, { ...change, status: 'idle' });
    assert.equal(queries, 0);
    // A change of any of its templates has the next message read the switches again.
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/email_templates/suspended`, { body: { enabled: true } })).status, 200);
    await ctx.services.emails.statusChanged(counting, { ...change, status: 'applied' });
    assert.equal(queries, 1);
    assert.equal(await ctx.services.emails.positionEmailOn(counting, beta.id), false);
    assert.equal(queries, 1);
    assert.deepEqual(await storedMessages(ctx, beta.id), []);
  });

  test('a suppressed address is recorded as suppressed at once, with no send job', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail();
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: email.toUpperCase() } })).status, 201);
    await createTester(ctx, beta.id, { email, status: 'invited' });
    const [message] = await storedMessages(ctx, beta.id);
    assert.equal(message.status, 'suppressed');
    assert.equal(message.occasion, 'invitation');
    assert.ok(message.text_body.length > 0, 'rendered all the same: the record shows what was held back');
    assert.deepEqual(await jobsFor([message.id]), []);
  });

  test('an unsubscribed tester gets nothing, even at a new address that is not suppressed', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`, { body: { email: tester.email, reason: 'Unsubscribe' } })).status, 201);
    const moved = uniqueEmail('moved');
    const updated = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { email: moved, status: 'invited' } } });
    assert.equal(updated.status, 200);
    assert.notEqual(updated.body.unsubscribed_at, null);
    const [message, ...more] = await storedMessages(ctx, beta.id);
    assert.equal(more.length, 0);
    assert.equal(message.to_address, moved);
    assert.equal(message.status, 'suppressed');
    assert.deepEqual(await jobsFor([message.id]), []);
  });

  test('HTML bodies escape what testers typed; text bodies keep it as typed', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id, { status: 'invited', profile: { first_name: '<script>alert("x")</script>' } });
    const [message] = await storedMessages(ctx, beta.id);
    assert.ok(message.html_body!.includes('Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;,'), message.html_body!.slice(0, 2000));
    assert.ok(!message.html_body!.includes('<script>'));
    assert.ok(message.text_body.startsWith('Hi <script>alert("x")</script>,'));
  });

  test('a template that fails while rendering records a failed message, and the signup still succeeds', async () => {
    const beta = await ctx.createBeta();
    await setTemplate(ctx, beta.id, 'invitation', { body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' });
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal(tester.status, 'invited');
    const [message] = await storedMessages(ctx, beta.id);
    assert.equal(message.status, 'failed');
    assert.match(message.error!, /^The invitation template could not be rendered: .*limit exceeded/);
    assert.deepEqual(await jobsFor([message.id]), []);
  });

  test('a switched-off template sends nothing, and a custom one renders its own variables', async () => {
    const beta = await ctx.createBeta();
    await setTemplate(ctx, beta.id, 'invitation', { enabled: false });
    await createTester(ctx, beta.id, { status: 'invited' });
    assert.deepEqual(await storedMessages(ctx, beta.id), []);

    await setTemplate(ctx, beta.id, 'invitation', {
      enabled: true,
      subject: '{{ beta.name }}:\n  code {{ tester.invitation_code }}',
      body: '{{ tester.profile.custom_var1 }}|{{ beta.id }}|{{ beta.homepage_url }}|{{ unsubscribe_url }}|{{ tester.status }}',
      html_body: '',
    });
    const tester = await createTester(ctx, beta.id, { status: 'invited', profile: { custom_var1: 'A&B' } });
    const [message] = await storedMessages(ctx, beta.id);
    assert.equal(message.subject, `Launch: code ${tester.invitation_code}`, 'one line');
    assert.equal(message.text_body, `A&B|${beta.id}|https://example.com/launch|https://prelaunch.test/unsubscribe/${message.unsubscribe_token}|invited`);
    assert.equal(message.html_body, null, 'an empty html_body sends text only');
  });

  test('testers hidden by the plan limit get nothing', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Tiny', maxTesters: 0 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const beta = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Tiny', homepage_url: 'https://tiny.example' } });
    assert.equal(beta.status, 201);
    const created = await ctx.request('POST', `/api/v2/betas/${beta.body.id}/testers`, { key, body: { tester: { email: uniqueEmail(), status: 'invited' } } });
    assert.equal(created.status, 403);
    assert.deepEqual(codes(created), [2317]);
    assert.deepEqual(await storedMessages(ctx, beta.body.id), []);
  });

  test('without SMTP_URL the worker captures queued messages: stored and listed, nothing sent', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    ctx.clock.set('2026-11-22T09:16:00.000Z');
    assert.ok((await ctx.runJobs()) >= 1);
    const [message] = await storedMessages(ctx, beta.id);
    assert.equal(message.status, 'captured');
    assert.equal(message.sent_at, null);
    assert.equal(message.provider_message_id, null);
    assert.deepEqual(await jobsFor([message.id]), [], 'the job is done');
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/emails`);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, [
      {
        id: message.id,
        to: tester.email,
        occasion: 'invitation',
        subject: "You're invited to Launch",
        status: 'captured',
        error: null,
        user_id: tester.id,
        test: false,
        created_at: '2026-11-22T09:15:00Z',
        sent_at: null,
      },
    ]);
    assert.equal((await storedTester(ctx, tester.id))!.status, 'invited');
  });
});
