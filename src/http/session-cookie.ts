// The console's session cookie and the checks of a write authenticated by it. The cookie is
// HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), Secure when the
// public URL is https, and sent to the whole site (the console's pages and the API they call).
// A write must also carry the session's CSRF token and come from the service's own origin.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '../primitives/errors.ts';

const COOKIE = 'prelaunch_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionToken(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value) return value;
  }
  return null;
}

/** `maxAge`: the session's absolute lifetime, in seconds (the server ends it then too). */
export function setSessionCookie(reply: FastifyReply, token: string, maxAge: number, publicUrl: string): void {
  reply.header('Set-Cookie', `${COOKIE}=${token}; ${attributes(publicUrl).join('; ')}; Max-Age=${maxAge}`);
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('Set-Cookie', `${COOKIE}=; ${attributes(publicUrl).join('; ')}; Max-Age=0`);
}

function attributes(publicUrl: string): string[] {
  return ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(publicUrl.startsWith('https:') ? ['Secure'] : [])];
}

/**
 * Refuses a request sent from another site: an Origin header other than the public URL's origin,
 * or, without one, a browser's Sec-Fetch-Site saying cross-site. Sign-in is checked too (a login
 * forged by another site would sign the visitor in to the forger's account).
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin !== new URL(publicUrl).origin) throw Errors.csrfRefused(`Requests from ${origin.slice(0, 100)} are refused: use the console at ${new URL(publicUrl).origin}`);
    return;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw Errors.csrfRefused('Requests from another site are refused');
}

/** A write authenticated by the session cookie: from the service's origin, with the session's CSRF token. */
export function checkCsrf(request: FastifyRequest, csrfToken: string, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  checkOrigin(request, publicUrl);
  const sent = request.headers['x-csrf-token'];
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const expected = Buffer.from(csrfToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw Errors.csrfRefused('The X-CSRF-Token header is missing or wrong: reload the console page and try again');
  }
}
