// What the public pages keep in memory, and the rules that keep it honest: the leaderboard's
// answers rendered once per board (the same bytes, an ETag and 304, a max-age no longer than the
// process keeps the board, the security headers on every answer, a change shown once the board
// expires, a board turned off refused at once), the per-network limit counting only what may read
// the database, and the status page's per-beta pieces (the share box, the milestones) filled in
// with each tester's own figures and dropped when the beta or its milestones change.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Errors } from '../../src/primitives/errors.ts';
import { PUBLIC_BOARD_MAX_AGE_MS } from '../../src/modules/leaderboard/leaderboard.service.ts';
import { shareButtons } from '../../src/modules/referrals/share-channels.ts';
import { maskedEmail } from '../../src/modules/testers/masked-email.ts';
import { startTestContext, type TestContext } from '../support/context.ts';
import { codes, createTester } from '../modules/testers/support.ts';
import { assertPageSecurity, visit } from './support.ts';

const statusPath = (tester: { referral_code: string; uuid: string }) => `/r/${tester.referral_code}?check=${tester.uuid}`;
const storedName = async (ctx: TestContext, id: number) =>
  (await ctx.database.db.selectFrom('testers').select('leaderboard_name').where('id', '=', id).executeTakeFirstOrThrow()).leaderboard_name;

/** The JSON endpoints' headers (public-scope.ts, CROSS_ORIGIN_SECURITY): on a 200 and a 304 alike. */
function assertEndpointSecurity(response: { headers: Record<string, unknown> }): void {
  assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['referrer-policy'], 'no-referrer');
  assert.equal(response.headers['access-control-allow-origin'], '*');
}

describe('the public leaderboard, answered from memory', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('the same bytes and ETag while the board is kept; 304 for its ETag; the security headers on both; a change shown once it expires', async () => {
    const beta = await ctx.createBeta({ leaderboard_enabled: true }, 'Kept');
    const tester = await createTester(ctx, beta.id, { email: 'kept.one@example.com' });
    const first = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.entries, [{ rank: 1, name: 'k***@e***.com', referrals: 0, points: 1 }]);
    assertEndpointSecurity(first);
    assert.match(String(first.headers['cache-control']), /^public, max-age=[0-3]$/);
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(Number(first.headers['content-length']), Buffer.byteLength(first.raw.body));
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);

    const second = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`);
    assert.equal(second.raw.body, first.raw.body, 'the same bytes');
    assert.equal(second.headers.etag, etag);

    for (const named of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const unchanged = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`, { headers: { 'if-none-match': named } });
      assert.equal(unchanged.status, 304, named);
      assert.equal(unchanged.raw.body, '');
      assert.equal(unchanged.headers.etag, etag);
      assertEndpointSecurity(unchanged);
    }
    const other = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`, { headers: { 'if-none-match': '"something-else"' } });
    assert.equal(other.status, 200);
    assert.equal(other.raw.body, first.raw.body);

    // A change through the API: stored at once, shown to visitors once the kept board expires.
    const named = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { leaderboard_name: 'Kim' } } });
    assert.equal(named.status, 200);
    assert.equal(await storedName(ctx, tester.id), 'Kim');
    assert.equal((await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`)).raw.body, first.raw.body, 'within the window: the kept board');
    await new Promise((resolve) => setTimeout(resolve, PUBLIC_BOARD_MAX_AGE_MS + 100));
    const fresh = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`, { headers: { 'if-none-match': etag } });
    assert.equal(fresh.status, 200, 'the old ETag names an old board');
    assert.deepEqual(fresh.body.entries, [{ rank: 1, name: 'Kim', referrals: 0, points: 1 }]);
    assert.notEqual(fresh.headers.etag, etag);

    // The page: its own bytes and ETag, the pages' security headers, not indexed.
    const page = await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`);
    assert.equal(page.status, 200);
    assertPageSecurity(assert, page, /^public, max-age=[0-3]$/);
    assert.equal(page.headers['x-robots-tag'], 'noindex');
    assert.match(page.body, /<td>1<\/td><td>Kim<\/td>/);
    const pageAgain = await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`, { headers: { 'if-none-match': String(page.headers.etag) } });
    assert.equal(pageAgain.status, 304);
    assertPageSecurity(assert, pageAgain, /^public, max-age=[0-3]$/);
    assert.notEqual(page.headers.etag, fresh.headers.etag);

    // Renamed, the beta's page says so at once, though the board is the kept one.
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { name: 'Renamed' } });
    assert.match((await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`)).body, /<h1>Renamed: leaderboard<\/h1>/);

    // Turned off: refused at once, kept bytes or not, and the setting is stored.
    const off = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { leaderboard_enabled: false } } });
    assert.equal(off.body.settings.leaderboard_enabled, false);
    const refused = await visit(ctx, 'GET', `/public/betas/${beta.id}/leaderboard`, { headers: { 'if-none-match': String(fresh.headers.etag) } });
    assert.equal(refused.status, 404);
    assert.deepEqual(codes(refused), [Errors.notFound.code]);
    assert.equal((await visit(ctx, 'GET', `/b/${beta.id}/leaderboard`)).status, 404);
  });
});

