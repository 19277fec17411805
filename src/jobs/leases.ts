// Leases on periodic work, so that one process at a time does it, on both databases and with
// plain SQL: the outbox's way of leasing a job (a `locked_until` time, taken over once it has run
// out) kept in a row per name of the `leases` table. Taking a lease is one upsert that succeeds
// only when no row exists or the row's lease has run out; the holder renews it while the work
// runs and deletes the row when done. A process that dies leaves its row, which the next process
// to start on its host deletes at once, and any other takes over once `locked_until` has passed.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/executor.ts';
import { addSeconds, storedTime, type Clock } from '../primitives/time.ts';
import { isGone, newHolder } from './holders.ts';

/** How long a lease lasts without renewal: how soon another process takes over from a dead one. */
export const LEASE_SECONDS = 60;
/** Renewed three times per lease, so one late or failed renewal does not lose it. */
const RENEW_MS = (LEASE_SECONDS * 1000) / 3;

/** What leased work ended with, or that another process held the lease and it did not run. */
export type Leased<T> = { ran: true; result: T } | { ran: false };

export class Leases {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly renewEveryMs = RENEW_MS,
    /** This process, recognisable in the table (holders.ts). */
    readonly holder = newHolder(),
  ) {}

  /** Deletes the leases of processes of this host that are gone (holders.ts); how many. */
  async takeBackFromGone(): Promise<number> {
    const holders = await this.db.selectFrom('leases').select('holder').distinct().execute();
    const gone = holders.map((row) => row.holder).filter((holder) => isGone(holder, this.holder));
    if (gone.length === 0) return 0;
    const { numDeletedRows } = await this.db.deleteFrom('leases').where('holder', 'in', gone).executeTakeFirst();
    return Number(numDeletedRows);
  }

  /**
   * Runs `work` holding the lease `name`, or answers `{ ran: false }` at once when another holder's
   * lease has not run out. The lease is renewed while `work` runs; should it be lost all the same
   * (this process stalled past it and another took over, or the renewal failed), `work`'s signal
   * aborts, as does `stop`, so it ends after its current step; a warning names the lease and
   * which of the two it was. Released when `work` ends.
   */
  async run<T>(name: string, stop: AbortSignal, work: (stop: AbortSignal) => Promise<T>): Promise<Leased<T>> {
    if (!(await this.claim(name))) return { ran: false };
    const lost = new AbortController();
    let renewal: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewal = this.renewOrLose(name, lost);
    }, this.renewEveryMs);
    timer.unref();
    // Lost stays lost: no renewal after it, so one line per loss.
    lost.signal.addEventListener('abort', () => clearInterval(timer));
    try {
      return { ran: true, result: await work(AbortSignal.any([stop, lost.signal])) };
    } finally {
      clearInterval(timer);
      // A renewal still under way would otherwise race the release and report our own release as a lost lease.
      await renewal;
      await this.release(name);
    }
  }

  /** One renewal while work runs; when it fails or finds the lease another's, says so and aborts `lost`. */
  private async renewOrLose(name: string, lost: AbortController): Promise<void> {
    let held: boolean;
    try {
      held = await this.renew(name);
    } catch (error) {
      this.log.warn({ lease: name, err: error }, 'lease renewal failed: its work stops');
      lost.abort(error);
      return;
    }
    if (held) return;
    this.log.warn({ lease: name }, 'lease lost to another process: its work stops');
    lost.abort();
  }

  /** Takes the lease when nobody holds it or its holder's has run out; whether it is now ours. */
  async claim(name: string): Promise<boolean> {
    const now = this.clock.now();
    const lockedUntil = storedTime(addSeconds(now, LEASE_SECONDS));
    const taken = await this.db
      .insertInto('leases')
      .values({ name, holder: this.holder, locked_until: lockedUntil })
      .onConflict((oc) => oc.column('name').doUpdateSet({ holder: this.holder, locked_until: lockedUntil }).where('leases.locked_until', '<', storedTime(now)))
      .returning('holder')
      .executeTakeFirst();
    return taken !== undefined;
  }

  /** Extends our lease; false when it is no longer ours (another process took it over). */
  async renew(name: string): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('leases')
      .set({ locked_until: storedTime(addSeconds(this.clock.now(), LEASE_SECONDS)) })
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /** Gives the lease up, if still ours, for the next process to take at once. */
  async release(name: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', this.holder).execute();
  }
}
