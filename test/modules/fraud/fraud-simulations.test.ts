// Fraud rules tried on the past: proposed settings replayed over a beta's testers by a background
// job, against a scene whose outcome is worked out by hand (who each rule refuses, flags or holds,
// the credits taken back and the positions that move); nothing of the beta changes; bad settings
// refused with nothing stored; another company's beta and an unknown simulation are 404.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester } from '../testers/support.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('fraud simulations', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set('2026-11-22T09:15:00Z'));

  /**
   * In signup order: ann; eve (referred by ann, credited); dave+beta@ and then dave@gmail.com (one
   * mailbox); gina; six from 192.0.2.x (the /24 192.0.2.0), 192.0.2.10 for all but the last;
   * frank@example.org (referred by gina, credited); carl at a disposable domain; bob (referred by
   * ann from her device: held), from Germany. Ordered by referrals; each of the others in a /24 of its own.
   */
  async function scene() {
    const beta = await ctx.createBeta({ waitlist_order: 'referrals' });
    const at = (ip: string, agent = CHROME) => ({ ip, user_agent: agent });
    const ann = await createTester(ctx, beta.id, { email: `ann-${beta.id}@example.com`, profile: at('198.51.1.1') });
    const eve = await createTester(ctx, beta.id, { email: `eve-${beta.id}@example.com`, referrer_id: ann.referral_code, profile: at('198.51.3.1') });
    const daveAlias = await createTester(ctx, beta.id, { email: `dave.${beta.id}+beta@gmail.com`, profile: at('198.51.4.1') });
    const dave = await createTester(ctx, beta.id, { email: `dave${beta.id}@gmail.com`, profile: at('198.51.5.1') });
    const gina = await createTester(ctx, beta.id, { email: `gina-${beta.id}@example.com`, profile: at('198.51.2.1') });
    const crowd = [];
    for (let i = 0; i < 6; i++) {
      crowd.push(await createTester(ctx, beta.id, { email: `crowd${i}-${beta.id}@example.com`, profile: at(i < 5 ? '192.0.2.10' : '192.0.2.99') }));
    }
    const frank = await createTester(ctx, beta.id, { email: `frank-${beta.id}@example.org`, referrer_id: gina.referral_code, profile: at('198.51.6.1') });
    const carl = await createTester(ctx, beta.id, { email: `carl-${beta.id}@mailinator.com`, profile: at('198.51.7.1') });
    const bob = await createTester(ctx, beta.id, { email: `bob-${beta.id}@example.com`, referrer_id: ann.referral_code, profile: { ...at('198.51.1.1'), country: 'DE' } });
    return { beta, ann, gina, eve, daveAlias, dave, crowd, frank, carl, bob };
  }

  const simulate = (betaId: number, body: unknown) => ctx.request('POST', `/api/v2/betas/${betaId}/fraud/simulations.json`, { body });
  const show = (betaId: number, id: number | string) => ctx.request('GET', `/api/v2/betas/${betaId}/fraud/simulations/${id}.json`);
  const stored = (betaId: number) =>
    ctx.database.db
      .selectFrom('testers')
      .select(['id', 'status', 'hidden', 'share_signups_count', 'points', 'fraud_flags', 'referral_held', 'referral_credited_at'])
      .where('beta_id', '=', betaId)
      .orderBy('id')
      .execute();

  test('replays the beta under the settings tried: each rule refuses, flags or holds whom it would, and the positions that would move', async () => {
    const s = await scene();
    // Today: ann and gina lead with a credited referral each; bob's referral is held (same device), 2 of the crowd are flagged.
    const position = async (id: number) => (await ctx.request('GET', `/api/v2/betas/${s.beta.id}/testers/${id}`)).body.waitlist_position;
    assert.deepEqual([await position(s.ann.id), await position(s.gina.id), await position(s.eve.id), await position(s.dave.id)], [1, 2, 3, 5]);
    const before = await stored(s.beta.id);
    assert.equal(before.find((row) => row.id === s.bob.id)!.referral_held, 1);

    const created = await simulate(s.beta.id, {
      settings: { blocked_email_domains: ['example.org'], max_signups_per_ip_per_day: 3, block_disposable_email_domains: true, fraud_mode: 'block' },
    });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.equal(created.body.status, 'running');
    assert.equal(created.body.progress, 0);
    assert.deepEqual(created.body.rules, []);
    assert.equal(created.body.positions_changed, null);
    assert.deepEqual(created.body.settings, {
      blocked_email_domains: ['example.org'],
      blocked_ips: [],
      block_disposable_email_domains: true,
      max_signups_per_ip_per_day: 3,
      max_signups_per_subnet_per_hour: null,
      signup_countries_allowed: [],
      signup_countries_blocked: [],
      fraud_mode: 'block',
    });
    const row = await ctx.database.db.selectFrom('fraud_simulations').select('settings').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    assert.deepEqual(Object.keys(JSON.parse(row.settings)).sort(), [...Object.keys(created.body.settings), 'referral_points', 'waitlist_order'].sort(), 'no other setting (no secret) is copied');
    assert.equal(await ctx.runJobs(), 1);

    const done = await show(s.beta.id, created.body.id);
    assert.equal(done.status, 200);
    assert.equal(done.body.status, 'completed');
    assert.equal(done.body.progress, 100);
    assert.equal(done.body.testers_checked, 14);
    const rules = Object.fromEntries(done.body.rules.map((rule: any) => [rule.rule, rule]));
    const counts = (rule: string) => [rules[rule].flagged, rules[rule].held, rules[rule].refused];
    assert.deepEqual(counts('blocked_email_domains'), [0, 0, 1]);
    assert.deepEqual(rules.blocked_email_domains.examples, [
      { tester_id: s.frank.id, email: s.frank.email, outcome: 'refused', reason: 'example.org is a blocked domain' },
    ]);
    assert.deepEqual(counts('block_disposable_email_domains'), [0, 0, 1]);
    assert.equal(rules.block_disposable_email_domains.examples[0].tester_id, s.carl.id);
    // Three from 192.0.2.10 are stored; the fourth and fifth find three in the day. The sixth is another address.
    assert.deepEqual(counts('max_signups_per_ip_per_day'), [0, 0, 2]);
    assert.deepEqual(rules.max_signups_per_ip_per_day.examples.map((e: any) => e.tester_id), [s.crowd[3].id, s.crowd[4].id]);
    assert.equal(rules.max_signups_per_ip_per_day.examples[0].reason, 'More than 3 signups from 192.0.2.10 within 24 hours');
    // Block mode refuses the same-device referral instead of holding it.
    assert.deepEqual(counts('same_device_as_referrer'), [0, 0, 1]);
    assert.equal(rules.same_device_as_referrer.examples[0].tester_id, s.bob.id);
    assert.deepEqual(counts('email_alias'), [1, 0, 0]);
    assert.deepEqual(rules.email_alias.examples, [
      { tester_id: s.dave.id, email: s.dave.email, outcome: 'flagged', reason: `Same Gmail mailbox as ${s.daveAlias.email} (Gmail ignores dots and +tags)` },
    ]);
    // Fewer than five stored from one address now: nobody is "many signups from one IP".
    assert.deepEqual(counts('many_signups_from_ip'), [0, 0, 0]);
    for (const rule of ['signup_countries', 'max_signups_per_subnet_per_hour', 'blocked_ips', 'same_ip_as_referrer', 'referral_chain_from_one_ip', 'disposable_email_domain']) {
      assert.deepEqual(counts(rule), [0, 0, 0], rule);
      assert.deepEqual(rules[rule].examples, [], rule);
    }
    // Five refused leave the waitlist; gina loses frank's credit and falls behind eve, daveAlias and
    // dave (#2 to #5), who each move up one; the last of the crowd moves from #11 to #9: 10 positions.
    // Bob's referral was never credited: ann stays first.
    assert.equal(done.body.positions_changed, 10);

    // Nothing of the beta changed, and nothing was queued for it.
    assert.deepEqual(await stored(s.beta.id), before);
    assert.equal(await ctx.runJobs(), 0);
  });

  test('subnets and countries: the limit per /24 an hour, and a blocked country from the row', async () => {
    const s = await scene();
    const created = await simulate(s.beta.id, { settings: { max_signups_per_subnet_per_hour: 4, signup_countries_blocked: ['de'] } });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    assert.deepEqual(created.body.settings.signup_countries_blocked, ['DE']);
    await ctx.runJobs();
    const done = (await show(s.beta.id, created.body.id)).body;
    const rules = Object.fromEntries(done.rules.map((rule: any) => [rule.rule, rule]));
    assert.deepEqual(rules.max_signups_per_subnet_per_hour.examples.map((e: any) => e.tester_id), [s.crowd[4].id, s.crowd[5].id]);
    assert.equal(rules.max_signups_per_subnet_per_hour.examples[0].reason, 'More than 4 signups from 192.0.2.0/24 within an hour');
    assert.deepEqual(rules.signup_countries.examples, [{ tester_id: s.bob.id, email: s.bob.email, outcome: 'refused', reason: 'Signed up from DE' }]);
    // Flag mode: the four of the crowd kept are under five from one address; bob is refused before his flags count.
    assert.deepEqual([rules.many_signups_from_ip.flagged, rules.same_device_as_referrer.held, rules.same_device_as_referrer.refused], [0, 0, 0]);
    // crowd 4 and 5 and bob leave the waitlist, frank and carl move up two; no credit changes.
    assert.equal(done.positions_changed, 5);
  });

  test('in flag mode a flagged referral is held, and the flags of a tester not referred mark it', async () => {
    const s = await scene();
    const created = await simulate(s.beta.id, { settings: {} });
    assert.equal(created.status, 202, JSON.stringify(created.body));
    await ctx.runJobs();
    const done = (await show(s.beta.id, created.body.id)).body;
    const rules = Object.fromEntries(done.rules.map((rule: any) => [rule.rule, [rule.flagged, rule.held, rule.refused]]));
    // The beta's own settings: what happened at signup happens again, and nobody moves.
    assert.deepEqual(rules.same_device_as_referrer, [0, 1, 0]);
    assert.deepEqual(rules.many_signups_from_ip, [1, 0, 0], 'the fifth from 192.0.2.10');
    assert.deepEqual(rules.disposable_email_domain, [1, 0, 0]);
    assert.deepEqual(rules.email_alias, [1, 0, 0]);
    assert.equal(done.positions_changed, 0);
  });

  test("erasing a tester deletes the simulations whose examples name them, and only those", async () => {
    const s = await scene();
    const naming = await simulate(s.beta.id, { settings: { blocked_email_domains: ['example.org'] } });
    const silent = await simulate(s.beta.id, { settings: { blocked_ips: ['203.0.113.0/24'] } });
    await ctx.runJobs();
    assert.equal((await show(s.beta.id, naming.body.id)).body.rules.find((rule: any) => rule.rule === 'blocked_email_domains').examples[0].email, s.frank.email);
    const erased = await ctx.request('POST', `/api/v2/betas/${s.beta.id}/testers/${s.frank.id}/erase`);
    assert.equal(erased.status, 200, JSON.stringify(erased.body));
    assert.equal(erased.body.deleted.fraud_simulations, 1);
    assert.equal((await show(s.beta.id, naming.body.id)).status, 404);
    assert.equal((await show(s.beta.id, silent.body.id)).status, 200);
  });

  test('settings it does not take, values the settings refuse, or none: 422 and nothing stored', async () => {
    const beta = await ctx.createBeta();
    const cases: [unknown, string][] = [
      [{}, 'settings is required'],
      [{ settings: { accepting_signups: false } }, 'settings.accepting_signups cannot be tried'],
      [{ settings: { blocked_ips: ['not-an-ip'] } }, 'settings.blocked_ips: not-an-ip is not an IP address or CIDR range'],
      [{ settings: { signup_countries_allowed: ['XX'] } }, 'settings.signup_countries_allowed: XX is not an ISO 3166-1 alpha-2 country code'],
    ];
    for (const [body, message] of cases) {
      const response = await simulate(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.match(response.body.errors[0].message, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), JSON.stringify(body));
    }
    const wrongType = await simulate(beta.id, { settings: { max_signups_per_ip_per_day: 'many' } });
    assert.equal(wrongType.status, 422);
    assert.ok(codes(wrongType).length > 0);
    const rows = await ctx.database.db.selectFrom('fraud_simulations').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(rows, []);
    assert.equal(await ctx.runJobs(), 0);
  });

  test("another company's beta, another beta's simulation and an unknown id: 404", async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const created = await simulate(beta.id, { settings: { fraud_mode: 'block' } });
    assert.equal(created.status, 202);
    assert.equal((await show(other.id, created.body.id)).status, 404);
    assert.equal((await show(beta.id, 999_999)).status, 404);
    assert.equal((await show(beta.id, 'abc')).status, 404);
    const stranger = await ctx.services.accounts.createCompany({ name: 'Stranger' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: stranger.id });
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/fraud/simulations/${created.body.id}.json`, { key })).status, 404);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/fraud/simulations.json`, { key, body: { settings: {} } })).status, 404);
  });
});
