// A JSON body gets what it says or a clear error: a value of the wrong type is refused, not turned
// into the expected one (["a@example.com"] or true is not text, "5" is not an integer), and a
// number JSON.parse has rounded (past ±2^53−1, or past any double) is refused wherever it is. Form
// bodies and query strings are text: they are still read as the schema's types. Every refusal is
// 422 with the route's general code, one message naming the field, and stores nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext, type TestResponse } from '../support/context.ts';
import { storedRows, tableNames } from '../support/stored-rows.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { Errors } from '../../src/primitives/errors.ts';

const TOO_LARGE = 'is a number too large to keep exactly (beyond ±9007199254740991): send long digit strings as text';

/** A number written into the JSON text as is: JSON.stringify would write the rounded one. */
const raw = (text: string) => `__raw:${text}__`;
const jsonText = (body: unknown) => JSON.stringify(body).replace(/"__raw:([^"]+)__"/g, '$1');

type Kind = 'string' | 'nullable string' | 'integer' | 'setting integer' | 'nullable integer' | 'id' | 'reference' | 'array' | 'boolean';

/** Values of the wrong type for a field of each kind, with what the field's message must say. */
const WRONG: Record<Kind, [string, unknown, string][]> = {
  string: [
    ['a one-item array', ['a@example.com'], 'must be a string'],
    ['true', true, 'must be a string'],
    ['a number', 12345, 'must be a string'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
    ['1e400', raw('1e400'), TOO_LARGE],
  ],
  'nullable string': [
    ['a one-item array', ['x'], 'must be a string or null'],
    ['true', true, 'must be a string or null'],
    ['a number', 12345, 'must be a string or null'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
  ],
  integer: [
    ['text', '5', 'must be an integer'],
    ['true', true, 'must be an integer'],
    ['a one-item array', [5], 'must be an integer'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
    ['-(2^53 + 1)', raw('-9007199254740993'), TOO_LARGE],
    ['1e400', raw('1e400'), TOO_LARGE],
  ],
  // A setting's null was read as 0 by coercion; now it is what it is, and refused.
  'setting integer': [
    ['text', '5', 'must be an integer'],
    ['null', null, 'must be an integer'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
  ],
  'nullable integer': [
    ['text', '5', 'must be an integer or null'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
  ],
  id: [
    ['true', true, 'must be an integer or string'],
    ['a one-item array', [5], 'must be an integer or string'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
  ],
  reference: [
    ['true', true, 'must be a string or integer or null'],
    ['a one-item array', ['x'], 'must be a string or integer or null'],
    ['2^53 + 1', raw('9007199254740993'), TOO_LARGE],
  ],
  array: [
    ['a lone string', 'tester_created', 'must be an array'],
    ['null', null, 'must be an array'],
  ],
  boolean: [
    ['null', null, 'must be true, false, 1 or 0'],
    ['a one-item array', [true], 'must be true, false, 1 or 0'],
    ['other text', 'yes', 'must be true, false, 1 or 0'],
  ],
};

/** A copy of `base` with `value` at the dotted `path` (numeric segments index arrays). */
function withValueAt(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, any>;
  const keys = path.split('.');
  let at: any = copy;
  for (const key of keys.slice(0, -1)) at = at[key];
  at[keys[keys.length - 1]] = value;
  return copy;
}

interface Route {
  name: string;
  method: string;
  url: () => string;
  /** A body the route takes (2xx): each case changes one field of it. */
  body: () => Record<string, unknown>;
  /** The route's general code. */
  code: number;
  fields: [path: string, kind: Kind][];
}

describe('JSON bodies are taken as typed; form bodies and query strings are read as text', () => {
  let ctx: TestContext;
  let tables: string[];
  let betaId: number;
  let tester: any;
  let sender: any;
  /** Receives the points: its address stays as created. */
  let awardee: any;
  let questionId: number;
  let webhookId: number;

  before(async () => {
    ctx = await startTestContext();
    tables = await tableNames(ctx);
    betaId = (await ctx.createBeta({ invite_a_friend_enabled: true })).id;
    tester = await createTester(ctx, betaId);
    sender = await createTester(ctx, betaId, { status: 'invited' });
    awardee = await createTester(ctx, betaId);
    questionId = (await ctx.request('POST', `/api/v2/betas/${betaId}/questions`, { body: { kind: 'text', prompt: 'Why?' } })).body.id;
    const webhook = await ctx.request('POST', `/api/v2/betas/${betaId}/webhooks`, { body: { url: 'https://hooks.example.com/first' } });
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    webhookId = webhook.body.id;
  });
  after(() => ctx.close());

  const beta = () => `/api/v2/betas/${betaId}`;
  let codeCount = 0;
  const routes: Route[] = [
    {
      name: 'tester create',
      method: 'POST',
      url: () => `${beta()}/testers`,
      body: () => ({ tester: { email: uniqueEmail('typed'), groups: 'g', profile: { age: '30' }, responses: { response: [{ question_id: questionId, answer: 'x' }] } } }),
      code: Errors.testersGeneral.code,
      fields: [
        ['tester.email', 'string'],
        ['tester.groups', 'nullable string'],
        ['tester.profile.age', 'nullable string'],
        ['tester.referrer_id', 'reference'],
        ['tester.responses.response.0.question_id', 'id'],
      ],
    },
    {
      name: 'tester update',
      method: 'PUT',
      url: () => `${beta()}/testers/${tester.id}`,
      body: () => ({ tester: { email: uniqueEmail('renamed'), groups: 'g', profile: { custom_var1: 'v' } } }),
      code: Errors.testersGeneral.code,
      fields: [
        ['tester.email', 'string'],
        ['tester.groups', 'nullable string'],
        ['tester.profile.custom_var1', 'nullable string'],
      ],
    },
    {
      name: 'beta create',
      method: 'POST',
      url: () => '/api/v2/betas',
      body: () => ({ name: 'Typed', homepage_url: 'https://example.com/typed', settings: { signup_points: 2, accepting_signups: true, blocked_email_domains: [] } }),
      code: Errors.betasGeneral.code,
      fields: [
        ['name', 'string'],
        ['homepage_url', 'string'],
        ['settings.signup_points', 'setting integer'],
        ['settings.accepting_signups', 'boolean'],
        ['settings.blocked_email_domains', 'array'],
      ],
    },
    {
      name: 'beta update',
      method: 'PATCH',
      url: () => beta(),
      body: () => ({ beta: { name: 'Renamed', settings: { signup_points: 3, idle_days: 30 } } }),
      code: Errors.betasGeneral.code,
      fields: [
        ['beta.name', 'string'],
        ['beta.settings.signup_points', 'setting integer'],
        ['beta.settings.idle_days', 'nullable integer'],
      ],
    },
    {
      name: 'webhook create',
      method: 'POST',
      url: () => `${beta()}/webhooks`,
      body: () => ({ webhook: { url: 'https://hooks.example.com/typed', events: ['tester_created'], enabled: true } }),
      code: Errors.betasGeneral.code,
      fields: [
        ['webhook.url', 'string'],
        ['webhook.events', 'array'],
        ['webhook.enabled', 'boolean'],
      ],
    },
    {
      name: 'webhook update',
      method: 'PATCH',
      url: () => `${beta()}/webhooks/${webhookId}`,
      body: () => ({ url: 'https://hooks.example.com/moved', events: ['point_earned'], enabled: false }),
      code: Errors.betasGeneral.code,
      fields: [
        ['url', 'string'],
        ['events', 'array'],
        ['enabled', 'boolean'],
      ],
    },
    {
      name: 'question create',
      method: 'POST',
      url: () => `${beta()}/questions`,
      body: () => ({ question: { kind: 'multiple_choice', prompt: 'Pick', choices: ['a', 'b'], required: false } }),
      code: Errors.betasGeneral.code,
      fields: [
        ['question.prompt', 'string'],
        ['question.choices', 'array'],
        ['question.required', 'boolean'],
      ],
    },
    {
      name: 'points create',
      method: 'POST',
      url: () => `${beta()}/points`,
      body: () => ({ email: awardee.email, quantity: 5, reason: 'Thanks' }),
      code: Errors.pointsGeneral.code,
      fields: [
        ['email', 'string'],
        ['quantity', 'integer'],
        ['reason', 'string'],
      ],
    },
    {
      name: 'suppression create',
      method: 'POST',
      url: () => `${beta()}/suppressions`,
      body: () => ({ suppression: { email: uniqueEmail('suppressed'), reason: 'Manual' } }),
      code: Errors.suppressionsGeneral.code,
      fields: [
        ['suppression.email', 'string'],
        ['suppression.reason', 'string'],
      ],
    },
    {
      name: 'friend invitation',
      method: 'POST',
      url: () => `${beta()}/friend_invitations`,
      body: () => ({ friend_invitation: { sender_email: sender.email, recipient_email: uniqueEmail('friend'), message: 'Hi' } }),
      code: Errors.friendInvitationsGeneral.code,
      fields: [
        ['friend_invitation.recipient_email', 'string'],
        ['friend_invitation.message', 'string'],
      ],
    },
    {
      name: 'invitation code create',
      method: 'POST',
      url: () => `${beta()}/invitation_codes`,
      body: () => ({ code: `TYPED-${++codeCount}`, max_uses: 5 }),
      code: Errors.betasGeneral.code,
      fields: [
        ['code', 'string'],
        ['max_uses', 'integer'],
      ],
    },
  ];

  const send = (route: Route, body: unknown): Promise<TestResponse> => ctx.request(route.method, route.url(), { body: jsonText(body) });

  for (const route of routes) {
    test(`${route.name}: each field refuses values of another type and stores nothing; the right types are stored`, async () => {
      const before = await storedRows(ctx, tables);
      for (const [path, kind] of route.fields) {
        for (const [what, value, says] of WRONG[kind]) {
          const label = `${route.name}: ${path} is ${what}`;
          const response = await send(route, withValueAt(route.body(), path, value));
          assert.equal(response.status, 422, `${label}: ${JSON.stringify(response.body)}`);
          assert.deepEqual(response.body, { errors: [{ code: route.code, message: `${path} ${says}` }] }, label);
        }
      }
      assert.deepEqual(await storedRows(ctx, tables), before, `${route.name}: a refused request stored something`);
      // The same body with every type right is taken: the refusals above were for the types alone.
      const accepted = await send(route, route.body());
      assert.ok(accepted.status === 200 || accepted.status === 201, `${route.name}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    });
  }

  test('the issue\'s cases: an e-mail in an array, true as text, 2^53 + 1 as text', async () => {
    const before = await storedRows(ctx, tables);
    const cases: [string, string][] = [
      ['{"tester":{"email":["a@example.com"]}}', 'tester.email must be a string'],
      [`{"tester":{"email":"${uniqueEmail()}","profile":{"custom_var1":true}}}`, 'tester.profile.custom_var1 must be a string or null'],
      [`{"tester":{"email":"${uniqueEmail()}","profile":{"custom_var1":9007199254740993}}}`, `tester.profile.custom_var1 ${TOO_LARGE}`],
      [`{"tester":{"email":"${uniqueEmail()}","unknown":9007199254740993}}`, `tester.unknown ${TOO_LARGE}`],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.request('POST', `${beta()}/testers`, { body });
      assert.equal(response.status, 422, body);
      assert.deepEqual(response.body, { errors: [{ code: Errors.testersGeneral.code, message }] }, body);
    }
    assert.deepEqual(await storedRows(ctx, tables), before);
    // As text the digits are kept exactly.
    const kept = await ctx.request('POST', `${beta()}/testers`, { body: { tester: { email: uniqueEmail(), profile: { custom_var1: '9007199254740993' } } } });
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.equal(kept.body.profile.custom_var1, '9007199254740993');
  });

  test('null is "none" where a field may be empty: tester groups, referrer and invitation code', async () => {
    const created = await ctx.request('POST', `${beta()}/testers`, {
      body: { tester: { email: uniqueEmail('nulls'), groups: null, referrer_id: null, invitation_code: null, profile: { first_name: null } } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.groups, created.body.referred_by, created.body.invitation_code], ['', null, '']);
    await ctx.request('PUT', `${beta()}/testers/${created.body.id}`, { body: { tester: { groups: 'vip' } } });
    const cleared = await ctx.request('PUT', `${beta()}/testers/${created.body.id}`, { body: { tester: { groups: null } } });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.groups, '');
    const stored = await ctx.database.db.selectFrom('testers').select('groups').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    assert.equal(stored.groups, '');
  });

  test('form bodies are text: numbers, booleans and one-item lists are read as the schema types', async () => {
    const form = (url: string, text: string, method = 'POST') => ctx.request(method, url, { form: text });

    const created = await form(`${beta()}/testers`, `tester[email]=${encodeURIComponent(uniqueEmail('form'))}&tester[profile][age]=30&tester[groups]=7`);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.profile.age, created.body.groups], ['30', '7']);

    const points = await form(`${beta()}/points`, `email=${encodeURIComponent(awardee.email)}&quantity=7&reason=Form`);
    assert.equal(points.status, 201, JSON.stringify(points.body));
    const point = await ctx.database.db.selectFrom('points').selectAll().where('id', '=', points.body.id).executeTakeFirstOrThrow();
    assert.deepEqual([Number(point.quantity), point.reason], [7, 'Form']);

    // A beta of its own: a required question and closed signups would stand in the other tests' way.
    const own = `/api/v2/betas/${(await ctx.createBeta({}, 'Form')).id}`;
    const question = await form(`${own}/questions`, 'question[kind]=multiple_choice&question[prompt]=One&question[choices]=only&question[required]=1');
    assert.equal(question.status, 201, JSON.stringify(question.body));
    assert.deepEqual([question.body.choices, question.body.required], [['only'], true]);

    const webhook = await form(`${own}/webhooks`, `url=${encodeURIComponent('https://hooks.example.com/form')}&events=tester_created&enabled=0`);
    assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
    assert.deepEqual([webhook.body.events, webhook.body.enabled], [['tester_created'], false]);

    const patched = await form(own, 'settings[signup_points]=9&settings[accepting_signups]=false', 'PATCH');
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual([patched.body.settings.signup_points, patched.body.settings.accepting_signups], [9, false]);
    const storedBeta = await ctx.database.db.selectFrom('betas').select('settings').where('id', '=', patched.body.id).executeTakeFirstOrThrow();
    const settings = typeof storedBeta.settings === 'string' ? JSON.parse(storedBeta.settings) : storedBeta.settings;
    assert.deepEqual([settings.signup_points, settings.accepting_signups], [9, false]);
  });

  test('a form number past a field\'s bounds is refused, not rounded into them', async () => {
    const before = await storedRows(ctx, tables);
    const response = await ctx.request('POST', `${beta()}/points`, { form: `email=${encodeURIComponent(awardee.email)}&quantity=9007199254740993` });
    assert.equal(response.status, 422);
    assert.deepEqual(response.body, { errors: [{ code: Errors.pointsGeneral.code, message: 'quantity must be <= 1000000' }] });
    assert.deepEqual(await storedRows(ctx, tables), before);
  });

  test('query strings are text: page and per_page are read as integers', async () => {
    const response = await ctx.request('GET', `${beta()}/testers?page=2&per_page=1`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.length, 1);
    assert.deepEqual(
      (({ current_page, per_page }) => ({ current_page, per_page }))(JSON.parse(String(response.headers['x-pagination']))),
      { current_page: 2, per_page: 1 },
    );
  });
});
