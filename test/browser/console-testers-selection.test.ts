// The testers table's selection in a real browser: rows picked across pages and a search, or every
// tester matching the filters; the selection exported, and invited, moved to a status, added to or
// removed from a group or deleted (its number typed) by one bulk action (previewed, its count
// confirmed, run as the background job, never a request per tester); a selection of 1,000 picked a
// page at a time with the 1,001st refused; picked testers taken out of a group by keyboard at 360 px
// (the stored groups after); a viewer exports and has no action; 360 px, the keyboard and axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { assertCountersExact, seedWaitlist } from '../modules/testers/support.ts';

describe('console: acting on a selection of testers', () => {
  let ctx: TestContext;
  let origin: string;
  let pages: ConsoleBrowser;

  before(async () => ({ ctx, origin, console: pages } = await startConsoleBrowser({ members: { 'admin@example.com': 'admin', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());

  const db = () => ctx.database.db;

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${origin}${path}`);
    await page.locator('body[data-ready]').waitFor();
  }

  const settledOn = (page: Page, text: string) => page.waitForFunction((expected) => document.getElementById('testers-status')?.textContent === expected, text);
  const selectionSays = (page: Page) => page.textContent('#selection-count');

  /** The beta's testers, by id, in the status each is in now. */
  async function statuses(betaId: number): Promise<Map<number, string>> {
    const rows = await db().selectFrom('testers').select(['id', 'status']).where('beta_id', '=', betaId).execute();
    return new Map(rows.map((row) => [row.id, row.status]));
  }

  /** The beta's one bulk action (its first), run to its end here as a worker would. */
  async function runTheAction(betaId: number) {
    const actions = await db().selectFrom('bulk_actions').selectAll().where('beta_id', '=', betaId).execute();
    assert.equal(actions.length, 1, 'one bulk action for the whole selection');
    assert.equal(await ctx.services.bulkActions.run(actions[0].id), 'done');
    return db().selectFrom('bulk_actions').selectAll().where('id', '=', actions[0].id).executeTakeFirstOrThrow();
  }

  /** The ids an export link of the page answers (its NDJSON), fetched with the member's session. */
  const exportedIds = (page: Page) =>
    page.evaluate(async () => {
      const response = await fetch((document.getElementById('export-ndjson') as HTMLAnchorElement).href, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      return (await response.text()).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line).id as number);
    });

  test('rows picked across pages and a search are invited by one bulk action, previewed and confirmed; the export holds the same testers', async () => {
    const beta = await ctx.createBeta({}, 'Picks');
    const ids = await seedWaitlist(ctx, beta.id, 30);
    const email = (i: number) => `wait${i}-${beta.id}@example.com`;
    const page = await pages.newPage();
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    assert.equal(await selectionSays(page), 'No tester selected.');
    assert.equal(await page.isHidden('#selection-actions'), true);

    await page.getByLabel(`Select ${email(0)}`).check();
    await page.getByLabel(`Select ${email(2)}`).check();
    assert.equal(await selectionSays(page), '2 testers selected.');
    assert.equal(await page.locator('#select-page').evaluate((box: HTMLInputElement) => box.indeterminate), true, 'some of the page: neither checked nor not');
    // Another page, then a search: the picks stay, and show checked where they are listed.
    await page.click('#next-page');
    await settledOn(page, 'Testers 26–30 of 30');
    await page.getByLabel(`Select ${email(27)}`).check();
    await page.getByLabel('E-mail contains').fill('wait2');
    await settledOn(page, 'Testers 1–11 of 11');
    assert.equal(await page.isChecked(`#select-${ids[2]}`), true);
    assert.equal(await page.isChecked(`#select-${ids[27]}`), true);
    await page.getByLabel(`Select ${email(21)}`).check();
    assert.equal(await selectionSays(page), '4 testers selected.');
    const picked = [ids[0], ids[2], ids[27], ids[21]];
    assert.deepEqual((await exportedIds(page)).sort((a, b) => a - b), [...picked].sort((a, b) => a - b));
    assert.match((await page.getAttribute('#export-csv', 'href')) ?? '', new RegExp(`/api/v2/betas/${beta.id}/testers\\.csv\\?ids=${picked.join(',')}$`));

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-preview-summary'), 'Invite 4 selected testers:');
    assert.deepEqual(await page.locator('#selection-preview-counts dd').allTextContents(), ['4', '0', '4', '0']);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'selection-preview-title');
    await assertAccessible(page, 'testers: a selection previewed');
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, 0, 'a preview creates nothing');

    // A changed selection drops the preview: what is confirmed is what was counted.
    await page.getByLabel(`Select ${email(21)}`).uncheck();
    assert.equal(await page.isHidden('#selection-preview'), true);
    await page.getByLabel(`Select ${email(21)}`).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Invite 4 testers' }).click();
    await page.locator('#selection-done:not([hidden])').waitFor();
    assert.match((await page.textContent('#selection-done')) ?? '', /^Started: invite 4 testers\. Its progress is on the bulk actions page\.$/);
    assert.equal(await selectionSays(page), 'No tester selected.');

    const action = await runTheAction(beta.id);
    assert.deepEqual([action.action, action.selection, JSON.parse(action.filters ?? '{}'), action.total, action.changed], ['invite', 'filter', { ids: picked.join(',') }, 4, 4]);
    const now = await statuses(beta.id);
    assert.deepEqual(ids.filter((id) => now.get(id) === 'invited').sort((a, b) => a - b), [...picked].sort((a, b) => a - b));
    assert.equal(ids.filter((id) => now.get(id) === 'applied').length, 26);
    const invitations = await db().selectFrom('email_messages').select('tester_id').where('beta_id', '=', beta.id).where('occasion', '=', 'invitation').execute();
    assert.deepEqual(invitations.map((m) => m.tester_id!).sort((a, b) => a - b), [...picked].sort((a, b) => a - b));
    await assertCountersExact(ctx, beta.id, assert);
    await page.context().close();
  });

  test('every tester matching the filters: selected in one click, moved to a status by one action; another search drops it', async () => {
    const beta = await ctx.createBeta({}, 'Matching');
    const ids = await seedWaitlist(ctx, beta.id, 30);
    const page = await pages.newPage();
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers?email_contains=wait1`);
    assert.equal(await page.textContent('#testers-status'), 'Testers 1–11 of 11');
    await page.getByLabel('Select every tester on this page').check();
    assert.equal(await selectionSays(page), '11 testers selected.');
    await page.getByRole('button', { name: 'Select all 11 matching' }).click();
    assert.equal(await selectionSays(page), 'All 11 testers matching the filters are selected.');
    assert.equal(await page.isDisabled(`#select-${ids[1]}`), true, 'a row cannot leave "all matching"');
    assert.match((await page.getAttribute('#export-csv', 'href')) ?? '', /testers\.csv\?email_contains=wait1$/);
    assert.equal((await exportedIds(page)).length, 11);

    await page.getByLabel('Action').selectOption('set_status');
    await page.getByLabel('New status').selectOption('rejected');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-preview-summary'), 'Set the status rejected for 11 selected testers:');
    await page.getByRole('button', { name: 'Change 11 testers' }).click();
    await page.locator('#selection-done:not([hidden])').waitFor();
    const action = await runTheAction(beta.id);
    assert.deepEqual([action.action, action.target_status, JSON.parse(action.filters ?? '{}'), action.total], ['set_status', 'rejected', { email_contains: 'wait1' }, 11]);
    const now = await statuses(beta.id);
    const matching = ids.filter((_, i) => String(i).startsWith('1'));
    assert.deepEqual(ids.filter((id) => now.get(id) === 'rejected'), matching);
    assert.equal(ids.filter((id) => now.get(id) === 'applied').length, 19);
    await assertCountersExact(ctx, beta.id, assert);

    // "All matching" belongs to its filters: another search selects nothing.
    await page.getByRole('button', { name: 'Select all 11 matching' }).click();
    await page.getByLabel('E-mail contains').fill('wait2');
    await page.locator(`#select-${ids[20]}`).waitFor();
    assert.equal(await selectionSays(page), 'No tester selected.');
    await page.context().close();
  });

  test('picked testers added to a group; then every tester of the group deleted, their number typed to confirm', async () => {
    const beta = await ctx.createBeta({}, 'Groups');
    const ids = await seedWaitlist(ctx, beta.id, 6);
    const page = await pages.newPage();
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    await page.getByLabel(`Select wait1-${beta.id}@example.com`).check();
    await page.getByLabel(`Select wait3-${beta.id}@example.com`).check();
    await page.getByLabel('Action').selectOption('add_to_group');
    assert.equal(await page.isVisible('#selection-group'), true);
    // No name: said next to the field, nothing previewed.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-group-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#selection-group-error')) ?? '', /group is required/);
    await page.getByLabel('Group name').fill('early');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-preview-summary'), 'Add 2 selected testers to the group early:');
    await page.getByRole('button', { name: 'Add 2 testers' }).click();
    await page.locator('#selection-done:not([hidden])').waitFor();
    await runTheAction(beta.id);
    const groups = await db().selectFrom('testers').select(['id', 'groups']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(groups.map((t) => t.groups), ['', 'early', '', 'early', '', '']);

    await open(page, `/console/betas/${beta.id}/testers?group=early`);
    assert.equal(await page.textContent('#testers-status'), 'Testers 1–2 of 2');
    await page.getByRole('button', { name: 'Select all 2 matching' }).click();
    await page.getByLabel('Action').selectOption('delete');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-preview-summary'), 'Delete 2 selected testers:');
    const confirm = page.getByRole('button', { name: 'Delete 2 testers' });
    assert.equal(await confirm.isDisabled(), true, 'not before the number is typed');
    await assertAccessible(page, 'testers: a deletion to confirm');
    await page.getByLabel('Type the number of testers to delete them for good').fill('1');
    assert.equal(await confirm.isDisabled(), true);
    await page.getByLabel('Type the number of testers to delete them for good').fill('2');
    await confirm.click();
    await page.locator('#selection-done:not([hidden])').waitFor();
    assert.match((await page.textContent('#selection-done')) ?? '', /^Started: delete 2 testers\./);
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, 2);
    const deletion = await db().selectFrom('bulk_actions').selectAll().where('beta_id', '=', beta.id).where('action', '=', 'delete').executeTakeFirstOrThrow();
    assert.deepEqual([JSON.parse(deletion.filters ?? '{}'), deletion.total], [{ group: 'early' }, 2]);
    assert.equal(await ctx.services.bulkActions.run(deletion.id), 'done');
    const left = await db().selectFrom('testers').select('id').where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(left.map((t) => t.id), [ids[0], ids[2], ids[4], ids[5]]);
    await assertCountersExact(ctx, beta.id, assert);
    await page.context().close();
  });

  test('picked testers removed from a group by keyboard at 360 px: previewed with those not in it skipped, the group taken out of the others', async () => {
    const beta = await ctx.createBeta({}, 'Ungroup');
    const before = ['early', 'early,vip', 'vip', 'early', ''];
    const ids = await seedWaitlist(ctx, beta.id, before.length, { fields: (i) => ({ groups: before[i] }) });
    const page = await pages.newPage({ width: 360, height: 740 });
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    // Three picked by their boxes, by keys alone: two in the group, one not.
    for (const id of ids.slice(0, 3)) {
      await page.focus(`#select-${id}`);
      await page.keyboard.press('Space');
    }
    assert.equal(await selectionSays(page), '3 testers selected.');
    await page.focus('#field-change');
    await page.selectOption('#field-change', 'remove_from_group');
    assert.deepEqual([await page.isVisible('#selection-group'), await page.isVisible('#field-target_status')], [true, false]);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'selection-group');
    await page.keyboard.type('early');
    await page.keyboard.press('Enter');
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-preview-summary'), 'Remove 3 selected testers from the group early:');
    assert.deepEqual(await page.locator('#selection-preview-counts dd').allTextContents(), ['2', '1', '0', '0']);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'selection-preview-title');
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'testers at 360 px: a removal from a group previewed');
    assert.equal((await db().selectFrom('bulk_actions').select('id').where('beta_id', '=', beta.id).execute()).length, 0, 'a preview creates nothing');

    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Remove 3 testers');
    await page.keyboard.press('Enter');
    await page.locator('#selection-done:not([hidden])').waitFor();
    assert.equal(await page.textContent('#selection-done'), 'Started: remove 3 testers from the group early. Its progress is on the bulk actions page.');
    assert.equal(await selectionSays(page), 'No tester selected.');

    const action = await runTheAction(beta.id);
    assert.deepEqual(
      [action.action, action.group_name, JSON.parse(action.filters ?? '{}'), action.total, action.changed, action.skipped],
      ['remove_from_group', 'early', { ids: ids.slice(0, 3).join(',') }, 3, 2, 1],
    );
    const groups = await db().selectFrom('testers').select(['id', 'groups']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(groups.map((t) => t.groups), ['', 'vip', 'vip', 'early', ''], 'the group out of the picked only, their other groups kept');
    await open(page, `/console/betas/${beta.id}/testers?group=early`);
    assert.equal(await page.textContent('#testers-status'), 'Testers 1–1 of 1');
    await assertCountersExact(ctx, beta.id, assert);
    await page.context().close();
  });

  test('a selection of 1,000 invited: picked a page at a time, the 1,001st refused, one action for them all', async () => {
    const beta = await ctx.createBeta({}, 'Thousand');
    const ids = await seedWaitlist(ctx, beta.id, 1010);
    const page = await pages.newPage();
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    for (let p = 1; p <= 40; p++) {
      await page.getByLabel('Select every tester on this page').check();
      await page.click('#next-page');
      await settledOn(page, `Testers ${(p * 25 + 1).toLocaleString('en')}–${Math.min((p + 1) * 25, 1010).toLocaleString('en')} of 1,010`);
    }
    assert.equal(await selectionSays(page), '1,000 testers selected.');
    await page.getByLabel('Select every tester on this page').click();
    assert.equal(await selectionSays(page), 'At most 1,000 testers can be picked one by one: 1,000 testers selected. To act on more, select all the testers matching a filter.');
    assert.equal(await page.locator('#testers input[type=checkbox]:checked').count(), 0, 'the 1,001st is not picked');
    assert.equal((await exportedIds(page)).length, 1000);

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#selection-preview:not([hidden])').waitFor();
    assert.deepEqual(await page.locator('#selection-preview-counts dd').allTextContents(), ['1,000', '0', '1,000', '0']);
    await page.getByRole('button', { name: 'Invite 1,000 testers' }).click();
    await page.locator('#selection-done:not([hidden])').waitFor();
    assert.deepEqual(calls, [`POST /api/v2/betas/${beta.id}/bulk_actions`, `POST /api/v2/betas/${beta.id}/bulk_actions`], 'a preview and one action: no request per tester');

    const action = await runTheAction(beta.id);
    assert.deepEqual([action.state, action.total, action.changed], ['completed', 1000, 1000]);
    const now = await statuses(beta.id);
    assert.equal(ids.slice(0, 1000).filter((id) => now.get(id) === 'invited').length, 1000);
    assert.deepEqual(ids.slice(1000).map((id) => now.get(id)), Array(10).fill('applied'));
    const invitations = await db().selectFrom('email_messages').select('tester_id').where('beta_id', '=', beta.id).where('occasion', '=', 'invitation').execute();
    assert.equal(new Set(invitations.map((m) => m.tester_id)).size, 1000);
    assert.equal(invitations.length, 1000, 'one invitation each');
    await assertCountersExact(ctx, beta.id, assert);
    await page.context().close();
  });

  test('a viewer selects and exports, and has no action to start', async () => {
    const beta = await ctx.createBeta({}, 'Viewer');
    const ids = await seedWaitlist(ctx, beta.id, 3);
    const page = await pages.newPage();
    await pages.signInAs(page, 'viewer@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    await page.getByLabel(`Select wait1-${beta.id}@example.com`).check();
    assert.equal(await page.isVisible('#export-csv'), true);
    assert.deepEqual(await exportedIds(page), [ids[1]]);
    assert.equal(await page.locator('#selection-form').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Preview' }).count(), 0);
    await assertAccessible(page, 'testers: a viewer\'s selection');
    await page.context().close();
  });

  test('360 px, by keyboard: the filters fold away; the column chooser, the check boxes and "select all matching" are reached and labelled', async () => {
    const beta = await ctx.createBeta({}, 'Narrow');
    const ids = await seedWaitlist(ctx, beta.id, 30);
    const page = await pages.newPage({ width: 360, height: 740 });
    await pages.signInAs(page, 'admin@example.com');
    await open(page, `/console/betas/${beta.id}/testers`);
    assert.equal(await page.isVisible('#field-email_contains'), true, 'the search stays');
    for (const id of ['#field-name', '#field-status', '#field-sort']) assert.equal(await page.isVisible(id), false, `${id} is folded away`);
    await assertAccessible(page, 'testers at 360 px, filters folded');

    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return { id: element.id || element.tagName.toLowerCase(), name, outline: getComputedStyle(element).outlineStyle };
      });
    await page.focus('#field-email_contains');
    await page.keyboard.press('Tab');
    assert.deepEqual(await focused(), { id: 'filters-toggle', name: 'More filters', outline: 'solid' });
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('#filters-toggle', 'aria-expanded'), 'true');
    assert.equal(await page.isVisible('#field-status'), true);
    await page.keyboard.press('Enter');
    assert.equal(await page.isVisible('#field-status'), false, 'folded again');

    const walk: { id: string; name: string; outline: string }[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      walk.push(await focused());
    }
    assert.deepEqual(walk.map((step) => step.id), ['summary', 'select-matching', 'div', 'select-page', `select-${ids[0]}`]);
    assert.deepEqual(walk.map((step) => step.outline), ['solid', 'solid', 'solid', 'solid', 'solid']);
    assert.deepEqual(walk.map((step) => step.name).filter((_, i) => i !== 2), ['Columns', 'Select all 30 matching', 'Select every tester on this page', `Select wait0-${beta.id}@example.com`]);

    // The row's box, then "select all matching", by keys alone.
    await page.keyboard.press('Space');
    assert.equal(await selectionSays(page), '1 tester selected.');
    await page.focus('#select-matching');
    await page.keyboard.press('Enter');
    assert.equal(await selectionSays(page), 'All 30 testers matching the filters are selected.');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'clear-selection');

    // The column chooser: opened and changed by keys.
    await page.focus('#columns summary');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'column-status');
    await page.keyboard.press('Space');
    assert.equal(await page.locator('#testers-head th', { hasText: 'Status' }).count(), 0);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'testers at 360 px, all matching selected, the chooser open');
    await page.context().close();
  });
});
