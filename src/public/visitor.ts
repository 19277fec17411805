// The visitor behind a public request, and the referral cookie a share link leaves for the
// beta's signup page: the referrer's code and the link's share channel, if it had one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { networkOf } from '../http/rate-limits.ts';
import { shareChannelOf, type ShareChannel } from '../modules/referrals/share-channels.ts';
import type { Visitor } from '../modules/visitors/visitor-keys.ts';

/** How long a share link's referrer is remembered for a visitor. */
const REFERRAL_COOKIE_SECONDS = 30 * 86_400;
const REFERRAL_CODE = /^[A-Za-z0-9]{1,32}$/;
/** The cookie's value: the code, then `.` and the channel when the link had one. */
const REFERRAL_COOKIE = /^([A-Za-z0-9]{1,32})(?:\.([a-z]{1,16}))?$/;

/** Who referred a visitor (their referral code) and through which share channel, if the link said. */
export interface Referral {
  code: string;
  channel: ShareChannel | null;
}

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

/** The referral a share link of this beta left with the visitor, if any. */
export function referralFromCookie(request: FastifyRequest, betaId: number): Referral | null {
  const name = referralCookieName(betaId);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = part.trim().split('=', 2);
    const match = key === name && value ? REFERRAL_COOKIE.exec(value) : null;
    if (match) return { code: match[1], channel: match[2] === undefined ? null : shareChannelOf(match[2]) };
  }
  return null;
}

/**
 * Remembers the referrer and the link's channel (the last share link followed wins, channel and
 * all). A first-party, functional cookie: the code and channel only, HttpOnly, sent with
 * top-level navigation to the service only.
 */
export function rememberReferral(reply: FastifyReply, betaId: number, referral: Referral, secure: boolean): void {
  const attributes = [`Max-Age=${REFERRAL_COOKIE_SECONDS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  const value = referral.channel ? `${referral.code}.${referral.channel}` : referral.code;
  reply.header('Set-Cookie', `${referralCookieName(betaId)}=${value}; ${attributes.join('; ')}`);
}

/** A referral code as sent in `?r=` or a body; anything else is no referral. */
export function referralCode(text: unknown): string | null {
  return typeof text === 'string' && REFERRAL_CODE.test(text.trim()) ? text.trim() : null;
}

/**
 * The referral a request names (`r`, with its channel `ch`), else the one the cookie remembers:
 * a code and its channel always come from the same place.
 */
export function referralOf(sent: { r?: unknown; ch?: unknown }, remembered: () => Referral | null = () => null): Referral | null {
  const code = referralCode(sent.r);
  return code ? { code, channel: shareChannelOf(sent.ch) } : remembered();
}
