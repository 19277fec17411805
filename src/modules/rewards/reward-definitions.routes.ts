import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import {
  RewardDefinitionBody,
  RewardDefinitionParams,
  RewardDefinitionSchema,
  RewardRuleBody,
  RewardRuleParams,
  RewardRuleSchema,
} from './reward-definitions.schemas.ts';
import type { DefinitionInput, RewardDefinitionsService, RuleInput } from './reward-definitions.service.ts';
import { presentDefinition, presentRule } from './rewards.presenter.ts';

/** `reward_definition` bodies are accepted wrapped or unwrapped. */
function definitionInput(body: ({ reward_definition?: DefinitionInput } & DefinitionInput) | undefined): DefinitionInput {
  const source = body?.reward_definition ?? body ?? {};
  return {
    descriptor: source.descriptor,
    name: source.name,
    type: source.type,
    friend_name: source.friend_name,
    max_quantity_per_user: source.max_quantity_per_user,
    referrals_required: source.referrals_required,
    points: source.points,
  };
}

/** `reward_rule` bodies are accepted wrapped or unwrapped. */
function ruleInput(body: ({ reward_rule?: RuleInput } & RuleInput) | undefined): RuleInput {
  const source = body?.reward_rule ?? body ?? {};
  return { event: source.event, descriptor: source.descriptor };
}

export function rewardDefinitionsRoutes(app: App, service: RewardDefinitionsService): void {
  const series = 'rewards' as const;

  app.get('/api/v2/betas/:beta_id/reward_definitions', {
    config: { permission: 'rewards:read', series },
    schema: {
      operationId: 'listRewardDefinitions',
      tags: ['Reward definitions'],
      'x-extension': true,
      summary: 'List reward definitions',
      description: 'The rewards the beta can issue, by id.',
      params: BetaParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(RewardDefinitionSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await service.listDefinitions(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentDefinition) });
    },
  });

  app.post('/api/v2/betas/:beta_id/reward_definitions', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'createRewardDefinition',
      tags: ['Reward definitions'],
      'x-extension': true,
      summary: 'Create reward definition',
      description:
        'descriptor (unique in the beta), name and type are required. Milestone rewards need referrals_required ' +
        '(credited referrals per reward); DoubleSided rewards may name the friend’s reward (friend_name).',
      params: BetaParams,
      body: RewardDefinitionBody,
      response: { 201: RewardDefinitionSchema },
    },
    handler: async (request, reply) => {
      const definition = await service.createDefinition(principalOf(request).companyId, request.params.beta_id, definitionInput(request.body));
      return reply.status(201).send(presentDefinition(definition));
    },
  });

  app.patch('/api/v2/betas/:beta_id/reward_definitions/:definition_id', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'updateRewardDefinition',
      tags: ['Reward definitions'],
      'x-extension': true,
      summary: 'Update reward definition',
      description:
        'Changes the fields sent. Rewards already issued keep their descriptor, name, type and points. ' +
        'A change of type clears friend_name and referrals_required when the new type does not use them.',
      params: RewardDefinitionParams,
      body: RewardDefinitionBody,
      response: { 200: RewardDefinitionSchema },
    },
    handler: async (request) => {
      const { beta_id, definition_id } = request.params;
      return presentDefinition(
        await service.updateDefinition(principalOf(request).companyId, beta_id, definition_id, definitionInput(request.body)),
      );
    },
  });

  app.delete('/api/v2/betas/:beta_id/reward_definitions/:definition_id', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'deleteRewardDefinition',
      tags: ['Reward definitions'],
      'x-extension': true,
      summary: 'Delete reward definition',
      description: 'Deletes the definition and its rules; issued rewards stay. Answers with the definition as it was.',
      params: RewardDefinitionParams,
      response: { 200: RewardDefinitionSchema },
    },
    handler: async (request) => {
      const { beta_id, definition_id } = request.params;
      return presentDefinition(await service.deleteDefinition(principalOf(request).companyId, beta_id, definition_id));
    },
  });

  app.get('/api/v2/betas/:beta_id/reward_rules', {
    config: { permission: 'rewards:read', series },
    schema: {
      operationId: 'listRewardRules',
      tags: ['Reward rules'],
      'x-extension': true,
      summary: 'List reward rules',
      description: 'Which event issues which reward, by id.',
      params: BetaParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(RewardRuleSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await service.listRules(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentRule) });
    },
  });

  app.post('/api/v2/betas/:beta_id/reward_rules', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'createRewardRule',
      tags: ['Reward rules'],
      'x-extension': true,
      summary: 'Create reward rule',
      description:
        'When `event` is triggered (POST …/rewards/trigger), the definition named by `descriptor` is issued. ' +
        'The reserved event `signup` fires by itself when a referral is credited. Milestone definitions take no rules.',
      params: BetaParams,
      body: RewardRuleBody,
      response: { 201: RewardRuleSchema },
    },
    handler: async (request, reply) => {
      const rule = await service.createRule(principalOf(request).companyId, request.params.beta_id, ruleInput(request.body));
      return reply.status(201).send(presentRule(rule));
    },
  });

  app.delete('/api/v2/betas/:beta_id/reward_rules/:rule_id', {
    config: { permission: 'rewards:write', series },
    schema: {
      operationId: 'deleteRewardRule',
      tags: ['Reward rules'],
      'x-extension': true,
      summary: 'Delete reward rule',
      description: 'Answers with the rule as it was.',
      params: RewardRuleParams,
      response: { 200: RewardRuleSchema },
    },
    handler: async (request) => {
      const { beta_id, rule_id } = request.params;
      return presentRule(await service.deleteRule(principalOf(request).companyId, beta_id, rule_id));
    },
  });
}
