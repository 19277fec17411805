// Invariants under concurrency: requests run together through Promise.all (on PostgreSQL the pool
// has 20 connections, so transactions truly overlap; on SQLite they serialise), and afterwards
// every counter, credit and position must be exactly what a recount of the rows says.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { dialect, startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { assertCountersExact, codes, createTester, storedBeta, testerCount, uniqueEmail } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

/** Which answers an operation may give: status → the error codes allowed with it (2xx: none). */
type Allowed = Record<number, number[]>;

interface Op {
  label: string;
  allowed: Allowed;
  run: () => Promise<TestResponse>;
}

/** The same order on every run (a seeded shuffle), with the kinds of operations interleaved. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const result = [...items];
  let state = seed;
  for (let i = result.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

const CREATE: Allowed = { 201: [] };
const CREATE_OR_EXISTS: Allowed = { 201: [], 422: [2310] };
const UPDATE: Allowed = { 200: [], 404: [1404], 422: [2301] };
const DELETE_NOW: Allowed = { 200: [], 404: [1404] };
const DELETE_QUEUED: Allowed = { 202: [], 404: [1404] };
const CHECKIN: Allowed = { 202: [], 404: [1404], 422: [2301] };

describe('testers under concurrency', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const create = (betaId: number, tester: Record<string, unknown>, key?: string) =>
    ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { body: { tester }, key });

  /** Runs the operations together; every answer must be one its operation allows, with the error body. */
  async function wave(ops: Op[]): Promise<TestResponse[]> {
    const responses = await Promise.all(ops.map((op) => op.run()));
    responses.forEach((response, i) => {
      const { label, allowed } = ops[i];
      const detail = `${label}: ${response.status} ${JSON.stringify(response.body)}`;
      assert.ok(response.status in allowed, `unexpected answer to ${detail}`);
      if (response.status >= 400) {
        assert.deepEqual(Object.keys(response.body), ['errors'], detail);
        assert.equal(response.body.errors.length, 1, detail);
        assert.ok(allowed[response.status].includes(codes(response)[0]), `unexpected code in ${detail}`);
        assert.equal(typeof response.body.errors[0].message, 'string', detail);
      }
    });
    return responses;
  }

  async function rows(betaId: number) {
    return ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  /** 50 creates of one address at once, in three spellings that normalise alike; returns the answers. */
  async function sameEmailBurst(betaId: number, email: string, extra: Record<string, unknown> = {}): Promise<TestResponse[]> {
    const spellings = [email, email.toUpperCase(), `  ${email}  `];
    const responses = await wave(
      Array.from({ length: 50 }, (_, i) => ({
        label: `create #${i}`,
        allowed: CREATE_OR_EXISTS,
        run: () => create(betaId, { email: spellings[i % spellings.length], ...extra }),
      })),
    );
    assert.equal(responses.filter((r) => r.status === 201).length, 1, 'exactly one 201');
    const refused = responses.filter((r) => r.status !== 201);
    assert.equal(refused.length, 49);
    for (const response of refused) {
      assert.deepEqual(response.body, { errors: [{ code: Errors.testerExists.code, message: 'Tester exists; use the update method' }] });
    }
    return responses;
  }

  test('50 concurrent creates of one e-mail: one 201, 49 answered 2310, one row, counted once', async () => {
    const beta = await ctx.createBeta();
    const email = uniqueEmail('same');
    const responses = await sameEmailBurst(beta.id, email);
    const created = responses.find((r) => r.status === 201)!.body;
    const stored = await rows(beta.id);
    assert.deepEqual(stored.map((r) => [r.id, r.email_normalized, r.status]), [[created.id, email.toLowerCase(), 'applied']]);
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 1);
    assert.equal(counters.applied_testers_count, 1);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('50 concurrent referred creates of one e-mail: the referral is credited once', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const responses = await sameEmailBurst(beta.id, uniqueEmail('same-referred'), { referrer_id: referrer.referral_code });
    const created = responses.find((r) => r.status === 201)!.body;
    assert.equal(created.referred_by, referrer.email);
    const stored = await rows(beta.id);
    assert.equal(stored.length, 2);
    assert.equal(stored.find((r) => r.id === created.id)?.referrer_id, referrer.id);
    assert.equal(stored.find((r) => r.id === referrer.id)?.share_signups_count, 1);
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.share_signups_count, 1);
    assert.equal(counters.testers_count, 2);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a concurrent mix of creates, referrals, status changes, deletes and checkins keeps every counter and credit exact', async () => {
    const beta = await ctx.createBeta();
    const base = `/api/v2/betas/${beta.id}`;
    const testerUrl = (id: number) => `${base}/testers/${id}`;

    // Referrers that stay (their credits are checked) and referrers deleted while others sign up through them.
    const anchors = await Promise.all(Array.from({ length: 6 }, () => createTester(ctx, beta.id)));
    const doomed = await Promise.all(Array.from({ length: 6 }, () => createTester(ctx, beta.id)));
    const statuses = ['applied', 'applied', 'invited', 'active', 'imported'];
    const targets = await Promise.all(Array.from({ length: 40 }, (_, i) => createTester(ctx, beta.id, { status: statuses[i % statuses.length] })));
    // Referred testers created up front, so some can be deleted in the waves.
    const referredEarly = await Promise.all(Array.from({ length: 12 }, (_, i) => createTester(ctx, beta.id, { referrer_id: anchors[i % anchors.length].referral_code })));

    /** A way to name a referrer: referral code, id or e-mail (all accepted: docs/decisions.md, "Referrals"). */
    const reference = (referrer: any, i: number) => [referrer.referral_code, String(referrer.id), referrer.email.toUpperCase()][i % 3];
    const statusOps = (target: any, requested: string): Op => ({
      label: `PUT ${target.id} status ${requested}`,
      allowed: UPDATE,
      run: () => ctx.request('PUT', testerUrl(target.id), { body: { tester: { status: requested } } }),
    });
    const checkinOps = (target: any, i: number): Op =>
      i % 2 === 0
        ? { label: `checkin ${target.id}`, allowed: CHECKIN, run: () => ctx.request('POST', `${testerUrl(target.id)}/checkin`) }
        : { label: `checkin ${target.email}`, allowed: CHECKIN, run: () => ctx.request('POST', `${base}/checkins`, { body: { checkin: { email: target.email } } }) };

    /** Credited rows before a wave, by id: their referrer then (credit only happens at create here). */
    const deletedCredits = new Map<number, number>(); // referrer id → credits of referred testers since deleted
    let deletedCreditsTotal = 0;
    async function runWave(ops: Op[]): Promise<TestResponse[]> {
      const before = await rows(beta.id);
      ctx.clock.advance(60_000);
      const responses = await wave(shuffled(ops));
      while ((await ctx.runJobs()) > 0); // queued deletions, a batch at a time
      const remaining = new Set((await rows(beta.id)).map((r) => r.id));
      for (const row of before) {
        if (remaining.has(row.id) || row.referral_credited_at === null) continue;
        deletedCreditsTotal += 1;
        if (row.referrer_id !== null) deletedCredits.set(row.referrer_id, (deletedCredits.get(row.referrer_id) ?? 0) + 1);
      }
      return responses;
    }

    // Wave 1: signups (most referred), duplicates among them, status changes and checkins.
    const wave1: Op[] = [];
    const emails1 = Array.from({ length: 60 }, () => uniqueEmail('wave1'));
    emails1.forEach((email, i) => {
      const referrer = i % 4 === 3 ? doomed[i % doomed.length] : anchors[i % anchors.length];
      const tester = i % 5 === 4 ? { email, status: ['invited', 'active', 'imported'][i % 3] } : { email, referrer_id: reference(referrer, i) };
      wave1.push({ label: `create ${email}`, allowed: i < 10 ? CREATE_OR_EXISTS : CREATE, run: () => create(beta.id, tester) });
      if (i < 10) wave1.push({ label: `duplicate ${email}`, allowed: CREATE_OR_EXISTS, run: () => create(beta.id, { ...tester, email: email.toUpperCase() }) });
    });
    const requested1 = ['invited', 'rejected', 'suspended', 'active', 'applied', 'unsuspended'];
    wave1.push(...targets.map((target, i) => statusOps(target, requested1[i % requested1.length])));
    wave1.push(...targets.slice(0, 30).map((target, i) => checkinOps(target, i)));
    const responses1 = await runWave(wave1);
    const created1 = responses1.filter((r) => r.status === 201).map((r) => r.body);
    assert.equal(new Set(created1.map((t) => t.email.toLowerCase())).size, 60, 'each e-mail created once');
    await assertCountersExact(ctx, beta.id, assert);

    // Wave 2: more signups, through referrers being deleted at the same moment; deletes (at once
    // and queued, some twice) of referred testers, referrers and targets that are also being
    // updated and checked in; further status changes, unsuspensions among them.
    const wave2: Op[] = [];
    Array.from({ length: 40 }, () => uniqueEmail('wave2')).forEach((email, i) => {
      const referrer = i % 2 === 0 ? doomed[i % doomed.length] : anchors[i % anchors.length];
      wave2.push({ label: `create ${email}`, allowed: CREATE, run: () => create(beta.id, { email, referrer_id: reference(referrer, i) }) });
    });
    const deleteOps = (tester: any, i: number): Op[] => {
      const now: Op = { label: `DELETE ${tester.id}`, allowed: DELETE_NOW, run: () => ctx.request('DELETE', testerUrl(tester.id)) };
      const queued: Op = { label: `DELETE ${tester.id}?queue`, allowed: DELETE_QUEUED, run: () => ctx.request('DELETE', `${testerUrl(tester.id)}?queue=true`) };
      return i % 3 === 0 ? [now] : i % 3 === 1 ? [queued] : [now, queued];
    };
    wave2.push(...doomed.flatMap((tester, i) => deleteOps(tester, i)));
    wave2.push(...referredEarly.slice(0, 8).flatMap((tester, i) => deleteOps(tester, i)));
    wave2.push(...created1.filter((t) => t.referred_by).slice(0, 10).flatMap((tester, i) => deleteOps(tester, i + 1)));
    const doomedTargets = targets.slice(0, 10);
    doomedTargets.forEach((tester, i) => {
      wave2.push(...deleteOps(tester, i));
      wave2.push(statusOps(tester, 'rejected'));
      wave2.push(checkinOps(tester, i));
    });
    const requested2 = ['unsuspended', 'active', 'rejected', 'invited', 'suspended'];
    wave2.push(...targets.slice(10).map((target, i) => statusOps(target, requested2[i % requested2.length])));
    wave2.push(...targets.slice(10).map((target, i) => checkinOps(target, i + 1)));
    wave2.push(...created1.slice(0, 20).map((tester, i) => checkinOps(tester, i)));
    assert.ok(wave1.length + wave2.length >= 200, `${wave1.length + wave2.length} requests`);
    await runWave(wave2);

    // Everything deleted is gone (queued deletions ran), nothing else is.
    const final = await rows(beta.id);
    const ids = new Set(final.map((r) => r.id));
    for (const tester of [...doomed, ...referredEarly.slice(0, 8), ...doomedTargets]) assert.equal(ids.has(tester.id), false, `tester ${tester.id} deleted`);
    for (const tester of [...anchors, ...targets.slice(10), ...referredEarly.slice(8)]) assert.equal(ids.has(tester.id), true, `tester ${tester.id} kept`);
    const jobs = await ctx.database.db.selectFrom('outbox_jobs').select(['id', 'last_error']).where('kind', '=', 'tester.delete').execute();
    assert.deepEqual(jobs, [], 'no queued deletion left, none failed');

    // Counters: a recount of the rows, status by status.
    await assertCountersExact(ctx, beta.id, assert);

    // Credits: a referrer's count is the referred testers credited to it, including those deleted
    // since (a deleted signup is not taken back); the beta's is every credit ever given.
    const creditedNow = final.filter((r) => r.referral_credited_at !== null);
    for (const row of final) {
      const expected = creditedNow.filter((r) => r.referrer_id === row.id).length + (deletedCredits.get(row.id) ?? 0);
      assert.equal(row.share_signups_count, expected, `share_signups_count of tester ${row.id}`);
    }
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.share_signups_count, creditedNow.length + deletedCreditsTotal, "beta's share_signups_count");
    assert.ok(counters.share_signups_count >= 12 + 45, 'the referrals were credited');
    for (const anchor of anchors) assert.ok(final.find((r) => r.id === anchor.id)!.share_signups_count > 0);

    // Each row is internally consistent: referrer in the beta, milestone times, suspension memory.
    const milestone: Record<string, keyof (typeof final)[number]> = { applied: 'applied_at', invited: 'invited_at', active: 'joined_at', imported: 'imported_at' };
    for (const row of final) {
      if (row.referrer_id !== null) assert.ok(ids.has(row.referrer_id), `tester ${row.id} points at a tester of the beta`);
      if (row.referral_credited_at !== null) assert.equal(row.status === 'imported', false);
      if (milestone[row.status]) assert.notEqual(row[milestone[row.status]], null, `tester ${row.id} (${row.status}) has its ${String(milestone[row.status])}`);
      assert.equal(row.status === 'suspended', row.status_before_suspension !== null, `tester ${row.id} suspension memory`);
      assert.equal(row.hidden, 0);
    }
    // One checkin a day per tester, whatever the concurrency.
    const checkins = await ctx.database.db.selectFrom('checkins').select(['tester_id', 'date']).where('beta_id', '=', beta.id).execute();
    assert.equal(new Set(checkins.map((c) => `${c.tester_id}/${c.date}`)).size, checkins.length);
  });

  test('deleting a referrer while others sign up through it, and a tester while it is updated: no request fails', async () => {
    const beta = await ctx.createBeta();
    const base = `/api/v2/betas/${beta.id}`;
    for (let round = 0; round < 12; round++) {
      const referrer = await createTester(ctx, beta.id);
      const victim = await createTester(ctx, beta.id);
      const ops: Op[] = Array.from({ length: 14 }, (_, i) => ({
        label: `create through ${referrer.id}`,
        allowed: CREATE,
        run: () => create(beta.id, { email: uniqueEmail('through'), referrer_id: [referrer.referral_code, String(referrer.id), referrer.email][i % 3] }),
      }));
      for (let i = 0; i < 10; i++) {
        ops.push({ label: `update ${victim.id}`, allowed: UPDATE, run: () => ctx.request('PUT', `${base}/testers/${victim.id}`, { body: { tester: { groups: `g${i}` } } }) });
      }
      // The deletes land among the others: some requests start before them, some after.
      ops.splice(4 + (round % 5), 0, { label: `delete referrer ${referrer.id}`, allowed: { 200: [] }, run: () => ctx.request('DELETE', `${base}/testers/${referrer.id}`) });
      ops.splice(17 + (round % 4), 0, { label: `delete ${victim.id}`, allowed: { 200: [] }, run: () => ctx.request('DELETE', `${base}/testers/${victim.id}`) });
      await wave(ops);
    }
    const stored = await rows(beta.id);
    assert.equal(stored.length, 12 * 14);
    // Referrers are gone: those credited before the delete keep their credit, none points anywhere.
    assert.deepEqual(stored.filter((r) => r.referrer_id !== null), []);
    const credited = stored.filter((r) => r.referral_credited_at !== null).length;
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, credited);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a flood from one IP: exactly max_signups_per_ip_per_day created, the rest 2321', async () => {
    const beta = await ctx.createBeta({ max_signups_per_ip_per_day: 5, fraud_mode: 'block' });
    const ip = '203.0.113.7';
    const responses = await wave(
      Array.from({ length: 40 }, (_, i) => ({
        label: `create #${i} from ${ip}`,
        allowed: { 201: [], 422: [2321] },
        run: () => create(beta.id, { email: uniqueEmail('flood'), profile: { ip } }),
      })),
    );
    assert.equal(responses.filter((r) => r.status === 201).length, 5);
    const refused = responses.filter((r) => r.status === 422);
    assert.equal(refused.length, 35);
    for (const response of refused) {
      assert.deepEqual(response.body, { errors: [{ code: Errors.tooManySignupsFromIp.code, message: 'Fraud protection: too many signups from this IP address' }] });
    }
    assert.equal(await testerCount(ctx, beta.id), 5);
    // Another address is not affected, and a day later the first may sign up again.
    assert.equal((await create(beta.id, { email: uniqueEmail('other-ip'), profile: { ip: '203.0.113.8' } })).status, 201);
    ctx.clock.advance(86_400_000 + 1000);
    assert.equal((await create(beta.id, { email: uniqueEmail('next-day'), profile: { ip } })).status, 201);
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 7);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('the plan limit under concurrency: exactly max_testers visible, the rest stored hidden and answered 2317', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 10 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const betaResponse = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Limited', homepage_url: 'https://example.com/limited' } });
    assert.equal(betaResponse.status, 201);
    const betaId = betaResponse.body.id;
    const responses = await wave(
      Array.from({ length: 30 }, (_, i) => ({
        label: `create #${i}`,
        allowed: { 201: [], 403: [2317] },
        run: () => create(betaId, { email: uniqueEmail('plan') }, key),
      })),
    );
    const visible = responses.filter((r) => r.status === 201);
    const hidden = responses.filter((r) => r.status === 403);
    assert.equal(visible.length, 10);
    assert.equal(hidden.length, 20);
    for (const response of hidden) {
      assert.deepEqual(response.body, { errors: [{ code: Errors.testerHidden.code, message: 'Plan limits exceeded and this tester is hidden' }] });
    }
    const stored = await rows(betaId);
    assert.equal(stored.length, 30);
    assert.deepEqual(stored.filter((r) => r.hidden === 0).map((r) => r.id).sort((a, b) => a - b), visible.map((r) => r.body.id).sort((a, b) => a - b));
    assert.equal(stored.filter((r) => r.hidden === 1).length, 20);
    const counters = await storedBeta(ctx, betaId);
    assert.equal(counters.testers_count, 10);
    assert.equal(counters.applied_testers_count, 10);
    await assertCountersExact(ctx, betaId, assert);
    const listed = await ctx.request('GET', `/api/v2/betas/${betaId}/testers?per_page=100`, { key });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.length, 10);
    assert.equal(JSON.parse(String(listed.headers['x-pagination'])).total_count, 10);
  });

  test('waitlist positions after concurrent referred signups are exactly 1..length in the beta\'s order', async () => {
    const beta = await ctx.createBeta();
    const base = `/api/v2/betas/${beta.id}`;
    const referrers = await Promise.all(Array.from({ length: 12 }, () => createTester(ctx, beta.id)));
    // Waves a minute apart, so applied_at differs between waves and ties within one go to the id.
    for (let round = 0; round < 4; round++) {
      ctx.clock.advance(60_000);
      const ops: Op[] = Array.from({ length: 60 }, (_, i) => {
        const email = uniqueEmail(`waitlist${round}`);
        // Skewed: low-numbered referrers get many referrals, some get none; a few signups are not on the waitlist.
        const referrer = referrers[(i * i + round) % 9];
        const tester = i % 10 === 9 ? { email, status: 'invited' } : i % 3 === 2 ? { email } : { email, referrer_id: referrer.referral_code };
        return { label: `create ${email}`, allowed: CREATE, run: () => create(beta.id, tester) };
      });
      // Some referrers leave the waitlist meanwhile.
      if (round === 2) ops.push(...referrers.slice(9).map((r) => ({ label: `invite ${r.id}`, allowed: UPDATE, run: () => ctx.request('PUT', `${base}/testers/${r.id}`, { body: { tester: { status: 'invited' } } }) })));
      await wave(ops);
    }

    const listed: any[] = [];
    for (let page = 1; ; page++) {
      const response = await ctx.request('GET', `${base}/testers?per_page=100&page=${page}`);
      assert.equal(response.status, 200);
      listed.push(...response.body);
      if (JSON.parse(String(response.headers['x-pagination'])).next_page === null) break;
    }
    const stored = await rows(beta.id);
    assert.equal(listed.length, stored.length);
    assert.ok(listed.length > 200, 'several pages');
    const applied = listed.filter((t) => t.status === 'applied');
    const length = stored.filter((r) => r.status === 'applied').length;
    assert.equal((await storedBeta(ctx, beta.id)).applied_testers_count, length);
    for (const tester of listed) {
      assert.equal(tester.waitlist_length, length);
      if (tester.status !== 'applied') {
        assert.deepEqual([tester.waitlist_position, tester.waitlist_ahead, tester.waitlist_behind], [null, null, null]);
      } else {
        assert.equal(tester.waitlist_ahead, tester.waitlist_position - 1);
        assert.equal(tester.waitlist_behind, length - tester.waitlist_position);
      }
    }
    const positions = applied.map((t) => t.waitlist_position).sort((a, b) => a - b);
    assert.deepEqual(positions, Array.from({ length }, (_, i) => i + 1), 'a permutation of 1..length');
    // The order: most credited referrals first, then time of applying, then id.
    const byId = new Map(stored.map((r) => [r.id, r]));
    const expected = [...applied].sort((a, b) => {
      const [ra, rb] = [byId.get(a.id)!, byId.get(b.id)!];
      return rb.share_signups_count - ra.share_signups_count || (ra.applied_at! < rb.applied_at! ? -1 : ra.applied_at! > rb.applied_at! ? 1 : 0) || ra.id - rb.id;
    });
    const actual = [...applied].sort((a, b) => a.waitlist_position - b.waitlist_position);
    assert.deepEqual(actual.map((t) => t.id), expected.map((t) => t.id));
    // The listed share counts are the stored ones, and a referrer's count is its credited referrals.
    for (const tester of listed) {
      const row = byId.get(tester.id)!;
      assert.equal(tester.share_signups_count, row.share_signups_count);
      assert.equal(row.share_signups_count, stored.filter((r) => r.referrer_id === row.id && r.referral_credited_at !== null).length);
    }
    await assertCountersExact(ctx, beta.id, assert);
  });
});

