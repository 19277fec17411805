// The status page's new sections and the leaderboard (its page and the embed's widget) in a real
// browser: at a phone's 360 px and a desktop's 1280 px, with axe-core, by keyboard alone, and with
// no request to any host but the service's own.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { DESKTOP_CHROME, launchBrowser } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

const WAIT = { timeout: 15_000 };
const WIDTHS = [360, 1280] as const;

describe('status page and leaderboard in a browser', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;
  let beta: { id: number };
  let ann: any;
  let bea: any;
  let emails: string[];

  before(async () => {
    ctx = await startTestContext({ listen: true });
    origin = ctx.config.publicUrl;
    browser = await launchBrowser();
    const created = await ctx.request('POST', '/api/v2/betas', {
      body: { name: 'Rocket', slug: 'rocket', homepage_url: `${origin}/b/rocket`, settings: { leaderboard_enabled: true, leaderboard_size: 5 } },
    });
    beta = created.body;
    for (const [descriptor, name, referrals_required] of [['early', 'Early access', 3], ['shirt', 'A very long reward name that wraps on a phone', 6]] as const) {
      await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor, name, type: 'Milestone', referrals_required } });
    }
    ann = await createTester(ctx, beta.id, { email: 'ann.averylongaddress.indeed@example.com', leaderboard_name: 'Ann the Magnificent of Many Referrals' });
    for (let i = 0; i < 4; i += 1) await createTester(ctx, beta.id, { email: `friend-${i}@example.net`, referrer_id: ann.id });
    bea = await createTester(ctx, beta.id, { email: 'bea@example.org' });
    await createTester(ctx, beta.id, { email: 'bea-friend@example.net', referrer_id: bea.id });
    emails = (await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).execute()).map((row) => row.email);
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  /** A page of its own context at `width`, recording every host it requests. */
  async function open(width: number, hosts: Set<string>): Promise<Page> {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width, height: 800 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    return page;
  }

  async function assertFits(page: Page, what: string): Promise<void> {
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scroll <= client, `${what}: no sideways scrolling (${scroll} > ${client})`);
  }

  async function assertNoAddress(page: Page, what: string): Promise<void> {
    const text = await page.content();
    for (const email of emails) assert.ok(!text.includes(email), `${what}: ${email} is not shown whole`);
  }

  /** Tabs until `selector` has the focus (at most `limit` presses): it is reachable by keyboard. */
  async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
    for (let i = 0; i < limit; i += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    }
    assert.fail(`${selector} is not reached by Tab`);
  }

  for (const width of WIDTHS) {
    test(`the status page at ${width} px: ladder, one more friend, the board with the tester marked, QR code; accessible`, async () => {
      const hosts = new Set<string>();
      const page = await open(width, hosts);
      const response = await page.goto(`${origin}/r/${bea.referral_code}?check=${bea.uuid}`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.textContent('#standing-position'), '#2 of 7');
      assert.equal(await page.textContent('#ladder-next'), '2 more friends to unlock Early access');
      assert.equal(await page.getAttribute('#ladder-progress', 'value'), '1');
      assert.equal(await page.locator('#one-more').count(), 0, 'one more referral (2) would not pass Ann (4)');
      assert.equal(await page.locator('#leaderboard tbody tr').count(), 5);
      assert.equal(await page.textContent('#leaderboard-own td:nth-child(2)'), 'b***@e***.org (you)');
      assert.equal(await page.getAttribute('#share-qr img', 'alt'), 'QR code of your share link');
      await assertAccessible(page, `the status page at ${width} px`);
      await assertFits(page, `the status page at ${width} px`);
      await assertNoAddress(page, 'the status page');
      assert.deepEqual([...hosts], [new URL(origin).host], 'nothing from another host');
      await page.context().close();
    });

    test(`the leaderboard page at ${width} px: the board in order, accessible, and its link reached by keyboard`, async () => {
      const hosts = new Set<string>();
      const page = await open(width, hosts);
      const response = await page.goto(`${origin}/b/rocket/leaderboard`);
      assert.equal(response?.status(), 200);
      const rows = await page.$$eval('#leaderboard tbody tr', (trs) => trs.map((tr) => Array.from(tr.children, (td) => td.textContent)));
      assert.deepEqual(rows[0], ['1', 'Ann the Magnificent of Many Referrals', '4', '21']);
      assert.deepEqual(rows[1], ['2', 'b***@e***.org', '1', '6']);
      await assertAccessible(page, `the leaderboard page at ${width} px`);
      await assertFits(page, `the leaderboard page at ${width} px`);
      await assertNoAddress(page, 'the leaderboard page');
      await tabTo(page, '#leaderboard-signup');
      await Promise.all([page.waitForURL(`${origin}/b/rocket`), page.keyboard.press('Enter')]);
      assert.deepEqual([...hosts], [new URL(origin).host]);
      await page.context().close();
    });
  }

  test('by keyboard alone the tester sets their public name, sees it marked on the board, and removes it', async () => {
    const page = await open(360, new Set());
    await page.goto(`${origin}/r/${bea.referral_code}?check=${bea.uuid}`);
    await tabTo(page, '#field-leaderboard_name');
    await page.keyboard.type('Bea <b>');
    await Promise.all([page.waitForURL(/saved=name/), page.keyboard.press('Enter')]);
    assert.equal(await page.textContent('#public-name-saved'), 'Your public name is saved.');
    assert.equal(await page.textContent('#leaderboard-own td:nth-child(2)'), 'Bea <b> (you)', 'shown as typed, as text');
    assert.equal(await page.inputValue('#field-leaderboard_name'), 'Bea <b>');
    await assertAccessible(page, 'the status page after saving');

    // Too long: the page comes back with the message tied to the field.
    await page.fill('#field-leaderboard_name', 'x'.repeat(41));
    await tabTo(page, '#public-name-save');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    assert.match((await page.textContent('#leaderboard_name-error')) ?? '', /at most 40/);
    assert.equal(await page.getAttribute('#field-leaderboard_name', 'aria-invalid'), 'true');
    await assertAccessible(page, 'the status page with an error');

    await tabTo(page, '#public-name-clear');
    await Promise.all([page.waitForURL(/saved=name/), page.keyboard.press('Space')]);
    assert.equal(await page.textContent('#public-name-saved'), 'Your public name is removed.');
    assert.equal(await page.textContent('#leaderboard-own td:nth-child(2)'), 'b***@e***.org (you)');
    const stored = await ctx.database.db.selectFrom('testers').select('leaderboard_name').where('id', '=', bea.id).executeTakeFirstOrThrow();
    assert.equal(stored.leaderboard_name, null);
    await page.context().close();
  });

  test('the embed\'s leaderboard widget on another site shows the board, names as text; a beta without one shows nothing', async () => {
    const hidden = (await ctx.request('POST', '/api/v2/betas', { body: { name: 'Quiet', slug: 'quiet', homepage_url: 'https://quiet.example' } })).body;
    await createTester(ctx, hidden.id, { email: 'quiet@example.com' });
    const site: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rocket</title></head>
<body><main><h1>Rocket</h1><script src="${origin}/embed.js" data-beta="rocket" data-widget="leaderboard"></script>
<div id="quiet"><script src="${origin}/embed.js" data-beta="quiet" data-widget="leaderboard"></script></div></main></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const page = await open(360, new Set());
      const quietAnswer = page.waitForResponse((response) => response.url().endsWith('/public/betas/quiet/leaderboard'));
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const host = page.locator('main > .prelaunch-leaderboard');
      await host.locator('table').waitFor();
      const names = await host.locator('tbody tr td:nth-child(2)').allTextContents();
      assert.equal(names[0], 'Ann the Magnificent of Many Referrals');
      assert.equal(names[1], 'b***@e***.org');
      await assertAccessible(page, 'the embedded leaderboard');
      await assertNoAddress(page, 'the embedded leaderboard');
      assert.equal((await quietAnswer).status(), 404);
      await page.waitForLoadState('networkidle');
      assert.equal(await page.locator('#quiet .prelaunch-leaderboard').evaluate((quiet) => quiet.shadowRoot?.textContent), '', 'nothing, not even an error, for a beta whose board is off');
      await page.context().close();
    } finally {
      await new Promise<void>((resolve) => site.close(() => resolve()));
    }
  });
});
