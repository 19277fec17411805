import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, Timestamp } from '../../http/schemas.ts';

export const SuppressionReasons = ['Manual', 'Unsubscribe', 'HardBounce', 'SpamComplaint'] as const;
/** The reasons a client may give; HardBounce and SpamComplaint are recorded by the service itself. */
export const ClientSuppressionReasons = ['Manual', 'Unsubscribe'] as const;

export const SuppressionSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String({ description: 'Suppressed address' }),
    user_id: Nullable(Type.Integer({ description: 'The tester with this e-mail address in the beta, or null when there is none' })),
    reason: Type.Enum(SuppressionReasons),
    suppressed_at: Timestamp,
  },
  { $id: 'Suppression' },
);

const SuppressionInputFields = Type.Partial(
  Type.Object({
    email: Type.String({ maxLength: 320, description: 'Address to suppress (required)' }),
    reason: Type.String({ maxLength: 40, description: 'Manual (default) or Unsubscribe' }),
  }),
);

export const SuppressionCreateBody = Type.Object({
  suppression: Type.Optional({ ...SuppressionInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...SuppressionInputFields.properties,
});

export const SuppressionListQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Exact match on the address (case-insensitive)' })),
  ...PaginationQuery,
});

export const SuppressionParams = Type.Object({
  ...BetaParams.properties,
  suppression_id: Type.String({ maxLength: 40, description: 'Suppression id' }),
});
