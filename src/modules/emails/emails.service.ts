// E-mail (docs/decisions.md, "E-mail"): a message is named in the transaction of the change that
// causes it (its command's effects row, jobs/effects.ts), rendered and recorded when that row is
// expanded right after commit, and an outbox job sends it — through SMTP when SMTP_URL
// is set and the beta is no sandbox, otherwise it is captured (stored and listed, nothing leaves the machine). Suppressed and
// unsubscribed addresses are never sent to; every message carries a one-click unsubscribe link (RFC
// 8058) whose POST records an Unsubscribe suppression. A beta's templates are managed in
// email-templates.service.ts, the log of what was sent is read and pruned in email-log.service.ts.
import { randomBytes } from 'node:crypto';
import { compiled } from '../../db/engine/compiled.ts';
import { forKeyShare } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { readCache } from '../../db/engine/read-cache.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { EmailMessageRow, OutboxJobRow } from '../../db/tables/effects.ts';
import { deferEffect, registerExpander } from '../../jobs/effects.ts';
import { MAX_ATTEMPTS, enqueueJob, type JobHandler, type JobResult } from '../../jobs/outbox.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { readBeta, type BetasService } from '../betas/betas.service.ts';
import { isErased } from '../suppressions/erasures.ts';
import { isSuppressed, type SuppressionsService } from '../suppressions/suppressions.service.ts';
import type { TesterViews } from '../testers/tester-views.ts';
import type { EmailQueue, FriendInvitationSent, PositionChange, StatusChange } from './email-queue.ts';
import { TemplateError } from './email-rendering.ts';
import { effectiveTemplate, occasionForStatus, renderEmail, switchedOn, type RenderedEmail } from './email-templates.ts';
import { Occasions, type Occasion } from './occasions.ts';
import { classifySmtpFailure, type Mailer, type SmtpFailure } from './mailer.ts';
import type { MessageStatuses } from './emails.schemas.ts';
import type { CapReached, SendCaps } from './send-caps.ts';
import type { SendingBreaker, SendProblem } from './sending-breaker.ts';
import { EMAIL_SEND_JOB, moveDueSends } from './send-jobs.ts';

export type MessageStatus = (typeof MessageStatuses)[number];

/** How long a double opt-in confirmation link works. */
const CONFIRMATION_SECONDS = 7 * 86_400;
/** How soon a visitor may ask for another confirmation link for the same tester. */
export const RESEND_INTERVAL_SECONDS = 10 * 60;
/** How soon an address on the list hears again that someone signed up with it. */
export const ALREADY_SIGNED_UP_INTERVAL_SECONDS = 60 * 60;
/** How soon a send that found its beta paused looks again: the beta's other sends are held meanwhile. */
const PAUSED_RECHECK_SECONDS = 60;
/** 256 random bits, base64url: what unsubscribe and confirmation links carry. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

interface SendJob {
  messageId: number;
}

/** The part of a command's effects row that holds its e-mails. */
const EMAILS_PART = 'emails';

/** A message as its command's effects row carries it: rendered and recorded at expansion, after commit. */
interface DeferredMessage {
  occasion: Occasion;
  testerId: number;
  now: string;
  /** A friend invitation's sender and message. */
  senderId?: number;
  message?: string | null;
  /** The position_changed message's positions. */
  positions?: { position_before: number; position_after: number };
}

export interface EmailsOptions {
  publicUrl: string;
  /** How a tester is shown in a message's variables, as the API shows it. */
  views: TesterViews;
  /** EMAIL_FROM, or null for the beta's name at no-reply@ the PUBLIC_URL host. */
  emailFrom: string | null;
  /** The SMTP transport, or null to capture every message. */
  mailer: Mailer | null;
  /** The per-minute caps every send takes a slot of (captured messages are not sent, and take none). */
  caps: SendCaps;
  /** Pauses a beta's sending on its bounces and complaints. */
  breaker: SendingBreaker;
}

/** Why a send waited, for the metrics: a cap's minute was full, or its beta's sending is paused. */
export type DeferralReason = 'server_cap' | 'beta_cap' | 'paused';

/** What an unsubscribe link names: the address and the beta it unsubscribes from. */
export interface UnsubscribeTarget {
  betaId: number;
  betaName: string;
  email: string;
}

/** What a confirmation link names; `expired` and `used` as of now. */
export interface ConfirmationTarget {
  confirmationId: number;
  testerId: number;
  betaId: number;
  expired: boolean;
  used: boolean;
}

