// A sandbox in the console, in a real browser: every page of it (each section, each settings page)
// carries the banner above its navigation, the beta's own pages none; the beta's settings open it;
// the betas page lists it as one; the banner's link is reached and followed by keyboard; axe finds nothing serious at 360 and
// 1280 px, the banner fits a phone, and nothing is loaded from another host.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { assertAccessible } from '../support/axe.ts';
import { addMember } from '../console/support.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { BETA_SECTIONS, SETTINGS_PAGES } from '../../src/console/pages.ts';

/** Every page of a beta, under /console/betas/{id}. */
const PAGES = [
  ...Object.values(BETA_SECTIONS).map(({ path }) => path),
  ...Object.values(SETTINGS_PAGES).filter(({ path }) => path !== '').map(({ path }) => `${BETA_SECTIONS.settings.path}${path}`),
];

describe('a sandbox in the console', () => {
  let ctx: TestContext;
  let origin: string;
  let consolePages: ConsoleBrowser;
  let beta: { id: number };
  let sandbox: { id: number };

  before(async () => {
    ({ ctx, origin, console: consolePages } = await startConsoleBrowser());
    await addMember(ctx, 'owner@example.com', 'owner');
    beta = await ctx.createBeta({}, 'Rocket');
    const opened = await ctx.request('POST', `/api/v2/betas/${beta.id}/sandbox`);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    sandbox = opened.body;
  });
  after(() => ctx?.close());

  async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
    const page = await consolePages.newPage(viewport);
    page.on('request', (request) => assert.equal(new URL(request.url()).origin, origin, `loaded from another host: ${request.url()}`));
    await consolePages.signInAs(page, 'owner@example.com');
    return page;
  }

  async function open(page: Page, betaId: number, path: string): Promise<void> {
    await page.goto(`${origin}/console/betas/${betaId}${path}`);
    await page.locator('body[data-ready]').waitFor();
  }

  test('every page of the sandbox carries the banner, linking back to its beta; no page of the beta does', async () => {
    const page = await signedInPage({ width: 1280, height: 900 });
    for (const path of PAGES) {
      await open(page, sandbox.id, path);
      const banner = page.locator('#sandbox-banner');
      assert.ok(await banner.isVisible(), `the banner on ${path || '/'}`);
      assert.match((await banner.textContent()) ?? '', /^Sandbox: a rehearsal copy of its beta\. E-mails are stored and never sent/);
      assert.equal(await banner.locator('a').getAttribute('href'), `/console/betas/${beta.id}`);
      assert.equal(await page.getAttribute('#sandbox-banner', 'role'), 'note');
    }
    for (const path of PAGES) {
      await open(page, beta.id, path);
      assert.equal(await page.locator('#sandbox-banner').count(), 0, `no banner on the beta's ${path || '/'}`);
    }
    // The beta's settings open its sandbox (the same one: it has one already); the sandbox's offer none.
    await open(page, beta.id, '/settings');
    await page.getByRole('button', { name: 'Open the sandbox' }).focus();
    await Promise.all([page.waitForURL(`${origin}/console/betas/${sandbox.id}`), page.keyboard.press('Enter')]);
    await page.locator('#sandbox-banner').waitFor();
    await open(page, sandbox.id, '/settings');
    assert.equal(await page.getByRole('button', { name: 'Open the sandbox' }).count(), 0);
    assert.equal((await ctx.database.db.selectFrom('betas').select('id').where('sandbox_of', '=', beta.id).execute()).length, 1);

    await page.goto(`${origin}/console/betas`);
    const listed = page.locator('#betas li', { hasText: 'Rocket (sandbox)' });
    await listed.waitFor();
    assert.match((await listed.textContent()) ?? '', new RegExp(`sandbox of #${beta.id}$`));
    await page.context().close();
  });

  for (const viewport of [{ width: 1280, height: 900 }, { width: 360, height: 740 }]) {
    test(`at ${viewport.width} px: axe finds nothing serious, the banner fits, its link is reached and followed by keyboard`, async () => {
      const page = await signedInPage(viewport);
      for (const path of ['', '/settings']) {
        await open(page, sandbox.id, path);
        await assertAccessible(page, `the sandbox's ${path || 'dashboard'} at ${viewport.width} px`);
        const box = (await page.locator('#sandbox-banner').boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `the banner fits within ${viewport.width} px`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
      }
      await open(page, sandbox.id, '');
      let reached = false;
      for (let presses = 0; presses < 10 && !reached; presses++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.closest('#sandbox-banner') !== null && document.activeElement?.tagName === 'A');
      }
      assert.ok(reached, 'the link back is among the first stops of Tab');
      await Promise.all([page.waitForURL(`${origin}/console/betas/${beta.id}`), page.keyboard.press('Enter')]);
      await page.context().close();
    });
  }
});
