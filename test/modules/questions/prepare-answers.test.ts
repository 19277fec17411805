// prepareAnswers: the spec's answer encoding (section 4.2) and codes 2308, 2309, 2315, 2324. No database.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { QuestionRow } from '../../../src/db/tables/betas.ts';
import { prepareAnswers, type AnswerInput } from '../../../src/modules/questions/questions.service.ts';

function question(id: number, kind: string, options: { choices?: string[]; required?: boolean; prompt?: string } = {}): QuestionRow {
  return {
    id,
    beta_id: 1,
    kind,
    prompt: options.prompt ?? `Question ${id}?`,
    choices: JSON.stringify(options.choices ?? []),
    required: options.required ? 1 : 0,
    created_at: '2026-11-22T09:15:00.000Z',
  };
}

const text = question(1, 'text');
const choice = question(2, 'multiple_choice', { choices: ['Red', 'Green', 'Blue'] });
const select = question(3, 'multiple_select', { choices: ['Mac', 'Windows', 'Linux', 'Other'] });
const scale = question(4, 'scale', { choices: ['1', '2', '3', '4', '5'] });
const agreement = question(5, 'agreement');
const optional = [text, choice, select, scale, agreement];
const none: ReadonlySet<number> = new Set();

function codes(result: { errors: { code: number }[] }): number[] {
  return result.errors.map((e) => e.code);
}

describe('prepareAnswers: encoding', () => {
  test('every kind is stored as the text a person reads, ordered by question id', () => {
    const input: AnswerInput[] = [
      { question_id: 5, answer: 1 },
      { question_id: '4', answer: '4' },
      { question_id: 3, answer: '2,0' },
      { question_id: 2, answer: 1 },
      { question_id: '1', answer: '  Hello there  ' },
    ];
    const result = prepareAnswers(optional, input, none);
    assert.deepEqual(result.errors, []);
    assert.deepEqual(result.answers, [
      { question_id: 1, answer: 'Hello there' },
      { question_id: 2, answer: 'Green' },
      { question_id: 3, answer: 'Mac, Linux' },
      { question_id: 4, answer: '5' },
      { question_id: 5, answer: 'Agree' },
    ]);
  });

  test('agreement 0 is stored as Disagree when the question is optional', () => {
    const result = prepareAnswers(optional, [{ question_id: 5, answer: '0' }], none);
    assert.deepEqual(result, { answers: [{ question_id: 5, answer: 'Disagree' }], errors: [] });
  });

  test('indexes arrive as numbers or numeric strings (forms), spaces around commas allowed', () => {
    for (const answer of [2, '2', ' 2 ']) {
      assert.deepEqual(prepareAnswers([choice], [{ question_id: 2, answer }], none).answers, [{ question_id: 2, answer: 'Blue' }]);
    }
    assert.deepEqual(prepareAnswers([select], [{ question_id: 3, answer: '3, 1' }], none).answers, [
      { question_id: 3, answer: 'Windows, Other' },
    ]);
    assert.deepEqual(prepareAnswers([select], [{ question_id: 3, answer: 0 }], none).answers, [{ question_id: 3, answer: 'Mac' }]);
  });

  test('a number answer to a text question is stored as its text', () => {
    assert.deepEqual(prepareAnswers([text], [{ question_id: 1, answer: 42 }], none).answers, [{ question_id: 1, answer: '42' }]);
  });

  test('duplicate entries for one question: the last wins, even when an earlier one is invalid', () => {
    const result = prepareAnswers(optional, [
      { question_id: 2, answer: 'nonsense' },
      { question_id: 2, answer: 0 },
      { question_id: '2', answer: 2 },
    ], none);
    assert.deepEqual(result, { answers: [{ question_id: 2, answer: 'Blue' }], errors: [] });
  });

  test('an empty answer to an optional question stores nothing', () => {
    const result = prepareAnswers(optional, [
      { question_id: 1, answer: '' },
      { question_id: 2, answer: '  ' },
      { question_id: 5, answer: '' },
    ], none);
    assert.deepEqual(result, { answers: [], errors: [] });
  });

  test('no input and no required question: nothing to store, no error', () => {
    assert.deepEqual(prepareAnswers(optional, [], none), { answers: [], errors: [] });
    assert.deepEqual(prepareAnswers([], [], none), { answers: [], errors: [] });
  });
});

describe('prepareAnswers: 2315 Question not found', () => {
  test('an id of no question of the beta, or not an integer, is 2315 naming the id', () => {
    const result = prepareAnswers(optional, [
      { question_id: 99, answer: 'x' },
      { question_id: 'abc', answer: 'x' },
      { question_id: 1.5, answer: 'x' },
      { question_id: '0', answer: 'x' },
      { question_id: -2, answer: 'x' },
      { question_id: 1, answer: 'valid' },
    ], none);
    assert.deepEqual(codes(result), [2315, 2315, 2315, 2315, 2315]);
    assert.match(result.errors[0].message, /^Question not found.*99/);
    assert.match(result.errors[1].message, /abc/);
    assert.match(result.errors[2].message, /1\.5/);
    assert.deepEqual(result.answers, [{ question_id: 1, answer: 'valid' }]);
  });

  test('the same unknown id sent twice is reported once', () => {
    const result = prepareAnswers(optional, [{ question_id: 99, answer: 'a' }, { question_id: '99', answer: 'b' }], none);
    assert.deepEqual(codes(result), [2315]);
  });
});

