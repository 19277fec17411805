import Type from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { presentCluster, presentDecision, presentFlagged } from './fraud-review.presenter.ts';
import {
  DecideClusterBody,
  DecideClusterResult,
  DecideManyBody,
  DecideManyResult,
  DecideOneBody,
  FlaggedTesterSchema,
  FraudClusterSchema,
  FraudClustersQuery,
  FraudDecisionSchema,
  FraudListQuery,
  FraudTesterParams,
} from './fraud-review.schemas.ts';
import { MAX_DECIDED, type FraudReviewService } from './fraud-review.ts';

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

  app.get('/api/v2/betas/:beta_id/fraud/clusters', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listFraudClusters',
      tags: ['Fraud review'],
      summary: 'List clusters of flagged testers',
      description:
        'The flagged testers not reviewed yet that share a network (the signup IP\'s /24 or /48), a device (signup IP and user agent) or a referrer, ' +
        'as by asks: clusters of two or more, the largest first, each with its size and first members.',
      'x-extension': true,
      params: BetaParams,
      querystring: FraudClustersQuery,
      response: { 200: Type.Array(FraudClusterSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await review.clusters(principalOf(request).companyId, request.params.beta_id, request.query.by ?? 'network', page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentCluster) });
    },
  });

  app.post('/api/v2/betas/:beta_id/fraud/cluster_decisions', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'decideFraudCluster',
      tags: ['Fraud review'],
      summary: 'Approve or reject a cluster of flagged testers',
      description:
        `Decides every flagged tester not reviewed yet in the cluster (by and key as listed), as the bulk decision does, ${MAX_DECIDED} to a transaction. ` +
        `A cluster with no such tester, or a key that cannot name one: 422 (${Errors.testersGeneral.code}).`,
      'x-extension': true,
      params: BetaParams,
      body: DecideClusterBody,
      response: { 200: DecideClusterResult },
    },
    handler: async (request) => review.decideCluster(principalOf(request), request.params.beta_id, request.body ?? {}),
  });
}
