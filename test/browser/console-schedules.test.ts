// The invitation schedules page in a real browser: "1,000 now, then the top 500 every Monday at
// 10:00" planned as it is typed (when #1,000 and the last are invited, the curve, the waves as a
// table), an unknown time zone said in the plan and next to its field, then created; the next
// wave's preview, pause, skip and resume by keyboard; a wave's history; a viewer at 360 px reads only; axe at each step.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { seedWaitlist } from '../modules/testers/support.ts';

describe('console: invitation schedules in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ members: { 'admin@example.com': 'admin', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());
  // Saturday 2027-03-20; Paris changes to summer time on the 28th. The scheduler sees every beta's
  // schedules: each test starts with none.
  beforeEach(async () => {
    ctx.clock.set('2027-03-20T12:00:00Z');
    await ctx.database.db.deleteFrom('invitation_schedules').execute();
  });

  async function open(page: Page, betaId: number): Promise<void> {
    await page.goto(`${origin}/console/betas/${betaId}/schedules`);
    await page.locator('body[data-ready]').waitFor();
  }

  async function betaWithWaitlist(count: number): Promise<number> {
    const beta = await ctx.createBeta({}, 'Planned');
    await seedWaitlist(ctx, beta.id, count, { from: '2027-01-01T00:00:00Z' });
    return beta.id;
  }

  /** How the page shows an instant (the browser's locale and zone). */
  const shown = (page: Page, iso: string) => page.evaluate((at) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), iso);
  const stored = (betaId: number) => ctx.database.db.selectFrom('invitation_schedules').selectAll().where('beta_id', '=', betaId).execute();

  test('plan "1,000 now, then the top 500 every Monday at 10:00" as it is typed, then create it', async () => {
    const betaId = await betaWithWaitlist(2600);
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId);
    assert.equal(await page.textContent('h1'), 'Invitation schedules');
    assert.equal(await page.getAttribute('nav.tabs a[aria-current=page]', 'href'), `/console/betas/${betaId}/schedules`);
    assert.equal(await page.textContent('#schedules-status'), 'No schedule yet.');

    await page.getByLabel('How many each wave, from the top').fill('500');
    await page.getByLabel('How often').selectOption('week');
    await page.getByLabel('On', { exact: true }).selectOption('monday');
    await page.getByLabel('At (24-hour, HH:MM)').fill('10:00');
    await page.getByLabel('Time zone').fill('Europe/Pariss');
    await page.waitForFunction(() => document.getElementById('plan-status')?.textContent?.startsWith('Cannot plan yet: time_zone is not a known time zone'));
    await page.getByLabel('Time zone').fill('Europe/Paris');
    await page.getByLabel('Also invite now, for the plan only (optional)').fill('1000');
    await page.waitForFunction(() => document.getElementById('plan-status')?.textContent?.startsWith('5 waves'));
    const [first, last] = [await shown(page, '2027-03-20T12:00:00Z'), await shown(page, '2027-04-12T08:00:00Z')];
    assert.equal(await page.textContent('#plan-status'), `5 waves: everyone on today's list of 2,600 is invited by ${last}.`);
    assert.deepEqual(await page.locator('#plan-milestones dt').allTextContents(), ['#1,000', 'The last (#2,600)']);
    assert.deepEqual(await page.locator('#plan-milestones dd').allTextContents(), [first, last]);
    assert.deepEqual(await page.locator('#plan-waves tbody td:nth-child(3)').allTextContents(), ['#1,000', '#1,500', '#2,000', '#2,500', '#2,600']);
    assert.equal(await page.locator('#plan-waves tbody td:nth-child(1)').nth(2).textContent(), await shown(page, '2027-03-29T08:00:00Z'), '10:00 in Paris after the change');
    assert.equal(await page.locator('#plan-chart canvas').count(), 1, 'the curve is drawn');
    assert.equal(await page.getAttribute('#plan-chart', 'role'), 'img');
    await page.locator('#plan details summary').click();
    await assertAccessible(page, 'schedules, planning');
    assert.deepEqual(await stored(betaId), [], 'planning creates nothing');

    // A time that is not one: said next to its field, nothing created.
    await page.getByLabel('At (24-hour, HH:MM)').fill('25:00');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.locator('#at-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#at-error')) ?? '', /at must be a time of day, HH:MM/);
    assert.equal(await page.getAttribute('#field-at', 'aria-invalid'), 'true');
    assert.deepEqual(await stored(betaId), []);

    await page.getByLabel('At (24-hour, HH:MM)').fill('10:00');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.locator('#schedule-created:not([hidden])').waitFor();
    const [schedule] = await stored(betaId);
    assert.deepEqual(
      [schedule.kind, schedule.count, schedule.every, schedule.weekday, schedule.at, schedule.time_zone, schedule.next_run_at],
      ['top', 500, 'week', 'monday', '10:00', 'Europe/Paris', '2027-03-22T09:00:00.000Z'],
    );
    await page.locator(`tr[data-schedule-id="${schedule.id}"]`).waitFor();
    assert.match((await page.locator(`tr[data-schedule-id="${schedule.id}"]`).textContent()) ?? '', /The top 500, every Monday at 10:00 \(Europe\/Paris\).*Active/);
    await assertAccessible(page, 'schedules, created');
    await page.context().close();
  });

  test('keyboard only: pause, resume and skip the next wave; a wave\'s history', async () => {
    const betaId = await betaWithWaitlist(5);
    const made = await ctx.request('POST', `/api/v2/betas/${betaId}/invitation_schedules`, {
      body: { kind: 'top', count: 3, every: 'day', at: '09:00', time_zone: 'UTC' },
    });
    assert.equal(made.status, 201);
    const id = made.body.id;
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId);
    const row = page.locator(`tr[data-schedule-id="${id}"]`);
    const press = async (name: RegExp) => {
      await row.getByRole('button', { name }).focus();
      await page.keyboard.press('Enter');
    };
    // The next wave's preview: who, by position, with addresses masked.
    await press(/^Preview: /);
    await page.locator('#wave-preview:not([hidden])').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'wave-preview-title');
    assert.match((await page.textContent('#wave-preview-summary')) ?? '', /^If it ran now: 3 testers invited, 3 invitation e-mails\. Due /);
    const previewed = await page.locator('#wave-preview-testers tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
    assert.deepEqual(previewed, [['#1', 'w***@e***.com'], ['#2', 'w***@e***.com'], ['#3', 'w***@e***.com']]);
    await assertAccessible(page, 'schedules, next wave');
    await press(/^Pause: /);
    await page.waitForFunction((scheduleId) => document.querySelector(`tr[data-schedule-id="${scheduleId}"]`)?.textContent?.includes('Paused'), id);
    assert.equal((await stored(betaId))[0].paused, 1);
    assert.equal(await row.getByRole('button', { name: /^Skip next/ }).count(), 0, 'a paused schedule has no wave to skip');
    await press(/^Resume: /);
    await page.waitForFunction((scheduleId) => document.querySelector(`tr[data-schedule-id="${scheduleId}"]`)?.textContent?.includes('Active'), id);
    await press(/^Skip next: /);
    await page.waitForFunction((scheduleId) => document.querySelector(`tr[data-schedule-id="${scheduleId}"]`)?.textContent?.includes('next wave skipped'), id);
    assert.deepEqual([(await stored(betaId))[0].paused, (await stored(betaId))[0].skip_next], [0, 1]);

    // Sunday's wave skipped, Monday's runs.
    ctx.clock.set('2027-03-21T09:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    ctx.clock.set('2027-03-22T09:00:00Z');
    assert.equal(await ctx.services.invitationSchedules.runDue(), 1);
    const wave = await ctx.database.db.selectFrom('invitation_waves').select('bulk_action_id').where('schedule_id', '=', id).where('skipped', '=', 0).executeTakeFirstOrThrow();
    assert.equal(await ctx.services.bulkActions.run(wave.bulk_action_id!), 'done');
    // Two days on, the session has lapsed: signed in again.
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId);
    await press(/^History: /);
    await page.locator('#history:not([hidden])').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'history-title', 'the history takes the focus');
    const cells = await page.locator('#waves tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(2).map((c) => c.textContent)));
    assert.deepEqual(cells, [['3 of 3', '#1 to #3', 'Completed'], ['0 of 0', '—', 'Skipped']]);
    await assertAccessible(page, 'schedules, history');

    page.once('dialog', (dialog) => dialog.accept());
    await press(/^Delete: /);
    await page.waitForFunction(() => document.getElementById('schedules-status')?.textContent === 'No schedule yet.');
    assert.deepEqual(await stored(betaId), []);
    await page.context().close();
  });

  test('an admin at 360 px plans and creates a referral schedule; the page scrolls only down', async () => {
    const betaId = await betaWithWaitlist(40);
    await ctx.database.db.updateTable('testers').set({ share_signups_count: 4 }).where('beta_id', '=', betaId).where('email', 'like', 'wait3-%').execute();
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId);
    await page.getByLabel('Anyone who reaches a number of referrals, at once').check();
    await page.getByLabel('Referrals that get a tester invited').fill('3');
    // The one tester with 4 referrals is invited at once; nobody else is foreseen.
    await page.waitForFunction(() => document.getElementById('plan-status')?.textContent?.startsWith('1 wave: 40 waiting'));
    assert.deepEqual(await page.locator('#plan-milestones dd').allTextContents(), ['Not within the plan']);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'schedules, planning, 360 px');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    await page.locator('#schedule-created:not([hidden])').waitFor();
    const [schedule] = await stored(betaId);
    assert.deepEqual([schedule.kind, schedule.threshold, schedule.count], ['referrals', 3, null]);
    await page.context().close();
  });

  test('a viewer at 360 px reads the schedules and their history, has no form or write button, and the page scrolls only down', async () => {
    const betaId = await betaWithWaitlist(3);
    await ctx.request('POST', `/api/v2/betas/${betaId}/invitation_schedules`, { body: { kind: 'referrals', threshold: 3 } });
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'viewer@example.com');
    await open(page, betaId);
    assert.equal(await page.locator('#schedule-form').count(), 0);
    assert.match((await page.textContent('main')) ?? '', /Your role reads only/);
    await page.locator('#schedules tbody tr').first().waitFor();
    assert.deepEqual(await page.locator('#schedules tbody button').allTextContents(), ['History', 'Preview']);
    assert.match((await page.textContent('#schedules tbody')) ?? '', /Anyone reaching 3 referrals, at once/);
    await page.getByRole('button', { name: /^History: / }).click();
    await page.locator('#history:not([hidden])').waitFor();
    assert.equal(await page.textContent('#waves tbody'), 'No wave yet.');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'schedules, viewer, 360 px');
    await page.context().close();
  });
});
