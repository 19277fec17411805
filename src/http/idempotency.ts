// Idempotency-Key on the API's writes (docs/decisions.md, "Idempotent requests"), Stripe's way: a
// POST, PUT, PATCH or DELETE sent with the header is done once; sent again with the same key and
// the same request within 24 hours, it is answered with the first answer (and
// Idempotent-Replayed: true) without being done again. The same key with another request is 422,
// and while the first request runs, 409. Keys belong to the company of the API key. Answers are
// stored once the request has passed authentication and validation and its handler has answered:
// a 5xx is not stored (a retry runs again), nor is anything refused before the handler.
import { createHash, type Hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import Type from 'typebox';
import { Errors } from '../primitives/errors.ts';
import type { Claim, ClaimResult, IdempotencyKeys } from '../modules/idempotency/idempotency-keys.ts';
import { principalOf } from './auth.ts';
import { rawBodyOf } from './body-parsers.ts';
import { type FileBody, fileBodyOf } from './file-upload.ts';

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

/**
 * The claim each request holds while its handler runs; for a file body, with the fingerprint's
 * hash, which the body's bytes complete as the route reads them.
 */
const claims = new WeakMap<FastifyRequest, { claim: Claim; file?: { body: FileBody; hash: Hash } }>();

/** The request as the key compares it, but for its body: method, path, and query (the API key left out). */
function requestHash(request: FastifyRequest): Hash {
  const [path, query = ''] = request.url.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  params.delete('api_key');
  return createHash('sha256').update(`${request.method} ${path}?${params.toString()}\n`);
}

/** The request as the key compares it: method, path, query (the API key left out) and body bytes. */
function fingerprintOf(request: FastifyRequest): string {
  const hash = requestHash(request);
  const body = rawBodyOf(request);
  if (body) hash.update(body);
  return hash.digest('hex');
}

/**
 * Claims the key for a file body, which is streamed to the route, not read first. The claim holds a
 * provisional fingerprint (the request without its body) until the route has read the file; a key
 * that already holds a finished request is compared with the whole body, read here and not taken.
 */
async function claimForFile(keys: IdempotencyKeys, companyId: number, key: string, request: FastifyRequest, body: FileBody): Promise<ClaimResult & { hash?: Hash }> {
  const hash = requestHash(request);
  const result = await keys.claim(companyId, key, `file:${hash.copy().digest('hex')}`);
  if (result.outcome === 'claimed') {
    body.digestInto(hash);
    return { ...result, hash };
  }
  if (result.outcome !== 'mismatch') return result;
  if (!(await body.drainInto(hash))) return result;
  const compared = await keys.claim(companyId, key, hash.digest('hex'));
  if (compared.outcome !== 'claimed') return compared;
  // Free again meanwhile (its 24 hours ran out), but the body is read: the retry must come again.
  await keys.release(compared.claim);
  return { outcome: 'in flight' };
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
  const held = claims.get(request);
  if (!held) return;
  claims.delete(request);
  const { claim, file } = held;
  const body = storedBody(payload);
  try {
    // A file the route did not read to its end has no fingerprint to keep: a retry runs again.
    if (reply.statusCode >= 500 || body === null || (file && !file.body.readToEnd)) {
      await keys.release(claim);
    } else {
      const headers = Object.fromEntries(
        REPLAYED_HEADERS.flatMap((name) => (reply.hasHeader(name) ? [[name, String(reply.getHeader(name))]] : [])),
      );
      await keys.complete(claim, { status: reply.statusCode, headers, body }, file?.hash.digest('hex'));
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
  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    const key = request.headers[HEADER.toLowerCase()];
    if (key === undefined || !WRITES.has(request.method) || reply.sent) return;
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw invalidKey();
    const companyId = principalOf(request).companyId;
    const file = fileBodyOf(request);
    const result: ClaimResult & { hash?: Hash } = file ? await claimForFile(keys, companyId, key, request, file) : await keys.claim(companyId, key, fingerprintOf(request));
    switch (result.outcome) {
      case 'claimed':
        claims.set(request, { claim: result.claim, file: file && result.hash ? { body: file, hash: result.hash } : undefined });
        return;
      case 'replay':
        return replay(reply, result.answer);
      case 'mismatch':
        throw Errors.idempotencyKeyReused();
      case 'in flight':
        throw Errors.idempotencyKeyInUse();
    }
  };
  // Callback style, so that a request without a claim (no key, or refused before the handler) is
  // answered in the same tick rather than after a promise.
  const store: onSendHookHandler = (request, reply, payload, done) => {
    if (!claims.has(request)) return done(null, payload);
    settle(request, reply, payload, keys).then(() => done(null, payload), done);
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0];
    if (!WRITES.has(method)) return;
    const headers = (route.schema?.headers ?? Type.Object({})) as { properties?: Record<string, unknown> };
    route.schema = { ...route.schema, headers: { ...headers, properties: { ...headers.properties, [HEADER]: HeaderSchema } } };
    // The write's own hooks, ahead of any it has, rather than the scope's: a read never runs them.
    route.preHandler = [claim, ...[route.preHandler ?? []].flat()];
    route.onSend = [store, ...[route.onSend ?? []].flat()];
  });
}
