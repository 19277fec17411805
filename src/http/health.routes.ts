import Type from 'typebox';
import type { RedisConnection } from '../process/redis.ts';
import type { App } from './app-type.ts';

/**
 * /readyz is 503 only without the database. Redis, when configured, is asked (one PING, answered
 * within 500 ms or not) and reported ("ok", "unavailable" or "not answering"), the same in every
 * process whatever commands it sent before; it does not make the process unready: without it the
 * rate limits are counted per process and the API answers.
 */
export function healthRoutes(app: App, isReady: () => Promise<boolean>, redis: RedisConnection | null): void {
  app.get('/healthz', {
    schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/readyz', {
    schema: { hide: true },
    handler: async (_request, reply) => {
      const [database, redisState] = await Promise.all([isReady(), redis?.probe()]);
      return reply.status(database ? 200 : 503).send({
        status: database ? 'ready' : 'unavailable',
        database: database ? 'ok' : 'unreachable',
        ...(redisState ? { redis: redisState === 'ok' ? 'ok' : `${redisState} (rate limits per process)` } : {}),
      });
    },
  });
}
