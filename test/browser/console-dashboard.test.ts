// A beta's dashboard in a real browser: the tiles against the API's figures, the chart (uPlot,
// served by the console) above the fold and its tables, the funnel, conversion per source and per
// share channel, numbers with thousands separators, the figures against the testers made here, a
// signup made elsewhere showing up at the next poll, a range chosen by the form or a preset (and
// one refused next to its field), the Launch panel's figures and sparklines (its minutes in the
// browser's time zone and locale), the keyboard, 360 px and 1280 px and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { createTester, seedWaitlist } from '../modules/testers/support.ts';
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

  async function signedInPage(viewport = { width: 1280, height: 900 }, options: { fakeClock?: boolean; place?: { locale: string; timezoneId: string } } = {}): Promise<Page> {
    const page = await consolePages.newPage(viewport, options.place);
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
    assert.equal(await page.textContent('#tile-total .value'), '3');
    assert.equal(await page.textContent('#tile-referred .value'), '66.7 %');
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
    assert.deepEqual((await rowsOf(page, 'sources'))[0], ['None given', '2', '66.7 %', '2 (100 %)', '0 (0 %)', '0 (0 %)']);
    assert.match((await page.textContent('#stat-viral-coefficient')) ?? '', /^0\.667$/);
    assert.equal(await page.textContent('#stat-share-conversion'), 'No share clicks yet');
    assert.equal(await page.textContent('#stat-webhook-failures'), 'No deliveries in the range');

    // The Launch panel: the last whole minute, thousands separated, each sparkline also in words.
    assert.equal(await page.textContent('#stat-launch-signups'), '1,234');
    assert.equal(await page.textContent('#stat-launch-refusals'), '1,501');
    assert.equal(await page.textContent('#stat-launch-p99'), '3.4 ms over 1 request');
    // The e-mail queue once, in the Launch panel (its sends in the last minute and hour beside it).
    assert.match((await page.textContent('#launch #stat-email-queued')) ?? '', /^\d+$/);
    assert.deepEqual(await page.locator('#launch #email-sending dt').allTextContents(), ['E-mails waiting to be sent', 'Sent in the last minute', 'Sent in the last hour']);
    assert.equal(await page.getByText('E-mails waiting to be sent').count(), 1);
    // Its minutes as every console page shows a time (core.js `clock`): the browser's locale and zone.
    const clock = (at: string) => page.evaluate((time) => new Date(time).toLocaleTimeString(undefined, { timeStyle: 'short' }), at);
    assert.ok((await page.textContent('#launch-updated'))?.includes(`last whole minute (${await clock('2026-11-22T09:14:00Z')})`));
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
      `Signups a minute from ${await clock('2026-11-22T09:01:00Z')} to ${await clock('2026-11-22T09:15:00Z')}, the last minute so far: ${[...Array(13).fill('0'), '1,234', '0'].join('; ')}. Most in a minute: 1,234.`,
    );
    assert.equal(await page.locator('#spark-refusals polyline').count(), 1);
    await assertAccessible(page, 'dashboard');
    await page.locator('summary').click();
    await assertAccessible(page, 'dashboard with the table open');
    await page.context().close();
  });

  test("the Launch panel's minutes in the browser's time zone and locale, as its numbers", async () => {
    const page = await signedInPage({ width: 1280, height: 900 }, { place: { locale: 'de-DE', timezoneId: 'America/New_York' } });
    await openDashboard(page);
    assert.equal(
      await page.textContent('#launch-updated'),
      'Figures of the last whole minute (04:14), from every server process; a process adds its counts every few seconds.',
    );
    assert.equal(
      await page.textContent('#spark-signups-text'),
      `Signups a minute from 04:01 to 04:15, the last minute so far: ${[...Array(13).fill('0'), '1.234', '0'].join('; ')}. Most in a minute: 1.234.`,
    );
    assert.equal(await page.textContent('#stat-launch-signups'), '1.234');
    await page.context().close();
  });

  test('the tiles against the API\'s figures, the chart above the fold, the funnel, conversion per source and channel, in thousands; axe and keyboard at 1280 and 360 px', async () => {
    // 1,200 testers: 1,000 signed up on 20 November, 200 yesterday (the last 100 of them referred
    // through X); 350 invited (50 within the last 7 days), 100 of them active; 5,000 form views.
    const launch = await ctx.createBeta({}, 'Launch');
    const ids = await seedWaitlist(ctx, launch.id, 1200, {
      fields: (i) => {
        const created = i < 1000 ? '2026-11-10T10:00:00.000Z' : '2026-11-21T10:00:00.000Z';
        return {
          created_at: created,
          applied_at: created,
          utm_source: i % 4 === 0 ? 'newsletter' : null,
          status: i < 100 ? 'active' : i < 350 ? 'invited' : 'applied',
          invited_at: i < 300 ? '2026-11-12T10:00:00.000Z' : i < 350 ? '2026-11-20T10:00:00.000Z' : null,
          joined_at: i < 100 ? '2026-11-13T10:00:00.000Z' : null,
        };
      },
    });
    await ctx.database.db.updateTable('testers').set({ referrer_id: ids[0], referral_channel: 'x' }).where('id', 'in', ids.slice(1100)).execute();
    await ctx.database.db
      .updateTable('beta_counters')
      .set({ impressions_count: 5000, applied_testers_count: 850, invited_testers_count: 250, active_testers_count: 100 })
      .where('beta_id', '=', launch.id)
      .execute();
    const api = (await ctx.request('GET', `/api/v2/betas/${launch.id}/stats`)).body;
    assert.deepEqual(api.totals, { signups: 1200, referred: 100, confirmed: 1200, invited: 350, active: 100 });
    assert.deepEqual(api.periods.today, { from: '2026-11-22', to: '2026-11-22', signups: 0, referred: 0, confirmed: 0, invited: 0, active: 0 });
    assert.deepEqual(api.periods.yesterday, { from: '2026-11-21', to: '2026-11-21', signups: 200, referred: 100, confirmed: 200, invited: 0, active: 0 });
    assert.deepEqual(api.periods.last_7_days, { from: '2026-11-16', to: '2026-11-22', signups: 200, referred: 100, confirmed: 200, invited: 50, active: 0 });

    const tiles = (page: Page) =>
      page.locator('.tile').evaluateAll((all) => all.map((tile) => [...tile.querySelectorAll('dt, dd')].map((cell) => cell.textContent)));
    for (const viewport of [{ width: 1280, height: 900 }, { width: 360, height: 740 }]) {
      const page = await signedInPage(viewport);
      await page.goto(`${origin}/console/betas/${launch.id}`);
      await page.locator('body[data-ready]').waitFor();
      // Seven days ago is now less the last 7 days: 1,000 testers, none referred, all confirmed, 300 invited.
      assert.deepEqual(await tiles(page), [
        ['Testers', '1,200', '+200 (+20 %) against 7 days ago'],
        ['Signups today', '0', '-200 (-100 %) against yesterday'],
        ['Referred share', '8.3 %', '+8.3 points against 7 days ago'],
        ['Confirmed share', '100 %', 'No change against 7 days ago'],
        ['Invited', '350', '+50 (+16.7 %) against 7 days ago'],
      ]);
      assert.deepEqual(await rowsOf(page, 'funnel'), [
        ['Form views', '5,000', '—'],
        ['Signups', '1,200', '24 %'],
        ['Confirmed', '1,200', '100 %'],
        ['Invited', '350', '29.2 %'],
        ['Active', '100', '28.6 %'],
      ]);
      assert.deepEqual(await rowsOf(page, 'sources'), [
        ['None given', '900', '75 %', '900 (100 %)', '262 (29.1 %)', '75 (8.3 %)'],
        ['newsletter', '300', '25 %', '300 (100 %)', '88 (29.3 %)', '25 (8.3 %)'],
      ]);
      assert.deepEqual(await rowsOf(page, 'channels'), [['X', '0', '100', 'No clicks', '100 (100 %)', '0 (0 %)', '0 (0 %)']]);
      assert.deepEqual((await rowsOf(page, 'signups-table'))[1], ['2026-11-21', '100', '100', '200']);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
      if (viewport.width === 1280) {
        const chart = await page.locator('#signups-chart canvas').boundingBox();
        assert.ok(chart && chart.y + chart.height <= viewport.height, `the chart above the fold: its bottom at ${chart && chart.y + chart.height} px`);
        // By keyboard: from the table's summary, Tab reaches the funnel's region, its focus ring visible.
        await page.locator('summary').focus();
        await page.keyboard.press('Tab');
        assert.deepEqual(
          await page.evaluate(() => {
            const element = document.activeElement as HTMLElement;
            return { region: element.getAttribute('aria-labelledby'), outline: getComputedStyle(element).outlineStyle };
          }),
          { region: 'funnel-caption', outline: 'solid' },
        );
      }
      await assertAccessible(page, `dashboard with tiles, funnel and conversion at ${viewport.width} px`);
      await page.context().close();
    }
    assert.equal((await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', launch.id).execute()).length, 1200, 'reading changes nothing');
  });

  test('a signup made elsewhere shows at the next poll, without moving the focus', async () => {
    const page = await signedInPage({ width: 1280, height: 900 }, { fakeClock: true });
    await openDashboard(page);
    assert.equal(await page.getAttribute('#dashboard', 'data-poll-seconds'), '15');
    await page.locator('[data-days="7"]').focus();
    await createTester(ctx, beta.id, { referrer_id: ada.id });
    assert.equal(await page.textContent('#tile-total .value'), '3', 'not before the poll');
    await page.clock.runFor(16_000);
    await page.locator('#tile-total .value', { hasText: '4' }).waitFor();
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
      ['WhatsApp', '1', '1', '100 %', '1 (100 %)', '0 (0 %)', '0 (0 %)'],
      ['X', '2', '0', '0 %', '0', '0', '0'],
      ['Other', '1', '0', '0 %', '0', '0', '0'],
    ]);
    assert.equal(await page.textContent('#channels-caption'), 'Share channels and how far their signups went');
    assert.deepEqual(await page.locator('#channels thead th').allTextContents(), ['Channel', 'Clicks', 'Signups', 'Signups per click', 'Confirmed', 'Invited', 'Active']);
    await assertAccessible(page, 'dashboard with share channels at 360 px');
    await openDashboard(page);
    assert.deepEqual(await rowsOf(page, 'channels'), [['No clicks on a share button yet']], 'a beta without any says so');
    await page.context().close();
  });

  test('the top referrers mark a flagged tester; the toggle, by keyboard, leaves them out and is remembered per beta across reloads', async () => {
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

    // Remembered across reloads, per beta: this beta opens with them left out, another as it was.
    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.isChecked('#leave-out-flagged'), true);
    assert.deepEqual(await rowsOf(page, 'referrers'), [[`Grace (${honest.email})`, '1']]);
    await openDashboard(page);
    assert.equal(await page.isChecked('#leave-out-flagged'), false, 'another beta keeps its own choice');
    await page.goto(`${origin}/console/betas/${launch.id}`);
    await page.locator('body[data-ready]').waitFor();
    await page.focus('#leave-out-flagged');
    await page.keyboard.press('Space');
    await page.locator('#referrers tbody tr', { hasText: 'farm@' }).waitFor();
    await page.reload();
    await page.locator('body[data-ready]').waitFor();
    assert.equal(await page.isChecked('#leave-out-flagged'), false, 'unticking is remembered too');
    assert.deepEqual((await rowsOf(page, 'referrers')).length, 2);
    await page.context().close();
  });
});
