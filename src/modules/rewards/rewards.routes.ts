import Type from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { RewardCreateBody, RewardListQuery, RewardParams, RewardSchema, RewardTriggerBody, RewardUpdateBody } from './rewards.schemas.ts';
import { presentReward } from './rewards.presenter.ts';
import type { RewardCreateInput, RewardTriggerInput, RewardsService } from './rewards.service.ts';

/** `reward` bodies are accepted wrapped or unwrapped. */
function unwrapped<T extends object>(body: ({ reward?: T } & T) | undefined): T {
  return (body?.reward ?? body ?? {}) as T;
}

export function rewardsRoutes(app: App, service: RewardsService): void {
  const series = 'rewards' as const;

  app.get('/api/v2/betas/:beta_id/rewards', {
    config: { permission: 'rewards:read', series, rateLimit: 'listRewards' },
    schema: {
      operationId: 'listRewards',
      tags: ['Rewards'],
      summary: 'List rewards',
      description: 'The beta’s issued rewards by id, optionally only those of one user (email) or in one status.',
      params: BetaParams,
      querystring: RewardListQuery,
      response: { 200: Type.Array(RewardSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const { email, status } = request.query;
      const result = await service.list(principalOf(request).companyId, request.params.beta_id, { email, status }, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentReward) });
    },
  });

  app.get('/api/v2/betas/:beta_id/rewards/:reward_id', {
    config: { permission: 'rewards:read', series },
    schema: {
      operationId: 'showReward',
      tags: ['Rewards'],
      summary: 'Show reward',
      params: RewardParams,
      response: { 200: RewardSchema },
    },
    handler: async (request) =>
      presentReward(await service.show(principalOf(request).companyId, request.params.beta_id, request.params.reward_id)),
  });

  app.patch('/api/v2/betas/:beta_id/rewards/:reward_id', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'updateReward',
      tags: ['Rewards'],
      summary: 'Update reward status',
      description:
        `status delivered or revoked (${Errors.rewardStatusInvalid.code} otherwise). Only an earned reward moves (${Errors.rewardTransitionRefused.code} otherwise). ` +
        'Revoking also revokes the points granted with the reward.',
      params: RewardParams,
      body: RewardUpdateBody,
      response: { 200: RewardSchema },
    },
    handler: async (request) => {
      const { beta_id, reward_id } = request.params;
      const { status } = unwrapped<{ status?: string }>(request.body);
      return presentReward(await service.updateStatus(principalOf(request).companyId, beta_id, reward_id, status));
    },
  });

  app.post('/api/v2/betas/:beta_id/rewards', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'createReward',
      tags: ['Rewards'],
      summary: 'Create reward (manual issue)',
      description:
        `Issues the reward named by descriptor to the user with the e-mail address. ${Errors.rewardLimitReached.code} when the user holds ` +
        'the reward’s maximum quantity already, unless skip_quantity_check is true.',
      params: BetaParams,
      body: RewardCreateBody,
      response: { 201: RewardSchema },
    },
    handler: async (request, reply) => {
      const { email, descriptor, skip_quantity_check } = unwrapped<RewardCreateInput>(request.body);
      const reward = await service.create(principalOf(request).companyId, request.params.beta_id, { email, descriptor, skip_quantity_check });
      return reply.status(201).send(presentReward(reward));
    },
  });

  app.post('/api/v2/betas/:beta_id/rewards/trigger', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'triggerRewards',
      tags: ['Rewards'],
      summary: 'Trigger rewards',
      description:
        'Records that the user did a custom action and issues every reward the beta’s rules give for it: one per ' +
        'role for DoubleSided rewards; users at a reward’s maximum are skipped. Answers with all rewards created, ' +
        'possibly none. The event signup is reserved.',
      params: BetaParams,
      body: RewardTriggerBody,
      response: { 200: Type.Array(RewardSchema) },
    },
    handler: async (request) => {
      const { email, event } = unwrapped<RewardTriggerInput>(request.body);
      const rewards = await service.trigger(principalOf(request).companyId, request.params.beta_id, { email, event });
      return rewards.map(presentReward);
    },
  });
}
