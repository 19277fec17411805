import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { ALLOWED_FROM, ALL_STATUSES, assertCountersExact, codes, createTester, storedBeta, storedTester, type Status } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('update tester', () => {
  let ctx: TestContext;
  let beta: { id: number; settings?: any };
  const put = (id: number | string, tester: Record<string, unknown>, betaId = beta.id) =>
    ctx.request('PUT', `/api/v2/betas/${betaId}/testers/${id}.json`, { body: { tester } });

  /** A tester of `beta` in the given status, reached through the API. */
  async function testerIn(status: Status): Promise<any> {
    switch (status) {
      case 'rejected':
      case 'suspended': {
        const tester = await createTester(ctx, beta.id);
        const response = await put(tester.id, { status });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body;
      }
      case 'idle': {
        const tester = await createTester(ctx, beta.id, { status: 'active' });
        const start = ctx.clock.now();
        ctx.clock.advance(3 * 86_400_000);
        await ctx.services.testers.markIdleTesters();
        ctx.clock.set(start);
        const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
        assert.equal(shown.body.status, 'idle');
        return shown.body;
      }
      default:
        return createTester(ctx, beta.id, { status });
    }
  }

  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta({ double_opt_in: true, idle_days: 2 });
  });
  after(() => ctx.close());

  for (const [requested, allowed] of Object.entries(ALLOWED_FROM)) {
    for (const from of ALL_STATUSES) {
      const permitted = allowed.includes(from) || from === requested;
      test(`${from} → ${requested}: ${permitted ? 'permitted' : 'refused with 2301'}`, async () => {
        const tester = await testerIn(from);
        const response = await put(tester.id, { status: requested });
        if (permitted) {
          assert.equal(response.status, 200, JSON.stringify(response.body));
          assert.equal(response.body.status, requested);
          assert.equal((await storedTester(ctx, tester.id))?.status, requested);
        } else {
          assert.equal(response.status, 422);
          assert.deepEqual(response.body.errors, [{ code: Errors.testersGeneral.code, message: `Cannot change status from ${from} to ${requested}` }]);
          assert.equal((await storedTester(ctx, tester.id))?.status, from);
        }
        await assertCountersExact(ctx, beta.id, assert);
      });
    }
  }

  test('unsuspend restores the status held before the suspension', async () => {
    for (const before of ['invited', 'active', 'imported'] as const) {
      const tester = await testerIn(before);
      assert.equal((await put(tester.id, { status: 'suspended' })).body.status, 'suspended');
      const response = await put(tester.id, { status: 'unsuspended' });
      assert.equal(response.status, 200);
      assert.equal(response.body.status, before);
      assert.equal((await storedTester(ctx, tester.id))?.status_before_suspension, null);
    }
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('a status an update does not take is refused naming the allowed ones, and those only a create takes', async () => {
    const tester = await createTester(ctx, beta.id);
    const allowed = 'tester.status must be one of applied, invited, rejected, suspended, unsuspended or active';
    for (const status of ['imported', 'unconfirmed', 'zombie']) {
      const response = await put(tester.id, { status, profile: { first_name: 'Changed' } });
      assert.equal(response.status, 422, status);
      assert.deepEqual(response.body, {
        errors: [{ code: Errors.testersGeneral.code, message: `${allowed} (imported and unconfirmed are accepted when a tester is created, not by an update)` }],
      });
    }
    const stored = await storedTester(ctx, tester.id);
    assert.deepEqual([stored!.status, stored!.first_name], ['applied', null], 'nothing changed');
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'suspended-at-once@example.com', status: 'suspended' } } });
    assert.deepEqual([created.status, created.body], [422, {
      errors: [{
        code: Errors.testersGeneral.code,
        message: 'tester.status must be one of applied, invited, active, imported or unconfirmed (rejected, suspended and unsuspended are accepted by an update, not when a tester is created)',
      }],
    }]);
    const none = await ctx.database.db.selectFrom('testers').select('id').where('email', '=', 'suspended-at-once@example.com').execute();
    assert.deepEqual(none, []);
  });

  test('unsuspend of a tester who is not suspended is refused', async () => {
    const tester = await testerIn('applied');
    const response = await put(tester.id, { status: 'unsuspended' });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2301]);
  });

  test('timestamps are set once and never cleared', async () => {
    const tester = await createTester(ctx, beta.id);
    ctx.clock.advance(60_000);
    const invited = await put(tester.id, { status: 'invited' });
    assert.equal(invited.body.applied_at, tester.applied_at);
    assert.equal(invited.body.invited_at, '2026-11-22T09:16:00Z');
    assert.match(invited.body.invitation_code, /^[0-9a-f]{10}$/);
    ctx.clock.advance(60_000);
    const active = await put(tester.id, { status: 'active' });
    assert.equal(active.body.joined_at, '2026-11-22T09:17:00Z');
    assert.equal(active.body.invited_at, '2026-11-22T09:16:00Z');
    assert.equal(active.body.invitation_code, invited.body.invitation_code);
    ctx.clock.advance(60_000);
    const rejected = await put(tester.id, { status: 'suspended' });
    assert.equal(rejected.body.joined_at, '2026-11-22T09:17:00Z');
    assert.equal(rejected.body.updated_at, '2026-11-22T09:18:00Z');
    ctx.clock.set('2026-11-22T09:15:00.000Z');
  });

  test('activation with an invitation code: valid codes pass, others are refused and change nothing', async () => {
    const tester = await testerIn('invited');
    const wrong = await put(tester.id, { status: 'active', invitation_code: 'nope-nope' });
    assert.equal(wrong.status, 422);
    assert.deepEqual(codes(wrong), [2313]);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'invited');
    const right = await put(tester.id, { status: 'active', invitation_code: tester.invitation_code.toUpperCase() });
    assert.equal(right.status, 200, JSON.stringify(right.body));
    assert.equal(right.body.status, 'active');
  });

  test('an invitation code without status active is refused', async () => {
    const tester = await testerIn('invited');
    const response = await put(tester.id, { invitation_code: tester.invitation_code });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2301]);
  });

  test('profile and groups change only what is sent; responses are in the answer', async () => {
    const tester = await createTester(ctx, beta.id, { groups: 'a', profile: { first_name: 'Old', last_name: 'Name', custom_var2: 'keep' } });
    const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.uuid}`, {
      form: 'tester[profile][first_name]=New&tester[groups]=b%2Cc',
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.profile.first_name, 'New');
    assert.equal(response.body.profile.last_name, 'Name');
    assert.equal(response.body.profile.custom_var2, 'keep');
    assert.equal(response.body.groups, 'b,c');
    assert.deepEqual(response.body.responses, []);
    const byName = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?name=new%20name`);
    assert.deepEqual(byName.body.map((t: { id: number }) => t.id), [tester.id]);
  });

  test('an empty value clears a profile field', async () => {
    const tester = await createTester(ctx, beta.id, { profile: { employer: 'Acme' } });
    const response = await put(tester.id, { profile: { employer: '' } });
    assert.equal(response.body.profile.employer, null);
  });

  test('required fields are checked for the fields an update touches', async () => {
    const strict = await ctx.createBeta({ required_fields: ['name'] });
    const tester = await createTester(ctx, strict.id, { profile: { first_name: 'Ann' } });
    const clearing = await put(tester.id, { profile: { first_name: null } }, strict.id);
    assert.equal(clearing.status, 422);
    assert.deepEqual(codes(clearing), [2303]);
    assert.equal((await storedTester(ctx, tester.id))?.first_name, 'Ann');
    const unrelated = await put(tester.id, { groups: 'x' }, strict.id);
    assert.equal(unrelated.status, 200);
  });

  test('2302 and 2310 on update: e-mail emptied or taken', async () => {
    const first = await createTester(ctx, beta.id);
    const second = await createTester(ctx, beta.id);
    const empty = await put(second.id, { email: '' });
    assert.deepEqual(empty.body.errors, [{ code: Errors.testerEmailRequired.code, message: 'Email is required' }]);
    const taken = await put(second.id, { email: first.email.toUpperCase() });
    assert.equal(taken.status, 422);
    assert.deepEqual(codes(taken), [2310]);
    const changed = await put(second.id, { email: 'renamed@example.com' });
    assert.equal(changed.body.email, 'renamed@example.com');
  });

  test('an e-mail address with a bidi or zero-width character is refused on update and the stored one kept', async () => {
    const tester = await createTester(ctx, beta.id);
    for (const email of ['moc.elpmaxe@\u202eevil', 'evil\u200b@example.com', 'evil@example.com\u2069']) {
      const response = await put(tester.id, { email });
      assert.equal(response.status, 422, JSON.stringify(email));
      assert.equal(response.body.errors.length, 1);
      assert.equal(response.body.errors[0].code, Errors.testersGeneral.code);
      assert.match(response.body.errors[0].message, /is not a valid e-mail address: it contains the invisible character U\+(202E|200B|2069)$/);
      assert.equal((await storedTester(ctx, tester.id))?.email, tester.email);
    }
  });

  test('a national phone number on update is read in the stored country', async () => {
    const tester = await createTester(ctx, beta.id, { profile: { country: 'DE' } });
    const response = await put(tester.id, { profile: { telephone: '030 901820' } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.profile.telephone, '+4930901820');
  });

  test('2307 and 2323 on update', async () => {
    const tester = await createTester(ctx, beta.id);
    assert.deepEqual(codes(await put(tester.id, { profile: { telephone: 'abc' } })), [2307]);
    assert.deepEqual(codes(await put(tester.id, { profile: { ip: '::1' } })), [2323]);
  });

  test('2308, 2309, 2315 on update; earlier answers satisfy required questions', async () => {
    const quiz = await ctx.createBeta();
    const terms = (await ctx.request('POST', `/api/v2/betas/${quiz.id}/questions`, { body: { kind: 'agreement', prompt: 'Terms?', required: true } })).body.id;
    const size = (await ctx.request('POST', `/api/v2/betas/${quiz.id}/questions`, { body: { kind: 'scale', prompt: 'Team size?', choices: ['1', '2-10', '11+'] } })).body.id;
    const tester = await createTester(ctx, quiz.id, { responses: { response: [{ question_id: terms, answer: 1 }] } });
    const scaled = await put(tester.id, { responses: { response: [{ question_id: size, answer: 1 }] } }, quiz.id);
    assert.equal(scaled.status, 200, JSON.stringify(scaled.body));
    assert.deepEqual(scaled.body.responses.map((r: { answer: string }) => r.answer), ['Agree', '2-10']);
    assert.deepEqual(codes(await put(tester.id, { responses: { response: [{ question_id: terms, answer: 0 }] } }, quiz.id)), [2309]);
    assert.deepEqual(codes(await put(tester.id, { responses: { response: [{ question_id: 424242, answer: 0 }] } }, quiz.id)), [2315]);
    assert.deepEqual(codes(await put(tester.id, { responses: { response: [{ question_id: size, answer: 'x' }] } }, quiz.id)), [2324]);
  });

  test('2316: moving a new signup into the waitlist of a closed beta', async () => {
    const closing = await ctx.createBeta({ double_opt_in: true });
    const tester = await createTester(ctx, closing.id, { status: 'unconfirmed' });
    await ctx.request('PATCH', `/api/v2/betas/${closing.id}`, { body: { settings: { accepting_signups: false } } });
    const response = await put(tester.id, { status: 'applied' }, closing.id);
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2316]);
  });

  test('referrer_id on update: set once, credited when applied', async () => {
    const referrer = await createTester(ctx, beta.id);
    const tester = await createTester(ctx, beta.id);
    const response = await put(tester.id, { referrer_id: referrer.email });
    assert.equal(response.body.referred_by, referrer.email);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    const other = await createTester(ctx, beta.id);
    const again = await put(tester.id, { referrer_id: other.referral_code });
    assert.equal(again.body.referred_by, referrer.email, 'a referrer is set once');
    assert.equal((await storedTester(ctx, other.id))?.share_signups_count, 0);
  });

  test('a missing tester is 404; a tester of another beta too', async () => {
    const other = await ctx.createBeta();
    const outsider = await createTester(ctx, other.id);
    for (const id of ['99999999', String(outsider.id), '00000000-0000-0000-0000-000000000000', 'garbage']) {
      const response = await put(id, { groups: 'x' });
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'Tester not found' }]);
    }
  });

  test('2322 when the body is not wrapped', async () => {
    const tester = await createTester(ctx, beta.id);
    const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { status: 'invited' } });
    assert.deepEqual(codes(response), [2322]);
    assert.equal((await storedTester(ctx, tester.id))?.status, 'applied');
  });

  test('POST with X-HTTP-Method-Override: PUT updates', async () => {
    const tester = await createTester(ctx, beta.id);
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}.json`, {
      body: { tester: { status: 'invited' } },
      headers: { 'x-http-method-override': 'PUT' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.status, 'invited');
  });

  test('priority: 0 to 1,000,000 by JSON or form; anything else is 422 naming the field and changes nothing', async () => {
    const tester = await createTester(ctx, beta.id);
    const before = await storedTester(ctx, tester.id);
    for (const priority of [-1, 1_000_001, 2.5, '3', null, true]) {
      const response = await put(tester.id, { priority, groups: 'changed' });
      assert.equal(response.status, 422, `${JSON.stringify(priority)}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(codes(response), [Errors.testersGeneral.code]);
      assert.match(response.body.errors[0].message, /priority/);
      assert.deepEqual(await storedTester(ctx, tester.id), before, `${JSON.stringify(priority)} changed nothing`);
    }
    const form = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { form: 'tester[priority]=1000000' });
    assert.deepEqual([form.status, form.body.priority], [200, 1_000_000]);
    const refusedForm = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { form: 'tester[priority]=1e3' });
    assert.equal(refusedForm.status, 422, JSON.stringify(refusedForm.body));
    const cleared = await put(tester.id, { priority: 0 });
    assert.deepEqual([cleared.status, cleared.body.priority], [200, 0]);
    assert.equal((await storedTester(ctx, tester.id))?.priority, 0);
    // Create does not take it: an unknown field there, ignored.
    const created = await createTester(ctx, beta.id, { priority: 9 });
    assert.equal(created.priority, 0);
  });

  test('counters match the rows after all of the above', async () => {
    for (const { id } of await ctx.database.db.selectFrom('betas').select('id').execute()) await assertCountersExact(ctx, id, assert);
    const counters = await storedBeta(ctx, beta.id);
    assert.ok(counters.testers_count > 50);
  });
});
