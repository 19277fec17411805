// Request bodies: JSON, form-encoded with bracket notation (tester[profile][first_name]=…), and
// anything else read and dropped so the service can answer with its own "no data" code (2322).
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import qs from 'qs';

export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An empty body with a JSON content type is "no body", as for the checkin endpoint.
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  await app.register(formbody, {
    parser: (body: string) =>
      qs.parse(body, { depth: 6, arrayLimit: 200, parameterLimit: 2000, allowPrototypes: false, allowDots: false }),
  });
  // Fastify's own text/plain parser would hand the schema a string; dropped like any other type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  // No body at all is an empty one: each route then answers with its own "missing field" code
  // (2322 for testers, 2302 for a checkin's e-mail, …) instead of a generic schema error.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
}
