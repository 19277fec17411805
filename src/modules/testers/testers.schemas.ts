import Type from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { acceptedElsewhere } from '../../http/accepted-elsewhere.ts';
import { PaginationQuery } from '../../http/pagination.ts';
import { ProfileFields, ProfileInputSchema } from './profile.ts';
import { Errors } from '../../primitives/errors.ts';
import { FraudSchema } from '../fraud/fraud.schemas.ts';
import { SHARE_CHANNELS } from '../referrals/share-channels.ts';
import { LEADERBOARD_NAME_MAX_LENGTH } from './leaderboard-name.ts';
import { MAX_SELECTED_IDS, SELECTED_IDS_MAX_LENGTH } from './selected-ids.ts';
import { CreateStatuses, TesterStatuses, UpdateStatuses } from './tester-status.ts';
import { MAX_PRIORITY } from '../waitlist/priority.ts';

const ProfileSchema = Type.Object(
  Object.fromEntries(ProfileFields.map((field) => [field, Nullable(Type.String())])),
  { description: 'Profile fields, null when unset' },
);

export const ResponseSchema = Type.Object({
  question_id: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
});

const NullableInteger = Nullable(Type.Integer());

/** The v2 interface's full tester object plus the extension fields uuid and fraud. */
export const TesterSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Type.String({ description: 'Extension: a second, unguessable identifier' }),
    email: Type.String(),
    status: Type.Enum(TesterStatuses),
    invitation_code: Type.String({ description: 'Empty string when no code was generated' }),
    imported_at: NullableTimestamp,
    applied_at: NullableTimestamp,
    invited_at: NullableTimestamp,
    joined_at: NullableTimestamp,
    unsubscribed_at: NullableTimestamp,
    share_clicks_count: Type.Integer(),
    share_signups_count: Type.Integer(),
    friend_invitations_allowed: Type.Integer(),
    friend_invitations_count: Type.Integer(),
    friend_invitations_remaining: Type.Integer(),
    referral_code: Type.String(),
    share_link: Type.String(),
    share_status_link: Type.String(),
    waitlist_position: NullableInteger,
    waitlist_ahead: NullableInteger,
    waitlist_behind: NullableInteger,
    waitlist_length: Type.Integer(),
    referred_by: Nullable(Type.String({ description: "The referrer's e-mail address" })),
    referral_channel: Nullable(
      Type.Enum(SHARE_CHANNELS, {
        description: 'Extension: the share channel of the link the signup came through (a share button\'s ?ch=, any other tag being other); null for a direct signup or an untagged link',
      }),
    ),
    groups: Type.String({ description: 'Comma-separated group names' }),
    created_at: Timestamp,
    updated_at: Timestamp,
    profile: ProfileSchema,
    fraud: FraudSchema,
    leaderboard_name: Nullable(
      Type.String({ description: 'Extension: the public name on the leaderboard and status page; null: they show the masked address (a***@e***.com)' }),
    ),
    priority: Type.Integer({
      minimum: 0,
      description: "Extension: the owner's manual priority: the waitlist is ordered by it first (highest first), then by the counts; 0, the default, is the earned place",
    }),
    responses: Type.Optional(Type.Array(ResponseSchema, { description: 'In create and update answers' })),
    points: Type.Optional(Type.Integer({ description: "Extension: the tester's points (revoked points left out); in list testers with include=points only" })),
  },
  { $id: 'Tester' },
);

/** A line of the NDJSON export: the tester as "show tester" renders it, with its answers and its points. */
export const ExportedTesterSchema = Type.Object({
  ...TesterSchema.properties,
  responses: Type.Array(ResponseSchema, { description: 'Every answer of the tester, by question id' }),
  points: Type.Integer({ description: "The tester's points (the total of its ledger, revoked points left out)" }),
});

const AnswerInput = Type.Object({
  question_id: Type.Union([Type.Integer(), Type.String({ maxLength: 20 })]),
  answer: Type.Union([Type.String({ maxLength: 5000 }), Type.Number()]),
});

const ResponsesInput = Type.Object(
  { response: Type.Optional(Type.Array(AnswerInput, { maxItems: 200 })) },
  { description: 'Answers: {"response":[{"question_id":…,"answer":…}]}' },
);

// null is "none", as in the profile: a JSON client may send every field it knows of.
const CommonInputFields = {
  invitation_code: Nullable(Type.String({ maxLength: 64 })),
  referrer_id: Type.Union([Type.String({ maxLength: 320 }), Type.Integer({ minimum: 1 }), Type.Null()], {
    description: "The referrer's id (as a number or text), referral code or e-mail",
  }),
  groups: Nullable(Type.String({ maxLength: 2000, description: 'Comma-separated group names; empty or null: none' })),
  profile: ProfileInputSchema,
  responses: ResponsesInput,
  leaderboard_name: Nullable(
    Type.String({
      maxLength: 1000,
      description: `Extension: the public name on the leaderboard and status page, at most ${LEADERBOARD_NAME_MAX_LENGTH} characters, no control characters (${Errors.leaderboardNameInvalid.code} otherwise); null or blank clears it`,
    }),
  ),
};

