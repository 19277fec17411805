// Members and signed-in sessions for the console's tests.
import assert from 'node:assert/strict';
import type { TestContext, TestResponse } from '../support/context.ts';

export const PASSWORD = 'correct horse battery';

export interface SignedIn {
  cookie: string;
  csrf: string;
  /** A request with the session cookie, and on writes its CSRF token and the console's Origin. */
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
}

export async function addMember(ctx: TestContext, email: string, role: string, companyId = ctx.companyId) {
  return ctx.services.members.create({ companyId, email, role, password: PASSWORD });
}

export function signIn(ctx: TestContext, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<TestResponse> {
  return ctx.request('POST', '/console/session', { key: null, body: { email, password }, headers: { origin: ctx.config.publicUrl, ...headers } });
}

export function sessionOf(ctx: TestContext, response: TestResponse): SignedIn {
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const cookie = String(response.headers['set-cookie']).split(';')[0];
  const csrf = response.body.csrf_token as string;
  return {
    cookie,
    csrf,
    request: (method, url, body, headers = {}) =>
      ctx.request(method, url, {
        key: null,
        body,
        headers: { cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': csrf, origin: ctx.config.publicUrl }), ...headers },
      }),
  };
}

export async function signedIn(ctx: TestContext, email: string, role: string, companyId = ctx.companyId): Promise<SignedIn> {
  await addMember(ctx, email, role, companyId);
  return sessionOf(ctx, await signIn(ctx, email));
}

/** The link in the last e-mail captured for the address. */
export async function linkMailedTo(ctx: TestContext, address: string): Promise<string> {
  const message = await ctx.database.db.selectFrom('member_emails').selectAll().where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirstOrThrow();
  assert.equal(message.status, 'captured');
  const link = /https?:\/\/\S+token=\S+/.exec(message.text_body)?.[0];
  assert.ok(link, message.text_body);
  return link;
}
