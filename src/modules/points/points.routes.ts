import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { actingMemberOf, principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { CreatedPointSchema, ListedPointSchema, PointCreateBody, PointListQuery, PointParams, PointSchema } from './points.schemas.ts';
import { presentCreatedPoint, presentListedPoint, presentPoint } from './points.presenter.ts';
import type { PointInput, PointsService } from './points.service.ts';

/** `point` bodies are accepted wrapped or unwrapped. */
function pointInput(body: ({ point?: PointInput } & PointInput) | undefined): PointInput {
  const source = body?.point ?? body ?? {};
  return { email: source.email, quantity: source.quantity, reason: source.reason };
}

/**
 * A null or blank quantity (JSON null, a form's `quantity=`) is one not given: 2804, as a blank
 * e-mail is 2802. Left in place, the validator would read null as 0 and blank text as a non-integer.
 */
async function blankQuantityIsMissing(request: FastifyRequest): Promise<void> {
  const body = request.body as { point?: unknown; quantity?: unknown } | undefined;
  for (const source of [body, body?.point]) {
    if (typeof source !== 'object' || source === null) continue;
    const fields = source as { quantity?: unknown };
    if (fields.quantity === null || (typeof fields.quantity === 'string' && fields.quantity.trim() === '')) delete fields.quantity;
  }
}

export function pointsRoutes(app: App, points: PointsService): void {
  const series = 'points' as const;

  app.get('/api/v2/betas/:beta_id/points', {
    config: { permission: 'points:read', series, rateLimit: 'listPoints' },
    schema: {
      operationId: 'listPoints',
      tags: ['Points'],
      summary: 'List points',
      description: 'The beta\'s points by id, revoked ones included (with revoked_at), each with its tester\'s address (email). With `email`, only that tester\'s points.',
      params: BetaParams,
      querystring: PointListQuery,
      response: { 200: Type.Array(ListedPointSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await points.list(principalOf(request).companyId, request.params.beta_id, request.query, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentListedPoint) });
    },
  });

  app.post('/api/v2/betas/:beta_id/points', {
    config: { permission: 'points:write', series },
    preValidation: blankQuantityIsMissing,
    schema: {
      operationId: 'createPoints',
      tags: ['Points'],
      summary: 'Create points',
      description: 'Awards bonus points to the tester with the e-mail address; a negative quantity deducts points.',
      params: BetaParams,
      body: PointCreateBody,
      response: { 201: CreatedPointSchema },
    },
    handler: async (request, reply) => {
      const point = await points.create(principalOf(request).companyId, request.params.beta_id, pointInput(request.body), actingMemberOf(request));
      return reply.status(201).send(presentCreatedPoint(point));
    },
  });

  app.delete('/api/v2/betas/:beta_id/points/:point_id', {
    config: { permission: 'points:write', series },
    schema: {
      operationId: 'revokePoint',
      tags: ['Points'],
      'x-extension': true,
      summary: 'Revoke point',
      description: 'The point stays listed with revoked_at set and no longer counts toward the tester\'s points. Answers with the point.',
      params: PointParams,
      response: { 200: PointSchema },
    },
    handler: async (request) =>
      presentPoint(await points.revoke(principalOf(request).companyId, request.params.beta_id, request.params.point_id, actingMemberOf(request))),
  });
}
