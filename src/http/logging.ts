// Log options: request lines never carry a credential (api_key query values and the tokens of
// unsubscribe and confirmation links and the check of a status link are masked, and headers are
// not logged at all), and errors are logged without their stack or a driver's quoted row values.
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';

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

/** The fields of a database driver's error that name things (never values): PostgreSQL's and SQLite's. */
const NAMING_FIELDS = ['code', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as a log line shows it: its kind, message and codes, and its cause's. No stack (no log
 * line carries one; the request id ties a 500 to its line) and none of the driver's `detail`,
 * `where` or parameters, which quote rows: another tenant's data would reach the log.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & Partial<Record<(typeof NAMING_FIELDS)[number], unknown>>;
  const line: Record<string, unknown> = { type: error.constructor.name, message: error.message };
  for (const name of NAMING_FIELDS) if (typeof fields[name] === 'string' || typeof fields[name] === 'number') line[name] = fields[name];
  if (error.cause !== undefined) line.cause = serializeError(error.cause);
  return line;
}

/**
 * A logger outside a Fastify app (the server's start, the worker, the cluster's primary), with the
 * app's error serializer; to stdout unless given a destination (a test reading the lines).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, serializers: { err: serializeError } }, destination);
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
