// Signup questions of a beta and the testers' answers to them (a signup's "responses").
// Answers arrive in the interface's encoding (choice indexes, 0/1 for agreement, typed text) and are
// stored as the text a person reads: the chosen option, several joined by ", ", "Agree"/"Disagree",
// or the typed text. That stored text is what a tester's responses[].answer shows.
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import { heldBy } from '../betas/betas.service.ts';
import { insertWithChosenId } from '../betas/chosen-ids.ts';
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { foreignKeyViolation } from '../../db/errors.ts';
import { readCache } from '../../db/engine/read-cache.ts';
import { databaseOf } from '../../db/transaction.ts';
import type { QuestionRow } from '../../db/tables/betas.ts';
import { CHOSEN_ID_RULE, parseChosenId, parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { QuestionKinds } from './questions.schemas.ts';

export type QuestionKind = (typeof QuestionKinds)[number];

export const MAX_TEXT_ANSWER_LENGTH = 5000;
export const AGREE = 'Agree';
export const DISAGREE = 'Disagree';

/** Kinds answered by choosing among `choices`. */
const CHOICE_KINDS: ReadonlySet<string> = new Set<QuestionKind>(['multiple_choice', 'multiple_select', 'scale']);

export interface AnswerInput {
  question_id: string | number;
  answer: string | number;
}

/** An answer ready to store: `answer` is the text shown in responses[].answer. */
export interface PreparedAnswer {
  question_id: number;
  answer: string;
}

export interface TesterResponse {
  question_id: number;
  question: string;
  answer: string;
}

export interface Question {
  id: number;
  beta_id: number;
  kind: QuestionKind;
  prompt: string;
  choices: string[];
  required: boolean;
  created_at: string;
}

export interface QuestionInput {
  /** Create only: the id to keep (another service's), a number or its decimal digits; absent for a new one. */
  id?: number | string;
  kind?: string;
  prompt?: string;
  choices?: string[];
  required?: boolean;
}

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    beta_id: row.beta_id,
    kind: row.kind as QuestionKind,
    prompt: row.prompt,
    choices: choicesOf(row),
    required: Boolean(row.required),
    created_at: row.created_at,
  };
}

function choicesOf(row: QuestionRow): string[] {
  const parsed: unknown = JSON.parse(row.choices || '[]');
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** Each beta's questions, kept in memory (db/engine/read-cache.ts): every signup checks its answers against them. */
function questionsCache(db: Db) {
  return readCache<number, readonly QuestionRow[]>(db, 'questions', 'ttl');
}

/** Every question of the beta, by id; outside a transaction, from memory (frozen: shared by every caller). */
export async function listQuestions(executor: Executor, betaId: number): Promise<readonly QuestionRow[]> {
  const read = () => executor.selectFrom('questions').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  if (executor.isTransaction) return read();
  return questionsCache(executor as Db).get(betaId, async () => Object.freeze((await read()).map((row) => Object.freeze(row))));
}

/** "question 3: How did you hear about us?" — enough to find the question, never a page of text. */
function named(question: QuestionRow): string {
  const prompt = question.prompt.length > 80 ? `${question.prompt.slice(0, 77)}...` : question.prompt;
  return `question ${question.id}: ${prompt}`;
}

/** A question id as sent (integer or integer text), or null when it cannot name a question. */
function questionIdOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string') return parseId(value.trim());
  return null;
}

