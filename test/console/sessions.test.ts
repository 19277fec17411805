// Console sign-in, sessions and their expiry, CSRF, sign-out and password change, over HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { Errors } from '../../src/primitives/errors.ts';
import { ABSOLUTE_SECONDS, IDLE_SECONDS } from '../../src/modules/members/sessions.ts';
import { addMember, linkMailedTo, PASSWORD, sessionOf, signedIn, signIn } from './support.ts';

describe('console sessions', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx?.close());

  test('signing in sets an HttpOnly, SameSite=Lax session cookie whose value is stored only hashed', async () => {
    const member = await addMember(ctx, 'Ada@Example.com', 'owner');
    const response = await signIn(ctx, 'ada@example.com');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.member, { id: member.id, email: 'Ada@Example.com', role: 'owner', has_password: true, created_at: response.body.member.created_at, updated_at: response.body.member.updated_at });
    const cookie = String(response.headers['set-cookie']);
    const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
    assert.match(cookie, new RegExp(`^prelaunch_session=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax${secure}; Max-Age=604800$`));
    const value = cookie.split(';')[0].split('=')[1];
    const rows = await ctx.database.db.selectFrom('member_sessions').selectAll().where('member_id', '=', member.id).execute();
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0].token_hash, value);
    assert.equal(rows[0].token_hash.length, 64);
    const stored = await ctx.database.db.selectFrom('members').select('password_hash').where('id', '=', member.id).executeTakeFirstOrThrow();
    assert.match(stored.password_hash!, /^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  test('an unknown address and a wrong password get the same answer, and no session', async () => {
    await addMember(ctx, 'grace@example.com', 'admin');
    const before = await ctx.database.db.selectFrom('member_sessions').select('id').execute();
    const unknown = await signIn(ctx, 'nobody@example.com', PASSWORD, { 'x-forwarded-for': '1' });
    const wrong = await signIn(ctx, 'grace@example.com', 'not the password');
    for (const response of [unknown, wrong]) {
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, { errors: [{ code: Errors.signInRefused.code, message: 'Email or password is wrong' }] });
      assert.equal(response.headers['set-cookie'], undefined);
    }
    assert.equal((await ctx.database.db.selectFrom('member_sessions').select('id').execute()).length, before.length);
  });

  test('the session answers GET /console/session and authenticates the management API instead of a key', async () => {
    const session = await signedIn(ctx, 'reader@example.com', 'viewer');
    const me = await session.request('GET', '/console/session');
    assert.equal(me.status, 200);
    assert.equal(me.body.member.email, 'reader@example.com');
    assert.equal(me.body.csrf_token, session.csrf);
    const betas = await session.request('GET', '/api/v2/betas');
    assert.equal(betas.status, 200);
    assert.deepEqual(betas.body, []);
  });

  test('a write without the CSRF token, with a wrong one, or from another origin is refused and changes nothing', async () => {
    const session = await signedIn(ctx, 'writer@example.com', 'admin');
    const body = { name: 'Rocket', homepage_url: 'https://rocket.example', settings: {} };
    const attempts: Record<string, string>[] = [
      { 'x-csrf-token': '' },
      { 'x-csrf-token': `${session.csrf.slice(0, -1)}${session.csrf.endsWith('A') ? 'B' : 'A'}` },
      { origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const refused = await session.request('POST', '/api/v2/betas', body, headers);
      assert.equal(refused.status, 403, JSON.stringify([headers, refused.body]));
      assert.equal(refused.body.errors[0].code, Errors.csrfRefused.code);
    }
    assert.equal((await ctx.database.db.selectFrom('betas').select('id').execute()).length, 0);
    const created = await session.request('POST', '/api/v2/betas', body);
    assert.equal(created.status, 201);
  });

  test('sign-in from another origin is refused', async () => {
    const response = await signIn(ctx, 'ada@example.com', PASSWORD, { origin: 'https://evil.example' });
    assert.equal(response.status, 403);
    assert.equal(response.body.errors[0].code, Errors.csrfRefused.code);
  });

  test('a session ends after its idle time, and after its absolute lifetime however active', async () => {
    const idle = await signedIn(ctx, 'idle@example.com', 'viewer');
    ctx.clock.advance(IDLE_SECONDS * 1000 - 60_000);
    assert.equal((await idle.request('GET', '/console/session')).status, 200);
    ctx.clock.advance(IDLE_SECONDS * 1000 + 1000);
    const ended = await idle.request('GET', '/api/v2/betas');
    assert.equal(ended.status, 401);
    assert.equal((await ctx.database.db.selectFrom('member_sessions').innerJoin('members', 'members.id', 'member_id').select('member_sessions.id').where('email', '=', 'idle@example.com').execute()).length, 0);

    const busy = sessionOf(ctx, await signIn(ctx, 'idle@example.com'));
    for (let hours = 0; hours < ABSOLUTE_SECONDS / 3600; hours += 4) {
      assert.equal((await busy.request('GET', '/console/session')).status, 200, `after ${hours} h`);
      ctx.clock.advance(4 * 3600_000);
    }
    assert.equal((await busy.request('GET', '/console/session')).status, 401);
  });

  test('signing out ends the session and clears the cookie', async () => {
    const session = await signedIn(ctx, 'leaver@example.com', 'viewer');
    const out = await session.request('DELETE', '/console/session');
    assert.equal(out.status, 204);
    assert.match(String(out.headers['set-cookie']), /^prelaunch_session=; .*Max-Age=0$/);
    assert.equal((await session.request('GET', '/api/v2/betas')).status, 401);
  });

  test('changing the password needs the current one, refuses a short one, and ends the other sessions', async () => {
    const first = await signedIn(ctx, 'changer@example.com', 'viewer');
    const second = sessionOf(ctx, await signIn(ctx, 'changer@example.com'));
    const wrong = await first.request('PUT', '/console/session/password', { current_password: 'nope nope nope', password: 'a brand new password' });
    assert.equal(wrong.status, 422);
    assert.equal(wrong.body.errors[0].code, Errors.currentPasswordWrong.code);
    const short = await first.request('PUT', '/console/session/password', { current_password: PASSWORD, password: 'short' });
    assert.equal(short.body.errors[0].code, Errors.passwordTooShort.code);
    const changed = await first.request('PUT', '/console/session/password', { current_password: PASSWORD, password: 'a brand new password' });
    assert.equal(changed.status, 204);
    assert.equal((await first.request('GET', '/console/session')).status, 200);
    assert.equal((await second.request('GET', '/console/session')).status, 401);
    assert.equal((await signIn(ctx, 'changer@example.com')).status, 401);
    assert.equal((await signIn(ctx, 'changer@example.com', 'a brand new password')).status, 200);
  });
  test('failed sign-ins are limited per address and network together: the attacker is refused, the owner on their own network gets in', async () => {
    const limited = await startTestContext({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN_ADDRESS: '3/15m', RATE_LIMIT_SIGN_IN_NETWORK: '5/15m', RATE_LIMIT_SIGN_IN_ALERT: '100/15m' } });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const sessions = async () => (await limited.database.db.selectFrom('member_sessions').select('member_id').execute()).length;
    try {
      await addMember(limited, 'limited@example.com', 'viewer');
      const attacker = from('203.0.113.7');
      for (let i = 0; i < 3; i++) assert.equal((await signIn(limited, 'limited@example.com', 'wrong password!', attacker)).status, 401);
      // The attacker's network is refused for the address, even with the right password.
      const refused = await signIn(limited, 'limited@example.com', PASSWORD, attacker);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.errors[0].code, Errors.rateLimited.code);
      assert.match(refused.body.errors[0].message, /^Too many failed attempts for this e-mail address: 3 per 15 minutes; try again in \d+ s$/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(refused.headers['set-cookie'], undefined);
      assert.equal(await sessions(), 0);
      // The owner, from their own network, gets in with the right password.
      const owner = await signIn(limited, 'limited@example.com', PASSWORD, from('198.51.100.9'));
      assert.equal(owner.status, 200, JSON.stringify(owner.body));
      assert.equal(await sessions(), 1);
      // The same IPv6 /64 is one network: another address in it is refused too.
      for (let i = 0; i < 3; i++) assert.equal((await signIn(limited, 'limited@example.com', 'wrong password!', from('2001:db8:1:2::1'))).status, 401);
      assert.equal((await signIn(limited, 'limited@example.com', PASSWORD, from('2001:db8:1:2::ffff'))).status, 429);

      // The attacker's network has 3 failures (a refused attempt counts none): two unknown addresses reach its 5.
      for (const email of ['x1@example.com', 'x2@example.com']) assert.equal((await signIn(limited, email, PASSWORD, attacker)).status, 401);
      await addMember(limited, 'other@example.com', 'viewer');
      const network = await signIn(limited, 'other@example.com', PASSWORD, attacker);
      assert.equal(network.status, 429);
      assert.match(network.body.errors[0].message, /from this network/);
      assert.equal((await signIn(limited, 'other@example.com', PASSWORD, from('198.51.100.9'))).status, 200);
      assert.equal(await sessions(), 2);
    } finally {
      await limited.close();
    }
  });

  test('an address under attack: its member is e-mailed a one-time sign-in link, once a window, which signs in once', async () => {
    const attacked = await startTestContext({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGN_IN_ADDRESS: '2/15m', RATE_LIMIT_SIGN_IN_ALERT: '5/15m' } });
    const mails = (address: string) =>
      attacked.database.db.selectFrom('member_emails').select(['occasion', 'subject']).where('to_address', '=', address).execute();
    try {
      const member = await addMember(attacked, 'attacked@example.com', 'owner');
      // Five failures from three networks (two each at most: none is refused yet).
      const attempts = ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '203.0.113.3'];
      for (const [n, ip] of attempts.entries()) {
        assert.equal((await signIn(attacked, 'attacked@example.com', 'guess', { 'x-forwarded-for': ip })).status, 401);
        assert.equal((await mails('attacked@example.com')).length, n < 4 ? 0 : 1, `after ${n + 1} failures`);
      }
      // More failures in the window send nothing more; an unknown address under attack sends nothing at all.
      for (const ip of ['203.0.113.3', '203.0.113.4', '203.0.113.5']) {
        assert.equal((await signIn(attacked, 'attacked@example.com', 'guess', { 'x-forwarded-for': ip })).status, 401);
        assert.equal((await signIn(attacked, 'nobody@example.com', 'guess', { 'x-forwarded-for': ip })).status, 401);
      }
      for (const ip of ['203.0.113.6', '203.0.113.7']) assert.equal((await signIn(attacked, 'nobody@example.com', 'guess', { 'x-forwarded-for': ip })).status, 401);
      assert.deepEqual(await mails('attacked@example.com'), [{ occasion: 'sign_in', subject: 'Many failed sign-ins to your Prelaunch console account' }]);
      assert.deepEqual(await mails('nobody@example.com'), []);
      const job = await attacked.database.db.selectFrom('outbox_jobs').select('kind').where('kind', '=', 'member_email.send').execute();
      assert.equal(job.length, 1, 'sent through the outbox');
      await attacked.runJobs();
      const link = await linkMailedTo(attacked, 'attacked@example.com');
      const url = new URL(link);
      assert.equal(url.pathname, '/console/sign-in-link');
      const token = url.searchParams.get('token')!;

      // The page holds the token in its form; the link signs in once, without the password.
      const page = await attacked.request('GET', `/console/sign-in-link?token=${token}`, { key: null });
      assert.equal(page.status, 200);
      assert.match(page.body, /<input type="hidden" name="token" value="[^"]+">/);
      const viaLink = (headers: Record<string, string> = {}) =>
        attacked.request('POST', '/console/session/link', { key: null, body: { token }, headers: { origin: attacked.config.publicUrl, ...headers } });
      assert.equal((await viaLink({ origin: 'https://evil.example' })).status, 403, 'another origin is refused');
      const signedInByLink = await viaLink({ 'x-forwarded-for': '203.0.113.1' });
      assert.equal(signedInByLink.status, 200, JSON.stringify(signedInByLink.body));
      assert.equal(signedInByLink.body.member.email, 'attacked@example.com');
      const session = sessionOf(attacked, signedInByLink);
      assert.equal((await session.request('GET', '/console/session')).status, 200);
      const stored = await attacked.database.db.selectFrom('member_sessions').select('member_id').execute();
      assert.deepEqual(stored, [{ member_id: member.id }]);
      const again = await viaLink();
      assert.deepEqual([again.status, again.body.errors[0].code], [422, Errors.linkInvalid.code]);
      const used = await attacked.database.db.selectFrom('member_links').select(['kind', 'used_at']).where('member_id', '=', member.id).execute();
      assert.deepEqual(used.map((row) => [row.kind, row.used_at !== null]), [['sign-in', true]]);
      // The password is unchanged.
      assert.equal((await signIn(attacked, 'attacked@example.com', PASSWORD, { 'x-forwarded-for': '198.51.100.20' })).status, 200);
    } finally {
      await attacked.close();
    }
  });
});
