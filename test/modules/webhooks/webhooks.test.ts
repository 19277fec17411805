// The webhook endpoints API: create, list, update, delete, rotate, its validation and who may use it.
// Private targets are not allowed in this file (the default configuration).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { createEndpoint, raise, storedDeliveries, storedEndpoint } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const FIELDS = ['created_at', 'digest_at', 'digest_next_at', 'digest_time_zone', 'disabled_reason', 'enabled', 'events', 'format', 'id', 'prefinery_signature', 'updated_at', 'url'];
const NO_DIGEST = { digest_at: null, digest_time_zone: null, digest_next_at: null };
const NOW = '2026-11-22T09:15:00Z';
const LATER = '2026-11-22T10:15:00Z';
const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
const KNOWN =
  'known types are tester_created, tester_updated, tester_deleted, reward_earned, reward_delivered, reward_revoked, point_earned, point_revoked, tester_position_changed, or "*" for all';
const PRIVATE_HINT = '(the operator can allow private targets with WEBHOOK_ALLOW_PRIVATE_TARGETS=true)';

describe('webhook endpoints API', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  const path = (betaId: number, rest = '') => `/api/v2/betas/${betaId}/webhooks${rest}`;
  const post = (betaId: number, body: unknown, key?: string) => ctx.request('POST', path(betaId), { body, key });
  const patch = (betaId: number, id: number | string, body: unknown) => ctx.request('PATCH', path(betaId, `/${id}`), { body });

  async function rows(betaId: number) {
    return ctx.database.db.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  /** An endpoint as every answer but create and rotate shows it. */
  function withoutSecret({ secret, ...shown }: { secret: string; [field: string]: unknown }) {
    return shown;
  }

  function error(message: string) {
    return { errors: [{ code: Errors.betasGeneral.code, message }] };
  }

  // ---- create ----------------------------------------------------------------------------------

  test('create (wrapped JSON): 201 with every type, enabled, and a secret of 24 random bytes stored as shown', async () => {
    const beta = await ctx.createBeta();
    const response = await post(beta.id, { webhook: { url: '  https://hooks.example.com/prelaunch?team=7  ' } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), [...FIELDS, 'secret'].sort());
    const { secret, id } = response.body;
    assert.match(secret, SECRET);
    assert.equal(Buffer.from(secret.slice('whsec_'.length), 'base64').length, 24);
    assert.deepEqual(response.body, {
      id,
      url: 'https://hooks.example.com/prelaunch?team=7',
      events: ['*'],
      enabled: true,
      disabled_reason: null,
      prefinery_signature: false,
      format: 'standard',
      ...NO_DIGEST,
      created_at: NOW,
      updated_at: NOW,
      secret,
    });
    const [row] = await rows(beta.id);
    assert.deepEqual(row, {
      id,
      beta_id: beta.id,
      url: 'https://hooks.example.com/prelaunch?team=7',
      secret,
      events: null,
      enabled: 1,
      disabled_reason: null,
      prefinery_signature: 0,
      format: 'standard',
      ...NO_DIGEST,
      created_at: '2026-11-22T09:15:00.000Z',
      updated_at: '2026-11-22T09:15:00.000Z',
    });
    const second = await post(beta.id, { url: 'https://hooks.example.com/other' });
    assert.notEqual(second.body.secret, secret, 'every endpoint has its own secret');
  });

  test('create (unwrapped) with an event filter: each type once, in the documented order; "*" means all', async () => {
    const beta = await ctx.createBeta();
    const filtered = await post(beta.id, { url: 'https://a.example/hook', events: ['point_earned', ' tester_created ', 'point_earned'], enabled: false });
    assert.equal(filtered.status, 201, JSON.stringify(filtered.body));
    assert.deepEqual([filtered.body.events, filtered.body.enabled], [['tester_created', 'point_earned'], false]);
    const all = await post(beta.id, { url: 'https://b.example/hook', events: ['reward_earned', '*'] });
    assert.deepEqual(all.body.events, ['*']);
    // A lone event type is a list of one as form text (events=…), not in JSON, which says what it sends.
    const single = await ctx.request('POST', path(beta.id), { form: 'url=https%3A%2F%2Fc.example%2Fhook&events=reward_revoked' });
    assert.deepEqual(single.body.events, ['reward_revoked']);
    const lone = await post(beta.id, { url: 'https://d.example/hook', events: 'reward_revoked' });
    assert.deepEqual([lone.status, lone.body], [422, { errors: [{ code: Errors.betasGeneral.code, message: 'events must be an array' }] }]);
    assert.deepEqual(
      (await rows(beta.id)).map((r) => [r.events, r.enabled]),
      [['["tester_created","point_earned"]', 0], [null, 1], ['["reward_revoked"]', 1]],
    );
  });

  test('create from form bodies: webhook[…] brackets with events[], and flat fields; enabled=0', async () => {
    const beta = await ctx.createBeta();
    const bracket = await ctx.request('POST', path(beta.id), {
      form: 'webhook[url]=https%3A%2F%2Fform.example%2Fin&webhook[events][]=reward_earned&webhook[events][]=tester_created&webhook[enabled]=0',
    });
    assert.equal(bracket.status, 201, JSON.stringify(bracket.body));
    assert.deepEqual(
      [bracket.body.url, bracket.body.events, bracket.body.enabled],
      ['https://form.example/in', ['tester_created', 'reward_earned'], false],
    );
    const flat = await ctx.request('POST', path(beta.id), { form: 'url=https%3A%2F%2Fflat.example%2F&events[]=*&enabled=true' });
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    assert.deepEqual([flat.body.url, flat.body.events, flat.body.enabled], ['https://flat.example/', ['*'], true]);
    assert.equal((await rows(beta.id)).length, 2);
  });

  test('422 2201 with messages a person can act on; several problems together; nothing stored', async () => {
    const beta = await ctx.createBeta();
    const cases: [unknown, string[]][] = [
      [{}, ['url is required']],
      [{ webhook: { url: '   ' } }, ['url is required']],
      [{ url: 'hooks.example.com/in' }, ['url must be an absolute http(s) URL, such as https://example.com/webhooks']],
      [{ url: 'ftp://hooks.example.com/in' }, ['url must be an absolute http(s) URL, such as https://example.com/webhooks']],
      [{ url: 'javascript:alert(1)' }, ['url must be an absolute http(s) URL, such as https://example.com/webhooks']],
      [{ url: `https://hooks.example.com/${'a'.repeat(2049 - 'https://hooks.example.com/'.length)}` }, ['url must be at most 2048 characters']],
      [{ url: 'https://user:pass@hooks.example.com/' }, ['url must not contain a user name or password: verify requests by their webhook-signature header instead']],
      [{ url: 'https://user@hooks.example.com/' }, ['url must not contain a user name or password: verify requests by their webhook-signature header instead']],
      [{ url: 'https://hooks.example.com/', events: ['tester_made'] }, [`events: unknown event type "tester_made"; ${KNOWN}`]],
      [{ url: 'https://hooks.example.com/', events: [] }, ['events must name at least one event type, or "*" for all']],
      [{ url: 'https://hooks.example.com/', events: null }, ['events must be an array']],
      [{ url: 'https://hooks.example.com/', enabled: 'maybe' }, ['enabled must be true, false, 1 or 0']],
      [{ webhook: { url: 'https://hooks.example.com/', enabled: 'maybe' } }, ['webhook.enabled must be true, false, 1 or 0']],
      [
        { events: ['nope', 'tester_created', 'Tester_Created', 'nope'] },
        ['url is required', `events: unknown event type "nope"; ${KNOWN}`, `events: unknown event type "Tester_Created"; ${KNOWN}`],
      ],
    ];
    for (const [body, messages] of cases) {
      const response = await post(beta.id, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(response.body, { errors: messages.map((message) => ({ code: Errors.betasGeneral.code, message })) }, JSON.stringify(body));
    }
    const exactly2048 = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    assert.equal((await post(beta.id, { url: exactly2048 })).status, 201, 'a URL of 2048 characters is fine');
    assert.equal((await rows(beta.id)).length, 1);
  });

  test('private targets are refused: literal IPv4, IPv6 and IPv4-mapped addresses, and localhost names', async () => {
    const beta = await ctx.createBeta();
    const refused: [string, string][] = [
      ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
      ['http://127.9.9.9/', '127.9.9.9 is a loopback address'],
      ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
      ['http://2130706433/', '127.0.0.1 is a loopback address'],
      ['http://10.1.2.3/', '10.1.2.3 is a private address'],
      ['http://172.16.5.4/', '172.16.5.4 is a private address'],
      ['https://192.168.1.10/', '192.168.1.10 is a private address'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['http://100.64.0.1/', '100.64.0.1 is a carrier-grade NAT address'],
      ['http://0.0.0.0/', '0.0.0.0 is a unspecified address'],
      ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
      ['http://255.255.255.255/', '255.255.255.255 is a broadcast address'],
      ['http://240.0.0.1/', '240.0.0.1 is a reserved address'],
      ['http://192.0.2.1/', '192.0.2.1 is a reserved address'],
      ['http://[::1]/', '::1 is a loopback address'],
      ['http://[::]/', ':: is a unspecified address'],
      ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
      ['http://[fd12:3456::1]/', 'fd12:3456::1 is a unique local address'],
      ['http://[ff02::1]/', 'ff02::1 is a multicast address'],
      ['http://[2001:db8::1]/', '2001:db8::1 is a reserved address'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address'],
      ['http://[::ffff:10.0.0.1]/', '::ffff:a00:1 is a private address'],
      ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1 is a NAT64 address'],
      ['http://[::7f00:1]/', '::7f00:1 is a reserved address'],
      ['http://localhost:3000/', 'localhost is this machine (loopback)'],
      ['http://LOCALHOST./', 'localhost. is this machine (loopback)'],
      ['http://api.localhost/', 'api.localhost is this machine (loopback)'],
    ];
    for (const [url, why] of refused) {
      const response = await post(beta.id, { url });
      assert.equal(response.status, 422, url);
      assert.deepEqual(response.body, error(`url must point to a public address: ${why} ${PRIVATE_HINT}`), url);
    }
    assert.deepEqual(await rows(beta.id), []);
    for (const url of ['https://8.8.8.8/hook', 'http://[2606:4700:4700::1111]/hook', 'https://localhost.example.com/', 'https://hooks.example.com:8443/']) {
      const response = await post(beta.id, { url });
      assert.equal(response.status, 201, `${url}: ${JSON.stringify(response.body)}`);
    }
  });

  // ---- read --------------------------------------------------------------------------------------

  test('list: the beta\'s endpoints by id, paginated, never a secret', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta({}, 'Other');
    const created = [];
    for (let i = 1; i <= 3; i++) created.push(await createEndpoint(ctx, beta.id, { url: `https://hooks.example.com/${i}` }));
    await createEndpoint(ctx, other.id, { url: 'https://hooks.example.com/other' });
    const response = await ctx.request('GET', `${path(beta.id)}?per_page=2`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.map((e: { id: number }) => e.id), [created[0].id, created[1].id]);
    for (const endpoint of response.body) assert.deepEqual(Object.keys(endpoint).sort(), FIELDS);
    assert.deepEqual(JSON.parse(String(response.headers['x-pagination'])), {
      previous_page: null, next_page: 2, current_page: 1, per_page: 2, count: 2, pages: 2, total_count: 3,
    });
    const second = await ctx.request('GET', `${path(beta.id)}.json?page=2&per_page=2`);
    assert.deepEqual(second.body, [withoutSecret(created[2])]);
    for (const { secret } of created) assert.ok(!response.raw.body.includes(secret) && !second.raw.body.includes(secret));
  });

  // ---- update --------------------------------------------------------------------------------------

  test('update: only the fields sent change; updated_at moves; the answer has no secret', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a', events: ['tester_created'] });
    ctx.clock.set(LATER);
    const url = await patch(beta.id, endpoint.id, { webhook: { url: 'https://hooks.example.com/b' } });
    assert.equal(url.status, 200, JSON.stringify(url.body));
    assert.deepEqual(url.body, {
      id: endpoint.id,
      url: 'https://hooks.example.com/b',
      events: ['tester_created'],
      enabled: true,
      disabled_reason: null,
      prefinery_signature: false,
      format: 'standard',
      ...NO_DIGEST,
      created_at: NOW,
      updated_at: LATER,
    });
    const events = await patch(beta.id, endpoint.id, { events: ['reward_revoked', 'reward_earned'] });
    assert.deepEqual([events.body.url, events.body.events], ['https://hooks.example.com/b', ['reward_earned', 'reward_revoked']]);
    const off = await ctx.request('PATCH', path(beta.id, `/${endpoint.id}`), { form: 'enabled=0' });
    assert.deepEqual([off.status, off.body.enabled, off.body.disabled_reason], [200, false, null]);
    const all = await patch(beta.id, endpoint.id, { events: ['*'] });
    assert.deepEqual(all.body.events, ['*']);
    const row = await storedEndpoint(ctx, endpoint.id);
    assert.deepEqual(
      [row!.url, row!.events, row!.enabled, row!.secret, row!.updated_at],
      ['https://hooks.example.com/b', null, 0, endpoint.secret, '2026-11-22T10:15:00.000Z'],
    );
  });

  test('prefinery_signature: set on create or update (JSON or form), stored, shown in every answer and list', async () => {
    const beta = await ctx.createBeta();
    const created = await post(beta.id, { webhook: { url: 'https://hooks.example.com/p', prefinery_signature: true } });
    assert.equal(created.status, 201);
    assert.equal(created.body.prefinery_signature, true);
    assert.equal((await rows(beta.id))[0].prefinery_signature, 1);
    const off = await ctx.request('PATCH', path(beta.id, `/${created.body.id}`), { form: 'prefinery_signature=0' });
    assert.deepEqual([off.status, off.body.prefinery_signature], [200, false]);
    const unchanged = await patch(beta.id, created.body.id, { url: 'https://hooks.example.com/q' });
    assert.equal(unchanged.body.prefinery_signature, false, 'a field not sent stays');
    const on = await patch(beta.id, created.body.id, { prefinery_signature: true });
    assert.deepEqual([on.status, on.body.prefinery_signature], [200, true]);
    assert.equal((await rows(beta.id))[0].prefinery_signature, 1);
    const listed = await ctx.request('GET', path(beta.id));
    assert.deepEqual(listed.body.map((endpoint: { prefinery_signature: boolean }) => endpoint.prefinery_signature), [true]);
    const wrong = await patch(beta.id, created.body.id, { prefinery_signature: 'yes' });
    assert.deepEqual([wrong.status, wrong.body.errors[0].code], [422, 2201]);
    assert.equal((await rows(beta.id))[0].prefinery_signature, 1, 'a refused update changes nothing');
  });

  test('update with nothing to change answers the endpoint as it is, updated_at untouched', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    ctx.clock.set(LATER);
    const response = await patch(beta.id, endpoint.id, {});
    assert.equal(response.status, 200);
    assert.equal(response.body.updated_at, NOW);
    assert.equal((await storedEndpoint(ctx, endpoint.id))!.updated_at, '2026-11-22T09:15:00.000Z');
  });

  test('enabling an endpoint the service switched off clears disabled_reason', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    const reason = 'The receiver answered 410 Gone at 2026-11-22T09:15:00Z';
    await ctx.database.db.updateTable('webhook_endpoints').set({ enabled: 0, disabled_reason: reason }).where('id', '=', endpoint.id).execute();
    const shown = await ctx.request('GET', path(beta.id));
    assert.deepEqual([shown.body[0].enabled, shown.body[0].disabled_reason], [false, reason]);
    const renamed = await patch(beta.id, endpoint.id, { url: 'https://hooks.example.com/b' });
    assert.deepEqual([renamed.body.enabled, renamed.body.disabled_reason], [false, reason], 'other changes keep it off');
    const on = await patch(beta.id, endpoint.id, { enabled: true });
    assert.deepEqual([on.status, on.body.enabled, on.body.disabled_reason], [200, true, null]);
    const row = await storedEndpoint(ctx, endpoint.id);
    assert.deepEqual([row!.enabled, row!.disabled_reason], [1, null]);
  });

  test('update validation: the same rules as create, private targets included; nothing changes', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    const cases: [unknown, string][] = [
      [{ url: '' }, 'url is required'],
      [{ url: 'mailto:someone@example.com' }, 'url must be an absolute http(s) URL, such as https://example.com/webhooks'],
      [{ url: 'http://[::1]:9000/' }, `url must point to a public address: ::1 is a loopback address ${PRIVATE_HINT}`],
      [{ events: ['everything'] }, `events: unknown event type "everything"; ${KNOWN}`],
    ];
    for (const [body, message] of cases) {
      const response = await patch(beta.id, endpoint.id, body);
      assert.deepEqual([response.status, response.body], [422, error(message)], JSON.stringify(body));
    }
    const row = await storedEndpoint(ctx, endpoint.id);
    assert.deepEqual([row!.url, row!.events, row!.updated_at], ['https://hooks.example.com/a', null, '2026-11-22T09:15:00.000Z']);
  });

  // ---- rotate, delete --------------------------------------------------------------------------------

  test('rotate_secret: a new secret, shown once, stored; the endpoint is otherwise unchanged', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    ctx.clock.set(LATER);
    const response = await ctx.request('POST', path(beta.id, `/${endpoint.id}/rotate_secret`));
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.match(response.body.secret, SECRET);
    assert.notEqual(response.body.secret, endpoint.secret);
    assert.deepEqual(withoutSecret(response.body), { ...withoutSecret(endpoint), updated_at: LATER });
    assert.equal((await storedEndpoint(ctx, endpoint.id))!.secret, response.body.secret);
    const listed = await ctx.request('GET', path(beta.id));
    assert.ok(!listed.raw.body.includes(response.body.secret));
  });

  test('delete: 200 with the endpoint as it was; its delivery log goes with it; again 404', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    await raise(ctx, beta.id);
    const [event] = await ctx.database.db.selectFrom('webhook_events').select('id').where('beta_id', '=', beta.id).execute();
    await ctx.database.db
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: endpoint.id, event_id: event.id, attempt: 1, status: 'failed', response_status: 500, error: 'x', duration_ms: 3, next_attempt_at: null, created_at: '2026-11-22T09:15:00.000Z' })
      .execute();
    const response = await ctx.request('DELETE', path(beta.id, `/${endpoint.id}`));
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, withoutSecret(endpoint));
    assert.equal(await storedEndpoint(ctx, endpoint.id), undefined);
    assert.deepEqual(await storedDeliveries(ctx, endpoint.id), []);
    const again = await ctx.request('DELETE', path(beta.id, `/${endpoint.id}`));
    assert.deepEqual([again.status, again.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Webhook not found' }] }]);
  });

  // ---- who may ------------------------------------------------------------------------------------

  test('another company\'s beta, another beta\'s endpoint and ids that name nothing are 404, changing nothing', async () => {
    const beta = await ctx.createBeta();
    const sibling = await ctx.createBeta({}, 'Sibling');
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const otherKey = (await ctx.services.accounts.createApiKey({ companyId: other.id })).key;
    const betaNotFound = { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] };
    const webhookNotFound = { errors: [{ code: Errors.notFound.code, message: 'Webhook not found' }] };
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '', { url: 'https://hooks.example.com/x' }],
      ['PATCH', `/${endpoint.id}`, { url: 'https://hooks.example.com/x' }],
      ['DELETE', `/${endpoint.id}`],
      ['POST', `/${endpoint.id}/rotate_secret`],
      ['GET', `/${endpoint.id}/deliveries`],
      ['POST', `/${endpoint.id}/deliveries/1/redeliver`],
    ];
    for (const [method, rest, body] of routes) {
      const foreign = await ctx.request(method, path(beta.id, rest), { body, key: otherKey });
      assert.deepEqual([foreign.status, foreign.body], [404, betaNotFound], `${method} ${rest} with another company's key`);
      if (rest === '') continue;
      const elsewhere = await ctx.request(method, path(sibling.id, rest), { body });
      assert.deepEqual([elsewhere.status, elsewhere.body], [404, webhookNotFound], `${method} ${rest} under another beta`);
      const nonsense = await ctx.request(method, path(beta.id, rest.replace(String(endpoint.id), 'abc')), { body });
      assert.deepEqual([nonsense.status, nonsense.body], [404, webhookNotFound], `${method} ${rest} with a non-numeric id`);
    }
    const missingDelivery = await ctx.request('POST', path(beta.id, `/${endpoint.id}/deliveries/999999/redeliver`));
    assert.deepEqual([missingDelivery.status, missingDelivery.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Delivery not found' }] }]);
    assert.deepEqual(
      (await rows(beta.id)).map((r) => [r.id, r.url, r.secret]),
      [[endpoint.id, 'https://hooks.example.com/a', endpoint.secret]],
    );
    assert.deepEqual(await rows(sibling.id), []);
  });

  test('a key without webhooks:manage is 403 on every webhook route; a key with only that permission works', async () => {
    const beta = await ctx.createBeta();
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read', 'betas:write'] });
    const routes: [string, string][] = [
      ['GET', ''],
      ['POST', ''],
      ['PATCH', `/${endpoint.id}`],
      ['DELETE', `/${endpoint.id}`],
      ['POST', `/${endpoint.id}/rotate_secret`],
      ['GET', `/${endpoint.id}/deliveries`],
      ['POST', `/${endpoint.id}/deliveries/1/redeliver`],
    ];
    for (const [method, rest] of routes) {
      const response = await ctx.request(method, path(beta.id, rest), { key, body: { url: 'https://hooks.example.com/x' } });
      assert.deepEqual(
        [response.status, response.body],
        [403, { errors: [{ code: Errors.forbidden.code, message: 'This API key lacks the webhooks:manage permission' }] }],
        `${method} ${rest}`,
      );
    }
    assert.deepEqual((await rows(beta.id)).map((r) => [r.url, r.secret]), [['https://hooks.example.com/a', endpoint.secret]]);
    const manager = (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['webhooks:manage'] })).key;
    assert.equal((await post(beta.id, { url: 'https://hooks.example.com/b' }, manager)).status, 201);
    assert.equal((await ctx.request('GET', path(beta.id), { key: manager })).status, 200);
  });

  // ---- documentation --------------------------------------------------------------------------------

  test('every webhook route is documented (summary, description, responses); only create and rotate show a secret', async () => {
    const document = (await ctx.request('GET', '/api/v2/openapi.json', { key: null })).body;
    const base = '/api/v2/betas/{beta_id}/webhooks';
    const operations: [string, string, string][] = [
      [base, 'get', '200'],
      [base, 'post', '201'],
      [`${base}/{webhook_id}`, 'patch', '200'],
      [`${base}/{webhook_id}`, 'delete', '200'],
      [`${base}/{webhook_id}/rotate_secret`, 'post', '200'],
      [`${base}/{webhook_id}/deliveries`, 'get', '200'],
      [`${base}/{webhook_id}/deliveries/{delivery_id}/redeliver`, 'post', '202'],
    ];
    for (const [route, method, success] of operations) {
      const operation = document.paths[route]?.[method];
      assert.ok(operation, `${method} ${route} is documented`);
      assert.deepEqual(operation.tags, ['Webhooks']);
      assert.equal(operation['x-extension'], true);
      assert.ok(operation.summary && operation.description, `${method} ${route} has a summary and a description`);
      assert.ok(operation.responses[success] && operation.responses['422'], `${method} ${route} responses`);
      const shown = JSON.stringify(operation.responses[success]);
      const showsSecret = shown.includes('"secret"') || shown.includes('WebhookWithSecret');
      assert.equal(showsSecret, ['post /api/v2/betas/{beta_id}/webhooks', `post ${base}/{webhook_id}/rotate_secret`].includes(`${method} ${route}`), `${method} ${route}`);
    }
  });
});
