// The fraud review page in a real browser: the queue with each signal in words, approve one row,
// reject the rows selected by their labelled checkboxes, the log saying who decided, the stored
// decisions and counters; rows that fit at 1280 px and a cluster rejected whole by keyboard;
// keyboard only; a viewer at 360 px reads without buttons; axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { assertCountersExact, createTester, storedTester } from '../modules/testers/support.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('console: fraud review in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ members: { 'reviewer@example.com': 'admin', 'reader@example.com': 'viewer' } })));
  after(() => ctx?.close());



  async function open(page: Page, betaId: number): Promise<void> {
    await page.goto(`${origin}/console/betas/${betaId}/fraud`);
    await page.locator('body[data-ready]').waitFor();
  }

  /** A referrer and three testers it referred from its own IP: flagged, their referrals held. */
  async function scene() {
    const beta = await ctx.createBeta({}, 'Review');
    const referrer = await createTester(ctx, beta.id, { email: `ref-${beta.id}@example.com`, profile: { ip: '203.0.113.7', user_agent: CHROME } });
    const flagged = [];
    for (let i = 0; i < 3; i++) {
      flagged.push(await createTester(ctx, beta.id, { email: `sus${i}-${beta.id}@example.com`, referrer_id: referrer.referral_code, profile: { ip: '203.0.113.7', user_agent: FIREFOX } }));
    }
    return { beta, referrer, flagged };
  }

  test('approve one, reject the selected: the queue empties, the log says who, the referral credit follows', async () => {
    const { beta, referrer, flagged } = await scene();
    const page = await console.newPage();
    await console.signInAs(page, 'reviewer@example.com');
    await open(page, beta.id);
    assert.equal(await page.textContent('h1'), 'Fraud review');
    assert.equal(await page.textContent('#queue-status'), '3 flagged testers to review');
    assert.match((await page.locator(`tr[data-tester-id="${flagged[0].id}"]`).textContent()) ?? '', /same ip as referrer: Signed up from 203\.0\.113\.7, the IP address the referrer ref-\d+@example\.com signed up from/);
    assert.match((await page.locator(`tr[data-tester-id="${flagged[0].id}"]`).textContent()) ?? '', /Held until approved \(referred by ref-/);
    await assertAccessible(page, 'fraud review');

    await page.getByLabel('Note for the log (optional)').fill('same office, checked');
    await page.getByRole('button', { name: `Approve ${flagged[0].email}` }).click();
    await page.locator('#decided:not([hidden])').waitFor();
    assert.equal(await page.textContent('#decided'), 'Approved 1 tester.');
    await page.locator(`tr[data-tester-id="${flagged[0].id}"]`).waitFor({ state: 'detached' });
    assert.equal(await page.textContent('#queue-status'), '2 flagged testers to review');
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1, 'the held referral is credited');

    await page.getByLabel(`Select ${flagged[1].email}`).check();
    await page.getByLabel(`Select ${flagged[2].email}`).check();
    await page.getByRole('button', { name: 'Reject selected' }).click();
    await page.locator('#queue-status', { hasText: 'Nothing to review' }).waitFor();
    assert.equal(await page.textContent('#decided'), 'Rejected 2 testers.');
    const log = await page.locator('#log tr').allTextContents();
    assert.equal(log.length, 3);
    assert.match(log[2], new RegExp(`${flagged[0].email}Approvedreviewer@example\\.comsame office, checked`));
    assert.match(log[0], /Rejectedreviewer@example\.com/);
    await assertAccessible(page, 'fraud review, decided');

    const member = await ctx.database.db.selectFrom('members').select('id').where('email', '=', 'reviewer@example.com').executeTakeFirstOrThrow();
    const decisions = await ctx.database.db.selectFrom('fraud_decisions').selectAll().where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(decisions.map((d) => [d.tester_id, d.decision, d.member_id, d.api_key_id]), [
      [flagged[0].id, 'approve', member.id, null],
      [flagged[1].id, 'reject', member.id, null],
      [flagged[2].id, 'reject', member.id, null],
    ]);
    assert.deepEqual([(await storedTester(ctx, flagged[1].id))?.status, (await storedTester(ctx, flagged[2].id))?.status], ['rejected', 'rejected']);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1, 'rejected referrals are never credited');
    await assertCountersExact(ctx, beta.id, assert);
    await page.context().close();
  });

  test('at 1280 px every row fits, reasons wrapped; a network cluster rejected whole by keyboard; axe at 1280 and 360 px', async () => {
    const { beta, referrer, flagged } = await scene();
    // A disposable address elsewhere in the /24, and a fifth signup from the referrer's own device (two reasons).
    flagged.push(await createTester(ctx, beta.id, { email: `temp-${beta.id}@mailinator.com`, referrer_id: referrer.referral_code, profile: { ip: '203.0.113.9', user_agent: FIREFOX } }));
    flagged.push(await createTester(ctx, beta.id, { email: `many-${beta.id}@example.com`, referrer_id: referrer.referral_code, profile: { ip: '203.0.113.7', user_agent: CHROME } }));
    const page = await console.newPage({ width: 1280, height: 900 });
    await console.signInAs(page, 'reviewer@example.com');
    await open(page, beta.id);
    assert.equal(await page.textContent('#queue-status'), '5 flagged testers to review');
    const fit = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      regions: [...document.querySelectorAll('main .table-scroll')].map((region) => region.scrollWidth - region.clientWidth),
      buttons: Math.max(...[...document.querySelectorAll('#queue td.decide button, #clusters td.decide button')].map((button) => button.getBoundingClientRect().right)),
      reasonLines: (() => {
        const item = document.querySelector('#queue .signals li') as HTMLElement;
        return Math.round(item.getBoundingClientRect().height / parseFloat(getComputedStyle(item).lineHeight));
      })(),
    }));
    assert.equal(fit.page, 0, 'the page does not scroll sideways');
    assert.deepEqual(fit.regions, fit.regions.map(() => 0), 'no table scrolls sideways');
    assert.ok(fit.buttons <= 1280, `the row actions end at ${fit.buttons} px`);
    assert.ok(fit.reasonLines >= 2, 'a long reason wraps');
    assert.match((await page.locator(`tr[data-tester-id="${flagged[4].id}"]`).textContent()) ?? '', /many signups from ip: At least 5 signups from 203\.0\.113\.7/);

    assert.equal(await page.textContent('#clusters-status'), '1 cluster of flagged testers sharing a network');
    assert.equal(await page.textContent('#clusters th[scope=row]'), '203.0.113.0/24');
    await assertAccessible(page, 'fraud review with clusters, 1280 px');
    await page.focus('#cluster-by');
    await page.keyboard.press('ArrowDown');
    await page.locator('#clusters-status', { hasText: 'sharing a device' }).waitFor();
    assert.equal(await page.textContent('#clusters th[scope=row]'), `203.0.113.7 with ${FIREFOX}`);
    await page.keyboard.press('ArrowUp');
    await page.locator('#clusters-status', { hasText: 'sharing a network' }).waitFor();
    await page.getByLabel('Note for the log (optional)').fill('one office of bots');
    const target = 'Reject all 5 testers of 203.0.113.0/24';
    await page.focus('#cluster-by');
    for (let i = 0; i < 20 && (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== target; i++) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { label: element.getAttribute('aria-label'), outline: `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}` };
    });
    assert.deepEqual(focused, { label: target, outline: 'solid 3px' });
    await page.keyboard.press('Enter');
    await page.locator('#queue-status', { hasText: 'Nothing to review' }).waitFor();
    assert.equal(await page.textContent('#decided'), 'Rejected 5 testers of 203.0.113.0/24.');
    assert.equal(await page.textContent('#clusters-status'), 'No two flagged testers waiting share a network.');
    assert.equal(await page.locator('#log tr').count(), 5);

    const member = await ctx.database.db.selectFrom('members').select('id').where('email', '=', 'reviewer@example.com').executeTakeFirstOrThrow();
    const decisions = await ctx.database.db.selectFrom('fraud_decisions').selectAll().where('beta_id', '=', beta.id).orderBy('tester_id').execute();
    assert.deepEqual(decisions.map((d) => [d.tester_id, d.decision, d.member_id, d.note]), flagged.map((t) => [t.id, 'reject', member.id, 'one office of bots']));
    for (const tester of flagged) assert.equal((await storedTester(ctx, tester.id))?.status, 'rejected');
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0, 'rejected referrals are never credited');
    await assertCountersExact(ctx, beta.id, assert);
    await assertAccessible(page, 'fraud review, cluster rejected, 1280 px');
    await page.setViewportSize({ width: 360, height: 740 });
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
    await assertAccessible(page, 'fraud review, cluster rejected, 360 px');
    await page.context().close();
  });

  test('keyboard only: Tab reaches a row\'s checkbox and its buttons with a visible focus; Space selects, Enter rejects', async () => {
    const { beta, flagged } = await scene();
    const page = await console.newPage();
    await console.signInAs(page, 'reviewer@example.com');
    await open(page, beta.id);
    await page.focus('#select-all');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), `select-${flagged[0].id}`);
    await page.keyboard.press('Space');
    assert.equal(await page.isChecked(`#select-${flagged[0].id}`), true);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { label: element.getAttribute('aria-label'), outline: `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}` };
    });
    // The tester's link comes first, then its buttons.
    assert.equal(focused.outline, 'solid 3px');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Reject ${flagged[0].email}`);
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-tester-id="${flagged[0].id}"]`).waitFor({ state: 'detached' });
    assert.equal((await storedTester(ctx, flagged[0].id))?.fraud_decision, 'reject');
    await page.context().close();
  });

  test('a viewer at 360 px reads the queue and the log, with no way to decide; the page scrolls only down', async () => {
    const { beta, flagged } = await scene();
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'reader@example.com');
    await open(page, beta.id);
    assert.equal(await page.locator('#queue tr').count(), 3);
    assert.equal(await page.locator('#queue button, #queue input, #approve-selected').count(), 0);
    assert.match((await page.textContent('main')) ?? '', /Your role reads only/);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'fraud review, viewer, 360 px');
    assert.equal((await storedTester(ctx, flagged[0].id))?.fraud_decision, null);
    await page.context().close();
  });
});
