// The visitor behind a public request, and the referral cookie a share link leaves for the
// beta's signup page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { networkOf } from '../http/rate-limits.ts';
import type { Visitor } from '../modules/visitors/visitor-keys.ts';

/** How long a share link's referrer is remembered for a visitor. */
const REFERRAL_COOKIE_SECONDS = 30 * 86_400;
const REFERRAL_CODE = /^[A-Za-z0-9]{1,32}$/;

export function visitorOf(request: FastifyRequest): Visitor {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '', network: networkOf(request.ip) };
}

/**
 * Whether the request may count as a view or a click: a GET (HEAD asks about a page without
 * looking at it) that is not a browser's speculative prefetch. Bots are told apart by the service.
 */
export function mayCount(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  return request.method === 'GET' && !/prefetch|prerender/i.test(purpose);
}

function referralCookieName(betaId: number): string {
  return `prelaunch_r_${betaId}`;
}

/** The referral code a share link of this beta left with the visitor, if any. */
export function referralFromCookie(request: FastifyRequest, betaId: number): string | null {
  const name = referralCookieName(betaId);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === name && value && REFERRAL_CODE.test(value)) return value;
  }
  return null;
}

/**
 * Remembers the referrer (the last share link followed wins). A first-party, functional cookie:
 * the code only, HttpOnly, sent with top-level navigation to the service only.
 */
export function rememberReferral(reply: FastifyReply, betaId: number, code: string, secure: boolean): void {
  const attributes = [`Max-Age=${REFERRAL_COOKIE_SECONDS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  reply.header('Set-Cookie', `${referralCookieName(betaId)}=${code}; ${attributes.join('; ')}`);
}

/** A referral code as sent in `?r=` or a body; anything else is no referral. */
export function referralCode(text: unknown): string | null {
  return typeof text === 'string' && REFERRAL_CODE.test(text.trim()) ? text.trim() : null;
}
