import Type from 'typebox';
import { FormBoolean } from '../../http/form-boolean.ts';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { EventTypes } from '../events/events.ts';
import { MAX_URL_LENGTH } from './webhook-targets.ts';

/** Stands for every event type, including types added later. */
export const ALL_EVENTS = '*';
export const DeliveryStatuses = ['succeeded', 'failed'] as const;
/** What an endpoint is sent: signed JSON events, or messages in a chat tool's incoming-webhook shape. */
export const WebhookFormats = ['standard', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WebhookFormats)[number];

const FORMAT_DESCRIPTION =
  'standard: the signed JSON events; slack or discord: each event as a message in that tool\'s incoming-webhook shape ' +
  '(Slack: text and blocks; Discord: content and embeds), with a link to the console and addresses masked';
const DIGEST_AT_DESCRIPTION =
  'A daily digest (the day\'s signups, referrals, top referrers, invitations and failed deliveries) sent at this local time, HH:MM; null for none';
const DIGEST_TIME_ZONE_DESCRIPTION = 'The IANA time zone of digest_at, such as Europe/Paris or UTC';

const EVENTS_DESCRIPTION = `Event types sent to the endpoint: ${EventTypes.join(', ')}; ["${ALL_EVENTS}"] for all, including types added later`;

const PREFINERY_SIGNATURE =
  'Also sign each delivery the original service\'s way: X-Prefinery-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of ' +
  '"<t>.<body>" keyed with the secret as shown>, beside the Standard Webhooks headers';

const WebhookFields = {
  id: Type.Integer(),
  url: Type.String({ description: 'Where events are POSTed' }),
  events: Type.Array(Type.String(), { description: EVENTS_DESCRIPTION }),
  enabled: Type.Boolean({ description: 'Whether events are sent to it' }),
  prefinery_signature: Type.Boolean({ description: PREFINERY_SIGNATURE }),
  format: Type.Enum(WebhookFormats, { description: FORMAT_DESCRIPTION }),
  digest_at: Nullable(Type.String({ description: DIGEST_AT_DESCRIPTION })),
  digest_time_zone: Nullable(Type.String({ description: DIGEST_TIME_ZONE_DESCRIPTION })),
  digest_next_at: { ...NullableTimestamp, description: 'When the next digest is due; null when the endpoint has none' },
  disabled_reason: Nullable(
    Type.String({ description: 'Why the service switched the endpoint off (its receiver answered 410 Gone); null otherwise' }),
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const WebhookSchema = Type.Object(WebhookFields, { $id: 'Webhook' });

export const WebhookWithSecretSchema = Type.Object(
  {
    ...WebhookFields,
    secret: Type.String({
      description:
        'Signing secret (whsec_…) for the Standard Webhooks signature; shown only in this answer, never again. ' +
        'Store it where the receiver can read it.',
    }),
  },
  { $id: 'WebhookWithSecret' },
);

const WebhookInputFields = Type.Partial(
  Type.Object({
    url: Type.String({ description: `Absolute http(s) URL of a public host, at most ${MAX_URL_LENGTH} characters, no user name or password` }),
    events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50, description: `${EVENTS_DESCRIPTION}. Default: all` }),
    enabled: FormBoolean({ description: 'Send events to it (default true); enabling clears disabled_reason' }),
    prefinery_signature: FormBoolean({ description: `${PREFINERY_SIGNATURE} (default false)` }),
    format: Type.String({ maxLength: 20, description: `${FORMAT_DESCRIPTION}. One of ${WebhookFormats.join(', ')}; default standard` }),
    digest_at: Nullable(Type.String({ maxLength: 20, description: `${DIGEST_AT_DESCRIPTION} (an empty string too)` })),
    digest_time_zone: Nullable(Type.String({ maxLength: 100, description: `${DIGEST_TIME_ZONE_DESCRIPTION}; required with digest_at` })),
  }),
);

export const WebhookBody = Type.Object({
  webhook: Type.Optional({ ...WebhookInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...WebhookInputFields.properties,
});

export const WebhookParams = Type.Object({
  ...BetaParams.properties,
  webhook_id: Type.String({ maxLength: 40, description: 'Webhook endpoint id' }),
});

export const DeliveryParams = Type.Object({
  ...WebhookParams.properties,
  delivery_id: Type.String({ maxLength: 40, description: 'Delivery (attempt) id' }),
});

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    event_id: Type.String({ description: 'The event (evt_…): the body\'s id and the webhook-id header, the same on every attempt' }),
    event_type: Type.String(),
    attempt: Type.Integer({ description: 'Which attempt at delivering this event to this endpoint, from 1 (redeliveries continue the count)' }),
    status: Type.Enum(DeliveryStatuses),
    response_status: Nullable(Type.Integer({ description: 'HTTP status the receiver answered; null when it did not answer' })),
    error: Nullable(Type.String({ description: 'Why the attempt failed; null when it succeeded' })),
    duration_ms: Type.Integer({ description: 'How long the attempt took' }),
    next_attempt_at: { ...NullableTimestamp, description: 'When the next attempt is scheduled; null when none is (delivered, or given up)' },
    created_at: Timestamp,
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookDeliveryDetailSchema = Type.Object(
  {
    ...WebhookDeliverySchema.properties,
    payload: Type.String({
      description: 'The body sent, as sent (JSON text): the same bytes on every attempt (for a slack or discord endpoint, the message in its current format)',
    }),
  },
  { $id: 'WebhookDeliveryDetail' },
);

export const WebhookTestSchema = Type.Object(
  {
    event_id: Type.String({ description: 'The test event (evt_…): its delivery shows in the endpoint\'s log under this id' }),
    event_type: Type.String({ description: 'webhook_test' }),
  },
  { $id: 'WebhookTest' },
);