export const TesterCreateInput = Type.Partial(
  Type.Object({
    email: Type.String({ maxLength: 320 }),
    status: Type.Enum(CreateStatuses, acceptedElsewhere(UpdateStatuses, 'by an update, not when a tester is created')),
    ...CommonInputFields,
  }),
);

export const TesterUpdateInput = Type.Partial(
  Type.Object({
    email: Type.String({ maxLength: 320 }),
    status: Type.Enum(UpdateStatuses, acceptedElsewhere(CreateStatuses, 'when a tester is created, not by an update')),
    ...CommonInputFields,
    priority: Type.Integer({
      minimum: 0,
      maximum: MAX_PRIORITY,
      description: `Extension: the owner's manual priority, 0 to ${MAX_PRIORITY}: the waitlist is ordered by it first (highest first), then by the counts. 0 puts the tester back in their earned place; move_to_front sets it above everyone else's`,
    }),
  }),
);

export const TesterCreateBody = Type.Object({ tester: Type.Optional(TesterCreateInput) });
export const TesterUpdateBody = Type.Object({ tester: Type.Optional(TesterUpdateInput) });

export const TesterParams = Type.Object({
  beta_id: Type.String({ maxLength: 40 }),
  tester_id: Type.String({ maxLength: 64, description: 'Tester id or uuid' }),
});

/** The filters of list and export: one set, read by tester-filters.ts. */
const TesterFilterFields = {
  email_is: Type.Optional(Type.String({ maxLength: 320 })),
  email_contains: Type.Optional(Type.String({ maxLength: 320 })),
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Legacy alias of email_contains' })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  referral_code: Type.Optional(Type.String({ maxLength: 64 })),
  custom_vars: Type.Optional(Type.String({ maxLength: 255 })),
  status: Type.Optional(Type.Enum(TesterStatuses, { description: 'Extension: only testers in this status' })),
  group: Type.Optional(Type.String({ maxLength: 200, description: 'Extension: only testers in this group (one name, exact)' })),
  fraud: Type.Optional(Type.Enum(['flagged', 'clear'], { description: 'Extension: flagged, testers with at least one fraud flag; clear, those with none' })),
  referred: Type.Optional(Type.Enum(['true', 'false'], { description: 'Extension: true, testers with a referrer; false, those without' })),
  referrer_id: Type.Optional(
    Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: "Extension: the direct referrals of the tester with this id (the referral tree's next level)" }),
  ),
  ids: Type.Optional(
    Type.String({
      maxLength: SELECTED_IDS_MAX_LENGTH,
      description:
        `Extension: only the testers of these ids, comma-separated (testers picked one by one), at most ${MAX_SELECTED_IDS}; ` +
        `an id that is not one, or more ids, is 422 (${Errors.testersGeneral.code}). Ids of other betas' testers match nothing`,
    }),
  ),
};

export const TesterSorts = ['position', 'points', 'referrals', 'joined'] as const;
export type TesterSort = (typeof TesterSorts)[number];

export const TesterListQuery = Type.Object({
  ...PaginationQuery,
  ...TesterFilterFields,
  sort: Type.Optional(
    Type.Enum(TesterSorts, {
      description:
        'Extension: position (waitlist order; testers not on the waitlist after, by id), points, referrals (share_signups_count) or joined (signup order, the id: the default). Ties by id.',
    }),
  ),
  direction: Type.Optional(
    Type.Enum(['asc', 'desc'], { description: 'Extension: asc (default for position and joined) or desc (default for points and referrals)' }),
  ),
  include: Type.Optional(Type.Enum(['points'], { description: "Extension: points, to give each tester's points (a field the v2 tester has not)" })),
});

export const BetaExportQuery = Type.Object(TesterFilterFields);

export const DeleteQuery = Type.Object({
  queue: Type.Optional(Type.String({ maxLength: 10, description: 'Queue the deletion (202) instead of deleting at once' })),
});

export const VerifyQuery = Type.Object({
  invitation_code: Type.Optional(Type.String({ maxLength: 64 })),
});

export const CheckinSchema = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }) });

const CheckinFields = { email: Type.Optional(Type.String({ maxLength: 320 })) };
export const CheckinBody = Type.Object({ checkin: Type.Optional(Type.Object(CheckinFields)), ...CheckinFields });
