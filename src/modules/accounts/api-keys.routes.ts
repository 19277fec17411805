// The company's API keys through the management API (docs/decisions.md, "API keys in the console"):
// listed, created and revoked with api_keys:manage — an owner's, or a key's that was given it. A
// key never hands out a permission it lacks.
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { PaginationQuery, pageOf, sendPage } from '../../http/pagination.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { parseIsoMoment } from '../../primitives/time.ts';
import { presentCreatedKey, presentKeyInfo } from './accounts.presenter.ts';
import type { AccountsService } from './accounts.service.ts';
import { ApiKeyParams, ApiKeySchema, CreateApiKeyBody, CreatedApiKeySchema } from './api-keys.schemas.ts';

function keyId(text: string): number {
  const id = parseId(text);
  if (id === null) throw Errors.notFound('API key not found');
  return id;
}

/** The expiry sent: absent or null for none; 422 when it is not an ISO 8601 moment. */
function expiryOf(text: string | null | undefined): Date | null {
  if (text == null || text.trim() === '') return null;
  const moment = parseIsoMoment(text.trim());
  if (!moment) throw Errors.membersGeneral('expires_at must be an ISO 8601 date or date-time with a zone, e.g. 2027-01-31 or 2027-01-31T12:00:00Z');
  return moment;
}

export function apiKeysRoutes(app: App, accounts: AccountsService): void {
  const tags = ['API keys'];
  const config = { permission: 'api_keys:manage', series: 'members' } as const;

  app.get('/api/v2/api_keys', {
    config,
    schema: {
      operationId: 'listApiKeys',
      tags,
      'x-extension': true,
      summary: "List the company's API keys",
      description: 'By id, revoked and expired ones included; never the keys themselves, only their first characters (key_prefix).',
      querystring: Type.Object(PaginationQuery),
      response: { 200: Type.Array(ApiKeySchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await accounts.pageApiKeys(principalOf(request).companyId, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentKeyInfo) });
    },
  });

  app.post('/api/v2/api_keys', {
    config,
    schema: {
      operationId: 'createApiKey',
      tags,
      'x-extension': true,
      summary: 'Create an API key',
      description:
        'Answers with the key itself (`key`), shown this once and never again: only its SHA-256 is stored. Permissions are all by ' +
        'default; a key creating another may give it only permissions it holds itself (403 otherwise).',
      body: CreateApiKeyBody,
      response: { 201: CreatedApiKeySchema },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body ?? {};
      const created = await accounts.createApiKey({
        companyId: principal.companyId,
        name: body.name,
        permissions: body.permissions,
        expiresAt: expiryOf(body.expires_at),
        grantor: principal.permissions,
      });
      return reply.status(201).send(presentCreatedKey(created));
    },
  });

  app.post('/api/v2/api_keys/:api_key_id/revoke', {
    config,
    schema: {
      operationId: 'revokeApiKey',
      tags,
      'x-extension': true,
      summary: 'Revoke an API key',
      description: 'The key opens nothing from now on (401, as an unknown key). Revoking it again keeps the first time. Answers with the key.',
      params: ApiKeyParams,
      response: { 200: ApiKeySchema },
    },
    handler: async (request) => presentKeyInfo(await accounts.revokeApiKey(keyId(request.params.api_key_id), principalOf(request).companyId)),
  });
}
