import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { Occasions } from './occasions.ts';

export const MessageStatuses = ['queued', 'sent', 'captured', 'suppressed', 'failed'] as const;

export const MAX_SUBJECT_LENGTH = 998; // RFC 5322's longest header line
export const MAX_BODY_LENGTH = 100_000;
export const MAX_HTML_BODY_LENGTH = 200_000;

const OccasionDescription =
  'invitation (status invited), friend_invitation, confirmation (status unconfirmed, double opt-in), ' +
  'applied, active, rejected, suspended, unsuspended, already_signed_up (a public signup with an address on the list already: at most one an hour per address), ' +
  'position_changed ("You moved up": the tester moved up the waitlist, told once per position_change_interval_minutes; off until switched on)';

export const EmailTemplateSchema = Type.Object(
  {
    occasion: Type.Enum(Occasions, { description: OccasionDescription }),
    enabled: Type.Boolean({ description: 'Messages are sent on this occasion (status messages are off until switched on)' }),
    customized: Type.Boolean({ description: 'The beta rewrote the subject, body or html_body; the other parts are the defaults' }),
    subject: Type.String({ description: 'Liquid template of the subject' }),
    body: Type.String({ description: 'Liquid template of the plain text body' }),
    html_body: Type.String({ description: 'Liquid template of the HTML body (output escaped; `| raw` opts out); empty = text only' }),
    variables: Type.Array(Type.String(), {
      description:
        'Variables the templates see: tester (as the API shows it, with profile), beta (id, name, homepage_url), unsubscribe_url; ' +
        'friend_invitation adds sender (the inviting tester) and message, confirmation adds confirmation_url, position_changed adds position_before and position_after',
    }),
    updated_at: NullableTimestamp,
  },
  { $id: 'EmailTemplate' },
);

/**
 * Text or null as one JSON Schema type list rather than a union: the validator's type coercion
 * would turn a null into "" through a union's string branch, and a too-long text gets one error
 * instead of one per branch.
 */
function NullableText(options: { maxLength: number; description: string }) {
  return Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
}

const TemplateInputFields = Type.Partial(
  Type.Object({
    subject: NullableText({ maxLength: MAX_SUBJECT_LENGTH, description: 'Liquid; null = the default' }),
    body: NullableText({ maxLength: MAX_BODY_LENGTH, description: 'Liquid, plain text; null = the default' }),
    html_body: NullableText({ maxLength: MAX_HTML_BODY_LENGTH, description: 'Liquid, HTML; "" = no HTML part; null = the default' }),
    enabled: FormBoolean({ description: 'Send messages on this occasion' }),
  }),
);

export const EmailTemplateBody = Type.Object({
  email_template: Type.Optional({ ...TemplateInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...TemplateInputFields.properties,
});

const DraftFields = {
  subject: TemplateInputFields.properties.subject,
  body: TemplateInputFields.properties.body,
  html_body: TemplateInputFields.properties.html_body,
};
const DraftDescription = 'The draft, wrapped (or send it unwrapped); a part not sent is the template as the beta sends it, null the default part';

export const EmailPreviewBody = Type.Object({
  email_template: Type.Optional(Type.Partial(Type.Object(DraftFields), { description: DraftDescription })),
  ...Type.Partial(Type.Object(DraftFields)).properties,
});

export const EmailTestBody = Type.Object({
  ...EmailPreviewBody.properties,
  to: Type.Optional(
    Type.String({ maxLength: 320, description: "The address the test goes to; by default the signed-in member's own (required with an API key)" }),
  ),
});

export const EmailPreviewSchema = Type.Object(
  {
    subject: Type.String({ description: 'Subject as rendered' }),
    text: Type.String({ description: 'Plain text body as rendered' }),
    html: Nullable(Type.String({ description: 'HTML body as rendered, or null for text only' })),
  },
  { $id: 'EmailPreview' },
);

export const EmailTemplateParams = Type.Object({
  ...BetaParams.properties,
  occasion: Type.String({ maxLength: 40, description: OccasionDescription }),
});

export const EmailMessageSchema = Type.Object(
  {
    id: Type.Integer(),
    to: Type.String({ description: 'Recipient address' }),
    occasion: Type.Enum(Occasions),
    subject: Type.String(),
    status: Type.Enum(MessageStatuses, {
      description:
        'queued (waiting to be sent), sent (accepted by the SMTP server), captured (kept here: no SMTP_URL), ' +
        'suppressed (held back: the address is suppressed, or the tester unsubscribed or was deleted), failed (see error)',
    }),
    error: Nullable(Type.String({ description: 'Why it failed, or the last temporary failure while queued' })),
    user_id: Nullable(Type.Integer({ description: 'The tester, or null once deleted (and for a test send)' })),
    test: Type.Boolean({ description: 'A test send of the template, for a sample tester, to an address a member chose' }),
    created_at: Timestamp,
    sent_at: NullableTimestamp,
  },
  { $id: 'EmailMessage' },
);

export const EmailMessageDetailSchema = Type.Object(
  {
    ...EmailMessageSchema.properties,
    body: Type.String({ description: 'Plain text body as rendered' }),
    html_body: Nullable(Type.String({ description: 'HTML body as rendered, or null for text only' })),
    message_id: Nullable(Type.String({ description: 'Message-ID the SMTP server accepted it under' })),
  },
  { $id: 'EmailMessageDetail' },
);

export const EmailListQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Exact match on the recipient (case-insensitive)' })),
  occasion: Type.Optional(Type.Enum(Occasions)),
  status: Type.Optional(Type.Enum(MessageStatuses)),
  ...PaginationQuery,
});

export const OUTBOX_PAGE_SIZE = 50;

export const OutboxQuery = Type.Object({
  email: EmailListQuery.properties.email,
  occasion: EmailListQuery.properties.occasion,
  status: EmailListQuery.properties.status,
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'Only messages older than this one: the `older` of the page before' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: OUTBOX_PAGE_SIZE, description: 'Messages on the page' })),
});

export const OutboxPageSchema = Type.Object(
  {
    messages: Type.Array(EmailMessageSchema, { description: 'Newest first, without their bodies' }),
    older: Nullable(Type.Integer({ description: 'The `before` of the next page, or null: no older message matches' })),
  },
  { $id: 'OutboxPage' },
);

export const EmailMessageParams = Type.Object({
  ...BetaParams.properties,
  email_id: Type.String({ maxLength: 40, description: 'E-mail message id' }),
});

export const EmailSendingSchema = Type.Object(
  {
    paused: Type.Boolean({
      description:
        'The sending breaker paused the beta\'s e-mail: hard bounces and complaints among its recent sends passed email_breaker_threshold_percent of ' +
        'email_breaker_window. Its messages stay queued until an owner or admin resumes sending',
    }),
    paused_at: NullableTimestamp,
    pause_reason: Nullable(Type.String({ description: 'Why, in words: the bounces and complaints counted, the sends looked at, the threshold' })),
    last_resumed_at: { ...NullableTimestamp, description: 'When sending was last resumed: the breaker counts the sends after it' },
    queued: Type.Integer({ minimum: 0, description: 'Messages waiting to be sent, held ones included' }),
    sent_last_minute: Type.Integer({ minimum: 0, description: 'Messages the SMTP server accepted in the last 60 seconds' }),
    sent_last_hour: Type.Integer({ minimum: 0, description: 'Messages the SMTP server accepted in the last hour' }),
  },
  { $id: 'EmailSending' },
);
