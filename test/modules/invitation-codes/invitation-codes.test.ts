import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { signedIn } from '../../console/support.ts';

const CODE_FIELDS = ['id', 'code', 'max_uses', 'uses', 'expires_at', 'created_at'];

describe('invitation codes (management routes)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const path = (betaId: number) => `/api/v2/betas/${betaId}/invitation_codes`;

  test('create (wrapped) answers 201 with the code and stores it normalized', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', path(beta.id), {
      body: { invitation_code: { code: 'Launch-2026_VIP', max_uses: 10, expires_at: '2026-12-31T23:59:59.500+01:00' } },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), [...CODE_FIELDS].sort());
    assert.equal(response.body.code, 'Launch-2026_VIP');
    assert.equal(response.body.max_uses, 10);
    assert.equal(response.body.uses, 0);
    assert.equal(response.body.expires_at, '2026-12-31T22:59:59Z');
    assert.equal(response.body.created_at, '2026-11-22T09:15:00Z');
    const stored = await ctx.database.db.selectFrom('invitation_codes').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
    assert.equal(stored.beta_id, beta.id);
    assert.equal(stored.code, 'Launch-2026_VIP');
    assert.equal(stored.code_normalized, 'launch-2026_vip');
    assert.equal(stored.expires_at, '2026-12-31T22:59:59.500Z');
    assert.equal(stored.uses, 0);
  });

  test('create unwrapped with only max_uses, or only expires_at; from a form body', async () => {
    const beta = await ctx.createBeta();
    const byUses = await ctx.request('POST', path(beta.id), { body: { code: 'USES', max_uses: 3 } });
    assert.equal(byUses.status, 201, JSON.stringify(byUses.body));
    assert.equal(byUses.body.expires_at, null);
    const byTime = await ctx.request('POST', `${path(beta.id)}.json`, { body: { code: 'TIME', expires_at: '2027-01-01T00:00:00Z' } });
    assert.equal(byTime.status, 201, JSON.stringify(byTime.body));
    assert.equal(byTime.body.max_uses, null);
    assert.equal(byTime.body.expires_at, '2027-01-01T00:00:00Z');
    const form = await ctx.request('POST', path(beta.id), { form: 'invitation_code[code]=FORM1&invitation_code[max_uses]=7' });
    assert.equal(form.status, 201, JSON.stringify(form.body));
    assert.equal(form.body.max_uses, 7);
  });

  test('a code is limited by usage or time: neither is 422 2201', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', path(beta.id), { body: { code: 'FOREVER' } });
    assert.equal(response.status, 422);
    assert.equal(response.body.errors[0].code, Errors.betasGeneral.code);
    assert.match(response.body.errors[0].message, /max_uses or expires_at is required/);
  });

  test('invalid fields are 422 2201 naming the problem, and nothing is stored', async () => {
    const beta = await ctx.createBeta();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ max_uses: 5 }, /code is required/],
      [{ code: 'ab', max_uses: 5 }, /code/],
      [{ code: 'x'.repeat(65), max_uses: 5 }, /code/],
      [{ code: 'has space', max_uses: 5 }, /code/],
      [{ code: 'ümlaut', max_uses: 5 }, /code/],
      [{ code: 'GOOD', max_uses: 0 }, /max_uses/],
      [{ code: 'GOOD', max_uses: 2.5 }, /max_uses/],
      [{ code: 'GOOD', expires_at: 'tomorrow' }, /expires_at/],
      [{ code: 'GOOD', expires_at: '2026-11-22T09:14:59Z' }, /expires_at must be in the future/],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.request('POST', path(beta.id), { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors.every((e: { code: number }) => e.code === Errors.betasGeneral.code), JSON.stringify(response.body));
      assert.match(response.body.errors.map((e: { message: string }) => e.message).join(' | '), message, JSON.stringify(body));
    }
    const stored = await ctx.database.db.selectFrom('invitation_codes').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(stored, []);
  });

  test('codes are unique per beta ignoring case: duplicate is 422 2201 Invitation code already exists', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    assert.equal((await ctx.request('POST', path(beta.id), { body: { code: 'Spring', max_uses: 1 } })).status, 201);
    const duplicate = await ctx.request('POST', path(beta.id), { body: { code: 'SPRING', max_uses: 2 } });
    assert.equal(duplicate.status, 422);
    assert.deepEqual(duplicate.body, { errors: [{ code: Errors.betasGeneral.code, message: 'Invitation code already exists' }] });
    // The same code in another beta is fine.
    assert.equal((await ctx.request('POST', path(other.id), { body: { code: 'spring', max_uses: 1 } })).status, 201);
    const stored = await ctx.database.db.selectFrom('invitation_codes').select('code').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(stored, [{ code: 'Spring' }]);
  });

  test('list answers 200 with the codes of that beta, by id, paginated', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const a = (await ctx.request('POST', path(beta.id), { body: { code: 'AAA', max_uses: 1 } })).body;
    const b = (await ctx.request('POST', path(beta.id), { body: { code: 'BBB', expires_at: '2030-01-01T00:00:00Z' } })).body;
    await ctx.request('POST', path(other.id), { body: { code: 'CCC', max_uses: 1 } });
    const response = await ctx.request('GET', `${path(beta.id)}.json`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, [a, b]);
    assert.equal(JSON.parse(String(response.headers['x-pagination'])).total_count, 2);
    const page = await ctx.request('GET', `${path(beta.id)}?page=2&per_page=1`);
    assert.deepEqual(page.body, [b]);
  });

  test('delete answers 200 with the code and removes it; again is 404', async () => {
    const beta = await ctx.createBeta();
    const code = (await ctx.request('POST', path(beta.id), { body: { code: 'GONE', max_uses: 4 } })).body;
    const response = await ctx.request('DELETE', `${path(beta.id)}/${code.id}.json`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, code);
    const stored = await ctx.database.db.selectFrom('invitation_codes').select('id').where('id', '=', code.id).executeTakeFirst();
    assert.equal(stored, undefined);
    const again = await ctx.request('DELETE', `${path(beta.id)}/${code.id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { errors: [{ code: Errors.notFound.code, message: 'Invitation code not found' }] });
    // After deletion the code can be created again.
    assert.equal((await ctx.request('POST', path(beta.id), { body: { code: 'gone', max_uses: 1 } })).status, 201);
  });

  test('update (extension) changes the limits sent, null removes one; the code and its uses stay', async () => {
    const beta = await ctx.createBeta();
    const code = (await ctx.request('POST', path(beta.id), { body: { code: 'Early', max_uses: 2 } })).body;
    await ctx.database.db.updateTable('invitation_codes').set({ uses: 1 }).where('id', '=', code.id).execute();
    const response = await ctx.request('PATCH', `${path(beta.id)}/${code.id}.json`, {
      body: { invitation_code: { max_uses: 50, expires_at: '2027-03-01T12:00:00+01:00' } },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { ...code, uses: 1, max_uses: 50, expires_at: '2027-03-01T11:00:00Z' });
    const stored = await ctx.database.db.selectFrom('invitation_codes').selectAll().where('id', '=', code.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.code, stored.max_uses, stored.uses, stored.expires_at], ['Early', 50, 1, '2027-03-01T11:00:00.000Z']);

    const unlimited = await ctx.request('PATCH', `${path(beta.id)}/${code.id}`, { body: { max_uses: null } });
    assert.equal(unlimited.status, 200, JSON.stringify(unlimited.body));
    assert.deepEqual([unlimited.body.max_uses, unlimited.body.expires_at], [null, '2027-03-01T11:00:00Z']);
    const form = await ctx.request('PATCH', `${path(beta.id)}/${code.id}`, { form: 'invitation_code[max_uses]=9' });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.max_uses, 9);
  });

  test('update refuses a code left without a limit, a past expiry and bad values (422 2201); a foreign id is 404; nothing changes', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const code = (await ctx.request('POST', path(beta.id), { body: { code: 'LIMITED', max_uses: 3 } })).body;
    const theirs = (await ctx.request('POST', path(other.id), { body: { code: 'THEIRS', max_uses: 3 } })).body;
    const bad: [unknown, RegExp][] = [
      [{ max_uses: null }, /max_uses or expires_at is required/],
      [{ max_uses: null, expires_at: null }, /max_uses or expires_at is required/],
      [{ expires_at: '2020-01-01T00:00:00Z' }, /expires_at must be in the future/],
      [{ expires_at: 'next week' }, /expires_at/],
      [{ max_uses: 0 }, /max_uses/],
      [{ max_uses: 'many' }, /max_uses/],
    ];
    for (const [body, message] of bad) {
      const response = await ctx.request('PATCH', `${path(beta.id)}/${code.id}`, { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[0].code, Errors.betasGeneral.code);
      assert.match(response.body.errors[0].message, message);
    }
    for (const id of [String(theirs.id), 'abc', '0', '999999']) {
      const response = await ctx.request('PATCH', `${path(beta.id)}/${id}`, { body: { max_uses: 9 } });
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Invitation code not found' }] });
    }
    const stored = await ctx.database.db.selectFrom('invitation_codes').select(['max_uses', 'expires_at']).where('id', 'in', [code.id, theirs.id]).execute();
    assert.deepEqual(stored, [{ max_uses: 3, expires_at: null }, { max_uses: 3, expires_at: null }]);
  });

  test('members: a viewer may list but not change a code (403); an admin may', async () => {
    const beta = await ctx.createBeta();
    const code = (await ctx.request('POST', path(beta.id), { body: { code: 'ROLES', max_uses: 3 } })).body;
    const viewer = await signedIn(ctx, 'code-viewer@example.com', 'viewer');
    assert.equal((await viewer.request('GET', path(beta.id))).status, 200);
    const refused = await viewer.request('PATCH', `${path(beta.id)}/${code.id}`, { max_uses: 99 });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].code, Errors.roleForbidden.code);
    const admin = await signedIn(ctx, 'code-admin@example.com', 'admin');
    assert.equal((await admin.request('PATCH', `${path(beta.id)}/${code.id}`, { max_uses: 4 })).status, 200);
    const stored = await ctx.database.db.selectFrom('invitation_codes').select('max_uses').where('id', '=', code.id).executeTakeFirstOrThrow();
    assert.equal(stored.max_uses, 4);
  });

  test("delete of another beta's code or a malformed id is 404 and deletes nothing", async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const code = (await ctx.request('POST', path(other.id), { body: { code: 'THEIRS', max_uses: 1 } })).body;
    for (const id of [String(code.id), 'abc', '0', '999999']) {
      const response = await ctx.request('DELETE', `${path(beta.id)}/${id}`);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Invitation code not found' }] });
    }
    assert.ok(await ctx.database.db.selectFrom('invitation_codes').select('id').where('id', '=', code.id).executeTakeFirst());
  });

  test("another company's beta is 404 Beta not found on every route", async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Other Co' });
    const foreign = await ctx.services.betas.create(company.id, { name: 'Theirs', homepage_url: 'https://theirs.example' });
    const code = await ctx.services.invitationCodes.create(foreign.id, { code: 'SECRET', max_uses: 1 });
    const requests: [string, string, unknown?][] = [
      ['GET', path(foreign.id)],
      ['POST', path(foreign.id), { code: 'MINE', max_uses: 1 }],
      ['PATCH', `${path(foreign.id)}/${code.id}`, { max_uses: 9 }],
      ['DELETE', `${path(foreign.id)}/${code.id}`],
    ];
    for (const [method, url, body] of requests) {
      const response = await ctx.request(method, url, { body });
      assert.equal(response.status, 404, `${method} ${url}`);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
    }
    const stored = await ctx.database.db.selectFrom('invitation_codes').select('code').where('beta_id', '=', foreign.id).execute();
    assert.deepEqual(stored, [{ code: 'SECRET' }]);
  });

  test('writes need betas:write, reads betas:read', async () => {
    const beta = await ctx.createBeta();
    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read'] });
    assert.equal((await ctx.request('GET', path(beta.id), { key: readOnly })).status, 200);
    const create = await ctx.request('POST', path(beta.id), { key: readOnly, body: { code: 'NOPE', max_uses: 1 } });
    assert.equal(create.status, 403);
    assert.equal(create.body.errors[0].code, Errors.forbidden.code);
    assert.equal((await ctx.request('DELETE', `${path(beta.id)}/1`, { key: readOnly })).status, 403);
    assert.equal((await ctx.request('PATCH', `${path(beta.id)}/1`, { key: readOnly, body: { max_uses: 2 } })).status, 403);
    const { key: testersOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:write'] });
    assert.equal((await ctx.request('GET', path(beta.id), { key: testersOnly })).status, 403);
  });
});
