// Members and roles through the management API with the console's session, one company's members
// kept from another's, the first owner's setup link and the forgotten password's e-mailed link.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { Errors } from '../../src/primitives/errors.ts';
import { bootstrapIfEmpty } from '../../src/process/bootstrap.ts';
import { addMember, linkMailedTo, PASSWORD, sessionOf, signedIn, signIn, type SignedIn } from './support.ts';

describe('console members and links', () => {
  let ctx: TestContext;
  let owner: SignedIn;
  before(async () => {
    ctx = await startTestContext();
    owner = await signedIn(ctx, 'owner@example.com', 'owner');
  });
  after(() => ctx?.close());

  test('a viewer reads but writes nothing; an admin runs betas but not members; an owner manages members', async () => {
    const viewer = await signedIn(ctx, 'viewer@example.com', 'viewer');
    const admin = await signedIn(ctx, 'admin@example.com', 'admin');
    const beta = { name: 'Rocket', homepage_url: 'https://rocket.example', settings: {} };
    const refused = await viewer.request('POST', '/api/v2/betas', beta);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { errors: [{ code: Errors.roleForbidden.code, message: "This member's role does not allow it (it needs the betas:write permission)" }] });
    assert.equal((await ctx.database.db.selectFrom('betas').select('id').execute()).length, 0);
    assert.equal((await viewer.request('GET', '/api/v2/members')).status, 200);

    assert.equal((await admin.request('POST', '/api/v2/betas', beta)).status, 201);
    const adminAdds = await admin.request('POST', '/api/v2/members', { email: 'x@example.com', role: 'owner' });
    assert.equal(adminAdds.status, 403);
    assert.equal(await ctx.database.db.selectFrom('members').select('id').where('email_normalized', '=', 'x@example.com').executeTakeFirst(), undefined);

    const added = await owner.request('POST', '/api/v2/members', { email: 'New@Example.com', role: 'admin' });
    assert.equal(added.status, 201);
    assert.equal(added.body.role, 'admin');
    assert.equal(added.body.has_password, false);
    assert.equal(added.body.password_hash, undefined);
    const taken = await owner.request('POST', '/api/v2/members', { email: 'new@example.com', role: 'viewer' });
    assert.equal(taken.body.errors[0].code, Errors.memberExists.code);
    const badRole = await owner.request('POST', '/api/v2/members', { email: 'z@example.com', role: 'king' });
    assert.equal(badRole.status, 422);
    assert.equal(badRole.body.errors[0].code, Errors.membersGeneral.code);

    // The invitation e-mail's link sets the password and signs the member in.
    await ctx.runJobs();
    const link = new URL(await linkMailedTo(ctx, 'New@Example.com'));
    assert.equal(link.pathname, '/console/reset');
    const accepted = await ctx.request('POST', '/console/password-resets/complete', {
      key: null,
      body: { token: link.searchParams.get('token'), password: 'invited and chosen' },
      headers: { origin: ctx.config.publicUrl },
    });
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.member.has_password, true);

    const changed = await owner.request('PATCH', `/api/v2/members/${added.body.id}`, { role: 'viewer' });
    assert.equal(changed.body.role, 'viewer');
    const removed = await owner.request('DELETE', `/api/v2/members/${added.body.id}`);
    assert.equal(removed.status, 200);
    assert.equal(await ctx.database.db.selectFrom('members').select('id').where('id', '=', added.body.id).executeTakeFirst(), undefined);
    assert.equal((await sessionOf(ctx, accepted).request('GET', '/console/session')).status, 401, 'their sessions went with them');
  });

  test('the last owner can be neither demoted nor removed', async () => {
    const me = (await owner.request('GET', '/console/session')).body.member;
    for (const [method, body] of [['PATCH', { role: 'admin' }], ['DELETE', undefined]] as const) {
      const refused = await owner.request(method, `/api/v2/members/${me.id}`, body);
      assert.equal(refused.status, 422);
      assert.equal(refused.body.errors[0].code, Errors.lastOwner.code);
    }
    assert.equal((await ctx.database.db.selectFrom('members').select('role').where('id', '=', me.id).executeTakeFirstOrThrow()).role, 'owner');
  });

  test("another company's beta and members are not found, through the API and at /console/betas/{id}", async () => {
    const own = await owner.request('POST', '/api/v2/betas', { name: 'Mine', homepage_url: 'https://mine.example', settings: {} });
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const stranger = await signedIn(ctx, 'stranger@example.com', 'owner', other.id);
    assert.equal((await stranger.request('GET', `/api/v2/betas/${own.body.id}`)).status, 404);
    const page = await stranger.request('GET', `/console/betas/${own.body.id}`);
    assert.equal(page.status, 404);
    assert.doesNotMatch(page.raw.body, /Mine/);
    assert.equal((await owner.request('GET', `/console/betas/${own.body.id}`)).status, 200);
    const members = await stranger.request('GET', '/api/v2/members');
    assert.deepEqual(members.body.map((m: { email: string }) => m.email), ['stranger@example.com']);
    const mine = (await owner.request('GET', '/api/v2/members')).body[0];
    const reach = await stranger.request('PATCH', `/api/v2/members/${mine.id}`, { role: 'viewer' });
    assert.equal(reach.status, 404);
    assert.equal((await ctx.database.db.selectFrom('members').select('role').where('id', '=', mine.id).executeTakeFirstOrThrow()).role, 'owner');
  });

  test('pages need a session: without one they send to the sign-in page, whose CSP allows no inline script', async () => {
    const page = await ctx.request('GET', '/console/members', { key: null });
    assert.equal(page.status, 303);
    assert.equal(page.headers.location, '/console');
    const signInPage = await ctx.request('GET', '/console', { key: null });
    assert.equal(signInPage.status, 200);
    assert.match(signInPage.raw.body, /<label for="field-email">Email<\/label>/);
    assert.match(String(signInPage.headers['content-security-policy']), /script-src 'self'/);
    assert.doesNotMatch(String(signInPage.headers['content-security-policy']), /unsafe-inline/);
  });

  test('a forgotten password: the same answer for any address, a link by e-mail that works once', async () => {
    await addMember(ctx, 'forgetful@example.com', 'viewer');
    const headers = { origin: ctx.config.publicUrl };
    const known = await ctx.request('POST', '/console/password-resets', { key: null, body: { email: 'forgetful@example.com' }, headers });
    const unknown = await ctx.request('POST', '/console/password-resets', { key: null, body: { email: 'nobody@example.com' }, headers });
    assert.equal(known.status, 202);
    assert.deepEqual(unknown.body, known.body);
    assert.equal(await ctx.database.db.selectFrom('member_emails').select('id').where('to_address', '=', 'nobody@example.com').executeTakeFirst(), undefined);
    await ctx.runJobs();
    const token = new URL(await linkMailedTo(ctx, 'forgetful@example.com')).searchParams.get('token');
    const body = { token, password: 'remembered at last' };
    const reset = await ctx.request('POST', '/console/password-resets/complete', { key: null, body, headers });
    assert.equal(reset.status, 200);
    assert.equal((await signIn(ctx, 'forgetful@example.com', PASSWORD)).status, 401);
    assert.equal((await signIn(ctx, 'forgetful@example.com', 'remembered at last')).status, 200);
    const again = await ctx.request('POST', '/console/password-resets/complete', { key: null, body: { token, password: 'and once more please' }, headers });
    assert.equal(again.status, 422);
    assert.equal(again.body.errors[0].code, Errors.linkInvalid.code);
  });
});

