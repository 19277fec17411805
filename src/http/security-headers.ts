// Helmet's security headers, worked out once per scope instead of once per request.
// @fastify/helmet builds helmet's middleware from its options on every request, parsing each
// Content-Security-Policy directive again: about a tenth of a status page's cost, profiled at
// launch-day load. The options here are constants (no directive is a function of the request),
// so their headers are too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with `options`, by name. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer of `scope` carries helmet's headers for `options`; a handler may still replace one. */
export function addSecurityHeaders(scope: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
