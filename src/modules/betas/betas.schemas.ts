import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { Nullable, Timestamp } from '../../http/schemas.ts';
import { MAX_ID } from '../../ids.ts';
import { BetaSettingsSchema } from './beta-settings.ts';

/** A beta's settings as create and PATCH read them: every key optional, booleans also as form text. */
const BetaSettingsPatchSchema = Type.Partial(
  Type.Object({
    ...BetaSettingsSchema.properties,
    accepting_signups: FormBoolean(),
    double_opt_in: FormBoolean(),
    invite_a_friend_enabled: FormBoolean(),
    vanity_referral_codes: FormBoolean(),
    block_disposable_email_domains: FormBoolean(),
  }),
);

export const BetaSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    homepage_url: Type.String(),
    slug: Nullable(Type.String({ description: 'Extension: the public signup page is /b/{slug} (or /b/{id})' })),
    testers_count: Type.Integer(),
    impressions_count: Type.Integer(),
    share_clicks_count: Type.Integer(),
    share_signups_count: Type.Integer(),
    imported_testers_count: Type.Integer(),
    applied_testers_count: Type.Integer(),
    invited_testers_count: Type.Integer(),
    active_testers_count: Type.Integer(),
    rejected_testers_count: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
    settings: { ...BetaSettingsSchema, description: 'Extension: how the campaign behaves' },
  },
  { $id: 'Beta' },
);

const BetaFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  homepage_url: Type.String({ maxLength: 2000, pattern: '^https?://' }),
  slug: Nullable(Type.String({ maxLength: 64, description: 'Lower-case words joined by hyphens, unique across the service; null removes it' })),
  settings: BetaSettingsPatchSchema,
};

/** Create only: the id to keep when moving from another service, whose clients name the beta by it. */
export const ChosenId = Type.Unsafe<number | string>({
  // Text too, read as decimal digits only: a form's "1e3" is not coerced into an id.
  type: ['integer', 'string'],
  minimum: 1,
  maximum: MAX_ID,
  pattern: '^[0-9]{1,15}$',
  description: 'Extension: the id to give the new row, such as the one it had in the service you move from; taken ids are refused. Absent: a new id',
});

const BetaInputFields = Type.Partial(Type.Object(BetaFields));
const BetaCreateFields = Type.Partial(Type.Object({ id: ChosenId, ...BetaFields }));

export const BetaCreateBody = Type.Object({
  beta: Type.Optional({ ...BetaCreateFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...BetaCreateFields.properties,
});

export const BetaUpdateBody = Type.Object({
  beta: Type.Optional({ ...BetaInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...BetaInputFields.properties,
});
