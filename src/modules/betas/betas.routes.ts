import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { BetaCreateBody, BetaSchema, BetaUpdateBody } from './betas.schemas.ts';
import { presentBeta } from './betas.presenter.ts';
import type { BetaInput, BetasService } from './betas.service.ts';

/** `beta` bodies are accepted wrapped or unwrapped; `id` is read by create alone. */
function betaInput(body: { beta?: BetaInput } & BetaInput | undefined, creating = false): BetaInput {
  const source = body?.beta ?? body ?? {};
  const fields = { name: source.name, homepage_url: source.homepage_url, slug: source.slug, settings: source.settings };
  return creating ? { id: source.id, ...fields } : fields;
}

export function betasRoutes(app: App, betas: BetasService): void {
  app.get('/api/v2/betas', {
    config: { permission: 'betas:read', series: 'betas', rateLimit: 'listBetas' },
    schema: {
      operationId: 'listBetas',
      tags: ['Betas'],
      summary: 'List betas',
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(BetaSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await betas.list(principalOf(request).companyId, page);
      return sendPage(request, reply, page, { items: result.items.map(presentBeta), total: result.total });
    },
  });

  app.get('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:read', series: 'betas', rateLimit: 'showBeta' },
    schema: {
      operationId: 'showBeta',
      tags: ['Betas'],
      summary: 'Show beta',
      params: BetaParams,
      response: { 200: BetaSchema },
    },
    handler: async (request) => presentBeta(await betas.show(principalOf(request).companyId, request.params.beta_id)),
  });

  app.delete('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:delete', series: 'betas' },
    schema: {
      operationId: 'deleteBeta',
      tags: ['Betas'],
      summary: 'Delete beta',
      description: 'Deletes the beta and everything in it. Answers with the beta as it was.',
      params: BetaParams,
      response: { 200: BetaSchema },
    },
    handler: async (request) => presentBeta(await betas.delete(principalOf(request).companyId, request.params.beta_id)),
  });

  app.post('/api/v2/betas', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'createBeta',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Create beta',
      description: 'With `id`, the beta keeps the id it had in the service you move from, when no beta has it.',
      body: BetaCreateBody,
      response: { 201: BetaSchema },
    },
    handler: async (request, reply) => {
      const beta = await betas.create(principalOf(request).companyId, betaInput(request.body, true));
      return reply.status(201).send(presentBeta(beta));
    },
  });

  app.patch('/api/v2/betas/:beta_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'updateBeta',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Update beta',
      description: 'Changes name, homepage_url and settings; only the settings keys sent change.',
      params: BetaParams,
      body: BetaUpdateBody,
      response: { 200: BetaSchema },
    },
    handler: async (request) =>
      presentBeta(await betas.update(principalOf(request).companyId, request.params.beta_id, betaInput(request.body))),
  });
}