/** A new confirmation link: `sent` (queued or recorded), `too_soon` after another, `not_needed` once confirmed. */
export type ResendOutcome = 'sent' | 'too_soon' | 'not_needed';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The occasions each beta sends a message for (read-cache.ts): every signup asks about its status's
 * occasion, and a referral credit about position_changed. Kept within the cache's staleness, which
 * is safe: a message queued under a template switched off meanwhile is dropped when its effects row
 * is expanded (`record` reads the template again there).
 */
function occasionsOnCache(db: Db) {
  return readCache<number, ReadonlySet<Occasion>>(db, 'email-occasions-on', 'ttl');
}

/** To call once a change to a beta's templates has been written. */
export function templatesChanged(db: Db, betaId: number): void {
  occasionsOnCache(db).invalidate(betaId);
}

/** A beta's own template for an occasion: every message recorded reads one. */
const storedTemplate = compiled((db, p: { betaId: number; occasion: string }) =>
  db.selectFrom('email_templates').selectAll().where('beta_id', '=', p.betaId).where('occasion', '=', p.occasion),
);

/** Whether each of a beta's own templates is switched on. */
const storedSwitches = compiled((db, p: { betaId: number }) => db.selectFrom('email_templates').select(['occasion', 'enabled']).where('beta_id', '=', p.betaId));

