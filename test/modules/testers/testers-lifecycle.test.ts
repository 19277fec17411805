import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { uniqueInvitationCode } from '../../../src/modules/invitation-codes/invitation-codes.service.ts';
import { TESTER_FIELDS, assertCountersExact, codes, createTester, storedBeta, storedTester, uniqueEmail } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const START = '2026-11-22T09:15:00.000Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HIDDEN = [{ code: Errors.testerHidden.code, message: 'Plan limits exceeded and this tester is hidden' }];
const NOT_FOUND = [{ code: Errors.notFound.code, message: 'Tester not found' }];

async function checkinRows(ctx: TestContext, testerId: number) {
  return ctx.database.db.selectFrom('checkins').selectAll().where('tester_id', '=', testerId).orderBy('date').execute();
}

/** A company whose plan holds `maxTesters`, with a beta filled to the limit and one hidden tester. */
async function hiddenTesterSetup(ctx: TestContext, maxTesters = 1) {
  const company = await ctx.services.accounts.createCompany({ name: `Limited ${Math.random()}`, maxTesters });
  const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
  const beta = (await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Limited', homepage_url: 'https://example.com/l' } })).body;
  for (let i = 0; i < maxTesters; i++) {
    const visible = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { key, body: { tester: { email: uniqueEmail('visible') } } });
    assert.equal(visible.status, 201);
  }
  const email = uniqueEmail('hidden');
  const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { key, body: { tester: { email } } });
  assert.equal(created.status, 403);
  const hidden = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('email', '=', email).executeTakeFirstOrThrow();
  assert.equal(hidden.hidden, 1);
  return { key, beta, hidden };
}

// ---- delete ----------------------------------------------------------------------------------------

