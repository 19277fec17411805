// The proof-of-work challenge of public signups, in ALTCHA's format (altcha-lib), so the standard
// widget and solvers work. A challenge is signed with a secret every process shares (a stored
// salt), names its beta, lasts CHALLENGE_SECONDS, and is good for one signup: the nonce of each
// solution accepted is stored until the challenge would have expired, and a second use is refused
// whichever process sees it.
import { randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from '../../db/executor.ts';
import { Errors } from '../../primitives/errors.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { sharedSalt } from '../visitors/visitor-keys.ts';

/** How long a challenge may be solved and used. */
export const CHALLENGE_SECONDS = 10 * 60;
/** One SHA-256 per try: the difficulty (the counter's maximum) is the whole of the work asked. */
const ALGORITHM = 'SHA-256';
/** The longest `altcha` field taken: a widget's payload is about 600 characters. */
const PAYLOAD_MAX_LENGTH = 4096;
/** Spent challenges past their expiry are deleted once every so many signups of a process. */
const PRUNE_EVERY = 200;

interface Secrets {
  challenge: string;
  key: string;
}

/** The challenge field as the widget sends it (base64 JSON), or null for anything else. */
function parsePayload(text: string): Payload | null {
  if (text.length > PAYLOAD_MAX_LENGTH) return null;
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    const parameters = payload?.challenge?.parameters;
    if (typeof parameters !== 'object' || parameters === null || typeof payload.solution !== 'object' || payload.solution === null) return null;
    if (typeof parameters.nonce !== 'string' || typeof payload.challenge.signature !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

export class Challenges {
  #secrets: Promise<Secrets> | null = null;
  #redeemed = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A new challenge for a signup to the beta, its counter drawn up to `difficulty`. */
  async issue(betaId: number, difficulty: number): Promise<Challenge> {
    const secrets = await this.secrets();
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(Math.floor(difficulty / 10), difficulty + 1),
      deriveKey,
      data: { beta: betaId },
      expiresAt: Math.floor(addSeconds(this.clock.now(), CHALLENGE_SECONDS).getTime() / 1000),
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
    });
  }

  /** Accepts a solution once; throws the refusal's own code otherwise, having stored nothing. */
  async redeem(betaId: number, sent: unknown): Promise<void> {
    if (typeof sent !== 'string' || sent.trim() === '') throw Errors.challengeRequired();
    const payload = parsePayload(sent.trim());
    if (!payload) throw Errors.challengeInvalid();
    const secrets = await this.secrets();
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.challenge,
        hmacKeySignatureSecret: secrets.key,
      });
    } catch {
      // Parameters of the wrong types make the library throw: that is a wrong solution too.
      throw Errors.challengeInvalid();
    }
    const { parameters } = payload.challenge;
    // The library's expiry reads the real time; the service's clock decides (the signature vouches for expiresAt).
    const expiresAt = typeof parameters.expiresAt === 'number' ? parameters.expiresAt : 0;
    if (result.expired || (!result.invalidSignature && expiresAt * 1000 <= this.clock.now().getTime())) throw Errors.challengeExpired();
    if (!result.verified || parameters.data?.beta !== betaId) throw Errors.challengeInvalid();
    await this.spend(betaId, parameters.nonce, storedTime(new Date(expiresAt * 1000)));
  }

  private async spend(betaId: number, nonce: string, expiresAt: string): Promise<void> {
    const spent = await this.db
      .insertInto('spent_challenges')
      .values({ beta_id: betaId, nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['beta_id', 'nonce']).doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!spent) throw Errors.challengeReused();
    if (++this.#redeemed % PRUNE_EVERY === 0) {
      await this.db.deleteFrom('spent_challenges').where('expires_at', '<', storedTime(this.clock.now())).execute();
    }
  }

  private secrets(): Promise<Secrets> {
    this.#secrets ??= Promise.all([sharedSalt(this.db, 'signup-challenge', this.clock), sharedSalt(this.db, 'signup-challenge-key', this.clock)])
      .then(([challenge, key]) => ({ challenge: challenge.salt, key: key.salt }))
      .catch((error: unknown) => {
        this.#secrets = null;
        throw error;
      });
    return this.#secrets;
  }
}