describe('the setup link', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx?.close());

  /** What starting the service prints (the first company exists already: only the setup link is new). */
  async function printedOnStart(): Promise<string> {
    let printed = '';
    await bootstrapIfEmpty(ctx.services, ctx.config, (text) => (printed += `${text}\n`));
    return printed;
  }

  test('starting without a member prints a setup link, which opens the setup page', async () => {
    const printed = await printedOnStart();
    const link = /^ {2}(\S+)$/m.exec(printed)?.[1];
    assert.match(printed, /No one can sign in to the console yet\. Create its first owner/);
    assert.match(String(link), new RegExp(`^${ctx.config.publicUrl}/console/setup\\?token=[A-Za-z0-9_-]{43}$`));
    const page = await ctx.request('GET', new URL(link!).pathname + new URL(link!).search, { key: null });
    assert.equal(page.status, 200);
    assert.match(page.raw.body, new RegExp(`name="token" value="${new URL(link!).searchParams.get('token')}"`));
  });

  test('creates the first owner once, then no link is given and the used one is refused', async () => {
    const link = await ctx.services.memberLinks.setupLink();
    assert.ok(link);
    const token = new URL(link).searchParams.get('token');
    const stored = await ctx.database.db.selectFrom('member_links').selectAll().executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, token);
    const headers = { origin: ctx.config.publicUrl };
    const short = await ctx.request('POST', '/console/setup', { key: null, body: { token, email: 'first@example.com', password: 'short' }, headers });
    assert.equal(short.body.errors[0].code, Errors.passwordTooShort.code);
    const created = await ctx.request('POST', '/console/setup', { key: null, body: { token, email: 'first@example.com', password: 'the first owner!' }, headers });
    assert.equal(created.status, 201);
    assert.equal(created.body.member.role, 'owner');
    assert.equal(created.body.member.id, (await ctx.services.members.list(ctx.companyId))[0].id);
    assert.equal((await sessionOf(ctx, { ...created, status: 200 }).request('GET', '/api/v2/betas')).status, 200);
    const again = await ctx.request('POST', '/console/setup', { key: null, body: { token, email: 'second@example.com', password: 'the second owner!' }, headers });
    assert.equal(again.status, 422);
    assert.equal(again.body.errors[0].code, Errors.linkInvalid.code);
    assert.equal(await ctx.services.memberLinks.setupLink(), null);
    assert.equal((await ctx.services.members.list(ctx.companyId)).length, 1);
    assert.equal(await printedOnStart(), '', 'a start with a member prints no link');
  });
});
