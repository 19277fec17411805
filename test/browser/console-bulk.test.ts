// The bulk actions page in a real browser: a bulk invite of 1,000 testers, previewed (its counts
// and first testers), confirmed; a filter's testers added to and removed from a group, exported,
// and deleted with their number typed, by keyboard at 1280 and 360 px;
// its progress bar following the job (run here batch by batch), a reload mid-way showing where it
// stands, 100 % at the end, and every tester invited once (rows, e-mails, outbox); a wrong number
// shown next to its field; keyboard only; a viewer at 360 px reads and cannot start one; axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { assertCountersExact, seedWaitlist } from '../modules/testers/support.ts';
import { BATCH_TESTERS } from '../../src/modules/bulk-actions/bulk-job.ts';

const TESTERS = 1000;

describe('console: bulk actions in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ members: { 'admin@example.com': 'admin', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());



  async function open(page: Page, betaId: number, query = ''): Promise<void> {
    await page.goto(`${origin}/console/betas/${betaId}/bulk${query}`);
    await page.locator('body[data-ready]').waitFor();
  }

  /** A beta whose waitlist holds `count` testers, written at once with their counters. */
  async function betaWithWaitlist(count: number): Promise<number> {
    const beta = await ctx.createBeta({}, 'Bulk');
    await seedWaitlist(ctx, beta.id, count);
    return beta.id;
  }

  const progressOf = (page: Page, id: number) => page.locator(`tr[data-job-id="${id}"] progress`).getAttribute('value');

  test('a bulk invite of 1,000 testers: preview, confirm, progress through a reload to 100 %, each tester invited once', async () => {
    const betaId = await betaWithWaitlist(TESTERS);
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId);
    assert.equal(await page.textContent('h1'), 'Bulk actions');
    assert.equal(await page.getAttribute('nav.tabs a[aria-current=page]', 'href'), `/console/betas/${betaId}/bulk`);
    await assertAccessible(page, 'bulk actions');

    // A number that is not one: said next to the field, nothing created.
    await page.getByLabel('How many, from the top of the waitlist').fill('0');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#top-error:not([hidden])').waitFor();
    assert.equal(await page.getAttribute('#field-top', 'aria-invalid'), 'true');
    assert.equal(await page.isHidden('#preview'), true);

    await page.getByLabel('How many, from the top of the waitlist').fill(String(TESTERS));
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#preview:not([hidden])').waitFor();
    const counts = await page.locator('#preview-counts dd').allTextContents();
    assert.deepEqual(counts, ['1,000', '1,000', '0', '1,000', '0', '0', '0']);
    // Who, not only how many: the first 25 by position, addresses masked.
    const first = await page.locator('#preview-testers tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)));
    assert.equal(first.length, 25);
    assert.deepEqual(first.slice(0, 2), [['#1', 'w***@e***.com'], ['#2', 'w***@e***.com']]);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'preview-title', 'the preview takes the focus');
    await assertAccessible(page, 'bulk preview');
    assert.equal((await ctx.database.db.selectFrom('bulk_actions').selectAll().execute()).length, 0, 'the preview creates nothing');

    await page.getByRole('button', { name: 'Confirm and start' }).click();
    await page.locator('#bulk-started:not([hidden])').waitFor();
    const action = await ctx.database.db.selectFrom('bulk_actions').selectAll().where('beta_id', '=', betaId).executeTakeFirstOrThrow();
    assert.deepEqual([action.state, action.total], ['queued', TESTERS]);
    await page.locator(`tr[data-job-id="${action.id}"]`).waitFor();
    assert.equal(await progressOf(page, action.id), '0');

    // Two batches, then the worker stops (as a process would); the page follows.
    const stop = new AbortController();
    const moves = ctx.services.testers.moveStatuses;
    let batches = 0;
    ctx.services.testers.moveStatuses = async function (this: typeof ctx.services.testers, ...args) {
      const outcome = await moves.apply(this, args);
      if (++batches === 2) stop.abort();
      return outcome;
    };
    try {
      assert.equal(await ctx.services.bulkActions.run(action.id, stop.signal), 'stopped');
    } finally {
      ctx.services.testers.moveStatuses = moves;
    }
    const halfway = String(Math.floor((2 * BATCH_TESTERS * 100) / TESTERS));
    await page.waitForFunction(([id, value]) => document.querySelector(`tr[data-job-id="${id}"] progress`)?.getAttribute('value') === value, [action.id, halfway] as const);

    // A reload shows where it stands.
    await open(page, betaId);
    assert.equal(await progressOf(page, action.id), halfway);
    assert.match((await page.locator(`tr[data-job-id="${action.id}"]`).textContent()) ?? '', new RegExp(`Running.*${halfway} % · ${(2 * BATCH_TESTERS).toLocaleString('en')} of 1,000`));

    // Resumed from its cursor, to the end: the page reaches 100 % by itself.
    assert.equal(await ctx.services.bulkActions.run(action.id), 'done');
    await page.locator(`tr[data-job-id="${action.id}"][data-state=completed]`).waitFor();
    assert.equal(await progressOf(page, action.id), '100');
    assert.match((await page.locator(`tr[data-job-id="${action.id}"]`).textContent()) ?? '', /Completed.*100 % · 1,000 of 1,000/);
    assert.equal(await page.locator(`tr[data-job-id="${action.id}"] button`).count(), 0, 'nothing to cancel');

    const db = ctx.database.db;
    const statuses = await db.selectFrom('testers').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('beta_id', '=', betaId).groupBy('status').execute();
    assert.deepEqual(statuses.map((r) => [r.status, Number(r.n)]), [['invited', TESTERS]]);
    const invitations = await db.selectFrom('email_messages').select(['tester_id', 'id']).where('beta_id', '=', betaId).where('occasion', '=', 'invitation').execute();
    assert.equal(invitations.length, TESTERS);
    assert.equal(new Set(invitations.map((m) => m.tester_id)).size, TESTERS, 'one invitation per tester');
    const sends = await db.selectFrom('outbox_jobs').select('payload').where('kind', '=', 'email.send').execute();
    const sent = new Set(sends.map((job) => (JSON.parse(job.payload) as { messageId: number }).messageId));
    const unsent = invitations.filter((m) => !sent.has(m.id)).map((m) => m.id);
    const unsentRows = unsent.length ? await db.selectFrom('email_messages').select(['id', 'tester_id', 'status', 'error', 'created_at']).where('id', 'in', unsent).execute() : [];
    assert.deepEqual(unsentRows, [], 'one send job for each invitation');
    const done = await db.selectFrom('bulk_actions').selectAll().where('id', '=', action.id).executeTakeFirstOrThrow();
    assert.deepEqual([done.state, done.processed, done.changed, done.skipped], ['completed', TESTERS, TESTERS, 0]);
    await assertCountersExact(ctx, betaId, assert);
    await page.context().close();
  });

  test('keyboard only: a filter passed by the testers table is previewed and started with Tab and Enter; cancel from the list', async () => {
    const betaId = await betaWithWaitlist(5);
    const page = await console.newPage();
    await console.signInAs(page, 'admin@example.com');
    await open(page, betaId, '?email_contains=wait1&page=2');
    assert.equal(await page.isChecked('#kind-filter'), true, 'a filter in the address selects the filter choice');
    assert.equal(await page.inputValue('#field-filters'), 'email_contains=wait1');
    await page.focus('#field-status');
    await page.selectOption('#field-status', 'rejected');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-filters');
    await page.keyboard.press('Enter');
    await page.locator('#preview:not([hidden])').waitFor();
    assert.deepEqual((await page.locator('#preview-counts dd').allTextContents()).slice(0, 3), ['1', '1', '0']);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { id: element.id, outline: `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}` };
    });
    assert.deepEqual(outline, { id: 'bulk-confirm', outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    await page.locator('#bulk-started:not([hidden])').waitFor();
    const action = await ctx.database.db.selectFrom('bulk_actions').selectAll().where('beta_id', '=', betaId).executeTakeFirstOrThrow();
    assert.deepEqual([action.action, action.target_status, JSON.parse(action.filters ?? '{}')], ['set_status', 'rejected', { email_contains: 'wait1' }]);

    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: /^Cancel Set the status rejected/ }).click();
    await page.locator(`tr[data-job-id="${action.id}"][data-state=cancelled]`).waitFor();
    assert.equal((await ctx.database.db.selectFrom('bulk_actions').select('state').where('id', '=', action.id).executeTakeFirstOrThrow()).state, 'cancelled');
    await page.context().close();
  });

  for (const width of [1280, 360]) {
    test(`at ${width} px, by keyboard: a filter's testers added to a group, exported, one removed from it, then the group deleted, its number typed; axe`, async () => {
      const betaId = await betaWithWaitlist(12);
      const ids = await ctx.database.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).orderBy('id').execute().then((rows) => rows.map((row) => row.id));
      const db = ctx.database.db;
      const page = await console.newPage({ width, height: 900 });
      await console.signInAs(page, 'admin@example.com');
      const focused = () => page.evaluate(() => document.activeElement?.id);
      /** The beta's newest bulk action, run to its end here as a worker would. */
      const runNewest = async () => {
        const action = await db.selectFrom('bulk_actions').selectAll().where('beta_id', '=', betaId).orderBy('id', 'desc').executeTakeFirstOrThrow();
        assert.equal(await ctx.services.bulkActions.run(action.id), 'done');
        return action;
      };
      const grouped = async () => (await db.selectFrom('testers').select(['id', 'groups']).where('beta_id', '=', betaId).orderBy('id').execute()).filter((t) => t.groups === 'early').map((t) => t.id);

      // Add: the filter choice by arrow key, the action, the group and the filter typed, Enter.
      await open(page, betaId);
      await page.focus('#kind-top');
      await page.keyboard.press('ArrowDown');
      assert.equal(await page.isChecked('#kind-filter'), true);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'field-action');
      await page.selectOption('#field-action', 'add_to_group');
      assert.deepEqual([await page.isVisible('#field-group'), await page.isHidden('#field-status')], [true, true]);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'field-group');
      await page.keyboard.type('early');
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'field-filters');
      await page.keyboard.type('email_contains=wait1');
      await page.keyboard.press('Enter');
      await page.locator('#preview:not([hidden])').waitFor();
      assert.equal(await page.textContent('#preview-summary'), 'Add the testers matching email_contains=wait1 to the group early:');
      assert.deepEqual((await page.locator('#preview-counts dd').allTextContents()).slice(0, 3), ['3', '3', '0']);
      await assertAccessible(page, `bulk: a group change previewed at ${width} px`);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'bulk-confirm');
      await page.keyboard.press('Enter');
      await page.locator('#bulk-started:not([hidden])').waitFor();
      const added = await runNewest();
      assert.deepEqual([added.action, added.group_name, JSON.parse(added.filters ?? '{}'), added.total], ['add_to_group', 'early', { email_contains: 'wait1' }, 3]);
      assert.deepEqual(await grouped(), [ids[1], ids[10], ids[11]]);

      // Export: a link from the testers table passes its filter; the links download what it matches.
      await open(page, betaId, '?group=early');
      assert.equal(await page.getAttribute('#export-csv', 'href'), `/api/v2/betas/${betaId}/testers.csv?group=early`);
      const exported = await page.evaluate(async () => {
        const response = await fetch((document.getElementById('export-ndjson') as HTMLAnchorElement).href, { credentials: 'same-origin' });
        return (await response.text()).trim().split('\n').map((line) => JSON.parse(line).id as number);
      });
      assert.deepEqual(exported.sort((a, b) => a - b), [ids[1], ids[10], ids[11]]);

      // Remove one from the group.
      await page.focus('#field-action');
      await page.selectOption('#field-action', 'remove_from_group');
      await page.keyboard.press('Tab');
      await page.keyboard.type('early');
      await page.keyboard.press('Tab');
      await page.keyboard.press('End');
      await page.keyboard.type('&email_contains=wait10');
      assert.equal(await page.getAttribute('#export-ndjson', 'href'), `/api/v2/betas/${betaId}/testers.ndjson?group=early&email_contains=wait10`, 'the export follows the filter as typed');
      await page.keyboard.press('Enter');
      await page.locator('#preview:not([hidden])').waitFor();
      assert.equal(await page.textContent('#preview-summary'), 'Remove the testers matching group=early&email_contains=wait10 from the group early:');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.locator('#bulk-started:not([hidden])').waitFor();
      assert.equal((await runNewest()).action, 'remove_from_group');
      assert.deepEqual(await grouped(), [ids[1], ids[11]]);

      // Delete the group: the button waits for the number typed.
      await open(page, betaId, '?group=early');
      await page.focus('#field-action');
      await page.selectOption('#field-action', 'delete');
      assert.deepEqual([await page.isHidden('#field-group'), await page.isHidden('#field-status')], [true, true]);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'field-filters');
      await page.keyboard.press('Enter');
      await page.locator('#preview:not([hidden])').waitFor();
      assert.equal(await page.textContent('#preview-summary'), 'Delete the testers matching group=early:');
      const confirm = page.getByRole('button', { name: 'Delete 2 testers' });
      assert.equal(await confirm.isDisabled(), true, 'not before the number is typed');
      await assertAccessible(page, `bulk: a deletion to confirm at ${width} px`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'confirm-total');
      await page.keyboard.type('1');
      assert.equal(await confirm.isDisabled(), true, 'another number leaves it disabled');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('2');
      assert.equal(await confirm.isDisabled(), false);
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'bulk-confirm');
      await page.keyboard.press('Enter');
      await page.locator('#bulk-started:not([hidden])').waitFor();
      const deletion = await runNewest();
      assert.deepEqual([deletion.action, JSON.parse(deletion.filters ?? '{}'), deletion.total], ['delete', { group: 'early' }, 2]);
      const left = await db.selectFrom('testers').select('id').where('beta_id', '=', betaId).orderBy('id').execute();
      assert.deepEqual(left.map((t) => t.id), ids.filter((id) => id !== ids[1] && id !== ids[11]));
      await page.locator(`tr[data-job-id="${deletion.id}"][data-state=completed]`).waitFor();
      await assertCountersExact(ctx, betaId, assert);
      await page.context().close();
    });
  }

  test('a viewer at 360 px reads the actions, has no form or cancel button, and the page scrolls only down', async () => {
    const betaId = await betaWithWaitlist(3);
    await ctx.request('POST', `/api/v2/betas/${betaId}/bulk_actions`, { body: { action: 'invite', top: 2 } });
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'viewer@example.com');
    await open(page, betaId);
    assert.equal(await page.locator('#bulk-form').count(), 0);
    assert.match((await page.textContent('main')) ?? '', /Your role reads only/);
    await page.locator('#jobs tr').first().waitFor();
    assert.equal(await page.locator('#jobs button').count(), 0);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'bulk actions, viewer, 360 px');
    await page.context().close();
  });
});
