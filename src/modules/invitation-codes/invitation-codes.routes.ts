import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { InvitationCodeCreateBody, InvitationCodeParams, InvitationCodeSchema, InvitationCodeUpdateBody } from './invitation-codes.schemas.ts';
import { presentInvitationCode } from './invitation-codes.presenter.ts';
import type { InvitationCodeInput, InvitationCodeLimits, InvitationCodesService } from './invitation-codes.service.ts';

/** `invitation_code` bodies are accepted wrapped or unwrapped. */
function invitationCodeInput(body: ({ invitation_code?: InvitationCodeInput } & InvitationCodeInput) | undefined): InvitationCodeInput {
  const source = body?.invitation_code ?? body ?? {};
  return { code: source.code, max_uses: source.max_uses, expires_at: source.expires_at };
}

export function invitationCodesRoutes(app: App, betas: BetasService, codes: InvitationCodesService): void {
  app.get('/api/v2/betas/:beta_id/invitation_codes', {
    config: { permission: 'betas:read', series: 'betas' },
    schema: {
      operationId: 'listInvitationCodes',
      tags: ['Invitation codes'],
      'x-extension': true,
      summary: 'List custom invitation codes',
      description: "The beta's custom codes, by id. Testers' unique codes are derived, not stored here.",
      params: BetaParams,
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(InvitationCodeSchema) },
    },
    handler: async (request, reply) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      const page = pageOf(request.query);
      const result = await codes.list(beta.id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentInvitationCode) });
    },
  });

  app.post('/api/v2/betas/:beta_id/invitation_codes', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'createInvitationCode',
      tags: ['Invitation codes'],
      'x-extension': true,
      summary: 'Create custom invitation code',
      description: 'A code any signup may use, limited by max_uses, expires_at or both.',
      params: BetaParams,
      body: InvitationCodeCreateBody,
      response: { 201: InvitationCodeSchema },
    },
    handler: async (request, reply) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      const code = await codes.create(beta.id, invitationCodeInput(request.body));
      return reply.status(201).send(presentInvitationCode(code));
    },
  });

  app.patch('/api/v2/betas/:beta_id/invitation_codes/:code_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'updateInvitationCode',
      tags: ['Invitation codes'],
      'x-extension': true,
      summary: 'Update custom invitation code',
      description:
        'Changes the limits sent (null removes one); the code and its uses stay. One limit at least remains, ' +
        'and a new expires_at is in the future.',
      params: InvitationCodeParams,
      body: InvitationCodeUpdateBody,
      response: { 200: InvitationCodeSchema },
    },
    handler: async (request) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      const body = request.body as ({ invitation_code?: InvitationCodeLimits } & InvitationCodeLimits) | undefined;
      const source = body?.invitation_code ?? body ?? {};
      return presentInvitationCode(await codes.update(beta.id, request.params.code_id, { max_uses: source.max_uses, expires_at: source.expires_at }));
    },
  });

  app.delete('/api/v2/betas/:beta_id/invitation_codes/:code_id', {
    config: { permission: 'betas:write', series: 'betas' },
    schema: {
      operationId: 'deleteInvitationCode',
      tags: ['Invitation codes'],
      'x-extension': true,
      summary: 'Delete custom invitation code',
      description: 'Answers with the code as it was.',
      params: InvitationCodeParams,
      response: { 200: InvitationCodeSchema },
    },
    handler: async (request) => {
      const beta = await betas.require(principalOf(request).companyId, request.params.beta_id);
      return presentInvitationCode(await codes.delete(beta.id, request.params.code_id));
    },
  });
}