describe('the per-network limit on the public leaderboard', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { RATE_LIMIT_PUBLIC_PAGES: '2/1m' } });
  });
  after(() => ctx.close());

  test('counts what may read the database (a board to build, an unknown beta), not a board this process holds', async () => {
    const [kept, other, third] = [await ctx.createBeta({ leaderboard_enabled: true }, 'A'), await ctx.createBeta({ leaderboard_enabled: true }, 'B'), await ctx.createBeta({ leaderboard_enabled: true }, 'C')];
    const ip = '198.51.100.9';
    const built = await visit(ctx, 'GET', `/public/betas/${kept.id}/leaderboard`, { ip });
    assert.equal(built.status, 200);
    assert.equal(built.headers['ratelimit-remaining'], '1', 'building the board was counted');
    for (let i = 0; i < 5; i += 1) {
      const again = await visit(ctx, 'GET', i % 2 ? `/b/${kept.id}/leaderboard` : `/public/betas/${kept.id}/leaderboard`, { ip });
      assert.equal(again.status, 200, 'from memory: not counted');
      assert.equal(again.headers['ratelimit-remaining'], undefined);
    }
    assert.equal((await visit(ctx, 'GET', `/public/betas/${other.id}/leaderboard`, { ip })).status, 200);
    const refused = await visit(ctx, 'GET', `/public/betas/${third.id}/leaderboard`, { ip });
    assert.equal(refused.status, 429, 'a third board to build is one request too many');
    assert.deepEqual(codes(refused), [Errors.rateLimited.code]);
    assert.equal((await visit(ctx, 'GET', '/public/betas/999999/leaderboard', { ip })).status, 429, 'an unknown beta is counted too');
    assert.equal((await visit(ctx, 'GET', `/public/betas/${kept.id}/leaderboard`, { ip })).status, 200, 'the kept board is still shown');
    const stored = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', third.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.settings).leaderboard_enabled, true, 'nothing changed by the refusal');
  });
});

