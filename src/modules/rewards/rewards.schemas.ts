import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { RewardStatuses, RewardTypes } from './reward-kinds.ts';
import { MAX_DESCRIPTOR_LENGTH, MAX_EVENT_LENGTH } from './reward-definitions.schemas.ts';

/** The v2 interface's reward object, exactly. */
export const RewardSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Unique identifier of the issued reward' }),
    descriptor: Type.String({ description: 'Identifies which reward was issued; not for display' }),
    name: Type.String({ description: 'Displayable description' }),
    type: Type.Enum(RewardTypes),
    user_role: Type.Enum(['referrer', 'friend'] as const, {
      description: 'For a DoubleSided reward, whether the referrer or the referred friend earned it; always referrer otherwise',
    }),
    user_id: Type.Integer({ description: 'User who earned the reward' }),
    status: Type.Enum(RewardStatuses),
    earned_at: Timestamp,
    delivered_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
  },
  { $id: 'Reward' },
);

export const RewardListQuery = Type.Object({
  ...PaginationQuery,
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Rewards earned by the user with this e-mail address' })),
  status: Type.Optional(Type.Enum(RewardStatuses, { description: 'earned, delivered or revoked' })),
});

export const RewardParams = Type.Object({
  ...BetaParams.properties,
  reward_id: Type.String({ maxLength: 40, description: 'Reward id' }),
});

const EmailField = Type.String({ maxLength: 320, description: 'E-mail address of the user (required)' });

const CreateFields = Type.Partial(
  Type.Object({
    email: EmailField,
    descriptor: Type.String({ maxLength: 320, description: `Descriptor of one of the beta's reward definitions (required; at most ${MAX_DESCRIPTOR_LENGTH} characters)` }),
    skip_quantity_check: FormBoolean({ description: 'Issue even when the user holds the maximum quantity already. Default false' }),
  }),
);

export const RewardCreateBody = Type.Object({
  reward: Type.Optional({ ...CreateFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...CreateFields.properties,
});

const TriggerFields = Type.Partial(
  Type.Object({
    email: { ...EmailField, description: 'E-mail address of the user who performed the event (required)' },
    event: Type.String({ maxLength: 320, description: `Custom event name (required; at most ${MAX_EVENT_LENGTH} characters)` }),
  }),
);

export const RewardTriggerBody = Type.Object({
  reward: Type.Optional({ ...TriggerFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...TriggerFields.properties,
});

const UpdateFields = Type.Partial(Type.Object({ status: Type.String({ maxLength: 40, description: 'delivered or revoked' }) }));

export const RewardUpdateBody = Type.Object({
  reward: Type.Optional({ ...UpdateFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...UpdateFields.properties,
});
