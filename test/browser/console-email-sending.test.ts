// The sending breaker's banner on a beta's dashboard, in a real browser: shown while the beta's
// e-mail is paused, with when and why; an owner resumes sending from it by keyboard, a viewer
// reads it without the button; the Launch panel's "E-mail sending" figures; 360 px, 1280 px and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester } from '../modules/testers/support.ts';

describe('the e-mail sending banner in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let consolePages: ConsoleBrowser;
  let beta: { id: number };

  before(async () => {
    ({ ctx, origin, console: consolePages } = await startConsoleBrowser({ members: { 'owner@example.com': 'owner', 'viewer@example.com': 'viewer' } }));
    ctx.clock.set('2026-11-22T09:15:00.000Z');
    beta = await ctx.createBeta({}, 'Rocket');
    // A message waiting (no job is run here) and a pause as the breaker records one.
    await createTester(ctx, beta.id, { status: 'invited' });
  });
  after(() => ctx?.close());

  const pause = () =>
    ctx.database.db
      .insertInto('email_sending_pauses')
      .values({ beta_id: beta.id, paused_at: '2026-11-22T09:10:00.000Z', reason: '11 hard bounces and complaints among the last 200 sends: past 5 % of 200', problems: 11, sends: 200 })
      .execute();

  async function dashboardAs(email: string, viewport: { width: number; height: number }): Promise<Page> {
    const page = await consolePages.newPage(viewport);
    await consolePages.signInAs(page, email);
    await page.goto(`${origin}/console/betas/${beta.id}`);
    await page.locator('body[data-ready]').waitFor();
    return page;
  }

  test('an owner sees why, and resumes sending by keyboard; the banner goes and the queue is released', async () => {
    await pause();
    const page = await dashboardAs('owner@example.com', { width: 1280, height: 900 });
    const banner = page.getByRole('region', { name: 'E-mail from this beta is paused' });
    assert.ok(await banner.isVisible());
    assert.match((await page.textContent('#sending-paused-reason')) ?? '', /: 11 hard bounces and complaints among the last 200 sends: past 5 % of 200\.$/);
    assert.equal(await page.textContent('#stat-email-queued'), '1 (sending paused)');
    assert.equal(await page.textContent('#stat-email-rate'), '0');
    await assertAccessible(page, 'dashboard with the sending banner');

    // Keyboard only: Tab from the top of the page reaches the button, Enter resumes.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 40 && (await focusedText()) !== 'Resume sending'; i += 1) await page.keyboard.press('Tab');
    assert.equal(await focusedText(), 'Resume sending');
    await page.keyboard.press('Enter');
    await page.locator('#sending-resumed:not([hidden])').waitFor();
    assert.equal(await page.textContent('#sending-resumed'), 'Sending resumed. E-mails waiting: 1; they go out now.');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'sending-resumed', 'the focus goes to what happened');
    assert.ok(await banner.isHidden());

    const [row] = await ctx.database.db.selectFrom('email_sending_pauses').selectAll().where('beta_id', '=', beta.id).execute();
    assert.equal(row.resumed_at, '2026-11-22T09:15:00.000Z');
    const member = await ctx.database.db.selectFrom('members').select('id').where('email', '=', 'owner@example.com').executeTakeFirstOrThrow();
    assert.equal(row.resumed_by, `member ${member.id}`);
    await assertAccessible(page, 'dashboard after resuming');
    await page.context().close();
  });

  test('a viewer at 360 px reads the banner without the button; the page scrolls only down', async () => {
    await pause();
    const page = await dashboardAs('viewer@example.com', { width: 360, height: 740 });
    assert.ok(await page.locator('#sending-paused').isVisible());
    assert.ok(await page.locator('#resume-sending').isHidden(), 'a viewer may not resume');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'dashboard with the sending banner at 360 px');
    await page.context().close();
  });
});
