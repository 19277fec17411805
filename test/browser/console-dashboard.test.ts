// A beta's dashboard in a real browser: the chart (uPlot, served by the console) and its tables,
// the figures against the testers made here, a signup made elsewhere showing up at the next poll,
// a range chosen by the form or a preset (and one refused next to its field), the share channels'
// table, the Launch panel's figures and sparklines, the keyboard, 360 px and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester } from '../modules/testers/support.ts';
import { visit } from '../public/support.ts';

describe('the beta dashboard in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let consolePages: ConsoleBrowser;
  let beta: { id: number };
  let ada: { id: number; email: string };

  before(async () => {
    ({ ctx, origin, console: consolePages } = await startConsoleBrowser());
    await addMember(ctx, 'watcher@example.com', 'viewer');
    beta = await ctx.createBeta({}, 'Rocket');
    ctx.clock.set('2026-11-20T10:00:00.000Z');
    ada = await createTester(ctx, beta.id, { profile: { first_name: 'Ada', country: 'GB', utm_source: 'twitter' } });
    ctx.clock.set('2026-11-21T10:00:00.000Z');
    await createTester(ctx, beta.id, { referrer_id: ada.id, profile: { country: 'US' } });
    await createTester(ctx, beta.id, { referrer_id: ada.id, profile: { country: 'US' } });
    // The last whole minute of the Launch panel, as the signup paths and the guard count it.
    ctx.clock.set('2026-11-22T09:14:30.000Z');
    const launch = ctx.services.launchFigures;
    for (let i = 0; i < 1234; i++) launch.signedUp(beta.id);
    for (let i = 0; i < 1500; i++) launch.refused(beta.id, 'challenge');
    launch.refused(beta.id, 'honeypot');
    launch.answered(beta.id, 3);
    ctx.clock.set('2026-11-22T09:15:00.000Z');
  });
  after(() => ctx?.close());

  async function signedInPage(viewport = { width: 1280, height: 900 }, options: { fakeClock?: boolean } = {}): Promise<Page> {
    const page = await consolePages.newPage(viewport);
    if (options.fakeClock) await page.clock.install();
    await consolePages.signInAs(page, 'watcher@example.com');
    return page;
  }

  async function openDashboard(page: Page, query = ''): Promise<void> {
    await page.goto(`${origin}/console/betas/${beta.id}${query}`);
    await page.locator('body[data-ready]').waitFor();
  }

  const rowsOf = (page: Page, table: string) => page.locator(`#${table} tbody tr`).evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));

  test('the chart, the figures and the tables show the testers of the beta; axe finds nothing serious', async () => {
    const page = await signedInPage();
    await openDashboard(page);
    assert.equal(await page.textContent('#counter-testers_count'), '3');
    assert.equal(await page.textContent('#counter-share_signups_count'), '2');
    assert.equal(await page.locator('#signups-chart canvas').count(), 1, 'uPlot drew the chart');
    assert.equal(await page.getAttribute('#signups-chart', 'role'), 'img');
    assert.match((await page.textContent('#signups-summary')) ?? '', /2026-10-24 to 2026-11-22 \(UTC\): 3 signups, 1 direct and 2 referred/);
    assert.match((await page.textContent('#signups-legend')) ?? '', /Direct: solid line.*Referred: dashed line/);
    assert.equal(await page.inputValue('#field-from'), '2026-10-24');
    assert.equal(await page.inputValue('#field-to'), '2026-11-22');

    const days = await rowsOf(page, 'signups-table');
    assert.equal(days.length, 30);
    assert.deepEqual(days.slice(0, 3), [
      ['2026-11-22', '0', '0', '0'],
      ['2026-11-21', '0', '2', '2'],
      ['2026-11-20', '1', '0', '1'],
    ]);
    assert.deepEqual(await rowsOf(page, 'referrers'), [[`Ada (${ada.email})`, '2']]);
    assert.deepEqual(await rowsOf(page, 'statuses'), [['applied', '3', '100 %']]);
    assert.deepEqual(await rowsOf(page, 'countries'), [
      ['US', '2', '66.7 %'],
      ['GB', '1', '33.3 %'],
    ]);
    assert.deepEqual((await rowsOf(page, 'sources'))[0], ['None given', '2', '66.7 %']);
    assert.match((await page.textContent('#stat-viral-coefficient')) ?? '', /^0\.667$/);
    assert.equal(await page.textContent('#stat-share-conversion'), 'No share clicks yet');
    assert.equal(await page.textContent('#stat-webhook-failures'), 'No deliveries in the range');

    // The Launch panel: the last whole minute, thousands separated, each sparkline also in words.
    assert.equal(await page.textContent('#stat-launch-signups'), '1,234');
    assert.equal(await page.textContent('#stat-launch-refusals'), '1,501');
    assert.equal(await page.textContent('#stat-launch-p99'), '3.4 ms over 1 request');
    assert.match((await page.textContent('#stat-launch-emails-queued')) ?? '', /^\d+$/);
    assert.match((await page.textContent('#launch-updated')) ?? '', /last whole minute \(09:14 UTC\)/);
    const refusals = await rowsOf(page, 'launch-refusals');
    assert.deepEqual(refusals.slice(0, 3), [
      ['Proof of work missing or wrong', '1,500', '1,500'],
      ['Hidden field filled in (a bot)', '1', '1'],
      ['Too many from one network (hourly limit)', '0', '0'],
    ]);
    assert.equal(refusals.length, 7);
    assert.equal(await page.getAttribute('#spark-signups', 'role'), 'img');
    assert.equal(await page.getAttribute('#spark-signups', 'aria-labelledby'), 'spark-signups-title spark-signups-text');
    assert.equal(
      await page.textContent('#spark-signups-text'),
      `Signups a minute from 09:01 to 09:15 UTC, the last minute so far: ${[...Array(13).fill('0'), '1,234', '0'].join('; ')}. Most in a minute: 1,234.`,
    );
    assert.equal(await page.locator('#spark-refusals polyline').count(), 1);
    await assertAccessible(page, 'dashboard');
    await page.locator('summary').click();
    await assertAccessible(page, 'dashboard with the table open');
    await page.context().close();
  });

  test('a signup made elsewhere shows at the next poll, without moving the focus', async () => {
    const page = await signedInPage({ width: 1280, height: 900 }, { fakeClock: true });
    await openDashboard(page);
    assert.equal(await page.getAttribute('#dashboard', 'data-poll-seconds'), '15');
    await page.locator('[data-days="7"]').focus();
    await createTester(ctx, beta.id, { referrer_id: ada.id });
    assert.equal(await page.textContent('#counter-testers_count'), '3', 'not before the poll');
    await page.clock.runFor(16_000);
    await page.locator('#counter-testers_count', { hasText: '4' }).waitFor();
    await page.waitForFunction(() => document.querySelector('#signups-table tbody tr')?.textContent === '2026-11-22011');
    assert.deepEqual((await rowsOf(page, 'signups-table'))[0], ['2026-11-22', '0', '1', '1']);
    assert.deepEqual(await rowsOf(page, 'referrers'), [[`Ada (${ada.email})`, '3']], 'the top referrers as they stand');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.days), '7', 'the focus stays');
    await page.context().close();
  });

  test('a range by the form or a preset; a range refused is shown next to its field', async () => {
    const page = await signedInPage();
    await openDashboard(page);
    await page.fill('#field-from', '2026-11-20');
    await page.fill('#field-to', '2026-11-21');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/from=2026-11-20&to=2026-11-21/);
    assert.deepEqual(await rowsOf(page, 'signups-table'), [
      ['2026-11-21', '0', '2', '2'],
      ['2026-11-20', '1', '0', '1'],
    ]);
    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.equal((await rowsOf(page, 'signups-table')).length, 2, 'a reload keeps the range');

    await page.fill('#field-from', '2026-11-23');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.locator('#from-error:not([hidden])').waitFor();
    assert.equal(await page.textContent('#from-error'), 'from must be on or before to');
    assert.equal(await page.getAttribute('#field-from', 'aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-from');
    assert.equal((await rowsOf(page, 'signups-table')).length, 2, 'the figures shown stay');

    await page.getByRole('button', { name: '90 days' }).click();
    await page.waitForURL(/from=2026-08-25&to=2026-11-22/);
    assert.equal((await rowsOf(page, 'signups-table')).length, 90);
    await page.context().close();
  });

  test('keyboard only: Tab reaches the range and the presets with a visible focus ring; Enter applies one', async () => {
    const page = await signedInPage();
    await openDashboard(page);
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { id: element.id, text: element.textContent, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
    // From the last date field (Tab also walks its day, month and year) to the first preset.
    await page.locator('#field-to').focus();
    const path: string[] = [];
    for (let i = 0; i < 8 && (await focused()).text !== '7 days'; i += 1) {
      await page.keyboard.press('Tab');
      path.push((await focused()).id || ((await focused()).text ?? ''));
    }
    assert.deepEqual(path.slice(-2), ['Show', '7 days'], `the button Show comes first: ${path}`);
    assert.deepEqual(await focused(), { id: '', text: '7 days', outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    await page.waitForURL(/from=2026-11-16&to=2026-11-22/);
    assert.equal((await rowsOf(page, 'signups-table')).length, 7);
    assert.equal((await focused()).text, '7 days', 'the focus stays on the preset');
    await page.context().close();
  });

  test('at 360 px the page scrolls only down, the chart fits, and axe finds nothing serious', async () => {
    const page = await signedInPage({ width: 360, height: 740 });
    await openDashboard(page);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    for (const label of await page.locator('#stats-operations dt, #stats-figures dt').all()) {
      const box = await label.boundingBox();
      assert.ok(box && box.width > 200, `a figure's label keeps its width: ${box?.width} px`);
    }
    const chart = await page.locator('#signups-chart canvas').boundingBox();
    assert.ok(chart && chart.width <= client, `chart ${chart?.width} px`);
    await page.locator('summary').click();
    await assertAccessible(page, 'dashboard at 360 px');
    await page.context().close();
  });

  test('the share channels table lists the channels that brought clicks or signups, the most signups first', async () => {
    const launch = await ctx.createBeta({}, 'Channels');
    const sharer = await createTester(ctx, launch.id);
    const clicks: [string, string][] = [['x', '198.51.100.1'], ['x', '198.51.100.2'], ['whatsapp', '198.51.100.3'], ['myspace', '198.51.100.4']];
    for (const [channel, ip] of clicks) assert.equal((await visit(ctx, 'GET', `/r/${sharer.referral_code}?ch=${channel}`, { ip })).status, 302);
    const signup = await visit(ctx, 'POST', `/public/betas/${launch.id}/signups`, { json: { email: 'friend@example.com', r: sharer.referral_code, ch: 'whatsapp' }, ip: '198.51.100.9' });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));

    const page = await signedInPage({ width: 360, height: 740 });
    await page.goto(`${origin}/console/betas/${launch.id}`);
    await page.locator('body[data-ready]').waitFor();
    assert.deepEqual(await rowsOf(page, 'channels'), [
      ['WhatsApp', '1', '1', '100 %'],
      ['X', '2', '0', '0 %'],
      ['Other', '1', '0', '0 %'],
    ]);
    assert.equal(await page.textContent('#channels-caption'), 'Share channels');
    assert.deepEqual(await page.locator('#channels thead th').allTextContents(), ['Channel', 'Clicks', 'Signups', 'Signups per click']);
    await assertAccessible(page, 'dashboard with share channels at 360 px');
    await openDashboard(page);
    assert.deepEqual(await rowsOf(page, 'channels'), [['No clicks on a share button yet']], 'a beta without any says so');
    await page.context().close();
  });

  test('the top referrers mark a flagged tester; the toggle, by keyboard, leaves them out', async () => {
    const launch = await ctx.createBeta({}, 'Suspects');
    const suspect = await createTester(ctx, launch.id, { email: 'farm@mailinator.com' });
    const honest = await createTester(ctx, launch.id, { profile: { first_name: 'Grace' } });
    for (const referrer of [suspect, suspect, honest]) await createTester(ctx, launch.id, { referrer_id: referrer.id });
    const page = await signedInPage();
    await page.goto(`${origin}/console/betas/${launch.id}`);
    await page.locator('body[data-ready]').waitFor();
    assert.deepEqual(await rowsOf(page, 'referrers'), [
      ['farm@mailinator.com flagged', '2'],
      [`Grace (${honest.email})`, '1'],
    ]);
    await page.focus('#leave-out-flagged');
    await page.keyboard.press('Space');
    await page.locator('#referrers tbody tr', { hasText: 'farm@' }).waitFor({ state: 'detached' });
    assert.deepEqual(await rowsOf(page, 'referrers'), [[`Grace (${honest.email})`, '1']]);
    await assertAccessible(page, 'dashboard with the flagged referrers left out');
    await page.context().close();
  });
});
