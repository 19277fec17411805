// The console's Page screen in a real browser (headless Chromium): the design typed in shows in the
// live preview (a sandboxed frame), a colour pair that fails WCAG AA is refused next to its field
// while typing and on save, a save stores what the form shows, images are uploaded and removed;
// at 360 px and through axe, by keyboard; a viewer reads the design and gets no form.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestContext } from '../support/context.ts';
import { type ConsoleBrowser, startConsoleBrowser } from '../console/browser.ts';
import { assertAccessible } from '../support/axe.ts';
import { PNG } from '../support/images.ts';


describe('console: the Page screen in a browser', () => {
  let ctx: TestContext;
  let origin: string;
  let consoles: ConsoleBrowser;

  before(async () => ({ ctx, origin, console: consoles } = await startConsoleBrowser({ members: { 'owner@example.com': 'owner', 'viewer@example.com': 'viewer' } })));
  after(() => ctx?.close());

  async function openPage(email: string, betaId: number, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await consoles.newPage(viewport);
    await consoles.signInAs(page, email);
    const response = await page.goto(`${origin}/console/betas/${betaId}/settings/page`);
    assert.equal(response?.status(), 200);
    await page.locator('body[data-ready]').waitFor();
    return page;
  }

  const storedPage = async (betaId: number) =>
    JSON.parse((await ctx.database.db.selectFrom('betas').select('page').where('id', '=', betaId).executeTakeFirstOrThrow()).page);

  /** The preview frame's document, once its heading reads `headline`. */
  async function previewShows(page: Page, headline: string) {
    const frame = page.frameLocator('#page-preview');
    await frame.locator('h1', { hasText: headline }).waitFor();
    return frame;
  }

  test('typing updates the preview; a failing colour is refused beside its field; save stores the design; images upload and go', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const page = await openPage('owner@example.com', beta.id);
    assert.equal(await page.textContent('h1'), 'Settings: Page');
    await previewShows(page, 'Rocket');

    await page.getByLabel('Headline').fill('Fly first');
    await page.getByLabel('Description').fill('The **fastest** launch <script>x</script>');
    const frame = await previewShows(page, 'Fly first');
    assert.equal(await frame.locator('#page-description strong').textContent(), 'fastest');
    assert.match((await frame.locator('#page-description').textContent()) ?? '', /<script>x<\/script>/, 'raw HTML shows as text');
    assert.equal(await page.getAttribute('#page-preview', 'sandbox'), 'allow-same-origin', 'the frame runs nothing');
    // The preview wears the pages' own stylesheet (same origin, under the console's CSP).
    assert.equal(await frame.locator('#signup-submit').evaluate((button) => getComputedStyle(button).backgroundColor), 'rgb(37, 99, 235)');

    // While typing: the refusal under the field, the focus left where it is.
    await page.getByLabel('Brand colour').fill('#777777');
    await page.locator('#page-brand_color-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#page-brand_color-error')) ?? '', /#777777 with its button text #ffffff has a contrast ratio of 4\.47:1; WCAG AA needs at least 4\.5:1/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'page-brand_color');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.locator('#page-brand_color-error:not([hidden])').waitFor();
    assert.equal((await storedPage(beta.id)).headline, null, 'nothing stored');

    await page.getByLabel('Brand colour').fill('#6D28D9');
    await page.getByLabel('Button text').fill('Save my seat');
    await page.getByLabel('Show how many people are waiting').uncheck();
    await page.getByLabel('Share message').fill('Fly with me');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.locator('#page-done:not([hidden])').waitFor();
    const stored = await storedPage(beta.id);
    assert.deepEqual(
      [stored.headline, stored.description, stored.brand_color, stored.button_text, stored.show_waiting_count, stored.share_message, stored.background_color],
      ['Fly first', 'The **fastest** launch <script>x</script>', '#6d28d9', 'Save my seat', false, 'Fly with me', null],
    );
    assert.equal(await page.inputValue('#page-brand_color'), '#6d28d9', 'the form shows what is stored');
    await frame.locator('#signup-submit', { hasText: 'Save my seat' }).waitFor();
    assert.equal(await frame.locator('#signup-submit').evaluate((button) => getComputedStyle(button).backgroundColor), 'rgb(109, 40, 217)', 'the theme of the draft');

    const file = join(tmpdir(), `prelaunch-logo-${process.pid}.png`);
    writeFileSync(file, PNG);
    await page.setInputFiles('#image-logo', file);
    await page.locator('#image-done:not([hidden])').waitFor();
    const images = await ctx.database.db.selectFrom('beta_images').select(['kind', 'content_type']).where('beta_id', '=', beta.id).execute();
    assert.deepEqual(images, [{ kind: 'logo', content_type: 'image/png' }]);
    await page.locator('#image-logo-current img').waitFor();
    await frame.locator('#page-logo').waitFor();

    writeFileSync(file, 'not an image');
    await page.setInputFiles('#image-hero', file);
    await page.locator('#image-hero-error:not([hidden])').waitFor();
    assert.match((await page.textContent('#image-hero-error')) ?? '', /not a PNG, JPEG, WebP or SVG image/);

    await page.getByRole('button', { name: 'Remove the logo' }).click();
    await page.locator('#image-logo-current', { hasText: 'None yet.' }).waitFor();
    assert.equal((await ctx.database.db.selectFrom('beta_images').select('kind').where('beta_id', '=', beta.id).execute()).length, 0);
    await page.context().close();
  });

  test('at 360 px and through axe; the form is reached and saved by keyboard', async () => {
    const beta = await ctx.createBeta({}, 'Narrow');
    const page = await openPage('owner@example.com', beta.id, { width: 360, height: 740 });
    await previewShows(page, 'Narrow');
    await assertAccessible(page, 'the Page screen at 360 px');
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= width, `${scroll}px wide in ${width}px`);
    await page.focus('#page-headline');
    await page.keyboard.type('Typed by keyboard');
    await page.keyboard.press('Enter');
    await page.locator('#page-done:not([hidden])').waitFor();
    assert.equal((await storedPage(beta.id)).headline, 'Typed by keyboard');
    await page.context().close();
  });

  test('a viewer reads the design and its preview, and has no form', async () => {
    const beta = await ctx.createBeta({}, 'Viewed');
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { page: { headline: 'Read only' } } });
    const page = await openPage('viewer@example.com', beta.id);
    await previewShows(page, 'Read only');
    assert.equal(await page.locator('form#page').count(), 0);
    assert.match((await page.textContent('.settings-view')) ?? '', /Read only/);
    await assertAccessible(page, 'the Page screen for a viewer');
    await page.context().close();
  });
});
