// Webhook endpoints and their delivery log as the API shows them. The secret is shown only by the
// answers that made it.
import type { WebhookEndpointRow } from '../../db/tables/effects.ts';
import { apiTime } from '../../primitives/time.ts';
import { ALL_EVENTS, type WebhookFormat } from './webhooks.schemas.ts';
import type { WebhookDelivery, WebhookDeliveryDetail } from './webhooks.service.ts';

export function presentWebhook(endpoint: WebhookEndpointRow) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events === null ? [ALL_EVENTS] : (JSON.parse(endpoint.events) as string[]),
    enabled: endpoint.enabled === 1,
    prefinery_signature: endpoint.prefinery_signature === 1,
    format: endpoint.format as WebhookFormat,
    digest_at: endpoint.digest_at,
    digest_time_zone: endpoint.digest_time_zone,
    digest_next_at: apiTime(endpoint.digest_next_at),
    disabled_reason: endpoint.disabled_reason,
    created_at: apiTime(endpoint.created_at),
    updated_at: apiTime(endpoint.updated_at),
  };
}

/** The endpoint with its secret: only in the answer that made the secret. */
export function presentWebhookWithSecret(endpoint: WebhookEndpointRow) {
  return { ...presentWebhook(endpoint), secret: endpoint.secret };
}

export function presentDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event_id: delivery.event_public_id,
    event_type: delivery.event_type,
    attempt: delivery.attempt,
    status: delivery.status as 'succeeded' | 'failed',
    response_status: delivery.response_status,
    error: delivery.error,
    duration_ms: delivery.duration_ms,
    next_attempt_at: apiTime(delivery.next_attempt_at),
    created_at: apiTime(delivery.created_at),
  };
}

export function presentDeliveryDetail(delivery: WebhookDeliveryDetail) {
  return { ...presentDelivery(delivery), payload: delivery.payload };
}
