// npm run bench:console -- --beta ID [--database-url URL] [--loads 5] [--json FILE]
// How soon each console page of a beta is interactive: a server started here as `npm start` would,
// a member created for the beta's company (`prelaunch user create`, an owner, so every page is
// allowed), signed in in headless Chromium; the pages are found as a member finds them: the beta's
// navigation, the settings' navigation (when the settings page exists) and the first tester's page
// linked from the testers page (when there is one). Each page is loaded once to warm the server,
// then `--loads` times, the pages in turn and a page never again within SPACING_MS of its last
// load (so no cache of a few seconds answers a measured load); a
// load is timed from navigation start to `<body data-ready>` (core.js start() sets it once the
// page's loaders are done). Prints each page's first load (the server just started) and the median
// of the others, both against 1,000 ms.
// Use a beta built by `npm run bench:seed`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/support/browser.ts';
import { median, positiveInteger, UsageError } from './figures.ts';
import { BENCH_DATABASE_OPTIONS, openBenchDatabase } from './seeding.ts';
import { children, freePort, ROOT, UNLIMITED, waitUntilAnswering } from './server-process.ts';

const USAGE = 'usage: npm run bench:console -- --beta ID [--database-url sqlite:PATH|postgres://…] [--loads 5] [--json FILE]';
const TARGET_MS = 1000;
/** The least time between two loads of one page, as a person clicking through would leave. */
const SPACING_MS = 5500;
/** A load not ready by then counts as never ready. */
const LOAD_TIMEOUT_MS = 20_000;

interface PageFigures {
  path: string;
  /** The page's first load (while finding the pages, or the warm-up): the server's caches empty for it. */
  firstMs: number | null;
  loadsMs: number[];
  medianMs: number | null;
  /** The first load and the median both under TARGET_MS. */
  met: boolean;
  error?: string;
}

