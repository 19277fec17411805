import { ALREADY_ON_LIST } from '../../src/public/signup-input.ts';
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { createEndpoint, storedEvents } from '../modules/webhooks/support.ts';
import { betaRow, BROWSER, DESKTOP, formOf, testerByEmail, testersOf, visit } from './support.ts';
import { Errors } from '../../src/primitives/errors.ts';
import { shareButtons } from '../../src/modules/referrals/share-channels.ts';

const NOW = '2026-11-22T09:15:00.000Z';

describe('the embeddable form and its public endpoints', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  test('embed.js is served for any site to load', async () => {
    const response = await visit(ctx, 'GET', '/embed.js');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.body.includes("attachShadow({ mode: 'open' })"));
    assert.ok(!response.body.includes('innerHTML'), 'nothing from the network is parsed as HTML');
  });

  test('the form definition: fields, questions and countries; its views are impressions, unique per visitor per day', async () => {
    const beta = await ctx.createBeta({ required_fields: ['country'] }, 'Rocket');
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { slug: 'rocket' } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'scale', prompt: 'Excited?', choices: ['1', '2'] } });
    const response = await visit(ctx, 'GET', '/public/betas/rocket/form', { headers: { origin: 'https://site.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.deepEqual(response.body.beta, { id: beta.id, name: 'Rocket', accepting_signups: true });
    assert.deepEqual(response.body.fields, [{ name: 'country', label: 'Country', required: true, autocomplete: 'country', input: 'country' }]);
    assert.deepEqual(response.body.questions.map((q: any) => [q.kind, q.prompt, q.choices, q.required]), [['scale', 'Excited?', ['1', '2'], false]]);
    assert.ok(response.body.countries.some((c: any) => c.code === 'FR' && c.name === 'France'));
    assert.equal(response.body.records_clicks, false);
    assert.equal(Object.hasOwn(response.body.beta, 'settings'), false, 'no settings (decoder_key) in public');

    await visit(ctx, 'GET', '/public/betas/rocket/form');
    await visit(ctx, 'HEAD', '/public/betas/rocket/form', { ip: '192.0.2.50' });
    await visit(ctx, 'GET', '/public/betas/rocket/form', { ip: '192.0.2.51', userAgent: 'AhrefsBot/7.0' });
    assert.equal((await betaRow(ctx, beta.id)).impressions_count, 1);
    await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.equal((await betaRow(ctx, beta.id)).impressions_count, 1, 'the hosted page and the embed are one form: one visitor, one view a day');
    ctx.clock.advance(86_400_000);
    await visit(ctx, 'GET', '/public/betas/rocket/form');
    assert.equal((await betaRow(ctx, beta.id)).impressions_count, 2);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.impressions_count, 2);
    assert.equal((await visit(ctx, 'GET', '/public/betas/nosuch/form')).status, 404);
  });

  test('CORS: a preflight from any site is allowed for JSON posts, without credentials', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const preflight = await visit(ctx, 'OPTIONS', `/public/betas/${beta.id}/signups`, {
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Content-Type/i);
    assert.equal(preflight.headers['access-control-max-age'], '86400');
    assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
    const api = await ctx.request('OPTIONS', `/api/v2/betas/${beta.id}`, { key: null, headers: { origin: 'https://site.example', 'access-control-request-method': 'GET' } });
    assert.equal(api.headers['access-control-allow-origin'], undefined, 'the API is not opened to browsers');
  });

  test('a JSON signup creates the tester as the API would and answers its standing; refusals name the field and keep the codes', async () => {
    const beta = await ctx.createBeta({ required_fields: ['name'] }, 'Rocket');
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook', events: ['tester_created', 'tester_updated'] });
    const referrer = await createTester(ctx, beta.id, { profile: { first_name: 'Ref' } });
    const question = (await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'agreement', prompt: 'Terms', required: true } })).body.id;
    const email = uniqueEmail('embed');
    const created = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, {
      ip: '198.51.100.70',
      headers: { origin: 'https://site.example' },
      json: { email, first_name: 'Ann', answers: { [`q${question}`]: '1' }, r: referrer.referral_code, utm_campaign: 'launch', status: 'active', profile: { ip: '1.1.1.1' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.headers['access-control-allow-origin'], '*');
    const stored = (await testerByEmail(ctx, beta.id, email))!;
    assert.equal(stored.status, 'applied', 'the status is the beta\'s, not one sent');
    assert.equal(stored.ip, '198.51.100.70');
    assert.equal(stored.user_agent, BROWSER);
    assert.equal(stored.utm_campaign, 'launch');
    assert.equal(stored.referrer_id, referrer.id);
    assert.deepEqual(created.body, {
      tester: {
        email,
        status: 'applied',
        confirmation_required: false,
        referral_code: stored.referral_code,
        share_link: `https://prelaunch.test/r/${stored.referral_code}`,
        copy_link: `https://prelaunch.test/r/${stored.referral_code}?ch=copy`,
        share_buttons: shareButtons(`https://prelaunch.test/r/${stored.referral_code}`, `Join me on the ${beta.name} waitlist`),
        share_status_link: `https://prelaunch.test/r/${stored.referral_code}?check=${stored.uuid}`,
        waitlist_position: 2,
        waitlist_ahead: 1,
        waitlist_behind: 0,
        waitlist_length: 2,
      },
    });
    const events = (await storedEvents(ctx, beta.id)).map((e) => [e.type, JSON.parse(e.payload).data.email]);
    assert.deepEqual(events.slice(-2), [['tester_created', email], ['tester_updated', referrer.email]], 'the referral credit raises the referrer\'s update');

    const refused = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: referrer.email.toUpperCase(), answers: { [`q${question}`]: '0' } } });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body, {
      errors: [
        { code: Errors.nameRequired.code, field: 'first_name', message: 'Please enter your name.' },
        { code: Errors.mustAgree.code, field: `q${question}`, message: 'Please agree to continue.' },
      ],
    });
    const taken = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: referrer.email, first_name: 'X', answers: { [`q${question}`]: 1 } } });
    // An address on the list is never answered "already exists" (test/public/signup-guard.test.ts has the rest).
    assert.equal(taken.status, 200);
    assert.deepEqual(taken.body, { tester: null, already_on_list: true, message: ALREADY_ON_LIST });
    const malformed = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { headers: { 'content-type': 'application/json' }, json: undefined, form: '{"email":' });
    assert.equal(malformed.status, 400);
    assert.equal((await testersOf(ctx, beta.id)).length, 2);
    assert.equal((await visit(ctx, 'POST', '/public/betas/999999/signups', { json: { email: uniqueEmail() } })).status, 404);
  });

  test('a body over 16 KiB is refused with 413 and a clear message', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const response = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail(), utm_term: 'x'.repeat(17 * 1024) } });
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { errors: [{ code: Errors.bodyTooLarge.code, message: 'Request body is too large (at most 16384 bytes)' }] });
    assert.equal((await testersOf(ctx, beta.id)).length, 0);
  });

  test('a flood from one address creates no more testers than max_signups_per_ip_per_day, through the endpoint and the page together', async () => {
    const beta = await ctx.createBeta({ max_signups_per_ip_per_day: 3, fraud_mode: 'block' }, 'Rocket');
    const attempts = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0
        ? visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { ip: '203.0.113.99', json: { email: uniqueEmail('flood') } })
        : visit(ctx, 'POST', `/b/${beta.id}`, { ip: '203.0.113.99', form: formOf({ email: uniqueEmail('flood') }) }),
    );
    const responses = await Promise.all(attempts);
    assert.equal(responses.filter((r) => r.status === 201 || r.status === 200).length, 3);
    const refusals = responses.filter((r) => r.status === 422);
    assert.equal(refusals.length, 21);
    for (const refusal of refusals) {
      const said = typeof refusal.body === 'string' ? refusal.body.includes('Too many signups from your network today') : refusal.body.errors[0].code === 2321;
      assert.ok(said, JSON.stringify(refusal.body).slice(0, 300));
    }
    assert.equal((await testersOf(ctx, beta.id)).length, 3);
    assert.equal((await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { ip: '203.0.113.100', json: { email: uniqueEmail() } })).status, 201, 'another address');
    ctx.clock.advance(86_400_001);
    assert.equal((await visit(ctx, 'POST', `/b/${beta.id}`, { ip: '203.0.113.99', form: formOf({ email: uniqueEmail() }) })).status, 200, 'a day later');
  });

  test('public signups are rate-limited per network (IPv6 by /64), with the limit headers', async () => {
    const limited = await startTestContext({ env: { RATE_LIMIT_PUBLIC_SIGNUPS: '2/1m' } });
    try {
      const beta = await limited.createBeta({}, 'Rocket');
      const post = (ip: string) => visit(limited, 'POST', `/public/betas/${beta.id}/signups`, { ip, json: { email: uniqueEmail() } });
      const first = await post('2001:db8:1:2::10');
      assert.equal(first.status, 201);
      assert.equal(first.headers['ratelimit-limit'], '2');
      assert.equal(first.headers['ratelimit-remaining'], '1');
      assert.equal((await post('2001:db8:1:2::11')).status, 201);
      const refused = await post('2001:db8:1:2:ffff::1');
      assert.equal(refused.status, 429);
      assert.equal(refused.body.errors[0].code, Errors.rateLimited.code);
      assert.match(refused.body.errors[0].message, /^Rate limit exceeded: 2 requests per minute from one network to sign up or confirm; try again in \d+ s$/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await testersOf(limited, beta.id)).length, 2);
      const page = await visit(limited, 'POST', `/b/${beta.id}`, { ip: '2001:db8:1:2::12', form: formOf({ email: uniqueEmail() }) });
      assert.equal(page.status, 429, 'the page and the endpoint share the limit');
      assert.ok(page.body.includes('<h1>Too many requests</h1>'));
      assert.equal((await post('2001:db8:1:3::1')).status, 201, 'another /64');
      const ipv6 = (await testersOf(limited, beta.id)).at(-1)!;
      assert.equal(ipv6.ip, null, 'the profile ip is IPv4 only');
    } finally {
      await limited.close();
    }
  });

  test('over real HTTP: preflight, signup and the share link', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const preflight = await fetch(`${base}/public/betas/${beta.id}/signups`, {
        method: 'OPTIONS',
        headers: { origin: 'https://site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      const email = uniqueEmail('http');
      const signup = await fetch(`${base}/public/betas/${beta.id}/signups`, {
        method: 'POST',
        headers: { origin: 'https://site.example', 'content-type': 'application/json', 'user-agent': BROWSER },
        body: JSON.stringify({ email }),
      });
      assert.equal(signup.status, 201);
      const body = (await signup.json()) as { tester: { referral_code: string; waitlist_position: number } };
      assert.equal(body.tester.waitlist_position, 1);
      assert.equal((await testerByEmail(ctx, beta.id, email))!.ip, '127.0.0.1');
      // A friend's browser: the signup's own (same address and user agent) would count nothing.
      const click = await fetch(`${base}/r/${body.tester.referral_code}`, { redirect: 'manual', headers: { 'user-agent': DESKTOP } });
      assert.equal(click.status, 302);
      assert.equal(click.headers.get('location'), `https://example.com/launch?r=${body.tester.referral_code}`);
      const tester = (await testerByEmail(ctx, beta.id, email))!;
      assert.equal(tester.share_clicks_count, 1);
    } finally {
      await ctx.app.server.close();
    }
  });
});
