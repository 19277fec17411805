import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes } from '../testers/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const OCCASIONS = ['invitation', 'friend_invitation', 'confirmation', 'applied', 'active', 'rejected', 'suspended', 'unsuspended', 'already_signed_up', 'position_changed'];
const FIELDS = ['body', 'customized', 'enabled', 'html_body', 'occasion', 'subject', 'updated_at', 'variables'];

describe('e-mail templates API', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const path = (betaId: number, occasion = '') => `/api/v2/betas/${betaId}/email_templates${occasion ? `/${occasion}` : ''}`;
  const put = (betaId: number, occasion: string, body: unknown, key?: string) => ctx.request('PUT', path(betaId, occasion), { body, key });

  async function storedRows(betaId: number) {
    return ctx.database.db.selectFrom('email_templates').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  test('list: every occasion with its default, invitations and confirmations on, status messages off', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('GET', path(beta.id));
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.map((t: { occasion: string }) => t.occasion), OCCASIONS);
    for (const template of response.body) {
      assert.deepEqual(Object.keys(template).sort(), FIELDS);
      assert.equal(template.enabled, ['invitation', 'friend_invitation', 'confirmation', 'already_signed_up'].includes(template.occasion), template.occasion);
      assert.equal(template.customized, false);
      assert.equal(template.updated_at, null);
      assert.ok(template.subject.includes('{{ beta.name }}'), template.occasion);
      assert.ok(template.body.includes('{{ unsubscribe_url }}'), template.occasion);
      assert.ok(template.html_body.includes('href="{{ unsubscribe_url }}"'), template.occasion);
    }
    const byOccasion = new Map(response.body.map((t: { occasion: string }) => [t.occasion, t]));
    assert.deepEqual((byOccasion.get('friend_invitation') as { variables: string[] }).variables, ['tester', 'beta', 'unsubscribe_url', 'sender', 'message']);
    assert.deepEqual((byOccasion.get('confirmation') as { variables: string[] }).variables, ['tester', 'beta', 'unsubscribe_url', 'confirmation_url']);
    assert.ok((byOccasion.get('confirmation') as { body: string }).body.includes('{{ confirmation_url }}'));
    assert.deepEqual(await storedRows(beta.id), []);
  });

  test('PUT (wrapped JSON) changes the parts sent and keeps the others; show and list agree', async () => {
    const beta = await ctx.createBeta();
    const defaults = (await ctx.request('GET', path(beta.id, 'applied'))).body;
    const response = await put(beta.id, 'applied', { email_template: { subject: 'Hello {{ tester.email }}', enabled: true } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      ...defaults,
      subject: 'Hello {{ tester.email }}',
      enabled: true,
      customized: true,
      updated_at: '2026-11-22T09:15:00Z',
    });
    ctx.clock.set('2026-11-22T10:00:00.000Z');
    const second = await put(beta.id, 'applied', { body: 'Plain {{ beta.name }}' });
    assert.equal(second.status, 200);
    assert.equal(second.body.subject, 'Hello {{ tester.email }}', 'kept');
    assert.equal(second.body.enabled, true, 'kept');
    assert.equal(second.body.body, 'Plain {{ beta.name }}');
    assert.equal(second.body.html_body, defaults.html_body, 'still the default');
    assert.equal(second.body.updated_at, '2026-11-22T10:00:00Z');
    const [row, ...more] = await storedRows(beta.id);
    assert.equal(more.length, 0);
    assert.deepEqual(
      { ...row, id: 0 },
      { id: 0, beta_id: beta.id, occasion: 'applied', subject: 'Hello {{ tester.email }}', body: 'Plain {{ beta.name }}', html_body: null, enabled: 1, created_at: NOW, updated_at: '2026-11-22T10:00:00.000Z' },
    );
    assert.deepEqual((await ctx.request('GET', path(beta.id, 'applied'))).body, second.body);
    const listed = (await ctx.request('GET', path(beta.id))).body.find((t: { occasion: string }) => t.occasion === 'applied');
    assert.deepEqual(listed, second.body);
  });

  test('PUT with a form body (bracket notation, 0/1 booleans), then unwrapped JSON with null back to the default', async () => {
    const beta = await ctx.createBeta();
    const form = await ctx.request('PUT', path(beta.id, 'invitation'), {
      form: `email_template[subject]=${encodeURIComponent('Come in, {{ tester.profile.first_name }}')}&email_template[enabled]=0&email_template[html_body]=`,
    });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.subject, 'Come in, {{ tester.profile.first_name }}');
    assert.equal(form.body.enabled, false);
    assert.equal(form.body.html_body, '', 'an empty html_body: text only');
    const reset = await put(beta.id, 'invitation', { subject: null, html_body: null, enabled: '1' });
    assert.equal(reset.status, 200);
    const defaults = (await ctx.request('GET', path((await ctx.createBeta()).id, 'invitation'))).body;
    assert.equal(reset.body.subject, defaults.subject);
    assert.equal(reset.body.html_body, defaults.html_body);
    assert.equal(reset.body.enabled, true);
    assert.equal(reset.body.customized, false, 'every part is the default again');
    const [row] = await storedRows(beta.id);
    assert.deepEqual([row.subject, row.body, row.html_body, row.enabled], [null, null, null, 1]);
  });

  test('a template that is not valid Liquid is refused with 422 2201 naming each part and problem, and nothing changes', async () => {
    const beta = await ctx.createBeta();
    const response = await put(beta.id, 'invitation', {
      email_template: { subject: 'Hi {{ tester.email', body: '{{ tester.email | shout }}', html_body: "{% include 'header' %}" },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2201, 2201, 2201]);
    const [subject, body, html] = response.body.errors.map((e: { message: string }) => e.message);
    assert.match(subject, /^subject is not a valid Liquid template: output "\{\{ tester\.email" not closed/);
    assert.match(body, /^body is not a valid Liquid template: undefined filter: shout/);
    assert.match(html, /^html_body is not a valid Liquid template: tag "include" not found/);
    assert.deepEqual(await storedRows(beta.id), []);
  });

  test('other refusals: empty subject or body, nothing sent, a wrong type, a too-long subject', async () => {
    const beta = await ctx.createBeta();
    const empty = await put(beta.id, 'applied', { subject: '  ', body: '' });
    assert.equal(empty.status, 422);
    assert.deepEqual(empty.body.errors, [
      { code: Errors.betasGeneral.code, message: 'subject must not be empty (send null to go back to the default)' },
      { code: Errors.betasGeneral.code, message: 'body must not be empty (send null to go back to the default)' },
    ]);
    const nothing = await put(beta.id, 'applied', { email_template: {} });
    assert.equal(nothing.status, 422);
    assert.deepEqual(nothing.body.errors, [
      { code: Errors.betasGeneral.code, message: 'No template fields received: send subject, body, html_body or enabled, wrapped in "email_template" or not' },
    ]);
    const badBoolean = await put(beta.id, 'applied', { enabled: 'maybe' });
    assert.equal(badBoolean.status, 422);
    assert.deepEqual(badBoolean.body.errors, [{ code: Errors.betasGeneral.code, message: 'enabled must be true, false, 1 or 0' }]);
    const long = await put(beta.id, 'applied', { subject: 'x'.repeat(999) });
    assert.equal(long.status, 422);
    assert.deepEqual(long.body.errors, [{ code: Errors.betasGeneral.code, message: 'subject must NOT have more than 998 characters' }]);
    assert.deepEqual(await storedRows(beta.id), []);
  });

  test('DELETE resets to the built-in template and its default on/off', async () => {
    const beta = await ctx.createBeta();
    const defaults = (await ctx.request('GET', path(beta.id, 'rejected'))).body;
    assert.equal((await put(beta.id, 'rejected', { subject: 'Sorry', enabled: true })).status, 200);
    const reset = await ctx.request('DELETE', path(beta.id, 'rejected'));
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.body, defaults);
    assert.equal(reset.body.enabled, false);
    assert.deepEqual(await storedRows(beta.id), []);
    const again = await ctx.request('DELETE', path(beta.id, 'rejected'));
    assert.equal(again.status, 200, 'resetting a default template is harmless');
  });

  test('unknown occasion, unknown beta and another company\'s beta are 404; a read-only key cannot write', async () => {
    const beta = await ctx.createBeta();
    const unknown = await put(beta.id, 'birthday', { subject: 'Hi' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.errors, [
      { code: Errors.notFound.code, message: 'E-mail template not found: the occasions are invitation, friend_invitation, confirmation, applied, active, rejected, suspended, unsuspended, already_signed_up, position_changed' },
    ]);
    assert.equal((await ctx.request('GET', path(beta.id, 'birthday'))).status, 404);
    assert.equal((await ctx.request('DELETE', path(beta.id, 'birthday'))).status, 404);
    assert.equal((await ctx.request('GET', path(999999))).status, 404);

    const company = await ctx.services.accounts.createCompany({ name: 'Other' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    for (const [method, url] of [['GET', path(beta.id)], ['GET', path(beta.id, 'applied')], ['DELETE', path(beta.id, 'applied')]] as const) {
      const response = await ctx.request(method, url, { key });
      assert.equal(response.status, 404, `${method} ${url}`);
      assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }]);
    }
    assert.equal((await put(beta.id, 'applied', { enabled: true }, key)).status, 404);

    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read'] });
    assert.equal((await ctx.request('GET', path(beta.id), { key: readOnly })).status, 200);
    const refused = await put(beta.id, 'applied', { enabled: true }, readOnly);
    assert.equal(refused.status, 403);
    assert.deepEqual(codes(refused), [1403]);
    assert.deepEqual(await storedRows(beta.id), []);
  });

  test('the routes are in the OpenAPI document, marked as extensions, with summaries and response schemas', async () => {
    const document = (await ctx.request('GET', '/api/v2/openapi.json', { key: null })).body;
    const templates = document.paths['/api/v2/betas/{beta_id}/email_templates/{occasion}'];
    for (const method of ['get', 'put', 'delete']) {
      assert.deepEqual(templates[method].tags, ['E-mail']);
      assert.equal(templates[method]['x-extension'], true);
      assert.ok(templates[method].summary && templates[method].description, method);
      assert.ok(templates[method].responses['200'], method);
    }
    for (const route of ['/api/v2/betas/{beta_id}/email_templates', '/api/v2/betas/{beta_id}/emails', '/api/v2/betas/{beta_id}/emails/{email_id}']) {
      assert.ok(document.paths[route].get.summary, route);
      assert.ok(document.paths[route].get.responses['200'], route);
    }
    assert.equal(document.paths['/unsubscribe/{token}'], undefined, 'pages for visitors are not API operations');
  });
});
