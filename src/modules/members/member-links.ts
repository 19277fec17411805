// One-time links to the console: those that set a member's password (the setup link `npm start`
// prints while no member exists, which creates the first owner; the invitation e-mailed to a
// member added without a password; the link of a forgotten password), and the sign-in link e-mailed
// to a member whose address is under attack, which signs in without the password. A link's token
// is stored as its SHA-256 only, works once and expires. The e-mails leave through the outbox
// (SMTP, or captured without it).
import { Errors } from '../../primitives/errors.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueueJob, MAX_ATTEMPTS, type JobHandler } from '../../jobs/outbox.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import type { OutboxJobRow } from '../../db/tables/effects.ts';
import { classifySmtpFailure, type Mailer } from '../emails/mailer.ts';
import { insertMember, memberAddress, toMember, type Member } from './member.ts';
import { checkNewPassword, hashPassword } from './passwords.ts';
import { hashToken, newToken, type OpenedSession, type Sessions } from './sessions.ts';

export const MEMBER_EMAIL_JOB = 'member_email.send';

type LinkKind = 'setup' | 'invitation' | 'reset' | 'sign-in';

/** How long each kind of link works. */
const LINK_SECONDS: Record<LinkKind, number> = { setup: 86_400, invitation: 7 * 86_400, reset: 3600, 'sign-in': 3600 };
const LINK_PATH: Record<LinkKind, string> = { setup: '/console/setup', invitation: '/console/reset', reset: '/console/reset', 'sign-in': '/console/sign-in-link' };

export interface MemberLinksOptions {
  publicUrl: string;
  emailFrom: string | null;
  /** The SMTP transport, or null to capture every message. */
  mailer: Mailer | null;
}

/** A member signed in by a link they just used. */
export interface LinkSignIn {
  member: Member;
  session: OpenedSession;
}

/**
 * Records a plain-text e-mail to a member and its send job, in the caller's transaction: sent
 * through SMTP after commit, or captured without it. `sending_paused` is the sending breaker's
 * (modules/emails/sending-breaker.ts).
 */
