// A page of the owner console in a browser of its own (no shared cookies), for the console's
// browser tests: a page error fails the test; confirmations (window.confirm) are accepted.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP_CHROME } from './browser.ts';

export const CONSOLE_WAIT = { timeout: 15_000 };

export async function consolePage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport });
  context.setDefaultTimeout(CONSOLE_WAIT.timeout);
  context.setDefaultNavigationTimeout(CONSOLE_WAIT.timeout);
  const page = await context.newPage();
  page.on('pageerror', (error) => assert.fail(`page error on ${page.url()}: ${error.message}`));
  page.on('dialog', (dialog) => dialog.accept());
  return page;
}
