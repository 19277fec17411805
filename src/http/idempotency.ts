// Idempotency-Key on the API's writes (docs/decisions.md, "Idempotent requests"), Stripe's way: a
// POST, PUT, PATCH or DELETE sent with the header is done once; sent again with the same key and
// the same request within 24 hours, it is answered with the first answer (and
// Idempotent-Replayed: true) without being done again. The same key with another request is 422,
// and while the first request runs, 409. Keys belong to the company of the API key. Answers are
// stored once the request has passed authentication and validation and its handler has answered:
// a 5xx is not stored (a retry runs again), nor is anything refused before the handler.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import Type from 'typebox';
import { Errors } from '../errors.ts';
import type { Claim, IdempotencyKeys } from '../modules/idempotency/idempotency-keys.ts';
import { principalOf } from './auth.ts';
import { rawBodyOf } from './body-parsers.ts';

const HEADER = 'Idempotency-Key';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1 to 255 printable ASCII characters: what a client can send in a header unaltered. */
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;
/** Of an answer's headers, those a replay repeats; the rest are the request's own (X-Request-Id, RateLimit-*). */
const REPLAYED_HEADERS = ['content-type'];

const HeaderSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7E]+$',
  description:
    'Makes the write safe to retry: sent again within 24 hours with the same key, method, path, query and body, it is ' +
    'answered as the first time (with Idempotent-Replayed: true) without being done again. The same key with another ' +
    `request is 422 (${Errors.idempotencyKeyReused.code}); while the first request is still running, 409 ` +
    `(${Errors.idempotencyKeyInUse.code}). Keys belong to the company; 1 to 255 printable ASCII characters, such as a UUID.`,
});

/** The claim each request holds while its handler runs. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** The request as the key compares it: method, path, query (the API key left out) and body bytes. */
function fingerprintOf(request: FastifyRequest): string {
  const [path, query = ''] = request.url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  params.delete('api_key');
  const hash = createHash('sha256').update(`${request.method} ${path}?${params.toString()}\n`);
  const body = rawBodyOf(request);
  if (body) hash.update(body);
  return hash.digest('hex');
}

/** A key that is not 1 to 255 printable ASCII characters, refused as a schema error of the header. */
function invalidKey(): Error {
  const message = 'must be 1 to 255 printable ASCII characters';
  return Object.assign(new Error(`${HEADER} ${message}`), {
    statusCode: 400,
    validation: [{ instancePath: `/${HEADER}`, keyword: 'idempotencyKey', message, params: {} }],
    validationContext: 'headers',
  });
}

function replay(reply: FastifyReply, answer: { status: number; headers: Record<string, string>; body: string }): FastifyReply {
  return reply.status(answer.status).headers(answer.headers).header('Idempotent-Replayed', 'true').send(answer.body || undefined);
}

/** What the answer's payload is as stored text, or null for one that cannot be replayed (a stream). */
function storedBody(payload: unknown): string | null {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown, keys: IdempotencyKeys): Promise<void> {
  const claim = claims.get(request);
  if (!claim) return;
  claims.delete(request);
  const body = storedBody(payload);
  try {
    if (reply.statusCode >= 500 || body === null) {
      await keys.release(claim);
    } else {
      const headers = Object.fromEntries(
        REPLAYED_HEADERS.flatMap((name) => (reply.hasHeader(name) ? [[name, String(reply.getHeader(name))]] : [])),
      );
      await keys.complete(claim, { status: reply.statusCode, headers, body });
    }
  } catch (error) {
    // The request has been served: its answer goes out all the same. The claim runs out (CLAIM_SECONDS).
    request.log.error({ err: error }, 'could not store the answer of an Idempotency-Key');
  }
}

/**
 * Registers Idempotency-Key on the writes of `app`'s scope (after its authentication hook): the
 * header in each write's schema (and so in the OpenAPI document), the claim before the handler,
 * the answer stored as it is sent.
 */
export function registerIdempotency(app: FastifyInstance, keys: IdempotencyKeys): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0];
    if (!WRITES.has(method)) return;
    const headers = (route.schema?.headers ?? Type.Object({})) as { properties?: Record<string, unknown> };
    route.schema = { ...route.schema, headers: { ...headers, properties: { ...headers.properties, [HEADER]: HeaderSchema } } };
  });

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER.toLowerCase()];
    if (key === undefined || !WRITES.has(request.method) || reply.sent) return;
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw invalidKey();
    const result = await keys.claim(principalOf(request).companyId, key, fingerprintOf(request));
    switch (result.outcome) {
      case 'claimed':
        claims.set(request, result.claim);
        return;
      case 'replay':
        return replay(reply, result.answer);
      case 'mismatch':
        throw Errors.idempotencyKeyReused();
      case 'in flight':
        throw Errors.idempotencyKeyInUse();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload, keys);
    return payload;
  });
}
