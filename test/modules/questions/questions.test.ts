import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestContext, type TestContext } from '../../support/context.ts';
import {
  listQuestions,
  prepareAnswers,
  responsesOf,
  saveAnswers,
} from '../../../src/modules/questions/questions.service.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { signedIn } from '../../console/support.ts';

const QUESTION_FIELDS = ['id', 'kind', 'prompt', 'choices', 'required', 'created_at'];

describe('questions', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  async function createQuestion(betaId: number, body: Record<string, unknown>) {
    const response = await ctx.request('POST', `/api/v2/betas/${betaId}/questions`, { body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as { id: number; [key: string]: unknown };
  }

  /** A bare tester row: the testers module is not needed to store answers. */
  async function insertTester(betaId: number, email: string): Promise<number> {
    const now = ctx.clock.now().toISOString();
    const row = await ctx.database.db
      .insertInto('testers')
      .values({
        uuid: randomUUID(),
        beta_id: betaId,
        email,
        email_normalized: email.toLowerCase(),
        status: 'applied',
        invitation_code: '',
        referral_code: randomUUID().slice(0, 8),
        friend_invitations_allowed: 5,
        groups: '',
        name_search: '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  test('create (wrapped) answers 201 with the question and stores it', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, {
      body: { question: { kind: 'multiple_choice', prompt: '  Favourite colour?  ', choices: ['Red', ' Green '], required: true } },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body).sort(), [...QUESTION_FIELDS].sort());
    assert.equal(response.body.kind, 'multiple_choice');
    assert.equal(response.body.prompt, 'Favourite colour?');
    assert.deepEqual(response.body.choices, ['Red', 'Green']);
    assert.equal(response.body.required, true);
    assert.equal(response.body.created_at, '2026-11-22T09:15:00Z');
    const stored = await ctx.database.db.selectFrom('questions').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
    assert.equal(stored.beta_id, beta.id);
    assert.equal(stored.kind, 'multiple_choice');
    assert.equal(stored.required, 1);
    assert.deepEqual(JSON.parse(stored.choices), ['Red', 'Green']);
  });

  test('create unwrapped; required defaults to false; text and agreement have no choices', async () => {
    const beta = await ctx.createBeta();
    const text = await createQuestion(beta.id, { kind: 'text', prompt: 'What do you build?' });
    assert.equal(text.required, false);
    assert.deepEqual(text.choices, []);
    const agreement = await createQuestion(beta.id, { kind: 'agreement', prompt: 'I accept the terms', choices: [], required: true });
    assert.deepEqual(agreement.choices, []);
    assert.equal(agreement.required, true);
  });

  test('create from a form body with bracket notation and required=1', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions.json`, {
      form: 'question[kind]=multiple_select&question[prompt]=Platforms&question[choices][]=Mac&question[choices][]=Linux&question[required]=1',
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(response.body.choices, ['Mac', 'Linux']);
    assert.equal(response.body.required, true);
    const off = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, {
      form: 'kind=scale&prompt=Rate&choices[0]=1&choices[1]=2&required=false',
    });
    assert.equal(off.status, 201, JSON.stringify(off.body));
    assert.equal(off.body.required, false);
    assert.deepEqual(off.body.choices, ['1', '2']);
  });

  test('choice kinds need choices; text and agreement take none; every problem is listed with 2201', async () => {
    const beta = await ctx.createBeta();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'multiple_choice', prompt: 'Q' }, /choices are required/],
      [{ kind: 'scale', prompt: 'Q', choices: [] }, /choices are required/],
      [{ kind: 'multiple_select', prompt: 'Q' }, /choices are required/],
      [{ kind: 'text', prompt: 'Q', choices: ['a'] }, /takes no choices/],
      [{ kind: 'agreement', prompt: 'Q', choices: ['yes'] }, /takes no choices/],
      [{ kind: 'multiple_choice', prompt: 'Q', choices: ['a', 'a'] }, /given twice/],
      [{ kind: 'multiple_choice', prompt: 'Q', choices: ['a', '  '] }, /blank/],
      [{ prompt: 'Q' }, /kind is required/],
      [{ kind: 'text', prompt: '   ' }, /prompt is required/],
      [{ kind: 'text' }, /prompt is required/],
      [{ kind: 'essay', prompt: 'Q' }, /kind/],
      [{ kind: 'text', prompt: 'x'.repeat(1001) }, /prompt/],
      [{ kind: 'scale', prompt: 'Q', choices: ['x'.repeat(501)] }, /choices/],
      [{ kind: 'scale', prompt: 'Q', choices: Array.from({ length: 101 }, (_, i) => String(i)) }, /choices/],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors.every((e: { code: number }) => e.code === 2201), JSON.stringify(response.body));
      assert.match(response.body.errors.map((e: { message: string }) => e.message).join(' | '), message, JSON.stringify(body));
    }
    const both = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', choices: ['a'] } });
    assert.equal(both.body.errors.length, 2);
    const stored = await ctx.database.db.selectFrom('questions').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(stored, []);
  });

  test('list answers 200 with the questions of that beta only, by id, paginated', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const first = await createQuestion(beta.id, { kind: 'text', prompt: 'One' });
    const second = await createQuestion(beta.id, { kind: 'agreement', prompt: 'Two' });
    await createQuestion(other.id, { kind: 'text', prompt: 'Elsewhere' });
    const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/questions.json`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.map((q: { id: number }) => q.id), [first.id, second.id]);
    assert.deepEqual(Object.keys(response.body[0]).sort(), [...QUESTION_FIELDS].sort());
    assert.equal(JSON.parse(String(response.headers['x-pagination'])).total_count, 2);
    const page = await ctx.request('GET', `/api/v2/betas/${beta.id}/questions?page=2&per_page=1`);
    assert.deepEqual(page.body.map((q: { id: number }) => q.id), [second.id]);
    assert.deepEqual((await listQuestions(ctx.database.db, beta.id)).map((q) => q.id), [first.id, second.id]);
  });

  test('delete answers 200 with the question, removes it and its answers', async () => {
    const beta = await ctx.createBeta();
    const kept = await createQuestion(beta.id, { kind: 'text', prompt: 'Kept' });
    const doomed = await createQuestion(beta.id, { kind: 'scale', prompt: 'Doomed', choices: ['1', '2'] });
    const testerId = await insertTester(beta.id, 'del@example.com');
    await saveAnswers(ctx.database.db, testerId, [
      { question_id: kept.id, answer: 'hi' },
      { question_id: doomed.id, answer: '2' },
    ], '2026-11-22T09:15:00.000Z');
    const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/questions/${doomed.id}.json`);
    assert.equal(response.status, 200);
    assert.equal(response.body.id, doomed.id);
    assert.equal(response.body.prompt, 'Doomed');
    assert.deepEqual(response.body.choices, ['1', '2']);
    const questions = await ctx.database.db.selectFrom('questions').select('id').where('beta_id', '=', beta.id).execute();
    assert.deepEqual(questions.map((q) => q.id), [kept.id]);
    const answers = await ctx.database.db.selectFrom('tester_responses').select('question_id').where('tester_id', '=', testerId).execute();
    assert.deepEqual(answers.map((a) => a.question_id), [kept.id]);
    const again = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/questions/${doomed.id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { errors: [{ code: Errors.notFound.code, message: 'Question not found' }] });
  });

  test('update (extension) changes the fields sent, keeps the others and the answers given', async () => {
    const beta = await ctx.createBeta();
    const question = await createQuestion(beta.id, { kind: 'multiple_choice', prompt: 'Colour?', choices: ['Red', 'Blue'] });
    const testerId = await insertTester(beta.id, 'answered@example.com');
    await saveAnswers(ctx.database.db, testerId, [{ question_id: question.id, answer: 'Red' }], '2026-11-22T09:15:00.000Z');
    const response = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}.json`, {
      body: { question: { prompt: ' Favourite colour? ', choices: ['Red', 'Green', 'Blue'], required: true } },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, { ...question, prompt: 'Favourite colour?', choices: ['Red', 'Green', 'Blue'], required: true });
    const stored = await ctx.database.db.selectFrom('questions').selectAll().where('id', '=', question.id).executeTakeFirstOrThrow();
    assert.deepEqual([stored.prompt, JSON.parse(stored.choices), Boolean(stored.required)], ['Favourite colour?', ['Red', 'Green', 'Blue'], true]);
    assert.deepEqual((await listQuestions(ctx.database.db, beta.id)).map((q) => q.prompt), ['Favourite colour?'], 'signups see the change at once');
    const answers = await ctx.database.db.selectFrom('tester_responses').select('answer').where('tester_id', '=', testerId).execute();
    assert.deepEqual(answers, [{ answer: 'Red' }]);

    const toText = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}`, { body: { kind: 'text' } });
    assert.equal(toText.status, 200, JSON.stringify(toText.body));
    assert.deepEqual([toText.body.kind, toText.body.choices, toText.body.required], ['text', [], true], 'a text question drops the choices');
    const form = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}`, { form: 'question[required]=0' });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.required, false);
  });

  test('update refuses what create refuses (422 2201), a foreign or malformed id (404), and changes nothing', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const question = await createQuestion(beta.id, { kind: 'scale', prompt: 'Rate us', choices: ['1', '2', '3'] });
    const elsewhere = await createQuestion(other.id, { kind: 'text', prompt: 'Other beta' });
    const bad: [unknown, RegExp][] = [
      [{ prompt: '   ' }, /prompt is required/],
      [{ choices: [] }, /choices are required for a scale question/],
      [{ kind: 'agreement', choices: ['a'] }, /a agreement question takes no choices/],
      [{ choices: ['a', 'a'] }, /choice "a" is given twice/],
      [{ kind: 'essay' }, /kind/],
      [{ required: 'perhaps' }, /required/],
    ];
    for (const [body, message] of bad) {
      const response = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}`, { body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.equal(response.body.errors[0].code, Errors.betasGeneral.code);
      assert.match(response.body.errors.map((e: { message: string }) => e.message).join(' '), message);
    }
    for (const id of [String(elsewhere.id), 'abc', '0', '999999']) {
      const response = await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/${id}`, { body: { prompt: 'Mine' } });
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Question not found' }] });
    }
    const stored = await ctx.database.db.selectFrom('questions').select(['prompt', 'choices', 'kind']).where('id', 'in', [question.id, elsewhere.id]).orderBy('id').execute();
    assert.deepEqual(stored, [
      { prompt: 'Rate us', choices: '["1","2","3"]', kind: 'scale' },
      { prompt: 'Other beta', choices: '[]', kind: 'text' },
    ]);
  });

  test('members: a viewer may list but not change a question (403); an admin may', async () => {
    const beta = await ctx.createBeta();
    const question = await createQuestion(beta.id, { kind: 'text', prompt: 'Why?' });
    const viewer = await signedIn(ctx, 'question-viewer@example.com', 'viewer');
    assert.equal((await viewer.request('GET', `/api/v2/betas/${beta.id}/questions`)).status, 200);
    const refused = await viewer.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}`, { prompt: 'Viewer wrote this' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.errors[0].code, Errors.roleForbidden.code);
    const admin = await signedIn(ctx, 'question-admin@example.com', 'admin');
    const changed = await admin.request('PATCH', `/api/v2/betas/${beta.id}/questions/${question.id}`, { prompt: 'Why, really?' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const stored = await ctx.database.db.selectFrom('questions').select('prompt').where('id', '=', question.id).executeTakeFirstOrThrow();
    assert.equal(stored.prompt, 'Why, really?');
  });

  test('delete of a question of another beta, or a malformed id, is 404 and deletes nothing', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const elsewhere = await createQuestion(other.id, { kind: 'text', prompt: 'Other beta' });
    for (const id of [String(elsewhere.id), 'abc', '0', '999999']) {
      const response = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/questions/${id}`);
      assert.equal(response.status, 404, id);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Question not found' }] });
    }
    const stored = await ctx.database.db.selectFrom('questions').select('id').where('id', '=', elsewhere.id).executeTakeFirst();
    assert.ok(stored);
  });

  test("another company's beta is 404 Beta not found on every route", async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Other Co' });
    const foreign = await ctx.services.betas.create(company.id, { name: 'Theirs', homepage_url: 'https://theirs.example' });
    const question = await ctx.services.questions.create(foreign.id, { kind: 'text', prompt: 'Secret' });
    const requests: [string, string, unknown?][] = [
      ['GET', `/api/v2/betas/${foreign.id}/questions`],
      ['POST', `/api/v2/betas/${foreign.id}/questions`, { kind: 'text', prompt: 'Mine now' }],
      ['PATCH', `/api/v2/betas/${foreign.id}/questions/${question.id}`, { prompt: 'Mine now' }],
      ['DELETE', `/api/v2/betas/${foreign.id}/questions/${question.id}`],
    ];
    for (const [method, path, body] of requests) {
      const response = await ctx.request(method, path, { body });
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.deepEqual(response.body, { errors: [{ code: Errors.notFound.code, message: 'Beta not found' }] });
    }
    const count = await ctx.database.db.selectFrom('questions').select('id').where('beta_id', '=', foreign.id).execute();
    assert.equal(count.length, 1);
  });

  test('writes need betas:write, reads betas:read', async () => {
    const beta = await ctx.createBeta();
    const { key: readOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['betas:read'] });
    const list = await ctx.request('GET', `/api/v2/betas/${beta.id}/questions`, { key: readOnly });
    assert.equal(list.status, 200);
    const create = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { key: readOnly, body: { kind: 'text', prompt: 'Q' } });
    assert.equal(create.status, 403);
    assert.equal(create.body.errors[0].code, Errors.forbidden.code);
    const remove = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/questions/1`, { key: readOnly });
    assert.equal(remove.status, 403);
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}/questions/1`, { key: readOnly, body: { prompt: 'Q' } })).status, 403);
    const { key: testersOnly } = await ctx.services.accounts.createApiKey({ companyId: ctx.companyId, permissions: ['testers:read'] });
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/questions`, { key: testersOnly })).status, 403);
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/questions`, { key: null })).status, 401);
  });

  test('saveAnswers upserts one row per tester and question; responsesOf returns them by question id', async () => {
    const beta = await ctx.createBeta();
    const colour = await createQuestion(beta.id, { kind: 'multiple_choice', prompt: 'Colour?', choices: ['Red', 'Blue'] });
    const about = await createQuestion(beta.id, { kind: 'text', prompt: 'About you' });
    const terms = await createQuestion(beta.id, { kind: 'agreement', prompt: 'Terms', required: true });
    const ann = await insertTester(beta.id, 'ann@example.com');
    const bob = await insertTester(beta.id, 'bob@example.com');
    const nobody = await insertTester(beta.id, 'nobody@example.com');
    const questions = await listQuestions(ctx.database.db, beta.id);

    const first = prepareAnswers(questions, [
      { question_id: String(terms.id), answer: '1' },
      { question_id: about.id, answer: 'Builder' },
      { question_id: colour.id, answer: 0 },
    ], new Set());
    assert.deepEqual(first.errors, []);
    await ctx.database.db.transaction().execute((trx) => saveAnswers(trx, ann, first.answers, '2026-11-22T09:15:00.000Z'));
    await saveAnswers(ctx.database.db, bob, [{ question_id: terms.id, answer: 'Agree' }], '2026-11-22T09:15:00.000Z');

    // An update: only the colour changes; the required agreement is satisfied by the earlier answer.
    const update = prepareAnswers(questions, [{ question_id: colour.id, answer: '1' }], new Set([colour.id, about.id, terms.id]));
    assert.deepEqual(update.errors, []);
    await ctx.database.db.transaction().execute((trx) => saveAnswers(trx, ann, update.answers, '2026-11-23T10:00:00.000Z'));
    await saveAnswers(ctx.database.db, ann, [], '2026-11-23T10:00:00.000Z'); // nothing to do

    const rows = await ctx.database.db.selectFrom('tester_responses').selectAll().where('tester_id', '=', ann).orderBy('question_id').execute();
    assert.equal(rows.length, 3);
    const colourRow = rows.find((r) => r.question_id === colour.id)!;
    assert.equal(colourRow.answer, 'Blue');
    assert.equal(colourRow.created_at, '2026-11-22T09:15:00.000Z');
    assert.equal(colourRow.updated_at, '2026-11-23T10:00:00.000Z');

    const responses = await responsesOf(ctx.database.db, [ann, bob, nobody]);
    assert.deepEqual(responses.get(ann), [
      { question_id: colour.id, question: 'Colour?', answer: 'Blue' },
      { question_id: about.id, question: 'About you', answer: 'Builder' },
      { question_id: terms.id, question: 'Terms', answer: 'Agree' },
    ]);
    assert.deepEqual(responses.get(bob), [{ question_id: terms.id, question: 'Terms', answer: 'Agree' }]);
    assert.deepEqual(responses.get(nobody), []);
    assert.equal((await responsesOf(ctx.database.db, [])).size, 0);
  });

  test('saveAnswers with the same question twice keeps the last', async () => {
    const beta = await ctx.createBeta();
    const about = await createQuestion(beta.id, { kind: 'text', prompt: 'About' });
    const tester = await insertTester(beta.id, 'twice@example.com');
    await saveAnswers(ctx.database.db, tester, [
      { question_id: about.id, answer: 'first' },
      { question_id: about.id, answer: 'second' },
    ], '2026-11-22T09:15:00.000Z');
    const responses = await responsesOf(ctx.database.db, [tester]);
    assert.deepEqual(responses.get(tester), [{ question_id: about.id, question: 'About', answer: 'second' }]);
  });

  test('a question deleted after the answers were checked refuses the signup (2315) and stores nothing', async () => {
    const beta = await ctx.createBeta();
    const question = await createQuestion(beta.id, { kind: 'text', prompt: 'Why?' });
    const signUp = (email: string) =>
      ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email, responses: { response: [{ question_id: question.id, answer: 'because' }] } } } });
    // The first signup reads the beta's questions into memory.
    assert.equal((await signUp('first@example.com')).status, 201);
    // Deleted behind the service's back, as another process would: the questions in memory still name it.
    await ctx.database.db.deleteFrom('questions').where('id', '=', question.id).execute();
    const refused = await signUp('second@example.com');
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(refused.body.errors, [{ code: Errors.questionNotFound.code, message: `Question not found (question_id ${question.id})` }]);
    const stored = await ctx.database.db.selectFrom('testers').select('email').where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(stored.map((row) => row.email), ['first@example.com']);
    // The questions in memory were dropped: the next signup is checked against the beta as it is.
    const again = await signUp('third@example.com');
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.errors, [{ code: Errors.questionNotFound.code, message: `Question not found (question_id ${question.id})` }]);
  });
});
