// Fraud signals (docs/decisions.md, "Fraud signals"): each flag with its reason on the tester's
// `fraud` object, the disposable-domain block, fraud_mode block, and flagged referrals held until
// accepted.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester, storedBeta, storedTester, testerCount, uniqueEmail } from '../testers/support.ts';
import { createDefinition, createRule, otherCompany, storedRewards } from '../rewards/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { visit } from '../../public/support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('fraud signals', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const signup = (betaId: number, tester: Record<string, unknown>) =>
    ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { body: { tester: { email: uniqueEmail(), ...tester } } });

  /** A tester signed up from `ip` with `user_agent`, referred by `referrer` when given. */
  const from = (ip: string, userAgent: string | null, fields: Record<string, unknown> = {}) => ({
    ...fields,
    profile: { ip, ...(userAgent ? { user_agent: userAgent } : {}) },
  });

  const flagNames = (tester: any): string[] => tester.fraud.flags.map((f: { name: string }) => f.name);

  async function pointsLedger(testerId: number) {
    const rows = await ctx.database.db.selectFrom('points').select(['activity', 'quantity']).where('tester_id', '=', testerId).orderBy('id').execute();
    return rows.map((r) => [r.activity, r.quantity]);
  }

  async function show(betaId: number, id: number) {
    const response = await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${id}`);
    assert.equal(response.status, 200);
    return response.body;
  }

  test('an ordinary signup: its IP and user agent, no flags; show and list carry the same object', async () => {
    const beta = await ctx.createBeta();
    const response = await signup(beta.id, from('198.51.100.1', CHROME));
    assert.equal(response.status, 201);
    const expected = { signup_ip: '198.51.100.1', signup_user_agent: CHROME, flags: [], referral: null, referral_accepted_at: null };
    assert.deepEqual(response.body.fraud, expected);
    assert.deepEqual((await show(beta.id, response.body.id)).fraud, expected);
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers`);
    assert.deepEqual(listed.body[0].fraud, expected);
    const stored = await storedTester(ctx, response.body.id);
    assert.equal(stored?.fraud_flags, null);
    assert.equal(stored?.referral_held, 0);
    assert.equal(stored?.email_alias_key, stored?.email_normalized);
  });

  test('same_ip_as_referrer, with its reason; another IP with the same browser is not flagged', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, { email: 'ann@example.com', ...from('203.0.113.7', CHROME) });
    const sameIp = await createTester(ctx, beta.id, from('203.0.113.7', FIREFOX, { referrer_id: referrer.referral_code }));
    assert.deepEqual(sameIp.fraud.flags, [
      { name: 'same_ip_as_referrer', reason: 'Signed up from 203.0.113.7, the IP address the referrer ann@example.com signed up from' },
    ]);
    assert.equal(sameIp.fraud.referral, 'held');
    const elsewhere = await createTester(ctx, beta.id, from('203.0.113.8', CHROME, { referrer_id: referrer.referral_code }));
    assert.deepEqual(elsewhere.fraud.flags, []);
    assert.equal(elsewhere.fraud.referral, 'credited');
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 1, 'only the unflagged referral counts');
  });

  test('same_device_as_referrer: the same IP and user agent, one flag saying both', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, { email: 'dev@example.com', ...from('203.0.113.9', CHROME) });
    const twin = await createTester(ctx, beta.id, from('203.0.113.9', CHROME, { referrer_id: referrer.email }));
    assert.deepEqual(twin.fraud.flags, [
      { name: 'same_device_as_referrer', reason: 'Same IP address (203.0.113.9) and browser (user agent) as the referrer dev@example.com' },
    ]);
    const noAgent = await createTester(ctx, beta.id, from('203.0.113.9', null, { referrer_id: referrer.email }));
    assert.deepEqual(flagNames(noAgent), ['same_ip_as_referrer'], 'no user agent sent: no device to compare');
  });

  test('referral_chain_from_one_ip: three signups in a row from one IP, not two', async () => {
    const beta = await ctx.createBeta();
    const first = await createTester(ctx, beta.id, { email: 'first@example.com', ...from('192.0.2.50', CHROME) });
    const second = await createTester(ctx, beta.id, { email: 'second@example.com', ...from('192.0.2.50', FIREFOX, { referrer_id: first.referral_code }) });
    assert.deepEqual(flagNames(second), ['same_ip_as_referrer']);
    const third = await createTester(ctx, beta.id, from('192.0.2.50', CHROME, { referrer_id: second.referral_code }));
    assert.deepEqual(third.fraud.flags, [
      { name: 'same_ip_as_referrer', reason: 'Signed up from 192.0.2.50, the IP address the referrer second@example.com signed up from' },
      { name: 'referral_chain_from_one_ip', reason: 'The referrer second@example.com was referred from 192.0.2.50 too: three signups in a row from one IP address' },
    ]);
    const elsewhere = await createTester(ctx, beta.id, from('192.0.2.51', FIREFOX, { referrer_id: second.referral_code }));
    assert.deepEqual(elsewhere.fraud.flags, [], 'the chain breaks when the IP changes');
  });

  test('email_alias: Gmail dots, +tags and googlemail.com, and Proton; not Outlook.com dots or other providers', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id, { email: 'John.Doe@gmail.com' });
    const gmail = await createTester(ctx, beta.id, { email: 'JohnDoe+beta@googlemail.com' });
    assert.deepEqual(gmail.fraud.flags, [{ name: 'email_alias', reason: 'Same Gmail mailbox as John.Doe@gmail.com (Gmail ignores dots and +tags)' }]);
    assert.equal((await storedTester(ctx, gmail.id))?.email_alias_key, 'johndoe@gmail.com');

    await createTester(ctx, beta.id, { email: 'ann_lee@proton.me' });
    const proton = await createTester(ctx, beta.id, { email: 'ann.lee+x@pm.me' });
    assert.deepEqual(proton.fraud.flags, [
      { name: 'email_alias', reason: 'Same Proton Mail mailbox as ann_lee@proton.me (Proton Mail ignores dots, hyphens, underscores and +tags)' },
    ]);

    await createTester(ctx, beta.id, { email: 'bob.smith@outlook.com' });
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, { email: 'bob.smith+x@outlook.com' })), ['email_alias']);
    for (const email of ['bobsmith@outlook.com', 'bob.smith@hotmail.com']) {
      assert.deepEqual(flagNames(await createTester(ctx, beta.id, { email })), [], email);
    }
    await createTester(ctx, beta.id, { email: 'carol.jones@example.com' });
    await createTester(ctx, beta.id, { email: 'dan.k@yahoo.com' });
    for (const email of ['caroljones@example.com', 'carol.jones+x@example.com', 'dank@yahoo.com', 'dan.k+x@yahoo.com']) {
      assert.deepEqual(flagNames(await createTester(ctx, beta.id, { email })), [], email);
    }
    const otherBeta = await ctx.createBeta();
    assert.deepEqual(flagNames(await createTester(ctx, otherBeta.id, { email: 'johndoe@gmail.com' })), [], 'only testers of the same beta');
  });

  test('disposable_email_domain: flagged by default, refused with 2319 when the beta blocks them in block mode', async () => {
    const open = await ctx.createBeta();
    const flagged = await createTester(ctx, open.id, { email: 'temp@team.mailinator.com' });
    assert.deepEqual(flagged.fraud.flags, [{ name: 'disposable_email_domain', reason: 'mailinator.com is a disposable e-mail domain' }]);

    const strict = await ctx.createBeta({ block_disposable_email_domains: true, fraud_mode: 'block' });
    for (const email of ['temp@mailinator.com', 'Temp@GuerrillaMail.com']) {
      const refused = await signup(strict.id, { email });
      assert.equal(refused.status, 422, email);
      assert.deepEqual(refused.body.errors, [{ code: Errors.emailDomainBlocked.code, message: 'Fraud protection: e-mail domain blacklisted' }]);
    }
    assert.equal(await testerCount(ctx, strict.id), 0);
    const both = await ctx.createBeta({ block_disposable_email_domains: true, blocked_email_domains: ['mailinator.com'], fraud_mode: 'block' });
    assert.deepEqual(codes(await signup(both.id, { email: 'x@mailinator.com' })), [2319], 'one error when both rules match');
    assert.equal((await signup(strict.id, { email: 'real@example.com' })).status, 201);
  });

  test('flag mode queues a disposable address the beta blocks for review: stored, flagged, its referral held; blocked_email_domains still refuse', async () => {
    const beta = await ctx.createBeta({ block_disposable_email_domains: true, blocked_email_domains: ['example.org'] });
    const referrer = await createTester(ctx, beta.id, { email: 'host@example.com' });
    const created = await signup(beta.id, { email: 'temp@mailinator.com', referrer_id: referrer.referral_code });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.fraud.flags, [{ name: 'disposable_email_domain', reason: 'mailinator.com is a disposable e-mail domain' }]);
    assert.equal(created.body.fraud.referral, 'held');
    const stored = await storedTester(ctx, created.body.id);
    assert.deepEqual([stored?.status, stored?.fraud_decision, stored?.referral_held], ['applied', null, 1]);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0, 'not credited before review');
    const queue = await ctx.request('GET', `/api/v2/betas/${beta.id}/fraud_queue`);
    assert.deepEqual(queue.body.map((t: any) => t.id), [created.body.id], 'queued for review');
    assert.deepEqual(codes(await signup(beta.id, { email: 'x@example.org' })), [2319], 'a domain the owner lists is refused in either mode');
    assert.equal(await testerCount(ctx, beta.id), 2);
  });

  test('max_signups_per_ip_per_day: block mode refuses past it (2321, nothing stored); flag mode stores, flags and queues', async () => {
    const block = await ctx.createBeta({ max_signups_per_ip_per_day: 2, fraud_mode: 'block' });
    const flag = await ctx.createBeta({ max_signups_per_ip_per_day: 2 });
    for (const beta of [block, flag]) {
      for (let i = 0; i < 2; i++) assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('198.51.100.60', null))), [], `signup ${i + 1}`);
    }
    const refused = await signup(block.id, from('198.51.100.60', null));
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors, [{ code: Errors.tooManySignupsFromIp.code, message: 'Fraud protection: too many signups from this IP address' }]);
    assert.equal(await testerCount(ctx, block.id), 2);

    const queued = await signup(flag.id, from('198.51.100.60', null));
    assert.equal(queued.status, 201, JSON.stringify(queued.body));
    assert.deepEqual(queued.body.fraud.flags, [
      { name: 'many_signups_from_ip', reason: "More than 2 signups from 198.51.100.60 within 24 hours, the beta's limit per IP address" },
    ]);
    assert.equal(await testerCount(ctx, flag.id), 3);
    assert.deepEqual([(await storedTester(ctx, queued.body.id))?.status, (await storedTester(ctx, queued.body.id))?.fraud_decision], ['applied', null]);
    const queue = await ctx.request('GET', `/api/v2/betas/${flag.id}/fraud_queue`);
    assert.deepEqual(queue.body.map((t: any) => t.id), [queued.body.id], 'queued for review');
    assert.deepEqual(flagNames(await createTester(ctx, flag.id, from('198.51.100.61', null))), [], 'another IP is under the limit');
  });

  test('the setting is a boolean, false by default, and accepts form values', async () => {
    const beta = await ctx.createBeta();
    assert.equal(beta.settings && (beta.settings as any).block_disposable_email_domains, false);
    assert.equal((beta.settings as any).fraud_mode, 'flag');
    const patched = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { form: 'settings[block_disposable_email_domains]=1&settings[fraud_mode]=block' });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.equal(patched.body.settings.block_disposable_email_domains, true);
    assert.equal(patched.body.settings.fraud_mode, 'block');
    const bad = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { fraud_mode: 'shadowban' } } });
    assert.equal(bad.status, 422);
    assert.match(bad.body.errors[0].message, /fraud_mode/);
  });

  test('many_signups_from_ip: from the 5th signup from one IP in 24 hours; the window rolls', async () => {
    const beta = await ctx.createBeta();
    for (let i = 0; i < 4; i++) {
      assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('198.51.100.77', null))), [], `signup ${i + 1}`);
      ctx.clock.advance(60_000);
    }
    const fifth = await createTester(ctx, beta.id, from('198.51.100.77', null));
    assert.deepEqual(fifth.fraud.flags, [{ name: 'many_signups_from_ip', reason: 'At least 5 signups from 198.51.100.77 within 24 hours, this one included' }]);
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('198.51.100.78', null))), [], 'another IP');
    // A day and a minute after the first: the first two have left the window, three are in it.
    ctx.clock.advance(86_400_000 - 3 * 60_000);
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('198.51.100.77', null))), [], 'the first signups left the window');
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('198.51.100.77', null))), ['many_signups_from_ip'], 'five in the window again');
  });

  test('subnet_burst (IPv4): from the 20th signup from one /24 in an hour, API creates; held when referred, never refused', async () => {
    const beta = await ctx.createBeta({ fraud_mode: 'block' });
    const referrer = await createTester(ctx, beta.id, from('192.0.2.200', null));
    ctx.clock.advance(60_000);
    // 19 from as many addresses of 203.0.113.0/24 (each its own IP: no other flag).
    for (let i = 1; i <= 19; i++) assert.deepEqual(flagNames(await createTester(ctx, beta.id, from(`203.0.113.${i}`, null))), [], `signup ${i}`);
    ctx.clock.advance(60_000);
    const twentieth = await signup(beta.id, { referrer_id: referrer.id, ...from('203.0.113.250', null) });
    assert.equal(twentieth.status, 201, 'a flag, not a refusal, in block mode too');
    assert.deepEqual(twentieth.body.fraud.flags, [{ name: 'subnet_burst', reason: 'At least 20 signups from the network 203.0.113.0/24 within an hour, this one included' }]);
    assert.equal(twentieth.body.fraud.referral, 'held');
    const stored = await storedTester(ctx, twentieth.body.id);
    assert.equal(stored?.signup_subnet, '203.0.113.0/24');
    assert.equal(stored?.referral_held, 1);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0, 'the held referral is not credited');
    const queue = await ctx.request('GET', `/api/v2/betas/${beta.id}/fraud_queue`);
    assert.deepEqual(queue.body.map((row: { id: number }) => row.id), [twentieth.body.id], 'queued for review');
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('203.0.114.1', null))), [], 'another /24');
    // Nearly an hour after the 19th signup: the 19 signed up then have left the window.
    ctx.clock.advance(59 * 60_000);
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, from('203.0.113.251', null))), [], 'the burst left the window');
    assert.equal((await storedTester(ctx, referrer.id))?.signup_subnet, '192.0.2.0/24');
    const noAddress = await createTester(ctx, beta.id, {});
    assert.equal((await storedTester(ctx, noAddress.id))?.signup_subnet, null, 'a signup without an address has no network');
  });

  test('subnet_burst (IPv6): public signups from one /48, the visitor address counted though the profile keeps no IPv6', async () => {
    const beta = await ctx.createBeta();
    const publicSignup = (ip: string) => visit(ctx, 'POST', `/public/betas/${beta.id}/signups`, { json: { email: uniqueEmail() }, ip });
    for (let i = 1; i <= 19; i++) assert.equal((await publicSignup(`2001:db8:77:${i.toString(16)}::1`)).status, 201, `signup ${i}`);
    const twentieth = await publicSignup('2001:db8:77:ff00::9');
    assert.equal(twentieth.status, 201);
    const rows = await ctx.database.db.selectFrom('testers').select(['ip', 'signup_ip', 'signup_subnet', 'fraud_flags']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.equal(rows.length, 20);
    assert.ok(rows.every((row) => row.ip === null && row.signup_ip === null && row.signup_subnet === '2001:db8:77::/48'), 'no IPv6 address stored, its network is');
    assert.deepEqual(rows.slice(0, 19).map((row) => row.fraud_flags), Array(19).fill(null));
    assert.deepEqual(JSON.parse(rows[19].fraud_flags!), [{ name: 'subnet_burst', reason: 'At least 20 signups from the network 2001:db8:77::/48 within an hour, this one included' }]);
    assert.equal((await publicSignup('2001:db8:78::1')).status, 201);
    const other = await ctx.database.db.selectFrom('testers').select(['signup_subnet', 'fraud_flags']).where('beta_id', '=', beta.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(other, { signup_subnet: '2001:db8:78::/48', fraud_flags: null }, 'another /48');
  });

  test('fraud_mode block refuses alias and same-device referrals (2326) and stores nothing', async () => {
    const beta = await ctx.createBeta({ fraud_mode: 'block' });
    const referrer = await createTester(ctx, beta.id, { email: 'sam.lee@gmail.com', ...from('203.0.113.20', CHROME) });
    const before = { testers: await testerCount(ctx, beta.id), points: await pointsLedger(referrer.id), beta: await storedBeta(ctx, beta.id) };

    const device = await signup(beta.id, from('203.0.113.20', CHROME, { referrer_id: referrer.referral_code }));
    assert.equal(device.status, 422);
    assert.deepEqual(device.body.errors, [{ code: Errors.referralRefused.code, message: 'Fraud protection: referral refused (signed up from the same device as the referrer)' }]);
    const alias = await signup(beta.id, { email: 'samlee+2@gmail.com', referrer_id: referrer.referral_code });
    assert.equal(alias.status, 422);
    assert.deepEqual(alias.body.errors, [
      { code: Errors.referralRefused.code, message: 'Fraud protection: referral refused (the address reaches the same mailbox as a tester already signed up)' },
    ]);

    assert.equal(await testerCount(ctx, beta.id), before.testers);
    assert.deepEqual(await pointsLedger(referrer.id), before.points);
    assert.deepEqual(await storedBeta(ctx, beta.id), before.beta);
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 0);

    const sameIp = await createTester(ctx, beta.id, from('203.0.113.20', FIREFOX, { referrer_id: referrer.referral_code }));
    assert.deepEqual([flagNames(sameIp), sameIp.fraud.referral], [['same_ip_as_referrer'], 'held'], 'a shared IP alone is held, not refused');
    const unreferred = await createTester(ctx, beta.id, { email: 's.a.m.lee@gmail.com' });
    assert.deepEqual([flagNames(unreferred), unreferred.fraud.referral], [['email_alias'], null], 'an alias without a referral is only flagged');
  });

  test('flag mode: a flagged referral is stored uncredited, and accept_referral credits it once', async () => {
    const beta = await ctx.createBeta();
    const single = await createDefinition(ctx, beta.id, { type: 'SingleSided', name: 'Sticker', max_quantity_per_user: 10 });
    await createRule(ctx, beta.id, 'signup', single.descriptor);
    const milestone = await createDefinition(ctx, beta.id, { type: 'Milestone', name: 'First friend', referrals_required: 1 });
    const referrer = await createTester(ctx, beta.id, from('203.0.113.30', CHROME));
    const flagged = await createTester(ctx, beta.id, from('203.0.113.30', CHROME, { referrer_id: referrer.referral_code }));
    assert.equal(flagged.status, 'applied');
    assert.equal(flagged.referred_by, referrer.email);
    assert.deepEqual([flagNames(flagged), flagged.fraud.referral, flagged.fraud.referral_accepted_at], [['same_device_as_referrer'], 'held', null]);

    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 0);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 0);
    assert.deepEqual(await pointsLedger(referrer.id), [['signup', 1]], 'no referral points');
    assert.deepEqual(await pointsLedger(flagged.id), [['signup', 1]], "the tester's own signup points are not held");
    assert.deepEqual(await storedRewards(ctx, beta.id), [], 'no signup-rule reward, no milestone');
    const stored = await storedTester(ctx, flagged.id);
    assert.deepEqual([stored?.referral_held, stored?.referral_credited_at], [1, null]);

    ctx.clock.advance(3_600_000);
    const accepted = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged.uuid}/accept_referral.json`);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.id, flagged.id);
    assert.deepEqual([accepted.body.fraud.referral, accepted.body.fraud.referral_accepted_at], ['credited', '2026-11-22T10:15:00Z']);
    assert.deepEqual(flagNames(accepted.body), ['same_device_as_referrer'], 'the flags stay: they explain the signup');
    const credit = async () => ({
      referrer: (await show(beta.id, referrer.id)).share_signups_count,
      beta: (await storedBeta(ctx, beta.id)).share_signups_count,
      points: await pointsLedger(referrer.id),
      rewards: (await storedRewards(ctx, beta.id)).map((r) => [r.tester_id, r.descriptor, r.source]),
    });
    const once = {
      referrer: 1,
      beta: 1,
      points: [['signup', 1], ['referral', 5]],
      rewards: [[referrer.id, single.descriptor, 'signup'], [referrer.id, milestone.descriptor, 'milestone']],
    };
    assert.deepEqual(await credit(), once);
    const storedAfter = await storedTester(ctx, flagged.id);
    assert.deepEqual([storedAfter?.referral_held, storedAfter?.referral_credited_at], [0, '2026-11-22T10:15:00.000Z']);

    const again = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged.id}/accept_referral`);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.fraud, accepted.body.fraud);
    assert.deepEqual(await credit(), once, 'accepting again credits nothing more');
  });

  test('an accepted referral of an unconfirmed tester is credited when they join', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const referrer = await createTester(ctx, beta.id, from('203.0.113.40', CHROME));
    const pending = await createTester(ctx, beta.id, from('203.0.113.40', CHROME, { status: 'unconfirmed', referrer_id: referrer.id }));
    assert.equal(pending.fraud.referral, 'held');
    const accepted = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${pending.id}/accept_referral`);
    assert.equal(accepted.status, 200);
    assert.deepEqual([accepted.body.fraud.referral, accepted.body.fraud.referral_accepted_at], ['pending', '2026-11-22T09:15:00Z']);
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 0, 'not joined yet');
    const joined = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    assert.equal(joined.body.fraud.referral, 'credited');
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 1);
  });

  test('an accepted referral of a tester created invited is credited at once: invited has joined', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, from('203.0.113.41', CHROME));
    const invited = await createTester(ctx, beta.id, from('203.0.113.41', CHROME, { status: 'invited', referrer_id: referrer.id }));
    assert.equal(invited.fraud.referral, 'held');
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 0);
    const accepted = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${invited.id}/accept_referral`);
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.fraud.referral, 'credited');
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 1);
  });

  test('accept_referral: 422 for a referral never held or no referral; 404s; 403 without testers:write', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, from('203.0.113.50', CHROME));
    const clean = await createTester(ctx, beta.id, from('203.0.113.51', CHROME, { referrer_id: referrer.referral_code }));
    const accept = (id: number | string, options = {}) => ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${id}/accept_referral`, options);

    const unflagged = await accept(clean.id);
    assert.equal(unflagged.status, 422);
    assert.deepEqual(unflagged.body.errors, [
      { code: Errors.testersGeneral.code, message: "This tester's referral is not held: it had no fraud flags, so it is credited without acceptance" },
    ]);
    const unreferred = await accept(referrer.id);
    assert.equal(unreferred.status, 422);
    assert.deepEqual(unreferred.body.errors, [{ code: Errors.testersGeneral.code, message: 'This tester has no referrer (none was given, or the referrer was deleted)' }]);
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 1, 'nothing changed');

    const held = await createTester(ctx, beta.id, from('203.0.113.50', FIREFOX, { referrer_id: referrer.referral_code }));
    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read'] });
    const forbidden = await accept(held.id, { key: readOnly });
    assert.equal(forbidden.status, 403);
    assert.equal((await storedTester(ctx, held.id))?.referral_held, 1);

    assert.equal((await accept(999999)).status, 404);
    assert.equal((await accept('not-an-id')).status, 404);
    const otherBeta = await ctx.createBeta();
    assert.equal((await ctx.request('POST', `/api/v2/betas/${otherBeta.id}/testers/${held.id}/accept_referral`)).status, 404, 'a tester of another beta');
    const other = await otherCompany(ctx);
    const foreign = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${held.id}/accept_referral`, { key: other.key });
    assert.equal(foreign.status, 404, "another company's key");
    assert.deepEqual(foreign.body.errors.map((e: { code: number }) => e.code), [Errors.notFound.code]);
    assert.equal((await storedTester(ctx, held.id))?.referral_held, 1, 'still held');
  });

  test('a referrer given later by update is judged as at signup: held, or refused in block mode', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, from('203.0.113.60', CHROME));
    const later = await createTester(ctx, beta.id, from('203.0.113.60', CHROME));
    assert.deepEqual(later.fraud.flags, []);
    const updated = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${later.id}`, { body: { tester: { referrer_id: referrer.referral_code } } });
    assert.equal(updated.status, 200);
    assert.deepEqual([flagNames(updated.body), updated.body.fraud.referral], [['same_device_as_referrer'], 'held']);
    assert.equal((await show(beta.id, referrer.id)).share_signups_count, 0);

    const strict = await ctx.createBeta({ fraud_mode: 'block' });
    const strictReferrer = await createTester(ctx, strict.id, from('203.0.113.61', CHROME));
    const strictLater = await createTester(ctx, strict.id, from('203.0.113.61', CHROME));
    const refused = await ctx.request('PUT', `/api/v2/betas/${strict.id}/testers/${strictLater.id}`, {
      body: { tester: { referrer_id: strictReferrer.referral_code, groups: 'vip' } },
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(codes(refused), [2326]);
    const stored = await storedTester(ctx, strictLater.id);
    assert.deepEqual([stored?.referrer_id, stored?.groups, stored?.fraud_flags], [null, '', null], 'nothing changed');
  });

  test('a new address by update gets its mailbox key', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const updated = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { email: 'Mia.Wong+x@gmail.com' } } });
    assert.equal(updated.status, 200);
    assert.equal((await storedTester(ctx, tester.id))?.email_alias_key, 'miawong@gmail.com');
    assert.deepEqual(flagNames(await createTester(ctx, beta.id, { email: 'miawong@gmail.com' })), ['email_alias']);
  });

  test('webhook event data carries the fraud object: tester_created, and tester_updated on acceptance', async () => {
    const beta = await ctx.createBeta();
    await ctx.database.db
      .insertInto('webhook_endpoints')
      .values({
        beta_id: beta.id,
        url: 'https://hooks.example.com/prelaunch',
        secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0',
        events: null,
        enabled: 1,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    const referrer = await createTester(ctx, beta.id, from('203.0.113.70', CHROME));
    const flagged = await createTester(ctx, beta.id, from('203.0.113.70', CHROME, { referrer_id: referrer.referral_code }));
    const events = async () =>
      (await ctx.database.db.selectFrom('webhook_events').select(['type', 'payload']).where('beta_id', '=', beta.id).orderBy('id').execute()).map(
        (row) => ({ type: row.type, data: JSON.parse(row.payload).data }),
      );
    const created = (await events()).filter((e) => e.type === 'tester_created' && e.data.id === flagged.id);
    assert.equal(created.length, 1);
    assert.deepEqual(created[0].data.fraud, flagged.fraud);
    assert.equal(created[0].data.fraud.referral, 'held');
    assert.equal((await events()).filter((e) => e.type === 'tester_updated').length, 0, 'no referrer update: nothing credited');

    const accepted = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${flagged.id}/accept_referral`);
    const updated = (await events()).filter((e) => e.type === 'tester_updated');
    assert.deepEqual(updated.map((e) => e.data.id).sort(), [referrer.id, flagged.id].sort());
    const own = updated.find((e) => e.data.id === flagged.id)!;
    assert.deepEqual(own.data.fraud, accepted.body.fraud);
    assert.equal(updated.find((e) => e.data.id === referrer.id)!.data.share_signups_count, 1);
  });

  test('the OpenAPI document marks the route and the field as extensions', async () => {
    const response = await ctx.request('GET', '/api/v2/openapi.json');
    assert.equal(response.status, 200);
    const operation = response.body.paths['/api/v2/betas/{beta_id}/testers/{tester_id}/accept_referral'].post;
    assert.deepEqual(operation.tags, ['Testers']);
    assert.equal(operation['x-extension'], true);
    const text = JSON.stringify(response.body);
    assert.match(text, /"fraud":\{[\s\S]*?"description":"Extension: fraud signals that explain themselves"/);
  });
});
