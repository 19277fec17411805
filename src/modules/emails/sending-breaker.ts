// The sending breaker (docs/operations.md, "Protecting the sender's reputation"): when hard
// bounces and complaints among a beta's most recent sends pass its threshold (by default more than
// 5 % of the last 200), the beta's sending is paused, with when and why, and its owners are
// e-mailed once. Its messages stay queued, their send jobs held (send-jobs.ts), until an owner or
// admin resumes sending; the sends before the resume no longer count against it.
//
// The breaker looks only when a problem is recorded: a send that went well cannot trip it, so the
// send path pays nothing for it but the pause's lookup. Captured messages are no sends: a server
// without SMTP_URL never trips it.
import { afterCommit, inTransaction } from '../../db/transaction.ts';
import { forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import type { EmailSendingPauseRow } from '../../db/tables/effects.ts';
import { announceJobs } from '../../jobs/outbox.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { parseStoredSettings } from '../betas/beta-settings.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { queueMemberEmail } from '../members/member-links.ts';
import { moveDueSends, releaseSends } from './send-jobs.ts';

/**
 * How long a paused beta's waiting sends are held at a time. Then the first claimed finds the pause
 * still in force and holds the others again, and a send whose beta was deleted meanwhile (its pause
 * went with it) is not left held for ever.
 */
const HOLD_SECONDS = 3600;

/** What the breaker counts against a beta, on the message it came back for. */
export type SendProblem = 'hard_bounce' | 'complaint';

/** A beta's e-mail sending as the console's banner and dashboard show it. */
export interface SendingState {
  pause: EmailSendingPauseRow | null;
  /** When sending was last resumed; the breaker counts the sends after it. */
  last_resumed_at: string | null;
  /** Messages waiting to be sent (held ones included). */
  queued: number;
  sent_last_minute: number;
  sent_last_hour: number;
}

/** Who resumed sending, as a pause records it. */
export interface ResumedBy {
  memberId: number | null;
  keyId: number | null;
}

export class SendingBreaker {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly publicUrl: string,
  ) {}

  /**
   * A message of the beta came back as a problem, recorded on it in `trx` (the bounce's or the
   * complaint's transaction): pauses the beta's sending when its recent sends are past the
   * threshold. The caller holds the beta.
   */
  async problemRecorded(trx: Executor, betaId: number, now: string): Promise<void> {
    const beta = await trx.selectFrom('betas').select(['company_id', 'name', 'settings']).where('id', '=', betaId).executeTakeFirst();
    if (!beta) return;
    const { email_breaker_window: window, email_breaker_threshold_percent: threshold } = parseStoredSettings(beta.settings);
    const since = await lastResumedAt(trx, betaId);
    const recent = await trx
      .selectFrom('email_messages')
      .select('problem')
      .where('beta_id', '=', betaId)
      .where('attempted_at', 'is not', null)
      .$if(since !== null, (query) => query.where('attempted_at', '>', since!))
      .where('test', '=', 0)
      .orderBy('attempted_at', 'desc')
      .limit(window)
      .execute();
    const problems = recent.filter((row) => row.problem !== null).length;
    // Against the whole window, not the sends so far: a beta's first sends do not trip it on one bounce.
    if (problems * 100 <= threshold * window) return;
    const pause = await trx
      .insertInto('email_sending_pauses')
      .values({
        beta_id: betaId,
        paused_at: now,
        reason: `${problems} hard bounces and complaints among the last ${recent.length} sends: past ${threshold} % of ${window}`,
        problems,
        sends: recent.length,
      })
      .onConflict((oc) => oc.column('beta_id').where('resumed_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Paused already: its owners were told then.
    if (pause) await this.tellOwners(trx, betaId, beta, pause);
  }

  /**
   * A complaint about the beta's e-mail to the address: its latest sent message counts against the
   * beta. Nothing when none was sent there (captured, never sent).
   */
  async complaintReceived(trx: Executor, betaId: number, address: string, now: string): Promise<void> {
    const message = await trx
      .selectFrom('email_messages')
      .select('id')
      .where('beta_id', '=', betaId)
      .where('email_normalized', '=', address.toLowerCase())
      .where('status', '=', 'sent')
      .where('problem', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!message) return;
    await trx.updateTable('email_messages').set({ problem: 'complaint' satisfies SendProblem }).where('id', '=', message.id).execute();
    await this.problemRecorded(trx, betaId, now);
  }

  /**
   * While the beta's pause is in force, holds its due sends (the runner leaves them alone until the
   * resume); whether it is. The beta is held first (docs/architecture.md, "Lock order"), then the
   * pause's row FOR KEY SHARE, so a resume under way finishes first and the sends held here are
   * the ones it releases.
   */
  async holdSends(betaId: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      if (!(await this.betas.holds(trx, betaId))) return false;
      const pause = await forKeyShare(this.dialect, inForce(trx, betaId)).executeTakeFirst();
      if (!pause) return false;
      const now = this.clock.now();
      await moveDueSends(trx, this.dialect, betaId, storedTime(addSeconds(now, HOLD_SECONDS)), now);
      return true;
    });
  }

  /** Ends the beta's pause, if any, and makes its held sends due at once; answers the state after. */
  async resume(companyId: number, betaIdText: string, by: ResumedBy): Promise<SendingState> {
    const beta = await this.betas.require(companyId, betaIdText);
    const now = this.clock.now();
    await inTransaction(this.db, async (trx) => {
      await this.betas.hold(trx, beta.id);
      const pause = await forUpdate(this.dialect, inForce(trx, beta.id)).executeTakeFirst();
      if (!pause) return;
      const resumedBy = by.memberId !== null ? `member ${by.memberId}` : `API key ${by.keyId}`;
      await trx.updateTable('email_sending_pauses').set({ resumed_at: storedTime(now), resumed_by: resumedBy }).where('id', '=', pause.id).execute();
      if ((await releaseSends(trx, this.dialect, beta.id, now)) > 0) afterCommit(trx, async () => announceJobs(this.db, storedTime(now)));
    });
    return this.stateOf(beta.id);
  }

  /** The company's beta's sending: its pause, queue and send rate; 404 as BetasService.require. */
  async state(companyId: number, betaIdText: string): Promise<SendingState> {
    return this.stateOf((await this.betas.require(companyId, betaIdText)).id);
  }

  /** The sending of a beta the caller has found: its pause, queue and send rate. */
  async stateOf(betaId: number): Promise<SendingState> {
    const now = this.clock.now();
    const sentSince = (seconds: number) =>
      this.db
        .selectFrom('email_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('beta_id', '=', betaId)
        .where('attempted_at', '>', storedTime(addSeconds(now, -seconds)))
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
    const [pause, lastResumed, queued, lastMinute, lastHour] = await Promise.all([
      inForce(this.db, betaId).selectAll().executeTakeFirst(),
      lastResumedAt(this.db, betaId),
      this.db
        .selectFrom('email_messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('beta_id', '=', betaId)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow(),
      sentSince(60),
      sentSince(3600),
    ]);
    return {
      pause: pause ?? null,
      last_resumed_at: lastResumed,
      queued: Number(queued.count),
      sent_last_minute: Number(lastMinute.count),
      sent_last_hour: Number(lastHour.count),
    };
  }

  /** The owners of the beta's company hear of the pause once, through the outbox: no pause holds their e-mail. */
  private async tellOwners(trx: Executor, betaId: number, beta: { company_id: number; name: string }, pause: EmailSendingPauseRow): Promise<void> {
    const owners = await trx.selectFrom('members').select(['id', 'email']).where('company_id', '=', beta.company_id).where('role', '=', 'owner').orderBy('id').execute();
    const lines = [
      `E-mail from ${beta.name} is paused: ${pause.reason}.`,
      '',
      'Its messages stay queued; none is lost. Look at the failed messages in its e-mail log, then resume sending',
      `from the banner on its dashboard: ${this.publicUrl}/console/betas/${betaId}`,
    ];
    for (const owner of owners) await queueMemberEmail(trx, owner, 'sending_paused', `E-mail from ${beta.name} is paused`, lines, new Date(pause.paused_at));
  }
}

/** The beta's pause in force (at most one: migration 040's unique index). */
function inForce(executor: Executor, betaId: number) {
  return executor.selectFrom('email_sending_pauses').select('id').where('beta_id', '=', betaId).where('resumed_at', 'is', null);
}

async function lastResumedAt(executor: Executor, betaId: number): Promise<string | null> {
  const row = await executor
    .selectFrom('email_sending_pauses')
    .select('resumed_at')
    .where('beta_id', '=', betaId)
    .where('resumed_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.resumed_at ?? null;
}
