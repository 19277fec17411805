// The public pages wearing a beta's design, and the default look, in a real browser (headless
// Chromium): the signup page, the page after a signup, the status page and the confirmation page,
// at 360 px and 1280 px, through axe, used by keyboard alone, and loading nothing from another host.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { testerByEmail } from '../public/support.ts';
import { DESKTOP_CHROME, launchBrowser, serveForeignSite } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { PNG } from '../support/images.ts';

const WAIT = { timeout: 15_000 };
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" width="120" height="32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><text x="40" y="22" font-size="16" fill="#111827">Rocket</text></svg>';
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

describe('public pages with and without a design, in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;
  let serial = 0;

  before(async () => {
    ctx = await startTestContext({ listen: true, env: { TRUST_PROXY: 'true' } });
    origin = ctx.config.publicUrl;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  /** A visitor's page at `viewport`, recording every request that leaves the service's origin. */
  async function visitor(viewport: { width: number; height: number }, options: { ownNetwork?: boolean } = {}): Promise<{ page: Page; foreign: string[] }> {
    serial += 1;
    // A network of its own per visitor, through the trusted proxy's header; not on another site,
    // where the header would make the embed's calls need a CORS preflight they are not meant to.
    const headers: Record<string, string> = options.ownNetwork === false ? {} : { 'x-forwarded-for': `198.51.100.${serial}` };
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport, extraHTTPHeaders: headers });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('about:')) foreign.push(url);
    });
    return { page, foreign };
  }

  async function designedBeta(slug: string, settings: Record<string, unknown> = {}) {
    const created = await ctx.request('POST', '/api/v2/betas', {
      body: {
        name: 'Rocket',
        slug,
        homepage_url: `${origin}/b/${slug}`,
        settings,
        page: {
          headline: 'Fly first with Rocket',
          description: 'The **fastest** way to ship. Read [the plan](https://rocket.example/plan).\n\n- Early access\n- Founder pricing',
          brand_color: '#7c3aed',
          background_color: '#1e1b4b',
          button_text: 'Save my seat',
          thank_you_headline: 'Your seat is saved',
          thank_you_text: 'We will write before launch.',
          share_message: 'Fly with me on Rocket',
        },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const [kind, body, type] of [['logo', LOGO_SVG, 'image/svg+xml'], ['hero', PNG, 'image/png']] as const) {
      const raw = await ctx.app.inject({ method: 'PUT', url: `/api/v2/betas/${created.body.id}/page/${kind}`, headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': type }, payload: body });
      assert.equal(raw.statusCode, 200, raw.body);
    }
    return created.body as { id: number };
  }

  async function plainBeta(slug: string, settings: Record<string, unknown> = {}) {
    const created = await ctx.request('POST', '/api/v2/betas', { body: { name: 'Plain', slug, homepage_url: `${origin}/b/${slug}`, settings } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: number };
  }

  /** Signs up by keyboard alone: the address typed in the focused field, Tab to the button, Enter. */
  async function signUpByKeyboard(page: Page, email: string): Promise<void> {
    await page.focus('#field-email');
    await page.keyboard.type(email);
    let reached = false;
    for (let step = 0; step < 10 && !reached; step++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.id === 'signup-submit');
    }
    assert.ok(reached, 'the submit button is reached by Tab');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  }

  /** Nothing wider than the viewport: no sideways scrolling on a phone. */
  async function assertFits(page: Page, what: string): Promise<void> {
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `${what}: ${scroll}px wide in a ${width}px viewport`);
  }

  for (const viewport of VIEWPORTS) {
    test(`a designed campaign at ${viewport.width} px: every page wears the design, passes axe, works by keyboard and loads only from the service`, async () => {
      const slug = `designed-${viewport.width}`;
      const beta = await designedBeta(slug);
      await createTester(ctx, beta.id);
      const { page, foreign } = await visitor(viewport);
      await page.goto(`${origin}/b/${slug}`);
      assert.equal(await page.textContent('h1'), 'Fly first with Rocket');
      assert.equal(await page.textContent('#page-description strong'), 'fastest');
      assert.equal(await page.textContent('#waiting-count'), 'Join 1 person waiting.');
      assert.equal(await page.textContent('#signup-submit'), 'Save my seat');
      // The theme reached the page: the button wears the brand colour, the page the background.
      assert.equal(await page.$eval('#signup-submit', (button) => getComputedStyle(button).backgroundColor), 'rgb(124, 58, 237)');
      assert.equal(await page.$eval('body', (body) => getComputedStyle(body).backgroundColor), 'rgb(30, 27, 75)');
      // The images loaded (an image that failed has no natural width).
      assert.ok((await page.$eval('#page-logo', (img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the logo is shown');
      assert.ok((await page.$eval('#page-hero', (img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the hero is shown');
      await assertFits(page, 'the signup page');
      await assertAccessible(page, `the designed signup page at ${viewport.width} px`);

      const email = `designed-${viewport.width}@example.com`;
      await signUpByKeyboard(page, email);
      assert.equal(await page.textContent('h1'), 'Your seat is saved');
      assert.equal(await page.textContent('#signup-done'), 'We will write before launch.');
      assert.ok((await page.getAttribute('#share-x', 'href'))!.includes('Fly+with+me+on+Rocket'));
      await assertFits(page, 'the signed-up page');
      await assertAccessible(page, `the designed signed-up page at ${viewport.width} px`);
      const tester = (await testerByEmail(ctx, beta.id, email))!;
      assert.equal(tester.status, 'applied', 'the keyboard signup is stored');

      await Promise.all([page.waitForNavigation(), page.click('#status-page-link')]);
      assert.equal(page.url(), `${origin}/r/${tester.referral_code}?check=${tester.uuid}`);
      assert.ok(!(await page.content()).includes(email), 'the status page never shows the address whole');
      await assertFits(page, 'the status page');
      await assertAccessible(page, `the designed status page at ${viewport.width} px`);
      assert.deepEqual(foreign, [], 'no request left the service');
      await page.context().close();
    });

    test(`the default look at ${viewport.width} px: signup, confirmation and status pages pass axe and fit`, async () => {
      const slug = `plain-${viewport.width}`;
      const beta = await plainBeta(slug, { double_opt_in: true });
      const { page, foreign } = await visitor(viewport);
      await page.goto(`${origin}/b/${slug}`);
      assert.equal(await page.textContent('h1'), 'Plain');
      assert.equal(await page.locator('.masthead').count(), 0, 'no logo, no masthead');
      assert.equal(await page.$eval('#signup-submit', (button) => getComputedStyle(button).backgroundColor), 'rgb(37, 99, 235)');
      await assertFits(page, 'the default signup page');
      await assertAccessible(page, `the default signup page at ${viewport.width} px`);
      const email = `plain-${viewport.width}@example.com`;
      await signUpByKeyboard(page, email);
      assert.equal(await page.textContent('h1'), 'Check your inbox');
      assert.ok(!(await page.content()).includes(email));
      await assertAccessible(page, `the check-your-inbox page at ${viewport.width} px`);

      const tester = (await testerByEmail(ctx, beta.id, email))!;
      const { token } = await ctx.database.db.selectFrom('email_confirmations').select('token').where('tester_id', '=', tester.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      await page.goto(`${origin}/confirm/${token}`);
      assert.equal(await page.textContent('h1'), 'Confirm your e-mail address');
      await assertFits(page, 'the confirmation page');
      await assertAccessible(page, `the confirmation page at ${viewport.width} px`);
      await page.focus('#confirm-button');
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
      assert.equal(await page.textContent('#standing-position'), '#1 of 1');
      await assertAccessible(page, `the default status page at ${viewport.width} px`);
      assert.deepEqual(foreign, [], 'no request left the service');
      await page.context().close();
    });
  }

  test('the embed on another site wears the design: logo, headline, description, button, thank-you text and share message', async () => {
    const beta = await designedBeta('embedded');
    const site = await serveForeignSite(origin, beta.id);
    try {
      const { page } = await visitor({ width: 360, height: 740 }, { ownNetwork: false });
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      await page.goto(site.url);
      await page.waitForSelector('#field-email');
      assert.equal(await page.textContent('.prelaunch-signup >> h2'), 'Fly first with Rocket');
      assert.match((await page.textContent('.prelaunch-signup >> .description')) ?? '', /The fastest way to ship/);
      assert.ok((await page.$eval('.prelaunch-signup >> img.logo', (img) => (img as HTMLImageElement).naturalWidth)) > 0, 'the logo loads from the service');
      assert.equal(await page.textContent('.prelaunch-signup >> #signup-submit'), 'Save my seat');
      assert.equal(await page.$eval('.prelaunch-signup >> #signup-submit', (button) => getComputedStyle(button).backgroundColor), 'rgb(124, 58, 237)');
      await page.fill('.prelaunch-signup >> #field-email', 'embedded@example.com');
      await page.click('.prelaunch-signup >> #signup-submit');
      await page.waitForSelector('.prelaunch-signup >> #share-link');
      assert.equal(await page.textContent('.prelaunch-signup >> h2'), 'Your seat is saved');
      assert.equal(await page.textContent('.prelaunch-signup >> #signup-done'), 'We will write before launch.');
      assert.ok((await page.getAttribute('.prelaunch-signup >> #share-x', 'href'))!.includes('Fly+with+me+on+Rocket'));
      assert.ok(!(await page.textContent('.prelaunch-signup'))!.includes('null'), 'no part left out shows as text');
      assert.ok(await testerByEmail(ctx, beta.id, 'embedded@example.com'), 'the signup is stored');
      assert.deepEqual(failures, []);
      await page.context().close();
    } finally {
      await site.close();
    }
  });
});