export async function queueMemberEmail(
  trx: Executor,
  member: Pick<Member, 'id' | 'email'>,
  occasion: 'invitation' | 'reset' | 'sign_in' | 'sending_paused',
  subject: string,
  lines: string[],
  now: Date,
): Promise<void> {
  const { id } = await trx
    .insertInto('member_emails')
    .values({ member_id: member.id, to_address: member.email, occasion, subject, text_body: `${lines.join('\n')}\n`, status: 'queued', created_at: storedTime(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueJob(trx, MEMBER_EMAIL_JOB, { messageId: id }, now);
}

export class MemberLinks {
  readonly jobHandlers: Readonly<Record<string, JobHandler>>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly options: MemberLinksOptions,
  ) {
    this.jobHandlers = { [MEMBER_EMAIL_JOB]: (payload, job) => this.deliver(payload as { messageId: number }, job) };
  }

  /** A setup link for the first owner, or null once any member exists. */
  async setupLink(): Promise<string | null> {
    if (await this.anyMember(this.db)) return null;
    return this.create(this.db, 'setup', null);
  }

  /** Creates the first owner (in the first company, made if there is none) and signs them in. */
  async setUp(token: string, input: { email: string; password: string; companyName?: string }): Promise<LinkSignIn> {
    const address = memberAddress(input.email);
    checkNewPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    return inTransaction(this.db, async (trx) => {
      await this.use(trx, token, 'setup');
      if (await this.anyMember(trx)) throw Errors.linkInvalid('Setup is done: sign in instead');
      const now = storedTime(this.clock.now());
      const company =
        (await trx.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirst()) ??
        (await trx
          .insertInto('companies')
          .values({ name: input.companyName?.trim() || 'Default', max_testers: null, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow());
      const member = await insertMember(trx, now, { companyId: company.id, ...address, role: 'owner', passwordHash });
      return { member, session: await this.sessions.open(member.id, trx) };
    });
  }

  /** Queues the invitation e-mail of a member added without a password (in the adding transaction). */
  async invite(trx: Executor, member: Member): Promise<void> {
    const url = await this.create(trx, 'invitation', member.id);
    await this.queue(trx, member, 'invitation', 'You are invited to the Prelaunch console', [
      `You were added to a company's Prelaunch console as ${member.role}.`,
      '',
      `Choose your password here (the link works for 7 days, once):`,
      url,
    ]);
  }

  /**
   * Queues a reset link for the address when a member has it; says nothing either way, so the form
   * does not tell who has an account.
   */
  async requestReset(email: string): Promise<void> {
    const { normalized } = memberAddress(email);
    await inTransaction(this.db, async (trx) => {
      const row = await trx.selectFrom('members').selectAll().where('email_normalized', '=', normalized).executeTakeFirst();
      if (!row) return;
      const url = await this.create(trx, 'reset', row.id);
      await this.queue(trx, row, 'reset', 'Reset your Prelaunch console password', [
        'Someone (hopefully you) asked to reset the password of this console account.',
        '',
        'Choose a new password here (the link works for 1 hour, once):',
        url,
        '',
        'If it was not you, ignore this message: the password stays as it is.',
      ]);
    });
  }

  /**
   * Queues a one-time sign-in link for the member with the address, if any: their address is under
   * attack (many failed sign-ins from other networks), and a network the attempts come from, or a
   * new one of their own, may be refused for a while. Their password stays as it is.
   */
  async sendSignInLink(email: string): Promise<void> {
    const { normalized } = memberAddress(email);
    await inTransaction(this.db, async (trx) => {
      const row = await trx.selectFrom('members').selectAll().where('email_normalized', '=', normalized).executeTakeFirst();
      if (!row) return;
      const url = await this.create(trx, 'sign-in', row.id);
      await this.queue(trx, row, 'sign_in', 'Many failed sign-ins to your Prelaunch console account', [
        'Someone has tried many wrong passwords for this console account in the last minutes.',
        '',
        'Your password still works from the networks you sign in from. Should a sign-in be refused',
        'for too many failed attempts, sign in with this link instead (it works for 1 hour, once):',
        url,
        '',
        'If the attempts were not yours, nothing is needed: your password was not accepted. A longer',
        'password makes guessing it hopeless.',
      ]);
    });
  }

  /** Signs in through a sign-in link. */
  async signInWithLink(token: string): Promise<LinkSignIn> {
    return inTransaction(this.db, async (trx) => {
      const memberId = await this.use(trx, token, 'sign-in');
      const row = await trx.selectFrom('members').selectAll().where('id', '=', memberId!).executeTakeFirst();
      if (!row) throw Errors.linkInvalid();
      return { member: toMember(row), session: await this.sessions.open(row.id, trx) };
    });
  }

  /** Sets the password through a reset or invitation link, ends the member's other sessions and signs them in. */
  async setPassword(token: string, password: string): Promise<LinkSignIn> {
    checkNewPassword(password);
    const passwordHash = await hashPassword(password);
    return inTransaction(this.db, async (trx) => {
      const memberId = await this.use(trx, token, 'reset', 'invitation');
      const row = await trx
        .updateTable('members')
        .set({ password_hash: passwordHash, updated_at: storedTime(this.clock.now()) })
        .where('id', '=', memberId!)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw Errors.linkInvalid();
      await this.sessions.endOthers(trx, row.id, null);
      const session = await this.sessions.open(row.id, trx);
      return { member: toMember(row), session };
    });
  }

  private async anyMember(executor: Executor): Promise<boolean> {
    return (await executor.selectFrom('members').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  private async create(executor: Executor, kind: LinkKind, memberId: number | null): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await executor
      .insertInto('member_links')
      .values({ kind, token_hash: hashToken(token), member_id: memberId, created_at: storedTime(now), expires_at: storedTime(addSeconds(now, LINK_SECONDS[kind])) })
      .execute();
    return `${this.options.publicUrl}${LINK_PATH[kind]}?token=${token}`;
  }

  /** Marks the link used (once: of two concurrent uses one wins); its member's id. */
  private async use(trx: Executor, token: string, ...kinds: LinkKind[]): Promise<number | null> {
    const now = storedTime(this.clock.now());
    const row = await trx
      .updateTable('member_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('kind', 'in', kinds)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('member_id')
      .executeTakeFirst();
    if (!row) throw Errors.linkInvalid();
    return row.member_id;
  }

  private async queue(trx: Executor, member: Pick<Member, 'id' | 'email'>, occasion: 'invitation' | 'reset' | 'sign_in', subject: string, lines: string[]): Promise<void> {
    await queueMemberEmail(trx, member, occasion, subject, lines, this.clock.now());
  }

  private async deliver(job: { messageId: number }, attempt: OutboxJobRow): Promise<void> {
    const message = await this.db.selectFrom('member_emails').selectAll().where('id', '=', job.messageId).executeTakeFirst();
    if (message?.status !== 'queued') return;
    const settle = (changes: { status: string; error?: string | null; sent_at?: string }) =>
      this.db.updateTable('member_emails').set(changes).where('id', '=', message.id).where('status', '=', 'queued').execute();
    const { mailer, emailFrom, publicUrl } = this.options;
    if (!mailer) {
      await settle({ status: 'captured' });
      return;
    }
    try {
      await mailer.send({
        from: emailFrom ?? { name: 'Prelaunch', address: `no-reply@${new URL(publicUrl).hostname}` },
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: null,
        headers: {},
      });
    } catch (error) {
      const failure = classifySmtpFailure(error);
      if (failure.kind !== 'temporary' || attempt.attempts >= MAX_ATTEMPTS) {
        await settle({ status: 'failed', error: failure.description });
        return;
      }
      throw new Error(`Member e-mail ${message.id} not sent, to be retried: ${failure.description}`);
    }
    await settle({ status: 'sent', sent_at: storedTime(this.clock.now()), error: null });
  }
}
