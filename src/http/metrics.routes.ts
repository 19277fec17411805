// /metrics: Prometheus text for scrapers, outside the API keys. Off with METRICS_ENABLED=false;
// with METRICS_TOKEN set it asks for that token (Authorization: Bearer TOKEN, or HTTP Basic with
// the token as user name), compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Errors } from '../primitives/errors.ts';
import type { App } from './app-type.ts';
import { presentedKey } from './auth.ts';

export interface MetricsEndpoint {
  /** The text and its content type: this process's registry, or every process's added up. */
  render(): Promise<{ contentType: string; text: string }>;
  /** Counts one answered request. */
  observeRequest(method: string, route: string | null, status: number, seconds: number): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsRoutes(app: App, metrics: MetricsEndpoint, token: string | null): void {
  // Every answer is counted by the route's pattern, never its URL (ids would make a series each).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? null, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const expected = token === null ? null : digest(token);
  app.get('/metrics', {
    schema: { hide: true },
    handler: async (request, reply) => {
      if (expected) {
        // A malformed or doubled credential is no token either: answered as a missing one.
        const presented = (() => {
          try {
            return presentedKey(request);
          } catch {
            return null;
          }
        })();
        if (!presented || !timingSafeEqual(digest(presented), expected)) {
          reply.header('WWW-Authenticate', 'Bearer realm="Prelaunch metrics"');
          throw Errors.unauthorized('The metrics token is required: Authorization: Bearer METRICS_TOKEN');
        }
      }
      const { contentType, text } = await metrics.render();
      return reply.type(contentType).send(text);
    },
  });
}