// A PostgreSQL interleaving (SQLite's transactions never overlap): part of the suite's PostgreSQL run only.
const postgresOnly = dialect === 'postgres' ? test : () => {};

postgresOnly('a referrer deleted while a signup waits for it: the signup runs again and is created without a referrer', async () => {
  const ctx = await startTestContext();
  const other = new pg.Client({ connectionString: ctx.config.databaseUrl });
  try {
    await other.connect();
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    // Another transaction holds the referrer's row, as a delete through the API would.
    await other.query('begin');
    await other.query('select id from testers where id = $1 for update', [referrer.id]);
    const email = uniqueEmail('late');
    const signup = ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email, referrer_id: referrer.id } } });
    // The signup has found its referrer (unlocked) and now waits for its row: the foreign key of its insert.
    for (let waited = 0; ; waited += 20) {
      const { rows } = await other.query(
        'select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()',
      );
      if (rows.length > 0) break;
      assert.ok(waited < 10_000, 'the signup never waited for the referrer');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The holder deletes the referrer, its rows and its count, and commits.
    await other.query('delete from testers where id = $1', [referrer.id]);
    await other.query('insert into beta_counters (beta_id, slot, testers_count, applied_testers_count) values ($1, -1, -1, -1)', [beta.id]);
    await other.query('commit');

    const response = await signup;
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.email, email);
    const stored = await ctx.database.db.selectFrom('testers').select(['referrer_id', 'referral_credited_at']).where('id', '=', response.body.id).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { referrer_id: null, referral_credited_at: null });
    assert.equal(await testerCount(ctx, beta.id), 1);
    await assertCountersExact(ctx, beta.id, assert);
  } finally {
    await other.end();
    await ctx.close();
  }
});
