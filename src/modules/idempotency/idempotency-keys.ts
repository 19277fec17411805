// The Idempotency-Keys companies send with their writes (docs/decisions.md, "Idempotent
// requests"), kept in the database so that every process sees them: the first request that sends
// a key claims it, with one statement the unique key (company, key) lets only one request win, and
// stores its answer; a later request with the key and the same fingerprint gets that answer back.
// Knows nothing of HTTP: a request is its fingerprint, an answer a status, headers and a body.
import type { Db } from '../../db/executor.ts';
import { deleteOldest, pruneInBatches } from '../../db/pruning.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';

/** A key is remembered this long from its first use; the retention sweep deletes it afterwards. */
export const KEY_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * How long a claim holds while its request runs without an answer. A request that has not
 * answered by then is taken to have died with its process (killed mid-request), and a retry may
 * claim the key again; every request the API serves answers well within it.
 */
export const CLAIM_SECONDS = 60;

/** An answer as it is replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A key this request holds until it stores its answer or gives the key up. */
export interface Claim {
  id: number;
  /** The claim's own deadline: tells it from a later claim of the same row (a retry after it ran out). */
  lockedUntil: string;
}

export type ClaimResult =
  | { outcome: 'claimed'; claim: Claim }
  | { outcome: 'replay'; answer: StoredAnswer }
  /** The key was used with another request. */
  | { outcome: 'mismatch' }
  /** The request that claimed the key has not answered yet. */
  | { outcome: 'in flight' };

/** A claim lost to a concurrent release (the other request failed) is tried again this many times. */
const CLAIM_TRIES = 3;

export class IdempotencyKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Claims `key` for the request whose fingerprint is given, or says what the key already holds.
   * A key unused for 24 hours, or whose claim by the same request ran out unanswered, is claimed
   * afresh.
   */
  async claim(companyId: number, key: string, fingerprint: string): Promise<ClaimResult> {
    for (let tries = 0; tries < CLAIM_TRIES; tries++) {
      const now = this.clock.now();
      const fresh = {
        fingerprint,
        locked_until: storedTime(addSeconds(now, CLAIM_SECONDS)),
        response_status: null,
        response_headers: null,
        response_body: null,
        created_at: storedTime(now),
      };
      // One statement: an insert, or the takeover of a row no one may use any more, never both.
      const claimed = await this.db
        .insertInto('idempotency_keys')
        .values({ company_id: companyId, idempotency_key: key, ...fresh })
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'idempotency_key'])
            .doUpdateSet(fresh)
            .where((eb) =>
              eb.or([
                eb('idempotency_keys.created_at', '<', storedTime(addSeconds(now, -KEY_LIFETIME_SECONDS))),
                eb.and([eb('idempotency_keys.locked_until', '<', storedTime(now)), eb('idempotency_keys.fingerprint', '=', fingerprint)]),
              ]),
            ),
        )
        .returning('id')
        .executeTakeFirst();
      if (claimed) return { outcome: 'claimed', claim: { id: claimed.id, lockedUntil: fresh.locked_until } };

      const held = await this.db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'response_status', 'response_headers', 'response_body'])
        .where('company_id', '=', companyId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (!held) continue; // given up meanwhile by a request that failed: try again
      if (held.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (held.response_status === null) return { outcome: 'in flight' };
      const headers = JSON.parse(held.response_headers ?? '{}') as Record<string, string>;
      return { outcome: 'replay', answer: { status: held.response_status, headers, body: held.response_body ?? '' } };
    }
    return { outcome: 'in flight' };
  }

  /**
   * Stores the answer of the claim's request, for every later request with its key; with the
   * request's whole fingerprint when it was claimed before its body was read (a streamed file).
   */
  async complete(claim: Claim, answer: StoredAnswer, fingerprint?: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({
        locked_until: null,
        response_status: answer.status,
        response_headers: JSON.stringify(answer.headers),
        response_body: answer.body,
        ...(fingerprint ? { fingerprint } : {}),
      })
      .where('id', '=', claim.id)
      .where('locked_until', '=', claim.lockedUntil)
      .execute();
  }

  /** Gives the key up unanswered (the request failed on the server's side): a retry may run. */
  async release(claim: Claim): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('id', '=', claim.id).where('locked_until', '=', claim.lockedUntil).execute();
  }

  /** Deletes the keys first used more than 24 hours ago, a batch at a time; returns how many went. */
  async prune(stop?: AbortSignal): Promise<number> {
    const before = storedTime(addSeconds(this.clock.now(), -KEY_LIFETIME_SECONDS));
    return pruneInBatches(() => deleteOldest(this.db, 'idempotency_keys', (eb) => eb('created_at', '<', before)), stop);
  }
}
