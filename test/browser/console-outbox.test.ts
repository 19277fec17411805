// The outbox in a real browser: the captured invitations listed as stored, filtered by status and
// recipient, older ones a click away, one opened with its HTML in the sandboxed frame and its plain
// text; by keyboard; at 360 px for a viewer with nothing wider than the screen; axe throughout.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { createTester } from '../modules/testers/support.ts';
import { storedMessages } from '../modules/emails/support.ts';

describe('console: the outbox in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let console: ConsoleBrowser;

  before(async () => ({ ctx, origin, console } = await startConsoleBrowser({ members: { 'owner@example.com': 'owner', 'reader@example.com': 'viewer' } })));
  after(() => ctx?.close());

  async function open(page: Page, betaId: number): Promise<void> {
    await page.goto(`${origin}/console/betas/${betaId}/outbox`);
    await page.locator('body[data-ready]').waitFor();
  }

  /** A beta with three invited testers whose invitations the outbox captured (no SMTP_URL). */
  async function scene() {
    const beta = await ctx.createBeta({}, 'Mail');
    const testers = [];
    for (let i = 0; i < 3; i++) testers.push(await createTester(ctx, beta.id, { email: `invitee${i}-${beta.id}@example.com`, status: 'invited' }));
    await ctx.runJobs();
    const stored = await storedMessages(ctx, beta.id);
    assert.deepEqual(stored.map((m) => m.status), ['captured', 'captured', 'captured']);
    return { beta, testers, stored };
  }

  const rows = (page: Page) => page.locator('#outbox tr[data-message-id]');

  test('lists, filters and opens an e-mail: its HTML in the sandboxed frame, its text below', async () => {
    const { beta, testers, stored } = await scene();
    const page = await console.newPage();
    await console.signInAs(page, 'owner@example.com');
    await open(page, beta.id);
    assert.equal(await page.textContent('h1'), 'Outbox');
    assert.deepEqual(await rows(page).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.messageId)), stored.map((m) => String(m.id)).reverse());
    const newest = (await rows(page).first().locator('td').allTextContents()).slice(1, 4);
    assert.deepEqual(newest, [testers[2].email, 'invitation', 'Captured']);
    assert.equal(await page.textContent('#outbox-status'), 'Showing the newest 3 e-mails: all of them.');
    await assertAccessible(page, 'outbox');

    await page.getByLabel('Status').selectOption('failed');
    await page.locator('#outbox-status', { hasText: 'No e-mails.' }).waitFor();
    assert.equal(await page.textContent('#outbox'), 'No e-mail matches these filters.');
    await page.getByLabel('Status').selectOption('captured');
    await page.getByLabel('Recipient (whole address)').fill(testers[1].email.toUpperCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#outbox-status', { hasText: 'newest 1 e-mail' }).waitFor();
    assert.deepEqual(await rows(page).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.messageId)), [String(stored[1].id)]);

    await rows(page).first().getByRole('button').click();
    await page.locator('#message:not([hidden])').waitFor();
    assert.equal(await page.textContent('#message-subject'), stored[1].subject);
    assert.equal(await page.textContent('#message-text'), stored[1].text_body);
    assert.match((await page.textContent('#message-facts')) ?? '', new RegExp(`To${testers[1].email.replace(/[.]/g, '\\.')}`));
    assert.equal(await page.getAttribute('#message-html', 'sandbox'), '');
    const shareLink = /\/r\/[A-Za-z0-9]+/.exec(stored[1].html_body ?? '')?.[0];
    assert.ok(shareLink, 'the stored HTML part carries the tester\'s share link');
    // The frame loads its document after the panel shows: wait for it rather than read an empty body.
    await page.frameLocator('#message-html').locator('body', { hasText: 'Good news' }).waitFor();
    const frameText = (await page.frameLocator('#message-html').locator('body').textContent()) ?? '';
    assert.match(frameText, /Good news:\s+you're invited to Mail\./);
    assert.ok(frameText.includes(shareLink), `the frame shows the stored HTML: ${frameText}`);
    const scriptsAllowed = await page.frameLocator('#message-html').locator('body').evaluate(() => {
      try {
        return typeof window.parent.document === 'object';
      } catch {
        return false;
      }
    }).catch(() => false);
    assert.equal(scriptsAllowed, false, 'the frame reaches nothing of the console');
    await assertAccessible(page, 'outbox, e-mail opened');
    await page.context().close();
  });

  test('older e-mails load by cursor below the newest 50', async () => {
    const { beta, stored } = await scene();
    const [template] = stored;
    const extra = Array.from({ length: 50 }, (_, n) => ({ ...template, id: undefined, unsubscribe_token: `outbox-extra-${beta.id}-${n}`, subject: `Extra ${n}` }));
    await ctx.database.db.insertInto('email_messages').values(extra).execute();
    const page = await console.newPage();
    await console.signInAs(page, 'owner@example.com');
    await open(page, beta.id);
    assert.equal(await rows(page).count(), 50);
    assert.equal(await page.textContent('#outbox-status'), 'Showing the newest 50 e-mails.');
    await page.getByRole('button', { name: 'Show older e-mails' }).click();
    await page.locator('#outbox-status', { hasText: 'newest 53 e-mails: all of them' }).waitFor();
    const all = (await storedMessages(ctx, beta.id)).map((m) => String(m.id)).reverse();
    assert.deepEqual(await rows(page).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.messageId)), all);
    assert.equal(await page.isHidden('#older'), true);
    await page.context().close();
  });

  test('keyboard only: Enter opens an e-mail and moves the focus to it; Close brings it back to the list', async () => {
    const { beta, stored } = await scene();
    const page = await console.newPage();
    await console.signInAs(page, 'owner@example.com');
    await open(page, beta.id);
    await page.focus('[role=region][aria-labelledby=outbox-caption]');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      return { id: element.dataset.messageId, outline: getComputedStyle(element).outlineStyle };
    });
    assert.deepEqual(focused, { id: String(stored[2].id), outline: 'solid' });
    await page.keyboard.press('Enter');
    await page.locator('#message:not([hidden])').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'message');
    assert.equal(await page.textContent('#message-subject'), stored[2].subject);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'close-message');
    await page.keyboard.press('Enter');
    await page.locator('#message').waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.messageId), String(stored[2].id));
    await page.context().close();
  });

  test('a viewer at 360 px reads the list and an e-mail; the page scrolls only down', async () => {
    const { beta, stored } = await scene();
    const page = await console.newPage({ width: 360, height: 740 });
    await console.signInAs(page, 'reader@example.com');
    await open(page, beta.id);
    assert.equal(await rows(page).count(), 3);
    await rows(page).first().getByRole('button').click();
    await page.locator('#message:not([hidden])').waitFor();
    assert.equal(await page.textContent('#message-text'), stored[2].text_body);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} px wide in ${client}`);
    await assertAccessible(page, 'outbox, viewer, 360 px');
    await page.context().close();
  });
});
