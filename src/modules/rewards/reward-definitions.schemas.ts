import Type from 'typebox';
import { BetaParams, Nullable, Timestamp } from '../../http/schemas.ts';
import { RewardTypes } from './reward-kinds.ts';

export const MAX_DESCRIPTOR_LENGTH = 100;
export const MAX_NAME_LENGTH = 200;
export const MAX_EVENT_LENGTH = 100;
export const MAX_QUANTITY = 1_000_000;
export const MAX_POINTS = 1_000_000;

export const RewardDefinitionSchema = Type.Object(
  {
    id: Type.Integer(),
    descriptor: Type.String({ description: 'Identifies the reward; unique in the beta, not for display' }),
    name: Type.String({ description: 'Displayable description' }),
    type: Type.Enum(RewardTypes),
    friend_name: Nullable(Type.String({ description: 'DoubleSided: the name of the friend’s reward (the name when null)' })),
    max_quantity_per_user: Type.Integer({ description: 'Most rewards of this definition a user holds (revoked ones do not count)' }),
    referrals_required: Nullable(Type.Integer({ description: 'Milestone: credited referrals per reward; null for other types' })),
    points: Type.Integer({ description: 'Points granted with each reward' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'RewardDefinition' },
);

const DefinitionInputFields = Type.Partial(
  Type.Object({
    descriptor: Type.String({ maxLength: MAX_DESCRIPTOR_LENGTH, description: 'Required on create; unique in the beta' }),
    name: Type.String({ maxLength: MAX_NAME_LENGTH, description: 'Required on create' }),
    type: Type.Enum(RewardTypes, { description: 'SingleSided, DoubleSided or Milestone; required on create' }),
    friend_name: Nullable(Type.String({ maxLength: MAX_NAME_LENGTH, description: 'DoubleSided only; empty or null clears it' })),
    max_quantity_per_user: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, description: 'Default 1' }),
    referrals_required: Nullable(Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, description: 'Required for Milestone, not allowed otherwise' })),
    points: Type.Integer({ minimum: 0, maximum: MAX_POINTS, description: 'Points granted with each reward; default 0' }),
  }),
);

export const RewardDefinitionBody = Type.Object({
  reward_definition: Type.Optional({ ...DefinitionInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...DefinitionInputFields.properties,
});

export const RewardDefinitionParams = Type.Object({
  ...BetaParams.properties,
  definition_id: Type.String({ maxLength: 40, description: 'Reward definition id' }),
});

export const RewardRuleSchema = Type.Object(
  {
    id: Type.Integer(),
    event: Type.String({ description: 'A custom event name, or the reserved signup' }),
    descriptor: Type.String({ description: 'The reward definition the event issues' }),
    definition_id: Type.Integer(),
    created_at: Timestamp,
  },
  { $id: 'RewardRule' },
);

const RuleInputFields = Type.Partial(
  Type.Object({
    event: Type.String({ maxLength: MAX_EVENT_LENGTH, description: 'A custom event name, or signup (fires when a referral is credited)' }),
    descriptor: Type.String({ maxLength: MAX_DESCRIPTOR_LENGTH, description: 'A SingleSided or DoubleSided definition of the beta' }),
  }),
);

export const RewardRuleBody = Type.Object({
  reward_rule: Type.Optional({ ...RuleInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...RuleInputFields.properties,
});

export const RewardRuleParams = Type.Object({
  ...BetaParams.properties,
  rule_id: Type.String({ maxLength: 40, description: 'Reward rule id' }),
});
