import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { Nullable, Timestamp } from '../../http/schemas.ts';
import { IMAGE_LIMITS } from './beta-images.ts';
import { PageDesignSchema } from './beta-page.ts';
import { MAX_ID } from '../../primitives/ids.ts';
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

/** The design as create and PATCH read it: every key optional; null resets a text or colour to the default. */
export const PageDesignPatchSchema = Type.Partial(Type.Object({ ...PageDesignSchema.properties, show_waiting_count: FormBoolean() }));

const PageSchema = Type.Object(
  {
    ...PageDesignSchema.properties,
    logo_url: Nullable(Type.String({ description: 'The logo (PUT /api/v2/betas/{beta_id}/page/logo); its URL changes with its content' })),
    hero_url: Nullable(Type.String({ description: 'The hero image (PUT /api/v2/betas/{beta_id}/page/hero)' })),
  },
  { description: 'Extension: the design of the public pages (signup, signed-up, status and confirmation pages, embed)' },
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
    page: PageSchema,
    sandbox: Type.Boolean({
      description: 'Extension: a sandbox to rehearse in (POST /api/v2/betas/{beta_id}/sandbox): its e-mails are stored and never sent, its webhook deliveries are marked as tests, its testers do not count against the plan',
    }),
    sandbox_of: Nullable(Type.Integer({ description: 'Extension: the beta a sandbox copies; null for a beta of its own' })),
  },
  { $id: 'Beta' },
);

const BetaFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  homepage_url: Type.String({ maxLength: 2000, pattern: '^https?://' }),
  slug: Nullable(Type.String({ maxLength: 64, description: 'Lower-case words joined by hyphens, unique across the service; null removes it' })),
  settings: BetaSettingsPatchSchema,
  page: PageDesignPatchSchema,
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

const MIB = 1024 * 1024;

/** The image routes' body: the image itself, or a multipart field named file. */
export const PageImageBody = {
  content: {
    ...Object.fromEntries(
      ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'].map((type) => [type, { schema: { description: 'The image; its bytes must be of this type' } }]),
    ),
    'multipart/form-data': {
      schema: Type.Object({ file: Type.Optional(Type.Unknown({ description: 'The image' })) }, { description: 'The image in a field named file' }),
    },
  },
};

export const PAGE_IMAGE_LIMITS_TEXT = `at most ${IMAGE_LIMITS.logo / 1024} KiB for a logo, ${IMAGE_LIMITS.hero / MIB} MiB for a hero`;
