// The OpenAPI 3.1 document, generated from the route schemas, and the interactive reference at /docs.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodeDocs } from '../errors.ts';

/**
 * Every error code the service answers, from the registry (src/errors.ts), for generated clients.
 * The plugin copies x- extensions into the document but does not type them, hence the spread.
 */
const errorCodesExtension = { 'x-error-codes': errorCodeDocs() };

export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prelaunch API',
        version: '2',
        description:
          'The v2 interface for prelaunch, waitlist and referral campaigns. Operations tagged "extension" go beyond the original interface.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'API key as the user name, empty password' },
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        },
      },
      security: [{ basic: [] }, { bearer: [] }, { apiKey: [] }],
      tags: [
        { name: 'betas', description: 'Projects' },
        { name: 'testers', description: 'Users' },
        { name: 'extension', description: 'Management operations beyond the original interface' },
      ],
      ...errorCodesExtension,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/api/v2/openapi', { schema: { hide: true } }, async () => app.swagger());
}
