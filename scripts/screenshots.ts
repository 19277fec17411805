// `npm run screenshots`: every public page and the console's sign-in, betas, dashboard and testers pages in headless
// Chromium at desktop (1280×800) and phone (390×844) widths, saved as
// docs/screenshots/{page}-{width}.png for README.md. Runs the app on a throwaway SQLite database
// (the tests' context) with a beta made to show each page's parts, and an owner of its company.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { startTestContext, type TestContext } from '../test/support/context.ts';
import { DESKTOP_CHROME, launchBrowser, PHONE_SAFARI, serveForeignSite } from '../test/support/browser.ts';
import { type LaunchCampaign, seedLaunch } from './launch-seed.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url);
const WIDTHS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_CHROME },
  phone: { viewport: { width: 390, height: 844 }, userAgent: PHONE_SAFARI, isMobile: true, hasTouch: true },
};

/** The owner who signs in to the console. */
const OWNER = { email: 'owner@rocket.example', password: 'launch day is near' };

async function api(ctx: TestContext, method: string, path: string, body: unknown): Promise<any> {
  const response = await ctx.request(method, path, { body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The campaign shown: a hosted page asking for a name and a country, with two questions. */
async function campaign(ctx: TestContext) {
  const origin = ctx.config.publicUrl;
  const beta = await api(ctx, 'POST', '/api/v2/betas', {
    name: 'Rocket',
    slug: 'rocket',
    homepage_url: `${origin}/b/rocket`,
    settings: { required_fields: ['name', 'country'] },
  });
  await api(ctx, 'POST', `/api/v2/betas/${beta.id}/questions`, { kind: 'multiple_choice', prompt: 'Where would you use Rocket?', choices: ['iPhone', 'Android', 'Web'] });
  const agreement = await api(ctx, 'POST', `/api/v2/betas/${beta.id}/questions`, { kind: 'agreement', prompt: 'I agree to hear from Rocket about the beta', required: true });
  /** A tester who joined through the API, with what the form requires. */
  const join = (email: string, referrer?: string) =>
    api(ctx, 'POST', `/api/v2/betas/${beta.id}/testers`, {
      tester: {
        email,
        referrer_id: referrer,
        profile: { first_name: 'Sam', last_name: 'Lee', country: 'NZ' },
        responses: { response: [{ question_id: agreement.id, answer: '1' }] },
      },
    });
  for (const name of ['lin', 'sam', 'kai']) await join(`${name}@example.com`);
  const confirming = await api(ctx, 'POST', '/api/v2/betas', {
    name: 'Rocket',
    slug: 'rocket-confirm',
    homepage_url: `${origin}/b/rocket-confirm`,
    settings: { double_opt_in: true },
  });
  return { origin, beta, confirming, join };
}

async function shoot(page: Page, name: string, width: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: new URL(`${name}-${width}.png`, OUT).pathname, fullPage });
  console.log(`docs/screenshots/${name}-${width}.png`);
}

/** The console's pages of the launch campaign, each shot once its data is shown. */
function consolePages({ beta, champion, failingEndpoint }: LaunchCampaign): Array<[string, string]> {
  const base = `/console/betas/${beta.id}`;
  return [
    ['console-dashboard', base],
    ['console-testers', `${base}/testers?sort=position`],
    ['console-tester', `${base}/testers/${champion.id}`],
    ['console-bulk', `${base}/bulk`],
    ['console-fraud', `${base}/fraud`],
    ['console-data', `${base}/data`],
    ['console-settings', `${base}/settings`],
    ['console-settings-rewards', `${base}/settings/rewards`],
    ['console-emails', `${base}/settings/emails`],
    ['console-webhook-log', `${base}/settings/webhooks/${failingEndpoint.id}`],
  ];
}

const ctx = await startTestContext({ listen: true, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', TRUST_PROXY: 'true' } });
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const launch = await seedLaunch(ctx, { scale: 0.5 });
  const { origin, beta, confirming, join } = await campaign(ctx);
  await ctx.services.members.create({ companyId: ctx.companyId, role: 'owner', ...OWNER });
  const site = await serveForeignSite(origin, beta.id);
  try {
    for (const [width, options] of Object.entries(WIDTHS)) {
      const context = await browser.newContext(options);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();

      await page.goto(`${origin}/b/rocket`);
      await shoot(page, 'signup', width);

      await page.fill('#field-email', 'ada@example');
      await Promise.all([page.waitForNavigation(), page.click('#signup-submit')]);
      await shoot(page, 'signup-errors', width);

      const email = `ada-${width}@example.com`;
      await page.fill('#field-email', email);
      await page.fill('#field-first_name', 'Ada');
      await page.fill('#field-last_name', 'Lovelace');
      await page.selectOption('#field-country', 'GB');
      await page.check('label.check:has-text("Web") input');
      await page.check('label.check:has-text("I agree") input');
      await Promise.all([page.waitForNavigation(), page.click('#signup-submit')]);
      await shoot(page, 'signup-done', width);

      // Two friends joined through the share link: the status page shows them and the climb.
      const { id } = await ctx.database.db.selectFrom('testers').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
      const ada = await api(ctx, 'GET', `/api/v2/betas/${beta.id}/testers/${id}`, undefined);
      for (const friend of ['ben', 'cy']) await join(`${friend}-${width}@example.com`, ada.referral_code);
      await page.goto(ada.share_status_link);
      await shoot(page, 'status', width);

      const signup = await ctx.request('POST', `/b/${confirming.id}`, { form: `email=${encodeURIComponent(`confirm-${width}@example.com`)}`, key: null });
      if (signup.status !== 200) throw new Error(`double opt-in signup: ${signup.status}`);
      const { token } = await ctx.database.db.selectFrom('email_confirmations').select('token').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await page.goto(`${origin}/confirm/${token}`);
      await shoot(page, 'confirm', width);

      await page.goto(`${origin}/b/no-such-waitlist`);
      await shoot(page, 'not-found', width);

      await page.goto(site.url);
      await page.waitForSelector('#field-email');
      await shoot(page, 'embed', width);

      await page.goto(`${origin}/console`);
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await shoot(page, 'console-sign-in', width);
      await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Sign in' }).click()]);
      await page.waitForSelector('#betas li');
      await shoot(page, 'console-betas', width);
      for (const [name, path] of consolePages(launch)) {
        const response = await page.goto(`${origin}${path}`);
        if (response?.status() !== 200) throw new Error(`${path}: ${response?.status()}`);
        await page.locator('body[data-ready]').waitFor();
        await shoot(page, name, width, width === 'desktop');
      }
      await context.close();
    }
  } finally {
    await site.close();
    await launch.close();
  }
} finally {
  await browser.close();
  await ctx.close();
}
