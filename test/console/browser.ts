// The console in a real browser, for the browser tests: the app listening on a fresh database and
// Chromium, started and closed together; a page of its own (no shared cookies) that fails the test
// on a page error or on a call of the API that the OpenAPI document does not describe (the console
// and the API stay in step: nothing the console does is missing from the API), and signing in
// through the form.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP_CHROME, launchBrowser } from '../support/browser.ts';
import { startTestContext, type TestContext, type TestContextOptions } from '../support/context.ts';
import { addMember, PASSWORD } from './support.ts';

export const WAIT = { timeout: 15_000 };

export interface ConsoleBrowser {
  /** A browser context of its own at `viewport` (in a locale and time zone, when given); a page error fails the test. */
  newPage(viewport?: { width: number; height: number }, place?: { locale: string; timezoneId: string }): Promise<Page>;
  /** Signs in through the sign-in form and waits for the betas page. */
  signInAs(page: Page, email: string, password?: string): Promise<void>;
}

/** Whether the OpenAPI document describes `method` on `path`. */
type Documented = (method: string, path: string) => boolean;

async function documentedOperations(origin: string): Promise<Documented> {
  const document = (await (await fetch(`${origin}/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(document.paths).flatMap(([template, methods]) => {
    const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return Object.keys(methods).map((method) => ({ method: method.toUpperCase(), pattern }));
  });
  return (method, path) => operations.some((operation) => operation.method === method && operation.pattern.test(path));
}

function consoleBrowser(browser: Browser, origin: string): ConsoleBrowser {
  let documented: Promise<Documented> | undefined;
  return {
    async newPage(viewport = { width: 1280, height: 800 }, place) {
      const isDocumented = await (documented ??= documentedOperations(origin));
      const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport, ...place });
      context.setDefaultTimeout(WAIT.timeout);
      context.setDefaultNavigationTimeout(WAIT.timeout);
      const page = await context.newPage();
      page.on('pageerror', (error) => assert.fail(`page error on ${page.url()}: ${error.message}`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin !== origin || !url.pathname.startsWith('/api/')) return;
        assert.ok(isDocumented(request.method(), url.pathname), `the console called ${request.method()} ${url.pathname}, which the OpenAPI document does not describe`);
      });
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

export interface ConsoleSite {
  /** The app's test context; closing it closes Chromium too. */
  ctx: TestContext;
  /** Where the app listens, e.g. http://127.0.0.1:PORT */
  origin: string;
  console: ConsoleBrowser;
}

export interface ConsoleSiteOptions extends Omit<TestContextOptions, 'listen'> {
  /** Members of the context's company to add, by e-mail address: their roles. */
  members?: Record<string, string>;
}

/** The app listening on a database of its own (`options` as for startTestContext), and Chromium. */
export async function startConsoleBrowser({ members = {}, ...options }: ConsoleSiteOptions = {}): Promise<ConsoleSite> {
  const started = await startTestContext({ ...options, listen: true });
  let browser: Browser | undefined;
  const ctx: TestContext = {
    ...started,
    async close() {
      await browser?.close();
      await started.close();
    },
  };
  try {
    browser = await launchBrowser();
    for (const [email, role] of Object.entries(members)) await addMember(ctx, email, role);
  } catch (error) {
    await ctx.close();
    throw error;
  }
  const origin = ctx.config.publicUrl;
  return { ctx, origin, console: consoleBrowser(browser, origin) };
}