/** Runs in every page before its scripts: the moment (ms since navigation start) the body gets data-ready. */
function recordReady(): void {
  const w = window as unknown as { __readyAt?: number };
  new MutationObserver((_changes, observer) => {
    if (document.body?.hasAttribute('data-ready')) {
      w.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
}

/** Each page's first load (the server's caches empty for it), by path. */
const firstLoads = new Map<string, number>();

/** One load: navigation start to data-ready, in ms. */
async function timeLoad(page: Page, url: string): Promise<number> {
  const response = await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
  if (response?.status() !== 200) throw new Error(`answered ${response?.status()}`);
  await page.locator('body[data-ready]').waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  const ms = await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
  const path = new URL(url).pathname;
  if (!firstLoads.has(path)) firstLoads.set(path, ms);
  return ms;
}

/** The links on the page (as absolute paths) matching `pattern`, in document order, once the page is ready. */
async function linksOn(page: Page, url: string, selector: string, pattern: RegExp): Promise<string[]> {
  await timeLoad(page, url);
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs.filter((href) => pattern.test(href)))];
}

function createMember(databaseUrl: string, companyId: number, email: string, password: string): void {
  const result = spawnSync(process.execPath, ['bin/prelaunch.js', 'user', 'create', '--company', String(companyId), '--email', email, '--role', 'owner'], {
    cwd: ROOT,
    input: password,
    env: { ...process.env, DATABASE_URL: databaseUrl, GEOIP_DATABASE_PATH: 'off', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`prelaunch user create failed: ${result.stderr || result.stdout}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ...BENCH_DATABASE_OPTIONS, beta: { type: 'string' }, loads: { type: 'string', default: '5' }, json: { type: 'string' } },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const betaId = positiveInteger(values.beta, 'beta', USAGE);
  const loads = positiveInteger(values.loads, 'loads', USAGE);
  const databaseUrl = values['database-url'];

  // Migrated here first (a new index on a million testers takes a while), then read.
  const database = await openBenchDatabase(databaseUrl);
  const beta = await database.db.selectFrom('betas').select(['company_id']).where('id', '=', betaId).executeTakeFirst();
  const visible = await database.db.selectFrom('testers').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', betaId).where('hidden', '=', 0).executeTakeFirstOrThrow();
  await database.close();
  if (!beta) throw new UsageError(`there is no beta ${betaId} in ${databaseUrl}: seed one with npm run bench:seed`);
  const email = `bench-console-${randomBytes(4).toString('hex')}@example.com`;
  const password = randomBytes(18).toString('base64url');
  createMember(databaseUrl, beta.company_id, email, password);

  const port = await freePort();
  const server = spawn(process.execPath, ['bin/start.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      GEOIP_DATABASE_PATH: 'off',
      RATE_LIMIT_DEFAULT: UNLIMITED,
      RATE_LIMIT_SHOW_BETA: UNLIMITED,
      RATE_LIMIT_LIST_BETAS: UNLIMITED,
      RATE_LIMIT_LIST_TESTERS: UNLIMITED,
      RATE_LIMIT_LIST_TESTERS_COMPANY: UNLIMITED,
      RATE_LIMIT_PUBLIC_PAGES: UNLIMITED,
    },
  });
  children.push(server);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${origin}/healthz`, server);

  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordReady);
    const page = await context.newPage();
    await page.goto(`${origin}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await Promise.all([page.waitForURL(`${origin}/console/betas`), page.getByRole('button', { name: 'Sign in' }).click()]);

    const base = `/console/betas/${betaId}`;
    const paths = await linksOn(page, `${origin}${base}`, 'nav.tabs a', new RegExp(`^${base}(/[a-z-]+)?$`));
    if (paths.includes(`${base}/settings`)) {
      paths.push(...(await linksOn(page, `${origin}${base}/settings`, 'nav.tabs a', new RegExp(`^${base}/settings/[a-z-]+$`))));
    }
    if (paths.includes(`${base}/testers`)) {
      const [tester] = await linksOn(page, `${origin}${base}/testers`, 'main a', new RegExp(`^${base}/testers/\\d+$`));
      if (tester) paths.push(tester);
    }

    const load = loadavg();
    console.log(`Console pages of beta ${betaId} (${Number(visible.n).toLocaleString('en')} visible testers), ${databaseUrl.split(':')[0]}; median of ${loads} loads after one to warm up`);
    console.log(`Machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load.map((n) => n.toFixed(2)).join(' ')}`);
    const results: PageFigures[] = [...new Set(paths)].map((path) => ({ path, firstMs: null, loadsMs: [], medianMs: null, met: false }));
    const lastLoad = new Map<string, number>();
    // Round 0 warms the server up (the first read of a beta builds its standings index); it is not counted.
    for (let round = 0; round <= loads; round += 1) {
      for (const figures of results.filter((r) => !r.error)) {
        const wait = (lastLoad.get(figures.path) ?? 0) + SPACING_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        try {
          const ms = await timeLoad(page, `${origin}${figures.path}`);
          if (round > 0) figures.loadsMs.push(ms);
        } catch (error) {
          figures.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
        }
        lastLoad.set(figures.path, performance.now());
      }
    }
    for (const figures of results) {
      figures.firstMs = firstLoads.get(figures.path) ?? null;
      if (figures.error) continue;
      figures.medianMs = median(figures.loadsMs);
      figures.met = figures.medianMs < TARGET_MS && figures.firstMs !== null && figures.firstMs < TARGET_MS;
    }
    const width = Math.max(...results.map((r) => r.path.length), 4);
    console.log(`${'page'.padEnd(width)}  first load ms  median ms  both < ${TARGET_MS} ms`);
    for (const r of results) {
      const ms = r.medianMs === null ? 'never ready' : r.medianMs.toFixed(0);
      const first = r.firstMs === null ? '–' : r.firstMs.toFixed(0);
      console.log(`${r.path.padEnd(width)}  ${first.padStart(13)}  ${ms.padStart(9)}  ${r.error ? `NOT met (${r.error})` : r.met ? 'met' : 'NOT met'}`);
    }
    if (values.json) writeFileSync(values.json, `${JSON.stringify({ betaId, testers: Number(visible.n), databaseUrl: databaseUrl.split(':')[0], loads, pages: results, loadAverage: { before: load, after: loadavg() } }, null, 2)}\n`);
    if (results.some((r) => !r.met)) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exit(1);
});
