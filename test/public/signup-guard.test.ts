// The signup guard on public signups (docs/operations.md, "Launch day"): the proof-of-work
// challenge (single-use across processes, 10 minutes), the honeypot, the answer that never tells
// who is on the list, the subnet limit, the country lists and the embed origins. Each refusal is
// checked for its status, its body and that nothing was stored.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { startTestContext, type TestContext } from '../support/context.ts';
import { TestClock } from '../support/clock.ts';
import { uniqueEmail } from '../modules/testers/support.ts';
import { formOf, testerByEmail, testersOf, visit, type VisitOptions } from './support.ts';
import { Errors } from '../../src/primitives/errors.ts';
import { ALREADY_ON_LIST } from '../../src/public/signup-input.ts';
import { subnetOf } from '../../src/modules/signup-guard/subnets.ts';

/** The lowest difficulty the settings take: each solve is a few milliseconds. */
const EASY = { signup_challenge: 'proof_of_work', signup_challenge_difficulty: 1000 };

async function solved(ctx: TestContext, betaId: number): Promise<string> {
  const response = await visit(ctx, 'GET', `/public/betas/${betaId}/challenge`);
  assert.equal(response.status, 200);
  const challenge = response.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function signUp(ctx: TestContext, betaId: number, body: Record<string, unknown>, options: VisitOptions = {}) {
  return visit(ctx, 'POST', `/public/betas/${betaId}/signups`, { ...options, json: body });
}

async function outboxJobs(ctx: TestContext): Promise<number> {
  const { count } = await ctx.database.db.selectFrom('outbox_jobs').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

async function messagesTo(ctx: TestContext, betaId: number, email: string) {
  return ctx.database.db
    .selectFrom('email_messages')
    .select(['occasion', 'text_body', 'status'])
    .where('beta_id', '=', betaId)
    .where('email_normalized', '=', email.toLowerCase())
    .orderBy('id')
    .execute();
}

function refusals(ctx: TestContext, betaId: number): Record<string, number> {
  return Object.fromEntries(ctx.services.signupGuard.refusals().filter((r) => r.betaId === betaId).map((r) => [r.reason, r.count]));
}

describe('the signup guard', () => {
  let ctx: TestContext;
  before(async () => {
    // The clock starts at the real time, as the service's does: altcha-lib reads the real time too.
    ctx = await startTestContext({ clock: new TestClock(new Date()) });
  });
  after(async () => ctx.close());

  test('a proof-of-work challenge is required, checked, single-use across processes and good for 10 minutes', async () => {
    const beta = await ctx.createBeta(EASY, 'Rocket');
    const other = await ctx.createBeta(EASY, 'Other');
    const challenge = await visit(ctx, 'GET', `/public/betas/${beta.id}/challenge`);
    assert.equal(challenge.headers['cache-control'], 'no-store');
    assert.equal(challenge.body.parameters.algorithm, 'SHA-256');
    assert.equal(challenge.body.parameters.data.beta, beta.id);
    assert.match(challenge.body.signature, /^[0-9a-f]{64}$/);
    assert.equal((await visit(ctx, 'GET', '/public/betas/999999/challenge')).status, 404);

    const refusedWith = async (altcha: unknown, kind: { code: number; message: string; status: number }) => {
      const email = uniqueEmail();
      const response = await signUp(ctx, beta.id, { email, ...(altcha === undefined ? {} : { altcha }) });
      assert.equal(response.status, kind.status, JSON.stringify(response.body));
      assert.deepEqual(response.body, { errors: [{ code: kind.code, field: null, message: kind.message }] });
      assert.equal(await testerByEmail(ctx, beta.id, email), undefined);
    };
    await refusedWith(undefined, Errors.challengeRequired);
    await refusedWith('', Errors.challengeRequired);
    await refusedWith('not base64 json', Errors.challengeInvalid);
    const good = await solved(ctx, beta.id);
    const payload = JSON.parse(Buffer.from(good, 'base64').toString());
    const wrongCounter = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1, derivedKey: '00'.repeat(32) } };
    await refusedWith(Buffer.from(JSON.stringify(wrongCounter)).toString('base64'), Errors.challengeInvalid);
    const easier = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '0' } } };
    await refusedWith(Buffer.from(JSON.stringify(easier)).toString('base64'), Errors.challengeInvalid);
    await refusedWith(await solved(ctx, other.id), Errors.challengeInvalid);

    const email = uniqueEmail();
    const accepted = await signUp(ctx, beta.id, { email, altcha: good });
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    assert.equal(accepted.body.tester.email, email);
    assert.ok(await testerByEmail(ctx, beta.id, email));
    // The same solution again, here and in a second process on the same database.
    await refusedWith(good, Errors.challengeReused);
    const second = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock, companyId: ctx.companyId });
    try {
      const replayed = uniqueEmail();
      const response = await signUp(second, beta.id, { email: replayed, altcha: good });
      assert.equal(response.status, 422);
      assert.deepEqual(response.body, { errors: [{ code: Errors.challengeReused.code, field: null, message: Errors.challengeReused.message }] });
      assert.equal(await testerByEmail(ctx, beta.id, replayed), undefined);
      // A challenge the second process issued is good in the first: the secret is shared.
      const fromSecond = await solved(second, beta.id);
      assert.equal((await signUp(ctx, beta.id, { email: uniqueEmail(), altcha: fromSecond })).status, 201);
    } finally {
      await second.close();
    }

    const late = await solved(ctx, beta.id);
    ctx.clock.advance(10 * 60 * 1000 + 1000);
    await refusedWith(late, Errors.challengeExpired);
    assert.deepEqual(refusals(ctx, beta.id), { challenge: 8 });

    // The hosted page carries the widget, served from this host, and says the same refusals.
    const page = await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.ok(page.body.includes(`<altcha-widget id="signup-challenge" name="altcha" challenge="/public/betas/${beta.id}/challenge"`));
    assert.ok(page.body.includes('<script src="/assets/altcha/altcha.js" defer></script>'));
    assert.ok(page.body.includes('id="challenge-needs-javascript"'), 'visitors without JavaScript are told what to do');
    assert.match(String(page.headers['content-security-policy']), /connect-src 'self';.*worker-src 'self'/);
    for (const asset of ['/assets/altcha/altcha.js', '/assets/altcha/sha.js', '/assets/altcha/altcha.css', '/assets/altcha/altcha-embed.js']) {
      const response = await visit(ctx, 'GET', asset);
      assert.equal(response.status, 200, asset);
      assert.ok(response.body.length > 1000, asset);
    }
    const hosted = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: uniqueEmail() }) });
    assert.equal(hosted.status, 422);
    assert.ok(hosted.body.includes(`<p>${Errors.challengeRequired.message}</p>`), hosted.body);

    // API creates are never challenged.
    const api = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail() } } });
    assert.equal(api.status, 201);
    const form = await visit(ctx, 'GET', `/public/betas/${beta.id}/form`);
    assert.deepEqual(form.body.challenge, {
      url: `https://prelaunch.test/public/betas/${beta.id}/challenge`,
      widget_url: 'https://prelaunch.test/assets/altcha/altcha-embed.js',
    });
    assert.equal(form.body.honeypot, 'website');
  });

  test('a filled honeypot answers as a success and stores and sends nothing', async () => {
    for (const doubleOptIn of [false, true]) {
      const beta = await ctx.createBeta({ double_opt_in: doubleOptIn }, 'Rocket');
      const jobs = await outboxJobs(ctx);
      const email = uniqueEmail();
      const caught = await signUp(ctx, beta.id, { email, website: 'https://spam.example' });
      const real = await signUp(ctx, beta.id, { email: `real-${email}` });
      assert.equal(caught.status, 201);
      if (doubleOptIn) {
        assert.deepEqual(caught.body, { tester: { email, status: 'unconfirmed', confirmation_required: true } });
        assert.deepEqual(real.body, { tester: { email: `real-${email}`, status: 'unconfirmed', confirmation_required: true } });
      } else {
        assert.deepEqual(caught.body, { tester: null });
      }
      assert.equal(await testerByEmail(ctx, beta.id, email), undefined);
      assert.deepEqual(await messagesTo(ctx, beta.id, email), []);
      // The real signup's jobs only (its event and, with double opt-in, its confirmation).
      const realJobs = (await outboxJobs(ctx)) - jobs;
      const page = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: `page-${email}`, website: 'x' }) });
      assert.equal(page.status, 200);
      assert.ok(page.body.includes(doubleOptIn ? '<h1>Check your inbox</h1>' : '<h1>Thanks for signing up!</h1>'), page.body);
      assert.equal(await testerByEmail(ctx, beta.id, `page-${email}`), undefined);
      assert.equal((await outboxJobs(ctx)) - jobs, realJobs, 'no outbox job for the honeypot');
      assert.deepEqual(refusals(ctx, beta.id), { honeypot: 2 });
    }
    // The hosted form has the field, out of sight and out of the tab order.
    const beta = await ctx.createBeta({}, 'Rocket');
    const page = await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.ok(page.body.includes('<div class="trap" aria-hidden="true" inert><label for="field-website">Leave this field empty</label><input id="field-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>'));
  });

  test('an address on the list is answered like a new one with double opt-in, and its owner is e-mailed at most once an hour', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true }, 'Rocket');
    const email = uniqueEmail();
    const first = await signUp(ctx, beta.id, { email });
    const again = await signUp(ctx, beta.id, { email });
    assert.equal(again.status, first.status);
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(first.body, { tester: { email, status: 'unconfirmed', confirmation_required: true } });
    const page = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email }) });
    assert.equal(page.status, 200);
    assert.ok(page.body.includes('<h1>Check your inbox</h1>'));
    assert.ok(!page.body.includes(email), 'the address is never shown whole');
    assert.equal((await testersOf(ctx, beta.id)).length, 1);
    const tester = (await testerByEmail(ctx, beta.id, email))!;
    const messages = await messagesTo(ctx, beta.id, email);
    assert.deepEqual(messages.map((m) => [m.occasion, m.status]), [['confirmation', 'queued'], ['already_signed_up', 'queued']]);
    assert.ok(messages[1].text_body.includes(`https://prelaunch.test/r/${tester.referral_code}?check=${tester.uuid}`), messages[1].text_body);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    await signUp(ctx, beta.id, { email: email.toUpperCase() });
    assert.equal((await messagesTo(ctx, beta.id, email)).length, 3, 'an hour later, one more');

    // Without double opt-in: told they are on the list, and nothing of their standing.
    const open = await ctx.createBeta({}, 'Open');
    const known = uniqueEmail();
    assert.equal((await signUp(ctx, open.id, { email: known })).status, 201);
    const told = await signUp(ctx, open.id, { email: known });
    assert.equal(told.status, 200);
    assert.deepEqual(told.body, { tester: null, already_on_list: true, message: ALREADY_ON_LIST });
    const hosted = await visit(ctx, 'POST', `/b/${open.id}`, { form: formOf({ email: known }) });
    assert.equal(hosted.status, 200);
    assert.ok(hosted.body.includes(`<p id="already-on-list">${ALREADY_ON_LIST}</p>`));
    const stored = (await testerByEmail(ctx, open.id, known))!;
    assert.ok(!hosted.body.includes(stored.referral_code) && !hosted.body.includes(stored.uuid), 'no share or status link');
    assert.deepEqual((await messagesTo(ctx, open.id, known)).map((m) => m.occasion), ['already_signed_up']);
  });

  test('signups per subnet and hour are limited on IPv4 /24 and IPv6 /48; a failed signup gives its place back', async () => {
    assert.equal(subnetOf('198.51.100.77'), '198.51.100.0/24');
    assert.equal(subnetOf('::ffff:198.51.100.77'), '198.51.100.0/24');
    assert.equal(subnetOf('2001:db8:1:ab::9'), '2001:db8:1::/48');
    assert.equal(subnetOf('nonsense'), null);
    const beta = await ctx.createBeta({ max_signups_per_subnet_per_hour: 2 }, 'Rocket');
    const from = async (ip: string, email = uniqueEmail()) => ({ email, response: await signUp(ctx, beta.id, { email }, { ip }) });
    for (const [first, second, third, elsewhere] of [
      ['198.51.100.1', '198.51.100.2', '198.51.100.250', '198.51.101.1'],
      ['2001:db8:1:1::1', '2001:db8:1:2::1', '2001:db8:1:ffff::9', '2001:db8:2::1'],
    ]) {
      assert.equal((await signUp(ctx, beta.id, { email: 'not an address' }, { ip: first })).status, 422, 'a refused signup takes no place');
      assert.equal((await from(first)).response.status, 201);
      assert.equal((await from(second)).response.status, 201);
      const refused = await from(third);
      assert.equal(refused.response.status, 429);
      assert.deepEqual(refused.response.body, { errors: [{ code: Errors.tooManySignupsFromSubnet.code, field: null, message: Errors.tooManySignupsFromSubnet.message }] });
      assert.equal(await testerByEmail(ctx, beta.id, refused.email), undefined);
      assert.equal((await from(elsewhere)).response.status, 201);
    }
    assert.deepEqual(refusals(ctx, beta.id), { subnet: 2 });
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    assert.equal((await from('198.51.100.3')).response.status, 201, 'an hour later the subnet may sign up again');
  });

  test('embed origins: signups and clicks from another site are refused, and the hosted pages may be framed by the listed ones only', async () => {
    const bad = await ctx.request('PATCH', `/api/v2/betas/${(await ctx.createBeta({}, 'X')).id}`, {
      body: { settings: { embed_origins: ['http://shop.example', 'https://shop.example/path', 'https://user@shop.example'] } },
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors.length, 3, JSON.stringify(bad.body));
    const beta = await ctx.createBeta({ embed_origins: ['https://Shop.example:443/', 'https://blog.example:8443'], referral_url: 'https://shop.example/' }, 'Rocket');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.deepEqual(shown.body.settings.embed_origins, ['https://shop.example', 'https://blog.example:8443']);

    const email = uniqueEmail();
    const refused = await signUp(ctx, beta.id, { email }, { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, {
      errors: [{ code: Errors.originRefused.code, field: null, message: "This signup form may not be used on https://evil.example: the waitlist's owner has not allowed it there" }],
    });
    assert.equal(await testerByEmail(ctx, beta.id, email), undefined);
    for (const origin of ['https://shop.example', 'https://blog.example:8443', 'https://prelaunch.test', undefined]) {
      const response = await signUp(ctx, beta.id, { email: uniqueEmail() }, { headers: origin ? { origin } : {} });
      assert.equal(response.status, 201, String(origin));
    }
    const click = await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: { r: 'abc' }, headers: { origin: 'https://evil.example' } });
    assert.equal(click.status, 403);
    assert.equal(click.body.errors[0].code, Errors.originRefused.code);
    assert.equal((await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: { r: 'abc' }, headers: { origin: 'https://shop.example' } })).status, 204);
    assert.deepEqual(refusals(ctx, beta.id), { origin: 2 });

    const page = await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors https:\/\/shop\.example https:\/\/blog\.example:8443(;|$)/);
    assert.equal(page.headers['x-frame-options'], undefined);
    const closed = await ctx.createBeta({}, 'Closed');
    const unframed = await visit(ctx, 'GET', `/b/${closed.id}`);
    assert.match(String(unframed.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(unframed.headers['x-frame-options'], 'DENY');
  });

  test('refusals are counted per beta and reason in /metrics', async () => {
    const beta = await ctx.createBeta({ ...EASY, blocked_ips: ['203.0.113.0/24'] }, 'Rocket');
    await signUp(ctx, beta.id, { email: uniqueEmail() });
    await signUp(ctx, beta.id, { email: uniqueEmail(), altcha: await solved(ctx, beta.id) });
    const text = (await ctx.request('GET', '/metrics', { key: null })).body as string;
    assert.ok(text.includes(`prelaunch_signup_refusals_total{beta_id="${beta.id}",reason="challenge"} 1`), text.split('\n').filter((l) => l.includes('signup')).join('\n'));
    assert.ok(text.includes(`prelaunch_signup_refusals_total{beta_id="${beta.id}",reason="fraud"} 1`));
  });
});