describe('the status page from per-beta pieces', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  /** The share buttons' links on a page, by channel. */
  const shareLinksOf = (body: string) => Object.fromEntries([...body.matchAll(/<a id="share-(\w+)" class="share-\w+" href="([^"]*)"/g)].map(([, channel, href]) => [channel, href.replaceAll('&amp;', '&')]));

  test('each tester sees their own figures, code and check, never another\'s; the share links are the ones made for them', async () => {
    const beta = await ctx.createBeta({ leaderboard_enabled: true, leaderboard_size: 1 }, 'Pieces');
    const ann = await createTester(ctx, beta.id, { email: 'ann.first@example.com' });
    await createTester(ctx, beta.id, { email: 'friend.of.ann@example.net', referrer_id: ann.id });
    const zed = await createTester(ctx, beta.id, { email: 'zed.second@example.org' });
    const pages = { ann: (await visit(ctx, 'GET', statusPath(ann))).body as string, zed: (await visit(ctx, 'GET', statusPath(zed))).body as string };
    const stored = await ctx.database.db.selectFrom('testers').select(['id', 'share_signups_count']).where('id', 'in', [ann.id, zed.id]).orderBy('id').execute();
    assert.deepEqual(stored.map((row) => row.share_signups_count), [1, 0]);

    assert.match(pages.ann, /Your standing, a\*\*\*@e\*\*\*\.com/);
    assert.match(pages.ann, /<dd id="standing-position">#1 of 3<\/dd>/);
    assert.match(pages.ann, /<dd id="standing-referrals">1<\/dd>/);
    assert.match(pages.zed, /Your standing, z\*\*\*@e\*\*\*\.org/);
    assert.match(pages.zed, /<dd id="standing-position">#3 of 3<\/dd>/);
    assert.match(pages.zed, /<dd id="standing-referrals">0<\/dd>/);
    // The board of one: Ann's row marked on her page only, whichever page was shown before.
    assert.match(pages.ann, /<tr class="own" id="leaderboard-own" aria-current="true"><td>1<\/td><td>a\*\*\*@e\*\*\*\.com <span class="own-tag">\(you\)<\/span>/);
    assert.match(pages.zed, /<tr><td>1<\/td><td>a\*\*\*@e\*\*\*\.com<\/td>/);
    assert.ok(!pages.zed.includes('leaderboard-own'));
    assert.match((await visit(ctx, 'GET', statusPath(ann))).body, /id="leaderboard-own"/, 'after the unmarked table was kept');
    for (const [own, other] of [[ann, zed], [zed, ann]] as const) {
      const body = own === ann ? pages.ann : pages.zed;
      assert.ok(body.includes(`action="/r/${own.referral_code}?check=${own.uuid}"`));
      assert.ok(!body.includes(other.referral_code), 'no other tester\'s code');
      assert.ok(!body.includes(other.uuid), 'no other tester\'s check');
      if (own === ann) assert.ok(!body.includes(maskedEmail(other.email)), 'no other tester\'s masked address');
      const expected = Object.fromEntries(shareButtons(own.share_link, `Join me on the ${beta.name} waitlist`).map(({ channel, url }) => [channel, url]));
      assert.deepEqual(shareLinksOf(body), expected, 'the links the share buttons make for this tester');
      assert.ok(body.includes(`value="${own.share_link}?ch=copy"`));
    }
  });

  test('a change of the beta or of its milestones shows on the next page', async () => {
    const beta = await ctx.createBeta({ referral_url: 'https://rocket.example/join?lang=en' }, 'Rocket');
    const tester = await createTester(ctx, beta.id, { email: 'rita@example.com' });
    assert.equal(tester.share_link, `https://rocket.example/join?lang=en&r=${tester.referral_code}`);
    const before = (await visit(ctx, 'GET', statusPath(tester))).body as string;
    assert.deepEqual(shareLinksOf(before), Object.fromEntries(shareButtons(tester.share_link, 'Join me on the Rocket waitlist').map(({ channel, url }) => [channel, url])));
    assert.ok(!before.includes('id="ladder-steps"'), 'no milestones yet');

    const patched = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { page: { share_message: 'Fly with me' } } });
    assert.equal(patched.body.page.share_message, 'Fly with me');
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/reward_definitions`, { body: { descriptor: 'early', name: 'Early access', type: 'Milestone', referrals_required: 2 } });
    assert.equal(created.status, 201);
    const after = (await visit(ctx, 'GET', statusPath(tester))).body as string;
    assert.deepEqual(shareLinksOf(after), Object.fromEntries(shareButtons(tester.share_link, 'Fly with me').map(({ channel, url }) => [channel, url])));
    assert.match(after, /<p id="ladder-next">2 more friends to unlock <strong>Early access<\/strong><\/p>/);
    const progress = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}/progress.json`);
    assert.deepEqual(progress.body.next_rewards, [{ reward_definition_id: created.body.id, name: 'Early access', referrals_required: 2, referrals_needed: 2 }]);

    const renamed = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/reward_definitions/${created.body.id}`, { body: { name: 'First in' } });
    assert.equal(renamed.status, 200);
    assert.match((await visit(ctx, 'GET', statusPath(tester))).body, /to unlock <strong>First in<\/strong>/);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/reward_definitions/${created.body.id}`)).status, 200);
    const count = await ctx.database.db.selectFrom('reward_definitions').select('id').where('beta_id', '=', beta.id).execute();
    assert.equal(count.length, 0);
    assert.ok(!((await visit(ctx, 'GET', statusPath(tester))).body as string).includes('id="ladder-steps"'), 'the ladder is gone with its milestone');
  });
});
