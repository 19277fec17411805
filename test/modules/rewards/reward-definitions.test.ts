// Reward configuration (management extension): definitions and rules, their validation (2601),
// JSON and form bodies, wrapped and unwrapped, permissions and tenancy.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { codes, createTester } from '../testers/support.ts';
import {
  DEFINITION_FIELDS,
  RULE_FIELDS,
  createDefinition,
  createRule,
  otherCompany,
  storedReward,
  uniqueDescriptor,
} from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('reward definitions and rules', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const definitionsUrl = (betaId: number) => `/api/v2/betas/${betaId}/reward_definitions`;
  const rulesUrl = (betaId: number) => `/api/v2/betas/${betaId}/reward_rules`;
  const storedDefinition = (id: number) =>
    ctx.database.db.selectFrom('reward_definitions').selectAll().where('id', '=', id).executeTakeFirst();
  const apiNow = () => `${ctx.clock.now().toISOString().slice(0, 19)}Z`;
  const storedRule = (id: number) => ctx.database.db.selectFrom('reward_rules').selectAll().where('id', '=', id).executeTakeFirst();

  /** 422, every entry 2601, and the messages given (in order). */
  function assert2601(response: { status: number; body: any }, messages: string[]) {
    assert.equal(response.status, 422, JSON.stringify(response.body));
    assert.deepEqual(response.body, { errors: messages.map((message) => ({ code: Errors.rewardsGeneral.code, message })) });
  }

  test('create (JSON, wrapped) answers 201 with the definition and stores it; defaults max 1 and points 0', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', definitionsUrl(beta.id), {
      body: { reward_definition: { descriptor: 'free_month', name: 'One free month', type: 'SingleSided' } },
    });
    assert.equal(response.status, 201);
    assert.deepEqual(Object.keys(response.body).sort(), DEFINITION_FIELDS);
    assert.deepEqual(response.body, {
      id: response.body.id,
      descriptor: 'free_month',
      name: 'One free month',
      type: 'SingleSided',
      friend_name: null,
      max_quantity_per_user: 1,
      referrals_required: null,
      points: 0,
      created_at: apiNow(),
      updated_at: apiNow(),
    });
    const stored = await storedDefinition(response.body.id);
    assert.equal(stored?.beta_id, beta.id);
    assert.equal(stored?.descriptor, 'free_month');
    assert.equal(stored?.max_quantity_per_user, 1);
    assert.equal(stored?.points, 0);
    assert.equal(stored?.created_at, ctx.clock.now().toISOString());
  });

  test('create (unwrapped JSON) of each type with every field', async () => {
    const beta = await ctx.createBeta();
    const double = await ctx.request('POST', definitionsUrl(beta.id), {
      body: { descriptor: ' give_get ', name: ' Give $10 ', type: 'DoubleSided', friend_name: 'Get $10', max_quantity_per_user: 5, points: 20 },
    });
    assert.equal(double.status, 201, JSON.stringify(double.body));
    assert.equal(double.body.descriptor, 'give_get', 'trimmed');
    assert.equal(double.body.name, 'Give $10');
    assert.equal(double.body.friend_name, 'Get $10');
    assert.equal(double.body.max_quantity_per_user, 5);
    assert.equal(double.body.points, 20);

    const milestone = await ctx.request('POST', definitionsUrl(beta.id), {
      body: { descriptor: 'five_friends', name: 'Sticker pack', type: 'Milestone', referrals_required: 5, max_quantity_per_user: 3 },
    });
    assert.equal(milestone.status, 201, JSON.stringify(milestone.body));
    assert.equal(milestone.body.type, 'Milestone');
    assert.equal(milestone.body.referrals_required, 5);
    assert.equal((await storedDefinition(milestone.body.id))?.referrals_required, 5);
  });

  test('create with a form-encoded body (bracket notation and flat fields)', async () => {
    const beta = await ctx.createBeta();
    const wrapped = await ctx.request('POST', definitionsUrl(beta.id), {
      form: 'reward_definition[descriptor]=vip&reward_definition[name]=VIP%20badge&reward_definition[type]=Milestone&reward_definition[referrals_required]=3&reward_definition[max_quantity_per_user]=2&reward_definition[points]=7',
    });
    assert.equal(wrapped.status, 201, JSON.stringify(wrapped.body));
    assert.equal(wrapped.body.name, 'VIP badge');
    assert.equal(wrapped.body.referrals_required, 3);
    assert.equal(wrapped.body.max_quantity_per_user, 2);
    assert.equal(wrapped.body.points, 7);
    const flat = await ctx.request('POST', definitionsUrl(beta.id), { form: 'descriptor=tshirt&name=T-shirt&type=DoubleSided&friend_name=Hat' });
    assert.equal(flat.status, 201, JSON.stringify(flat.body));
    assert.equal(flat.body.friend_name, 'Hat');
    assert.equal((await storedDefinition(flat.body.id))?.friend_name, 'Hat');
  });

  test('create validation: 2601 with a message per problem, nothing stored', async () => {
    const beta = await ctx.createBeta();
    const post = (body: unknown) => ctx.request('POST', definitionsUrl(beta.id), { body });
    assert2601(await post({}), ['descriptor is required', 'name is required', 'type is required']);
    assert2601(await post({ descriptor: '  ', name: 'x', type: 'SingleSided' }), ['descriptor must not be blank']);
    assert2601(await post({ descriptor: 'm', name: 'x', type: 'Milestone' }), ['referrals_required is required for a Milestone reward']);
    assert2601(await post({ descriptor: 's', name: 'x', type: 'SingleSided', referrals_required: 3 }), [
      'referrals_required applies only to Milestone rewards',
    ]);
    assert2601(await post({ descriptor: 's', name: 'x', type: 'Milestone', referrals_required: 2, friend_name: 'y' }), [
      'friend_name applies only to DoubleSided rewards',
    ]);
    // Schema failures answer in the series too.
    const badType = await post({ descriptor: 's', name: 'x', type: 'Triple' });
    assert.equal(badType.status, 422);
    assert.deepEqual(codes(badType), [2601]);
    assert.match(badType.body.errors[0].message, /^type /);
    for (const body of [
      { descriptor: 's', name: 'x', type: 'SingleSided', max_quantity_per_user: 0 },
      { descriptor: 's', name: 'x', type: 'SingleSided', points: -1 },
      { descriptor: 's', name: 'x', type: 'Milestone', referrals_required: 0 },
      { descriptor: 'x'.repeat(101), name: 'x', type: 'SingleSided' },
    ]) {
      const response = await post(body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(codes(response), [2601]);
    }
    const count = await ctx.database.db.selectFrom('reward_definitions').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
  });

  test('a descriptor is unique in its beta (2601), but may repeat in another beta', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'dup' });
    const again = await ctx.request('POST', definitionsUrl(beta.id), { body: { descriptor: 'dup', name: 'Again', type: 'SingleSided' } });
    assert2601(again, ['descriptor "dup" is already used by another reward definition of this beta']);
    const elsewhere = await ctx.request('POST', definitionsUrl(other.id), { body: { descriptor: 'dup', name: 'Elsewhere', type: 'SingleSided' } });
    assert.equal(elsewhere.status, 201);
  });

  test('list: paginated by id with X-Pagination', async () => {
    const beta = await ctx.createBeta();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createDefinition(ctx, beta.id, { descriptor: `d${i}` }));
    const first = await ctx.request('GET', `${definitionsUrl(beta.id)}?per_page=2`);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, made.slice(0, 2));
    assert.deepEqual(JSON.parse(String(first.headers['x-pagination'])), {
      previous_page: null, next_page: 2, current_page: 1, per_page: 2, count: 2, pages: 2, total_count: 3,
    });
    const second = await ctx.request('GET', `${definitionsUrl(beta.id)}.json?page=2&per_page=2`);
    assert.deepEqual(second.body, made.slice(2));
  });

  test('PATCH changes only the fields sent; issued rewards keep what they were issued with', async () => {
    const beta = await ctx.createBeta();
    const definition = await createDefinition(ctx, beta.id, { descriptor: 'old', name: 'Old name', points: 3 });
    const tester = await createTester(ctx, beta.id);
    const issued = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { email: tester.email, descriptor: 'old' } });
    assert.equal(issued.status, 201);

    ctx.clock.advance(60_000);
    const response = await ctx.request('PATCH', `${definitionsUrl(beta.id)}/${definition.id}`, {
      body: { reward_definition: { descriptor: 'new', name: 'New name', max_quantity_per_user: 4 } },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      ...definition,
      descriptor: 'new',
      name: 'New name',
      max_quantity_per_user: 4,
      updated_at: apiNow(),
    });
    const stored = await storedDefinition(definition.id);
    assert.equal(stored?.descriptor, 'new');
    assert.equal(stored?.points, 3);
    const reward = await storedReward(ctx, issued.body.id);
    assert.equal(reward.descriptor, 'old');
    assert.equal(reward.name, 'Old name');

    const form = await ctx.request('PATCH', `${definitionsUrl(beta.id)}/${definition.id}`, { form: 'points=9' });
    assert.equal(form.status, 200);
    assert.equal(form.body.points, 9);
    assert.equal(form.body.name, 'New name');
  });

  test('PATCH type: fields the new type does not use are cleared, unless sent (2601); validation as on create', async () => {
    const beta = await ctx.createBeta();
    const milestone = await createDefinition(ctx, beta.id, { type: 'Milestone', referrals_required: 3 });
    const url = `${definitionsUrl(beta.id)}/${milestone.id}`;
    const toSingle = await ctx.request('PATCH', url, { body: { type: 'SingleSided' } });
    assert.equal(toSingle.status, 200, JSON.stringify(toSingle.body));
    assert.equal(toSingle.body.referrals_required, null);
    assert.equal((await storedDefinition(milestone.id))?.referrals_required, null);

    assert2601(await ctx.request('PATCH', url, { body: { type: 'Milestone' } }), ['referrals_required is required for a Milestone reward']);
    assert2601(await ctx.request('PATCH', url, { body: { referrals_required: 2 } }), ['referrals_required applies only to Milestone rewards']);
    assert2601(await ctx.request('PATCH', url, { body: { friend_name: 'Friend' } }), ['friend_name applies only to DoubleSided rewards']);
    assert2601(await ctx.request('PATCH', url, { body: { name: ' ' } }), ['name must not be blank']);

    const toDouble = await ctx.request('PATCH', url, { body: { type: 'DoubleSided', friend_name: 'For the friend' } });
    assert.equal(toDouble.status, 200);
    assert.equal(toDouble.body.friend_name, 'For the friend');
    const cleared = await ctx.request('PATCH', url, { body: { friend_name: null } });
    assert.equal(cleared.body.friend_name, null);
    const back = await ctx.request('PATCH', url, { body: { type: 'Milestone', referrals_required: 4 } });
    assert.equal(back.status, 200);
    assert.equal(back.body.referrals_required, 4);
    assert.equal(back.body.friend_name, null);
  });

  test('PATCH: a definition with rules cannot become a Milestone; a clashing descriptor is 2601', async () => {
    const beta = await ctx.createBeta();
    const ruled = await createDefinition(ctx, beta.id, {});
    const other = await createDefinition(ctx, beta.id, {});
    await createRule(ctx, beta.id, 'purchase', ruled.descriptor);
    assert2601(await ctx.request('PATCH', `${definitionsUrl(beta.id)}/${ruled.id}`, { body: { type: 'Milestone', referrals_required: 2 } }), [
      'a reward definition with rules cannot become a Milestone: delete its rules first',
    ]);
    assert.equal((await storedDefinition(ruled.id))?.type, 'SingleSided');
    assert2601(await ctx.request('PATCH', `${definitionsUrl(beta.id)}/${other.id}`, { body: { descriptor: ruled.descriptor } }), [
      `descriptor "${ruled.descriptor}" is already used by another reward definition of this beta`,
    ]);
  });

  test('DELETE answers with the definition as it was, deletes its rules and keeps issued rewards', async () => {
    const beta = await ctx.createBeta();
    const definition = await createDefinition(ctx, beta.id, { descriptor: 'gone', name: 'Gone' });
    const rule = await createRule(ctx, beta.id, 'purchase', 'gone');
    const tester = await createTester(ctx, beta.id);
    const issued = await ctx.request('POST', `/api/v2/betas/${beta.id}/rewards`, { body: { email: tester.email, descriptor: 'gone' } });
    const response = await ctx.request('DELETE', `${definitionsUrl(beta.id)}/${definition.id}`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, definition);
    assert.equal(await storedDefinition(definition.id), undefined);
    assert.equal(await storedRule(rule.id), undefined);
    const reward = await storedReward(ctx, issued.body.id);
    assert.equal(reward.definition_id, null);
    assert.equal(reward.descriptor, 'gone');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/rewards/${issued.body.id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.descriptor, 'gone');
    const again = await ctx.request('DELETE', `${definitionsUrl(beta.id)}/${definition.id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { errors: [{ code: Errors.notFound.code, message: 'Reward definition not found' }] });
  });

  test('rules: create (JSON wrapped, unwrapped, form), list, delete', async () => {
    const beta = await ctx.createBeta();
    const single = await createDefinition(ctx, beta.id, { descriptor: 'single' });
    const double = await createDefinition(ctx, beta.id, { descriptor: 'double', type: 'DoubleSided' });
    const wrapped = await ctx.request('POST', rulesUrl(beta.id), { body: { reward_rule: { event: ' purchase ', descriptor: 'single' } } });
    assert.equal(wrapped.status, 201, JSON.stringify(wrapped.body));
    assert.deepEqual(Object.keys(wrapped.body).sort(), RULE_FIELDS);
    assert.deepEqual(wrapped.body, { id: wrapped.body.id, event: 'purchase', descriptor: 'single', definition_id: single.id, created_at: apiNow() });
    const stored = await storedRule(wrapped.body.id);
    assert.deepEqual([stored?.beta_id, stored?.event, stored?.definition_id], [beta.id, 'purchase', single.id]);

    const unwrapped = await ctx.request('POST', rulesUrl(beta.id), { body: { event: 'signup', descriptor: 'double' } });
    assert.equal(unwrapped.status, 201);
    assert.equal(unwrapped.body.definition_id, double.id);
    const form = await ctx.request('POST', rulesUrl(beta.id), { form: 'reward_rule[event]=purchase&reward_rule[descriptor]=double' });
    assert.equal(form.status, 201, JSON.stringify(form.body));

    const list = await ctx.request('GET', rulesUrl(beta.id));
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [wrapped.body, unwrapped.body, form.body]);
    assert.equal(JSON.parse(String(list.headers['x-pagination'])).total_count, 3);

    const deleted = await ctx.request('DELETE', `${rulesUrl(beta.id)}/${unwrapped.body.id}`);
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, unwrapped.body);
    assert.equal(await storedRule(unwrapped.body.id), undefined);
    const missing = await ctx.request('DELETE', `${rulesUrl(beta.id)}/${unwrapped.body.id}`);
    assert.deepEqual([missing.status, missing.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Reward rule not found' }] }]);
  });

  test('rule validation: 2601 for missing fields, unknown descriptor, Milestone definition, duplicate rule', async () => {
    const beta = await ctx.createBeta();
    await createDefinition(ctx, beta.id, { descriptor: 'single' });
    await createDefinition(ctx, beta.id, { descriptor: 'milestone', type: 'Milestone', referrals_required: 2 });
    const post = (body: unknown) => ctx.request('POST', rulesUrl(beta.id), { body });
    assert2601(await post({}), ['event is required', 'descriptor is required']);
    assert2601(await post({ event: ' ', descriptor: 'single' }), ['event is required']);
    assert2601(await post({ event: 'purchase', descriptor: 'nope' }), ['no reward definition has the descriptor "nope" in this beta']);
    assert2601(await post({ event: 'purchase', descriptor: 'milestone' }), ['"milestone" is a Milestone reward: it is earned by referrals, not by events']);
    assert.equal((await post({ event: 'purchase', descriptor: 'single' })).status, 201);
    assert2601(await post({ event: 'purchase', descriptor: 'single' }), ['a rule for the event "purchase" and the descriptor "single" exists already']);
    // The same definition for another event is a different rule.
    assert.equal((await post({ event: 'upgrade', descriptor: 'single' })).status, 201);
    const count = await ctx.database.db.selectFrom('reward_rules').select((eb) => eb.fn.countAll<number>().as('n')).where('beta_id', '=', beta.id).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 2);
  });

  test('another company’s beta, definition or rule is 404; ids of another beta are 404', async () => {
    const other = await otherCompany(ctx);
    const created = await ctx.request('POST', definitionsUrl(other.beta.id), {
      key: other.key,
      body: { descriptor: 'theirs', name: 'A reward', type: 'SingleSided' },
    });
    assert.equal(created.status, 201);
    const theirs = created.body;
    for (const [method, url] of [
      ['GET', definitionsUrl(other.beta.id)],
      ['POST', definitionsUrl(other.beta.id)],
      ['PATCH', `${definitionsUrl(other.beta.id)}/${theirs.id}`],
      ['DELETE', `${definitionsUrl(other.beta.id)}/${theirs.id}`],
      ['GET', rulesUrl(other.beta.id)],
      ['POST', rulesUrl(other.beta.id)],
      ['DELETE', `${rulesUrl(other.beta.id)}/1`],
    ] as const) {
      const response = await ctx.request(method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : { descriptor: 'x', name: 'x', type: 'SingleSided', event: 'e' } });
      assert.deepEqual([response.status, response.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] }], `${method} ${url}`);
    }
    const mine = await ctx.createBeta();
    const patch = await ctx.request('PATCH', `${definitionsUrl(mine.id)}/${theirs.id}`, { body: { name: 'Mine now' } });
    assert.deepEqual([patch.status, patch.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Reward definition not found' }] }]);
    const bad = await ctx.request('PATCH', `${definitionsUrl(mine.id)}/abc`, { body: { name: 'x' } });
    assert.equal(bad.status, 404);
    assert.equal((await storedDefinition(theirs.id))?.name, 'A reward');
  });

  test('permissions: rewards:read for GETs, rewards:write for writes (403 otherwise)', async () => {
    const beta = await ctx.createBeta();
    const definition = await createDefinition(ctx, beta.id, { descriptor: uniqueDescriptor() });
    const { key: readKey } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['rewards:read'] });
    const { key: writeKey } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['rewards:write'] });
    assert.equal((await ctx.request('GET', definitionsUrl(beta.id), { key: readKey })).status, 200);
    assert.equal((await ctx.request('GET', rulesUrl(beta.id), { key: readKey })).status, 200);
    const refusedRead = await ctx.request('GET', definitionsUrl(beta.id), { key: writeKey });
    assert.deepEqual([refusedRead.status, codes(refusedRead)], [403, [1403]]);
    for (const [method, url] of [
      ['POST', definitionsUrl(beta.id)],
      ['PATCH', `${definitionsUrl(beta.id)}/${definition.id}`],
      ['DELETE', `${definitionsUrl(beta.id)}/${definition.id}`],
      ['POST', rulesUrl(beta.id)],
      ['DELETE', `${rulesUrl(beta.id)}/1`],
    ] as const) {
      const response = await ctx.request(method, url, { key: readKey, body: method === 'DELETE' ? undefined : {} });
      assert.deepEqual([response.status, codes(response)], [403, [1403]], `${method} ${url}`);
    }
    const written = await ctx.request('POST', definitionsUrl(beta.id), { key: writeKey, body: { descriptor: uniqueDescriptor(), name: 'w', type: 'SingleSided' } });
    assert.equal(written.status, 201);
  });
});