describe('country rules', () => {
  let ctx: TestContext;
  before(async () => {
    // The bundled geolocation database: 8.8.8.8 is in the US, 81.2.69.160 in GB.
    ctx = await startTestContext({ env: { GEOIP_DATABASE_PATH: '' } });
  });
  after(async () => ctx.close());

  test('blocked and allowed countries; an unknown country passes unless an allow-list is set', async () => {
    const invalid = await ctx.request('PATCH', `/api/v2/betas/${(await ctx.createBeta({}, 'X')).id}`, { body: { settings: { signup_countries_blocked: ['XX', 'USA'] } } });
    assert.equal(invalid.status, 422);
    const outcome = async (betaId: number, ip: string) => {
      const email = uniqueEmail();
      const response = await signUp(ctx, betaId, { email }, { ip });
      if (response.status === 201) return 'accepted';
      assert.equal(response.status, 403);
      assert.deepEqual(response.body, { errors: [{ code: Errors.countryRefused.code, field: null, message: Errors.countryRefused.message }] });
      assert.equal(await testerByEmail(ctx, betaId, email), undefined);
      return 'refused';
    };
    const blocking = await ctx.createBeta({ signup_countries_blocked: ['us'] }, 'Blocking');
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${blocking.id}`)).body.settings.signup_countries_blocked, ['US']);
    assert.equal(await outcome(blocking.id, '8.8.8.8'), 'refused');
    assert.equal(await outcome(blocking.id, '81.2.69.160'), 'accepted');
    assert.equal(await outcome(blocking.id, '2001:db8::1'), 'accepted', 'unknown: passes');
    const allowing = await ctx.createBeta({ signup_countries_allowed: ['GB'] }, 'Allowing');
    assert.equal(await outcome(allowing.id, '81.2.69.160'), 'accepted');
    assert.equal(await outcome(allowing.id, '8.8.8.8'), 'refused');
    assert.equal(await outcome(allowing.id, '10.0.0.1'), 'refused', 'unknown: refused once only listed countries may sign up');
    assert.deepEqual(refusals(ctx, allowing.id), { country: 2 });
  });
});
