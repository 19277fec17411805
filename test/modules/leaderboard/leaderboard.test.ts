// The leaderboard: the settings that turn it on and size it, the public JSON (404 while off, names
// or masked addresses only, in waitlist order, every exclusion), its few seconds of caching, the
// owner's view with ids and addresses, and the tester field leaderboard_name that names an entry.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../../src/primitives/errors.ts';
import { PUBLIC_BOARD_MAX_AGE_MS } from '../../../src/modules/leaderboard/leaderboard.service.ts';
import { maskedEmail } from '../../../src/modules/testers/masked-email.ts';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { visit } from '../../public/support.ts';
import { createEndpoint, storedEvents } from '../webhooks/support.ts';
import { codes, createTester, storedTester, testerCount } from '../testers/support.ts';

describe('leaderboard', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  const publicBoard = (betaId: number | string) => visit(ctx, 'GET', `/public/betas/${betaId}/leaderboard`);
  const enable = (betaId: number, settings: Record<string, unknown> = {}) =>
    ctx.request('PATCH', `/api/v2/betas/${betaId}`, { body: { settings: { leaderboard_enabled: true, ...settings } } });

  /** A tester with `referrals` credited referrals (each a new tester of the beta signed up through them). */
  async function referrer(betaId: number, email: string, referrals: number, fields: Record<string, unknown> = {}) {
    const tester = await createTester(ctx, betaId, { email, ...fields });
    for (let i = 0; i < referrals; i += 1) await createTester(ctx, betaId, { email: `friend-${i}-of-${email}`, referrer_id: tester.id });
    return tester;
  }

  test('settings: off and 10 by default, size 1 to 100, anything else refused and nothing changed', async () => {
    const beta = await ctx.createBeta();
    assert.equal((beta.settings as any).leaderboard_enabled, false);
    assert.equal((beta.settings as any).leaderboard_size, 10);
    for (const size of [0, 101, 2.5, '7']) {
      const refused = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { leaderboard_size: size } } });
      assert.equal(refused.status, 422, String(size));
      assert.deepEqual(codes(refused), [Errors.betasGeneral.code]);
    }
    const stored = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.settings).leaderboard_size, 10);
    const changed = await enable(beta.id, { leaderboard_size: 100 });
    assert.equal(changed.status, 200);
    assert.deepEqual([changed.body.settings.leaderboard_enabled, changed.body.settings.leaderboard_size], [true, 100]);
  });

  test('404 while disabled (and for an unknown beta); enabled, the board in waitlist order with names or masked addresses only', async () => {
    const beta = await ctx.createBeta({}, 'Board');
    const ann = await referrer(beta.id, 'ann.lovelace@example.com', 3, { leaderboard_name: 'Ann' });
    const bob = await referrer(beta.id, 'bob.builder@example.org', 2);
    const off = await publicBoard(beta.id);
    assert.equal(off.status, 404);
    assert.deepEqual(codes(off), [Errors.notFound.code]);
    assert.equal(off.headers['access-control-allow-origin'], '*', 'callable from the embed, even when refused');
    assert.equal((await publicBoard(999_999)).status, 404);
    assert.equal((await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`)).status, 404);

    await enable(beta.id, { leaderboard_size: 3 });
    const on = await publicBoard(beta.id);
    assert.equal(on.status, 200);
    assert.equal(on.headers['access-control-allow-origin'], '*');
    assert.match(on.body.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const friendOfAnn = 'friend-0-of-ann.lovelace@example.com';
    assert.deepEqual(on.body.entries, [
      { rank: 1, name: 'Ann', referrals: 3, points: 1 + 15 },
      { rank: 2, name: 'b***@e***.org', referrals: 2, points: 1 + 10 },
      { rank: 3, name: maskedEmail(friendOfAnn), referrals: 0, points: 1 },
    ]);
    const testers = await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).execute();
    for (const { email } of testers) assert.ok(!on.raw.body.includes(email), `${email} is not shown whole`);
    assert.ok(!/"(id|tester_id|email)"/.test(on.raw.body), 'no id and no address field');

    // The owner's view: the same board, with who each entry is.
    const owner = await ctx.request('GET', `/api/v2/betas/${beta.id}/leaderboard.json`);
    assert.equal(owner.status, 200);
    assert.deepEqual([owner.body.enabled, owner.body.size], [true, 3]);
    assert.deepEqual(
      owner.body.entries.map((e: any) => [e.rank, e.tester_id, e.email, e.leaderboard_name, e.name, e.waitlist_position]),
      [
        [1, ann.id, 'ann.lovelace@example.com', 'Ann', 'Ann', 1],
        [2, bob.id, 'bob.builder@example.org', null, 'b***@e***.org', 2],
        [3, owner.body.entries[2].tester_id, friendOfAnn, null, maskedEmail(friendOfAnn), 3],
      ],
    );
  });

  test('left out: hidden, unconfirmed, rejected, and flagged testers until approved; ranks stay consecutive', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 7 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const created = await ctx.request('POST', '/api/v2/betas', {
      key,
      body: { name: 'Exclusions', homepage_url: 'https://x.example', settings: { double_opt_in: true, leaderboard_enabled: true } },
    });
    const betaId = created.body.id;
    const add = async (email: string, tester: Record<string, unknown> = {}) => {
      const response = await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email, ...tester } } });
      return response;
    };
    const first = (await add('first@example.com')).body;
    const rejected = (await add('rejected@example.com')).body;
    await add('unconfirmed@example.com', { status: 'unconfirmed' });
    // Flagged at signup (a disposable address): held for review.
    const flagged = (await add('someone@mailinator.com')).body;
    assert.equal(flagged.fraud.flags[0].name, 'disposable_email_domain');
    const alsoFlagged = (await add('other@mailinator.com')).body;
    const last = (await add('last@example.com')).body;
    assert.equal((await add('seventh@example.com')).status, 201);
    const hidden = await add('hidden@example.com');
    assert.deepEqual(codes(hidden), [Errors.testerHidden.code], 'beyond the plan: stored hidden');
    const put = await ctx.request('PUT', `/api/v2/betas/${betaId}/testers/${rejected.id}`, { key, body: { tester: { status: 'rejected' } } });
    assert.equal(put.status, 200);
    const approved = await ctx.request('POST', `/api/v2/betas/${betaId}/testers/${alsoFlagged.id}/fraud_decision`, { key, body: { decision: 'approve' } });
    assert.equal(approved.status, 200);

    const board = await ctx.request('GET', `/api/v2/betas/${betaId}/leaderboard`, { key });
    assert.deepEqual(
      board.body.entries.map((e: any) => [e.rank, e.email, e.waitlist_position]),
      [
        [1, 'first@example.com', 1],
        [2, 'other@mailinator.com', 3],
        [3, 'last@example.com', 4],
        [4, 'seventh@example.com', 5],
      ],
      'the held flagged tester keeps its place on the waitlist (2) but not on the board',
    );
    const shown = await publicBoard(betaId);
    assert.deepEqual(
      shown.body.entries.map((e: any) => [e.rank, e.name]),
      [[1, 'f***@e***.com'], [2, 'o***@m***.com'], [3, 'l***@e***.com'], [4, 's***@e***.com']],
    );
    assert.ok(!board.body.entries.some((e: any) => [flagged.id, rejected.id].includes(e.tester_id)));
    assert.equal(first.waitlist_position, 1);
    assert.equal(last.status, 'applied');
    // Approving the held one puts it back in its place.
    await ctx.request('POST', `/api/v2/betas/${betaId}/testers/${flagged.id}/fraud_decision`, { key, body: { decision: 'approve' } });
    const after = await ctx.request('GET', `/api/v2/betas/${betaId}/leaderboard`, { key });
    assert.deepEqual(after.body.entries.map((e: any) => e.email).slice(0, 2), ['first@example.com', 'someone@mailinator.com']);
  });

  test('the public board is kept for at most a few seconds; the owner\'s is read now', async () => {
    const beta = await ctx.createBeta({ leaderboard_enabled: true }, 'Cached');
    const tester = await createTester(ctx, beta.id, { email: 'cached@example.com' });
    assert.equal((await publicBoard(beta.id)).body.entries[0].name, 'c***@e***.com');
    const named = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { leaderboard_name: 'Cache' } } });
    assert.equal(named.status, 200);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/leaderboard`)).body.entries[0].name, 'Cache', 'the owner reads it now');
    assert.equal((await publicBoard(beta.id)).body.entries[0].name, 'c***@e***.com', 'visitors see the board built a moment ago');
    await new Promise((resolve) => setTimeout(resolve, PUBLIC_BOARD_MAX_AGE_MS + 100));
    assert.equal((await publicBoard(beta.id)).body.entries[0].name, 'Cache');
    // Turned off, it answers 404 at once: the setting is read per request, not kept with the board.
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { leaderboard_enabled: false } } });
    assert.equal((await publicBoard(beta.id)).status, 404);
  });

  test('the owner\'s view needs testers:read, and another company\'s beta is not found', async () => {
    const beta = await ctx.createBeta({}, 'Private');
    await createTester(ctx, beta.id);
    const { key: betasOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, name: 'betas only', permissions: ['betas:read'] });
    const refused = await ctx.request('GET', `/api/v2/betas/${beta.id}/leaderboard.json`, { key: betasOnly });
    assert.equal(refused.status, 403);
    assert.deepEqual(codes(refused), [Errors.forbidden.code]);
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key: outsider } = await ctx.services.accounts.createApiKey({ companyId: other.id });
    const hidden = await ctx.request('GET', `/api/v2/betas/${beta.id}/leaderboard.json`, { key: outsider });
    assert.equal(hidden.status, 404);
    assert.ok(!JSON.stringify(hidden.body).includes('@'));
    // Disabled, the owner still sees what the board would be.
    const own = await ctx.request('GET', `/api/v2/betas/${beta.id}/leaderboard.json`);
    assert.equal(own.status, 200);
    assert.equal(own.body.enabled, false);
    assert.equal(own.body.entries.length, 1);
  });
});

