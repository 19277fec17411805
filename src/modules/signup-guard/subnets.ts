// Public signups counted per visitor subnet over the last hour (a beta's
// max_signups_per_subnet_per_hour): an IPv4 /24 or an IPv6 /48, what one operator's block of
// machines usually shares. A signup takes its place before it is made and gives it back if it
// fails, so the limit counts signups, and two processes never both take the last place.
import { randomUUID } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { lockName } from '../../db/database.ts';
import type { DialectName, Db } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Errors } from '../../primitives/errors.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';

const WINDOW_SECONDS = 60 * 60;
/** Places older than the window are deleted once every so many signups of a process. */
const PRUNE_EVERY = 200;

/** An IPv4 address written as ipaddr.js writes it back: its /24 is read off the text. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** The /24 or /48 of an address (an IPv4-mapped IPv6 address as IPv4); null when it is no address. */
export function subnetOf(ip: string): string | null {
  // The common case without parsing: the fraud queue's clusters fold tens of thousands of addresses.
  if (CANONICAL_IPV4.test(ip)) return `${ip.slice(0, ip.lastIndexOf('.'))}.0/24`;
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${address.toString().split('.').slice(0, 3).join('.')}.0/24`;
  return `${address.toNormalizedString().split(':').slice(0, 3).join(':')}::/48`;
}

/** A place taken: given back when the signup does not happen. */
export type SubnetPlace = { release(): Promise<void> };

const NO_PLACE: SubnetPlace = { release: async () => {} };

export class SubnetLimit {
  #taken = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  /** Takes a place for a signup from `ip`, or throws 2344 when the subnet's hour is full. */
  async take(betaId: number, ip: string, limit: number | null): Promise<SubnetPlace> {
    const subnet = limit === null ? null : subnetOf(ip);
    if (limit === null || subnet === null) return NO_PLACE;
    const token = randomUUID();
    const since = storedTime(addSeconds(this.clock.now(), -WINDOW_SECONDS));
    await inTransaction(this.db, async (trx) => {
      await lockName(trx, this.dialect, `signups-from-subnet:${betaId}:${subnet}`);
      const { count } = await trx
        .selectFrom('subnet_signups')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('beta_id', '=', betaId)
        .where('subnet', '=', subnet)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(count) >= limit) throw Errors.tooManySignupsFromSubnet();
      await trx.insertInto('subnet_signups').values({ beta_id: betaId, token, subnet, created_at: storedTime(this.clock.now()) }).execute();
    });
    if (++this.#taken % PRUNE_EVERY === 0) await this.db.deleteFrom('subnet_signups').where('created_at', '<=', since).execute();
    return { release: () => this.db.deleteFrom('subnet_signups').where('beta_id', '=', betaId).where('token', '=', token).execute().then(() => {}) };
  }
}
