import Type from 'typebox';
import type { RedisConnection } from '../redis.ts';
import type { App } from './app-type.ts';

/**
 * /readyz is 503 only without the database. Redis, when configured, is reported ("ok",
 * "unavailable" or "not answering") but does not make the process unready: without it the rate
 * limits are counted per process and the API answers.
 */
export function healthRoutes(app: App, isReady: () => Promise<boolean>, redis: RedisConnection | null): void {
  app.get('/healthz', {
    schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/readyz', {
    schema: { hide: true },
    handler: async (_request, reply) => {
      const database = await isReady();
      return reply.status(database ? 200 : 503).send({
        status: database ? 'ready' : 'unavailable',
        database: database ? 'ok' : 'unreachable',
        ...(redis ? { redis: redis.available ? 'ok' : `${redis.state} (rate limits per process)` } : {}),
      });
    },
  });
}
