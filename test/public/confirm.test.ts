import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { maskedEmail } from '../../src/modules/testers/masked-email.ts';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { storedMessages } from '../modules/emails/support.ts';
import { assertPageSecurity, betaRow, formOf, testerByEmail, visit } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const EIGHT_DAYS = 8 * 86_400_000;

describe('double opt-in confirmation /confirm/{token}', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  /** A double opt-in beta, a referrer, and a visitor who signed up through their link. */
  async function unconfirmedSignup() {
    const beta = await ctx.createBeta({ double_opt_in: true }, 'Rocket');
    const referrer = await createTester(ctx, beta.id);
    const email = uniqueEmail('confirm');
    const signup = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email, r: referrer.referral_code }) });
    assert.equal(signup.status, 200);
    const tester = (await testerByEmail(ctx, beta.id, email))!;
    assert.equal(tester.status, 'unconfirmed');
    assert.equal(tester.referrer_id, referrer.id);
    return { beta, referrer, email, tester, token: await latestToken(tester.id) };
  }

  async function latestToken(testerId: number): Promise<string> {
    const row = await ctx.database.db.selectFrom('email_confirmations').select('token').where('tester_id', '=', testerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row.token;
  }

  async function confirmationsOf(testerId: number) {
    return ctx.database.db.selectFrom('email_confirmations').selectAll().where('tester_id', '=', testerId).orderBy('id').execute();
  }

  test('GET shows a confirm button and changes nothing; POST moves the tester to applied, credits the referral and shows the standing', async () => {
    const { beta, referrer, email, tester, token } = await unconfirmedSignup();
    const page = await visit(ctx, 'GET', `/confirm/${token}`);
    assert.equal(page.status, 200);
    assertPageSecurity(assert, page);
    assert.ok(page.body.includes(`Confirm <strong>${maskedEmail(email)}</strong> to join the Rocket waitlist.`));
    assert.ok(!page.body.includes(email), 'the address is never shown whole');
    assert.ok(page.body.includes('<form method="post" id="confirm-form">'));
    assert.equal((await testerByEmail(ctx, beta.id, email))!.status, 'unconfirmed');
    assert.equal((await confirmationsOf(tester.id))[0].used_at, null);

    await ctx.request('PUT', `/api/v2/betas/${beta.id}/email_templates/applied`, { body: { enabled: true } });
    ctx.clock.set('2026-11-22T10:00:00.000Z');
    const confirmed = await visit(ctx, 'POST', `/confirm/${token}`);
    assert.equal(confirmed.status, 200, confirmed.body);
    assert.ok(confirmed.body.includes('<dd id="standing-position">#2 of 2</dd>'), confirmed.body);
    const stored = (await testerByEmail(ctx, beta.id, email))!;
    assert.equal(stored.status, 'applied');
    assert.equal(stored.applied_at, '2026-11-22T10:00:00.000Z');
    assert.ok(stored.referral_credited_at);
    const shownReferrer = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`);
    assert.equal(shownReferrer.body.share_signups_count, 1);
    const counters = await betaRow(ctx, beta.id);
    assert.equal(counters.unconfirmed_testers_count, 0);
    assert.equal(counters.applied_testers_count, 2);
    assert.equal((await confirmationsOf(tester.id))[0].used_at, '2026-11-22T10:00:00.000Z');
    const messages = (await storedMessages(ctx, beta.id)).filter((m) => m.tester_id === tester.id).map((m) => m.occasion);
    assert.deepEqual(messages, ['confirmation', 'applied'], 'the applied message the status change sends');

    // Again (a second click, a refresh): the standing, nothing credited twice.
    const again = await visit(ctx, 'POST', `/confirm/${token}`);
    assert.equal(again.status, 200);
    assert.ok(again.body.includes('<dd id="standing-position">#2 of 2</dd>'));
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`)).body.share_signups_count, 1);
    assert.equal((await visit(ctx, 'GET', `/confirm/${token}`)).status, 200);
  });

  test('an expired link offers a new one; the new link works, and asking again too soon is refused', async () => {
    const { beta, email, tester, token } = await unconfirmedSignup();
    ctx.clock.advance(EIGHT_DAYS);
    for (const method of ['GET', 'POST']) {
      const expired = await visit(ctx, method, `/confirm/${token}`);
      assert.equal(expired.status, 410, method);
      assert.ok(expired.body.includes('<h1>This link has expired</h1>'));
      assert.ok(expired.body.includes(`<form method="post" action="/confirm/${token}/resend" id="resend-form">`));
    }
    assert.equal((await testerByEmail(ctx, beta.id, email))!.status, 'unconfirmed');

    const resent = await visit(ctx, 'POST', `/confirm/${token}/resend`);
    assert.equal(resent.status, 200);
    assert.ok(resent.body.includes('<h1>New link sent</h1>'));
    const confirmations = await confirmationsOf(tester.id);
    assert.equal(confirmations.length, 2);
    const fresh = confirmations[1].token;
    const mails = (await storedMessages(ctx, beta.id)).filter((m) => m.tester_id === tester.id);
    assert.deepEqual(mails.map((m) => m.occasion), ['confirmation', 'confirmation']);
    assert.ok(mails[1].text_body.includes(`/confirm/${fresh}`));

    const tooSoon = await visit(ctx, 'POST', `/confirm/${token}/resend`);
    assert.equal(tooSoon.status, 429);
    assert.ok(tooSoon.body.includes('<h1>Link sent recently</h1>'));
    assert.equal((await confirmationsOf(tester.id)).length, 2);

    assert.equal((await visit(ctx, 'POST', `/confirm/${fresh}`)).status, 200);
    assert.equal((await testerByEmail(ctx, beta.id, email))!.status, 'applied');
    const done = await visit(ctx, 'POST', `/confirm/${token}/resend`);
    assert.ok(done.body.includes('<h1>Already confirmed</h1>'));
    assert.equal((await confirmationsOf(tester.id)).length, 2);
  });

  test('an unknown token is a 404 page offering a new link by address; the answer never tells whether the address signed up', async () => {
    const { tester, email, token } = await unconfirmedSignup();
    const unknown = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [unknown, 'short', '%3Cscript%3E']) {
      for (const method of ['GET', 'POST']) {
        const response = await visit(ctx, method, `/confirm/${candidate}`);
        assert.equal(response.status, 404, `${method} ${candidate}`);
        assert.ok(response.body.includes('<form method="post" action="/confirm/resend" id="resend-form" novalidate>'));
        assert.ok(!response.body.includes('<script>'));
      }
    }
    assert.equal((await visit(ctx, 'POST', `/confirm/${unknown}/resend`)).status, 404);

    const known = await visit(ctx, 'POST', '/confirm/resend', { form: formOf({ email: email.toUpperCase() }) });
    const stranger = await visit(ctx, 'POST', '/confirm/resend', { form: formOf({ email: 'nobody@example.com' }) });
    assert.equal(known.status, 200);
    assert.equal(known.body, stranger.body);
    assert.equal((await confirmationsOf(tester.id)).length, 1, 'the signup\'s link is minutes old: no new one yet');
    ctx.clock.advance(11 * 60_000);
    await visit(ctx, 'POST', '/confirm/resend', { form: formOf({ email }) });
    assert.equal((await confirmationsOf(tester.id)).length, 2);
  });

  test('a confirmation refused by the status change rules is said on the page', async () => {
    const { beta, email, token } = await unconfirmedSignup();
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { accepting_signups: false } } });
    const refused = await visit(ctx, 'POST', `/confirm/${token}`);
    assert.equal(refused.status, 422);
    assert.ok(refused.body.includes('<p id="error-message">Project no longer accepting new signups</p>'));
    assert.equal((await testerByEmail(ctx, beta.id, email))!.status, 'unconfirmed');
  });

  test('the resend endpoints are limited per network', async () => {
    const limited = await startTestContext({ env: { RATE_LIMIT_CONFIRMATION_RESEND: '2/1h' } });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await visit(limited, 'POST', '/confirm/resend', { form: formOf({ email: 'a@example.com' }) })).status, 200);
      const refused = await visit(limited, 'POST', '/confirm/resend', { form: formOf({ email: 'a@example.com' }) });
      assert.equal(refused.status, 429);
      assert.ok(refused.body.includes('<h1>Too many requests</h1>'));
      assert.ok(refused.body.includes('Rate limit exceeded: 2 requests per hour from one network for new confirmation links'));
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await visit(limited, 'POST', '/confirm/resend', { form: formOf({ email: 'a@example.com' }), ip: '192.0.2.200' })).status, 200, 'another network');
    } finally {
      await limited.close();
    }
  });
});
