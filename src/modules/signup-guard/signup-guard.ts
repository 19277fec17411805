// What a public signup passes before it costs anything (docs/operations.md, "Launch day"): the
// honeypot, the page's origin, the proof-of-work challenge, the visitor's country and subnet.
// Each refusal has a code of its own and a message a person can act on, stores nothing, and is
// counted here per beta and reason: since the process started (the figures /metrics shows) and per
// minute for the launch panel (LaunchFigures). API creates never come here.
import type { Challenge } from 'altcha-lib';
import type { DialectName, Db } from '../../db/executor.ts';
import { ApiError, Errors } from '../../primitives/errors.ts';
import type { Clock } from '../../primitives/time.ts';
import { embedOrigin } from '../betas/beta-settings.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { LaunchFigures } from '../stats/launch-figures.ts';
import type { GeoLocator } from '../testers/geoip.ts';
import { Challenges } from './challenges.ts';
import { SubnetLimit, type SubnetPlace } from './subnets.ts';
import type { RefusalReason } from './refusal-reasons.ts';

/** The form's hidden field people never see nor fill: its name is what bots expect to fill. */
export const HONEYPOT_FIELD = 'website';

/** The codes a signup's own rules answer that count as fraud refusals. */
const FRAUD_CODES = new Set<number>([Errors.ipBlocked.code, Errors.tooManySignupsFromIp.code, Errors.emailDomainBlocked.code, Errors.referralRefused.code]);
const CHALLENGE_CODES = new Set<number>([Errors.challengeRequired.code, Errors.challengeInvalid.code, Errors.challengeReused.code, Errors.challengeExpired.code]);

/** What the guard reads off a public signup's request. */
export interface SignupAttempt {
  ip: string;
  /** The Origin header; null when the request sent none (not a browser's cross-site request). */
  origin: string | null;
  /** The solved challenge, the widget's `altcha` field. */
  altcha: unknown;
  /** The honeypot field's value. */
  honeypot: unknown;
}

/** Let through, holding a subnet place to give back should the signup fail; or a honeypot's catch. */
export type Admission = { admitted: true; place: SubnetPlace } | { admitted: false };

export interface RefusalCount {
  betaId: number;
  reason: RefusalReason;
  count: number;
}

export class SignupGuard {
  readonly #challenges: Challenges;
  readonly #subnets: SubnetLimit;
  readonly #ownOrigin: string;
  /** Refusals since the process started, by beta and reason. */
  readonly #refused = new Map<number, Map<RefusalReason, number>>();

  constructor(
    db: Db,
    dialect: DialectName,
    clock: Clock,
    private readonly geo: GeoLocator,
    publicUrl: string,
    private readonly launch: LaunchFigures,
  ) {
    this.#challenges = new Challenges(db, clock);
    this.#subnets = new SubnetLimit(db, dialect, clock);
    this.#ownOrigin = new URL(publicUrl).origin;
  }

  /** A challenge for a signup to the beta, at the beta's difficulty. */
  challenge(beta: Beta): Promise<Challenge> {
    return this.#challenges.issue(beta.id, beta.settings.signup_challenge_difficulty);
  }

  /**
   * Checks a public signup before it is made. A filled honeypot is caught (`admitted: false`:
   * the caller answers as for a success and does nothing); any other refusal is thrown.
   */
  async admit(beta: Beta, attempt: SignupAttempt): Promise<Admission> {
    const settings = beta.settings;
    if (typeof attempt.honeypot === 'string' && attempt.honeypot.trim() !== '') {
      this.count(beta.id, 'honeypot');
      return { admitted: false };
    }
    try {
      this.checkOrigin(beta, attempt.origin);
      if (settings.signup_challenge === 'proof_of_work') await this.#challenges.redeem(beta.id, attempt.altcha);
      this.checkCountry(beta, attempt.ip);
      return { admitted: true, place: await this.#subnets.take(beta.id, attempt.ip, settings.max_signups_per_subnet_per_hour) };
    } catch (error) {
      this.countRefusal(beta.id, error);
      throw error;
    }
  }

  /** A share click from the beta's embed: refused from an origin the beta does not allow. */
  admitClick(beta: Beta, origin: string | null): void {
    try {
      this.checkOrigin(beta, origin);
    } catch (error) {
      this.countRefusal(beta.id, error);
      throw error;
    }
  }

  /** Counts a refusal the signup itself answered, when it is one of the fraud rules'. */
  countRefusal(betaId: number, error: unknown): void {
    if (!(error instanceof ApiError)) return;
    const reason = reasonOf(error.code);
    if (reason) this.count(betaId, reason);
  }

  /** Every refusal counted in this process, by beta and reason. */
  refusals(): RefusalCount[] {
    return [...this.#refused].flatMap(([betaId, byReason]) => [...byReason].map(([reason, count]) => ({ betaId, reason, count })));
  }

  private count(betaId: number, reason: RefusalReason): void {
    let byReason = this.#refused.get(betaId);
    if (!byReason) this.#refused.set(betaId, (byReason = new Map()));
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
    this.launch.refused(betaId, reason);
  }

  private checkOrigin(beta: Beta, origin: string | null): void {
    const allowed = beta.settings.embed_origins;
    if (origin === null || allowed.length === 0) return;
    const sent = embedOrigin(origin) ?? origin;
    if (sent !== this.#ownOrigin && !allowed.includes(sent)) throw Errors.originRefused(origin.slice(0, 300));
  }

  private checkCountry(beta: Beta, ip: string): void {
    const { signup_countries_allowed: allowed, signup_countries_blocked: blocked } = beta.settings;
    if (allowed.length === 0 && blocked.length === 0) return;
    const country = this.geo.locate(ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip)?.country ?? null;
    if (countryRefused(country, allowed, blocked)) throw Errors.countryRefused();
  }
}

/** Whether a visitor from `country` (null: unknown) is refused by the allow and block lists. */
export function countryRefused(country: string | null, allowed: readonly string[], blocked: readonly string[]): boolean {
  // An unknown country passes, unless only listed countries may sign up.
  return country === null ? allowed.length > 0 : blocked.includes(country) || (allowed.length > 0 && !allowed.includes(country));
}

function reasonOf(code: number): RefusalReason | null {
  if (CHALLENGE_CODES.has(code)) return 'challenge';
  if (code === Errors.originRefused.code) return 'origin';
  if (code === Errors.countryRefused.code) return 'country';
  if (code === Errors.tooManySignupsFromSubnet.code) return 'subnet';
  return FRAUD_CODES.has(code) ? 'fraud' : null;
}