describe('prepareAnswers: 2324 Answer is invalid', () => {
  const cases: [string, QuestionRow, unknown, RegExp][] = [
    ['choice index out of range', choice, 3, /out of range 0 to 2/],
    ['negative choice index', choice, -1, /choice index/],
    ['non-numeric choice', choice, 'Red', /choice index/],
    ['fractional index', choice, 1.5, /choice index/],
    ['several indexes for a single choice', choice, '0,1', /one choice index/],
    ['scale out of range', scale, '5', /out of range 0 to 4/],
    ['scale as text', scale, 'five', /choice index/],
    ['multiple select duplicate', select, '1,1', /given twice/],
    ['multiple select out of range', select, '0,4', /out of range 0 to 3/],
    ['multiple select empty part', select, '0,,2', /comma-separated/],
    ['multiple select trailing comma', select, '1,', /comma-separated/],
    ['agreement 2', agreement, 2, /0 \(disagree\) or 1 \(agree\)/],
    ['agreement yes', agreement, 'yes', /0 \(disagree\) or 1 \(agree\)/],
    ['text too long', text, 'x'.repeat(5001), /longer than 5000/],
    ['an object', text, { nested: true }, /string or a number/],
    ['a boolean', agreement, true, /string or a number/],
  ];
  for (const [name, q, answer, why] of cases) {
    test(name, () => {
      const result = prepareAnswers(optional, [{ question_id: q.id, answer: answer as string }], none);
      assert.deepEqual(codes(result), [2324], JSON.stringify(result.errors));
      assert.match(result.errors[0].message, /^Answer is invalid/);
      assert.match(result.errors[0].message, new RegExp(`question ${q.id}`));
      assert.match(result.errors[0].message, why);
      assert.deepEqual(result.answers, []);
    });
  }

  test('text of exactly 5000 characters is accepted', () => {
    const result = prepareAnswers([text], [{ question_id: 1, answer: 'y'.repeat(5000) }], none);
    assert.deepEqual(result.errors, []);
    assert.equal(result.answers[0].answer.length, 5000);
  });
});

describe('prepareAnswers: 2308 Answer is required and 2309 Must agree', () => {
  const requiredText = question(11, 'text', { required: true, prompt: 'What do you build?' });
  const requiredChoice = question(12, 'multiple_choice', { required: true, choices: ['A', 'B'] });
  const requiredSelect = question(13, 'multiple_select', { required: true, choices: ['A', 'B'] });
  const requiredScale = question(14, 'scale', { required: true, choices: ['Low', 'High'] });
  const requiredAgreement = question(15, 'agreement', { required: true, prompt: 'I accept the terms' });
  const required = [requiredText, requiredChoice, requiredSelect, requiredScale, requiredAgreement];

  test('on create every unanswered required question is reported, naming it', () => {
    const result = prepareAnswers(required, [], none);
    assert.deepEqual(codes(result), [2308, 2308, 2308, 2308, 2309]);
    assert.equal(result.errors[0].message, 'Answer is required (question 11: What do you build?)');
    assert.equal(result.errors[4].message, 'Must agree (question 15: I accept the terms)');
  });

  test('empty text is not an answer to a required question', () => {
    const result = prepareAnswers([requiredText], [{ question_id: 11, answer: '   ' }], none);
    assert.deepEqual(codes(result), [2308]);
  });

  test('a required agreement answered 0 is 2309', () => {
    const result = prepareAnswers([requiredAgreement], [{ question_id: 15, answer: 0 }], none);
    assert.deepEqual(codes(result), [2309]);
    assert.deepEqual(result.answers, []);
  });

  test('all answered: no errors', () => {
    const result = prepareAnswers(required, [
      { question_id: 11, answer: 'Rockets' },
      { question_id: 12, answer: 1 },
      { question_id: 13, answer: '0,1' },
      { question_id: 14, answer: '0' },
      { question_id: 15, answer: '1' },
    ], none);
    assert.deepEqual(result.errors, []);
    assert.equal(result.answers.length, 5);
    assert.deepEqual(result.answers.find((a) => a.question_id === 15), { question_id: 15, answer: 'Agree' });
  });

  test('on update, earlier answers satisfy required questions that are not sent again', () => {
    const answered = new Set([11, 12, 13, 14, 15]);
    assert.deepEqual(prepareAnswers(required, [], answered), { answers: [], errors: [] });
    const partly = prepareAnswers(required, [], new Set([11, 15]));
    assert.deepEqual(codes(partly), [2308, 2308, 2308]);
  });

  test('on update, sending an empty answer to a required question is still an error', () => {
    const answered = new Set([11, 15]);
    const result = prepareAnswers([requiredText, requiredAgreement], [
      { question_id: 11, answer: '' },
      { question_id: 15, answer: '0' },
    ], answered);
    assert.deepEqual(codes(result), [2308, 2309]);
  });

  test('all problems are returned together, unknown questions first', () => {
    const result = prepareAnswers([...required, choice], [
      { question_id: 404, answer: 'x' },
      { question_id: 2, answer: 9 },
      { question_id: 15, answer: 0 },
    ], none);
    assert.deepEqual(codes(result), [2315, 2324, 2308, 2308, 2308, 2308, 2309]);
  });
});
