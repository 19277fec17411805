// URL conventions of the interface, applied before routing (docs/decisions.md, "Paths"):
// - the `.json` suffix on the last path segment is optional: it is removed;
// - POST with X-HTTP-Method-Override: PUT|PATCH|DELETE acts as that method.
import type { IncomingMessage } from 'node:http';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

export function rewriteRequest(request: IncomingMessage): string {
  const override = request.headers['x-http-method-override'];
  if (request.method === 'POST' && typeof override === 'string' && OVERRIDABLE.has(override.toUpperCase())) {
    request.method = override.toUpperCase();
  }
  const url = request.url ?? '/';
  if (!url.startsWith('/api/v2/')) return url;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!path.endsWith('.json')) return url;
  return path.slice(0, -'.json'.length) + (queryStart === -1 ? '' : url.slice(queryStart));
}
