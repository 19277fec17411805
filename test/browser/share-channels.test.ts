// Share channels in a real browser (headless Chromium): a friend follows one of a tester's share
// buttons to the hosted page or to a site with the embed and signs up, and the channel is stored;
// the share buttons are reached by keyboard and fit 360 px, with axe finding nothing serious; and
// the QR code, drawn by Chromium, decodes (jsQR) to the share link tagged qr.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { testerByEmail } from '../public/support.ts';
import { DESKTOP_CHROME, launchBrowser, PHONE_SAFARI, serveForeignSite } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

// jsQR's module is CommonJS whose export is the function itself (its types say `default`).
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;
const WAIT = { timeout: 15_000 };
const BUTTONS = ['email', 'sms', 'x', 'linkedin', 'facebook', 'whatsapp', 'telegram', 'reddit'];

describe('share channels in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;

  before(async () => {
    // Visitors come from networks of their own (X-Forwarded-For through a trusted proxy).
    ctx = await startTestContext({ listen: true, env: { TRUST_PROXY: 'true' } });
    origin = ctx.config.publicUrl;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  /** A visitor of their own (no shared cookies); `ip` their network, or none for the embed's cross-origin calls. */
  async function visitor(userAgent: string, ip: string | null, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ userAgent, viewport, extraHTTPHeaders: ip ? { 'x-forwarded-for': ip } : {} });
    context.setDefaultTimeout(WAIT.timeout);
    context.setDefaultNavigationTimeout(WAIT.timeout);
    return context.newPage();
  }

  /** The share link a button sends to its network (the `url`, `u` or text parameter of its href). */
  async function sharedLink(page: Page, channel: string): Promise<string> {
    const href = decodeURIComponent((await page.getAttribute(`#share-${channel}`, 'href'))!);
    return href.slice(href.indexOf(`${origin}/r/`)).split(/[\s&]/)[0];
  }

  test('a friend follows the Telegram button to the hosted page and signs up: the channel is stored; the buttons work by keyboard at 360 px', async () => {
    const created = await ctx.request('POST', '/api/v2/betas', { body: { name: 'Rocket', slug: 'rocket', homepage_url: `${origin}/b/rocket`, settings: {} } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const beta = created.body as { id: number };

    const sharer = await visitor(DESKTOP_CHROME, '198.51.100.10', { width: 360, height: 740 });
    await sharer.goto(`${origin}/b/rocket`);
    await sharer.fill('#field-email', 'ada@example.com');
    await Promise.all([sharer.waitForNavigation(), sharer.click('#signup-submit')]);
    const ada = (await testerByEmail(ctx, beta.id, 'ada@example.com'))!;
    assert.deepEqual(await sharer.locator('.share-buttons a').evaluateAll((links) => links.map((a) => a.id)), BUTTONS.map((c) => `share-${c}`));
    for (const channel of BUTTONS) assert.equal(await sharedLink(sharer, channel), `${origin}/r/${ada.referral_code}?ch=${channel}`, channel);
    assert.equal(await sharer.inputValue('#share-link'), `${origin}/r/${ada.referral_code}?ch=copy`);

    // By keyboard: from the copy button, Tab goes through every share button in order, each with its name.
    await sharer.focus('#copy-share-link');
    for (const channel of BUTTONS) {
      await sharer.keyboard.press('Tab');
      assert.equal(await sharer.evaluate(() => document.activeElement?.id), `share-${channel}`);
    }
    assert.equal(await sharer.getAttribute('.share-buttons', 'aria-label'), 'Share on');
    assert.ok(await sharer.evaluate(() => document.documentElement.scrollWidth <= 360), 'nothing wider than 360 px');
    await assertAccessible(sharer, 'the signed-up page at 360 px');

    const friend = await visitor(PHONE_SAFARI, '203.0.113.20');
    await friend.goto(await sharedLink(sharer, 'telegram'));
    assert.equal(friend.url(), `${origin}/b/rocket?r=${ada.referral_code}&ch=telegram`);
    assert.deepEqual((await friend.context().cookies(origin)).map((c) => [c.name, c.value]), [[`prelaunch_r_${beta.id}`, `${ada.referral_code}.telegram`]]);
    await friend.fill('#field-email', 'grace@example.com');
    await Promise.all([friend.waitForNavigation(), friend.click('#signup-submit')]);
    assert.equal(await friend.textContent('h1'), "You're on the list!");
    const grace = (await testerByEmail(ctx, beta.id, 'grace@example.com'))!;
    assert.deepEqual([grace.referrer_id, grace.referral_channel], [ada.id, 'telegram']);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${grace.id}`);
    assert.equal(shown.body.referral_channel, 'telegram');

    const stats = await ctx.request('GET', `/api/v2/betas/${beta.id}/stats`);
    assert.deepEqual(stats.body.channels.find((c: { channel: string }) => c.channel === 'telegram'), { channel: 'telegram', clicks: 1, signups: 1, confirmed: 1, invited: 0, active: 0 });

    // The status page at 1280 px: the same tagged buttons, axe finds nothing serious.
    const status = await visitor(DESKTOP_CHROME, '198.51.100.10');
    await status.goto(`${origin}/r/${ada.referral_code}?check=${ada.uuid}`);
    for (const channel of BUTTONS) assert.equal(await sharedLink(status, channel), `${origin}/r/${ada.referral_code}?ch=${channel}`, channel);
    await assertAccessible(status, 'the status page');
  });

  test('a friend follows a tagged link to a site with the embed: the embed passes the channel on with the referral', async () => {
    const beta = await ctx.createBeta({}, 'Embedded');
    const ann = await createTester(ctx, beta.id);
    const site = await serveForeignSite(origin, beta.id);
    try {
      // An extra header would make the embed's requests need a CORS preflight, which a browser does not send.
      const friend = await visitor(PHONE_SAFARI, null);
      // The redirect of /r/{code}?ch=reddit leads here, to the beta's homepage with ?r=&ch=.
      await friend.goto(`${site.url}?r=${ann.referral_code}&ch=reddit`);
      await friend.waitForSelector('#field-email');
      await friend.fill('#field-email', 'bob@example.com');
      await friend.click('#signup-submit');
      await friend.waitForSelector('#share-link');
      const bob = (await testerByEmail(ctx, beta.id, 'bob@example.com'))!;
      assert.deepEqual([bob.referrer_id, bob.referral_channel], [ann.id, 'reddit']);
      assert.equal(await friend.inputValue('#share-link'), `${origin}/r/${bob.referral_code}?ch=copy`);
      assert.deepEqual(await friend.locator('.links a').evaluateAll((links) => links.map((a) => a.id)), BUTTONS.map((c) => `share-${c}`));
      assert.equal(await sharedLink(friend, 'whatsapp'), `${origin}/r/${bob.referral_code}?ch=whatsapp`);
      await assertAccessible(friend, 'the embed signed up');
    } finally {
      await site.close();
    }
  });

  test('the QR code drawn by the browser decodes to the share link tagged qr', async () => {
    const hosted = await ctx.createBeta({}, 'QR');
    const own = await ctx.createBeta({ referral_url: 'https://rocket.example/join' }, 'Own page');
    const cases: [{ referral_code: string; uuid: string }, string][] = [];
    const first = await createTester(ctx, hosted.id);
    cases.push([first, `${origin}/r/${first.referral_code}?ch=qr`]);
    const second = await createTester(ctx, own.id);
    cases.push([second, `https://rocket.example/join?r=${second.referral_code}&ch=qr`]);
    const page = await visitor(DESKTOP_CHROME, '192.0.2.50');
    for (const [tester, expected] of cases) {
      // A page of the service (its CSP lets it load its own images) draws the SVG onto a canvas.
      await page.goto(`${origin}/r/${tester.referral_code}?check=${tester.uuid}`);
      const image = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const scale = 8;
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth * scale;
        canvas.height = img.naturalHeight * scale;
        const context = canvas.getContext('2d')!;
        context.imageSmoothingEnabled = false;
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
      }, `/r/${tester.referral_code}/qr.svg`);
      const decoded = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
      assert.equal(decoded?.data, expected);
    }
  });
});
