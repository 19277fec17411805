// Rate limits (docs/decisions.md, "Rate limits"). Each limit is a fixed window of
// rate-limiter-flexible, counted in this process's memory or, with REDIS_URL, in Redis shared by
// every process, falling back to the memory limiter whenever Redis is unavailable (redis.ts decides
// when). A route names its scope in `config.rateLimit`; every authenticated request also counts
// against its key's default limit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config, Rate, RateLimitName } from '../process/config.ts';
import { Errors } from '../primitives/errors.ts';
import type { Principal } from '../modules/accounts/accounts.service.ts';
import { RedisConnection, type RedisLog } from '../process/redis.ts';
import { principalOf } from './auth.ts';
import { parseId } from '../primitives/ids.ts';

/** What a route may name in `config.rateLimit`: the operations the v2 interface limits. */
export type RateLimitScope = 'listBetas' | 'showBeta' | 'listTesters' | 'listRewards' | 'listPoints' | 'testEmails';

/** The limits a scope consumes from, besides the key's default: all must allow the request. */
const SCOPE_LIMITS: Record<RateLimitScope, RateLimitName[]> = {
  listBetas: ['listBetas'],
  showBeta: ['showBeta'],
  listTesters: ['listTesters', 'listTestersCompany'],
  listRewards: ['listRewards'],
  listPoints: ['listPoints'],
  testEmails: ['testEmails'],
};

/**
 * Whose requests each limit counts, and how the 429 message names it. The v2 interface's limits
 * belong to the account (the company), per beta where it says per project; the default protects
 * the service from one runaway client, so it counts per key.
 */
const COUNTING: Record<RateLimitName, { per: 'key' | 'company' | 'beta'; what: string }> = {
  default: { per: 'key', what: 'with one API key' },
  listBetas: { per: 'company', what: 'to list betas' },
  showBeta: { per: 'company', what: 'to show a beta' },
  listTesters: { per: 'beta', what: 'to list testers of this beta' },
  listTestersCompany: { per: 'company', what: "to list testers across this company's betas" },
  listRewards: { per: 'beta', what: 'to list rewards of this beta' },
  listPoints: { per: 'beta', what: 'to list points of this beta' },
  testEmails: { per: 'key', what: 'to send test e-mails' },
};

interface Limit {
  name: string;
  rate: Rate;
  what: string;
  /** This process's counters: the limit without Redis, and its stand-in while Redis is unavailable. */
  memory: RateLimiterMemory;
  /** The counters in Redis, shared by every process; null without REDIS_URL. */
  shared: RateLimiterRedis | null;
}

/** What one limit said of a request: allowed or not, and its figures for the headers. */
interface Verdict {
  allowed: boolean;
  result: RateLimiterRes;
}

interface Outcome extends Verdict {
  limit: Limit;
  key: string;
}

