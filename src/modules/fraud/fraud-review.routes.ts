import Type from 'typebox';
import { Errors } from '../../errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { presentDecision, presentFlagged } from './fraud-review.presenter.ts';
import { DecideManyBody, DecideManyResult, DecideOneBody, FlaggedTesterSchema, FraudDecisionSchema, FraudListQuery, FraudTesterParams } from './fraud-review.schemas.ts';
import type { FraudReviewService } from './fraud-review.ts';

export function fraudReviewRoutes(app: App, review: FraudReviewService): void {
  const series = 'testers' as const;

  app.get('/api/v2/betas/:beta_id/fraud_queue', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listFraudQueue',
      tags: ['Fraud review'],
      summary: 'List flagged testers to review',
      description: "The beta's testers with fraud flags not reviewed yet, oldest first, each flag with its reason in words.",
      'x-extension': true,
      params: BetaParams,
      querystring: FraudListQuery,
      response: { 200: Type.Array(FlaggedTesterSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await review.queue(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentFlagged) });
    },
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/fraud_decision', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'decideFraud',
      tags: ['Fraud review'],
      summary: 'Approve or reject a flagged tester',
      description:
        'approve credits a referral held by the flags (as accept_referral does); reject means the referral is never credited and the tester moves to ' +
        'rejected (off the waitlist) where the status rules permit it, as update tester would, e-mail included. The decision is recorded with who took it. ' +
        `A tester without flags, or reviewed already: 422 (${Errors.testersGeneral.code}).`,
      'x-extension': true,
      params: FraudTesterParams,
      body: DecideOneBody,
      response: { 200: FraudDecisionSchema },
    },
    handler: async (request) =>
      presentDecision(await review.decideOne(principalOf(request), request.params.beta_id, request.params.tester_id, request.body?.decision, request.body?.note)),
  });

  app.post('/api/v2/betas/:beta_id/fraud_decisions', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'decideFraudInBulk',
      tags: ['Fraud review'],
      summary: 'Approve or reject flagged testers in bulk',
      description:
        'Decides every tester named (at most 500) in one transaction, as the single decision does; testers not found, without flags or reviewed already are skipped and listed.',
      'x-extension': true,
      params: BetaParams,
      body: DecideManyBody,
      response: { 200: DecideManyResult },
    },
    handler: async (request) => {
      const outcome = await review.decide(principalOf(request), request.params.beta_id, request.body?.tester_ids, request.body?.decision, request.body?.note);
      return { decisions: outcome.decisions.map(presentDecision), skipped: outcome.skipped };
    },
  });

  app.get('/api/v2/betas/:beta_id/fraud_decisions', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listFraudDecisions',
      tags: ['Fraud review'],
      summary: 'List fraud review decisions',
      description: "The beta's fraud review decisions, newest first, each with who took it.",
      'x-extension': true,
      params: BetaParams,
      querystring: FraudListQuery,
      response: { 200: Type.Array(FraudDecisionSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await review.log(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentDecision) });
    },
  });
}
