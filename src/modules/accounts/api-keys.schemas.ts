// API keys as the management API shows and takes them. The secret appears in the answer that made
// it and never again; the hash never.
import Type from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { MAX_KEY_NAME_LENGTH } from './accounts.service.ts';
import { Permissions } from './permissions.ts';

const ApiKeyFields = {
  id: Type.Integer(),
  company_id: Type.Integer(),
  name: Type.String({ description: 'A label for the key' }),
  key_prefix: Type.String({ description: 'The first characters of the key (pl_ and four more), to tell keys apart' }),
  permissions: Type.Array(Type.Enum([...Permissions]), { description: 'What the key may do' }),
  created_at: Timestamp,
  expires_at: { ...NullableTimestamp, description: 'From then on the key opens nothing; null = never' },
};

export const ApiKeySchema = Type.Object(
  {
    ...ApiKeyFields,
    revoked_at: { ...NullableTimestamp, description: 'When it was revoked (it opens nothing since); null while it is not' },
    last_used_at: { ...NullableTimestamp, description: 'When it last opened a request, to the minute' },
  },
  { $id: 'ApiKey' },
);

export const CreatedApiKeySchema = Type.Object(
  {
    ...ApiKeyFields,
    key: Type.String({ description: 'The key itself (pl_…): shown in this answer only, never again. Store it now.' }),
  },
  { $id: 'CreatedApiKey' },
);

export const CreateApiKeyBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: MAX_KEY_NAME_LENGTH, description: 'A label; "API key" by default' })),
  permissions: Type.Optional(
    Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50, description: `Of ${Permissions.join(', ')}; all by default` }),
  ),
  expires_at: Type.Optional(
    Nullable(Type.String({ maxLength: 40, description: 'ISO 8601 date (midnight UTC) or date-time with its zone, in the future; null = never' })),
  ),
});

export const ApiKeyParams = Type.Object({ api_key_id: Type.String({ maxLength: 40, description: 'API key id' }) });
