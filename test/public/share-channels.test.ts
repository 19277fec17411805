// Share channels: a share button's link carries its channel (?ch=); the click counts under it, and
// the signup that follows records it as referral_channel, through the cookie (hosted page) or the
// page's ?r=&ch= (embed); the stats list clicks and signups per channel; the QR code of the link.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { createEndpoint, storedEvents } from '../modules/webhooks/support.ts';
import { storedMessages } from '../modules/emails/support.ts';
import { betaRow, DESKTOP, formOf, testerByEmail, testersOf, visit } from './support.ts';
import { Errors } from '../../src/primitives/errors.ts';
import { SHARE_CHANNELS } from '../../src/modules/referrals/share-channels.ts';

const NOW = '2026-11-22T09:15:00.000Z';

/** A stats answer's channels as this file checks them: clicks and signups. */
const clicksAndSignups = (channels: { channel: string; clicks: number; signups: number }[]) => channels.map(({ channel, clicks, signups }) => ({ channel, clicks, signups }));

describe('share channels', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function channelClicks(betaId: number): Promise<Record<string, number>> {
    const rows = await ctx.database.db.selectFrom('share_channel_clicks').select(['channel', 'clicks']).where('beta_id', '=', betaId).orderBy('channel').execute();
    return Object.fromEntries(rows.map((row) => [row.channel, Number(row.clicks)]));
  }

  /** A click from a visitor of its own (an address per click), as a browser sends it. */
  let visitors = 0;
  const click = (url: string) => visit(ctx, 'GET', url, { ip: `198.51.100.${++visitors % 250}` });

  test('a click counts under its channel once per visitor per day; an unknown tag counts as other, no tag under none', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const tester = await createTester(ctx, beta.id);
    const code = tester.referral_code;

    const tagged = await visit(ctx, 'GET', `/r/${code}?ch=whatsapp`, { ip: '203.0.113.5' });
    assert.equal(tagged.status, 302);
    assert.equal(tagged.headers.location, `https://example.com/launch?r=${code}&ch=whatsapp`, 'the channel goes on to the homepage');
    assert.equal(tagged.headers['set-cookie'], `prelaunch_r_${beta.id}=${code}.whatsapp; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    await visit(ctx, 'GET', `/r/${code}?ch=whatsapp`, { ip: '203.0.113.5' });
    assert.deepEqual(await channelClicks(beta.id), { whatsapp: 1 }, 'the same visitor the same day counts once');

    await click(`/r/${code}?ch=X`);
    await click(`/r/${code}?ch=myspace`);
    await click(`/r/${code}?ch=`);
    const other = await click(`/r/${code}?ch=${'z'.repeat(255)}`);
    assert.equal(other.headers.location, `https://example.com/launch?r=${code}&ch=other`, 'what the page passes on is bounded too');
    const untagged = await click(`/r/${code}`);
    assert.equal(untagged.headers.location, `https://example.com/launch?r=${code}`);
    assert.equal(untagged.headers['set-cookie'], `prelaunch_r_${beta.id}=${code}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`);
    assert.deepEqual(await channelClicks(beta.id), { other: 3, whatsapp: 1, x: 1 });
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 6, 'every counted click, tagged or not');

    // Bots, link previews and HEAD requests count under no channel either.
    await visit(ctx, 'GET', `/r/${code}?ch=x`, { userAgent: 'Twitterbot/1.0', ip: '192.0.2.1' });
    await visit(ctx, 'HEAD', `/r/${code}?ch=x`, { ip: '192.0.2.2' });
    assert.deepEqual(await channelClicks(beta.id), { other: 3, whatsapp: 1, x: 1 });

    // A beta's own referral_url page records its clicks through the public endpoint, channel and all.
    const own = await ctx.createBeta({ referral_url: 'https://rocket.example/join' }, 'Own page');
    const sharer = await createTester(ctx, own.id);
    assert.equal((await visit(ctx, 'POST', `/public/betas/${own.id}/clicks`, { json: { r: sharer.referral_code, ch: 'reddit' }, ip: '192.0.2.30' })).status, 204);
    assert.equal((await visit(ctx, 'POST', `/public/betas/${own.id}/clicks`, { json: { r: sharer.referral_code, ch: 'friendster' }, ip: '192.0.2.31' })).status, 204);
    assert.equal((await visit(ctx, 'POST', `/public/betas/${own.id}/clicks`, { json: { r: sharer.referral_code }, ip: '192.0.2.32' })).status, 204);
    assert.deepEqual(await channelClicks(own.id), { other: 1, reddit: 1 });
    assert.equal((await betaRow(ctx, own.id)).share_clicks_count, 3);
    const refused = await visit(ctx, 'POST', `/public/betas/${own.id}/clicks`, { json: { r: sharer.referral_code, ch: 'x'.repeat(256) }, ip: '192.0.2.33' });
    assert.equal(refused.status, 400, 'an oversized tag is refused');
    assert.match(JSON.stringify(refused.body), /ch must NOT have more than 255 characters/);
    assert.deepEqual(await channelClicks(own.id), { other: 1, reddit: 1 }, 'and changes nothing');
  });

  test('hosted page: the cookie carries the channel from the click to the signup; the referrer is credited as without one', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    const referrer = await createTester(ctx, beta.id);
    const clicked = await visit(ctx, 'GET', `/r/${referrer.referral_code}?ch=telegram`, { ip: '203.0.113.40' });
    const cookie = String(clicked.headers['set-cookie']).split(';')[0];
    assert.equal(cookie, `prelaunch_r_${beta.id}=${referrer.referral_code}.telegram`);

    // The page the redirect leads to keeps the channel with the code for the form's POST.
    const page = await visit(ctx, 'GET', `/b/${beta.id}?r=${referrer.referral_code}&ch=telegram`, { ip: '203.0.113.40' });
    assert.ok(page.body.includes(`<input type="hidden" name="r" value="${referrer.referral_code}">`));
    assert.ok(page.body.includes('<input type="hidden" name="ch" value="telegram">'));
    const bare = await visit(ctx, 'GET', `/b/${beta.id}`, { ip: '203.0.113.40', headers: { cookie } });
    assert.ok(bare.body.includes('<input type="hidden" name="ch" value="telegram">'), 'from the cookie alone too');

    // The cookie alone: the form as a visitor without ?r= sends it.
    const email = uniqueEmail('friend');
    const signup = await visit(ctx, 'POST', `/b/${beta.id}`, { ip: '203.0.113.40', headers: { cookie }, form: formOf({ email }) });
    assert.equal(signup.status, 200, signup.body);
    const stored = (await testerByEmail(ctx, beta.id, email))!;
    assert.equal(stored.referral_channel, 'telegram');
    assert.equal(stored.referrer_id, referrer.id);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${stored.id}`);
    assert.equal(shown.body.referral_channel, 'telegram');
    assert.equal(shown.body.referred_by, referrer.email);
    const created = (await storedEvents(ctx, beta.id)).find((event) => event.type === 'tester_created' && JSON.parse(event.payload).data.id === stored.id)!;
    assert.equal(JSON.parse(created.payload).data.referral_channel, 'telegram', "the tester's webhook body has it");

    // The same signup through an untagged link credits the referrer exactly as much.
    const untaggedCookie = String((await visit(ctx, 'GET', `/r/${referrer.referral_code}`, { ip: '203.0.113.41' })).headers['set-cookie']).split(';')[0];
    const other = uniqueEmail('friend');
    assert.equal((await visit(ctx, 'POST', `/b/${beta.id}`, { ip: '203.0.113.41', headers: { cookie: untaggedCookie }, form: formOf({ email: other }) })).status, 200);
    const untagged = (await testerByEmail(ctx, beta.id, other))!;
    assert.equal(untagged.referral_channel, null, 'an untagged link has no channel');
    assert.equal(untagged.referrer_id, referrer.id);
    assert.equal(untagged.referral_credited_at !== null, stored.referral_credited_at !== null);
    const credited = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`);
    assert.equal(credited.body.share_signups_count, 2, 'both referrals credited alike');
    assert.equal(credited.body.referral_channel, null, "the referrer's own signup was direct");

    // The form's own r and ch win over the cookie, as one pair.
    const sent = uniqueEmail('friend');
    const second = await createTester(ctx, beta.id);
    assert.equal(
      (await visit(ctx, 'POST', `/b/${beta.id}`, { ip: '203.0.113.42', headers: { cookie }, form: formOf({ email: sent, r: second.referral_code, ch: 'sms' }) })).status,
      200,
    );
    const paired = (await testerByEmail(ctx, beta.id, sent))!;
    assert.deepEqual([paired.referrer_id, paired.referral_channel], [second.id, 'sms']);

    // The channel says how the signup came: a referrer deleted later leaves it.
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${second.id}`)).status, 200);
    const orphaned = (await testerByEmail(ctx, beta.id, sent))!;
    assert.deepEqual([orphaned.referrer_id, orphaned.referral_channel], [null, 'sms']);
  });

  test('a direct signup has no channel; a channel without a known referrer is none either', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const hosted = uniqueEmail('direct');
    assert.equal((await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: hosted, ch: 'x' }) })).status, 200);
    const embedded = uniqueEmail('direct');
    assert.equal((await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: embedded, r: 'nosuch', ch: 'x' } })).status, 201);
    const api = await createTester(ctx, beta.id);
    for (const email of [hosted, embedded, api.email]) {
      const stored = (await testerByEmail(ctx, beta.id, email))!;
      assert.deepEqual([stored.referrer_id, stored.referral_channel], [null, null], email);
      assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${stored.id}`)).body.referral_channel, null);
    }
    // The API takes no channel: a field of that name in a create is no field of its input.
    const sent = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), referrer_id: api.referral_code, referral_channel: 'bogus' } } });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    assert.deepEqual([sent.body.referred_by, sent.body.referral_channel], [api.email, null]);
    assert.equal((await testerByEmail(ctx, beta.id, sent.body.email))!.referral_channel, null);
    // A referrer the owner gives later (PUT) came through no channel.
    const referrer = await createTester(ctx, beta.id);
    const given = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${api.id}`, { body: { tester: { referrer_id: referrer.referral_code } } });
    assert.equal(given.status, 200, JSON.stringify(given.body));
    assert.deepEqual([given.body.referred_by, given.body.referral_channel], [referrer.email, null]);
  });

  test('embed: the signup sends the page\'s ?r= and ?ch=; the answer carries the tagged share buttons', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const referrer = await createTester(ctx, beta.id);
    const email = uniqueEmail('embedded');
    const created = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email, r: referrer.referral_code, ch: 'LinkedIn' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const stored = (await testerByEmail(ctx, beta.id, email))!;
    assert.deepEqual([stored.referrer_id, stored.referral_channel], [referrer.id, 'linkedin']);
    const link = `https://prelaunch.test/r/${stored.referral_code}`;
    assert.equal(created.body.tester.copy_link, `${link}?ch=copy`);
    assert.deepEqual(
      created.body.tester.share_buttons.map((b: { channel: string; label: string }) => [b.channel, b.label]),
      [['email', 'E-mail'], ['sms', 'Text message'], ['x', 'X'], ['linkedin', 'LinkedIn'], ['facebook', 'Facebook'], ['whatsapp', 'WhatsApp'], ['telegram', 'Telegram'], ['reddit', 'Reddit']],
    );
    const x = created.body.tester.share_buttons.find((b: { channel: string }) => b.channel === 'x');
    assert.equal(x.url, `https://x.com/intent/tweet?text=Join+me+on+the+Rocket+waitlist&url=${encodeURIComponent(`${link}?ch=x`)}`);

    const tooLong = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail(), r: referrer.referral_code, ch: 'x'.repeat(256) } });
    assert.equal(tooLong.status, Errors.testersGeneral.status, 'an oversized channel is refused');
    assert.deepEqual(tooLong.body, { errors: [{ code: Errors.testersGeneral.code, message: 'ch must NOT have more than 255 characters' }] });
    assert.equal((await testersOf(ctx, beta.id)).length, 2, 'and creates nothing');
  });

  test('the share buttons of the signed-up and status pages link to the tagged share link; the field copies the copy one', async () => {
    const beta = await ctx.createBeta({}, 'Rocket & Co');
    const email = uniqueEmail('sharer');
    const done = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email }), userAgent: DESKTOP });
    const tester = (await testerByEmail(ctx, beta.id, email))!;
    const status = await visit(ctx, 'GET', `/r/${tester.referral_code}?check=${tester.uuid}`);
    const link = `https://prelaunch.test/r/${tester.referral_code}`;
    const tagged = (channel: string) => encodeURIComponent(`${link}?ch=${channel}`);
    const message = 'Join+me+on+the+Rocket+%26+Co+waitlist';
    const expected: Record<string, string> = {
      email: `mailto:?subject=${message.replaceAll('+', '%20')}&amp;body=${`${message}%3A+`.replaceAll('+', '%20')}${tagged('email')}`,
      sms: `sms:?&amp;body=${`${message}%3A+`.replaceAll('+', '%20')}${tagged('sms')}`,
      x: `https://x.com/intent/tweet?text=${message}&amp;url=${tagged('x')}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${tagged('linkedin')}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${tagged('facebook')}`,
      whatsapp: `https://wa.me/?text=${message}%3A+${tagged('whatsapp')}`,
      telegram: `https://t.me/share/url?url=${tagged('telegram')}&amp;text=${message}`,
      reddit: `https://www.reddit.com/submit?url=${tagged('reddit')}&amp;title=${message}`,
    };
    for (const page of [done, status]) {
      assert.equal(page.status, 200);
      const links = [...page.body.matchAll(/<a id="share-([a-z]+)" class="share-\1" href="([^"]*)" target="_blank" rel="noopener noreferrer">([^<]*)<\/a>/g)];
      assert.deepEqual(Object.fromEntries(links.map((m) => [m[1], m[2]])), expected);
      assert.ok(page.body.includes(`<input id="share-link" type="text" readonly value="${link}?ch=copy" aria-label="Your share link">`));
    }
  });

  test('the default e-mails tag the share link as email and each network\'s button with its channel', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const [message] = await storedMessages(ctx, beta.id);
    assert.equal(message.occasion, 'invitation');
    const link = `https://prelaunch.test/r/${tester.referral_code}`;
    assert.ok(message.text_body.includes(`Share your link: ${link}?ch=email\n`), message.text_body);
    assert.ok(message.html_body!.includes(`<a href="${link}?ch=email" style="color:#2563eb;">${link}?ch=email</a>`));
    for (const channel of ['email', 'sms', 'x', 'linkedin', 'facebook', 'whatsapp', 'telegram', 'reddit']) {
      assert.ok(message.html_body!.includes(encodeURIComponent(`${link}?ch=${channel}`)), channel);
    }
    assert.ok(message.html_body!.includes(`<a href="https://x.com/intent/tweet?text=Join+me+on+the+Rocket+waitlist&amp;url=${encodeURIComponent(`${link}?ch=x`)}" style="color:#2563eb;">X</a>`));
  });

  test('stats list clicks and signups per channel, against a recount', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const [ann, bob] = [await createTester(ctx, beta.id), await createTester(ctx, beta.id)];
    const clicks = { x: 3, whatsapp: 2, qr: 1, other: 2 } as Record<string, number>;
    for (const [channel, count] of Object.entries(clicks)) {
      for (let i = 0; i < count; i++) await click(`/r/${(i % 2 ? ann : bob).referral_code}?ch=${channel === 'other' ? `unknown${i}` : channel}`);
    }
    await click(`/r/${ann.referral_code}`);
    const signups: [string, Record<string, string>][] = [
      ['x', { r: ann.referral_code, ch: 'x' }],
      ['x', { r: bob.referral_code, ch: 'x' }],
      ['qr', { r: ann.referral_code, ch: 'qr' }],
      ['other', { r: ann.referral_code, ch: 'carrier-pigeon' }],
      ['none', { r: ann.referral_code }],
      ['direct', {}],
    ];
    for (const [, referral] of signups) {
      const response = await visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail(), ...referral }, ip: `192.0.2.${++visitors % 250}` });
      assert.equal(response.status, 201, JSON.stringify(response.body));
    }

    const stats = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.equal(stats.status, 200, JSON.stringify(stats.body));
    assert.deepEqual(stats.body.channels.map((c: { channel: string }) => c.channel), [...SHARE_CHANNELS], 'every channel, in a fixed order');
    // The recount: signups from the stored testers, clicks as made above.
    const testers = await testersOf(ctx, beta.id);
    const recount = SHARE_CHANNELS.map((channel) => ({
      channel,
      clicks: clicks[channel] ?? 0,
      signups: testers.filter((t) => t.referral_channel === channel && !t.hidden).length,
    }));
    // Clicks and signups; how far each channel's testers went is beta-stats.test.ts's recount.
    const counted = clicksAndSignups(stats.body.channels);
    assert.deepEqual(counted, recount);
    assert.deepEqual(
      counted.filter((c) => c.clicks + c.signups > 0),
      [
        { channel: 'x', clicks: 3, signups: 2 },
        { channel: 'whatsapp', clicks: 2, signups: 0 },
        { channel: 'qr', clicks: 1, signups: 1 },
        { channel: 'other', clicks: 2, signups: 1 },
      ],
    );
    assert.equal(stats.body.share_clicks_count, 9, 'the untagged click counts in the total only');
    assert.equal(stats.body.referred_signups_count, 5, 'referrals credited as ever');

    const empty = await ctx.createBeta({}, 'Quiet');
    const none = await ctx.request('GET', `/api/v2/betas/${empty.id}/stats`);
    assert.deepEqual(clicksAndSignups(none.body.channels), SHARE_CHANNELS.map((channel) => ({ channel, clicks: 0, signups: 0 })));
  });

  test('GET /r/{code}/qr.svg: the tagged share link as an SVG QR code, cached; 404 for a code that leads nowhere', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const tester = await createTester(ctx, beta.id);
    const qr = await visit(ctx, 'GET', `/r/${tester.referral_code}/qr.svg`);
    assert.equal(qr.status, 200);
    assert.equal(qr.headers['content-type'], 'image/svg+xml; charset=utf-8');
    assert.equal(qr.headers['cache-control'], 'public, max-age=86400');
    assert.equal(qr.headers['x-content-type-options'], 'nosniff');
    assert.match(qr.body, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 (\d+) \1"/, 'a square SVG');
    assert.doesNotMatch(qr.body, /<script|href|on[a-z]+=/i, 'nothing but shapes');
    assert.equal((await betaRow(ctx, beta.id)).share_clicks_count, 0, 'fetching the code is no click');

    const own = await ctx.createBeta({ referral_url: 'https://rocket.example/join' }, 'Own page');
    const sharer = await createTester(ctx, own.id);
    assert.equal((await visit(ctx, 'GET', `/r/${sharer.referral_code}/qr.svg`)).status, 200);

    const unknown = await visit(ctx, 'GET', '/r/nosuch/qr.svg');
    assert.equal(unknown.status, 404);
    assert.match(String(unknown.headers['content-type']), /^text\/html/);
    const deleted = await createTester(ctx, beta.id);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${deleted.id}`)).status, 200);
    const gone = await visit(ctx, 'GET', `/r/${deleted.referral_code}/qr.svg`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body, unknown.body, 'a deleted tester\'s code is the same 404 as an unknown one');
    assert.equal((await visit(ctx, 'GET', `/r/${'a'.repeat(65)}/qr.svg`)).status, 400);
  });
});
