import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { SuppressionCreateBody, SuppressionListQuery, SuppressionParams, SuppressionSchema } from './suppressions.schemas.ts';
import { presentSuppression } from './suppressions.presenter.ts';
import type { SuppressionInput, SuppressionsService } from './suppressions.service.ts';

/** `suppression` bodies are accepted wrapped or unwrapped. */
function suppressionInput(body: ({ suppression?: SuppressionInput } & SuppressionInput) | undefined): SuppressionInput {
  const source = body?.suppression ?? body ?? {};
  return { email: source.email, reason: source.reason };
}

export function suppressionsRoutes(app: App, suppressions: SuppressionsService): void {
  const series = 'suppressions' as const;

  app.get('/api/v2/betas/:beta_id/suppressions', {
    config: { permission: 'suppressions:read', series },
    schema: {
      operationId: 'listSuppressions',
      tags: ['Suppressions'],
      summary: 'List suppressions',
      description: 'The beta\'s suppressed addresses by id. With `email`, the suppression of that address (exact, case-insensitive).',
      params: BetaParams,
      querystring: SuppressionListQuery,
      response: { 200: Type.Array(SuppressionSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await suppressions.list(principalOf(request).companyId, request.params.beta_id, request.query, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentSuppression) });
    },
  });

  app.post('/api/v2/betas/:beta_id/suppressions', {
    config: { permission: 'suppressions:write', series },
    schema: {
      operationId: 'createSuppression',
      tags: ['Suppressions'],
      summary: 'Create suppression',
      description:
        'Suppresses the address (reason Manual by default). With reason Unsubscribe, the tester with the address is unsubscribed too.',
      params: BetaParams,
      body: SuppressionCreateBody,
      response: { 201: SuppressionSchema },
    },
    handler: async (request, reply) => {
      const suppression = await suppressions.create(principalOf(request).companyId, request.params.beta_id, suppressionInput(request.body));
      return reply.status(201).send(presentSuppression(suppression));
    },
  });

  app.delete('/api/v2/betas/:beta_id/suppressions/:suppression_id', {
    config: { permission: 'suppressions:write', series },
    schema: {
      operationId: 'deleteSuppression',
      tags: ['Suppressions'],
      summary: 'Delete suppression',
      description:
        'Deletes a Manual or HardBounce suppression, so the address receives e-mail again, and answers with it as it was. ' +
        'Unsubscribe and SpamComplaint suppressions can be removed only through support (422).',
      params: SuppressionParams,
      response: { 200: SuppressionSchema },
    },
    handler: async (request) =>
      presentSuppression(await suppressions.delete(principalOf(request).companyId, request.params.beta_id, request.params.suppression_id)),
  });
}