describe('delete tester', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  const del = (betaId: number, ref: string | number, query = '') => ctx.request('DELETE', `/api/v2/betas/${betaId}/testers/${ref}${query}`);

  test('immediate: 200 with the tester as it was; the row, its answers and checkins are gone; counters move', async () => {
    const beta = await ctx.createBeta();
    const question = (await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', prompt: 'Why?' } })).body.id;
    const keep = await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id, { responses: { response: [{ question_id: question, answer: 'Because' }] } });
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`)).status, 202);
    const shownBefore = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shownBefore.body.status, 'active');
    assert.equal((await checkinRows(ctx, tester.id)).length, 1);
    assert.equal((await storedBeta(ctx, beta.id)).active_testers_count, 1);

    ctx.clock.advance(60_000);
    const response = await del(beta.id, `${tester.id}.json`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, shownBefore.body, 'the tester as it was, without responses');
    assert.deepEqual(Object.keys(response.body).sort(), TESTER_FIELDS);

    assert.equal(await storedTester(ctx, tester.id), undefined);
    assert.deepEqual(await ctx.database.db.selectFrom('tester_responses').selectAll().where('tester_id', '=', tester.id).execute(), []);
    assert.deepEqual(await checkinRows(ctx, tester.id), []);
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 1);
    assert.equal(counters.active_testers_count, 0);
    assert.equal(counters.applied_testers_count, 1);
    await assertCountersExact(ctx, beta.id, assert);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shown.status, 404);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${keep.id}`)).status, 200);
    ctx.clock.set(START);
  });

  test('by uuid, and through POST with X-HTTP-Method-Override: DELETE', async () => {
    const beta = await ctx.createBeta();
    const first = await createTester(ctx, beta.id, { status: 'invited' });
    const second = await createTester(ctx, beta.id, { status: 'imported' });
    const byUuid = await del(beta.id, first.uuid);
    assert.equal(byUuid.status, 200);
    assert.equal(byUuid.body.id, first.id);
    const overridden = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${second.id}.json`, { headers: { 'x-http-method-override': 'DELETE' } });
    assert.equal(overridden.status, 200, JSON.stringify(overridden.body));
    assert.equal(overridden.body.id, second.id);
    assert.equal(await storedTester(ctx, first.id), undefined);
    assert.equal(await storedTester(ctx, second.id), undefined);
    const counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.testers_count, counters.invited_testers_count, counters.imported_testers_count], [0, 0, 0]);
  });

  test('every status leaves its own counter', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const testers = [];
    for (const status of ['imported', 'unconfirmed', 'applied', 'invited', 'active']) testers.push(await createTester(ctx, beta.id, { status }));
    for (const status of ['rejected', 'suspended']) {
      const tester = await createTester(ctx, beta.id);
      assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status } } })).status, 200);
      testers.push(tester);
    }
    for (const tester of testers) {
      const response = await del(beta.id, tester.id);
      assert.equal(response.status, 200);
      await assertCountersExact(ctx, beta.id, assert);
    }
    assert.equal((await storedBeta(ctx, beta.id)).testers_count, 0);
  });

  test('an applied tester who is deleted leaves the waitlist; the others move up', async () => {
    const beta = await ctx.createBeta();
    const a = await createTester(ctx, beta.id);
    const b = await createTester(ctx, beta.id);
    const c = await createTester(ctx, beta.id);
    const deleted = await del(beta.id, a.id);
    assert.deepEqual([deleted.body.waitlist_position, deleted.body.waitlist_length], [1, 3], 'the standing it had');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${c.id}`);
    assert.deepEqual([shown.body.waitlist_position, shown.body.waitlist_ahead, shown.body.waitlist_behind, shown.body.waitlist_length], [2, 1, 0, 2]);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${b.id}`)).body.waitlist_position, 1);
  });

  test('the referrer of a deleted referred tester keeps its share_signups_count (and so does the beta)', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    assert.equal(friend.referred_by, referrer.email);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 1);

    const response = await del(beta.id, friend.id);
    assert.equal(response.status, 200);
    assert.equal(response.body.referred_by, referrer.email);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`);
    assert.equal(shown.body.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 1);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a deleted referrer leaves referred_by null on those it referred', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const friends = [
      await createTester(ctx, beta.id, { referrer_id: referrer.email }),
      await createTester(ctx, beta.id, { referrer_id: String(referrer.id) }),
    ];
    const bystander = await createTester(ctx, beta.id);
    const response = await del(beta.id, referrer.id);
    assert.equal(response.status, 200);
    assert.equal(response.body.share_signups_count, 2);
    for (const friend of friends) {
      const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${friend.id}`);
      assert.equal(shown.status, 200);
      assert.equal(shown.body.referred_by, null);
      assert.equal((await storedTester(ctx, friend.id))?.referrer_id, null);
    }
    assert.equal((await storedTester(ctx, bystander.id))?.referrer_id, null);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 2, 'credited referrals stay counted');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a referral credited to a deleted referrer takes no later referrer; one not yet credited does', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const first = await createTester(ctx, beta.id);
    const credited = await createTester(ctx, beta.id, { referrer_id: first.referral_code });
    const waiting = await createTester(ctx, beta.id, { referrer_id: first.referral_code, status: 'unconfirmed' });
    const later = await createTester(ctx, beta.id);
    assert.equal((await del(beta.id, first.id)).status, 200);

    // Its signup was counted for the deleted referrer: showing another would name one whose count never has it.
    const ignored = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${credited.id}`, { body: { tester: { referrer_id: later.referral_code } } });
    assert.equal(ignored.status, 200, JSON.stringify(ignored.body));
    assert.equal(ignored.body.referred_by, null);
    assert.equal((await storedTester(ctx, credited.id))?.referrer_id, null);
    // Not yet joined, so never credited: the new referrer is set, and credited when it joins.
    const taken = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${waiting.id}`, { body: { tester: { referrer_id: later.referral_code, status: 'applied' } } });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.referred_by, later.email);
    const referrer = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${later.id}`);
    assert.equal(referrer.body.share_signups_count, 1, 'the new referrer counts the one it was given, not the one credited before');
    assert.equal((await storedTester(ctx, later.id))?.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 2, 'each referral credited once');
    await assertCountersExact(ctx, beta.id, assert);
  });

  for (const query of ['?queue', '?queue=true', '?queue=1', '?queue=TRUE', '?queue=yes']) {
    test(`queued (${query}): 202 with an empty body; the tester stays until the worker runs`, async () => {
      const beta = await ctx.createBeta();
      const other = await createTester(ctx, beta.id, { status: 'invited' });
      const tester = await createTester(ctx, beta.id, { status: 'active' });
      await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/checkin`);
      // Settle the jobs already queued (invitation e-mails), so the runs below count the deletion.
      while ((await ctx.runJobs()) > 0);
      const response = await del(beta.id, tester.id, query);
      assert.equal(response.status, 202);
      assert.equal(response.raw.body, '');
      assert.equal((await storedTester(ctx, tester.id))?.status, 'active', 'still there');
      assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`)).status, 200);
      assert.equal((await storedBeta(ctx, beta.id)).testers_count, 2, 'counters move only with the deletion');

      assert.equal(await ctx.runJobs(), 1);
      assert.equal(await storedTester(ctx, tester.id), undefined);
      assert.deepEqual(await checkinRows(ctx, tester.id), []);
      assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`)).status, 404);
      const counters = await storedBeta(ctx, beta.id);
      assert.deepEqual([counters.testers_count, counters.active_testers_count, counters.invited_testers_count], [1, 0, 1]);
      await assertCountersExact(ctx, beta.id, assert);
      assert.ok(await storedTester(ctx, other.id));
      assert.equal(await ctx.runJobs(), 0, 'nothing left to run');
    });
  }

  test('queued by uuid with .json; two queued deletions of one tester count it out once', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const kept = await createTester(ctx, beta.id);
    assert.equal((await del(beta.id, `${tester.uuid}.json`, '?queue=true')).status, 202);
    assert.equal((await del(beta.id, tester.id, '?queue=1')).status, 202, 'still there, so it can be queued again');
    assert.equal(await ctx.runJobs(), 2);
    assert.equal(await storedTester(ctx, tester.id), undefined);
    assert.ok(await storedTester(ctx, kept.id));
    const counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.testers_count, counters.applied_testers_count], [1, 1]);
    await assertCountersExact(ctx, beta.id, assert);
  });

  for (const query of ['?queue=false', '?queue=0', '?queue=FALSE', '?queue=no', '?queue=off']) {
    test(`${query} deletes at once (200)`, async () => {
      const beta = await ctx.createBeta();
      const tester = await createTester(ctx, beta.id);
      const response = await del(beta.id, tester.id, query);
      assert.equal(response.status, 200);
      assert.equal(response.body.id, tester.id);
      assert.equal(await storedTester(ctx, tester.id), undefined);
      assert.equal(await ctx.runJobs(), 0);
      await assertCountersExact(ctx, beta.id, assert);
    });
  }

  test('deleting twice is 404 the second time, queued or not; a missing tester queues nothing', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    assert.equal((await del(beta.id, tester.id)).status, 200);
    for (const query of ['', '?queue', '?queue=false']) {
      const again = await del(beta.id, tester.id, query);
      assert.equal(again.status, 404, query);
      assert.deepEqual(again.body.errors, NOT_FOUND, query);
    }
    assert.equal(await ctx.runJobs(), 0);
    assert.equal((await storedBeta(ctx, beta.id)).testers_count, 0);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('another beta\'s or company\'s tester is 404 and stays', async () => {
    const beta = await ctx.createBeta();
    const sibling = await ctx.createBeta();
    const theirs = await createTester(ctx, sibling.id);
    const company = await ctx.services.accounts.createCompany({ name: 'Elsewhere' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const query of ['', '?queue']) {
      const response = await del(beta.id, theirs.id, query);
      assert.equal(response.status, 404);
      assert.deepEqual(response.body.errors, NOT_FOUND);
      const foreign = await ctx.request('DELETE', `/api/v2/betas/${sibling.id}/testers/${theirs.id}${query}`, { key });
      assert.equal(foreign.status, 404);
      assert.deepEqual(foreign.body.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }]);
    }
    assert.equal(await ctx.runJobs(), 0);
    assert.ok(await storedTester(ctx, theirs.id));
  });

  test('a hidden tester cannot be deleted through the interface: 403 2317', async () => {
    const { key, beta, hidden } = await hiddenTesterSetup(ctx);
    for (const query of ['', '?queue']) {
      const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${hidden.id}${query}`, { key });
      assert.equal(response.status, 403, query);
      assert.deepEqual(response.body.errors, HIDDEN);
    }
    assert.equal(await ctx.runJobs(), 0);
    assert.ok(await storedTester(ctx, hidden.id));
  });
});

