// The console's tester page tells the tester's moves in a real browser: the same moves as
// moves.json, newest first, in the status page's words, with the member who acted, paged by links,
// each dated as every console page dates a moment (the browser's locale and time zone), counted as
// it counts (the locale's separators); at 360 px and 1280 px, with axe-core, by keyboard, and
// nothing from another host.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { createTester } from '../modules/testers/support.ts';

describe("the console's tester page shows the tester's moves", () => {
  let ctx: TestContext;
  let origin: string;
  let pages: ConsoleBrowser;
  let betaId: number;
  let me: any;

  before(async () => {
    ({ ctx, origin, console: pages } = await startConsoleBrowser());
    ctx.clock.set('2026-11-20T10:00:00Z');
    betaId = (await ctx.createBeta({}, 'Rocket')).id;
    await createTester(ctx, betaId);
    me = await createTester(ctx, betaId, { email: 'me@example.com' });
    await addMember(ctx, 'owner@example.com', 'owner');
    ctx.clock.set('2026-11-21T10:00:00Z');
    // 21 friends (the first lifts me from #2 to #1): 22 moves with the signup; then points the
    // owner gave: 23, two pages of 20.
    for (let i = 0; i < 21; i += 1) await createTester(ctx, betaId, { referrer_id: me.id });
    ctx.clock.set('2026-11-22T10:00:00Z');
    // Through the page's own form, as the owner.
    const page = await pages.newPage();
    await pages.signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers/${me.id}`);
    await page.getByLabel('Quantity (negative removes)').fill('2');
    await page.getByRole('button', { name: 'Record points' }).click();
    await page.locator('#tester-points tr', { hasText: 'bonus' }).waitFor();
    await page.context().close();
  });
  after(() => ctx?.close());

  async function open(page: Page, path: string) {
    const response = await page.goto(`${origin}${path}`);
    await page.locator('body[data-ready]').waitFor();
    return response;
  }

  const items = (page: Page) => page.$$eval('#tester-moves li', (lis) => lis.map((li) => li.textContent));
  /** A moment as the console's pages show it in this browser (core.js `when`). */
  const shown = (page: Page, at: string) => page.evaluate((time) => new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), at);

  for (const width of [360, 1280]) {
    test(`at ${width} px: the moves of moves.json newest first in words, paged; accessible, fits, by keyboard, nothing from elsewhere`, async () => {
      const page = await pages.newPage({ width, height: 800 });
      const hosts = new Set<string>();
      page.on('request', (request) => hosts.add(new URL(request.url()).host));
      await pages.signInAs(page, 'owner@example.com');
      await open(page, `/console/betas/${betaId}/testers/${me.id}`);
      const api = (await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${me.id}/moves.json?per_page=20`)).body;
      assert.equal(await page.textContent('#moves-status'), '23 moves, newest first; page 1 of 2.');
      const first = await items(page);
      assert.equal(first.length, 20);
      assert.equal(first[0], `${await shown(page, '2026-11-22T10:00:00Z')} Earned points: #1 (by owner@example.com)`);
      assert.deepEqual(new Set(first.slice(1)), new Set([`${await shown(page, '2026-11-21T10:00:00Z')} A friend they referred joined: #1`]));
      assert.deepEqual(
        await page.$$eval('#tester-moves li time', (times) => times.map((time) => time.getAttribute('datetime'))),
        api.map((move: any) => move.at),
        'the moves of moves.json, in its order',
      );
      await assertAccessible(page, `the tester's moves at ${width} px`);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(scroll <= client, `no sideways scrolling at ${width} px (${scroll} > ${client})`);

      // The older page by keyboard: Tab to the link, Enter.
      let reached = false;
      for (let i = 0; i < 80 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.textContent === 'Older moves');
      }
      assert.ok(reached, 'the pager is reached by Tab');
      await Promise.all([page.waitForURL(/moves_page=2/), page.keyboard.press('Enter')]);
      await page.locator('body[data-ready]').waitFor();
      assert.equal(await page.textContent('#moves-status'), '23 moves, newest first; page 2 of 2.');
      const [friend, signup] = [await shown(page, '2026-11-21T10:00:00Z'), await shown(page, '2026-11-20T10:00:00Z')];
      assert.deepEqual(await items(page), [`${friend} A friend they referred joined: #1`, `${friend} A friend they referred joined: #2 to #1`, `${signup} Joined the waitlist at #2`]);
      assert.equal(await page.getByRole('link', { name: 'Newer moves' }).count(), 1);
      assert.deepEqual([...hosts], [new URL(origin).host], 'nothing from another host');
      await page.context().close();
    });
  }

  test("the moves' dates and count are in the browser's locale and time zone, as the points ledger's beside them", async () => {
    const page = await pages.newPage({ width: 1280, height: 800 }, { locale: 'de-DE', timezoneId: 'America/New_York' });
    await pages.signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers/${me.id}`);
    const [newest] = await items(page);
    assert.equal(newest, '22.11.2026, 05:00 Earned points: #1 (by owner@example.com)');
    assert.equal(await page.getAttribute('#tester-moves li time', 'datetime'), '2026-11-22T10:00:00Z', 'the moment itself stays in the markup');
    const ledger = await page.locator('#tester-points tr', { hasText: 'bonus' }).locator('td').first().textContent();
    assert.equal(ledger, '22.11.2026, 05:00');

    // A count in the thousands, and its pages, with the locale's separator.
    const busy = await createTester(ctx, betaId, { email: 'busy@example.com' });
    const moves = Array.from({ length: 1233 }, (_, i) => ({
      beta_id: betaId, tester_id: busy.id, at: new Date(Date.parse('2026-11-22T11:00:00Z') + i * 1000).toISOString(), cause: 'points_awarded',
      source_id: null, position_before: 3, position: 3, referrals: 0, points: i + 1, member_id: null, api_key_id: null,
    }));
    for (let at = 0; at < moves.length; at += 200) await ctx.database.db.insertInto('tester_moves').values(moves.slice(at, at + 200)).execute();
    await open(page, `/console/betas/${betaId}/testers/${busy.id}`);
    assert.equal(await page.textContent('#moves-status'), '1.234 moves, newest first; page 1 of 62.');
    await open(page, `/console/betas/${betaId}/testers/${busy.id}?moves_page=62`);
    assert.equal(await page.textContent('#moves-status'), '1.234 moves, newest first; page 62 of 62.');
    assert.deepEqual(await page.$$eval('#moves-status data', (numbers) => numbers.map((n) => n.getAttribute('value'))), ['1234', '62', '62'], 'the numbers themselves stay in the markup');
    await page.context().close();
  });

  test('a page past the last leads back to the newest moves', async () => {
    const page = await pages.newPage();
    await pages.signInAs(page, 'owner@example.com');
    await open(page, `/console/betas/${betaId}/testers/${me.id}?moves_page=9`);
    assert.equal(await page.textContent('#moves-status'), 'No moves on this page: the newest moves.');
    assert.equal(await page.getAttribute('#moves-status a', 'href'), '?moves_page=1#moves-title');
    await page.context().close();
  });
});
