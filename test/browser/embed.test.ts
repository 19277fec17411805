// The embeddable form on a page of another origin, in a real browser (headless Chromium): it renders
// in its shadow root, signs a visitor up through the CORS endpoints, and counts an impression once
// per visitor per day.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { testerByEmail } from '../public/support.ts';
import { DESKTOP_CHROME, launchBrowser, PHONE_SAFARI, serveForeignSite, type ForeignSite } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

const WAIT = { timeout: 15_000 };

describe('embeddable form on another site, in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let site: ForeignSite;
  let beta: { id: number };

  before(async () => {
    ctx = await startTestContext({ listen: true });
    // A required profile field beside an optional one, a required question beside an optional one.
    beta = await ctx.createBeta({ required_fields: ['name'] }, 'Rocket');
    for (const question of [
      { kind: 'multiple_choice', prompt: 'Platform', choices: ['iOS', 'Android'], required: true },
      { kind: 'text', prompt: 'Anything else?' },
    ]) {
      const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: question });
      assert.equal(created.status, 201, JSON.stringify(created.body));
    }
    site = await serveForeignSite(ctx.config.publicUrl, beta.id);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await ctx?.close();
  });

  async function visitor(userAgent: string): Promise<Page> {
    const context = await browser.newContext({ userAgent });
    context.setDefaultTimeout(WAIT.timeout);
    context.setDefaultNavigationTimeout(WAIT.timeout);
    return context.newPage();
  }

  /** Opens the foreign page and waits for the form the embed builds from the form endpoint. */
  async function openSite(page: Page): Promise<void> {
    await page.goto(site.url);
    await page.waitForSelector('#field-email');
  }

  /** The form's controls as Chromium gives them to assistive technology: accessible name → [role, required]. */
  async function accessibleControls(page: Page): Promise<Record<string, [string, boolean]>> {
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const controls = nodes.filter((node) => !node.ignored && ['textbox', 'radiogroup', 'radio', 'combobox', 'checkbox'].includes(node.role?.value));
    return Object.fromEntries(
      controls.map((node) => [node.name?.value.trim(), [node.role!.value, node.properties?.some((p) => p.name === 'required' && p.value.value === true) ?? false]]),
    );
  }

  async function impressions(): Promise<number> {
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.equal(shown.status, 200);
    return shown.body.impressions_count;
  }

  test('renders in a shadow root, shows errors, signs up across origins and counts one impression per visitor per day', async () => {
    assert.notEqual(new URL(site.url).origin, ctx.config.publicUrl, 'the page is of another origin');
    const page = await visitor(DESKTOP_CHROME);
    const failures: string[] = [];
    // A CORS refusal or a script error shows here; the 422 of the invalid address below is expected.
    page.on('console', (message) => message.type() === 'error' && !/status of 422/.test(message.text()) && failures.push(message.text()));
    page.on('pageerror', (error) => failures.push(error.message));
    await openSite(page);
    assert.equal(await page.evaluate(() => document.querySelector('.prelaunch-signup')?.shadowRoot?.querySelector('h2')?.textContent), 'Rocket');
    assert.equal(await page.evaluate(() => document.querySelector('#field-email')), null, 'the form is inside the shadow root, not in the page');
    assert.equal(await impressions(), 1);

    // Required fields are marked as on the hosted page: a red asterisk the screen reader skips,
    // which hears the control's required state instead.
    // The fields people fill (the honeypot's label is out of sight and out of reach).
    const labels = await page.$$eval('.field label:not(.check), legend', (nodes) => nodes.map((node) => node.textContent));
    assert.deepEqual(labels, ['E-mail address *', 'First name *', 'Last name', 'Platform *', 'Anything else?']);
    assert.equal(await page.$$eval('.required', (marks) => marks.every((mark) => mark.getAttribute('aria-hidden') === 'true')), true);
    assert.equal(await page.$eval('label[for=field-first_name] .required', (mark) => getComputedStyle(mark).color), 'rgb(185, 28, 28)');
    assert.deepEqual(await accessibleControls(page), {
      'E-mail address': ['textbox', true],
      'First name': ['textbox', true],
      'Last name': ['textbox', false],
      Platform: ['radiogroup', true],
      iOS: ['radio', false],
      Android: ['radio', false],
      'Anything else?': ['textbox', false],
    });

    await page.fill('#field-email', 'not an address');
    await page.click('#signup-submit');
    await page.waitForSelector('#email-error:visible');
    assert.match((await page.textContent('#email-error')) ?? '', /e-?mail/i);
    assert.equal(await page.getAttribute('#field-email', 'aria-invalid'), 'true');
    assert.equal(await page.$eval('#field-email', (input) => getComputedStyle(input).borderColor), 'rgb(185, 28, 28)', 'the invalid field is outlined in red');
    await assertAccessible(page, 'the embedded form with its errors');

    await page.fill('#field-email', 'embedded@example.com');
    await page.fill('#field-first_name', 'Ada');
    await page.check('text=Android');
    await page.click('#signup-submit');
    await page.waitForSelector('#share-link');
    assert.equal(await page.textContent('h2'), "You're on the list!");
    await assertAccessible(page, 'the embedded form signed up');
    assert.equal(await page.textContent('#waitlist-position'), 'You are #1 on the waitlist. 0 people are ahead of you.');
    const tester = await testerByEmail(ctx, beta.id, 'embedded@example.com');
    assert.ok(tester, 'stored');
    assert.equal(tester.status, 'applied');
    assert.equal(tester.signup_user_agent, DESKTOP_CHROME, 'the signup came from the visitor browser');
    assert.equal(await page.inputValue('#share-link'), `${ctx.config.publicUrl}/r/${tester.referral_code}?ch=copy`);
    assert.deepEqual(failures, [], 'no CORS or script errors');

    await page.reload();
    await page.waitForSelector('#field-email');
    assert.equal(await impressions(), 1, 'the same visitor the same day');

    const other = await visitor(PHONE_SAFARI);
    await openSite(other);
    assert.equal(await impressions(), 2, 'another browser is another visitor');
  });
});
