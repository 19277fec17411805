// API key authentication, by the spec's three methods (section 5): HTTP Basic with the key as the
// user name, a Bearer token, or the api_key query parameter. Then the route's permission.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Codes } from '../errors.ts';
import { KeyRefused, type AccountsService, type Principal } from '../modules/accounts/accounts.service.ts';

const CHALLENGE = 'Basic realm="Prelaunch", Bearer realm="Prelaunch"';

export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value = ''] = header.split(/\s+/, 2);
    if (/^bearer$/i.test(scheme)) return value.trim() || null;
    if (/^basic$/i.test(scheme)) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : decoded;
      return user || null;
    }
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.api_key;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

export function authenticator(accounts: AccountsService) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = presentedKey(request);
    let principal: Principal;
    try {
      if (!key) throw new ApiError(Codes.unauthorized, 'An API key is required: HTTP Basic (key as user name), Bearer token or api_key parameter');
      principal = await accounts.authenticate(key);
    } catch (error) {
      if (error instanceof ApiError && error.code === Codes.unauthorized) reply.header('WWW-Authenticate', CHALLENGE);
      if (error instanceof KeyRefused) request.log.info({ reason: error.reason, keyId: error.keyId }, 'API key refused');
      throw error;
    }
    const needed = request.routeOptions.config.permission;
    if (needed && !principal.permissions.has(needed)) {
      throw new ApiError(Codes.forbidden, `This API key lacks the ${needed} permission`);
    }
    request.principal = principal;
  };
}

/** The authenticated principal of a request that passed `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('Route is missing the authenticate hook');
  return request.principal;
}
