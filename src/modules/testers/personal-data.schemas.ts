// The data export and the erasure receipt (docs/privacy.md).
import Type from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { PointSchema } from '../points/points.schemas.ts';
import { RewardSchema } from '../rewards/rewards.schemas.ts';
import { TesterSchema } from './testers.schemas.ts';

const NullableString = Nullable(Type.String());

/** A webhook event about the tester, with its deliveries (the export's section, and the tester's events list). */
export const StoredEventSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  created_at: Timestamp,
  body: Type.Unknown({ description: 'The body as sent' }),
  deliveries: Type.Array(
    Type.Object({ webhook_id: Type.Integer(), attempt: Type.Integer(), status: Type.String(), response_status: Nullable(Type.Integer()), created_at: Timestamp }),
  ),
});

export const TesterExportSchema = Type.Object(
  {
    exported_at: Timestamp,
    beta_id: Type.Integer(),
    tester: TesterSchema,
    stored: Type.Object(
      {
        hidden: Type.Boolean({ description: "Hidden by the company's plan limit" }),
        erased_at: NullableTimestamp,
        user_agent: NullableString,
        email_normalized: Type.String(),
        email_alias_key: Nullable(Type.String({ description: 'The mailbox the address reaches, for the alias fraud signal' })),
        signup_subnet: Nullable(Type.String({ description: 'The network (IPv4 /24, IPv6 /48) the signup came from, for the subnet burst fraud signal' })),
        status_before_suspension: NullableString,
        referrer_id: Nullable(Type.Integer()),
        referral_credited_at: NullableTimestamp,
        last_checkin_at: NullableTimestamp,
        last_active_at: NullableTimestamp,
      },
      { description: 'Stored fields the tester object does not show' },
    ),
    responses: Type.Array(
      Type.Object({ question_id: Type.Integer(), question: Type.String(), answer: Type.String(), created_at: Timestamp, updated_at: Timestamp }),
    ),
    referrals: Type.Array(
      Type.Object(
        { tester_id: Type.Integer(), status: Type.String(), created_at: Timestamp, credited_at: NullableTimestamp },
        { description: "A tester this person referred, by id: the friend's address is the friend's own data" },
      ),
    ),
    checkins: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD (UTC)' }) })),
    points: Type.Array(PointSchema),
    rewards: Type.Array(RewardSchema),
    friend_invitations: Type.Array(
      Type.Object({ id: Type.Integer(), role: Type.Union([Type.Literal('sender'), Type.Literal('recipient')]), message: NullableString, created_at: Timestamp }),
    ),
    emails: Type.Array(
      Type.Object({
        id: Type.Integer(),
        occasion: Type.String(),
        to: Type.String(),
        subject: Type.String(),
        text_body: Type.String(),
        html_body: NullableString,
        status: Type.String(),
        created_at: Timestamp,
        sent_at: NullableTimestamp,
      }),
    ),
    email_confirmations: Type.Array(Type.Object({ created_at: Timestamp, expires_at: Timestamp, used_at: NullableTimestamp })),
    webhook_events: Type.Array(StoredEventSchema),
    share_clicks: Type.Array(
      Type.Object({ day: Type.String(), visitors: Type.Integer() }, { description: "Visitors counted on the person's share link, per day" }),
    ),
    suppressions: Type.Array(Type.Object({ email: Type.String(), reason: Type.String(), suppressed_at: Timestamp })),
  },
  { description: 'Everything stored about one tester (docs/privacy.md says what is in each section, and what is left out)' },
);

export const ErasureReceiptSchema = Type.Object({
  tester_id: Type.Integer(),
  erased_at: Timestamp,
  already_erased: Type.Boolean({ description: 'The tester had been erased before; nothing was left to do' }),
  deleted: Type.Record(Type.String(), Type.Integer(), { description: 'Rows deleted, by table' }),
  anonymized: Type.Record(Type.String(), Type.Integer(), { description: 'Rows kept with their personal fields replaced, by table' }),
});
