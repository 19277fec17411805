// Waitlist positions from the index in memory (modules/waitlist/standings.ts) against a naive full
// sort of the waitlist, in all three orders, while every kind of change moves testers in, out and
// around it: signups with referrals, bonus points and their revocation, status changes, checkins,
// suspensions, deletions (immediate and queued), hidden testers, ties down to the millisecond.
// After each step the index must equal a recount from the testers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { openDatabase } from '../../../src/db/database.ts';
import { createServices } from '../../../src/services.ts';
import { assertCountersExact, uniqueEmail } from '../testers/support.ts';
import { ORDERS, assertCurrentStandings, assertIndexExact, assertStandings, naivePositions } from './support.ts';

describe('waitlist positions', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('equal a full sort of the waitlist in every order through signups, referrals, points, status changes, deletions and hidden testers', async () => {
    // A company with a plan limit, so some signups are stored hidden (and must never be counted).
    const company = await ctx.services.accounts.createCompany({ name: 'Limited', maxTesters: 16 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const created = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Waitlist', homepage_url: 'https://example.com/', settings: { double_opt_in: true } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const betaId: number = created.body.id;
    const base = `/api/v2/betas/${betaId}`;

    const testers = new Map<string, { id: number; email: string; referral_code: string }>();
    async function signup(name: string, fields: Record<string, unknown> = {}): Promise<number> {
      const email = uniqueEmail(name);
      const response = await ctx.request('POST', `${base}/testers`, { key, body: { tester: { email, ...fields } } });
      assert.ok(response.status === 201 || response.status === 403, `${name}: ${response.status} ${JSON.stringify(response.body)}`);
      const row = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('email_normalized', '=', email).executeTakeFirstOrThrow();
      testers.set(name, row);
      return response.status;
    }
    const id = (name: string) => testers.get(name)!.id;
    const referredBy = (name: string) => ({ referrer_id: testers.get(name)!.referral_code });
    async function expectStatus(method: string, path: string, status: number, body?: unknown) {
      const response = await ctx.request(method, path, { key, body });
      assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
      return response.body;
    }
    const setStatus = (name: string, status: string) => expectStatus('PUT', `${base}/testers/${id(name)}`, 200, { tester: { status } });
    const award = (name: string, quantity: number) => expectStatus('POST', `${base}/points`, 201, { point: { email: testers.get(name)!.email, quantity } });
    async function checkAllOrders() {
      for (const order of ORDERS) await assertStandings(ctx, betaId, order, { key });
      await assertIndexExact(ctx, betaId);
    }

    // Applied in different days, hours and minutes, and several in the same millisecond (ties go to the id).
    ctx.clock.set('2026-11-22T08:59:59.999Z');
    await signup('a');
    ctx.clock.set('2026-11-22T09:15:00.000Z');
    for (const name of ['b', 'c', 'd']) await signup(name);
    ctx.clock.advance(1);
    await signup('e');
    ctx.clock.set('2026-11-22T09:16:00.000Z');
    await signup('f', referredBy('a'));
    ctx.clock.set('2026-11-22T09:16:30.500Z');
    await signup('g', referredBy('b'));
    await signup('h', referredBy('b'));
    ctx.clock.set('2026-11-22T10:02:00.000Z');
    await signup('i', referredBy('c'));
    await signup('j', { status: 'imported' });
    await signup('k', { status: 'unconfirmed', ...referredBy('d') });
    await checkAllOrders();

    // Points move testers in the points order only; a revocation moves them back.
    ctx.clock.set('2026-11-23T00:00:00.000Z');
    await signup('l', referredBy('a'));
    await signup('m');
    await signup('n', referredBy('l'));
    const bonus = await award('m', 7);
    await award('b', -1);
    await award('e', 3);
    await checkAllOrders();
    await expectStatus('DELETE', `${base}/points/${bonus.id}`, 200);

    // In and out of applied: the imported and the confirmed tester enter (k credits d), others leave,
    // a suspended tester comes back where it was.
    ctx.clock.advance(61_000);
    await setStatus('j', 'applied');
    await setStatus('k', 'applied');
    await setStatus('c', 'suspended');
    await setStatus('e', 'invited');
    await expectStatus('POST', `${base}/testers/${id('f')}/checkin`, 202);
    await checkAllOrders();
    await setStatus('c', 'unsuspended');

    // The plan is full at 16 visible testers: q and r are stored hidden, q's referral still credits b.
    assert.equal(await signup('o'), 201);
    assert.equal(await signup('p', referredBy('i')), 201);
    assert.equal(await signup('q', referredBy('b')), 403);
    assert.equal(await signup('r'), 403);
    await checkAllOrders();

    // Deletions, of a referrer too, immediate and queued; their room goes to new signups.
    await expectStatus('DELETE', `${base}/testers/${id('h')}`, 200);
    await expectStatus('DELETE', `${base}/testers/${id('a')}`, 200);
    await ctx.runJobs(); // what the scenario queued so far (invitation e-mails): only the deletion is left after it
    await expectStatus('DELETE', `${base}/testers/${id('g')}?queue=true`, 202);
    assert.equal(await ctx.runJobs(), 1);
    ctx.clock.set('2026-11-23T05:30:00.250Z');
    assert.equal(await signup('s', referredBy('n')), 201);
    assert.equal(await signup('t', referredBy('n')), 201);
    await checkAllOrders();
    await assertCountersExact(ctx, betaId, assert);

    // The owner's priorities rank first in every order: p moved to the front, c and j given the same
    // priority (the counts order the two), then c back to its earned place.
    await expectStatus('POST', `${base}/testers/${id('p')}/move_to_front`, 200);
    await expectStatus('PUT', `${base}/testers/${id('c')}`, 200, { tester: { priority: 5 } });
    await expectStatus('PUT', `${base}/testers/${id('j')}`, 200, { tester: { priority: 5 } });
    await checkAllOrders();
    assert.equal((await naivePositions(ctx, betaId, 'points')).get(id('p')), 3, 'p, below the two at 5');
    await expectStatus('PUT', `${base}/testers/${id('c')}`, 200, { tester: { priority: 0 } });
    await checkAllOrders();

    // What the scenario must have produced for the comparisons to mean something.
    const rows = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).execute();
    const waitlisted = rows.filter((row) => row.status === 'applied' && row.hidden === 0);
    assert.ok(rows.some((row) => row.status === 'applied' && row.hidden === 1), 'hidden applied testers');
    assert.ok(new Set(waitlisted.map((row) => row.share_signups_count)).size >= 3, 'several referral groups');
    assert.ok(new Set(waitlisted.map((row) => row.points)).size >= 3, 'several point groups');
    assert.ok(new Set(waitlisted.map((row) => row.applied_at!.slice(0, 13))).size >= 4, 'several hours');
    assert.ok(new Set(waitlisted.map((row) => row.applied_at)).size < waitlisted.length, 'ties to the millisecond');
    assert.equal((await naivePositions(ctx, betaId, 'referrals')).get(id('j')), 1, 'j, with the highest priority, leads');
  });

  test('a beta\'s index leaves with it; another beta\'s stays exact', async () => {
    const kept = await ctx.createBeta();
    const dropped = await ctx.createBeta();
    for (const beta of [kept, dropped]) {
      for (let i = 0; i < 3; i++) {
        const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail('drop') } } });
        assert.equal(response.status, 201);
      }
    }
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${dropped.id}`)).status, 200);
    await ctx.services.standings.settle();
    assert.equal(ctx.services.standings.indexedIds(dropped.id), undefined, 'nothing held for a deleted beta');
    await assertIndexExact(ctx, kept.id);
    await assertStandings(ctx, kept.id, 'referrals', { perPages: [2] });
  });

  test('an order switched by another process is the order of the next answer after a change here, and of what follows', async () => {
    const other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
    try {
      const beta = await ctx.createBeta({ waitlist_order: 'signup_time' });
      const base = `/api/v2/betas/${beta.id}`;
      const emails = [uniqueEmail('first'), uniqueEmail('second')];
      for (const email of emails) assert.equal((await ctx.request('POST', `${base}/testers`, { body: { tester: { email } } })).status, 201);
      // Both processes hold the beta (and this one its set) in signup_time order.
      await assertStandings(ctx, beta.id, 'signup_time', { perPages: [10] });
      await assertStandings(other, beta.id, 'signup_time', { key: ctx.apiKey, perPages: [10], show: false });

      // The other process switches to points; this one gives the later signup a point at once.
      const patched = await other.request('PATCH', base, { key: ctx.apiKey, body: { settings: { waitlist_order: 'points' } } });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal((await ctx.request('POST', `${base}/points`, { body: { point: { email: emails[1], quantity: 1 } } })).status, 201);
      const shown = await ctx.request('GET', `${base}/testers/${(await ctx.database.db.selectFrom('testers').select('id').where('email_normalized', '=', emails[1]).executeTakeFirstOrThrow()).id}`);
      assert.equal(shown.body.waitlist_position, 1, 'the tester with the point leads in points order');
      await assertCurrentStandings(ctx, beta.id, 'points', { perPages: [10] });
    } finally {
      await other.close();
    }
  });

  test('closing the services waits for a read of the standing feed under way, so the database closes after it', { timeout: 60_000 }, async () => {
    // Another process's services on the context's database: a read of the feed starts (a timer's,
    // in a running server) just as the process stops.
    const beta = await ctx.createBeta();
    await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail('closing') } } });
    const database = openDatabase(ctx.databaseUrl);
    const services = await createServices(database, ctx.config, { clock: ctx.clock });
    // A process holding a beta's set reads the feed.
    assert.equal((await services.standings.firstIds({ id: beta.id, settings: { waitlist_order: 'signup_time' } }, 1)).length, 1);
    const reading = services.standings.settle();
    await services.close();
    await database.close();
    await assert.doesNotReject(reading, 'the read finished before the database closed');
  });
});
