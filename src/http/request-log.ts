// The request log: request lines never carry a credential (api_key query values and the tokens of
// unsubscribe and confirmation links and the check of a status link are masked, and headers are
// not logged at all), and errors go through the process's serializer (src/process/logging.ts).
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { serializeError } from '../process/logging.ts';

/** An id a proxy may hand on: UUIDs, hex (nginx's $request_id), trace ids; nothing that could forge a log line. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The X-Request-Id a trusted proxy (TRUST_PROXY) sent, when well formed, so its logs and ours
 * share the id; null otherwise (the app makes one). Without a trusted proxy a client's own id is
 * ignored: it could pass itself off as another request in the logs.
 */
export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string | null {
  const sent = trustProxy ? request.headers['x-request-id'] : undefined;
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : null;
}

export function maskSecrets(url: string): string {
  return url.replace(/([?&](?:api_key|check)=)[^&#]*/gi, '$1[redacted]').replace(/^(\/(?:unsubscribe|confirm)\/)[^/?#]+/, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's type expects a stack in the line: leaving it out is the point.
      err: serializeError as never,
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: maskSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
