import Type from 'typebox';
import type { App } from './app-type.ts';

export function healthRoutes(app: App, isReady: () => Promise<boolean>): void {
  app.get('/healthz', {
    schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/readyz', {
    schema: { hide: true },
    handler: async (_request, reply) => {
      const database = await isReady();
      return reply.status(database ? 200 : 503).send({ status: database ? 'ready' : 'unavailable', database: database ? 'ok' : 'unreachable' });
    },
  });
}