export class EmailsService implements EmailQueue {
  readonly jobHandlers: Readonly<Record<string, JobHandler>>;
  private readonly defaultFromAddress: string;
  /** Messages this process handed to the SMTP server and had accepted, and sends it put off (metrics). */
  private readonly counts = { sent: 0, deferred: { server_cap: 0, beta_cap: 0, paused: 0 } satisfies Record<DeferralReason, number> };

  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly suppressions: SuppressionsService,
    private readonly options: EmailsOptions,
  ) {
    this.defaultFromAddress = `no-reply@${new URL(options.publicUrl).hostname}`;
    this.jobHandlers = { [EMAIL_SEND_JOB]: (payload, job) => this.deliver(payload as SendJob, job) };
    registerExpander(db, EMAILS_PART, (trx, betaId, messages) => this.expand(trx, betaId, messages as DeferredMessage[]));
  }

  /** What this process sent and put off since it started (metrics.ts). */
  sendCounts(): { sent: number; deferred: Readonly<Record<DeferralReason, number>> } {
    return this.counts;
  }

  /** Closes the SMTP connections (at shutdown). */
  close(): void {
    this.options.mailer?.close();
  }

  // ---- queueing (in the caller's transaction, no network) --------------------------------------

  async statusChanged(trx: Executor, change: StatusChange): Promise<void> {
    const occasion = occasionForStatus(change.status);
    if (occasion) await this.defer(trx, change.betaId, { occasion, testerId: change.testerId, now: change.now });
  }

  /**
   * A public signup gave an address already on the beta's list: its owner is told, with their
   * status link, at most once per ALREADY_SIGNED_UP_INTERVAL_SECONDS, so the form cannot be used
   * to flood an inbox. A hidden or erased tester is not written to.
   */
  async alreadySignedUp(betaId: number, emailNormalized: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      if (!(await this.betas.holds(trx, betaId))) return;
      const tester = await forKeyShare(
        this.dialect,
        trx.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('email_normalized', '=', emailNormalized).where('hidden', '=', 0),
      ).executeTakeFirst();
      if (!tester) return;
      const recent = await trx
        .selectFrom('email_messages')
        .select('id')
        .where('tester_id', '=', tester.id)
        .where('occasion', '=', 'already_signed_up')
        .where('created_at', '>', storedTime(addSeconds(this.clock.now(), -ALREADY_SIGNED_UP_INTERVAL_SECONDS)))
        .executeTakeFirst();
      if (!recent) await this.record(trx, 'already_signed_up', betaId, tester.id, this.now(), async () => ({}));
    });
  }

  async friendInvited(trx: Executor, invitation: FriendInvitationSent): Promise<void> {
    const { betaId, inviteeId: testerId, senderId, message, now } = invitation;
    await this.defer(trx, betaId, { occasion: 'friend_invitation', testerId, now, senderId, message });
  }

  async positionEmailOn(trx: Executor, betaId: number): Promise<boolean> {
    return (await this.occasionsOn(trx, betaId)).has('position_changed');
  }

  /** The occasions the beta sends a message for: its own templates' switches, the defaults' elsewhere. */
  private occasionsOn(trx: Executor, betaId: number): Promise<ReadonlySet<Occasion>> {
    return occasionsOnCache(this.db).get(betaId, async () => {
      const switches = new Map((await storedSwitches.rows(trx, { betaId })).map((row) => [row.occasion, row.enabled]));
      return new Set(Occasions.filter((occasion) => switchedOn(occasion, switches.get(occasion))));
    });
  }

  async positionChanged(trx: Executor, change: PositionChange): Promise<void> {
    const { betaId, testerId, now } = change;
    const positions = { position_before: change.positionBefore, position_after: change.positionAfter };
    await this.defer(trx, betaId, { occasion: 'position_changed', testerId, now, positions });
  }

  /**
   * Puts the message into the command's effects row (jobs/effects.ts) when its template is on:
   * most signups land in a status whose message is off, and cost no read then.
   */
  private async defer(trx: Executor, betaId: number, message: DeferredMessage): Promise<void> {
    if ((await this.occasionsOn(trx, betaId)).has(message.occasion)) deferEffect(trx, betaId, EMAILS_PART, message, message.now);
  }

  /** The effects row's messages, recorded in the order queued. */
  private async expand(trx: Executor, betaId: number, messages: readonly DeferredMessage[]): Promise<void> {
    for (const message of messages) {
      const { senderId, positions } = message;
      await this.record(trx, message.occasion, betaId, message.testerId, message.now, async () =>
        positions ?? (senderId === undefined ? {} : { sender: (await this.options.views.current(trx, senderId)) ?? null, message: message.message ?? null }),
      );
    }
  }

  /**
   * Renders the occasion's message for the tester and records it: queued with a send job, or
   * suppressed at once (no job) when the address may not be written to, or failed when the
   * template cannot be rendered — a signup never fails because of a template.
   */
  private async record(
    trx: Executor,
    occasion: Occasion,
    betaId: number,
    testerId: number,
    now: string,
    occasionVariables: () => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const stored = await storedTemplate.first(trx, { betaId, occasion });
    const template = effectiveTemplate(occasion, stored);
    // Switched off since it was queued.
    if (!template.enabled) return;
    const tester = await this.options.views.current(trx, testerId);
    // An erased address is refused before anything is rendered or logged: a log row would keep it.
    if (!tester || (await isErased(trx, betaId, tester.email))) return;
    const beta = await trx.selectFrom('betas').select(['id', 'name', 'homepage_url']).where('id', '=', betaId).executeTakeFirstOrThrow();
    const unsubscribeToken = newToken();
    const variables: Record<string, unknown> = {
      tester,
      beta,
      unsubscribe_url: this.unsubscribeUrl(unsubscribeToken),
      ...(await occasionVariables()),
    };
    if (occasion === 'confirmation') {
      variables.confirmation_url = `${this.options.publicUrl}/confirm/${await this.createConfirmation(trx, testerId, now)}`;
    }
    const held = tester.unsubscribed_at !== null || (await isSuppressed(trx, betaId, tester.email));
    let rendered: RenderedEmail = { subject: '', text: '', html: null };
    let error: string | null = null;
    try {
      rendered = renderEmail(template, variables);
    } catch (problem) {
      if (!(problem instanceof TemplateError)) throw problem;
      error = `The ${occasion} template could not be rendered: ${problem.message}`;
    }
    const status: MessageStatus = held ? 'suppressed' : error ? 'failed' : 'queued';
    const { id } = await trx
      .insertInto('email_messages')
      .values({
        beta_id: betaId,
        tester_id: testerId,
        to_address: tester.email,
        email_normalized: tester.email.toLowerCase(),
        occasion,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        status,
        error,
        unsubscribe_token: unsubscribeToken,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'queued') {
      const job: SendJob = { messageId: id };
      await enqueueJob(trx, EMAIL_SEND_JOB, job, new Date(now));
    }
  }

  /** A double opt-in token for the tester; the /confirm/{token} page redeems it. */
  private async createConfirmation(trx: Executor, testerId: number, now: string): Promise<string> {
    const token = newToken();
    await trx
      .insertInto('email_confirmations')
      .values({ token, tester_id: testerId, created_at: now, expires_at: storedTime(addSeconds(new Date(now), CONFIRMATION_SECONDS)) })
      .execute();
    return token;
  }

  unsubscribeUrl(token: string): string {
    return `${this.options.publicUrl}/unsubscribe/${token}`;
  }

  // ---- sending (the email.send job, outside any transaction) -----------------------------------

  private async deliver(job: SendJob, attempt: OutboxJobRow): Promise<JobResult> {
    const message = await this.db
      .selectFrom('email_messages')
      .innerJoin('betas', 'betas.id', 'email_messages.beta_id')
      .leftJoin('testers', 'testers.id', 'email_messages.tester_id')
      // The beta's pause in force, if any (sending-breaker.ts): one lookup of a unique index.
      .leftJoin('email_sending_pauses', (join) =>
        join.onRef('email_sending_pauses.beta_id', '=', 'email_messages.beta_id').on('email_sending_pauses.resumed_at', 'is', null),
      )
      .selectAll('email_messages')
      .select(['betas.name as beta_name', 'betas.sandbox_of', 'testers.unsubscribed_at', 'email_sending_pauses.id as pause_id'])
      .where('email_messages.id', '=', job.messageId)
      .executeTakeFirst();
    // Gone with its beta, or settled by an earlier attempt (jobs run at least once).
    if (message?.status !== 'queued') return;
    // Since it was queued the address may have been suppressed, or its tester unsubscribed or
    // deleted (tester_id is set on every message but a test send, and cleared only by a deletion).
    if ((message.tester_id === null && message.test !== 1) || message.unsubscribed_at !== null || (await this.refused(message.beta_id, message.to_address))) {
      return this.settle(this.db, message.id, { status: 'suppressed' });
    }
    // A sandbox's messages are kept as rendered and never leave, whatever SMTP_URL says.
    if (!this.options.mailer || message.sandbox_of !== null) return this.settle(this.db, message.id, { status: 'captured' });
    if (message.pause_id !== null) return this.paused(message.beta_id);
    const capReached = await this.options.caps.take(message.beta_id, (await readBeta(this.db, message.beta_id))?.settings.email_sends_per_minute ?? null, this.clock.now());
    if (capReached) return this.untilNextMinute(message.beta_id, capReached);
    let providerId: string;
    try {
      ({ messageId: providerId } = await this.options.mailer.send({
        from: this.options.emailFrom ?? { name: message.beta_name, address: this.defaultFromAddress },
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        headers: {
          'List-Unsubscribe': `<${this.unsubscribeUrl(message.unsubscribe_token)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }));
    } catch (error) {
      return this.notSent(message, classifySmtpFailure(error), attempt.attempts);
    }
    const now = this.now();
    await this.settle(this.db, message.id, { status: 'sent', provider_message_id: providerId, sent_at: now, attempted_at: now, error: null });
    this.counts.sent++;
  }

  /**
   * The beta's sending is paused: its due sends are held until the pause ends, and this one, which
   * the runner has in hand, looks again in a minute (or at once, should the pause have just ended).
   * No attempt is counted.
   */
  private async paused(betaId: number): Promise<JobResult> {
    this.counts.deferred.paused++;
    const held = await this.options.breaker.holdSends(betaId);
    return { retryAt: addSeconds(this.clock.now(), held ? PAUSED_RECHECK_SECONDS : 0), notAttempted: true };
  }

  /**
   * A cap's minute is full: this send and every other due one it concerns (the beta's for its own
   * cap, all for the server's) wait for the next minute, so the runner claims none of them again
   * before then. No attempt is counted.
   */
  private async untilNextMinute(betaId: number, reached: CapReached): Promise<JobResult> {
    this.counts.deferred[reached.scope === 'beta' ? 'beta_cap' : 'server_cap']++;
    await moveDueSends(this.db, this.dialect, reached.scope === 'beta' ? betaId : null, storedTime(reached.until), this.clock.now());
    return { retryAt: reached.until, notAttempted: true };
  }

  /**
   * A refused recipient is a hard bounce: the message fails and the address is suppressed. A
   * refused message fails. Anything else is tried again by the outbox (the error is kept on the
   * message meanwhile) until its last attempt, which fails the message.
   */
  private async notSent(message: EmailMessageRow, failure: SmtpFailure, attempts: number): Promise<void> {
    if (failure.kind === 'bounce') {
      await inTransaction(this.db, async (trx) => {
        // A message whose beta is gone went with it: nothing to settle or suppress.
        if (!(await this.betas.holds(trx, message.beta_id))) return;
        const now = this.now();
        const problem: SendProblem = 'hard_bounce';
        await this.settle(trx, message.id, { status: 'failed', error: failure.description, attempted_at: now, problem });
        await this.suppressions.suppress(trx, message.beta_id, message.to_address, 'HardBounce', now);
        await this.options.breaker.problemRecorded(trx, message.beta_id, now);
      });
      return;
    }
    if (failure.kind === 'rejected' || attempts >= MAX_ATTEMPTS) {
      return this.settle(this.db, message.id, { status: 'failed', error: failure.description });
    }
    await this.settle(this.db, message.id, { status: 'queued', error: failure.description });
    throw new Error(`E-mail message ${message.id} not sent, to be retried: ${failure.description}`);
  }

  /** Changes a message that is still queued (an earlier, slower attempt may have settled it). */
  /** Whether the address may not be written to now: suppressed, or its person erased since the message was queued. */
  private async refused(betaId: number, address: string): Promise<boolean> {
    return (await isSuppressed(this.db, betaId, address)) || (await isErased(this.db, betaId, address));
  }

  private async settle(
    executor: Executor,
    messageId: number,
    changes: { status: MessageStatus; error?: string | null; provider_message_id?: string; sent_at?: string; attempted_at?: string; problem?: SendProblem },
  ): Promise<void> {
    await executor.updateTable('email_messages').set(changes).where('id', '=', messageId).where('status', '=', 'queued').execute();
  }

  // ---- unsubscribe links (public) ----------------------------------------------------------------

  /** What the link unsubscribes, or undefined when the token names no message. Changes nothing. */
  async unsubscribeTarget(token: string): Promise<UnsubscribeTarget | undefined> {
    return this.findTarget(this.db, token);
  }

  /** Records the Unsubscribe suppression (which also unsubscribes the tester); idempotent. Undefined as unsubscribeTarget, or when the beta is deleted meanwhile. */
  async unsubscribe(token: string): Promise<UnsubscribeTarget | undefined> {
    return inTransaction(this.db, async (trx) => {
      const target = await this.findTarget(trx, token);
      if (!target || !(await this.betas.holds(trx, target.betaId))) return undefined;
      await this.suppressions.suppress(trx, target.betaId, target.email, 'Unsubscribe', this.now());
      return target;
    });
  }

  // ---- confirmation links (public) ---------------------------------------------------------------

  /** The tester a double opt-in link names, or undefined when the token names none. Changes nothing. */
  async confirmationTarget(token: string): Promise<ConfirmationTarget | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const row = await this.db
      .selectFrom('email_confirmations')
      .innerJoin('testers', 'testers.id', 'email_confirmations.tester_id')
      .select(['email_confirmations.id', 'email_confirmations.tester_id', 'testers.beta_id', 'email_confirmations.expires_at', 'email_confirmations.used_at'])
      .where('email_confirmations.token', '=', token)
      .where('testers.hidden', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    return { confirmationId: row.id, testerId: row.tester_id, betaId: row.beta_id, expired: row.expires_at <= this.now(), used: row.used_at !== null };
  }

  /** Records that the link was used (once: the first use is kept). */
  async markConfirmationUsed(confirmationId: number): Promise<void> {
    await this.db.updateTable('email_confirmations').set({ used_at: this.now() }).where('id', '=', confirmationId).where('used_at', 'is', null).execute();
  }

  /**
   * A new confirmation link and e-mail for a tester still unconfirmed, as the signup sent: at most
   * one per RESEND_INTERVAL_SECONDS per tester, so the form cannot be used to flood an inbox.
   */
  async resendConfirmation(testerId: number): Promise<ResendOutcome> {
    return inTransaction(this.db, async (trx) => {
      const found = await trx.selectFrom('testers').select('beta_id').where('id', '=', testerId).executeTakeFirst();
      // Its beta, then the tester, held until the message is recorded (docs/architecture.md, "Lock order").
      const tester =
        found && (await this.betas.holds(trx, found.beta_id))
          ? await forKeyShare(this.dialect, trx.selectFrom('testers').select(['beta_id', 'status', 'hidden']).where('id', '=', testerId)).executeTakeFirst()
          : undefined;
      if (!tester || tester.hidden || tester.status !== 'unconfirmed') return 'not_needed';
      const now = this.now();
      const recent = await trx
        .selectFrom('email_confirmations')
        .select('id')
        .where('tester_id', '=', testerId)
        .where('created_at', '>', storedTime(addSeconds(this.clock.now(), -RESEND_INTERVAL_SECONDS)))
        .executeTakeFirst();
      if (recent) return 'too_soon';
      await this.statusChanged(trx, { betaId: tester.beta_id, testerId, status: 'unconfirmed', now });
      return 'sent';
    });
  }

  private async findTarget(executor: Executor, token: string): Promise<UnsubscribeTarget | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    return executor
      .selectFrom('email_messages')
      .innerJoin('betas', 'betas.id', 'email_messages.beta_id')
      .select(['email_messages.beta_id as betaId', 'betas.name as betaName', 'email_messages.to_address as email'])
      .where('email_messages.unsubscribe_token', '=', token)
      .executeTakeFirst();
  }

  private now(): string {
    return storedTime(this.clock.now());
  }
}
