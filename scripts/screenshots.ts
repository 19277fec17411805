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

/** The Orbit logo: a mark and the name, drawn as an SVG (nothing active, no external reference). */
const ORBIT_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 168 40" width="168" height="40">
<circle cx="20" cy="20" r="9" fill="#f59e0b"/><ellipse cx="20" cy="20" rx="18" ry="7" fill="none" stroke="#ffffff" stroke-width="2.5" transform="rotate(-25 20 20)"/>
<text x="46" y="28" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Orbit</text></svg>`;

/** Orbit's hero: a night sky with a planet, as an SVG with its own gradients. */
const ORBIT_HERO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 480" width="1200" height="480">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>
<radialGradient id="planet" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#d97706"/></radialGradient></defs>
<rect width="1200" height="480" fill="url(#sky)"/>
<g fill="#ffffff" opacity="0.8"><circle cx="120" cy="80" r="2"/><circle cx="300" cy="160" r="1.5"/><circle cx="520" cy="60" r="2.5"/><circle cx="700" cy="120" r="1.5"/><circle cx="1040" cy="90" r="2"/><circle cx="980" cy="380" r="1.5"/><circle cx="200" cy="400" r="2"/></g>
<circle cx="820" cy="260" r="130" fill="url(#planet)"/>
<ellipse cx="820" cy="260" rx="230" ry="48" fill="none" stroke="#fef3c7" stroke-width="10" opacity="0.85" transform="rotate(-18 820 260)"/></svg>`;

/** A designed campaign beside the default one: Orbit, with its copy, colours, logo and hero. */
async function designedCampaign(ctx: TestContext, origin: string) {
  const beta = await api(ctx, 'POST', '/api/v2/betas', {
    name: 'Orbit',
    slug: 'orbit',
    homepage_url: `${origin}/b/orbit`,
    settings: { leaderboard_enabled: true, leaderboard_size: 5 },
    page: {
      headline: 'Plan trips with friends, without the group chat chaos',
      description: 'Orbit keeps **dates, places and who pays** in one shared plan.\n\n- Early access before the public launch\n- Founder pricing, for good',
      brand_color: '#6d28d9',
      background_color: '#1e1b4b',
      button_text: 'Save my spot',
      thank_you_headline: 'Your spot is saved',
      thank_you_text: 'We open Orbit to the waitlist in order. Invite friends to move up.',
      share_message: 'I just joined the Orbit waitlist: plan trips together, minus the chaos',
    },
  });
  for (const [kind, body] of [['logo', ORBIT_LOGO], ['hero', ORBIT_HERO]] as const) {
    const raw = await ctx.app.inject({ method: 'PUT', url: `/api/v2/betas/${beta.id}/page/${kind}`, headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': 'image/svg+xml' }, payload: body });
    if (raw.statusCode !== 200) throw new Error(`${kind}: ${raw.statusCode} ${raw.body}`);
  }
  // A ladder to climb, and a leaderboard: Mia and Noah brought friends, and Mia chose a public name.
  await api(ctx, 'POST', `/api/v2/betas/${beta.id}/reward_definitions`, { descriptor: 'early-access', name: 'Early access', type: 'Milestone', referrals_required: 1 });
  await api(ctx, 'POST', `/api/v2/betas/${beta.id}/reward_definitions`, { descriptor: 'founder-pricing', name: 'Founder pricing', type: 'Milestone', referrals_required: 3 });
  const codes = new Map<string, string>();
  const referrers: Record<string, string> = { zoe: 'mia', liam: 'mia', ava: 'noah', eli: 'mia', ivy: 'noah' };
  for (const name of ['mia', 'noah', 'zoe', 'liam', 'ava', 'eli', 'ivy']) {
    const tester = await api(ctx, 'POST', `/api/v2/betas/${beta.id}/testers`, {
      tester: {
        email: `${name}@example.com`,
        referrer_id: referrers[name] && codes.get(referrers[name]),
        leaderboard_name: name === 'mia' ? 'Mia, trip captain' : undefined,
        profile: { first_name: name[0].toUpperCase() + name.slice(1), ip: `198.51.100.${codes.size + 10}` },
      },
    });
    codes.set(name, tester.referral_code);
  }
  return beta;
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
    ['console-settings-page', `${base}/settings/page`],
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
  const orbit = await designedCampaign(ctx, origin);
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

      // The designed campaign, reached through Mia's share link: who invited the visitor shows.
      const mia = (await ctx.database.db.selectFrom('testers').select('referral_code').where('beta_id', '=', orbit.id).where('first_name', '=', 'Mia').executeTakeFirstOrThrow()).referral_code;
      await page.goto(`${origin}/b/orbit?r=${mia}`);
      await shoot(page, 'designed-signup', width, true);
      await page.fill('#field-email', `grace-${width}@example.com`);
      await Promise.all([page.waitForNavigation(), page.click('#signup-submit')]);
      await shoot(page, 'designed-signup-done', width, true);
      await Promise.all([page.waitForNavigation(), page.click('#status-page-link')]);
      await shoot(page, 'designed-status', width, true);
      await page.goto(`${origin}/b/orbit/leaderboard`);
      await shoot(page, 'designed-leaderboard', width, true);

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
