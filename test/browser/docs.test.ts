// The API reference at /docs in a real browser (headless Chromium), as a self-hosted install over
// plain HTTP serves it: under its security headers it renders every documented operation, "Try it
// out" reaches the API, and the console shows no Content Security Policy violation. The page is
// opened at a host name, not 127.0.0.1: Chromium treats 127.0.0.1 as secure and would not, for
// one, upgrade its requests to https as upgrade-insecure-requests asks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startTestContext, type TestContext } from '../support/context.ts';
import { launchBrowser } from '../support/browser.ts';

const HOST = 'docs.prelaunch.test';
const WAIT = { timeout: 30_000 };
// Rendering every operation is the page's heaviest work: under CI's load it took over 30 s once.
const RENDER = { timeout: 120_000 };

describe('/docs in a browser over plain HTTP', () => {
  let ctx: TestContext;
  let browser: Browser;

  before(async () => {
    ctx = await startTestContext({ listen: true, publicHost: HOST });
    browser = await launchBrowser({ localHosts: [HOST] });
  });
  after(async () => {
    await browser?.close();
    await ctx?.close();
  });

  test('renders every operation, runs "Try it out", and reports no CSP violation', async () => {
    assert.match(ctx.config.publicUrl, /^http:\/\/docs\.prelaunch\.test:\d+$/);
    await ctx.createBeta({}, 'Rocket');
    // The API's 401 asks for Basic credentials: the browser answers with the key, as a person would.
    const page = await (await browser.newContext({ httpCredentials: { username: ctx.apiKey, password: '' } })).newPage();
    page.setDefaultTimeout(WAIT.timeout);
    const console: string[] = [];
    const failures: string[] = [];
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));

    const response = await page.goto(`${ctx.config.publicUrl}/docs`);
    assert.equal(response?.status(), 200);
    assert.match(String(response?.headers()['content-security-policy']), /default-src 'none'/);

    const document = (await ctx.request('GET', '/api/v2/openapi.json', { key: null })).body;
    const operations = Object.values<Record<string, unknown>>(document.paths).reduce((sum, path) => sum + Object.keys(path).length, 0);
    assert.ok(operations > 40, `the document has the API's operations (${operations})`);
    // Unrendered, the reason is in what failed to load (an https upgrade, a blocked script).
    await page.locator('.opblock').nth(operations - 1).waitFor(RENDER).catch((error: Error) => {
      throw new Error(`${error.message}\n${[...failures, ...console].join('\n')}`);
    });
    assert.equal(await page.locator('.opblock').count(), operations);
    assert.equal(await page.locator('.opblock-summary-path[data-path="/api/v2/betas/{beta_id}/testers"]').count(), 2, 'list and create testers');

    // "Try it out" on List betas: the request leaves the page (connect-src) and the API's answer comes back.
    const listBetas = page.locator('.opblock-get', { has: page.locator('.opblock-summary-path[data-path="/api/v2/betas"]') });
    await listBetas.locator('.opblock-summary').click();
    await listBetas.locator('button.try-out__btn').click();
    await listBetas.locator('button.execute').click();
    const status = listBetas.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor(WAIT);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as a reader sees it
    assert.equal((await status.innerText()).trim(), '200');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as a reader sees it
    assert.match(await listBetas.locator('.live-responses-table tr.response .response-col_description').first().innerText(), /"name": "Rocket"/);

    assert.deepEqual(failures, []);
    assert.deepEqual(console.filter((line) => /Content[- ]Security[- ]Policy/i.test(line)), [], console.join('\n'));
    await page.context().close();
  });
});
