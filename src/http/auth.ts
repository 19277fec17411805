// API key authentication, by the v2 interface's three methods (docs/api.md, "Authentication"): HTTP
// Basic with the key as the user name, a Bearer token, or the api_key query parameter; without a
// key, the console's session cookie (with its CSRF token on writes), the member's role standing
// for the key's permissions. Then the route's permission.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors } from '../primitives/errors.ts';
import { KeyRefused, type AccountsService, type Principal } from '../modules/accounts/accounts.service.ts';
import type { MoveActor } from '../modules/moves/record-moves.ts';
import { permissionsOf } from '../modules/members/roles.ts';
import type { Sessions } from '../modules/members/sessions.ts';
import { checkCsrf, sessionToken } from './session-cookie.ts';

const CHALLENGE = 'Basic realm="Prelaunch", Bearer realm="Prelaunch"';

const malformed = () =>
  Errors.unauthorized('Malformed Authorization header: send "Bearer KEY", or HTTP Basic with the key as user name and an empty password');

/**
 * The one key the request presents, or null for none. A header that is not one of the interface's
 * schemes with one credential, or two different keys (header and api_key, or api_key twice), is
 * refused rather than guessed between. Accepted because clients of the original send them: the
 * same key given twice, and Basic's password empty or the original's placeholder "X".
 */
export function presentedKey(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = [query?.api_key].flat().filter((value): value is string => typeof value === 'string' && value !== '');
  const keys = new Set([...headerKeys(request.headers.authorization), ...fromQuery]);
  if (keys.size > 1) throw Errors.unauthorized('Conflicting API keys: send one key, in the Authorization header or as api_key');
  return keys.values().next().value ?? null;
}

function headerKeys(header: string | undefined): string[] {
  if (!header?.trim()) return [];
  const match = /^(\S+) (\S+)$/.exec(header.trim());
  if (!match) throw malformed();
  const [, scheme, value] = match;
  if (/^bearer$/i.test(scheme)) return [value];
  if (!/^basic$/i.test(scheme)) throw malformed();
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [user, password] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  if (!user || (password !== '' && password !== 'X')) throw malformed();
  return [user];
}

/** `consoleSessions`: the session cookie is accepted too (not on the v1 interface, which only knows keys). */
export function authenticator(accounts: AccountsService, consoleSessions: { sessions: Sessions; publicUrl: string } | null = null) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let principal: Principal;
    try {
      const key = presentedKey(request);
      if (key) principal = await accounts.authenticate(key);
      else if (consoleSessions) principal = await signedIn(request, consoleSessions.sessions, consoleSessions.publicUrl);
      else throw Errors.unauthorized('An API key is required: HTTP Basic (key as user name), Bearer token or api_key parameter');
    } catch (error) {
      if (error instanceof ApiError && error.is(Errors.unauthorized)) reply.header('WWW-Authenticate', CHALLENGE);
      if (error instanceof KeyRefused) request.log.info({ reason: error.reason, keyId: error.keyId }, 'API key refused');
      throw error;
    }
    const needed = request.routeOptions.config.permission;
    if (needed && !principal.permissions.has(needed)) {
      throw principal.session ? Errors.roleForbidden(needed) : Errors.forbidden(needed);
    }
    request.principal = principal;
  };
}

/** The member of the session cookie, as a principal; 401 without a live session. */
async function signedIn(request: FastifyRequest, sessions: Sessions, publicUrl: string): Promise<Principal> {
  const token = sessionToken(request);
  const active = token ? await sessions.resume(token) : undefined;
  if (!active) throw Errors.unauthorized('An API key is required: HTTP Basic (key as user name), Bearer token or api_key parameter; or sign in to the console');
  checkCsrf(request, active.csrfToken, publicUrl);
  return {
    companyId: active.member.company_id,
    keyId: null,
    session: { id: active.id, memberId: active.member.id, csrfToken: active.csrfToken },
    permissions: permissionsOf(active.member.role),
  };
}

/** The authenticated principal of a request that passed `authenticate`. */
/** The console member who sent the request; null for an API key. */
export function actingMemberOf(request: FastifyRequest): number | null {
  return principalOf(request).session?.memberId ?? null;
}

/** Who sent the request, as the moves it causes name them: the console member, or the API key. */
export function actorOf(request: FastifyRequest): MoveActor {
  const principal = principalOf(request);
  return { memberId: principal.session?.memberId ?? null, apiKeyId: principal.keyId };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('Route is missing the authenticate hook');
  return request.principal;
}
