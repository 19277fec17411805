import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { Accepted, BetaParams, sendAccepted } from '../../http/schemas.ts';
import { MAX_ATTEMPTS } from './webhook-delivery.ts';
import {
  DeliveryParams,
  WebhookBody,
  WebhookDeliveryDetailSchema,
  WebhookDeliverySchema,
  WebhookParams,
  WebhookSchema,
  WebhookTestSchema,
  WebhookWithSecretSchema,
} from './webhooks.schemas.ts';
import { presentDelivery, presentDeliveryDetail, presentWebhook, presentWebhookWithSecret } from './webhooks.presenter.ts';
import { TEST_EVENT_TYPE } from '../events/events.ts';
import type { WebhookInput, WebhooksService } from './webhooks.service.ts';

/** `webhook` bodies are accepted wrapped or unwrapped. */
function webhookInput(body: ({ webhook?: WebhookInput } & WebhookInput) | undefined): WebhookInput {
  const source = body?.webhook ?? body ?? {};
  const { url, events, enabled, prefinery_signature, format, digest_at, digest_time_zone } = source;
  return { url, events, enabled, prefinery_signature, format, digest_at, digest_time_zone };
}

const SIGNING =
  'Each delivery is a POST of the event as JSON, signed with Standard Webhooks headers ' +
  '(webhook-id, webhook-timestamp, webhook-signature) using the endpoint\'s secret; ' +
  'an endpoint whose format is slack or discord is sent each event as a message in that tool\'s shape.';

