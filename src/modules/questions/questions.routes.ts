import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { QuestionCreateBody, QuestionParams, QuestionSchema, QuestionUpdateBody } from './questions.schemas.ts';
import { presentQuestion } from './questions.presenter.ts';
import type { QuestionInput, QuestionsService } from './questions.service.ts';

type QuestionFields = { id?: number | string; kind?: string; prompt?: string; choices?: string[]; required?: boolean };

/** `question` bodies are accepted wrapped or unwrapped; `id` is read by create alone. */
function questionInput(body: ({ question?: QuestionFields } & QuestionFields) | undefined, creating = false): QuestionInput {
  const source = body?.question ?? body ?? {};
  const fields = { kind: source.kind, prompt: source.prompt, choices: source.choices, required: source.required };
  return creating ? { id: source.id, ...fields } : fields;
}

export function questionsRoutes(app: App, betas: BetasService, questions: QuestionsService): void {
  app.get('/api/v2/betas/:beta_id/questions', {
    config: { permission: 'betas:read', series: 'betas' },
    schema: {
      operationId: 'listQuestions',
      tags: ['Signup questions'],
      'x-extension': true,
      summary: 'List signup questions',
      description: 'The questions testers answer in `responses`, by id.',
      params: BetaParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(QuestionSchema) },
    },
    handler: async (request, reply) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      const page = pageOf(request.query);
      const result = await questions.list(beta.id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentQuestion) });
    },
  });

  app.post('/api/v2/betas/:beta_id/questions', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'createQuestion',
      tags: ['Signup questions'],
      'x-extension': true,
      summary: 'Create signup question',
      description:
        'Answers are sent as a zero-based choice index (multiple_choice, scale), comma-separated indexes ' +
        '(multiple_select), 0 or 1 (agreement) or the text (text). With `id`, the question keeps the id it had in the ' +
        'service you move from, when no question has it.',
      params: BetaParams,
      body: QuestionCreateBody,
      response: { 201: QuestionSchema },
    },
    handler: async (request, reply) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      const question = await questions.create(beta.id, questionInput(request.body, true));
      return reply.status(201).send(presentQuestion(question));
    },
  });

  app.patch('/api/v2/betas/:beta_id/questions/:question_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'updateQuestion',
      tags: ['Signup questions'],
      'x-extension': true,
      summary: 'Update signup question',
      description:
        'Changes the fields sent; the rules of create apply to the result. A kind that takes no choices drops them. ' +
        'Answers already given keep the text they were stored as.',
      params: QuestionParams,
      body: QuestionUpdateBody,
      response: { 200: QuestionSchema },
    },
    handler: async (request) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      return presentQuestion(await questions.update(beta.id, request.params.question_id, questionInput(request.body)));
    },
  });

  app.delete('/api/v2/betas/:beta_id/questions/:question_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'deleteQuestion',
      tags: ['Signup questions'],
      'x-extension': true,
      summary: 'Delete signup question',
      description: 'Deletes the question and every answer to it. Answers with the question as it was.',
      params: QuestionParams,
      response: { 200: QuestionSchema },
    },
    handler: async (request) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      return presentQuestion(await questions.delete(beta.id, request.params.question_id));
    },
  });
}
