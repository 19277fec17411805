// Helpers shared by the public-side test files: requests as a visitor (no key, a browser's user
// agent, an address of our choosing) and reads of what visitors changed.
import type { TestContext, TestResponse } from '../support/context.ts';
import { countersOf } from '../../src/modules/betas/beta-counters.ts';

export const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

export interface VisitOptions {
  ip?: string;
  userAgent?: string | null;
  headers?: Record<string, string>;
  /** Form-encoded body, as given. */
  form?: string;
  /** JSON body. */
  json?: unknown;
}

/** A request without an API key, from `ip` (default 203.0.113.7) with a browser's user agent. */
export async function visit(ctx: TestContext, method: string, url: string, options: VisitOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const agent = options.userAgent === undefined ? BROWSER : options.userAgent;
  if (agent !== null) headers['user-agent'] = agent;
  let payload: string | undefined;
  if (options.form !== undefined) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    payload = options.form;
  } else if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = JSON.stringify(options.json);
  }
  const raw = await ctx.app.inject({ method: method as any, url, headers, payload, remoteAddress: options.ip ?? '203.0.113.7' });
  let body: any = raw.body;
  if ((raw.headers['content-type'] ?? '').toString().includes('json') && raw.body) body = JSON.parse(raw.body);
  return { status: raw.statusCode, body, headers: raw.headers, raw };
}

export function formOf(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return params.toString();
}

export async function testerByEmail(ctx: TestContext, betaId: number, email: string) {
  return ctx.database.db
    .selectFrom('testers')
    .selectAll()
    .where('beta_id', '=', betaId)
    .where('email_normalized', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The beta's row with its counters as stored (added up over their slots). */
export async function betaRow(ctx: TestContext, betaId: number) {
  const row = await ctx.database.db.selectFrom('betas').selectAll().where('id', '=', betaId).executeTakeFirstOrThrow();
  return { ...row, ...(await countersOf(ctx.database.db, [betaId])).get(betaId)! };
}

export async function testersOf(ctx: TestContext, betaId: number) {
  return ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
}

/** The security headers every public page carries; caching as given (no-store unless a page is the same for everyone). */
export function assertPageSecurity(assert: typeof import('node:assert/strict'), response: TestResponse, cacheControl: string | RegExp = 'no-store'): void {
  const csp = String(response.headers['content-security-policy']);
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['referrer-policy'], 'no-referrer');
  assert.equal(response.headers['x-frame-options'], 'DENY');
  if (typeof cacheControl === 'string') assert.equal(response.headers['cache-control'], cacheControl);
  else assert.match(String(response.headers['cache-control']), cacheControl);
}