export function webhooksRoutes(app: App, webhooks: WebhooksService): void {
  const config = { permission: 'webhooks:manage', series: 'betas' } as const;

  app.get('/api/v2/betas/:beta_id/webhooks', {
    config,
    schema: {
      operationId: 'listWebhooks',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'List webhook endpoints',
      description: 'The beta\'s webhook endpoints by id. Secrets are never shown here.',
      params: BetaParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(WebhookSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await webhooks.list(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentWebhook) });
    },
  });

  app.post('/api/v2/betas/:beta_id/webhooks', {
    config,
    schema: {
      operationId: 'createWebhook',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Create webhook endpoint',
      description:
        `Events of the beta are sent to \`url\` from now on. ${SIGNING} The answer carries the signing \`secret\`, ` +
        'shown only this once. URLs of loopback, private and other non-public addresses are refused unless the ' +
        'operator allows them.',
      params: BetaParams,
      body: WebhookBody,
      response: { 201: WebhookWithSecretSchema },
    },
    handler: async (request, reply) => {
      const endpoint = await webhooks.create(principalOf(request).companyId, request.params.beta_id, webhookInput(request.body));
      return reply.status(201).send(presentWebhookWithSecret(endpoint));
    },
  });

  app.get('/api/v2/betas/:beta_id/webhooks/:webhook_id', {
    config,
    schema: {
      operationId: 'showWebhook',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Show webhook endpoint',
      description: 'One endpoint of the beta. Its secret is never shown here.',
      params: WebhookParams,
      response: { 200: WebhookSchema },
    },
    handler: async (request) =>
      presentWebhook(await webhooks.show(principalOf(request).companyId, request.params.beta_id, request.params.webhook_id)),
  });

  app.patch('/api/v2/betas/:beta_id/webhooks/:webhook_id', {
    config,
    schema: {
      operationId: 'updateWebhook',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Update webhook endpoint',
      description:
        'Changes url, events, enabled and prefinery_signature; the fields not sent stay. Enabling an endpoint the service switched off ' +
        '(its receiver answered 410 Gone) clears disabled_reason.',
      params: WebhookParams,
      body: WebhookBody,
      response: { 200: WebhookSchema },
    },
    handler: async (request) =>
      presentWebhook(
        await webhooks.update(principalOf(request).companyId, request.params.beta_id, request.params.webhook_id, webhookInput(request.body)),
      ),
  });

  app.delete('/api/v2/betas/:beta_id/webhooks/:webhook_id', {
    config,
    schema: {
      operationId: 'deleteWebhook',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Delete webhook endpoint',
      description: 'Deletes the endpoint and its delivery log; deliveries still pending are not sent. Answers with it as it was.',
      params: WebhookParams,
      response: { 200: WebhookSchema },
    },
    handler: async (request) =>
      presentWebhook(await webhooks.delete(principalOf(request).companyId, request.params.beta_id, request.params.webhook_id)),
  });

  app.post('/api/v2/betas/:beta_id/webhooks/:webhook_id/rotate_secret', {
    config,
    schema: {
      operationId: 'rotateWebhookSecret',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Rotate webhook secret',
      description:
        'Replaces the signing secret and answers with the new one, shown only this once. Every delivery from now on, ' +
        'retries of earlier events included, is signed with the new secret; the old one stops at once.',
      params: WebhookParams,
      response: { 200: WebhookWithSecretSchema },
    },
    handler: async (request) =>
      presentWebhookWithSecret(await webhooks.rotateSecret(principalOf(request).companyId, request.params.beta_id, request.params.webhook_id)),
  });

  app.get('/api/v2/betas/:beta_id/webhooks/:webhook_id/deliveries', {
    config,
    schema: {
      operationId: 'listWebhookDeliveries',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'List webhook deliveries',
      description:
        'Every attempt at sending an event to the endpoint, newest first. A 2xx answer succeeds; 410 Gone switches the ' +
        `endpoint off; anything else, or no answer in time, fails and is tried again ${MAX_ATTEMPTS} times in all, ` +
        'attempt N+1 coming 5 s + N⁴ s after attempt N (next_attempt_at). An event\'s attempts are kept WEBHOOK_LOG_RETENTION_DAYS ' +
        '(30 by default) after its last one, and while a delivery of it is pending.',
      params: WebhookParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(WebhookDeliverySchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const { beta_id, webhook_id } = request.params;
      const result = await webhooks.deliveries(principalOf(request).companyId, beta_id, webhook_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentDelivery) });
    },
  });

  app.get('/api/v2/betas/:beta_id/webhooks/:webhook_id/deliveries/:delivery_id', {
    config,
    schema: {
      operationId: 'showWebhookDelivery',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Show webhook delivery',
      description: 'One attempt, with the body its event sends (`payload`, the JSON text as sent, the same on every attempt).',
      params: DeliveryParams,
      response: { 200: WebhookDeliveryDetailSchema },
    },
    handler: async (request) => {
      const { beta_id, webhook_id, delivery_id } = request.params;
      return presentDeliveryDetail(await webhooks.delivery(principalOf(request).companyId, beta_id, webhook_id, delivery_id));
    },
  });

  app.post('/api/v2/betas/:beta_id/webhooks/:webhook_id/test', {
    config,
    schema: {
      operationId: 'testWebhook',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Send a test event',
      description:
        `Raises a \`${TEST_EVENT_TYPE}\` event for this endpoint alone, whatever its events filter, and sends it at once: ` +
        `{"id":"evt_…","type":"${TEST_EVENT_TYPE}","created_at":…,"beta_id":…,"data":{"webhook_id":…,"url":…,"message":…}}. ${SIGNING} ` +
        'It is one attempt, logged in the endpoint\'s deliveries and not retried. A disabled endpoint answers 422.',
      params: WebhookParams,
      response: { 202: WebhookTestSchema },
    },
    handler: async (request, reply) => {
      const { beta_id, webhook_id } = request.params;
      const { eventId } = await webhooks.sendTest(principalOf(request).companyId, beta_id, webhook_id);
      return reply.status(202).send({ event_id: eventId, event_type: TEST_EVENT_TYPE });
    },
  });

  app.post('/api/v2/betas/:beta_id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver', {
    config,
    schema: {
      operationId: 'redeliverWebhookDelivery',
      tags: ['Webhooks'],
      'x-extension': true,
      summary: 'Redeliver webhook event',
      description:
        'Sends the delivery\'s event to the endpoint again, at once, with the same webhook-id; answers 202 with no body. ' +
        'It is one attempt, logged like the others and not retried when it fails. A disabled endpoint answers 422.',
      params: DeliveryParams,
      response: { 202: Accepted },
    },
    handler: async (request, reply) => {
      const { beta_id, webhook_id, delivery_id } = request.params;
      await webhooks.redeliver(principalOf(request).companyId, beta_id, webhook_id, delivery_id);
      return sendAccepted(reply);
    },
  });
}