/** A choice index as sent (number or numeric text, forms send text), or null when it is not one. */
function indexOf(value: string): number | null {
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

type Encoded = { kind: 'empty' } | { kind: 'answer'; text: string } | { kind: 'invalid'; why: string };

/** The answer as sent, as text; null and undefined (nothing sent) count as empty. */
function answerText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Decodes one answer by the interface's encoding (above) into the text to store. */
function encode(question: QuestionRow, value: unknown): Encoded {
  const text = answerText(value);
  if (text === null) return { kind: 'invalid', why: 'the answer must be a string or a number' };
  if (text === '') return { kind: 'empty' };
  const kind = question.kind as QuestionKind;
  const choices = choicesOf(question);
  const last = choices.length - 1;
  switch (kind) {
    case 'text':
      if (text.length > MAX_TEXT_ANSWER_LENGTH) {
        return { kind: 'invalid', why: `the text is longer than ${MAX_TEXT_ANSWER_LENGTH} characters` };
      }
      return { kind: 'answer', text };
    case 'agreement':
      if (text === '1') return { kind: 'answer', text: AGREE };
      if (text === '0') return { kind: 'answer', text: DISAGREE };
      return { kind: 'invalid', why: 'an agreement is answered 0 (disagree) or 1 (agree)' };
    case 'multiple_choice':
    case 'scale': {
      const index = indexOf(text);
      if (index === null) return { kind: 'invalid', why: `expected one choice index from 0 to ${last}, got ${JSON.stringify(text)}` };
      if (index > last) return { kind: 'invalid', why: `choice index ${index} is out of range 0 to ${last}` };
      return { kind: 'answer', text: choices[index] };
    }
    case 'multiple_select': {
      const indexes: number[] = [];
      for (const part of text.split(',').map((p) => p.trim())) {
        const index = indexOf(part);
        if (index === null) {
          return { kind: 'invalid', why: `expected comma-separated choice indexes from 0 to ${last}, got ${JSON.stringify(text)}` };
        }
        if (index > last) return { kind: 'invalid', why: `choice index ${index} is out of range 0 to ${last}` };
        if (indexes.includes(index)) return { kind: 'invalid', why: `choice index ${index} is given twice` };
        indexes.push(index);
      }
      // Shown in the question's own order, whatever order the indexes came in.
      return { kind: 'answer', text: indexes.sort((a, b) => a - b).map((i) => choices[i]).join(', ') };
    }
    default:
      return { kind: 'invalid', why: `the question has an unknown kind ${String(kind)}` };
  }
}

/**
 * Validates answers against the beta's questions. `answered` = ids of questions the tester already
 * answered (update) — required questions are satisfied by earlier answers; on create pass an empty
 * set. Returns all problems together.
 *
 * An empty answer (empty or blank text, null) means "not answered": nothing is stored for it, and for
 * a required question it is an error even when an earlier answer exists (it would blank that answer).
 * Several entries for one question: the last wins. `answers` are ordered by question id.
 */
export function prepareAnswers(
  questions: readonly QuestionRow[],
  input: AnswerInput[],
  answered: ReadonlySet<number>,
): { answers: PreparedAnswer[]; errors: ErrorEntry[] } {
  const errors: ErrorEntry[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const sent = new Map<number, unknown>();
  const unknown = new Set<string>();
  for (const entry of input) {
    const raw = (entry as { question_id?: unknown } | null)?.question_id;
    const id = questionIdOf(raw);
    if (id === null || !byId.has(id)) {
      const shown = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : JSON.stringify(raw ?? null);
      if (!unknown.has(shown)) {
        unknown.add(shown);
        errors.push(Errors.questionNotFound.entry(shown));
      }
      continue;
    }
    sent.delete(id); // last wins, and keeps its place
    sent.set(id, (entry as { answer?: unknown }).answer);
  }

  const answers: PreparedAnswer[] = [];
  for (const question of [...questions].sort((a, b) => a.id - b.id)) {
    const isSent = sent.has(question.id);
    const encoded: Encoded = isSent ? encode(question, sent.get(question.id)) : { kind: 'empty' };
    if (encoded.kind === 'invalid') {
      errors.push(Errors.answerInvalid.entry(named(question), encoded.why));
      continue;
    }
    const required = Boolean(question.required);
    if (question.kind === 'agreement' && required) {
      // Required agreement: must be answered 1 now, or have been answered before and not be sent again.
      const satisfied = encoded.kind === 'answer' ? encoded.text === AGREE : !isSent && answered.has(question.id);
      if (!satisfied) {
        errors.push(Errors.mustAgree.entry(named(question)));
        continue;
      }
    } else if (encoded.kind === 'empty' && required && (isSent || !answered.has(question.id))) {
      errors.push(Errors.answerRequired.entry(named(question)));
      continue;
    }
    if (encoded.kind === 'answer') answers.push({ question_id: question.id, answer: encoded.text });
  }
  return { answers, errors };
}

/** Stores answers, replacing the tester's earlier answer to the same question (one row per pair). */
export async function saveAnswers(trx: Executor, testerId: number, answers: PreparedAnswer[], now: string): Promise<void> {
  // One row per question, last wins: ON CONFLICT cannot touch the same row twice in one statement.
  const unique = new Map(answers.map((a) => [a.question_id, a.answer]));
  if (unique.size === 0) return;
  const saved = trx
    .insertInto('tester_responses')
    .values(
      [...unique].map(([question_id, answer]) => ({ tester_id: testerId, question_id, answer, created_at: now, updated_at: now })),
    )
    .onConflict((oc) =>
      oc.columns(['tester_id', 'question_id']).doUpdateSet((eb) => ({
        answer: eb.ref('excluded.answer'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  try {
    await saved;
  } catch (error) {
    // The tester is held by the command: a missing row is a question deleted since the answers were
    // checked against the beta's questions (read before the transaction, perhaps from memory).
    if (foreignKeyViolation(error) === null) throw error;
    questionsCache(databaseOf(trx)).invalidate();
    throw ApiError.many([Errors.questionNotFound.entry([...unique.keys()].join(', '))]);
  }
}

/** Bound on ids per query: far below both drivers' parameter limits. */
const IDS_PER_QUERY = 1000;

/** The answers of `count` testers: a view reads those of one tester, or of a page's. */
const responsesQuery = compiledVariants((_count: number) => (db, testerIds: number[]) =>
  db
    .selectFrom('tester_responses')
    .innerJoin('questions', 'questions.id', 'tester_responses.question_id')
    .select(['tester_responses.tester_id', 'tester_responses.question_id', 'questions.prompt', 'tester_responses.answer'])
    .where('tester_responses.tester_id', 'in', testerIds)
    .orderBy('tester_responses.tester_id')
    .orderBy('tester_responses.question_id'),
);

/**
 * The answers of each tester, ordered by question id. Every requested tester id has an entry
 * (an empty array when it has no answers).
 */
export async function responsesOf(executor: Executor, testerIds: number[]): Promise<Map<number, TesterResponse[]>> {
  const result = new Map<number, TesterResponse[]>();
  const ids = [...new Set(testerIds)];
  for (const id of ids) result.set(id, []);
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const chunk = ids.slice(start, start + IDS_PER_QUERY);
    const rows = await responsesQuery(chunk.length).rows(executor, chunk);
    for (const row of rows) {
      result.get(row.tester_id)!.push({ question_id: row.question_id, question: row.prompt, answer: row.answer });
    }
  }
  return result;
}

function checkInput(input: QuestionInput): { kind: QuestionKind; prompt: string; choices: string[]; required: boolean } {
  const problems: string[] = [];
  if (input.id !== undefined && parseChosenId(input.id) === null) problems.push(CHOSEN_ID_RULE);
  const kind = input.kind as QuestionKind | undefined;
  if (!kind) problems.push('kind is required');
  else if (!(QuestionKinds as readonly string[]).includes(kind)) problems.push(`kind must be one of ${QuestionKinds.join(', ')}`);
  const prompt = input.prompt?.trim() ?? '';
  if (!prompt) problems.push('prompt is required');
  const choices = (input.choices ?? []).map((c) => c.trim());
  if (kind && CHOICE_KINDS.has(kind) && choices.length === 0) problems.push(`choices are required for a ${kind} question`);
  if ((kind === 'text' || kind === 'agreement') && choices.length > 0) problems.push(`a ${kind} question takes no choices`);
  if (choices.some((c) => c === '')) problems.push('choices must not be blank');
  const duplicate = choices.find((c, i) => c !== '' && choices.indexOf(c) !== i);
  if (duplicate !== undefined) problems.push(`choice ${JSON.stringify(duplicate)} is given twice`);
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
  return { kind: kind!, prompt, choices, required: input.required ?? false };
}

export class QuestionsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  async list(betaId: number, page: PageRequest): Promise<{ items: Question[]; total: number; totalEstimated: boolean }> {
    const [rows, counted] = await Promise.all([
      this.db.selectFrom('questions').selectAll().where('beta_id', '=', betaId).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('questions').select('id').where('beta_id', '=', betaId), page),
    ]);
    return { items: rows.map(toQuestion), ...counted };
  }

  async create(betaId: number, input: QuestionInput): Promise<Question> {
    const checked = checkInput(input);
    const id = input.id === undefined ? undefined : parseChosenId(input.id)!;
    const row = await heldBy(
      insertWithChosenId(this.db, this.dialect, 'questions', id, (executor) =>
        executor
          .insertInto('questions')
          .values({
            ...(id === undefined ? {} : { id }),
            beta_id: betaId,
            kind: checked.kind,
            prompt: checked.prompt,
            choices: JSON.stringify(checked.choices),
            required: checked.required ? 1 : 0,
            created_at: storedTime(this.clock.now()),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    );
    questionsCache(this.db).invalidate(betaId);
    return toQuestion(row);
  }

  /**
   * Changes the fields sent; the others keep their values (a kind that takes no choices drops them).
   * Answers already given stay as the text they were stored as.
   */
  async update(betaId: number, questionIdText: string, input: QuestionInput): Promise<Question> {
    const id = parseId(questionIdText);
    const current = id === null ? undefined : await this.db.selectFrom('questions').selectAll().where('id', '=', id).where('beta_id', '=', betaId).executeTakeFirst();
    if (!current) throw Errors.notFound('Question not found');
    const kind = input.kind ?? current.kind;
    const keptChoices = kind === 'text' || kind === 'agreement' ? [] : choicesOf(current);
    const checked = checkInput({
      kind,
      prompt: input.prompt ?? current.prompt,
      choices: input.choices ?? keptChoices,
      required: input.required ?? Boolean(current.required),
    });
    const row = await this.db
      .updateTable('questions')
      .set({ kind: checked.kind, prompt: checked.prompt, choices: JSON.stringify(checked.choices), required: checked.required ? 1 : 0 })
      .where('id', '=', current.id)
      .where('beta_id', '=', betaId)
      .returningAll()
      .executeTakeFirst();
    questionsCache(this.db).invalidate(betaId);
    if (!row) throw Errors.notFound('Question not found');
    return toQuestion(row);
  }

  /** Deletes the question with every answer to it (foreign key cascade) and returns it as it was. */
  async delete(betaId: number, questionIdText: string): Promise<Question> {
    const id = parseId(questionIdText);
    const row =
      id === null
        ? undefined
        : await this.db.deleteFrom('questions').where('id', '=', id).where('beta_id', '=', betaId).returningAll().executeTakeFirst();
    if (!row) throw Errors.notFound('Question not found');
    questionsCache(this.db).invalidate(betaId);
    return toQuestion(row);
  }
}
