// The hosted signup page, the share link and the status page in a real browser (headless Chromium):
// visitors fill and submit the form as people do, follow a share link through its redirect and
// cookie, and read their standing; without JavaScript too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { testerByEmail } from '../public/support.ts';
import { DESKTOP_CHROME, DESKTOP_FIREFOX, launchBrowser, PHONE_SAFARI } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

const WAIT = { timeout: 15_000 };

describe('hosted signup page in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;

  before(async () => {
    // Visitors come from networks of their own (X-Forwarded-For through a trusted proxy): a friend
    // signing up from the referrer's own IP would be a held referral (fraud signals).
    ctx = await startTestContext({ listen: true, env: { TRUST_PROXY: 'true' } });
    origin = ctx.config.publicUrl;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  /** A visitor: a browser context of their own (no shared cookies), with their browser and network. */
  async function visitor(userAgent: string, ip: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ userAgent, extraHTTPHeaders: { 'x-forwarded-for': ip }, ...options });
    context.setDefaultTimeout(WAIT.timeout);
    context.setDefaultNavigationTimeout(WAIT.timeout);
    return context.newPage();
  }

  /** A beta whose homepage is its own hosted page, so share links lead back to the signup form. */
  async function hostedBeta(slug: string, name: string) {
    const created = await ctx.request('POST', '/api/v2/betas', { body: { name, slug, homepage_url: `${origin}/b/${slug}`, settings: {} } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: number; impressions_count: number };
  }

  async function signUp(page: Page, email: string): Promise<void> {
    await page.fill('#field-email', email);
    await Promise.all([page.waitForNavigation(), page.click('#signup-submit')]);
  }

  test('a visitor signs up and shares; a friend on another browser follows the link and signs up; the first visitor\'s status page shows the referral and a better position', async () => {
    const beta = await hostedBeta('rocket', 'Rocket');
    const earlier = await createTester(ctx, beta.id);

    const first = await visitor(DESKTOP_CHROME, '198.51.100.10');
    const landing = await first.goto(`${origin}/b/rocket`);
    assert.equal(landing?.status(), 200);
    assert.equal(await first.textContent('h1'), 'Rocket');
    await assertAccessible(first, 'the signup page');
    await signUp(first, 'ada@example.com');
    assert.equal(await first.textContent('h1'), "You're on the list!");
    assert.equal(await first.textContent('#waitlist-position'), '#2');
    assert.equal(await first.textContent('#waitlist-ahead'), '1 person is ahead of you.');
    await assertAccessible(first, 'the signup done page');
    const ada = (await testerByEmail(ctx, beta.id, 'ada@example.com'))!;
    const shareLink = await first.inputValue('#share-link');
    assert.equal(shareLink, `${origin}/r/${ada.referral_code}`);
    // The copy button (page.js): the link goes to the clipboard and the button says so.
    await first.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await first.click('#copy-share-link');
    await first.waitForSelector('#copy-share-link:text("Copied")');
    assert.equal(await first.evaluate(() => navigator.clipboard.readText()), shareLink);

    const friend = await visitor(PHONE_SAFARI, '203.0.113.20');
    await friend.goto(shareLink);
    assert.equal(friend.url(), `${origin}/b/rocket?r=${ada.referral_code}`, 'redirected to the homepage (the hosted page) with ?r=');
    const cookies = await friend.context().cookies(origin);
    assert.deepEqual(cookies.map((c) => [c.name, c.value, c.httpOnly, c.sameSite]), [[`prelaunch_r_${beta.id}`, ada.referral_code, true, 'Lax']]);
    // The cookie alone carries the referrer: the page without ?r= still credits the sharer.
    await friend.goto(`${origin}/b/rocket`);
    assert.equal(await friend.getAttribute('input[type=hidden][name=r]', 'value'), ada.referral_code);
    await signUp(friend, 'grace@example.com');
    assert.equal(await friend.textContent('#waitlist-position'), '#3');

    const grace = (await testerByEmail(ctx, beta.id, 'grace@example.com'))!;
    assert.equal(grace.referrer_id, ada.id);
    const stored = (await testerByEmail(ctx, beta.id, 'ada@example.com'))!;
    assert.equal(stored.share_signups_count, 1);
    assert.equal(stored.share_clicks_count, 1, 'the friend\'s click; the copy and the cookie visit are none');

    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ada.id}`);
    const status = await first.goto(shown.body.share_status_link);
    assert.equal(status?.status(), 200);
    assert.equal(await first.textContent('.lead'), 'Your standing, a***@e***.com', 'the address masked');
    await assertAccessible(first, 'the status page');
    assert.equal(await first.textContent('#standing-referrals'), '1');
    assert.equal(await first.textContent('#standing-position'), '#1 of 3', 'one referral moves her ahead of the earlier tester');
    assert.equal(await first.textContent('#standing-ahead'), '0');
    assert.equal(await first.textContent('#standing-behind'), '2');
    assert.equal(shown.body.waitlist_position, 1);
    const behind = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${earlier.id}`);
    assert.equal(behind.body.waitlist_position, 2);
  });

  test('without JavaScript the form shows its errors and signs up', async () => {
    const beta = await hostedBeta('no-script', 'No Script');
    const page = await visitor(DESKTOP_FIREFOX, '192.0.2.30', { javaScriptEnabled: false });
    await page.goto(`${origin}/b/no-script`);
    await page.fill('#field-email', 'not an address');
    const refused = await Promise.all([page.waitForNavigation(), page.click('#signup-submit')]).then(([response]) => response);
    assert.equal(refused?.status(), 422);
    assert.match((await page.textContent('#email-error')) ?? '', /e-?mail/i);
    assert.equal(await page.getAttribute('#field-email', 'aria-invalid'), 'true');
    assert.equal(await page.$eval('#field-email', (input) => getComputedStyle(input).borderColor), 'rgb(185, 28, 28)', 'the invalid field is outlined in red');
    assert.equal(await page.inputValue('#field-email'), 'not an address', 'what the visitor typed comes back');

    await signUp(page, 'nojs@example.com');
    assert.equal(await page.textContent('h1'), "You're on the list!");
    assert.equal(await page.textContent('#waitlist-position'), '#1');
    const tester = await testerByEmail(ctx, beta.id, 'nojs@example.com');
    assert.ok(tester, 'stored');
    assert.equal(tester.status, 'applied');
    assert.equal(await page.inputValue('#share-link'), `${origin}/r/${tester.referral_code}`);
  });
});
