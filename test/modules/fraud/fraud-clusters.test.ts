// Clusters of the fraud queue through the API: flagged testers not decided yet grouped by network
// (/24), device (IP and user agent) and referrer against a hand-built scene, a page of them, a
// cluster rejected and one approved whole (status, body, stored state, the events raised), and bad
// input, another company's beta and a key without the permission changing nothing.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, createTester, storedTester } from '../testers/support.ts';
import { otherCompany } from '../rewards/support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('fraud clusters', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const from = (ip: string, userAgent: string, fields: Record<string, unknown> = {}) => ({ ...fields, profile: { ip, user_agent: userAgent } });

  /**
   * A referrer R; A and B referred from R's own device (198.51.100.1 + Chrome); C referred from
   * 203.0.113.10 at a disposable domain; D and E at disposable domains from elsewhere in
   * 203.0.113.0/24; F alone on 192.0.2.5; G in the /24 but decided already; H in it but clean.
   */
  async function scene() {
    const beta = await ctx.createBeta();
    await ctx.database.db
      .insertInto('webhook_endpoints')
      .values({ beta_id: beta.id, url: 'https://hooks.example.com/p', secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0', events: null, enabled: 1, created_at: NOW, updated_at: NOW })
      .execute();
    const r = await createTester(ctx, beta.id, { email: `r-${beta.id}@example.com`, ...from('198.51.100.1', CHROME) });
    const referred = { referrer_id: r.referral_code };
    const a = await createTester(ctx, beta.id, { email: `a-${beta.id}@example.com`, ...from('198.51.100.1', CHROME, referred) });
    const b = await createTester(ctx, beta.id, { email: `b-${beta.id}@example.com`, ...from('198.51.100.1', CHROME, referred) });
    const c = await createTester(ctx, beta.id, { email: `c-${beta.id}@mailinator.com`, ...from('203.0.113.10', FIREFOX, referred) });
    const d = await createTester(ctx, beta.id, { email: `d-${beta.id}@mailinator.com`, ...from('203.0.113.11', FIREFOX) });
    const e = await createTester(ctx, beta.id, { email: `e-${beta.id}@mailinator.com`, ...from('203.0.113.200', CHROME) });
    const f = await createTester(ctx, beta.id, { email: `f-${beta.id}@mailinator.com`, ...from('192.0.2.5', CHROME) });
    const g = await createTester(ctx, beta.id, { email: `g-${beta.id}@mailinator.com`, ...from('203.0.113.12', FIREFOX) });
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${g.id}/fraud_decision`, { body: { decision: 'approve' } })).status, 200);
    const h = await createTester(ctx, beta.id, { email: `h-${beta.id}@example.com`, ...from('203.0.113.13', FIREFOX) });
    assert.deepEqual([a, b, c, d, e, f].map((t) => t.fraud.flags.length > 0), [true, true, true, true, true, true]);
    assert.deepEqual(h.fraud.flags, []);
    return { beta, r, a, b, c, d, e, f, g, h };
  }

  const clusters = (betaId: number, query: string, key?: string) => ctx.request('GET', `/api/v2/betas/${betaId}/fraud/clusters${query}`, { key });
  const decideCluster = (betaId: number, body: unknown, key?: string) => ctx.request('POST', `/api/v2/betas/${betaId}/fraud/cluster_decisions`, { body, key });
  const summary = (body: any[]) => body.map((cluster) => [cluster.key, cluster.label, cluster.size, cluster.members.map((m: any) => m.id)]);
  const events = async (betaId: number) =>
    (await ctx.database.db.selectFrom('webhook_events').select(['type', 'payload']).where('beta_id', '=', betaId).orderBy('id').execute()).map((row) => ({
      type: row.type,
      data: JSON.parse(row.payload).data,
    }));

  test('clusters by network, device and referrer: two or more undecided flagged testers, the largest first, with their first members', async () => {
    const { beta, r, a, b, c, d, e } = await scene();
    const network = await clusters(beta.id, '?by=network');
    assert.equal(network.status, 200, JSON.stringify(network.body));
    assert.deepEqual(summary(network.body), [
      ['203.0.113.0/24', '203.0.113.0/24', 3, [c.id, d.id, e.id]],
      ['198.51.100.0/24', '198.51.100.0/24', 2, [a.id, b.id]],
    ]);
    assert.equal(network.body[0].by, 'network');
    assert.deepEqual(network.body[0].members[0], {
      id: c.id,
      email: c.email,
      status: 'applied',
      created_at: '2026-11-22T09:15:00Z',
      referred_by: r.email,
      referral: 'held',
      signup_ip: '203.0.113.10',
      signup_user_agent: FIREFOX,
      flags: [{ name: 'disposable_email_domain', reason: 'mailinator.com is a disposable e-mail domain' }],
    });
    assert.deepEqual(JSON.parse(String(network.headers['x-pagination'])).total_count, 2);

    const device = await clusters(beta.id, '?by=device');
    assert.deepEqual(summary(device.body), [[`198.51.100.1 ${CHROME}`, `198.51.100.1 with ${CHROME}`, 2, [a.id, b.id]]]);
    const referrer = await clusters(beta.id, '?by=referrer');
    assert.deepEqual(summary(referrer.body), [[String(r.id), r.email, 3, [a.id, b.id, c.id]]]);

    const second = await clusters(beta.id, '?by=network&per_page=1&page=2');
    assert.deepEqual(summary(second.body), [['198.51.100.0/24', '198.51.100.0/24', 2, [a.id, b.id]]]);
    assert.deepEqual((await clusters(beta.id, '?by=network&page=3')).body, [], 'a page past the end');
  });

  test('a network cluster rejected whole: each member decided and rejected, its referral never credited, events raised; then it is gone', async () => {
    const { beta, r, a, b, c, d, e, f } = await scene();
    const before = await events(beta.id);
    const response = await decideCluster(beta.id, { by: 'network', key: '203.0.113.0/24', decision: 'reject', note: 'bot farm' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { by: 'network', key: '203.0.113.0/24', decision: 'reject', decided: 3 });

    for (const member of [c, d, e]) {
      const stored = await storedTester(ctx, member.id);
      assert.deepEqual([stored?.status, stored?.fraud_decision, stored?.referral_credited_at ?? null], ['rejected', 'reject', null], member.email);
    }
    for (const other of [a, b, f]) assert.deepEqual([(await storedTester(ctx, other.id))?.status, (await storedTester(ctx, other.id))?.fraud_decision], ['applied', null]);
    assert.equal((await storedTester(ctx, r.id))?.share_signups_count, 0, 'the rejected referral is never credited');
    const decisions = await ctx.database.db.selectFrom('fraud_decisions').select(['tester_id', 'decision', 'note']).where('beta_id', '=', beta.id).where('decision', '=', 'reject').orderBy('tester_id').execute();
    assert.deepEqual(decisions, [c, d, e].map((t) => ({ tester_id: t.id, decision: 'reject', note: 'bot farm' })));
    const raised = (await events(beta.id)).slice(before.length);
    assert.deepEqual(raised.filter((event) => event.type === 'tester_updated').map((event) => [event.data.id, event.data.status]).sort(), [c, d, e].map((t) => [t.id, 'rejected']).sort());
    await assertCountersExact(ctx, beta.id, assert);

    assert.deepEqual(summary((await clusters(beta.id, '?by=network')).body).map((cluster) => cluster[0]), ['198.51.100.0/24']);
    assert.deepEqual(summary((await clusters(beta.id, '?by=referrer')).body), [[String(r.id), r.email, 2, [a.id, b.id]]]);
    const again = await decideCluster(beta.id, { by: 'network', key: '203.0.113.0/24', decision: 'reject' });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.errors, [{ code: 2301, message: 'No flagged tester waiting for review is in the network cluster 203.0.113.0/24' }]);
    assert.equal((await ctx.database.db.selectFrom('fraud_decisions').select('id').where('beta_id', '=', beta.id).execute()).length, 4, 'nothing decided twice');
  });

  test('a device cluster approved whole: the held referrals credited to the referrer, counters exact', async () => {
    const { beta, r, a, b } = await scene();
    const response = await decideCluster(beta.id, { by: 'device', key: `198.51.100.1 ${CHROME}`, decision: 'approve' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.decided, 2);
    for (const member of [a, b]) assert.equal((await storedTester(ctx, member.id))?.fraud_decision, 'approve');
    assert.equal((await storedTester(ctx, r.id))?.share_signups_count, 2);
    await assertCountersExact(ctx, beta.id, assert);
    assert.deepEqual((await clusters(beta.id, '?by=device')).body, []);
  });

  test('bad input, another company and a key without testers:write change nothing', async () => {
    const { beta } = await scene();
    const cases: [unknown, number, RegExp][] = [
      [{}, 422, /by is required.*key is required.*decision is required/],
      [{ by: 'network', key: 'nonsense', decision: 'reject' }, 422, /key of a network cluster is a subnet/],
      [{ by: 'referrer', key: 'abc', decision: 'reject' }, 422, /key of a referrer cluster is the referrer's tester id/],
      [{ by: 'device', key: '198.51.100.1', decision: 'reject' }, 422, /key of a device cluster/],
      [{ by: 'planet', key: 'x', decision: 'reject' }, 422, /by/],
      [{ by: 'network', key: '198.51.100.0/24', decision: 'ban' }, 422, /decision/],
    ];
    for (const [body, status, message] of cases) {
      const response = await decideCluster(beta.id, body);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.match(response.body.errors.map((error: any) => error.message).join('; '), message, JSON.stringify(body));
    }
    assert.deepEqual(summary((await clusters(beta.id, '')).body), summary((await clusters(beta.id, '?by=network')).body), 'by network when not given');
    assert.equal((await clusters(beta.id, '?by=planet')).status, 422);

    const other = await otherCompany(ctx);
    assert.equal((await clusters(beta.id, '?by=network', other.key)).status, 404);
    assert.equal((await decideCluster(beta.id, { by: 'network', key: '198.51.100.0/24', decision: 'reject' }, other.key)).status, 404);
    const { key: reader } = await ctx.services.accounts.createApiKey({ companyId: (await ctx.database.db.selectFrom('betas').select('company_id').where('id', '=', beta.id).executeTakeFirstOrThrow()).company_id, permissions: ['testers:read'] });
    assert.equal((await clusters(beta.id, '?by=network', reader)).status, 200);
    assert.equal((await decideCluster(beta.id, { by: 'network', key: '198.51.100.0/24', decision: 'reject' }, reader)).status, 403);
    assert.equal((await ctx.database.db.selectFrom('fraud_decisions').select('id').where('beta_id', '=', beta.id).execute()).length, 1, 'only the scene\'s own decision');
  });
});
