// The error statuses a route can answer whatever its own handler does, added to its response
// schemas as it is registered: the OpenAPI document lists them for every operation (a route added
// later included), and each is serialized by the error body's schema. A handler's own statuses
// (201, 202, …) stay in its route.
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Why each shared status is answered, as the reference shows it. */
export const SHARED_ERROR_STATUSES = {
  400: 'Malformed request (1400): a path parameter that does not decode, or a body that is not valid JSON, form data or XML, not UTF-8, or sent with a Content-Type that does not parse',
  401: 'No API key, one that is unknown, revoked or expired, or credentials that are malformed or conflict (1401)',
  403: "The API key lacks the operation's permission (1403)",
  404: 'Something the path names does not exist, or belongs to another company (1404)',
  409: 'A request with the same Idempotency-Key is still being processed (1409): retry once it has been answered',
  413: 'The body is larger than the limit (1413)',
  414: 'A path parameter longer than 100 characters (1400)',
  422: 'Input the schema or a rule refuses: one entry per problem, with the code of each (1422: an Idempotency-Key used for another request)',
  429: 'Rate limited (1429): Retry-After and RateLimit-Reset say when to try again',
  500: 'Unexpected failure: the message names the request id to quote',
} as const;

export type SharedErrorStatus = keyof typeof SHARED_ERROR_STATUSES;

/**
 * The shared statuses a route can answer: the authenticator's 401 and 403, the rate limit's 429,
 * the error handler's 422 (input the schema refuses) and 500; where the path has parameters, 404
 * and the router's 400 and 414; where a body is read (every method but GET and HEAD), 400 and 413,
 * and the Idempotency-Key's 409 (idempotency.ts).
 */
export function sharedErrorStatuses(method: string, url: string): SharedErrorStatus[] {
  const statuses = new Set<SharedErrorStatus>([401, 403, 422, 429, 500]);
  if (url.includes(':')) for (const status of [400, 404, 414] as const) statuses.add(status);
  if (method !== 'GET' && method !== 'HEAD') for (const status of [400, 409, 413] as const) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** Adds the shared statuses, described, to every route registered in `app`'s scope from now on. */
export function declareErrorResponses(app: FastifyInstance, errorSchema: (description: string) => object): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0];
    const response = { ...(route.schema?.response as Record<string, unknown> | undefined) };
    for (const status of sharedErrorStatuses(method, route.url)) response[status] ??= errorSchema(SHARED_ERROR_STATUSES[status]);
    route.schema = { ...route.schema, response };
  });
}
