// The console in a real browser, for the browser tests: a page of its own (no shared cookies) that
// fails the test on a page error, and signing in through the form.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP_CHROME } from '../support/browser.ts';
import { PASSWORD } from './support.ts';

export const WAIT = { timeout: 15_000 };

export interface ConsoleBrowser {
  /** A browser context of its own at `viewport`; a page error fails the test. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Signs in through the sign-in form and waits for the betas page. */
  signInAs(page: Page, email: string, password?: string): Promise<void>;
}

export function consoleBrowser(browser: Browser, origin: string): ConsoleBrowser {
  return {
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport });
      context.setDefaultTimeout(WAIT.timeout);
      context.setDefaultNavigationTimeout(WAIT.timeout);
      const page = await context.newPage();
      page.on('pageerror', (error) => assert.fail(`page error on ${page.url()}: ${error.message}`));
      return page;
    },
    async signInAs(page, email, password = PASSWORD) {
      await page.goto(`${origin}/console`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Sign in' }).click()]);
    },
  };
}
