// Signing up with the proof-of-work challenge on, in a real browser at 360 px and by keyboard: the
// hosted page and the embed on another site, the ALTCHA widget (served by the service itself)
// solving the challenge, axe-core finding no serious or critical violation, and nothing loaded
// from any host but the service's own (and, for the embed, the site's).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { TestClock } from '../support/clock.ts';
import { testerByEmail } from '../public/support.ts';
import { uniqueEmail } from '../modules/testers/support.ts';
import { launchBrowser, PHONE_SAFARI, serveForeignSite, type ForeignSite } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

const WAIT = { timeout: 20_000 };

describe('signing up with the proof-of-work challenge, in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let site: ForeignSite;
  let beta: { id: number };

  before(async () => {
    // The widget reads the challenge's expiry against the browser's clock: the service's is the real time.
    ctx = await startTestContext({ listen: true, clock: new TestClock(new Date()) });
    beta = await ctx.createBeta({ signup_challenge: 'proof_of_work', signup_challenge_difficulty: 5000 }, 'Rocket');
    site = await serveForeignSite(ctx.config.publicUrl, beta.id);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await ctx?.close();
  });

  /** A phone-sized page that records every host it loads from and every script error. */
  async function phone(): Promise<{ page: Page; hosts: Set<string>; failures: string[] }> {
    const context = await browser.newContext({ userAgent: PHONE_SAFARI, viewport: { width: 360, height: 740 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    const hosts = new Set<string>();
    const failures: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http')) hosts.add(url.origin);
    });
    // The browser's own favicon.ico request is no page's doing.
    page.on('console', (message) => message.type() === 'error' && !message.location().url.endsWith('/favicon.ico') && failures.push(message.text()));
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('response', (response) => response.status() >= 400 && failures.push(`${response.status()} ${response.url()}`));
    return { page, hosts, failures };
  }

  async function assertFitsWidth(page: Page): Promise<void> {
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'nothing wider than 360 px');
  }

  test('the hosted page: the widget solves the challenge and the signup goes through by keyboard', async () => {
    const { page, hosts, failures } = await phone();
    await page.goto(`${ctx.config.publicUrl}/b/${beta.id}`);
    // Solved on load: the widget's hidden field holds the solution.
    await page.waitForFunction(() => (document.querySelector('input[name="altcha"]') as HTMLInputElement | null)?.value, null, WAIT);
    await assertFitsWidth(page);
    await assertAccessible(page);
    const email = uniqueEmail();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-email', 'the address is the first stop');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#signup-done', WAIT);
    assert.ok(await testerByEmail(ctx, beta.id, email));
    await assertAccessible(page);
    assert.deepEqual([...hosts], [ctx.config.publicUrl], 'everything from the service itself');
    assert.deepEqual(failures, []);
  });

  test('the embed on another site: the widget solves the challenge and the signup goes through by keyboard', async () => {
    const { page, hosts, failures } = await phone();
    await page.goto(site.url);
    await page.waitForSelector('#field-email', WAIT);
    await page.waitForFunction(
      () => document.querySelector('.prelaunch-signup')?.shadowRoot?.querySelector('altcha-widget [data-state="verified"]') != null,
      null,
      WAIT,
    );
    await assertFitsWidth(page);
    await assertAccessible(page);
    const email = uniqueEmail();
    await page.locator('#field-email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#share-link', WAIT);
    assert.ok(await testerByEmail(ctx, beta.id, email));
    await assertAccessible(page);
    assert.deepEqual([...hosts].sort(), [new URL(site.url).origin, ctx.config.publicUrl].sort(), 'the site and the service, nothing else');
    assert.deepEqual(failures, []);
  });
});