/** A limiter's answer as a verdict: it refuses by rejecting with a RateLimiterRes; anything else is a fault. */
function verdictOf(attempt: Promise<RateLimiterRes>): Promise<Verdict> {
  return attempt.then(
    (result) => ({ allowed: true, result }),
    (reason: unknown) => {
      if (reason instanceof RateLimiterRes) return { allowed: false, result: reason };
      throw reason;
    },
  );
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface FailureLimit {
  check(reply: FastifyReply, key: string): Promise<void>;
  /** Counts one more failure of `key`; how many it has in the window now. */
  fail(key: string): Promise<number>;
}

function counterKey(per: 'key' | 'company' | 'beta', principal: Principal, request: FastifyRequest): string {
  if (per === 'key') return principal.session ? `m${principal.session.memberId}` : `k${principal.keyId}`;
  if (per === 'company') return `c${principal.companyId}`;
  // As the services read it, so "07" and "7" share a counter; text that is no id shares "b0" (it is
  // answered 404). Made-up numeric ids are counters of their own, as many as the key's default allows.
  const betaId = parseId(String((request.params as { beta_id?: unknown }).beta_id ?? '')) ?? 0;
  return `c${principal.companyId}:b${betaId}`;
}

/** The client's network: an IPv4 address, or the /64 of an IPv6 one (what one subscriber is given). */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** "minute", "15 minutes", "2 seconds": the window as the 429 message says it. */
function windowText(seconds: number): string {
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return amount === 1 ? unit : `${amount} ${unit}s`;
}

/** Whole seconds until the window resets, at least 1 (headers and the message round up). */
function secondsUntil(milliseconds: number): number {
  return Math.max(1, Math.ceil(milliseconds / 1000));
}

/** Of several limits, the one a client must heed: fewest requests left, then the longest wait. */
function closestToExhaustion(outcomes: Outcome[]): Outcome {
  return outcomes.reduce((closest, outcome) => {
    const left = outcome.result.remainingPoints - closest.result.remainingPoints;
    return left < 0 || (left === 0 && outcome.result.msBeforeNext > closest.result.msBeforeNext) ? outcome : closest;
  });
}

export class RateLimits {
  readonly #limits: Record<RateLimitName, Limit>;
  readonly #rejected = new Map<string, number>();

  constructor(
    rates: Config['rateLimits'],
    private readonly redis: RedisConnection | null,
    private readonly keyPrefix: string,
  ) {
    const names = Object.keys(COUNTING) as RateLimitName[];
    this.#limits = Object.fromEntries(names.map((name) => [name, this.#limit(name, rates[name], COUNTING[name].what)])) as Record<RateLimitName, Limit>;
  }

  /** onRequest hook of authenticated routes, after `authenticate`: 401s and 403s are not counted. */
  readonly authenticated: Hook = async (request, reply) => {
    const principal = principalOf(request);
    const scope = request.routeOptions.config.rateLimit;
    const names: RateLimitName[] = ['default', ...(scope ? SCOPE_LIMITS[scope] : [])];
    await this.#enforce(
      reply,
      names.map((name) => ({ limit: this.#limits[name], key: counterKey(COUNTING[name].per, principal, request) })),
    );
  };

  /**
   * A limit per client network (IPv4 address or IPv6 /64), for pages visitors reach without a key.
   * `what` ends the 429 message: "Rate limit exceeded: 10 requests per minute <what>; …".
   */
  perIp(name: string, rate: Rate, what: string): Hook {
    const limit = this.#limit(`ip:${name}`, rate, what);
    return async (request, reply) => this.#enforce(reply, [{ limit, key: networkOf(request.ip) }]);
  }

  /**
   * A limit on failures (failed sign-ins): `check` refuses with 429 a key that has failed `rate`'s
   * count in the window, `fail` counts one more. Successes cost nothing.
   */
  failureLimit(name: string, rate: Rate, what: string): FailureLimit {
    const limit = this.#limit(`failures:${name}`, rate, what);
    return {
      check: async (reply, key) => {
        const unused = new RateLimiterRes(rate.points, 0, 0, false);
        const { result } = await this.#counted(limit, async (limiter) => (await limiter.get(key)) ?? unused);
        if (result.consumedPoints < rate.points) return;
        this.#rejected.set(limit.name, (this.#rejected.get(limit.name) ?? 0) + 1);
        const reset = secondsUntil(result.msBeforeNext);
        reply.header('Retry-After', reset);
        throw Errors.rateLimited(`Too many failed attempts ${what}: ${rate.points} per ${windowText(rate.seconds)}; try again in ${reset} s`);
      },
      fail: async (key) => {
        const { result } = await this.#counted(limit, (limiter) => limiter.consume(key));
        return result.consumedPoints;
      },
    };
  }

  /** Requests refused so far, by the name of the limit that refused them (for metrics). */
  rejections(): Record<string, number> {
    return Object.fromEntries(this.#rejected);
  }

  #limit(name: string, rate: Rate, what: string): Limit {
    const options = { keyPrefix: name, points: rate.points, duration: rate.seconds };
    const shared = this.redis
      ? new RateLimiterRedis({ ...options, keyPrefix: `${this.keyPrefix}rl:${name}`, storeClient: this.redis.client })
      : null;
    return { name, rate, what, memory: new RateLimiterMemory(options), shared };
  }

  /** `use` on the limit's Redis counters while Redis is available, else (or when Redis fails) on this process's. */
  #counted(limit: Limit, use: (limiter: RateLimiterMemory | RateLimiterRedis) => Promise<RateLimiterRes>): Promise<Verdict> {
    const { shared, memory } = limit;
    const inMemory = () => verdictOf(use(memory));
    return shared && this.redis ? this.redis.run(() => verdictOf(use(shared)), inMemory) : inMemory();
  }

  /** Consumes from every limit; sets the headers; refuses with 429 when any limit is exhausted. */
  async #enforce(reply: FastifyReply, checks: { limit: Limit; key: string }[]): Promise<void> {
    const verdicts = await Promise.all(checks.map(({ limit, key }) => this.#counted(limit, (limiter) => limiter.consume(key))));
    const outcomes = verdicts.map((verdict, index): Outcome => ({ ...checks[index], ...verdict }));
    const refused = outcomes.filter((outcome) => !outcome.allowed);
    // A refused request does nothing, so it costs nothing against the limits that allowed it.
    if (refused.length > 0) await Promise.all(outcomes.filter((o) => o.allowed).map((o) => this.#counted(o.limit, (limiter) => limiter.reward(o.key))));

    const shown = closestToExhaustion(refused.length > 0 ? refused : outcomes);
    const reset = secondsUntil(shown.result.msBeforeNext);
    reply.header('RateLimit-Limit', shown.limit.rate.points);
    reply.header('RateLimit-Remaining', shown.result.remainingPoints);
    reply.header('RateLimit-Reset', reset);
    if (refused.length === 0) return;

    this.#rejected.set(shown.limit.name, (this.#rejected.get(shown.limit.name) ?? 0) + 1);
    reply.header('Retry-After', reset);
    const { points, seconds } = shown.limit.rate;
    throw Errors.rateLimited(`Rate limit exceeded: ${points} requests per ${windowText(seconds)} ${shown.limit.what}; try again in ${reset} s`);
  }
}

/** The limits as configured: shared in Redis with REDIS_URL (the caller closes `redis`), else in memory. */
export function openRateLimits(config: Config, log: RedisLog): { rateLimits: RateLimits; redis: RedisConnection | null } {
  const redis = config.redisUrl ? new RedisConnection(config.redisUrl, log) : null;
  return { rateLimits: new RateLimits(config.rateLimits, redis, config.redisKeyPrefix), redis };
}
