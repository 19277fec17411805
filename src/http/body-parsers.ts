// Request bodies: JSON, form-encoded with bracket notation (tester[profile][first_name]=…), and
// anything else read and dropped so the service can answer with its own "no data" code (2322).
// Both readable kinds must be UTF-8: bytes that are not are refused (400) rather than stored as
// U+FFFD replacement characters, which would silently lose what the client meant to send.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { textBody } from './validation.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Each request's body as its bytes arrived, whatever its type: an Idempotency-Key compares requests as sent. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The bytes of the request's body; none when it had no body. */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return rawBodies.get(request);
}

/** Keeps the body's bytes for rawBodyOf; every parser of a body calls it first. */
export function keepRawBody(request: FastifyRequest, body: Buffer): Buffer {
  rawBodies.set(request, body);
  return body;
}

/** A body the client must fix: 400 with the message (the error handler's client-error path). */
export function badBody(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** The body's bytes as text; bytes that are not UTF-8 are a malformed body. */
export function bodyText(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw badBody('Request body is not valid UTF-8');
  }
}

/** Form values are percent-encoded UTF-8: a malformed escape or invalid bytes is a malformed body. */
function strictDecoder(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = bodyText(keepRawBody(request, body as Buffer));
    } catch (error) {
      return done(error as Error, undefined);
    }
    // An empty body with a JSON content type is "no body", as for the checkin endpoint.
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // Parsed here rather than by @fastify/formbody, whose parser decodes the bytes leniently.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      const text = utf8.decode(keepRawBody(request, body as Buffer));
      done(
        null,
        textBody(qs.parse(text, {
          depth: 6,
          arrayLimit: 200,
          parameterLimit: 2000,
          // Past a limit qs would otherwise drop or reshape fields without a word.
          throwOnLimitExceeded: true,
          allowPrototypes: false,
          allowDots: false,
          decoder: strictDecoder,
        })),
      );
    } catch (error) {
      const detail = error instanceof RangeError ? `: ${error.message}` : '';
      done(badBody(`Request body is not valid form data${detail}`), undefined);
    }
  });
  // Fastify's own text/plain parser would hand the schema a string; dropped like any other type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    keepRawBody(request, body as Buffer);
    done(null, undefined);
  });
  // No body at all is an empty one: each route then answers with its own "missing field" code
  // (2322 for testers, 2302 for a checkin's e-mail, …) instead of a generic schema error.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) request.body = {};
    done();
  });
}
