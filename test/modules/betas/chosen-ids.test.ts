// Betas and questions created with the id they had in the service the owner moves from: the id is
// kept, a taken one is refused alike whichever company has it, and later ordinary inserts never
// collide with it (PostgreSQL's identity sequence is moved past it; SQLite's AUTOINCREMENT moves itself).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { MAX_ID } from '../../../src/primitives/ids.ts';

const RULE = `id must be a whole number from 1 to ${MAX_ID}, in decimal digits (such as 17942)`;

describe('chosen ids', () => {
  let ctx: TestContext;
  /** Another company on the same database. */
  let other: TestContext;
  before(async () => {
    ctx = await startTestContext();
    other = await startTestContext({ databaseUrl: ctx.databaseUrl, clock: ctx.clock });
  });
  after(async () => {
    await other.close();
    await ctx.close();
  });

  const betaBody = (fields: Record<string, unknown> = {}) => ({ beta: { name: 'Moved', homepage_url: 'https://moved.example', ...fields } });
  const questionBody = (fields: Record<string, unknown> = {}) => ({ question: { kind: 'text', prompt: 'Why?', ...fields } });
  const betaIds = async () => (await ctx.database.db.selectFrom('betas').select(['id', 'company_id', 'name']).orderBy('id').execute());
  const questionIds = async () => (await ctx.database.db.selectFrom('questions').select(['id', 'beta_id', 'prompt']).orderBy('id').execute());

  test('a beta keeps its id; later betas without one never collide with it', async () => {
    const kept = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ id: 17942 }) });
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.equal(kept.body.id, 17942);
    const row = await ctx.database.db.selectFrom('betas').selectAll().where('id', '=', 17942).executeTakeFirstOrThrow();
    assert.deepEqual([row.company_id, row.name], [ctx.companyId, 'Moved']);
    const shown = await ctx.request('GET', '/api/v2/betas/17942');
    assert.deepEqual([shown.status, shown.body.id, shown.body.name], [200, 17942, 'Moved']);

    const first = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ name: 'Next' }) });
    const second = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ name: 'After' }) });
    assert.deepEqual([first.status, second.status], [201, 201]);
    assert.ok(first.body.id > 17942 && second.body.id > first.body.id, `${first.body.id}, ${second.body.id}`);
  });

  test('a free id below the largest is kept too, and later inserts still go past the largest', async () => {
    const largest = Math.max(...(await betaIds()).map((beta) => beta.id));
    const below = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ id: 17000, name: 'Below' }) });
    assert.deepEqual([below.status, below.body.id], [201, 17000]);
    const next = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ name: 'Past' }) });
    assert.equal(next.status, 201);
    assert.ok(next.body.id > largest, `${next.body.id} > ${largest}`);
    // Unwrapped, and from a form (text, as forms send it).
    const unwrapped = await ctx.request('POST', '/api/v2/betas', { body: { id: 17001, name: 'Flat', homepage_url: 'https://flat.example' } });
    assert.deepEqual([unwrapped.status, unwrapped.body.id], [201, 17001]);
    const form = await ctx.request('POST', '/api/v2/betas', { form: 'beta[id]=17002&beta[name]=Form&beta[homepage_url]=https%3A%2F%2Fform.example' });
    assert.deepEqual([form.status, form.body.id], [201, 17002]);
    const digits = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ id: '17003', name: 'Digits' }) });
    assert.deepEqual([digits.status, digits.body.id], [201, 17003]);
  });

  test('a taken id is refused with one message, whichever company has it, and nothing changes', async () => {
    const before = await betaIds();
    const taken = { errors: [{ code: Errors.betasGeneral.code, message: 'id 17942 is taken: choose another, or leave id out for a new one' }] };
    const own = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ id: 17942, name: 'Again' }) });
    const foreign = await other.request('POST', '/api/v2/betas', { body: betaBody({ id: 17942, name: 'Theirs' }) });
    assert.deepEqual([own.status, own.body], [422, taken]);
    assert.deepEqual([foreign.status, foreign.body], [422, taken]);
    assert.deepEqual(await betaIds(), before);
    // The other company's ordinary betas are unaffected by the refusal.
    const theirs = await other.request('POST', '/api/v2/betas', { body: betaBody({ name: 'Theirs' }) });
    assert.equal(theirs.status, 201);
    assert.ok(theirs.body.id > 17942);
  });

  test('anything but a whole number in range is refused with 422 and stores nothing', async () => {
    const before = await betaIds();
    for (const id of [0, -1, 1.5, MAX_ID + 1, 2 ** 63, '1e3', '-5', 'abc', '', null, true]) {
      const response = await ctx.request('POST', '/api/v2/betas', { body: betaBody({ id }) });
      assert.equal(response.status, 422, JSON.stringify(id));
      assert.equal(response.body.errors[0].code, Errors.betasGeneral.code, JSON.stringify(id));
      assert.match(response.body.errors[0].message, /\bid\b/, JSON.stringify(id));
    }
    for (const text of ['12a', '-5', '0', '1e3', '1.0', '9999999999999999']) {
      const response = await ctx.request('POST', '/api/v2/betas', { form: `id=${encodeURIComponent(text)}&name=F&homepage_url=https%3A%2F%2Ff.example` });
      assert.equal(response.status, 422, text);
      assert.equal(response.body.errors[0].code, Errors.betasGeneral.code, text);
    }
    assert.deepEqual(await betaIds(), before);
  });

  test('the service rule refuses what no schema checks (the command line, other callers)', async () => {
    for (const id of ['17x', '0', ' 17', 1.5, Number.MAX_SAFE_INTEGER]) {
      await assert.rejects(ctx.services.betas.create(ctx.companyId, { id, name: 'X', homepage_url: 'https://x.example' }), (error: any) => {
        assert.deepEqual(error.entries?.map((e: { message: string }) => e.message) ?? [error.message], [RULE]);
        return true;
      });
    }
    const kept = await ctx.services.betas.create(ctx.companyId, { id: '17960', name: 'Text', homepage_url: 'https://x.example' });
    assert.equal(kept.id, 17960);
  });

  test('a question keeps its id; a taken one is refused alike across companies; later ones never collide', async () => {
    const beta = await ctx.createBeta();
    const theirs = await other.createBeta();
    const kept = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody({ id: 108633 }) });
    assert.deepEqual([kept.status, kept.body.id, kept.body.prompt], [201, 108633, 'Why?']);
    const row = await ctx.database.db.selectFrom('questions').selectAll().where('id', '=', 108633).executeTakeFirstOrThrow();
    assert.equal(row.beta_id, beta.id);

    // A signup answers it by the kept id, as the old client does.
    const signup = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: 'kept@example.com', responses: { response: [{ question_id: 108633, answer: 'Because' }] } } },
    });
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    assert.deepEqual(signup.body.responses, [{ question_id: 108633, question: 'Why?', answer: 'Because' }]);

    const before = await questionIds();
    const taken = { errors: [{ code: Errors.betasGeneral.code, message: 'id 108633 is taken: choose another, or leave id out for a new one' }] };
    const own = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody({ id: 108633, prompt: 'Again?' }) });
    const foreign = await other.request('POST', `/api/v2/betas/${theirs.id}/questions`, { body: questionBody({ id: 108633, prompt: 'Theirs?' }) });
    assert.deepEqual([own.status, own.body], [422, taken]);
    assert.deepEqual([foreign.status, foreign.body], [422, taken]);
    const invalid = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody({ id: 0 }) });
    assert.deepEqual([invalid.status, invalid.body.errors[0].code], [422, Errors.betasGeneral.code]);
    assert.deepEqual(await questionIds(), before);

    const below = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody({ id: 100000, prompt: 'Below?' }) });
    assert.deepEqual([below.status, below.body.id], [201, 100000]);
    const first = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody({ prompt: 'First?' }) });
    const second = await other.request('POST', `/api/v2/betas/${theirs.id}/questions`, { body: questionBody({ prompt: 'Second?' }) });
    assert.deepEqual([first.status, second.status], [201, 201]);
    assert.ok(first.body.id > 108633 && second.body.id > first.body.id, `${first.body.id}, ${second.body.id}`);
  });

  test('update takes no id: the question and the beta keep theirs', async () => {
    const beta = await ctx.createBeta();
    const question = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: questionBody() });
    const changed = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.body.id}`, { body: questionBody({ id: 555555, prompt: 'Changed?' }) });
    assert.deepEqual([changed.status, changed.body.id, changed.body.prompt], [200, question.body.id, 'Changed?']);
    const renamed = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { beta: { id: 555556, name: 'Renamed' } } });
    assert.deepEqual([renamed.status, renamed.body.id, renamed.body.name], [200, beta.id, 'Renamed']);
    const stored = await ctx.database.db.selectFrom('questions').select('id').where('id', 'in', [555555, 555556]).execute();
    assert.deepEqual(stored, []);
  });
});
