// GET …/testers.csv and …/testers.ndjson: every visible tester of the beta (or those the list's
// filters match) with every field "show tester" gives, its answers and its points; CSV quoted and
// guarded against formulas (a tab or CR cannot start a stored value: export-format.test.ts has those); refusals before the first byte as JSON errors; a failure after it
// aborts the transfer. The large export (100,000 testers) is in testers-export-large.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { Errors } from '../../../src/primitives/errors.ts';
import { appWithLog, startTestContext, type TestContext } from '../../support/context.ts';
import { expectedCell, readCsv } from '../../support/csv.ts';
import { codes, createTester, testerRow, uniqueEmail } from './support.ts';

const AWKWARD = ['=HYPERLINK("http://evil.test","x")', '+1 555 0100', '-2+3', '@SUM(A1)', '=1+1', 'a, b and "c"', 'line one\r\nline two', 'Zoë 🎉 ünïcode'];

/** The field names of a tester as "show tester" gives it, nested objects dotted. */
function dottedNames(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([name, field]) =>
    field !== null && typeof field === 'object' && !Array.isArray(field) ? dottedNames(field as Record<string, unknown>, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

interface Answer {
  question_id: number;
  question: string;
  answer: string;
}

describe('export testers', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let questions: number[];
  let ids: number[];

  async function stored(testerIds: number[]): Promise<{ points: Map<number, number>; responses: Map<number, Answer[]> }> {
    const db = ctx.database.db;
    const points = await db.selectFrom('testers').select(['id', 'points']).where('id', 'in', testerIds).execute();
    const answers = await db
      .selectFrom('tester_responses')
      .innerJoin('questions', 'questions.id', 'tester_responses.question_id')
      .select(['tester_id', 'question_id', 'prompt', 'answer'])
      .where('tester_id', 'in', testerIds)
      .orderBy('question_id')
      .execute();
    const responses = new Map<number, Answer[]>(testerIds.map((id) => [id, []]));
    for (const row of answers) responses.get(row.tester_id)!.push({ question_id: row.question_id, question: row.prompt, answer: row.answer });
    return { points: new Map(points.map((row) => [row.id, row.points])), responses };
  }

  async function show(id: number) {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${id}`);
    assert.equal(response.status, 200);
    return response.body;
  }

  async function listIds(query: string): Promise<number[]> {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?per_page=100&${query}`);
    assert.equal(response.status, 200);
    return response.body.map((tester: { id: number }) => tester.id);
  }

  async function exportIds(format: 'csv' | 'ndjson', query: string): Promise<number[]> {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.${format}?${query}`);
    assert.equal(response.status, 200, response.raw.body);
    if (format === 'ndjson') return response.raw.body.split('\n').filter(Boolean).map((line: string) => JSON.parse(line).id);
    const [header, ...records] = readCsv(response.raw.body);
    return records.map((record) => Number(record[header.indexOf('id')]));
  }

  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta();
    questions = [];
    for (const prompt of ['Why, "really"?', 'Which plan?']) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { question: { kind: 'text', prompt } } });
      assert.equal(response.status, 201);
      questions.push(response.body.id);
    }
    const referrer = await createTester(ctx, beta.id, { profile: { first_name: 'Grace', last_name: 'Hopper', custom_var1: 'newsletter' } });
    const awkward = await createTester(ctx, beta.id, {
      groups: 'alpha,beta',
      referrer_id: referrer.email,
      profile: Object.fromEntries(['first_name', 'last_name', 'employer', 'jobtitle', 'city', 'address_line1', 'address_line2', 'utm_term'].map((field, i) => [field, AWKWARD[i]])),
      responses: { response: [{ question_id: questions[0], answer: 'so, "that"\nand =this' }, { question_id: questions[1], answer: '-pro' }] },
    });
    const invited = await createTester(ctx, beta.id, { status: 'invited', profile: { custom_var2: 'newsletter', first_name: 'Ada' } });
    const onlySecond = await createTester(ctx, beta.id, { responses: { response: [{ question_id: questions[1], answer: 'team' }] } });
    const gone = await createTester(ctx, beta.id);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${gone.id}`)).status, 200);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: awkward.email, quantity: 40 } })).status, 201);
    assert.equal((await ctx.request('POST', `/api/v2/betas/${beta.id}/points`, { body: { email: invited.email, quantity: -3 } })).status, 201);
    ids = [referrer.id, awkward.id, invited.id, onlySecond.id];
  });
  after(() => ctx.close());

  test('NDJSON: one line per visible tester in id order, each exactly "show tester" with its answers and points', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.ndjson`);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/x-ndjson');
    assert.equal(response.headers['content-disposition'], `attachment; filename="beta-${beta.id}-testers.ndjson"`);
    assert.equal(response.headers['cache-control'], 'no-store');
    const text: string = response.raw.body;
    assert.ok(text.endsWith('\n'));
    const lines = text.slice(0, -1).split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(lines.map((line) => line.id), ids);
    const { points, responses } = await stored(ids);
    for (const line of lines) {
      const shown = await show(line.id);
      assert.deepEqual(Object.keys(line), [...Object.keys(shown), 'responses', 'points']);
      assert.deepEqual(line, { ...shown, responses: responses.get(line.id), points: points.get(line.id) });
    }
    assert.equal(lines[1].referred_by, lines[0].email);
    assert.equal(lines[1].points > 0 && lines[2].points < 0, true, 'points awarded and deducted are exported');
    assert.equal(lines[1].responses.length, 2);
    assert.equal(lines[0].share_signups_count, 1, "the referrer's referral count");
  });

  test('CSV: a header of every field, dotted, then points and a column per question; each record the tester as shown', async () => {
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.csv`);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(response.headers['content-disposition'], `attachment; filename="beta-${beta.id}-testers.csv"`);
    const text: string = response.raw.body;
    assert.ok(text.endsWith('\r\n'));
    const [header, ...records] = readCsv(text);
    const shownFirst = await show(ids[0]);
    assert.deepEqual(
      [...header].sort(),
      [...dottedNames(shownFirst), 'points', ...questions.map((id) => `responses.${id}`)].sort(),
    );
    assert.deepEqual(records.map((record) => Number(record[0])), ids);
    const { points, responses } = await stored(ids);
    for (const record of records) {
      const id = Number(record[0]);
      const shown = await show(id);
      const expected = header.map((name) => {
        if (name === 'points') return expectedCell(points.get(id));
        if (name.startsWith('responses.')) return expectedCell(responses.get(id)!.find((answer) => `responses.${answer.question_id}` === name)?.answer);
        return expectedCell(name.split('.').reduce((value, key) => value[key], shown));
      });
      assert.deepEqual(record, expected, `tester ${id}`);
    }
  });

  test('CSV: commas, quotes, line breaks and formula starts come back as written, formulas behind an apostrophe', async () => {
    const [header, , awkward] = readCsv((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.csv`)).raw.body);
    const cell = (name: string) => awkward[header.indexOf(name)];
    assert.equal(cell('profile.first_name'), `'=HYPERLINK("http://evil.test","x")`);
    assert.equal(cell('profile.last_name'), "'+1 555 0100");
    assert.equal(cell('profile.employer'), "'-2+3");
    assert.equal(cell('profile.jobtitle'), "'@SUM(A1)");
    assert.equal(cell('profile.city'), "'=1+1");
    assert.equal(cell('profile.address_line1'), 'a, b and "c"');
    assert.equal(cell('profile.address_line2'), 'line one\r\nline two');
    assert.equal(cell('profile.utm_term'), 'Zoë 🎉 ünïcode');
    assert.equal(cell('groups'), 'alpha,beta');
    assert.equal(cell(`responses.${questions[0]}`), 'so, "that"\nand =this');
    assert.equal(cell(`responses.${questions[1]}`), "'-pro");
  });

  test('filters: each list filter, and several together, export exactly the testers the list gives', async () => {
    const [referrer, awkward, invited] = ids;
    const emailOf = async (id: number) => (await show(id)).email as string;
    const cases: [string, number[]][] = [
      [`email_is=${encodeURIComponent((await emailOf(invited)).toUpperCase())}`, [invited]],
      ['email_contains=example.com', ids],
      [`email=${encodeURIComponent((await emailOf(awkward)).slice(0, 12))}`, [awkward]],
      ['name=hopper', [referrer]],
      [`referral_code=${(await show(awkward)).referral_code}`, [awkward]],
      ['custom_vars=newsletter', [referrer, invited]],
      ['custom_vars=newsletter&name=ada', [invited]],
      ['email_contains=nobody-here', []],
    ];
    for (const [query, expected] of cases) {
      assert.deepEqual(await listIds(query), expected, `list ${query}`);
      assert.deepEqual(await exportIds('ndjson', query), expected, `ndjson ${query}`);
      assert.deepEqual(await exportIds('csv', query), expected, `csv ${query}`);
    }
  });

  test('a beta with no tester: CSV is the header alone, NDJSON is empty', async () => {
    const empty = await ctx.createBeta({}, 'Empty');
    const csv = await ctx.request('GET', `/api/v2/betas/${empty.id}/testers.csv`);
    assert.equal(csv.status, 200);
    assert.equal(readCsv(csv.raw.body).length, 1);
    const ndjson = await ctx.request('GET', `/api/v2/betas/${empty.id}/testers.ndjson`);
    assert.equal(ndjson.status, 200);
    assert.equal(ndjson.raw.body, '');
  });

  test("refusals come before the first byte as JSON errors: another company's beta, no key, a key without testers:read, a bad filter", async () => {
    const other = await ctx.services.accounts.createCompany({ name: 'Other' });
    const otherKey = (await ctx.services.accounts.createApiKey({ companyId: other.id })).key;
    const otherBeta = await ctx.request('POST', '/api/v2/betas', { key: otherKey, body: { name: 'Theirs', homepage_url: 'https://example.com/' } });
    assert.equal(otherBeta.status, 201);
    await createTester({ ...ctx, request: (method, url, options) => ctx.request(method, url, { ...options, key: otherKey }) }, otherBeta.body.id);
    const writeOnly = (await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:write'] })).key;
    for (const format of ['csv', 'ndjson']) {
      const cases: [string, { key?: string | null }, number, number][] = [
        [`/api/v2/betas/${otherBeta.body.id}/testers.${format}`, {}, 404, Errors.notFound.code],
        [`/api/v2/betas/999999/testers.${format}`, {}, 404, Errors.notFound.code],
        [`/api/v2/betas/${beta.id}/testers.${format}`, { key: null }, 401, Errors.unauthorized.code],
        [`/api/v2/betas/${beta.id}/testers.${format}`, { key: writeOnly }, 403, Errors.forbidden.code],
        [`/api/v2/betas/${beta.id}/testers.${format}?name=${'x'.repeat(201)}`, {}, 422, Errors.testersGeneral.code],
        [`/api/v2/betas/${beta.id}/testers.${format}?email_is=${'x'.repeat(321)}`, {}, 422, Errors.testersGeneral.code],
      ];
      for (const [url, options, status, code] of cases) {
        const response = await ctx.request('GET', url, options);
        assert.equal(response.status, status, url);
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assert.equal(response.headers['content-disposition'], undefined);
        assert.deepEqual(codes(response), [code], url);
      }
    }
  });

  test('a failure after the first byte aborts the transfer and is logged without stack or key', async () => {
    // More testers than a page, so that the export reads the answers table after its header went out.
    const big = await ctx.createBeta({}, 'Big');
    await ctx.database.db.insertInto('testers').values(Array.from({ length: 600 }, () => testerRow(big.id, uniqueEmail('bulk')))).execute();
    const { app, log } = await appWithLog(ctx);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const db = ctx.database.db;
    await sql`alter table tester_responses rename to tester_responses_away`.execute(db);
    try {
      const response = await fetch(`${address}/api/v2/betas/${big.id}/testers.csv`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
      assert.equal(response.status, 200, 'the header was sent before the failure');
      await assert.rejects(response.text(), 'the body ends without its last chunk: the client sees a broken transfer');
    } finally {
      await sql`alter table tester_responses_away rename to tester_responses`.execute(db);
      await app.close();
    }
    const lines = log().split('\n').filter((line) => line.includes('response terminated with an error'));
    assert.equal(lines.length, 1, log());
    assert.match(lines[0], /tester_responses/);
    assert.doesNotMatch(lines[0], /\\n\s+at /, 'no stack');
    assert.ok(!lines[0].includes(ctx.apiKey), 'no key');
  });
});
