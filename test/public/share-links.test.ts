import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { createEndpoint, storedEvents } from '../modules/webhooks/support.ts';
import { assertPageSecurity, betaRow, BROWSER, DESKTOP, formOf, testerByEmail, visit } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';

describe('share links /r/{code} and the status page', () => {
  let ctx: TestContext;
  before(async () => {
    // Behind a trusted proxy, as deployed: a visitor's address is the X-Forwarded-For one (without
    // the header it is the connection's, which the other tests set).
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', TRUST_PROXY: 'true' } });
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function storedTester(id: number) {
    return ctx.database.db.selectFrom('testers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  async function sharePoints(id: number) {
    return ctx.database.db.selectFrom('points').selectAll().where('tester_id', '=', id).where('activity', '=', 'share').execute();
  }

  test('a click redirects to the homepage with ?r=, remembers the referrer, counts once per visitor per day and gives share points once per network', async () => {
    const beta = await ctx.createBeta({ share_points: 3 }, 'Rocket');
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    const tester = await createTester(ctx, beta.id);
    const path = `/r/${tester.referral_code}`;

    const first = await visit(ctx, 'GET', path);
    assert.equal(first.status, 302);
    assert.equal(first.headers.location, `https://example.com/launch?r=${tester.referral_code}`);
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.equal(first.headers['set-cookie'], `prelaunch_r_${beta.id}=${tester.referral_code}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    assert.equal((await visit(ctx, 'GET', path)).status, 302);
    assert.equal((await storedTester(tester.id)).share_clicks_count, 1, 'the same visitor the same day counts once');

    await visit(ctx, 'GET', path, { userAgent: DESKTOP });
    assert.equal((await storedTester(tester.id)).share_clicks_count, 2, 'another browser on the same network');
    assert.equal((await sharePoints(tester.id)).length, 1, 'share points once per visitor network');
    await visit(ctx, 'GET', path, { ip: '198.51.100.9' });
    const after = await storedTester(tester.id);
    assert.equal(after.share_clicks_count, 3);
    assert.equal((await sharePoints(tester.id)).map((p) => p.quantity).join(), '3,3');
    assert.equal(after.points, 1 + 6, 'signup point and two share awards');
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 3);
    const api = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(api.body.share_clicks_count, 3);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.share_clicks_count, 3);

    const events = (await storedEvents(ctx, beta.id)).map((e) => e.type);
    assert.equal(events.filter((t) => t === 'tester_updated').length, 3, 'each counted click raises tester_updated');
    assert.equal(events.filter((t) => t === 'point_earned').length, 3, 'signup point and two share awards');

    ctx.clock.set('2026-11-23T08:00:00.000Z');
    await visit(ctx, 'GET', path);
    assert.equal((await storedTester(tester.id)).share_clicks_count, 4, 'a new day counts again');
    assert.equal((await sharePoints(tester.id)).length, 2, 'no share points twice for a network');
  });

  test('the tester following their own link from the device they signed up on counts nothing; other visitors still count', async () => {
    const beta = await ctx.createBeta({ share_points: 3 }, 'Rocket');
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    const home = { 'x-forwarded-for': '198.51.100.40' };
    const email = 'self@example.com';
    const signup = await visit(ctx, 'POST', `/b/${beta.id}`, { headers: home, userAgent: DESKTOP, form: formOf({ email }) });
    assert.equal(signup.status, 200, signup.body);
    const tester = (await testerByEmail(ctx, beta.id, email))!;
    assert.equal(tester.signup_ip, '198.51.100.40');
    assert.equal(tester.signup_user_agent, DESKTOP);
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;
    const path = `/r/${tester.referral_code}`;

    const own = await visit(ctx, 'GET', path, { headers: home, userAgent: DESKTOP });
    assert.equal(own.status, 302, 'redirected as anyone is');
    assert.equal(own.headers.location, `https://example.com/launch?r=${tester.referral_code}`);
    assert.equal(own.headers['set-cookie'], `prelaunch_r_${beta.id}=${tester.referral_code}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    const ownClick = await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { headers: home, userAgent: DESKTOP, json: { r: tester.referral_code } });
    assert.equal(ownClick.status, 204);
    const unchanged = await storedTester(tester.id);
    assert.equal(unchanged.share_clicks_count, 0);
    assert.equal(unchanged.points, tester.points);
    assert.deepEqual(await sharePoints(tester.id), []);
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 0);
    const visits = await ctx.database.db.selectFrom('daily_visits').select('visitor').where('kind', '=', 'click').where('target_id', '=', tester.id).execute();
    assert.deepEqual(visits, [], 'no visit recorded either');
    assert.equal((await storedEvents(ctx, beta.id)).length, eventsBefore, 'no tester_updated');

    // Another browser on the same network, then the same browser elsewhere: other people.
    await visit(ctx, 'GET', path, { headers: home, userAgent: BROWSER });
    await visit(ctx, 'GET', path, { headers: { 'x-forwarded-for': '192.0.2.80' }, userAgent: DESKTOP });
    const counted = await storedTester(tester.id);
    assert.equal(counted.share_clicks_count, 2);
    assert.equal((await sharePoints(tester.id)).length, 2, 'the own click took nothing from its network\'s share points');
    assert.equal(counted.points, tester.points + 6);
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 2);
  });

  test('HEAD, bots, link previews and prefetches redirect but never count', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const tester = await createTester(ctx, beta.id);
    const path = `/r/${tester.referral_code}`;
    const head = await visit(ctx, 'HEAD', path);
    assert.equal(head.status, 302);
    assert.equal(head.headers.location, `https://example.com/launch?r=${tester.referral_code}`);
    const agents = [
      'Twitterbot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'TelegramBot (like TwitterBot)',
      null,
    ];
    for (const userAgent of agents) assert.equal((await visit(ctx, 'GET', path, { userAgent })).status, 302, String(userAgent));
    await visit(ctx, 'GET', path, { headers: { purpose: 'prefetch' } });
    await visit(ctx, 'GET', path, { headers: { 'sec-purpose': 'prefetch;prerender' } });
    assert.equal((await storedTester(tester.id)).share_clicks_count, 0);
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 0);
    assert.deepEqual(await sharePoints(tester.id), []);
  });

  test('an unknown code is a plain 404 page: no redirect, no cookie', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    await createTester(ctx, beta.id);
    for (const code of ['zzzzz', 'https:%2F%2Fevil.example', '..%2F..%2Fx', '%3Cscript%3E']) {
      const response = await visit(ctx, 'GET', `/r/${code}`);
      assert.equal(response.status, 404, code);
      assert.equal(response.headers.location, undefined);
      assert.equal(response.headers['set-cookie'], undefined);
      assert.ok(response.body.includes('<h1>Not found</h1>'));
      assert.ok(!response.body.includes('<script>'));
      assertPageSecurity(assert, response);
    }
  });

  test('the status link shows the tester\'s own standing with the right check; a wrong check is the same 404 as an unknown code', async () => {
    const beta = await ctx.createBeta({ share_points: 0 }, 'Rocket <b>');
    const first = await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id, { referrer_id: first.referral_code });
    await createTester(ctx, beta.id, { referrer_id: tester.referral_code });
    await createTester(ctx, beta.id, { referrer_id: tester.referral_code });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: tester.email, quantity: 10 } });
    const definition = await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor: 'sticker', name: 'Sticker <pack>', type: 'SingleSided' } });
    assert.equal(definition.status, 201, JSON.stringify(definition.body));
    const issued = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { descriptor: 'sticker', email: tester.email } });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));

    assert.equal(tester.share_status_link, `https://prelaunch.test/r/${tester.referral_code}?check=${tester.uuid}`);
    const page = await visit(ctx, 'GET', `/r/${tester.referral_code}?check=${tester.uuid.toUpperCase()}`);
    assert.equal(page.status, 200);
    assertPageSecurity(assert, page);
    assert.equal(page.headers['x-robots-tag'], 'noindex');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shown.body.waitlist_position, 1);
    assert.ok(page.body.includes('<h1>Rocket &lt;b&gt;</h1>'));
    assert.ok(page.body.includes(`<dd id="standing-position">#1 of 4</dd>`), page.body);
    assert.ok(page.body.includes('<dd id="standing-ahead">0</dd>'));
    assert.ok(page.body.includes('<dd id="standing-behind">3</dd>'));
    assert.ok(page.body.includes('<dd id="standing-referrals">2</dd>'));
    assert.ok(page.body.includes('<dd id="standing-points">21</dd>'), 'signup 1 + two referrals 5 each + bonus 10');
    assert.ok(page.body.includes('<ul id="rewards"><li>Sticker &lt;pack&gt;</li></ul>'));
    assert.ok(page.body.includes(`value="https://prelaunch.test/r/${tester.referral_code}?ch=copy"`));
    assert.equal((await storedTester(tester.id)).share_clicks_count, 0, 'looking at one\'s own standing is no click');

    const unknown = await visit(ctx, 'GET', `/r/nosuch?check=${tester.uuid}`);
    for (const check of [first.uuid, '00000000-0000-4000-8000-000000000000', 'x', '']) {
      const wrong = await visit(ctx, 'GET', `/r/${tester.referral_code}?check=${check}`);
      assert.equal(wrong.status, 404, check);
      assert.equal(wrong.body, unknown.body, 'indistinguishable from an unknown code');
      assert.ok(!wrong.body.includes(tester.email));
      assert.equal(wrong.headers.location, undefined);
    }
    const missing = await visit(ctx, 'GET', `/r/${tester.referral_code}`);
    assert.equal(missing.status, 302, 'without a check it is the share link');
  });

  test('with its own referral_url the beta\'s page records the click through the public endpoint', async () => {
    const beta = await ctx.createBeta({ referral_url: 'https://rocket.example/join' }, 'Rocket');
    const other = await ctx.createBeta({}, 'Other');
    const tester = await createTester(ctx, beta.id);
    const stranger = await createTester(ctx, other.id);
    assert.equal(tester.share_link, `https://rocket.example/join?r=${tester.referral_code}`);
    const form = await visit(ctx, 'GET', `/public/betas/${beta.id}/form`, { headers: { origin: 'https://rocket.example' } });
    assert.equal(form.body.records_clicks, true);

    const click = await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: { r: tester.referral_code }, headers: { origin: 'https://rocket.example' } });
    assert.equal(click.status, 204);
    assert.equal(click.headers['access-control-allow-origin'], '*');
    await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: { r: tester.referral_code } });
    await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: { r: tester.referral_code }, userAgent: 'Googlebot/2.1', ip: '192.0.2.1' });
    assert.equal((await storedTester(tester.id)).share_clicks_count, 1);
    for (const body of [{ r: stranger.referral_code }, { r: 'nosuch' }, {}]) {
      assert.equal((await visit(ctx, 'POST', `/public/betas/${beta.id}/clicks`, { json: body, ip: '192.0.2.2' })).status, 204);
    }
    assert.equal((await storedTester(stranger.id)).share_clicks_count, 0, 'a code of another beta counts nothing');
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 1);
    assert.equal((await visit(ctx, 'POST', '/public/betas/999999/clicks', { json: { r: tester.referral_code } })).status, 404);
  });
});
