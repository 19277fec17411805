// Visitors told apart without cookies or stored addresses (docs/decisions.md, "Counting visitors"):
// a keyed hash of the address and user agent, keyed by a random salt of the UTC day. The salts live
// in the database, so every process computes the same key for a visitor; a day's salt and its
// visits are deleted once the day is over, after which no key can be tied to an address again.
import { createHmac, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import type { Db } from '../../db/executor.ts';
import { storedTime, utcDate, type Clock } from '../../primitives/time.ts';

/** Who asked for a page, as the public routes describe them. */
export interface Visitor {
  ip: string;
  /** The User-Agent header, '' when none was sent. */
  userAgent: string;
  /** The client's network (IPv4 address or IPv6 /64): one household or subscriber. */
  network: string;
}

/** Share points are given once per visitor network per tester, for good: their salt never rotates. */
const SHARE_POINTS_SALT = 'share-points';

/**
 * Only people count: no user agent, or a known bot or link-preview crawler (the `isbot` list:
 * search engines, Slackbot, facebookexternalhit, Twitterbot, WhatsApp, …), is not a visit.
 */
export function isPerson(visitor: Visitor): boolean {
  return visitor.userAgent.trim() !== '' && !isbot(visitor.userAgent);
}

function keyed(salt: string, text: string): string {
  return createHmac('sha256', salt).update(text).digest('base64url');
}

/**
 * The random salt stored under `name`, drawn by whichever process asks first: every process
 * reads the same one. `created`: this call drew it.
 */
export async function sharedSalt(db: Db, name: string, clock: Clock): Promise<{ salt: string; created: boolean }> {
  const created = await db
    .insertInto('visitor_salts')
    .values({ name, salt: randomBytes(32).toString('base64url'), created_at: storedTime(clock.now()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  const { salt } = await db.selectFrom('visitor_salts').select('salt').where('name', '=', name).executeTakeFirstOrThrow();
  return { salt, created: created !== undefined };
}

export class VisitorKeys {
  /** Salts this process has read: today's and the permanent one. */
  readonly #salts = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The visitor's key for today, and today's date (UTC): what a daily-unique visit is recorded under. */
  async daily(visitor: Visitor): Promise<{ day: string; key: string }> {
    const day = utcDate(this.clock.now());
    return { day, key: keyed(await this.salt(`day:${day}`), `${visitor.ip}\n${visitor.userAgent}`) };
  }

  /** The visitor network's lasting key: the dedupe key of share points ("once per visitor network per tester"). */
  async network(visitor: Visitor): Promise<string> {
    return keyed(await this.salt(SHARE_POINTS_SALT), visitor.network);
  }

  private async salt(name: string): Promise<string> {
    const cached = this.#salts.get(name);
    if (cached) return cached;
    const { salt, created } = await sharedSalt(this.db, name, this.clock);
    if (name.startsWith('day:')) {
      for (const key of this.#salts.keys()) if (key.startsWith('day:')) this.#salts.delete(key);
      if (created) await this.forgetDaysBefore(name.slice('day:'.length));
    }
    this.#salts.set(name, salt);
    return salt;
  }

  /** Past days' salts and visits: only today's are needed to count a visit once. */
  private async forgetDaysBefore(day: string): Promise<void> {
    await this.db.deleteFrom('visitor_salts').where('name', 'like', 'day:%').where('name', '<', `day:${day}`).execute();
    await this.db.deleteFrom('daily_visits').where('day', '<', day).execute();
  }
}
