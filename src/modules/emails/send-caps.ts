// The caps on outbound e-mail (docs/operations.md, "Protecting the sender's reputation"): the
// server's EMAIL_SENDS_PER_MINUTE and each beta's email_sends_per_minute. A send takes a slot of
// the current minute in the database, so every process and every server on one database share
// one count: the statement that takes it is the check (the counter moves only while under the
// cap), so two processes cannot both take the last slot. A send without a slot waits, queued, for
// the next minute.
import type { Db } from '../../db/executor.ts';
import { storedTime } from '../../primitives/time.ts';

const WINDOW_MS = 60_000;
const SERVER_SCOPE = 'server';

/** Whose cap refused a send, and when the next minute begins. */
export interface CapReached {
  scope: 'server' | 'beta';
  until: Date;
}

export class SendCaps {
  constructor(
    private readonly db: Db,
    /** The server's cap per minute; null for none. */
    private readonly serverPerMinute: number | null,
  ) {}

  /**
   * Takes a slot of this minute for one of the beta's sends: under the beta's cap (when it has
   * one), then the server's. Undefined when taken; otherwise which cap is full until when, and no
   * slot is kept.
   */
  async take(betaId: number, betaPerMinute: number | null, now: Date): Promise<CapReached | undefined> {
    if (betaPerMinute === null && this.serverPerMinute === null) return undefined;
    const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
    const window = storedTime(new Date(start));
    const until = new Date(start + WINDOW_MS);
    const betaScope = `beta:${betaId}`;
    if (betaPerMinute !== null && !(await this.takeSlot(betaScope, window, betaPerMinute))) return { scope: 'beta', until };
    if (this.serverPerMinute !== null && !(await this.takeSlot(SERVER_SCOPE, window, this.serverPerMinute))) {
      // The beta's slot goes back: the send waits for the server, not for its beta.
      if (betaPerMinute !== null) {
        await this.db
          .updateTable('email_send_windows')
          .set((eb) => ({ sends: eb('sends', '-', 1) }))
          .where('scope', '=', betaScope)
          .where('window_start', '=', window)
          .execute();
      }
      return { scope: 'server', until };
    }
    return undefined;
  }

  /** One statement: counts the send unless the minute's count has reached the cap. The first of a minute clears the scope's earlier minutes. */
  private async takeSlot(scope: string, window: string, cap: number): Promise<boolean> {
    const taken = await this.db
      .insertInto('email_send_windows')
      .values({ scope, window_start: window, sends: 1 })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'window_start'])
          .doUpdateSet((eb) => ({ sends: eb('email_send_windows.sends', '+', 1) }))
          .where('email_send_windows.sends', '<', cap),
      )
      .returning('sends')
      .executeTakeFirst();
    if (taken?.sends === 1) await this.db.deleteFrom('email_send_windows').where('scope', '=', scope).where('window_start', '<', window).execute();
    return taken !== undefined;
  }
}
