// Bad input of any shape gets a 4xx with the error body, never a 500, and never changes data.
// Every route registered under /api/v2 is swept with hostile path ids, unreadable bodies and query
// strings; the routes that take input get a table of wrong types, huge strings, NUL bytes, lone
// surrogates and nesting at every level of their bodies. After each refused request the whole
// database (every row of every table) must be as it was.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { startTestContext, type TestContext } from '../support/context.ts';
import { storedBeta, storedTester, uniqueEmail } from '../modules/testers/support.ts';
import { storedRows, tableNames, type StoredRows } from '../support/stored-rows.ts';
import { registeredRoutes } from '../support/routes.ts';

/** What an error message must never show: stack frames, SQL, driver or constraint text (whole words: multiple_select is a question kind). */
const LEAK = /at .*\.ts|\bSELECT\b|\bINSERT\b|sqlite|postgres|constraint/i;

const X10000 = 'x'.repeat(10_000);
const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = '\udc00';
const FIVE_MB = 5 * 1024 * 1024;

/** `{"a":{"a":…}}` `depth` levels deep, as JSON text. */
function deepObject(depth: number, leaf = '1'): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}
function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

interface Sent {
  method: string;
  url: string;
  /** JSON-serialised unless a string or Buffer (sent as is). */
  body?: unknown;
  contentType?: string;
}

interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Record<string, unknown>;
}

/** A hostile request and what must come back: refused (4xx, optionally an exact status). */
interface Case extends Sent {
  name: string;
  status?: number;
}

