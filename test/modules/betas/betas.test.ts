import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const BETA_FIELDS = [
  'id', 'name', 'homepage_url', 'slug', 'testers_count', 'impressions_count', 'share_clicks_count', 'share_signups_count',
  'imported_testers_count', 'applied_testers_count', 'invited_testers_count', 'active_testers_count',
  'rejected_testers_count', 'created_at', 'updated_at', 'settings', 'page', 'sandbox', 'sandbox_of',
];

describe('betas', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  test('create answers 201 with every field of the spec and the default settings', async () => {
    const response = await ctx.request('POST', '/api/v2/betas', { body: { beta: { name: 'Rocket', homepage_url: 'https://rocket.example' } } });
    assert.equal(response.status, 201);
    assert.deepEqual(Object.keys(response.body).sort(), [...BETA_FIELDS].sort());
    assert.equal(response.body.name, 'Rocket');
    assert.equal(response.body.testers_count, 0);
    assert.equal(response.body.created_at, '2026-11-22T09:15:00Z');
    assert.equal(response.body.settings.waitlist_order, 'referrals');
    assert.equal(response.body.settings.friend_invitations_allowed, 5);
    assert.match(response.body.settings.decoder_key, /^[0-9a-f]{40}$/);
    const stored = await ctx.database.db.selectFrom('betas').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
    assert.equal(stored.company_id, ctx.companyId);
  });

  test('create from a form body with bracket notation', async () => {
    const response = await ctx.request('POST', '/api/v2/betas.json', {
      form: 'beta[name]=Form+Beta&beta[homepage_url]=https%3A%2F%2Fform.example&beta[settings][double_opt_in]=true&beta[settings][signup_points]=4',
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.settings.double_opt_in, true);
    assert.equal(response.body.settings.signup_points, 4);
  });

  test('form booleans: true/false/1/0, anything else refused', async () => {
    for (const [text, expected] of [['1', true], ['0', false], ['true', true], ['false', false]] as const) {
      const response = await ctx.request('POST', '/api/v2/betas', {
        form: `name=B&homepage_url=https%3A%2F%2Fb.example&settings[double_opt_in]=${text}&settings[accepting_signups]=${text}`,
      });
      assert.equal(response.status, 201, text);
      assert.equal(response.body.settings.double_opt_in, expected, text);
      assert.equal(response.body.settings.accepting_signups, expected, text);
    }
    const wrong = await ctx.request('POST', '/api/v2/betas', { form: 'name=B&homepage_url=https%3A%2F%2Fb.example&settings[double_opt_in]=yes' });
    assert.equal(wrong.status, 422);
    assert.deepEqual(wrong.body.errors, [{ code: Errors.betasGeneral.code, message: 'settings.double_opt_in must be true, false, 1 or 0' }]);
    const json = await ctx.request('POST', '/api/v2/betas', { body: { name: 'J', homepage_url: 'https://j.example', settings: { vanity_referral_codes: true } } });
    assert.equal(json.body.settings.vanity_referral_codes, true);
    const stored = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', json.body.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.settings).vanity_referral_codes, true);
  });

  test('create without a name or with a bad URL is 422 with every problem listed, and stores nothing', async () => {
    const before = await ctx.request('GET', '/api/v2/betas?per_page=100');
    const response = await ctx.request('POST', '/api/v2/betas', { body: { homepage_url: 'not a url' } });
    assert.equal(response.status, 422);
    assert.ok(response.body.errors.every((e: { code: number }) => e.code === 2201));
    const after = await ctx.request('GET', '/api/v2/betas?per_page=100');
    assert.equal(after.body.length, before.body.length);
  });

  test('invalid settings are refused with a message naming them', async () => {
    const response = await ctx.request('POST', '/api/v2/betas', {
      body: { name: 'X', homepage_url: 'https://x.example', settings: { blocked_ips: ['1.2.3.4/99'], waitlist_order: 'random' } },
    });
    assert.equal(response.status, 422);
    assert.equal(response.body.errors[0].code, Errors.betasGeneral.code);
    assert.match(response.body.errors.map((e: { message: string }) => e.message).join(' '), /waitlist_order/);
  });

  test('homepage_url and referral_url must be http(s), also for callers that skip the HTTP schema', async () => {
    await assert.rejects(
      ctx.services.betas.create(ctx.companyId, { name: 'X', homepage_url: 'javascript:alert(1)' }),
      (error: { errors?: { code: number; message: string }[] }) =>
        error.errors?.[0].code === 2201 && error.errors[0].message === 'homepage_url must be an absolute http(s) URL',
    );
    const beta = await ctx.createBeta();
    const response = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { referral_url: 'https://ok.example' } } });
    assert.equal(response.status, 200);
    await assert.rejects(ctx.services.betas.update(ctx.companyId, String(beta.id), { settings: { referral_url: 'data:text/html,hi' } }));
    const stored = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    assert.equal(stored.body.settings.referral_url, 'https://ok.example');
  });

  test('show, and show with .json', async () => {
    const beta = await ctx.createBeta();
    for (const path of [`/api/v2/betas/${beta.id}`, `/api/v2/betas/${beta.id}.json`]) {
      const response = await ctx.request('GET', path);
      assert.equal(response.status, 200);
      assert.equal(response.body.id, beta.id);
      assert.deepEqual(Object.keys(response.body).sort(), [...BETA_FIELDS].sort());
    }
  });

  test('show of a missing or malformed id is 404', async () => {
    for (const id of ['999999', 'abc', '0', '-1']) {
      const response = await ctx.request('GET', `/api/v2/betas/${id}`);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
    }
  });

  test('PATCH merges settings: only the keys sent change', async () => {
    const beta = await ctx.createBeta({ signup_points: 2 });
    const response = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { referral_points: 9 } } });
    assert.equal(response.status, 200);
    assert.equal(response.body.settings.referral_points, 9);
    assert.equal(response.body.settings.signup_points, 2);
    assert.equal(response.body.settings.decoder_key, (beta.settings as { decoder_key: string }).decoder_key);
  });

  test('POST with X-HTTP-Method-Override: PATCH acts as PATCH', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}.json`, {
      body: { name: 'Renamed' },
      headers: { 'x-http-method-override': 'PATCH' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.name, 'Renamed');
  });

  test('list is paginated with X-Pagination and Link', async () => {
    const all = await ctx.request('GET', '/api/v2/betas?per_page=100');
    const total = all.body.length;
    const response = await ctx.request('GET', '/api/v2/betas.json?page=2&per_page=2');
    assert.equal(response.status, 200);
    const pagination = JSON.parse(String(response.headers['x-pagination']));
    assert.equal(pagination.current_page, 2);
    assert.equal(pagination.per_page, 2);
    assert.equal(pagination.total_count, total);
    assert.equal(pagination.pages, Math.ceil(total / 2));
    assert.equal(pagination.previous_page, 1);
    assert.deepEqual(response.body.map((b: { id: number }) => b.id), all.body.slice(2, 4).map((b: { id: number }) => b.id));
    assert.match(String(response.headers.link), /rel="first"/);
    const past = await ctx.request('GET', '/api/v2/betas?page=500');
    assert.equal(past.status, 200);
    assert.deepEqual(past.body, []);
  });

  test('per_page above 100 is refused', async () => {
    const response = await ctx.request('GET', '/api/v2/betas?per_page=101');
    assert.equal(response.status, 422);
    assert.equal(response.body.errors[0].code, Errors.betasGeneral.code);
  });

  test('delete answers 200 with the beta and removes it', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}.json`);
    assert.equal(response.status, 200);
    assert.equal(response.body.id, beta.id);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).status, 404);
    const stored = await ctx.database.db.selectFrom('betas').select('id').where('id', '=', beta.id).executeTakeFirst();
    assert.equal(stored, undefined);
  });

  test('malformed JSON is 400 and a huge body is 413', async () => {
    const malformed = await ctx.request('POST', '/api/v2/betas', { body: '{"name":' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.errors[0].code, Errors.malformedRequest.code);
    const huge = await ctx.request('POST', '/api/v2/betas', { body: JSON.stringify({ name: 'x'.repeat(3_000_000) }) });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.errors[0].code, Errors.bodyTooLarge.code);
  });
});
