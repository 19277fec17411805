import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact, codes, createTester, storedTester, uniqueEmail } from '../testers/support.ts';
import { isSuppressed } from '../../../src/modules/suppressions/suppressions.service.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { COUNTED_ROWS } from '../../../src/primitives/paging.ts';

const FIELDS = ['email', 'id', 'reason', 'suppressed_at', 'user_id'];
const NOW = '2026-11-22T09:15:00Z';
const LATER = '2026-11-22T10:15:00Z';

describe('suppressions', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const post = (betaId: number, body: unknown, key?: string) => ctx.request('POST', `/api/v2/betas/${betaId}/suppressions`, { body, key });
  const postForm = (betaId: number, form: string) => ctx.request('POST', `/api/v2/betas/${betaId}/suppressions`, { form });
  const remove = (betaId: number, id: number | string, key?: string) => ctx.request('DELETE', `/api/v2/betas/${betaId}/suppressions/${id}`, { key });

  async function rows(betaId: number) {
    return ctx.database.db.selectFrom('suppressions').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  /** Records a suppression as the service itself would (a bounce report, a one-click unsubscribe). */
  async function learned(betaId: number, email: string, reason: 'Manual' | 'Unsubscribe' | 'HardBounce' | 'SpamComplaint') {
    return inTransaction(ctx.database.db, (trx) => ctx.services.suppressions.suppress(trx, betaId, email, reason, ctx.clock.now().toISOString()));
  }

  // ---- create ----------------------------------------------------------------------------------

  test('create (wrapped JSON) without a reason: 201, Manual, user_id null when no tester has the address', async () => {
    const beta = await ctx.createBeta();
    const response = await post(beta.id, { suppression: { email: '  Someone@Example.com ' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), FIELDS);
    assert.deepEqual(response.body, { id: response.body.id, email: 'Someone@Example.com', user_id: null, reason: 'Manual', suppressed_at: NOW });
    const [row] = await rows(beta.id);
    assert.equal(row.id, response.body.id);
    assert.equal(row.email, 'Someone@Example.com');
    assert.equal(row.email_normalized, 'someone@example.com');
    assert.equal(row.reason, 'Manual');
    assert.equal(row.suppressed_at, '2026-11-22T09:15:00.000Z');
  });

  test('create (unwrapped) Manual for a tester: user_id is the tester, who is not unsubscribed', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const response = await post(beta.id, { email: tester.email.toUpperCase(), reason: 'Manual' });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(response.body, { id: response.body.id, email: tester.email.toUpperCase(), user_id: tester.id, reason: 'Manual', suppressed_at: NOW });
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored!.unsubscribed_at, null);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, tester.email), true);
  });

  test('unsubscribing: an Unsubscribe for an existing tester sets unsubscribed_at in the same request', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    ctx.clock.set(LATER);
    const response = await post(beta.id, { suppression: { email: tester.email, reason: 'Unsubscribe' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(response.body, { id: response.body.id, email: tester.email, user_id: tester.id, reason: 'Unsubscribe', suppressed_at: LATER });
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored!.unsubscribed_at, '2026-11-22T10:15:00.000Z');
    assert.equal(stored!.updated_at, '2026-11-22T10:15:00.000Z');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${tester.id}`);
    assert.equal(shown.body.unsubscribed_at, LATER);
    assert.equal(shown.body.status, 'applied', 'unsubscribing does not change the status');
  });

  test('unsubscribing: an Unsubscribe without a tester only suppresses; other betas\' testers are untouched', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    const elsewhere = await createTester(ctx, other.id);
    const response = await post(beta.id, { email: elsewhere.email, reason: 'Unsubscribe' });
    assert.equal(response.status, 201);
    assert.equal(response.body.user_id, null);
    assert.equal((await storedTester(ctx, elsewhere.id))!.unsubscribed_at, null);
    assert.equal(await isSuppressed(ctx.database.db, other.id, elsewhere.email), false);
  });

  test('create from form bodies: flat fields and suppression[…] brackets; the reason\'s case is forgiven', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const flat = await postForm(beta.id, 'email=flat%40example.com');
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    assert.deepEqual(flat.body, { id: flat.body.id, email: 'flat@example.com', user_id: null, reason: 'Manual', suppressed_at: NOW });
    const bracket = await postForm(beta.id, `suppression[email]=${encodeURIComponent(tester.email)}&suppression[reason]=unsubscribe`);
    assert.equal(bracket.status, 201, JSON.stringify(bracket.body));
    assert.deepEqual(bracket.body, { id: bracket.body.id, email: tester.email, user_id: tester.id, reason: 'Unsubscribe', suppressed_at: NOW });
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T09:15:00.000Z');
    const blankReason = await postForm(beta.id, 'email=blank-reason%40example.com&reason=');
    assert.deepEqual([blankReason.status, blankReason.body.reason], [201, 'Manual']);
    assert.deepEqual((await rows(beta.id)).map((r) => r.reason), ['Manual', 'Unsubscribe', 'Manual']);
  });

  test('2703 Email is required: missing or blank; nothing stored', async () => {
    const beta = await ctx.createBeta();
    for (const body of [{}, { reason: 'Manual' }, { suppression: { email: '   ' } }]) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(response.body, { errors: [{ code: Errors.suppressionEmailRequired.code, message: 'Email is required' }] });
    }
    const form = await postForm(beta.id, 'email=&reason=Manual');
    assert.deepEqual([form.status, form.body], [422, { errors: [{ code: Errors.suppressionEmailRequired.code, message: 'Email is required' }] }]);
    const none = await ctx.request('POST', `/api/v2/betas/${beta.id}/suppressions`);
    assert.deepEqual([none.status, codes(none)], [422, [2703]]);
    assert.deepEqual(await rows(beta.id), []);
  });

  test('2701: an invalid address, or a reason other than Manual or Unsubscribe (HardBounce, SpamComplaint too)', async () => {
    const beta = await ctx.createBeta();
    for (const email of ['not-an-email', 'two@@example.com', 'spaces in@example.com', `${'a'.repeat(250)}@example.com`]) {
      const response = await post(beta.id, { email });
      assert.equal(response.status, 422, email);
      assert.deepEqual(response.body, { errors: [{ code: Errors.suppressionsGeneral.code, message: `Email ${JSON.stringify(email.slice(0, 80))} is not a valid e-mail address` }] });
    }
    for (const reason of ['HardBounce', 'SpamComplaint', 'Other']) {
      const response = await post(beta.id, { email: 'valid@example.com', reason });
      assert.equal(response.status, 422, String(reason));
      assert.deepEqual(response.body, { errors: [{ code: Errors.suppressionsGeneral.code, message: 'reason must be Manual or Unsubscribe' }] });
    }
    const number = await post(beta.id, { email: 'valid@example.com', reason: 5 });
    assert.deepEqual([number.status, number.body], [422, { errors: [{ code: Errors.suppressionsGeneral.code, message: 'reason must be a string' }] }]);
    const both = await post(beta.id, { reason: 'HardBounce' });
    assert.deepEqual(both.body, {
      errors: [
        { code: Errors.suppressionEmailRequired.code, message: 'Email is required' },
        { code: Errors.suppressionsGeneral.code, message: 'reason must be Manual or Unsubscribe' },
      ],
    });
    assert.deepEqual(await rows(beta.id), []);
  });

  test('2702 Email already exists: the same address again in any case; another beta may suppress it too', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    const tester = await createTester(ctx, beta.id);
    assert.equal((await post(beta.id, { email: 'Dup@Example.com' })).status, 201);
    for (const body of [{ email: 'dup@example.com' }, { email: ' DUP@EXAMPLE.COM ', reason: 'Unsubscribe' }]) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(response.body, { errors: [{ code: Errors.suppressionExists.code, message: 'Email already exists' }] });
    }
    assert.equal((await post(other.id, { email: 'dup@example.com' })).status, 201);
    assert.deepEqual((await rows(beta.id)).map((r) => [r.email, r.reason]), [['Dup@Example.com', 'Manual']]);

    // A refused Unsubscribe changes nothing: the tester stays subscribed.
    assert.equal((await post(beta.id, { email: tester.email })).status, 201);
    const refused = await post(beta.id, { email: tester.email, reason: 'Unsubscribe' });
    assert.deepEqual(codes(refused), [2702]);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, null);
  });

  test('a beta of another company or that does not exist is 404; a key without the permission is 403', async () => {
    const beta = await ctx.createBeta();
    const company = await ctx.services.accounts.createCompany({ name: 'Rival' });
    const { key: rivalKey } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const [betaId, key] of [[beta.id, rivalKey], [999999, undefined]] as const) {
      for (const [method, path] of [['POST', ''], ['GET', ''], ['DELETE', '/1']] as const) {
        const response = await ctx.request(method, `/api/v2/betas/${betaId}/suppressions${path}`, { key, body: method === 'POST' ? { email: 'x@example.com' } : undefined });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
      }
    }
    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['suppressions:read'] });
    const denied = await post(beta.id, { email: 'x@example.com' }, readOnly);
    assert.deepEqual([denied.status, denied.body], [403, { errors: [{ code: Errors.forbidden.code, message: 'This API key lacks the suppressions:write permission' }] }]);
    assert.deepEqual(codes(await remove(beta.id, 1, readOnly)), [1403]);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`, { key: readOnly })).status, 200);
    const { key: writeOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['suppressions:write'] });
    const listDenied = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`, { key: writeOnly });
    assert.deepEqual([listDenied.status, codes(listDenied)], [403, [1403]]);
    assert.deepEqual(await rows(beta.id), []);
  });

  // ---- list ------------------------------------------------------------------------------------

  test('list: by id, with user_id of the tester who has the address now; exact email filter; pagination', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    const tester = await createTester(ctx, beta.id, { email: uniqueEmail('listed') });
    const a = (await post(beta.id, { email: tester.email })).body;
    ctx.clock.set(LATER);
    const b = (await post(beta.id, { email: 'Later@Example.com', reason: 'Unsubscribe' })).body;
    const c = await learned(beta.id, 'bounced@example.com', 'HardBounce');
    await post(other.id, { email: 'elsewhere@example.com' });

    const all = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`);
    assert.equal(all.status, 200);
    for (const item of all.body) assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.deepEqual(all.body, [
      { id: a.id, email: tester.email, user_id: tester.id, reason: 'Manual', suppressed_at: NOW },
      { id: b.id, email: 'Later@Example.com', user_id: null, reason: 'Unsubscribe', suppressed_at: LATER },
      { id: c.id, email: 'bounced@example.com', user_id: null, reason: 'HardBounce', suppressed_at: LATER },
    ]);

    // A tester who signs up after the suppression is its user from then on.
    const late = await createTester(ctx, beta.id, { email: 'later@example.com' });
    const filtered = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions?email=${encodeURIComponent(' LATER@example.COM ')}`);
    assert.equal(filtered.status, 200);
    assert.deepEqual(filtered.body, [{ id: b.id, email: 'Later@Example.com', user_id: late.id, reason: 'Unsubscribe', suppressed_at: LATER }]);
    assert.equal(JSON.parse(String(filtered.headers['x-pagination'])).total_count, 1);

    for (const email of ['later', 'example.com', 'elsewhere@example.com', 'nobody@example.com']) {
      const none = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions?email=${encodeURIComponent(email)}`);
      assert.deepEqual([none.status, none.body], [200, []], `${email}: exact match only, this beta only`);
    }

    const page = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions.json?per_page=2&page=2`);
    assert.equal(page.status, 200);
    assert.deepEqual(page.body.map((s: { id: number }) => s.id), [c.id]);
    assert.deepEqual(JSON.parse(String(page.headers['x-pagination'])), {
      previous_page: 1,
      next_page: null,
      current_page: 2,
      per_page: 2,
      count: 1,
      pages: 2,
      total_count: 3,
    });
    assert.match(String(page.headers.link), /rel="first"/);
  });

  test('a list of more than 10,000 counts no further: total_count is a lower bound with total_estimated; pages stay exact', async () => {
    const beta = await ctx.createBeta();
    const rows = Array.from({ length: COUNTED_ROWS + 5 }, (_, i) => ({
      beta_id: beta.id,
      email: `many${i}@example.com`,
      email_normalized: `many${i}@example.com`,
      reason: 'Manual',
      suppressed_at: '2026-11-22T09:15:00.000Z',
    }));
    for (let start = 0; start < rows.length; start += 1000) await ctx.database.db.insertInto('suppressions').values(rows.slice(start, start + 1000)).execute();
    const facts = async (query: string) => {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions?${query}`);
      assert.equal(response.status, 200);
      return { emails: response.body.map((s: { email: string }) => s.email), pagination: JSON.parse(String(response.headers['x-pagination'])) };
    };
    const first = await facts('per_page=100');
    assert.deepEqual(first.emails.slice(0, 2), ['many0@example.com', 'many1@example.com']);
    assert.deepEqual([first.pagination.total_count, first.pagination.total_estimated, first.pagination.next_page], [COUNTED_ROWS + 1, true, 2]);
    const last = await facts('per_page=100&page=101');
    assert.deepEqual(last.emails, ['many10000@example.com', 'many10001@example.com', 'many10002@example.com', 'many10003@example.com', 'many10004@example.com']);
    assert.deepEqual([last.pagination.total_count, last.pagination.total_estimated, last.pagination.next_page], [COUNTED_ROWS + 5, undefined, null], 'counted to the end: exact');
    const beforeLast = await facts('per_page=100&page=100');
    assert.equal(beforeLast.pagination.next_page, 101, 'a next page is known to exist');
  });

  test('user_id is null for a hidden tester (plan limit), who is still unsubscribed (it is about the address)', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 1 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const small = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Tiny', homepage_url: 'https://tiny.example' } });
    const betaId = small.body.id;
    await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email: 'seen@example.com' } } });
    await ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email: 'unseen@example.com' } } });
    const response = await post(betaId, { email: 'unseen@example.com', reason: 'Unsubscribe' }, key);
    assert.equal(response.status, 201);
    assert.equal(response.body.user_id, null);
    const hidden = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).where('hidden', '=', 1).executeTakeFirstOrThrow();
    assert.equal(hidden.unsubscribed_at, '2026-11-22T09:15:00.000Z');
  });

  // ---- delete ----------------------------------------------------------------------------------

  test('deleting a Manual suppression: 200 with the deleted suppression; the address is active again', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const created = (await post(beta.id, { email: tester.email })).body;
    assert.equal(await isSuppressed(ctx.database.db, beta.id, tester.email), true);
    const response = await remove(beta.id, created.id);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { id: created.id, email: tester.email, user_id: tester.id, reason: 'Manual', suppressed_at: NOW });
    assert.deepEqual(await rows(beta.id), []);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, tester.email), false);
    // The address can be suppressed again.
    assert.equal((await post(beta.id, { email: tester.email })).status, 201);
  });

  test('deleting a HardBounce suppression (recorded by suppress()): 200, the address is active again', async () => {
    const beta = await ctx.createBeta();
    const bounced = await learned(beta.id, 'Bounced@Example.com', 'HardBounce');
    assert.equal(bounced.reason, 'HardBounce');
    const response = await remove(beta.id, `${bounced.id}.json`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { id: bounced.id, email: 'Bounced@Example.com', user_id: null, reason: 'HardBounce', suppressed_at: NOW });
    assert.deepEqual(await rows(beta.id), []);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, 'bounced@example.com'), false);
  });

  test('deleting an Unsubscribe or SpamComplaint suppression: 422 2701, only support can remove them; nothing deleted', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const unsubscribed = (await post(beta.id, { email: tester.email, reason: 'Unsubscribe' })).body;
    const complained = await learned(beta.id, 'complainer@example.com', 'SpamComplaint');
    for (const [id, reason] of [[unsubscribed.id, 'Unsubscribe'], [complained.id, 'SpamComplaint']] as const) {
      const response = await remove(beta.id, id);
      assert.equal(response.status, 422, reason);
      assert.deepEqual(response.body, {
        errors: [
          {
            code: Errors.suppressionsGeneral.code,
            message: `${reason} suppressions can be removed only through support: the address stays suppressed (only Manual and HardBounce ones can be deleted)`,
          },
        ],
      });
    }
    assert.deepEqual((await rows(beta.id)).map((r) => r.reason), ['Unsubscribe', 'SpamComplaint']);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, tester.email), true);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T09:15:00.000Z');
  });

  test('delete: unknown, malformed, already deleted or another beta\'s suppression is 404 Suppression not found', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    const foreign = (await post(other.id, { email: 'foreign@example.com' })).body;
    const gone = (await post(beta.id, { email: 'gone@example.com' })).body;
    assert.equal((await remove(beta.id, gone.id)).status, 200);
    for (const id of [String(foreign.id), String(gone.id), '99999999', 'abc', '0']) {
      const response = await remove(beta.id, id);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Suppression not found' }] }, id);
    }
    assert.equal((await rows(other.id)).length, 1);
  });

  test('deleting a Manual suppression of an unsubscribed tester does not clear unsubscribed_at', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const manual = (await post(beta.id, { email: tester.email })).body;
    // A one-click unsubscribe arrives later: the Manual suppression is kept as it is, the tester is unsubscribed.
    ctx.clock.set(LATER);
    const kept = await learned(beta.id, tester.email, 'Unsubscribe');
    assert.deepEqual([kept.id, kept.reason], [manual.id, 'Manual']);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T10:15:00.000Z');
    assert.equal((await remove(beta.id, manual.id)).status, 200);
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T10:15:00.000Z');
  });

  // ---- domain functions ------------------------------------------------------------------------

  test('suppress(): records a new suppression, keeps an existing one as it is; Unsubscribe sets unsubscribed_at once', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id);
    const first = await learned(beta.id, ` ${tester.email.toUpperCase()} `, 'Unsubscribe');
    assert.equal(first.beta_id, beta.id);
    assert.equal(first.email, tester.email.toUpperCase());
    assert.equal(first.email_normalized, tester.email.toLowerCase());
    assert.equal(first.reason, 'Unsubscribe');
    assert.equal(first.suppressed_at, '2026-11-22T09:15:00.000Z');
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T09:15:00.000Z');

    ctx.clock.set(LATER);
    for (const reason of ['HardBounce', 'SpamComplaint', 'Unsubscribe', 'Manual'] as const) {
      const again = await learned(beta.id, tester.email, reason);
      assert.deepEqual(again, first, `${reason} keeps the existing suppression`);
    }
    assert.equal((await storedTester(ctx, tester.id))!.unsubscribed_at, '2026-11-22T09:15:00.000Z', 'set once, never moved');
    assert.equal((await rows(beta.id)).length, 1);

    const bounce = await learned(beta.id, 'hard@example.com', 'HardBounce');
    assert.deepEqual([bounce.reason, bounce.email_normalized, bounce.suppressed_at], ['HardBounce', 'hard@example.com', '2026-11-22T10:15:00.000Z']);
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/suppressions`);
    assert.deepEqual(listed.body.map((s: { reason: string }) => s.reason), ['Unsubscribe', 'HardBounce']);
  });

  test('suppress(): a hard bounce suspends the tester; unsuspending restores the status it had', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id, { status: 'invited' });
    const bystander = await createTester(ctx, beta.id, { status: 'invited' });
    ctx.clock.set(LATER);
    await learned(beta.id, tester.email.toUpperCase(), 'HardBounce');
    const stored = await storedTester(ctx, tester.id);
    assert.deepEqual([stored!.status, stored!.status_before_suspension, stored!.updated_at], ['suspended', 'invited', '2026-11-22T10:15:00.000Z']);
    assert.equal((await storedTester(ctx, bystander.id))!.status, 'invited');
    await assertCountersExact(ctx, beta.id, assert);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.invited_testers_count, 1);

    await learned(beta.id, tester.email, 'HardBounce');
    assert.equal((await storedTester(ctx, tester.id))!.status_before_suspension, 'invited', 'a second bounce changes nothing');
    const restored = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status: 'unsuspended' } } });
    assert.equal(restored.body.status, 'invited');
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('suppress(): concurrent calls for one address record one suppression', async () => {
    const beta = await ctx.createBeta();
    const results = await Promise.all(Array.from({ length: 10 }, () => learned(beta.id, 'race@example.com', 'HardBounce')));
    assert.equal(new Set(results.map((r) => r.id)).size, 1);
    assert.equal((await rows(beta.id)).length, 1);
  });

  test('isSuppressed(): case-insensitive and per beta', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    await post(beta.id, { email: 'Quiet@Example.com' });
    assert.equal(await isSuppressed(ctx.database.db, beta.id, 'quiet@example.com'), true);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, ' QUIET@EXAMPLE.COM '), true);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, 'loud@example.com'), false);
    assert.equal(await isSuppressed(ctx.database.db, beta.id, ''), false);
    assert.equal(await isSuppressed(ctx.database.db, other.id, 'quiet@example.com'), false);
  });
});