/** A copy of `base` with `value` at the dotted `path` (numeric segments index arrays). */
function withValueAt(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, any>;
  const keys = path.split('.');
  let at: any = copy;
  keys.slice(0, -1).forEach((key, i) => {
    at[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
    at = at[key];
  });
  at[keys[keys.length - 1]] = value;
  return copy;
}

/** Hostile values for a string field: wrong types, too long, unstorable characters. */
const HOSTILE_TEXT: [string, unknown][] = [
  ['an object', { a: 1 }],
  ['an array of two', [1, 2]],
  ['an array of objects', [{}]],
  ['10,000 characters', X10000],
  ['a NUL byte', NUL],
  ['a lone high surrogate', LONE_HIGH],
  ['a lone low surrogate', LONE_LOW],
];

describe('bad input is refused with the error body and changes nothing', () => {
  let ctx: TestContext;
  let db: Kysely<any>;
  let betaId: number;
  let otherBetaId: number;
  let tester: any;
  let referred: any;
  let textQuestion: number;
  let choiceQuestion: number;
  let codeId: number;
  let code: string;
  let baseline: StoredRows;

  let tables: string[] = [];

  const snapshot = () => storedRows(ctx, tables);

  /** The row count of every table, in one query. */
  async function rowCounts(): Promise<Record<string, number>> {
    const query = `select ${tables.map((table) => `(select count(*) from "${table}") as "${table}"`).join(', ')}`;
    const { rows } = await sql.raw<Record<string, number | string>>(query).execute(db);
    return Object.fromEntries(Object.entries(rows[0]).map(([table, n]) => [table, Number(n)]));
  }

  async function send(sent: Sent): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${ctx.apiKey}` };
    let payload: string | Buffer | undefined;
    if (sent.body !== undefined) {
      headers['content-type'] = sent.contentType ?? 'application/json';
      payload = typeof sent.body === 'string' || Buffer.isBuffer(sent.body) ? sent.body : JSON.stringify(sent.body);
    }
    const raw = await ctx.app.inject({ method: sent.method as any, url: sent.url, headers, payload });
    let body: any;
    try {
      body = JSON.parse(raw.body);
    } catch {
      body = undefined;
    }
    return { status: raw.statusCode, body, text: raw.body, headers: raw.headers };
  }

  function assertErrorBody(answer: Answer, label: string): void {
    assert.ok(answer.status >= 400 && answer.status < 500, `${label}: expected a 4xx, got ${answer.status} ${answer.text.slice(0, 300)}`);
    assert.match(String(answer.headers['content-type']), /^application\/json/, `${label}: content type`);
    assert.ok(answer.headers['x-request-id'], `${label}: X-Request-Id`);
    assert.deepEqual(Object.keys(answer.body ?? {}), ['errors'], `${label}: body ${answer.text.slice(0, 300)}`);
    assert.ok(Array.isArray(answer.body.errors) && answer.body.errors.length > 0, `${label}: errors`);
    for (const entry of answer.body.errors) {
      assert.deepEqual(Object.keys(entry).sort(), ['code', 'message'], `${label}: entry ${JSON.stringify(entry)}`);
      assert.ok(Number.isInteger(entry.code), `${label}: integer code`);
      assert.equal(typeof entry.message, 'string', `${label}: string message`);
      assert.doesNotMatch(entry.message, LEAK, `${label}: message leaks internals`);
    }
  }

  /**
   * Sends each case: each must be refused and leave the row count of every table as it was; after
   * the last, every row of every table must be exactly as before the first.
   */
  async function expectRefused(cases: Case[]): Promise<void> {
    const counts = await rowCounts();
    for (const item of cases) {
      const label = `${item.method} ${item.url.slice(0, 120)} — ${item.name}`;
      const answer = await send(item);
      assertErrorBody(answer, label);
      if (item.status !== undefined) assert.equal(answer.status, item.status, `${label}: ${answer.text.slice(0, 300)}`);
      assert.deepEqual(await rowCounts(), counts, `${label}: row counts changed`);
    }
    assert.deepEqual(await snapshot(), baseline, 'stored data changed');
  }

  before(async () => {
    ctx = await startTestContext();
    db = ctx.database.db as unknown as Kysely<any>;
    tables = await tableNames(ctx);
    betaId = (await ctx.createBeta()).id;
    otherBetaId = (await ctx.createBeta({}, 'Other')).id;
    const base = `/api/v2/betas/${betaId}`;
    textQuestion = (await ctx.request('POST', `${base}/questions`, { body: { kind: 'text', prompt: 'Why?' } })).body.id;
    choiceQuestion = (await ctx.request('POST', `${base}/questions`, { body: { kind: 'multiple_choice', prompt: 'Pick', choices: ['a', 'b'] } })).body.id;
    const created = await ctx.request('POST', `${base}/invitation_codes`, { body: { code: 'EARLY-BIRD', max_uses: 5 } });
    assert.equal(created.status, 201);
    codeId = created.body.id;
    code = created.body.code;
    tester = (await ctx.request('POST', `${base}/testers`, { body: { tester: { email: 'first@example.com', profile: { first_name: 'First' } } } })).body;
    referred = (await ctx.request('POST', `${base}/testers`, {
      body: { tester: { email: 'second@example.com', referrer_id: tester.referral_code, responses: { response: [{ question_id: textQuestion, answer: 'Because' }] } } },
    })).body;
    assert.equal(referred.referred_by, 'first@example.com');
    assert.equal((await ctx.request('POST', `${base}/testers/${referred.id}/checkin`)).status, 202);
    baseline = await snapshot();
  });
  after(() => ctx.close());

  test('every route: hostile path ids, unreadable bodies and NUL in the query', async () => {
    const routes = registeredRoutes(ctx.app).filter((r) => r.path.startsWith('/api/v2/'));
    const expected = [
      'GET /api/v2/betas', 'POST /api/v2/betas', 'GET /api/v2/betas/:beta_id', 'PATCH /api/v2/betas/:beta_id', 'DELETE /api/v2/betas/:beta_id',
      'GET /api/v2/betas/:beta_id/testers', 'POST /api/v2/betas/:beta_id/testers', 'GET /api/v2/betas/:beta_id/testers/:tester_id',
      'PUT /api/v2/betas/:beta_id/testers/:tester_id', 'DELETE /api/v2/betas/:beta_id/testers/:tester_id',
      'GET /api/v2/betas/:beta_id/testers/:tester_id/verify', 'POST /api/v2/betas/:beta_id/testers/:tester_id/checkin',
      'GET /api/v2/betas/:beta_id/testers/:tester_id/checkins', 'POST /api/v2/betas/:beta_id/checkins',
      'GET /api/v2/betas/:beta_id/questions', 'POST /api/v2/betas/:beta_id/questions', 'PATCH /api/v2/betas/:beta_id/questions/:question_id',
      'DELETE /api/v2/betas/:beta_id/questions/:question_id',
      'GET /api/v2/betas/:beta_id/invitation_codes', 'POST /api/v2/betas/:beta_id/invitation_codes',
      'PATCH /api/v2/betas/:beta_id/invitation_codes/:code_id', 'DELETE /api/v2/betas/:beta_id/invitation_codes/:code_id',
    ];
    const found = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const route of expected) assert.ok(found.has(route), `route list has ${route}`);

    // Valid ids for the parameters not under attack: each route reaches real rows.
    const valid: Record<string, string> = {
      beta_id: String(betaId),
      tester_id: String(tester.id),
      question_id: String(textQuestion),
      code_id: String(codeId),
    };
    const hostileIds: [string, string][] = [
      ['zero', '0'],
      ['negative', '-1'],
      ['20 digits', '99999999999999999999'],
      ['50 digits', '9'.repeat(50)],
      ['15 digits', '999999999999999'],
      ['1e400', '1e400'],
      ['a fraction', '1.5'],
      ['non-ASCII', encodeURIComponent('é日本')],
      ['%00', '%00'],
      ['a raw invalid escape %FF', '%FF'],
      ['a malformed escape %ZZ', '%ZZ'],
      ['an encoded lone surrogate', '%ED%A0%80'],
      ['an encoded slash', '1%2F2'],
      ['SQL', encodeURIComponent('1 OR 1=1')],
      ['SQL with a quote', encodeURIComponent("'; drop table testers;--")],
      ['10,000 characters', X10000],
      ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ];
    const unreadableBodies: (Omit<Case, 'method' | 'url'>)[] = [
      { name: 'truncated JSON', body: '{"tester":', status: 400 },
      { name: 'single quotes', body: "{'a':1}", status: 400 },
      { name: 'trailing comma', body: '[1,]', status: 400 },
      { name: 'a bare word', body: 'nul', status: 400 },
      { name: 'a NUL byte outside strings', body: '{"a":1}\u0000', status: 400 },
      { name: 'a __proto__ key', body: '{"__proto__":{"admin":true}}', status: 400 },
      { name: 'a __proto__ key 10,000 levels down', body: deepObject(10_000, '{"__proto__":{"x":1}}'), status: 400 },
      { name: 'JSON with a 0xFF byte', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), status: 400 },
      { name: 'JSON with a bad continuation byte', body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]), status: 400 },
      { name: 'JSON with an overlong encoding', body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]), status: 400 },
      { name: 'JSON with an encoded surrogate', body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), status: 400 },
      { name: 'JSON with a truncated sequence', body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xf0, 0x9f, 0x98]), Buffer.from('"}')]), status: 400 },
      { name: 'JSON with a NUL in a value', body: { a: NUL } },
      { name: 'JSON with a lone surrogate in a value', body: '{"a":"x\\ud800"}' },
      { name: 'JSON with a lone surrogate in a key', body: '{"\\udc00":1}' },
      { name: 'JSON with a NUL in a key 100 levels down', body: deepObject(100, '{"\\u0000":1}') },
      { name: 'form with a raw 0xFF byte', body: Buffer.from([0x61, 0x3d, 0xff]), contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with %FF', body: 'a=%FF', contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with a malformed escape', body: 'a=%ZZ', contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with an encoded lone surrogate', body: 'a=%ED%A0%80', contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with %00', body: 'a=%00', contentType: 'application/x-www-form-urlencoded' },
      { name: 'form with 10,000 parameters', body: Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&'), contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with an array of 5,000 items', body: 'a[]=1&'.repeat(5000), contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with an array of 300 items', body: 'a[]=1&'.repeat(300), contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'form with index 5000', body: 'a[5000]=1', contentType: 'application/x-www-form-urlencoded', status: 400 },
      { name: 'a Content-Type that is no media type', body: '{"a":1}', contentType: ';;;', status: 400 },
      { name: 'an empty Content-Type', body: '{"a":1}', contentType: '', status: 400 },
      { name: '5 MB of JSON', body: `{"a":"${'x'.repeat(FIVE_MB)}"}`, status: 413 },
      { name: '5 MB of form', body: `a=${'x'.repeat(FIVE_MB)}`, contentType: 'application/x-www-form-urlencoded', status: 413 },
      { name: '5 MB of an unknown type', body: Buffer.alloc(FIVE_MB, 0x41), contentType: 'application/octet-stream', status: 413 },
    ];

    for (const route of routes) {
      const fill = (path: string, overrides: Record<string, string> = {}) =>
        path.replace(/:(\w+)/g, (_all, name: string) => overrides[name] ?? valid[name] ?? '1');
      const cases: Case[] = [];
      for (const param of route.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
        for (const [name, id] of hostileIds) {
          cases.push({ name: `${param} ${name}`, method: route.method, url: fill(route.path, { [param]: id }) });
        }
      }
      cases.push({ name: 'NUL in a query parameter', method: route.method, url: `${fill(route.path)}?x=%00` });
      if (route.method !== 'GET') {
        for (const body of unreadableBodies) cases.push({ ...body, method: route.method, url: fill(route.path) });
      }
      await expectRefused(cases);
    }
  });

  test('query strings: pages, repeated parameters, long and unstorable values', async () => {
    const lists = ['/api/v2/betas', `/api/v2/betas/${betaId}/testers`, `/api/v2/betas/${betaId}/questions`, `/api/v2/betas/${betaId}/invitation_codes`];
    const pageQueries = [
      'page=-1', 'page=0', 'page=abc', 'page=1e30', 'page=1.5', 'page=', 'page=1&page=2', 'page=%00',
      'per_page=0', 'per_page=-5', 'per_page=1000', 'per_page=abc', 'per_page=10&per_page=20', `per_page=${X10000}`,
    ];
    const cases: Case[] = lists.flatMap((url) => pageQueries.map((query) => ({ name: query.slice(0, 40), method: 'GET', url: `${url}?${query}`, status: 422 })));
    const testers = `/api/v2/betas/${betaId}/testers`;
    for (const filter of ['email_is', 'email_contains', 'email', 'name', 'referral_code', 'custom_vars']) {
      cases.push(
        { name: `${filter} repeated`, method: 'GET', url: `${testers}?${filter}=a&${filter}=b`, status: 422 },
        { name: `${filter} of 10,000 characters`, method: 'GET', url: `${testers}?${filter}=${X10000}`, status: 422 },
        { name: `${filter} with NUL`, method: 'GET', url: `${testers}?${filter}=a%00b`, status: 422 },
      );
    }
    const one = `${testers}/${tester.id}`;
    cases.push(
      { name: 'verify without a code', method: 'GET', url: `${one}/verify`, status: 422 },
      { name: 'verify with a wrong code', method: 'GET', url: `${one}/verify?invitation_code=${encodeURIComponent('1 OR 1=1')}`, status: 422 },
      { name: 'verify with a repeated code', method: 'GET', url: `${one}/verify?invitation_code=a&invitation_code=b`, status: 422 },
      { name: 'verify with a long code', method: 'GET', url: `${one}/verify?invitation_code=${X10000}`, status: 422 },
      { name: 'verify with NUL', method: 'GET', url: `${one}/verify?invitation_code=%00`, status: 422 },
      // A refused delete must delete nothing, whatever the queue flag looks like.
      { name: 'delete with a long queue flag', method: 'DELETE', url: `${one}?queue=${'1'.repeat(100)}`, status: 422 },
      { name: 'delete with a repeated queue flag', method: 'DELETE', url: `${one}?queue=1&queue=0`, status: 422 },
      { name: 'delete with NUL as queue flag', method: 'DELETE', url: `${one}?queue=%00`, status: 422 },
    );
    await expectRefused(cases);
  });

  test('tester create and update: wrong types, huge strings and unstorable text at every level', async () => {
    const testers = `/api/v2/betas/${betaId}/testers`;
    const profileKeys = [
      'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'state', 'postal_code',
      'country', 'locale', 'telephone', 'gender', 'age', 'facebook_username', 'twitter_username', 'linkedin_username',
      'browser_name', 'browser_version', 'os_name', 'os_version', 'ip', 'custom_var1', 'custom_var2', 'custom_var3',
      'http_referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'user_agent',
    ];
    const textPaths = [
      'email', 'status', 'invitation_code', 'referrer_id', 'groups', ...profileKeys.map((k) => `profile.${k}`),
      'responses.response.0.question_id', 'responses.response.0.answer',
    ];
    const create = (tester: Record<string, unknown>) => ({ tester: { email: uniqueEmail('hostile'), ...tester } });
    const cases: Case[] = [];
    const both = (name: string, createBody: unknown, updateBody: unknown = createBody) => {
      cases.push({ name: `create: ${name}`, method: 'POST', url: testers, body: createBody });
      cases.push({ name: `update: ${name}`, method: 'PUT', url: `${testers}/${tester.id}`, body: updateBody });
    };
    for (const path of textPaths) {
      for (const [what, value] of HOSTILE_TEXT) {
        both(`${path} is ${what}`, withValueAt(create({}), `tester.${path}`, value), withValueAt({ tester: { groups: 'g' } }, `tester.${path}`, value));
      }
    }
    for (const [name, body] of [
      ['a JSON string body', '"string"'],
      ['a JSON array body', '[]'],
      ['a JSON number body', '5'],
      ['a JSON null body', 'null'],
      ['an empty object', {}],
      ['tester is a string', { tester: 'string' }],
      ['tester is an array', { tester: [] }],
      ['tester is an array of one object', { tester: [{ email: 'in-array@example.com' }] }],
      ['tester is a number', { tester: 5 }],
      ['tester is true', { tester: true }],
      ['tester is null', { tester: null }],
      ['tester.groups is 10,000 levels deep', `{"tester":{"groups":${deepObject(10_000)}}}`],
      ['tester.profile.first_name is 10,000 levels deep', `{"tester":{"profile":{"first_name":${deepObject(10_000)}}}}`],
      ['tester.responses.response is 10,000 levels deep', `{"tester":{"responses":{"response":${deepArray(10_000)}}}}`],
      ['an unknown field 10,000 levels deep and no tester', deepObject(10_000)],
      ['arrays 500,000 levels deep', deepArray(500_000)],
    ] as [string, unknown][]) {
      both(name, body);
    }
    // Create only: an update of nothing but unknown fields is a valid (empty) update.
    cases.push({ name: 'create: tester is 10,000 levels deep', method: 'POST', url: testers, body: `{"tester":${deepObject(10_000)}}` });
    const fields: [string, unknown][] = [
      ['email is ["a"]', ['a']],
      ['email is two addresses', ['a@example.com', 'b@example.com']],
      ['email is 1e400', '__1e400__'],
      ['email is a number', 5],
      ['email is true', true],
      ['email is empty', ''],
      ['email is blank', '   '],
      ['email has no dotted domain', 'a@b'],
      ['email is 10,000 levels deep', '__deep__'],
      ['email is SQL', "'; drop table testers;--"],
      ['email is SQL without quotes', '1 OR 1=1'],
      ['email is 300 characters', `${'x'.repeat(288)}@example.com`],
    ];
    for (const [name, value] of fields) {
      const json = (body: unknown) => JSON.stringify(body).replace('"__1e400__"', '1e400').replace('"__deep__"', deepObject(10_000));
      cases.push({ name: `create: ${name}`, method: 'POST', url: testers, body: json({ tester: { email: value } }) });
      cases.push({ name: `update: ${name}`, method: 'PUT', url: `${testers}/${tester.id}`, body: json({ tester: { email: value } }) });
    }
    for (const [name, tester] of [
      ['email is null', { email: null }],
      ['status is 7', { status: 7 }],
      ['status is unknown', { status: 'bogus' }],
      ['status is an array', { status: [] }],
      ['status is null', { status: null }],
      ['profile is 5', { profile: 5 }],
      ['profile is a string', { profile: 'x' }],
      ['profile is an array', { profile: [] }],
      ['profile is null', { profile: null }],
      ['profile.first_name is {a:1}', { profile: { first_name: { a: 1 } } }],
      ['profile.first_name is nested arrays', { profile: { first_name: [[['x']]] } }],
      ['profile.ip is not IPv4', { profile: { ip: '::1' } }],
      ['profile.ip is a number', { profile: { ip: 5 } }],
      ['profile.country is unknown', { profile: { country: 'XX' } }],
      ['profile.telephone is letters', { profile: { telephone: 'call me' } }],
      ['profile.gender is other text', { profile: { gender: 'robot' } }],
      ['profile.locale is not a tag', { profile: { locale: '!!' } }],
      ['responses is a string', { responses: 'x' }],
      ['responses is a number', { responses: 5 }],
      ['responses is null', { responses: null }],
      ['responses.response is [1,2]', { responses: { response: [1, 2] } }],
      ['responses.response is a string', { responses: { response: 'x' } }],
      ['responses.response is [null]', { responses: { response: [null] } }],
      ['responses.response is [[]]', { responses: { response: [[]] } }],
      ['question_id is {}', { responses: { response: [{ question_id: {}, answer: 'a' }] } }],
      ['question_id is []', { responses: { response: [{ question_id: [], answer: 'a' }] } }],
      ['question_id is 1.5', { responses: { response: [{ question_id: 1.5, answer: 'a' }] } }],
      ['question_id is -1', { responses: { response: [{ question_id: -1, answer: 'a' }] } }],
      ['question_id is 20 digits', { responses: { response: [{ question_id: '99999999999999999999', answer: 'a' }] } }],
      ['question_id is 1e20', { responses: { response: [{ question_id: 1e20, answer: 'a' }] } }],
      ['question_id is SQL', { responses: { response: [{ question_id: '1 OR 1=1', answer: 'a' }] } }],
      ['answer is {}', { responses: { response: [{ question_id: textQuestion, answer: {} }] } }],
      ['answer is [1,2]', { responses: { response: [{ question_id: textQuestion, answer: [1, 2] }] } }],
      ['answer is an out-of-range choice', { responses: { response: [{ question_id: choiceQuestion, answer: '7' }] } }],
      ['answer is a choice index of 20 digits', { responses: { response: [{ question_id: choiceQuestion, answer: '99999999999999999999' }] } }],
      ['answer is a negative choice', { responses: { response: [{ question_id: choiceQuestion, answer: -1 }] } }],
      ['5,000 answers', { responses: { response: Array.from({ length: 5000 }, () => ({ question_id: textQuestion, answer: 'a' })) } }],
      ['groups is {}', { groups: {} }],
      ['invitation_code without status active', { invitation_code: code }],
      ['invitation_code that does not exist', { status: 'active', invitation_code: '1 OR 1=1' }],
    ] as [string, Record<string, unknown>][]) {
      both(name, create(tester), { tester });
    }
    cases.push(
      { name: 'create: status suspended', method: 'POST', url: testers, body: create({ status: 'suspended' }) },
      { name: 'create: status unconfirmed without double opt-in', method: 'POST', url: testers, body: create({ status: 'unconfirmed' }) },
      { name: 'create: an e-mail that exists', method: 'POST', url: testers, body: { tester: { email: 'FIRST@example.com' } }, status: 422 },
      { name: 'update: an e-mail another tester has', method: 'PUT', url: `${testers}/${tester.id}`, body: { tester: { email: 'second@example.com' } }, status: 422 },
      { name: 'update: a move the table forbids', method: 'PUT', url: `${testers}/${referred.id}`, body: { tester: { status: 'applied' } }, status: 422 },
      { name: 'update: unsuspend a tester that is not suspended', method: 'PUT', url: `${testers}/${tester.id}`, body: { tester: { status: 'unsuspended' } }, status: 422 },
    );
    // Content types that carry no readable data: the tester routes answer "no data" (2322).
    for (const contentType of ['text/plain', 'application/xml', 'application/octet-stream', 'multipart/form-data', 'text/html; charset=utf-8']) {
      const body = JSON.stringify(create({}));
      cases.push({ name: `create as ${contentType}`, method: 'POST', url: testers, body, contentType, status: 422 });
      cases.push({ name: `update as ${contentType}`, method: 'PUT', url: `${testers}/${tester.id}`, body, contentType, status: 422 });
    }
    cases.push({ name: 'create with a Content-Type that does not parse', method: 'POST', url: testers, body: '{}', contentType: '%%%;;;' });
    // Form bodies: the same shapes through bracket notation.
    const form = (body: string): Partial<Case> => ({ body, contentType: 'application/x-www-form-urlencoded' });
    for (const [name, body] of [
      ['email given twice', 'tester[email][]=a@example.com&tester[email][]=b@example.com'],
      ['tester is text', 'tester=x'],
      ['profile is text', 'tester[email]=form@example.com&tester[profile]=5'],
      ['response is text', 'tester[email]=form@example.com&tester[responses][response]=x'],
      ['response items are text', 'tester[email]=form@example.com&tester[responses][response][0]=1'],
      ['question_id is an object', `tester[email]=form@example.com&tester[responses][response][0][question_id][a]=1&tester[responses][response][0][answer]=x`],
      ['a 10,000-character e-mail', `tester[email]=${X10000}`],
      ['a NUL in the e-mail', 'tester[email]=a%00@example.com'],
      ['a NUL in a name', 'tester[email]=form@example.com&tester[profile][first_name]=a%00'],
      ['a 10,000-character name', `tester[email]=form@example.com&tester[profile][first_name]=${X10000}`],
      ['status 7', 'tester[email]=form@example.com&tester[status]=7'],
    ] as [string, string][]) {
      cases.push({ name: `create form: ${name}`, method: 'POST', url: testers, ...form(body) } as Case);
      cases.push({ name: `update form: ${name}`, method: 'PUT', url: `${testers}/${tester.id}`, ...form(body.replace('tester[email]=form@example.com&', '')) } as Case);
    }
    // Create only: nesting past qs's depth is kept as one unknown key, which an update ignores.
    cases.push({ name: 'create form: brackets 50 levels deep', method: 'POST', url: testers, ...form(`tester${'[a]'.repeat(50)}=1`) } as Case);
    await expectRefused(cases);
  });

  test('checkins by e-mail: wrong types, unknown and unstorable addresses', async () => {
    const url = `/api/v2/betas/${betaId}/checkins`;
    const cases: Case[] = [];
    for (const [what, value] of HOSTILE_TEXT) {
      cases.push({ name: `checkin.email is ${what}`, method: 'POST', url, body: { checkin: { email: value } } });
      cases.push({ name: `email is ${what}`, method: 'POST', url, body: { email: value } });
    }
    for (const [name, body] of [
      ['no body', undefined],
      ['an empty object', {}],
      ['checkin is a string', { checkin: 'first@example.com' }],
      ['checkin is an array', { checkin: [] }],
      ['checkin is a number', { checkin: 5 }],
      ['checkin is null', { checkin: null }],
      ['email is null', { checkin: { email: null } }],
      ['email is two addresses', { email: ['first@example.com', 'second@example.com'] }],
      ['email is unknown', { checkin: { email: 'nobody@example.com' } }],
      ['email is a number', { checkin: { email: 5 } }],
      ['email is SQL', { checkin: { email: "first@example.com' OR 1=1;--" } }],
      ['10,000 levels deep', deepObject(10_000)],
      ['checkin 10,000 levels deep', `{"checkin":${deepObject(10_000)}}`],
    ] as [string, unknown][]) {
      cases.push({ name, method: 'POST', url, body });
    }
    cases.push({ name: 'as text/plain', method: 'POST', url, body: '{"email":"first@example.com"}', contentType: 'text/plain', status: 422 });
    cases.push({ name: 'form with two e-mails', method: 'POST', url, body: 'checkin[email][]=first@example.com&checkin[email][]=second@example.com', contentType: 'application/x-www-form-urlencoded', status: 422 });
    await expectRefused(cases);
  });

  test('betas, questions and invitation codes: wrong types, huge strings and unstorable text', async () => {
    const beta = `/api/v2/betas/${betaId}`;
    const cases: Case[] = [];
    const betaBase = { name: 'Hostile', homepage_url: 'https://example.com/hostile' };
    const betaTextPaths = [
      'name', 'homepage_url', 'settings.waitlist_order', 'settings.referral_url', 'settings.decoder_key',
      'settings.blocked_email_domains.0', 'settings.blocked_ips.0', 'settings.required_fields.0', 'beta.name',
    ];
    for (const path of betaTextPaths) {
      for (const [what, value] of HOSTILE_TEXT) {
        const base = path.startsWith('beta.') ? { beta: betaBase } : betaBase;
        cases.push({ name: `create: ${path} is ${what}`, method: 'POST', url: '/api/v2/betas', body: withValueAt(base, path, value) });
        cases.push({ name: `patch: ${path} is ${what}`, method: 'PATCH', url: beta, body: withValueAt(path.startsWith('beta.') ? { beta: {} } : {}, path, value) });
      }
    }
    for (const [name, patch] of [
      ['name is empty', { name: '' }],
      ['name is blank', { name: '   ' }],
      ['homepage_url is not http', { homepage_url: 'javascript:alert(1)' }],
      ['homepage_url is a number', { homepage_url: 5 }],
      ['beta is a string', { beta: 'x' }],
      ['beta is an array', { beta: [] }],
      ['settings is a string', { settings: 'x' }],
      ['settings is an array', { settings: [] }],
      ['settings is 5', { settings: 5 }],
      ['settings is null', { settings: null }],
      ['accepting_signups is "maybe"', { settings: { accepting_signups: 'maybe' } }],
      ['accepting_signups is {}', { settings: { accepting_signups: {} } }],
      ['friend_invitations_allowed is -1', { settings: { friend_invitations_allowed: -1 } }],
      ['friend_invitations_allowed is 1.5', { settings: { friend_invitations_allowed: 1.5 } }],
      ['friend_invitations_allowed is text', { settings: { friend_invitations_allowed: 'abc' } }],
      ['idle_days is -1', { settings: { idle_days: -1 } }],
      ['max_signups_per_ip_per_day is -1', { settings: { max_signups_per_ip_per_day: -1 } }],
      ['waitlist_order is 7', { settings: { waitlist_order: 7 } }],
      ['blocked_ips is not an address', { settings: { blocked_ips: ['not-an-ip'] } }],
      ['blocked_ips is a bare string', { settings: { blocked_ips: 'x' } }],
      ['blocked_ips has 10,001 entries', { settings: { blocked_ips: Array.from({ length: 10_001 }, () => '10.0.0.1') } }],
      ['blocked_email_domains is not a domain', { settings: { blocked_email_domains: ['not a domain'] } }],
      ['required_fields has an unknown name', { settings: { required_fields: ['shoe_size'] } }],
      ['decoder_key is too short', { settings: { decoder_key: 'short' } }],
      ['referral_url is not http', { settings: { referral_url: 'ftp://example.com' } }],
    ] as [string, Record<string, unknown>][]) {
      cases.push({ name: `create: ${name}`, method: 'POST', url: '/api/v2/betas', body: { ...betaBase, ...patch } });
      cases.push({ name: `patch: ${name}`, method: 'PATCH', url: beta, body: patch });
    }
    for (const [name, body] of [
      ['a JSON array body', '[]'],
      ['a JSON string body', '"x"'],
      ['friend_invitations_allowed is 1e400', `{"name":"N","homepage_url":"https://example.com","settings":{"friend_invitations_allowed":1e400}}`],
      ['idle_days is 1e400', `{"name":"N","homepage_url":"https://example.com","settings":{"idle_days":1e400}}`],
    ] as [string, string][]) {
      cases.push({ name: `create: ${name}`, method: 'POST', url: '/api/v2/betas', body });
      cases.push({ name: `patch: ${name}`, method: 'PATCH', url: beta, body });
    }
    cases.push(
      { name: 'create: nothing', method: 'POST', url: '/api/v2/betas', body: {} },
      { name: 'create: 10,000 levels of unknown fields', method: 'POST', url: '/api/v2/betas', body: deepObject(10_000) },
      { name: 'create: as text/plain', method: 'POST', url: '/api/v2/betas', body: JSON.stringify(betaBase), contentType: 'text/plain' },
    );

    // Questions.
    const questions = `${beta}/questions`;
    const questionBase = { kind: 'multiple_choice', prompt: 'Which?', choices: ['one', 'two'] };
    for (const path of ['kind', 'prompt', 'choices.0', 'question.prompt']) {
      for (const [what, value] of HOSTILE_TEXT) {
        const base = path.startsWith('question.') ? { question: questionBase } : questionBase;
        cases.push({ name: `question: ${path} is ${what}`, method: 'POST', url: questions, body: withValueAt(base, path, value) });
      }
    }
    for (const [name, body] of [
      ['nothing', {}],
      ['kind unknown', { ...questionBase, kind: 'essay' }],
      ['kind is 7', { ...questionBase, kind: 7 }],
      ['prompt is {}', { ...questionBase, prompt: {} }],
      ['prompt is blank', { ...questionBase, prompt: '   ' }],
      ['choices is a string on a text question', { kind: 'text', prompt: 'P', choices: 'x' }],
      ['choices missing on a choice question', { kind: 'scale', prompt: 'P' }],
      ['choices are objects', { ...questionBase, choices: [{}, {}] }],
      ['a blank choice', { ...questionBase, choices: ['one', ''] }],
      ['a duplicate choice', { ...questionBase, choices: ['one', 'one'] }],
      ['101 choices', { ...questionBase, choices: Array.from({ length: 101 }, (_, i) => `c${i}`) }],
      ['required is "maybe"', { ...questionBase, required: 'maybe' }],
      ['required is {}', { ...questionBase, required: {} }],
      ['required is [1,2]', { ...questionBase, required: [1, 2] }],
      ['question is a string', { question: 'x' }],
      ['question is an array', { question: [] }],
      ['10,000 levels deep', deepObject(10_000)],
    ] as [string, unknown][]) {
      cases.push({ name: `question: ${name}`, method: 'POST', url: questions, body });
    }
    cases.push({ name: 'question: as text/plain', method: 'POST', url: questions, body: JSON.stringify(questionBase), contentType: 'text/plain' });

    // Invitation codes.
    const codes = `${beta}/invitation_codes`;
    let serial = 0;
    const codeBase = () => ({ code: `hostile-${++serial}`, max_uses: 3 });
    for (const path of ['code', 'expires_at', 'invitation_code.code']) {
      for (const [what, value] of HOSTILE_TEXT) {
        const base = path.startsWith('invitation_code.') ? { invitation_code: codeBase() } : codeBase();
        cases.push({ name: `code: ${path} is ${what}`, method: 'POST', url: codes, body: withValueAt(base, path, value) });
      }
    }
    for (const [name, body] of [
      ['nothing', {}],
      ['no limit', { code: 'unlimited' }],
      ['an existing code in other case', { code: code.toLowerCase(), max_uses: 1 }],
      ['a code with spaces', { code: 'a b c', max_uses: 1 }],
      ['a code that is SQL', { code: "'; drop table testers;--", max_uses: 1 }],
      ['max_uses is text', { code: 'mu-text', max_uses: 'abc' }],
      ['max_uses is -1', { code: 'mu-neg', max_uses: -1 }],
      ['max_uses is 0', { code: 'mu-zero', max_uses: 0 }],
      ['max_uses is 1.5', { code: 'mu-frac', max_uses: 1.5 }],
      ['max_uses is 1e10', { code: 'mu-big', max_uses: 1e10 }],
      ['max_uses is {}', { code: 'mu-obj', max_uses: {} }],
      ['max_uses is 1e400', '{"code":"mu-inf","max_uses":1e400}'],
      ['expires_at is garbage', { code: 'ex-garbage', expires_at: 'soon' }],
      ['expires_at is in the past', { code: 'ex-past', expires_at: '2020-01-01T00:00:00Z' }],
      ['expires_at is a leap second', { code: 'ex-leap', expires_at: '2030-12-31T23:59:60Z' }],
      ['expires_at is February 30th', { code: 'ex-feb', expires_at: '2030-02-30T00:00:00Z' }],
      ['expires_at is a number', { code: 'ex-num', expires_at: 5 }],
      ['invitation_code is a string', { invitation_code: 'x' }],
      ['10,000 levels deep', deepObject(10_000)],
    ] as [string, unknown][]) {
      cases.push({ name: `code: ${name}`, method: 'POST', url: codes, body });
    }
    cases.push({ name: 'code: as text/plain', method: 'POST', url: codes, body: JSON.stringify(codeBase()), contentType: 'text/plain' });
    await expectRefused(cases);
  });

  // ---- input that looks hostile but is acceptable: answered 2xx with a sensible result ----------

  describe('acceptable input', () => {
    test('unknown fields are ignored at any depth, also 10,000 levels down', async () => {
      const email = uniqueEmail('unknown-fields');
      const body = `{"extra":${deepObject(10_000)},"tester":{"email":"${email}","unknown":${deepObject(10_000)},"profile":{"first_name":"Ann","shoe_size":${deepObject(10_000)}}}}`;
      const response = await send({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, body });
      assert.equal(response.status, 201, response.text.slice(0, 300));
      assert.equal(response.body.email, email);
      assert.equal(response.body.profile.first_name, 'Ann');
      assert.equal('unknown' in response.body, false);
      assert.equal((await storedTester(ctx, response.body.id))?.first_name, 'Ann');
    });

    test('a PATCH of unknown fields and unknown settings changes nothing and stores nothing', async () => {
      const before = await storedBeta(ctx, otherBetaId);
      const response = await send({
        method: 'PATCH',
        url: `/api/v2/betas/${otherBetaId}`,
        body: `{"nonsense":${deepObject(10_000)},"settings":{"shoe_size":42,"nested":${deepObject(100)}}}`,
      });
      assert.equal(response.status, 200, response.text.slice(0, 300));
      assert.equal('shoe_size' in response.body.settings, false);
      const after = await storedBeta(ctx, otherBetaId);
      assert.deepEqual(after, before, 'unknown settings are not stored');
    });

    test('nulls in optional fields mean "not set"', async () => {
      const email = uniqueEmail('nulls');
      const profile = { first_name: null, last_name: null, country: null, telephone: null, ip: null, user_agent: null, custom_var1: null };
      const response = await send({
        method: 'POST',
        url: `/api/v2/betas/${betaId}/testers`,
        body: { tester: { email, groups: null, referrer_id: null, invitation_code: null, profile } },
      });
      assert.equal(response.status, 201, response.text.slice(0, 300));
      assert.equal(response.body.groups, '');
      assert.equal(response.body.referred_by, null);
      assert.equal(response.body.invitation_code, '');
      for (const key of Object.keys(profile)) if (key !== 'user_agent') assert.equal(response.body.profile[key], null, key);
      const updated = await send({ method: 'PUT', url: `/api/v2/betas/${betaId}/testers/${response.body.id}`, body: { tester: { profile: { first_name: null }, groups: null } } });
      assert.equal(updated.status, 200, updated.text.slice(0, 300));
      assert.equal(updated.body.profile.first_name, null);
    });

    test('SQL-looking text is stored and matched literally', async () => {
      const email = uniqueEmail('sql');
      const profile = { first_name: "'; drop table testers;--", last_name: '1 OR 1=1', custom_var1: "%_\\' OR ''='" };
      const response = await send({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, body: { tester: { email, profile } } });
      assert.equal(response.status, 201, response.text.slice(0, 300));
      const stored = await storedTester(ctx, response.body.id);
      assert.deepEqual([stored?.first_name, stored?.last_name, stored?.custom_var1], [profile.first_name, profile.last_name, profile.custom_var1]);
      const list = (query: string) => send({ method: 'GET', url: `/api/v2/betas/${betaId}/testers?per_page=100&${query}` });
      const byName = await list(`name=${encodeURIComponent('drop table')}`);
      assert.deepEqual(byName.body.map((t: any) => t.id), [response.body.id]);
      const byVar = await list(`custom_vars=${encodeURIComponent(profile.custom_var1)}`);
      assert.deepEqual(byVar.body.map((t: any) => t.id), [response.body.id]);
      // % and _ are literal in a "contains" filter: no address contains them.
      for (const fragment of ['%', '_', "' OR 1=1 --"]) {
        const answer = await list(`email_contains=${encodeURIComponent(fragment)}`);
        assert.equal(answer.status, 200);
        assert.deepEqual(answer.body, [], fragment);
      }
    });

    test('query text that does not decode is matched as it was sent', async () => {
      for (const query of ['email_is=%FF', 'email_contains=%E0%A4%A', 'name=%ZZ']) {
        const response = await send({ method: 'GET', url: `/api/v2/betas/${betaId}/testers?${query}` });
        assert.equal(response.status, 200, `${query}: ${response.text.slice(0, 200)}`);
        assert.deepEqual(response.body, [], query);
      }
    });

    test('a page past the end is an empty page', async () => {
      const response = await send({ method: 'GET', url: `/api/v2/betas/${betaId}/testers?page=1000000&per_page=100` });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, []);
      assert.equal(JSON.parse(String(response.headers['x-pagination'])).current_page, 1_000_000);
    });

    test('text outside the Basic Multilingual Plane and combining marks are kept exactly', async () => {
      const email = uniqueEmail('astral');
      const name = 'Zoë 😀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 Ǹ';
      const response = await send({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, body: { tester: { email, profile: { first_name: name } } } });
      assert.equal(response.status, 201, response.text.slice(0, 300));
      assert.equal(response.body.profile.first_name, name);
      assert.equal((await storedTester(ctx, response.body.id))?.first_name, name);
    });

    test('a form body with prototype keys creates the tester and pollutes nothing', async () => {
      const email = uniqueEmail('proto');
      const body = `a[__proto__][polluted]=1&tester[__proto__][polluted]=1&tester[constructor][prototype][polluted]=1&tester[email]=${encodeURIComponent(email)}&tester[profile][first_name]=Proto`;
      const response = await send({ method: 'POST', url: `/api/v2/betas/${betaId}/testers`, body, contentType: 'application/x-www-form-urlencoded' });
      assert.equal(response.status, 201, response.text.slice(0, 300));
      assert.equal(response.body.profile.first_name, 'Proto');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
    });

    test('a body on a route that takes none is ignored when it is readable', async () => {
      const response = await send({ method: 'POST', url: `/api/v2/betas/${betaId}/testers/${tester.id}/checkin`, body: { tester: { status: 'rejected' }, junk: [1, 2] } });
      assert.equal(response.status, 202, response.text.slice(0, 300));
      assert.equal((await storedTester(ctx, tester.id))?.status, 'active');
    });
  });
});
