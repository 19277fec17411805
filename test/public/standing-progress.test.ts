// The status page's ladder, "one more friend", leaderboard, QR code and public-name form, and the
// public leaderboard page: what they show, that no address is shown whole, that tester-written
// names are escaped everywhere, and that the name form changes the name only with the right check.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../src/primitives/errors.ts';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { createEndpoint, storedEvents } from '../modules/webhooks/support.ts';
import { assertPageSecurity, formOf, visit } from './support.ts';

describe('status page progress and the leaderboard page', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  const statusPath = (tester: { referral_code: string; uuid: string }) => `/r/${tester.referral_code}?check=${tester.uuid}`;
  const storedName = async (id: number) =>
    (await ctx.database.db.selectFrom('testers').select('leaderboard_name').where('id', '=', id).executeTakeFirstOrThrow()).leaderboard_name;

  async function campaign() {
    const beta = await ctx.createBeta({ leaderboard_enabled: true, leaderboard_size: 2 }, 'Rocket');
    for (const [descriptor, name, referrals_required] of [['early', 'Early access', 2], ['shirt', 'T-shirt', 4]] as const) {
      const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor, name, type: 'Milestone', referrals_required } });
      assert.equal(created.status, 201);
    }
    const leader = await createTester(ctx, beta.id, { email: 'leader.person@example.com' });
    for (let i = 0; i < 3; i += 1) await createTester(ctx, beta.id, { email: `lead-friend-${i}@example.net`, referrer_id: leader.id });
    const second = await createTester(ctx, beta.id, { email: 'second.person@example.com' });
    await createTester(ctx, beta.id, { email: 'second-friend@example.net', referrer_id: second.id });
    const late = await createTester(ctx, beta.id, { email: 'late.person@example.com' });
    const emails = (await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).execute()).map((row) => row.email);
    return { beta, leader, second, late, emails };
  }

  function assertNoAddress(body: string, emails: string[]): void {
    for (const email of emails) assert.ok(!body.includes(email), `${email} is not shown whole`);
  }

  test('the status page: position and people behind, the ladder with its bar, one more friend, the board with the tester marked, the QR code; no address whole', async () => {
    const { beta, leader, second, late, emails } = await campaign();
    // second: 1 referral → #2; one more makes 2, tied on referrals with nobody ahead but the leader (3).
    const page = await visit(ctx, 'GET', statusPath(second));
    assert.equal(page.status, 200);
    assertPageSecurity(assert, page);
    const body = page.body as string;
    assertNoAddress(body, emails);
    assert.match(body, /Your standing, s\*\*\*@e\*\*\*\.com/);
    assert.match(body, /<dd id="standing-position">#2 of 7<\/dd>/);
    assert.match(body, /<dd id="standing-behind">5<\/dd>/);
    assert.match(body, /<p id="ladder-next">1 more friend to unlock <strong>Early access<\/strong><\/p>/);
    assert.match(body, /<progress id="ladder-progress" max="2" value="1" aria-labelledby="ladder-next">1 of 2<\/progress>/);
    assert.match(body, /<span class="ladder-name">T-shirt<\/span> <span class="ladder-need">4 referrals<\/span>/);
    assert.ok(!body.includes('id="one-more"'), 'one more referral (2) does not pass the leader (3): nothing to promise');
    assert.match(body, /<tr class="own" id="leaderboard-own" aria-current="true"><td>2<\/td><td>s\*\*\*@e\*\*\*\.com <span class="own-tag">\(you\)<\/span><\/td><td>1<\/td>/);
    assert.match(body, new RegExp(`<img src="/r/${second.referral_code}/qr.svg" width="160" height="160" alt="QR code of your share link">`));

    const last = await visit(ctx, 'GET', statusPath(late));
    const lastBody = last.body as string;
    assert.match(lastBody, /#7 of 7/);
    assert.match(lastBody, /<p class="one-more" id="one-more">One more friend moves you to <strong>#3<\/strong>\.<\/p>/, 'past every tester with no referral');
    assert.ok(!lastBody.includes('id="leaderboard-own"'), 'not on a board of two');
    assert.match(lastBody, /<td>1<\/td><td>l\*\*\*@e\*\*\*\.com<\/td><td>3<\/td>/);

    const top = (await visit(ctx, 'GET', statusPath(leader))).body as string;
    assert.match(top, /<p id="ladder-next">1 more friend to unlock <strong>T-shirt<\/strong><\/p>/);
    assert.match(top, /<span class="ladder-name">Early access<\/span> <span class="ladder-need">2 referrals · <strong>unlocked<\/strong><\/span>/);

    // Without a leaderboard the section is gone; the ladder stays.
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { leaderboard_enabled: false } } });
    const off = (await visit(ctx, 'GET', statusPath(second))).body as string;
    assert.ok(!off.includes('id="leaderboard"'));
    assert.ok(off.includes('id="ladder-next"'));
  });

  test("the status page's rewards: none yet, then those held oldest first (delivered said so), never a revoked one", async () => {
    const { beta, leader, second } = await campaign();
    const rewardsOf = async (tester: { referral_code: string; uuid: string }) => {
      const body = (await visit(ctx, 'GET', statusPath(tester))).body as string;
      if (body.includes('<p id="rewards-none">No rewards yet.</p>')) return [];
      return [...(/<ul id="rewards">(.*?)<\/ul>/s.exec(body)?.[1] ?? '').matchAll(/<li>(.*?)<\/li>/g)].map((item) => item[1]);
    };
    assert.deepEqual(await rewardsOf(second), []);
    // The leader's 2 referrals earned Early access; two rewards given by hand after it.
    assert.deepEqual(await rewardsOf(leader), ['Early access']);
    for (const [descriptor, name] of [['sticker', 'A sticker'], ['mug', 'A mug']]) {
      const definition = await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor, name, type: 'SingleSided' } });
      assert.equal(definition.status, 201);
    }
    const issued: number[] = [];
    for (const [tester, descriptor] of [[second, 'sticker'], [leader, 'sticker'], [leader, 'mug']] as const) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { reward: { email: tester.email, descriptor } } });
      assert.equal(response.status, 201);
      issued.push(response.body.id as number);
    }
    const [secondSticker, leaderSticker, leaderMug] = issued;
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${leaderSticker}`, { body: { reward: { status: 'delivered' } } })).status, 200);
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${leaderMug}`, { body: { reward: { status: 'revoked' } } })).status, 200);
    assert.deepEqual(await rewardsOf(leader), ['Early access', 'A sticker (delivered)']);
    assert.deepEqual(await rewardsOf(second), ['A sticker']);
    // Revoked, the only one it held: none again.
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}/rewards/${secondSticker}`, { body: { reward: { status: 'revoked' } } })).status, 200);
    assert.deepEqual(await rewardsOf(second), []);
  });

  test('the leaderboard page: the board in waitlist order, escaped names, no address whole; 404 while off', async () => {
    const { beta, leader, emails } = await campaign();
    const hostile = '<script>alert("x")</script>&';
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${leader.id}`, { body: { tester: { leaderboard_name: hostile } } });
    ctx.services.leaderboards.forget(beta.id);
    const page = await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`);
    assert.equal(page.status, 200);
    // The same for everyone, and kept by caches no longer than by the process (at most 3 s).
    assertPageSecurity(assert, page, /^public, max-age=[0-3]$/);
    assert.equal(page.headers['x-robots-tag'], 'noindex');
    const body = page.body as string;
    assertNoAddress(body, emails);
    assert.ok(!body.includes('<script>alert'), 'the name is not markup');
    assert.match(body, /<td>1<\/td><td>&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;&amp;<\/td><td>3<\/td>/);
    assert.match(body, /<td>2<\/td><td>s\*\*\*@e\*\*\*\.com<\/td><td>1<\/td>/);
    assert.match(body, new RegExp(`<a href="/b/${beta.id}" id="leaderboard-signup">Join the waitlist</a>`));
    // The JSON carries the name as text (the embed sets it with textContent).
    assert.equal((await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`)).body.entries[0].name, hostile);
    // And the tester's own status page escapes it in the board and the form alike.
    const own = (await visit(ctx, 'GET', statusPath(leader))).body as string;
    assert.ok(!own.includes('<script>alert'));
    assert.ok(own.includes('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"'));

    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { leaderboard_enabled: false } } });
    const off = await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`);
    assert.equal(off.status, 404);
    assert.match(off.body, /no public leaderboard/);
  });

  test('the standing shown after a confirmation has the same name form, posting to the status page', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true, leaderboard_enabled: true }, 'Confirmed');
    const tester = await createTester(ctx, beta.id, { email: 'confirm.me@example.com', status: 'unconfirmed' });
    const { token } = await ctx.database.db.selectFrom('email_confirmations').select('token').where('tester_id', '=', tester.id).executeTakeFirstOrThrow();
    const confirmed = await visit(ctx, 'POST', `/confirm/${token}`);
    assert.equal(confirmed.status, 200);
    const action = `/r/${tester.referral_code}?check=${tester.uuid}`;
    assert.ok((confirmed.body as string).includes(`<form method="post" action="${action}" id="public-name-form" novalidate>`));
    assert.ok(!(confirmed.body as string).includes('confirm.me@example.com'), 'the address masked here too');
    const saved = await visit(ctx, 'POST', action, { form: formOf({ leaderboard_name: 'Confirmed Carla' }) });
    assert.equal(saved.status, 303);
    assert.equal(await storedName(tester.id), 'Confirmed Carla');
  });

  test('the name form sets and clears the name with the right check, raises tester_updated, and shows it on the board at once; a bad name or check changes nothing', async () => {
    const { beta, second } = await campaign();
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    // The board visitors see is built (and kept) before the change.
    assert.equal((await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`)).body.entries[1].name, 's***@e***.com');
    const eventsBefore = (await storedEvents(ctx, beta.id)).length;

    const saved = await visit(ctx, 'POST', statusPath(second), { form: formOf({ leaderboard_name: '  Sam  ' }) });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.location, `/r/${second.referral_code}?check=${second.uuid}&saved=name#public-name-saved`);
    assert.equal(await storedName(second.id), 'Sam');
    const events = (await storedEvents(ctx, beta.id)).slice(eventsBefore);
    assert.deepEqual(events.map((event) => event.type), ['tester_updated']);
    assert.equal(JSON.parse(events[0].payload).data.leaderboard_name, 'Sam');
    assert.equal((await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`)).body.entries[1].name, 'Sam', 'this process dropped its board');
    const back = (await visit(ctx, 'GET', saved.headers.location as string)).body as string;
    assert.match(back, /<p class="saved" id="public-name-saved" role="status">Your public name is saved\.<\/p>/);
    assert.match(back, /<td>Sam <span class="own-tag">\(you\)<\/span><\/td>/);

    const again = await visit(ctx, 'POST', statusPath(second), { form: formOf({ leaderboard_name: 'Sam' }) });
    assert.equal(again.status, 303);
    assert.equal((await storedEvents(ctx, beta.id)).length, eventsBefore + 1, 'the same name again changes nothing');

    const refused = await visit(ctx, 'POST', statusPath(second), { form: formOf({ leaderboard_name: 'x'.repeat(41) }) });
    assert.equal(refused.status, 422);
    assert.match(refused.body, /<p class="error" id="leaderboard_name-error">Leaderboard name is invalid: it is 41 characters long; at most 40 are allowed<\/p>/);
    assert.match(refused.body, /aria-describedby="public-name-hint leaderboard_name-error" aria-invalid="true"/);
    assert.ok(refused.body.includes(`value="${'x'.repeat(41)}"`), 'what was typed comes back');
    const control = await visit(ctx, 'POST', statusPath(second), { form: formOf({ leaderboard_name: 'Sam\u0007' }) });
    assert.equal(control.status, 422);
    assert.ok(control.body.includes(String(Errors.leaderboardNameInvalid.message)));
    assert.equal(await storedName(second.id), 'Sam');

    for (const path of [`/r/${second.referral_code}?check=00000000-0000-4000-8000-000000000000`, `/r/${second.referral_code}?check=nonsense`, `/r/XXXXX?check=${second.uuid}`]) {
      const wrong = await visit(ctx, 'POST', path, { form: formOf({ leaderboard_name: 'Mallory' }) });
      assert.equal(wrong.status, 404, path);
    }
    const noCheck = await visit(ctx, 'POST', `/r/${second.referral_code}`, { form: formOf({ leaderboard_name: 'Mallory' }) });
    assert.equal(noCheck.status, 422);
    assert.equal(await storedName(second.id), 'Sam');

    const cleared = await visit(ctx, 'POST', statusPath(second), { form: formOf({ leaderboard_name: 'ignored', clear: '1' }) });
    assert.equal(cleared.status, 303);
    assert.equal(await storedName(second.id), null);
    const page = (await visit(ctx, 'GET', cleared.headers.location as string)).body as string;
    assert.match(page, /Your public name is removed\./);
    assert.ok(!page.includes('id="public-name-clear"'), 'nothing left to remove');
  });
});