describe('tester field leaderboard_name', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());

  test('created, shown, changed, cleared; trimmed, blank is none, counted in characters', async () => {
    const beta = await ctx.createBeta();
    const created = await createTester(ctx, beta.id, { leaderboard_name: '  Zoë  ' });
    assert.equal(created.leaderboard_name, 'Zoë');
    assert.equal((await storedTester(ctx, created.id))!.leaderboard_name, 'Zoë');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${created.id}`);
    assert.equal(shown.body.leaderboard_name, 'Zoë');
    const forty = '🚀'.repeat(40);
    const changed = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${created.id}`, { body: { tester: { leaderboard_name: forty } } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.leaderboard_name, forty, '40 characters, 80 UTF-16 units: allowed');
    const untouched = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${created.id}`, { body: { tester: { groups: 'vip' } } });
    assert.equal(untouched.body.leaderboard_name, forty, 'an update without the field keeps it');
    for (const none of [null, '   ']) {
      const cleared = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${created.id}`, { body: { tester: { leaderboard_name: none } } });
      assert.equal(cleared.body.leaderboard_name, null);
      assert.equal((await storedTester(ctx, created.id))!.leaderboard_name, null);
    }
    assert.equal((await createTester(ctx, beta.id)).leaderboard_name, null, 'none by default');
  });

  test('longer than 40 characters or with a control character: 422 with its code, and nothing stored', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id, { leaderboard_name: 'Kept' });
    const before = await testerCount(ctx, beta.id);
    const cases: [string, RegExp][] = [
      ['x'.repeat(41), /41 characters long; at most 40/],
      ['Ann\nSmith', /control character \(U\+000A\)/],
      ['Tab\there', /U\+0009/],
      ['Bell\u0007', /U\+0007/],
      ['evil\u202Eeman', /U\+202E/],
      ['del\u007F', /U\+007F/],
    ];
    for (const [name, message] of cases) {
      const create = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'refused@example.com', leaderboard_name: name } } });
      assert.equal(create.status, 422, JSON.stringify(name));
      assert.deepEqual(codes(create), [Errors.leaderboardNameInvalid.code], JSON.stringify(create.body));
      assert.match(create.body.errors[0].message, message);
      const update = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { leaderboard_name: name, groups: 'changed' } } });
      assert.equal(update.status, 422);
      assert.deepEqual(codes(update), [Errors.leaderboardNameInvalid.code]);
    }
    assert.equal(await testerCount(ctx, beta.id), before, 'no tester created');
    const stored = (await storedTester(ctx, tester.id))!;
    assert.equal(stored.leaderboard_name, 'Kept');
    assert.equal(stored.groups, '', 'the refused update changed nothing else either');
  });

  test('erasing the tester erases the name: it is personal data', async () => {
    const beta = await ctx.createBeta({ leaderboard_enabled: true });
    const tester = await createTester(ctx, beta.id, { leaderboard_name: 'Ada Lovelace' });
    const erased = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/erase`);
    assert.equal(erased.status, 200);
    assert.equal((await storedTester(ctx, tester.id))!.leaderboard_name, null);
    const board = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`);
    assert.ok(!board.raw.body.includes('Ada'), JSON.stringify(board.body));
  });

  test('webhooks show it as the API does: tester_updated carries the new name', async () => {
    const beta = await ctx.createBeta();
    await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    const tester = await createTester(ctx, beta.id);
    const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { leaderboard_name: 'Hooked' } } });
    const events = (await storedEvents(ctx, beta.id)).filter((event) => event.type === 'tester_updated');
    assert.equal(events.length, 1);
    const body = JSON.parse(events[0].payload);
    assert.equal(body.data.leaderboard_name, 'Hooked');
    assert.deepEqual(body.data, response.body);
  });
});
