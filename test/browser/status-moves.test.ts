// The status page's history of moves and its expected invitation, in a real browser, on a fixed
// clock: the headline in the words, the latest moves, at a phone's 360 px and a desktop's
// 1280 px, with axe-core, by keyboard, and nothing from another host.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester } from '../modules/testers/support.ts';
import { DESKTOP_CHROME, launchBrowser } from '../support/browser.ts';
import { assertAccessible } from '../support/axe.ts';

const WAIT = { timeout: 15_000 };

describe('the status page tells the tester why they moved and when they are in', () => {
  let ctx: TestContext;
  let browser: Browser;
  let origin: string;
  let me: any;
  let emails: string[];

  before(async () => {
    ctx = await startTestContext({ listen: true });
    ctx.clock.set('2026-11-20T10:00:00Z');
    origin = ctx.config.publicUrl;
    browser = await launchBrowser();
    const beta = await ctx.createBeta();
    const [first, second] = [await createTester(ctx, beta.id), await createTester(ctx, beta.id)];
    me = await createTester(ctx, beta.id, { email: 'me.with.a.rather.long.address@example.com' });
    // Two friends lift me from #3 to #1; then the two ahead of me before bring three friends each.
    ctx.clock.set('2026-11-21T10:00:00Z');
    for (let i = 0; i < 2; i += 1) await createTester(ctx, beta.id, { referrer_id: me.id });
    ctx.clock.set('2026-11-22T10:00:00Z');
    for (const leader of [first, second]) for (let i = 0; i < 3; i += 1) await createTester(ctx, beta.id, { referrer_id: leader.id });
    // One invitation in the last 14 days: one every 14 days, so #3 is 42 days away.
    const invited = await createTester(ctx, beta.id);
    const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${invited.id}`, { body: { tester: { status: 'invited' } } });
    assert.equal(response.status, 200);
    emails = (await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).execute()).map((row) => row.email);
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  async function open(width: number, hosts: Set<string>): Promise<Page> {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width, height: 800 } });
    context.setDefaultTimeout(WAIT.timeout);
    const page = await context.newPage();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    return page;
  }

  for (const width of [360, 1280]) {
    test(`at ${width} px: the headline, the moves newest first, the expected invitation; accessible, fits, reached by keyboard`, async () => {
      const hosts = new Set<string>();
      const page = await open(width, hosts);
      const response = await page.goto(`${origin}/r/${me.referral_code}?check=${me.uuid}`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.textContent('#standing-position'), '#3 of 11');
      assert.equal(await page.textContent('#moves-headline'), 'You moved from #3 to #1: 2 friends joined. Since then, 2 people passed you.');
      const items = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
      assert.deepEqual(items, ['21 November 2026 A friend joined: #1', '21 November 2026 A friend joined: #3 to #1', '20 November 2026 You joined the waitlist at #3']);
      assert.equal(await page.getAttribute('#moves li time', 'datetime'), '2026-11-21T10:00:00Z');
      assert.equal(await page.textContent('#standing-estimate'), 'around 3 January 2027');
      await assertAccessible(page, `the status page at ${width} px`);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `no sideways scrolling at ${width} px (${scroll} > ${client})`);
      const text = await page.content();
      for (const email of emails) assert.ok(!text.includes(email), `${email} is not shown whole`);
      // Past the history by keyboard alone: the name form after it is reached.
      let reached = false;
      for (let i = 0; i < 40 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.id === 'field-leaderboard_name');
      }
      assert.ok(reached, 'the form after the history is reached by Tab');
      assert.deepEqual([...hosts], [new URL(origin).host], 'nothing from another host');
      await page.context().close();
    });
  }
});
