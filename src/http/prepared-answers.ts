// Answers rendered once and sent many times (the public leaderboard while a process keeps it): the
// bytes and their validator are made once, and each request only sets headers. A request naming
// the validator in If-None-Match is answered 304 without the body.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface PreparedAnswer {
  readonly type: string;
  readonly body: Buffer;
  /** A strong validator: the digest of the body. */
  readonly etag: string;
}

export function prepareAnswer(type: string, text: string): PreparedAnswer {
  const body = Buffer.from(text, 'utf8');
  return { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** Whether If-None-Match names `etag` (or is `*`); a weak validator matches its strong twin (RFC 9110, weak comparison). */
function named(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Sends `answer` with status 200, or 304 when the client holds it already. `maxAgeSeconds` is how
 * long any cache may keep it: public, as the answer is the same for everyone.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, maxAgeSeconds: number): FastifyReply {
  reply.header('ETag', answer.etag).header('Cache-Control', `public, max-age=${maxAgeSeconds}`);
  if (named(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.status(200).header('Content-Type', answer.type).send(answer.body);
}
