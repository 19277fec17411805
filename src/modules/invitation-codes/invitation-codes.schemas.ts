import Type from 'typebox';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';

/** Fits PostgreSQL's 32-bit integer column with room to spare. */
export const MAX_USES_LIMIT = 1_000_000_000;

export const InvitationCodeSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    max_uses: Nullable(Type.Integer()),
    uses: Type.Integer(),
    expires_at: NullableTimestamp,
    created_at: Timestamp,
  },
  { $id: 'InvitationCode' },
);

const InvitationCodeInputFields = Type.Partial(
  Type.Object({
    code: Type.String({
      minLength: 3,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Letters, digits, _ and -; unique in the beta, ignoring case',
    }),
    max_uses: Type.Integer({ minimum: 1, maximum: MAX_USES_LIMIT, description: 'How many signups may use the code' }),
    expires_at: Type.String({ format: 'date-time', description: 'When the code stops working (ISO 8601 with time zone)' }),
  }),
);

export const InvitationCodeCreateBody = Type.Object({
  invitation_code: Type.Optional({ ...InvitationCodeInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...InvitationCodeInputFields.properties,
});

export const InvitationCodeParams = Type.Object({
  ...BetaParams.properties,
  code_id: Type.String({ maxLength: 40, description: 'Invitation code id' }),
});

const InvitationCodeLimitFields = Type.Partial(
  Type.Object({
    max_uses: Nullable(Type.Integer({ minimum: 1, maximum: MAX_USES_LIMIT, description: 'How many signups may use the code; null: no limit by usage' })),
    expires_at: Nullable(Type.String({ format: 'date-time', description: 'When the code stops working (ISO 8601 with time zone); null: no limit by time' })),
  }),
);

export const InvitationCodeUpdateBody = Type.Object({
  invitation_code: Type.Optional({ ...InvitationCodeLimitFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...InvitationCodeLimitFields.properties,
});
