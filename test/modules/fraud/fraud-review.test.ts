// Fraud review through the API: the queue of flagged testers with each signal explained, approve
// (the held referral credited as accept_referral credits it, counters exact), reject (never
// credited, the tester rejected), decisions in bulk with those skipped said so, who decided in the
// log, bad input, another company's beta, and a viewer's writes refused.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, createTester, storedBeta, storedTester } from '../testers/support.ts';
import { signedIn } from '../../console/support.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('fraud review', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00Z'));

  /** A referrer and `count` testers it referred from its own IP (flagged, their referral held), plus one clean tester. */
  async function scene(count = 3) {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, { email: `ref-${beta.id}@example.com`, profile: { ip: '203.0.113.7', user_agent: CHROME } });
    const flagged = [];
    for (let i = 0; i < count; i++) {
      flagged.push(await createTester(ctx, beta.id, { email: `sus${i}-${beta.id}@example.com`, referrer_id: referrer.referral_code, profile: { ip: '203.0.113.7', user_agent: FIREFOX } }));
    }
    const clean = await createTester(ctx, beta.id, { email: `clean-${beta.id}@example.com`, profile: { ip: '198.51.100.4', user_agent: CHROME } });
    return { beta, referrer, flagged, clean };
  }

  const queue = (betaId: number, query = '') => ctx.request('GET', `/api/v2/betas/${betaId}/fraud_queue${query}`);
  const decideOne = (betaId: number, testerId: number | string, body: unknown, key?: string) =>
    ctx.request('POST', `/api/v2/betas/${betaId}/testers/${testerId}/fraud_decision`, { body, key });
  const decideMany = (betaId: number, body: unknown) => ctx.request('POST', `/api/v2/betas/${betaId}/fraud_decisions`, { body });

  test('the queue lists flagged, undecided testers, oldest first, each signal explained in words', async () => {
    const { beta, referrer, flagged } = await scene(2);
    const response = await queue(beta.id);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.map((t: any) => t.id), flagged.map((t) => t.id));
    assert.deepEqual(response.body[0], {
      id: flagged[0].id,
      email: flagged[0].email,
      status: 'applied',
      created_at: '2026-11-22T09:15:00Z',
      referred_by: referrer.email,
      referral: 'held',
      signup_ip: '203.0.113.7',
      signup_user_agent: FIREFOX,
      flags: [{ name: 'same_ip_as_referrer', reason: `Signed up from 203.0.113.7, the IP address the referrer ${referrer.email} signed up from` }],
    });
    assert.equal(JSON.parse(String(response.headers['x-pagination'])).total_count, 2);
    const paged = await queue(beta.id, '?per_page=1&page=2');
    assert.deepEqual(paged.body.map((t: any) => t.id), [flagged[1].id]);
  });

  test('approve credits the held referral as accept_referral does; counters stay exact; the decision says who', async () => {
    const { beta, referrer, flagged } = await scene(2);
    const before = await storedBeta(ctx, beta.id);
    const response = await decideOne(beta.id, flagged[0].id, { decision: 'approve', note: ' same office ' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const key = await ctx.database.db.selectFrom('api_keys').select(['id', 'name', 'key_prefix']).executeTakeFirstOrThrow();
    assert.deepEqual({ ...response.body, id: 0 }, {
      id: 0,
      tester_id: flagged[0].id,
      tester_email: flagged[0].email,
      decision: 'approve',
      note: 'same office',
      decided_by: { member_id: null, api_key_id: key.id, name: `API key ${key.name || key.key_prefix}` },
      created_at: '2026-11-22T09:15:00Z',
    });
    const tester = await storedTester(ctx, flagged[0].id);
    assert.deepEqual([tester?.fraud_decision, tester?.referral_held, tester?.referral_credited_at !== null, tester?.referral_accepted_at !== null], ['approve', 0, true, true]);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, before.share_signups_count + 1);
    await assertCountersExact(ctx, beta.id, assert);
    assert.deepEqual((await queue(beta.id)).body.map((t: any) => t.id), [flagged[1].id], 'decided testers leave the queue');
    const again = await decideOne(beta.id, flagged[0].id, { decision: 'reject' });
    assert.equal(again.status, 422);
    assert.equal(again.body.errors[0].code, 2301);
    assert.equal((await storedTester(ctx, flagged[0].id))?.status, 'applied', 'a second decision changes nothing');
  });

  test('reject: the referral is never credited, the tester is rejected (off the waitlist), accept_referral refuses it', async () => {
    const { beta, referrer, flagged, clean } = await scene(1);
    const response = await decideOne(beta.id, flagged[0].id, { decision: 'reject' });
    assert.equal(response.status, 200);
    assert.equal(response.body.note, null);
    const tester = await storedTester(ctx, flagged[0].id);
    assert.deepEqual([tester?.status, tester?.fraud_decision, tester?.referral_held, tester?.referral_credited_at], ['rejected', 'reject', 1, null]);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0);
    const accepted = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged[0].id}/accept_referral`);
    assert.equal(accepted.status, 422);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0);
    await assertCountersExact(ctx, beta.id, assert);
    const notFlagged = await decideOne(beta.id, clean.id, { decision: 'reject' });
    assert.equal(notFlagged.status, 422);
    assert.equal((await storedTester(ctx, clean.id))?.status, 'applied');
  });

  test('in bulk: each named tester decided in one go; the others skipped with the reason; the log lists them newest first', async () => {
    const { beta, referrer, flagged, clean } = await scene(3);
    await decideOne(beta.id, flagged[2].id, { decision: 'reject' });
    const response = await decideMany(beta.id, { decision: 'approve', tester_ids: [flagged[0].id, flagged[1].id, flagged[2].id, clean.id, 999_999_999], note: 'checked' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.decisions.map((d: any) => [d.tester_id, d.decision, d.note]), [[flagged[0].id, 'approve', 'checked'], [flagged[1].id, 'approve', 'checked']]);
    assert.deepEqual(response.body.skipped, [
      { tester_id: flagged[2].id, reason: 'already_decided' },
      { tester_id: clean.id, reason: 'not_flagged' },
      { tester_id: 999_999_999, reason: 'not_found' },
    ]);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 2);
    await assertCountersExact(ctx, beta.id, assert);
    assert.deepEqual((await queue(beta.id)).body, []);
    const log = await ctx.request('GET', `/api/v2/betas/${beta.id}/fraud_decisions`);
    assert.equal(log.status, 200);
    assert.deepEqual(log.body.map((d: any) => [d.tester_email, d.decision]), [
      [flagged[1].email, 'approve'],
      [flagged[0].email, 'approve'],
      [flagged[2].email, 'reject'],
    ]);
    const stored = await ctx.database.db.selectFrom('fraud_decisions').selectAll().where('beta_id', '=', beta.id).execute();
    assert.equal(stored.length, 3);
  });

  test('bad input is 4xx and decides nothing; another company\'s beta is 404', async () => {
    const { beta, flagged } = await scene(1);
    for (const body of [{ decision: 'maybe', tester_ids: [flagged[0].id] }, { decision: 'approve', tester_ids: [] }, { decision: 'approve', tester_ids: Array.from({ length: 501 }, (_, i) => i + 1) }, { decision: 'approve' }, { tester_ids: [flagged[0].id] }]) {
      const response = await decideMany(beta.id, body);
      assert.ok(response.status >= 400 && response.status < 500, `${JSON.stringify(body).slice(0, 60)}: ${response.status}`);
    }
    assert.equal((await decideOne(beta.id, flagged[0].id, { decision: 'approve', note: 'x'.repeat(1001) })).status >= 400, true);
    assert.equal((await decideOne(beta.id, 'abc', { decision: 'approve' })).status, 404);
    assert.equal((await decideOne(beta.id, 999_999_999, { decision: 'approve' })).status, 404);
    assert.equal((await storedTester(ctx, flagged[0].id))?.fraud_decision, null);
    const company = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/fraud_queue`, { key })).status, 404);
    assert.equal((await decideOne(beta.id, flagged[0].id, { decision: 'approve' }, key)).status, 404);
    assert.equal((await storedTester(ctx, flagged[0].id))?.fraud_decision, null);
  });

  test('a viewer reads the queue and the log and is refused (403) decisions; an admin decides, recorded as the member', async () => {
    const { beta, flagged } = await scene(1);
    const viewer = await signedIn(ctx, 'viewer-fraud@example.com', 'viewer');
    assert.equal((await viewer.request('GET', `/api/v2/betas/${beta.id}/fraud_queue`)).status, 200);
    assert.equal((await viewer.request('GET', `/api/v2/betas/${beta.id}/fraud_decisions`)).status, 200);
    assert.equal((await viewer.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged[0].id}/fraud_decision`, { decision: 'approve' })).status, 403);
    assert.equal((await viewer.request('POST', `/api/v2/betas/${beta.id}/fraud_decisions`, { decision: 'approve', tester_ids: [flagged[0].id] })).status, 403);
    assert.equal((await storedTester(ctx, flagged[0].id))?.fraud_decision, null);
    const admin = await signedIn(ctx, 'admin-fraud@example.com', 'admin');
    const decided = await admin.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged[0].id}/fraud_decision`, { decision: 'reject' });
    assert.equal(decided.status, 200);
    const member = await ctx.database.db.selectFrom('members').select('id').where('email', '=', 'admin-fraud@example.com').executeTakeFirstOrThrow();
    assert.deepEqual(decided.body.decided_by, { member_id: member.id, api_key_id: null, name: 'admin-fraud@example.com' });
  });
});