// ---- verify --------------------------------------------------------------------------------------

describe('verify invitation code', () => {
  let ctx: TestContext;
  let beta: { id: number };
  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta({ decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' });
  });
  after(() => ctx.close());
  const verify = (ref: string | number, query: string, suffix = '') => ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ref}/verify${suffix}${query}`);
  const newCode = async (body: Record<string, unknown>) => {
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_codes`, { body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };
  const storedCode = (id: number) => ctx.database.db.selectFrom('invitation_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const invalid = (response: { status: number; body: any }, label: string) => {
    assert.equal(response.status, 422, label);
    assert.deepEqual(response.body.errors, [{ code: Errors.invitationCodeExpired.code, message: 'Invitation code is invalid or expired' }], label);
  };

  test('the tester\'s unique code: 200 with the tester, no responses; any case; by id or uuid, with or without .json', async () => {
    const tester = await createTester(ctx, beta.id, { email: 'Joe@Gmail.com', status: 'invited' });
    assert.equal(tester.invitation_code, '6210ede5e4');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    for (const [ref, query, suffix] of [
      [tester.id, '?invitation_code=6210ede5e4', ''],
      [tester.id, '?invitation_code=6210EDE5E4', '.json'],
      [tester.uuid, '?invitation_code=%206210ede5e4%20', ''],
    ] as const) {
      const response = await verify(ref, query, suffix);
      assert.equal(response.status, 200, `${ref}${suffix}${query}: ${JSON.stringify(response.body)}`);
      assert.equal('responses' in response.body, false);
      assert.deepEqual(response.body, shown.body);
    }
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.status, 'invited', 'verify changes nothing');
    assert.equal(stored?.updated_at, '2026-11-22T09:15:00.000Z');
  });

  test('the unique code is valid whatever the status, even before one was generated', async () => {
    const tester = await createTester(ctx, beta.id, { email: 'Fresh@Example.com' });
    assert.equal(tester.invitation_code, '');
    const code = uniqueInvitationCode('d1696aeb245fa90380a192a41730f07464c906ea', tester.email);
    const response = await verify(tester.id, `?invitation_code=${code}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.status, 'applied');
  });

  test('a custom code is valid without being used up', async () => {
    const code = await newCode({ code: 'Friends-VIP', max_uses: 1 });
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    for (const text of ['Friends-VIP', 'friends-vip', 'FRIENDS-VIP']) {
      const response = await verify(tester.id, `?invitation_code=${text}`);
      assert.equal(response.status, 200, text);
      assert.equal(response.body.id, tester.id);
      assert.equal('responses' in response.body, false);
    }
    assert.equal((await storedCode(code.id)).uses, 0, 'verify does not consume the code');
    // It is still there to be used once.
    const other = await createTester(ctx, beta.id, { status: 'active', invitation_code: 'friends-vip' });
    assert.equal(other.status, 'active');
    assert.equal((await storedCode(code.id)).uses, 1);
  });

  test('a wrong code, another tester\'s unique code: 422 2312', async () => {
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const someoneElse = await createTester(ctx, beta.id, { status: 'invited' });
    invalid(await verify(tester.id, '?invitation_code=nope-nope'), 'wrong');
    invalid(await verify(tester.id, `?invitation_code=${someoneElse.invitation_code}`), 'another tester\'s code');
    invalid(await verify(tester.id, `?invitation_code=${tester.invitation_code.slice(0, 9)}`), 'a prefix');
  });

  test('an expired custom code: 422 2312', async () => {
    ctx.clock.set(START);
    await newCode({ code: 'SOON', expires_at: '2026-11-22T10:15:00Z' });
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal((await verify(tester.id, '?invitation_code=SOON')).status, 200);
    ctx.clock.set('2026-11-22T10:14:59.000Z');
    assert.equal((await verify(tester.id, '?invitation_code=SOON')).status, 200);
    ctx.clock.set('2026-11-22T10:15:00.000Z');
    invalid(await verify(tester.id, '?invitation_code=SOON'), 'at the expiry');
    ctx.clock.advance(DAY);
    invalid(await verify(tester.id, '?invitation_code=soon'), 'a day later');
    ctx.clock.set(START);
  });

  test('a used-up custom code: 422 2312', async () => {
    const code = await newCode({ code: 'ONCE', max_uses: 1 });
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    assert.equal((await verify(tester.id, '?invitation_code=ONCE')).status, 200);
    await createTester(ctx, beta.id, { status: 'active', invitation_code: 'ONCE' });
    assert.equal((await storedCode(code.id)).uses, 1);
    invalid(await verify(tester.id, '?invitation_code=ONCE'), 'used up');
    assert.equal((await storedCode(code.id)).uses, 1);
  });

  test('a used-up custom code stays valid for the tester who activated with it, and only for them', async () => {
    await newCode({ code: 'Single', max_uses: 1 });
    const tester = await createTester(ctx, beta.id, { status: 'active', invitation_code: 'SINGLE' });
    assert.equal(tester.invitation_code, 'Single', 'the code a tester activated with is theirs');
    const own = await verify(tester.id, '?invitation_code=single');
    assert.equal(own.status, 200);
    assert.equal(own.body.id, tester.id);
    const other = await createTester(ctx, beta.id, { status: 'invited' });
    invalid(await verify(other.id, '?invitation_code=SINGLE'), 'another tester');
  });

  test('a missing or empty invitation_code: 422 2301', async () => {
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    for (const query of ['', '?invitation_code=', '?invitation_code=%20%20', '?other=1']) {
      const response = await verify(tester.id, query);
      assert.equal(response.status, 422, query);
      assert.deepEqual(codes(response), [2301], query);
      assert.match(response.body.errors[0].message, /invitation_code/);
    }
  });

  test('a hidden tester: 403 2317', async () => {
    const { key, beta: limited, hidden } = await hiddenTesterSetup(ctx);
    const response = await ctx.request('GET', `/api/v2/betas/${limited.id}/testers/${hidden.id}/verify?invitation_code=${hidden.invitation_code || 'x'}`, { key });
    assert.equal(response.status, 403);
    assert.deepEqual(response.body.errors, HIDDEN);
  });
});

// ---- checkins ------------------------------------------------------------------------------------

describe('checkins', () => {
  let ctx: TestContext;
  let beta: { id: number };
  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta({ double_opt_in: true });
  });
  after(() => ctx.close());
  const checkin = (ref: string | number, suffix = '') => ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${ref}/checkin${suffix}`);
  const listCheckins = (ref: string | number) => ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ref}/checkins`);
  const byEmail = (options: { body?: unknown; form?: string }) => ctx.request('POST', `/api/v2/betas/${beta.id}/checkins`, options);
  const accepted = (response: { status: number; raw: { body: string } }, label = '') => {
    assert.equal(response.status, 202, `${label} ${response.raw.body}`);
    assert.equal(response.raw.body, '', `${label}: no body`);
  };

  test('by id: 202 with no body; the tester becomes active, joined_at is set once; one checkin a day', async () => {
    ctx.clock.set(START);
    const tester = await createTester(ctx, beta.id);
    accepted(await checkin(tester.id));
    let stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.status, 'active');
    assert.equal(stored?.joined_at, START);
    assert.equal(stored?.last_checkin_at, START);
    assert.equal(stored?.applied_at, START, 'applied_at stays');
    assert.deepEqual((await listCheckins(tester.id)).body, [{ date: '2026-11-22' }]);

    ctx.clock.advance(5 * HOUR);
    accepted(await checkin(tester.id, '.json'), 'same day, with .json');
    stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.joined_at, START, 'joined_at is set once');
    assert.equal(stored?.last_checkin_at, '2026-11-22T14:15:00.000Z');
    assert.equal((await checkinRows(ctx, tester.id)).length, 1, 'one checkin per day');

    ctx.clock.advance(10 * HOUR); // 2026-11-23T00:15Z: a new UTC day
    accepted(await checkin(tester.uuid), 'next day, by uuid');
    const listed = await listCheckins(`${tester.id}`);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, [{ date: '2026-11-23' }, { date: '2026-11-22' }]);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shown.body.status, 'active');
    assert.equal(shown.body.joined_at, '2026-11-22T09:15:00Z');
    assert.deepEqual([shown.body.waitlist_position, shown.body.waitlist_length], [null, 0]);
    await assertCountersExact(ctx, beta.id, assert);
    ctx.clock.set(START);
  });

  test('a tester without checkins lists []; with .json too', async () => {
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    for (const path of [`${tester.id}/checkins`, `${tester.id}/checkins.json`, `${tester.uuid}/checkins.json`]) {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${path}`);
      assert.equal(response.status, 200, path);
      assert.deepEqual(response.body, [], path);
    }
  });

  test('only the newest 60 checkins are listed, newest first', async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const tester = await createTester(ctx, beta.id, { status: 'active' });
    const dates: string[] = [];
    for (let day = 0; day < 63; day++) {
      accepted(await checkin(tester.id), `day ${day}`);
      dates.push(ctx.clock.now().toISOString().slice(0, 10));
      ctx.clock.advance(DAY);
    }
    assert.equal((await checkinRows(ctx, tester.id)).length, 63, 'every day is recorded');
    const response = await listCheckins(tester.id);
    assert.equal(response.status, 200);
    assert.equal(response.body.length, 60);
    assert.deepEqual(response.body, dates.slice(3).reverse().map((date) => ({ date })));
    assert.deepEqual(response.body[0], { date: '2026-03-04' });
    assert.deepEqual(response.body[59], { date: '2026-01-04' });
    assert.equal(response.headers['x-pagination'], undefined, 'the checkins list is not paginated');
    assert.equal((await storedTester(ctx, tester.id))?.joined_at, '2026-01-01T12:00:00.000Z');
    ctx.clock.set(START);
  });

  test('a suspended tester cannot check in: 422 2301 and nothing is recorded', async () => {
    const tester = await createTester(ctx, beta.id);
    const suspended = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'suspended' } } });
    assert.equal(suspended.body.status, 'suspended');
    const countersBefore = await storedBeta(ctx, beta.id);
    for (const attempt of [() => checkin(tester.id), () => byEmail({ body: { checkin: { email: tester.email } } })]) {
      const response = await attempt();
      assert.equal(response.status, 422);
      assert.deepEqual(codes(response), [2301]);
    }
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.status, 'suspended');
    assert.equal(stored?.joined_at, null);
    assert.equal(stored?.last_checkin_at, null);
    assert.deepEqual(await checkinRows(ctx, tester.id), []);
    assert.deepEqual(await storedBeta(ctx, beta.id), countersBefore);
  });

  for (const status of ['invited', 'applied', 'rejected', 'imported', 'unconfirmed', 'active'] as const) {
    test(`checkin moves a tester in ${status} to active; counters exact`, async () => {
      ctx.clock.set(START);
      let tester = await createTester(ctx, beta.id, { status: status === 'rejected' ? 'applied' : status });
      if (status === 'rejected') tester = (await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status } } })).body;
      assert.equal(tester.status, status);
      const countersBefore = await storedBeta(ctx, beta.id);
      ctx.clock.advance(HOUR);
      accepted(await checkin(tester.id), status);
      const stored = await storedTester(ctx, tester.id);
      assert.equal(stored?.status, 'active');
      assert.equal(stored?.joined_at, status === 'active' ? START : '2026-11-22T10:15:00.000Z');
      const countersAfter = await storedBeta(ctx, beta.id);
      assert.equal(countersAfter.testers_count, countersBefore.testers_count);
      if (status !== 'active') {
        assert.equal((countersAfter as any)[`${status}_testers_count`], (countersBefore as any)[`${status}_testers_count`] - 1);
        assert.equal(countersAfter.active_testers_count, countersBefore.active_testers_count + 1);
      } else {
        assert.equal(countersAfter.active_testers_count, countersBefore.active_testers_count);
      }
      await assertCountersExact(ctx, beta.id, assert);
      ctx.clock.set(START);
    });
  }

  test('checkin of a referred unconfirmed tester makes them active and credits the referral they were waiting for', async () => {
    const referrer = await createTester(ctx, beta.id);
    const friend = await createTester(ctx, beta.id, { status: 'unconfirmed', referrer_id: referrer.referral_code });
    assert.equal(friend.referred_by, referrer.email);
    const shareSignups = (await storedBeta(ctx, beta.id)).share_signups_count;
    accepted(await checkin(friend.id));
    assert.equal((await storedTester(ctx, friend.id))?.status, 'active');
    assert.ok((await storedTester(ctx, friend.id))?.referral_credited_at);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, shareSignups + 1);
    accepted(await checkin(friend.id));
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1, 'credited once');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('by e-mail: wrapped, unwrapped, form with brackets, flat form; any case; 202 with no body', async () => {
    const bodies: [string, (email: string) => { body?: unknown; form?: string }][] = [
      ['wrapped JSON', (email) => ({ body: { checkin: { email } } })],
      ['unwrapped JSON', (email) => ({ body: { email } })],
      ['bracket form', (email) => ({ form: `checkin[email]=${encodeURIComponent(email)}` })],
      ['flat form', (email) => ({ form: `email=${encodeURIComponent(email)}` })],
      ['other case and spaces', (email) => ({ body: { checkin: { email: `  ${email.toUpperCase()} ` } } })],
    ];
    for (const [label, make] of bodies) {
      ctx.clock.set(START);
      const tester = await createTester(ctx, beta.id, { status: 'invited' });
      accepted(await byEmail(make(tester.email)), label);
      const stored = await storedTester(ctx, tester.id);
      assert.equal(stored?.status, 'active', label);
      assert.equal(stored?.joined_at, START, label);
      assert.deepEqual((await listCheckins(tester.id)).body, [{ date: '2026-11-22' }], label);
    }
    const tester = await createTester(ctx, beta.id, { status: 'imported' });
    const json = await ctx.request('POST', `/api/v2/betas/${beta.id}/checkins.json`, { body: { checkin: { email: tester.email } } });
    accepted(json, '.json');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('by e-mail: an unknown e-mail, or another beta\'s tester, is 404', async () => {
    const other = await ctx.createBeta();
    const outsider = await createTester(ctx, other.id, { status: 'invited' });
    for (const email of ['nobody@example.com', outsider.email]) {
      const response = await byEmail({ body: { checkin: { email } } });
      assert.equal(response.status, 404, email);
      assert.deepEqual(response.body.errors, NOT_FOUND, email);
    }
    assert.equal((await storedTester(ctx, outsider.id))?.status, 'invited');
    assert.deepEqual(await checkinRows(ctx, outsider.id), []);
  });

  test('by e-mail: a missing e-mail is 422 2302', async () => {
    const options: { body?: unknown; form?: string }[] = [
      { body: { checkin: {} } },
      { body: {} },
      { body: { checkin: { email: '' } } },
      { body: { checkin: { email: '   ' } } },
      { form: 'checkin[email]=' },
      {},
    ];
    for (const option of options) {
      const response = await byEmail(option);
      assert.equal(response.status, 422, JSON.stringify(option));
      assert.deepEqual(response.body.errors, [{ code: Errors.testerEmailRequired.code, message: 'Email is required' }], JSON.stringify(option));
    }
  });

  test('by id: a missing tester, another beta\'s, a hidden one', async () => {
    const other = await ctx.createBeta();
    const outsider = await createTester(ctx, other.id, { status: 'invited' });
    for (const ref of ['99999999', outsider.id, outsider.uuid]) {
      const response = await checkin(ref);
      assert.equal(response.status, 404, String(ref));
      assert.deepEqual(response.body.errors, NOT_FOUND);
    }
    assert.equal((await storedTester(ctx, outsider.id))?.status, 'invited');
    const { key, beta: limited, hidden } = await hiddenTesterSetup(ctx);
    for (const response of [
      await ctx.request('POST', `/api/v2/betas/${limited.id}/testers/${hidden.id}/checkin`, { key }),
      await ctx.request('POST', `/api/v2/betas/${limited.id}/checkins`, { key, body: { checkin: { email: hidden.email } } }),
      await ctx.request('GET', `/api/v2/betas/${limited.id}/testers/${hidden.id}/checkins`, { key }),
    ]) {
      assert.equal(response.status, 403);
      assert.deepEqual(response.body.errors, HIDDEN);
    }
    const stored = await storedTester(ctx, hidden.id);
    assert.equal(stored?.status, 'applied');
    assert.deepEqual(await checkinRows(ctx, hidden.id), []);
  });
});

