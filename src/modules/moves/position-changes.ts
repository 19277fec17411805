// Position events without a flood (docs/waitlist.md, "Told when I move"): a tester's moves are
// told by the webhook event tester_position_changed and the "You moved up" e-mail (occasion
// position_changed), once per the beta's position_change_interval_minutes. The first move of a
// tester opens a window: a row saying where the tester stood then, and an outbox job due when the
// window ends. Later moves within it only note their cause. The job closes the window: it deletes
// the row (so two runners tell it once) and tells the position computed then. With an interval of
// 0 each move is told in its own transaction, through its effects row.
// Nobody listening (no endpoint subscribed, the e-mail off) costs a move two lookups in memory;
// a signup's own move is not told, and costs nothing.
import { compiled } from '../../db/engine/compiled.ts';
import type { Db, Executor } from '../../db/executor.ts';
import type { PositionChangeWindowRow } from '../../db/tables/testers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueueJob, type JobHandler } from '../../jobs/outbox.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { readBetaRow } from '../betas/betas.service.ts';
import type { EmailQueue } from '../emails/email-queue.ts';
import { listensTo, raiseTesterEvent } from '../events/events.ts';
import type { TesterViews } from '../testers/tester-views.ts';
import { watchMovesWith, type MoveCause, type MovesBeta, type WrittenMove } from './record-moves.ts';

/** A window opened, or its cause noted: what the row says after. */
const windowUpsert = compiled((db, window: Omit<PositionChangeWindowRow, 'moves'>) =>
  db
    .insertInto('position_change_windows')
    .values({ ...window, moves: 1 })
    .onConflict((oc) => oc.columns(['tester_id', 'beta_id']).doUpdateSet((eb) => ({ cause: window.cause, moves: eb('position_change_windows.moves', '+', 1) })))
    .returning(['moves', 'opened_at']),
);

export const POSITION_CHANGED_EVENT = 'tester_position_changed';

/** The outbox job that closes a tester's window; its payload is a WindowJob. */
export const POSITION_WINDOW_JOB = 'moves.position_window';

interface WindowJob {
  betaId: number;
  testerId: number;
  /** The window's opened_at: a job closes its own window, never a later one. */
  openedAt: string;
}

/** What a tester is told: where the window began, where the tester is now, and the last cause. */
interface PositionChange {
  betaId: number;
  testerId: number;
  before: number | null;
  after: number | null;
  cause: string;
  now: string;
}

export class PositionChanges {
  readonly jobHandlers: Readonly<Record<string, JobHandler>>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly views: TesterViews,
    private readonly emails: EmailQueue,
  ) {
    this.jobHandlers = { [POSITION_WINDOW_JOB]: (payload) => this.closeWindow(payload as WindowJob) };
    watchMovesWith(db, (trx, moves) => this.moved(trx, moves));
  }

  /**
   * A transaction's moves, as written (just before its commit). A signup's own move is not told
   * (tester_created tells it), nor a move that left the position where it was.
   */
  private async moved(trx: Executor, moves: readonly { move: WrittenMove; beta: MovesBeta }[]): Promise<void> {
    for (const { move, beta } of moves) {
      if (move.cause === 'signed_up' || move.position === move.position_before) continue;
      const [event, email] = await Promise.all([listensTo(trx, beta.id, POSITION_CHANGED_EVENT), this.emails.positionEmailOn(trx, beta.id)]);
      if (!event && !email) continue;
      const minutes = beta.settings.position_change_interval_minutes;
      const change = { betaId: move.beta_id, testerId: move.tester_id, cause: move.cause, now: move.at };
      if (minutes === 0) await this.tell(trx, { ...change, before: move.position_before, after: move.position });
      else await this.openOrExtend(trx, { ...change, before: move.position_before }, minutes);
    }
  }

  /**
   * Opens the tester's window with its job, or notes the cause in the open one: one upsert. A
   * window being closed meanwhile (PostgreSQL) is waited for, and this move opens the next one.
   */
  private async openOrExtend(trx: Executor, change: Omit<PositionChange, 'after'>, minutes: number): Promise<void> {
    const { betaId, testerId, cause, now } = change;
    const window = await windowUpsert.firstOrThrow(trx, { beta_id: betaId, tester_id: testerId, position_before: change.before, cause, opened_at: now });
    if (window.moves === 1) {
      await enqueueJob(trx, POSITION_WINDOW_JOB, { betaId, testerId, openedAt: window.opened_at } satisfies WindowJob, new Date(Date.parse(now) + minutes * 60_000));
    }
  }

  /** Ends the window: its row taken (a second runner finds none), the position read now and told. */
  private async closeWindow(job: WindowJob): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const window = await trx
        .deleteFrom('position_change_windows')
        .where('tester_id', '=', job.testerId)
        .where('beta_id', '=', job.betaId)
        .where('opened_at', '=', job.openedAt)
        .returningAll()
        .executeTakeFirst();
      if (!window) return;
      const [tester, beta] = await Promise.all([trx.selectFrom('testers').selectAll().where('id', '=', job.testerId).executeTakeFirst(), readBetaRow(trx, job.betaId)]);
      if (!tester || tester.hidden || !beta) return;
      const after = (await this.views.standingsOf(trx, beta, [tester])).get(tester.id)?.waitlist_position ?? null;
      const now = storedTime(this.clock.now());
      await this.tell(trx, { betaId: job.betaId, testerId: job.testerId, before: window.position_before, after, cause: window.cause, now });
    });
  }

  /** The event (tester's view at expansion, plus the change) and, for a tester who moved up, the e-mail. */
  private async tell(trx: Executor, change: PositionChange): Promise<void> {
    const { betaId, testerId, before, after, now } = change;
    // Moves that cancel out within a window (points awarded, then revoked) tell nothing.
    if (before === after) return;
    const extra = { position_before: before, position_after: after, cause: change.cause as MoveCause };
    await raiseTesterEvent(trx, { betaId, type: POSITION_CHANGED_EVENT, now, testerId, extra });
    if (before !== null && after !== null && after < before) await this.emails.positionChanged(trx, { betaId, testerId, positionBefore: before, positionAfter: after, now });
  }
}