// ---- idle ----------------------------------------------------------------------------------------

describe('idle testers', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('an active tester who has not checked in for more than idle_days becomes idle; recent ones and other betas stay', async () => {
    ctx.clock.set(START);
    const beta = await ctx.createBeta({ idle_days: 3 });
    const plain = await ctx.createBeta();
    const quiet = await createTester(ctx, beta.id, { status: 'active' });
    const regular = await createTester(ctx, beta.id, { status: 'active' });
    const waiting = await createTester(ctx, beta.id);
    const invited = await createTester(ctx, beta.id, { status: 'invited' });
    const elsewhere = await createTester(ctx, plain.id, { status: 'active' });

    ctx.clock.advance(2 * DAY);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${regular.id}/checkin`)).status, 202);
    ctx.clock.set('2026-11-25T09:15:00.000Z'); // exactly 3 days after quiet joined
    assert.equal(await ctx.services.testers.markIdleTesters(), 0);
    assert.equal((await storedTester(ctx, quiet.id))?.status, 'active', 'not more than 3 days yet');

    ctx.clock.advance(1000);
    assert.equal(await ctx.services.testers.markIdleTesters(), 1);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${quiet.id}`);
    assert.equal(shown.body.status, 'idle');
    assert.equal(shown.body.updated_at, '2026-11-25T09:15:01Z');
    assert.equal(shown.body.joined_at, '2026-11-22T09:15:00Z');
    assert.equal((await storedTester(ctx, regular.id))?.status, 'active', 'checked in 1 day ago');
    assert.equal((await storedTester(ctx, waiting.id))?.status, 'applied');
    assert.equal((await storedTester(ctx, invited.id))?.status, 'invited');
    let counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.active_testers_count, counters.idle_testers_count, counters.testers_count], [1, 1, 4]);
    await assertCountersExact(ctx, beta.id, assert);

    assert.equal(await ctx.services.testers.markIdleTesters(), 0, 'idle testers are not counted twice');

    ctx.clock.advance(2 * DAY); // regular last checked in 3 days and 1 second ago
    assert.equal(await ctx.services.testers.markIdleTesters(), 1);
    assert.equal((await storedTester(ctx, regular.id))?.status, 'idle');
    counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.active_testers_count, counters.idle_testers_count], [0, 2]);

    ctx.clock.advance(365 * DAY);
    assert.equal(await ctx.services.testers.markIdleTesters(), 0);
    assert.equal((await storedTester(ctx, elsewhere.id))?.status, 'active', 'a beta without idle_days is untouched');
    await assertCountersExact(ctx, beta.id, assert);
    await assertCountersExact(ctx, plain.id, assert);
    ctx.clock.set(START);
  });

  test('a checkin makes an idle tester active again; joined_at stays; the sweep leaves them until idle_days pass again', async () => {
    ctx.clock.set(START);
    const beta = await ctx.createBeta({ idle_days: 1 });
    const tester = await createTester(ctx, beta.id, { status: 'active' });
    ctx.clock.advance(2 * DAY);
    await ctx.services.testers.markIdleTesters();
    assert.equal((await storedTester(ctx, tester.id))?.status, 'idle');

    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/checkins`, { body: { checkin: { email: tester.email } } });
    assert.equal(response.status, 202);
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.status, 'active');
    assert.equal(stored?.joined_at, START);
    assert.equal(stored?.last_checkin_at, '2026-11-24T09:15:00.000Z');
    let counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.active_testers_count, counters.idle_testers_count], [1, 0]);

    ctx.clock.advance(DAY);
    assert.equal(await ctx.services.testers.markIdleTesters(), 0);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'active');
    ctx.clock.advance(1000);
    assert.equal(await ctx.services.testers.markIdleTesters(), 1);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'idle');
    counters = await storedBeta(ctx, beta.id);
    assert.deepEqual([counters.active_testers_count, counters.idle_testers_count], [0, 1]);
    await assertCountersExact(ctx, beta.id, assert);
    ctx.clock.set(START);
  });

  test('being set active by PUT restarts the idle clock, like a checkin', async () => {
    ctx.clock.set(START);
    const beta = await ctx.createBeta({ idle_days: 2 });
    const tester = await createTester(ctx, beta.id, { status: 'active' });
    ctx.clock.advance(3 * DAY);
    assert.equal(await ctx.services.testers.markIdleTesters(), 1);
    const put = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'active' } } });
    assert.equal(put.status, 200);
    assert.equal(put.body.status, 'active');
    assert.equal(await ctx.services.testers.markIdleTesters(), 0, 'just re-activated');
    assert.equal((await storedTester(ctx, tester.id))?.status, 'active');
    ctx.clock.advance(2 * DAY + 1000);
    assert.equal(await ctx.services.testers.markIdleTesters(), 1, 'idle again idle_days after the re-activation');
    assert.equal((await storedTester(ctx, tester.id))?.status, 'idle');

    // A tester activated by PUT long after signing up is judged from that activation.
    const late = await createTester(ctx, beta.id, { status: 'invited' });
    ctx.clock.advance(10 * DAY);
    assert.equal((await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${late.id}`, { body: { tester: { status: 'active' } } })).status, 200);
    ctx.clock.advance(DAY);
    await ctx.services.testers.markIdleTesters();
    assert.equal((await storedTester(ctx, late.id))?.status, 'active');
    await assertCountersExact(ctx, beta.id, assert);
    ctx.clock.set(START);
  });

  test('hidden idle candidates change status but not the counters', async () => {
    const { key, beta, hidden } = await hiddenTesterSetup(ctx);
    await ctx.database.db.updateTable('testers').set({ status: 'active', joined_at: START }).where('id', '=', hidden.id).execute();
    const patched = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { key, body: { settings: { idle_days: 1 } } });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const counters = await storedBeta(ctx, beta.id);
    ctx.clock.set(START);
    ctx.clock.advance(2 * DAY);
    await ctx.services.testers.markIdleTesters();
    assert.equal((await storedTester(ctx, hidden.id))?.status, 'idle');
    const countersAfter = await storedBeta(ctx, beta.id);
    assert.equal(countersAfter.idle_testers_count, counters.idle_testers_count);
    assert.equal(countersAfter.active_testers_count, counters.active_testers_count);
    await assertCountersExact(ctx, beta.id, assert);
    ctx.clock.set(START);
  });
});
