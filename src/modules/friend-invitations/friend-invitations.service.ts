// Friend invitations: a tester whose status allows it invites a friend, who becomes a
// tester at once, invited with an invitation code (unlike a referral). The sender's allowance is
// counted down by a conditional update, so concurrent invitations never exceed it.
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import { forUpdate } from '../../db/database.ts';
import type { DialectName, Db } from '../../db/executor.ts';
import type { FriendInvitationRow } from '../../db/tables/testers.ts';
import { inTransaction } from '../../db/transaction.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { isValidEmail, normalizeEmail } from '../testers/email-address.ts';
import type { TestersService } from '../testers/testers.service.ts';
import type { ReducedTesterView } from '../testers/testers.presenter.ts';
import type { TesterEvents } from '../testers/tester-events.ts';
import type { EmailQueue } from '../emails/email-queue.ts';

export interface FriendInvitationInput {
  sender_email?: string;
  recipient_email?: string;
  message?: string;
}

/** A sent invitation with its two testers as the API shows them, read after the commit. */
export interface SentFriendInvitation {
  invitation: FriendInvitationRow;
  inviter: ReducedTesterView;
  invitee: ReducedTesterView;
}

/** Statuses whose testers may invite friends (senderNotAllowed otherwise). */
const SENDER_STATUSES = new Set(['invited', 'active', 'idle']);

export class FriendInvitationsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly testers: TestersService,
    private readonly events: TesterEvents,
    private readonly emails: EmailQueue,
  ) {}

  async create(companyId: number, betaId: string, input: FriendInvitationInput): Promise<SentFriendInvitation> {
    const beta = await this.betas.require(companyId, betaId);
    if (!beta.settings.invite_a_friend_enabled) throw Errors.inviteAFriendDisabled();
    const sender = normalizeEmail(input.sender_email);
    const recipient = normalizeEmail(input.recipient_email);
    const errors: ErrorEntry[] = [];
    if (!sender) errors.push(Errors.senderEmailRequired.entry());
    if (!recipient) errors.push(Errors.recipientEmailRequired.entry());
    else if (!isValidEmail(recipient.email)) errors.push(Errors.recipientEmailInvalid.entry());
    if (sender && recipient && sender.normalized === recipient.normalized) errors.push(Errors.cannotInviteYourself.entry());
    if (errors.length > 0 || !sender || !recipient) throw ApiError.many(errors);

    const created = await inTransaction(this.db, async (trx) => {
      const now = storedTime(this.clock.now());
      // The beta, the company's plan, then the sender (docs/architecture.md, "Lock order"): a sender
      // deleted meanwhile is not found, rather than found without invitations left by the update below.
      const { hidden } = await this.testers.holdForNewTester(trx, beta);
      const inviter = await forUpdate(
        this.dialect,
        trx.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('email_normalized', '=', sender.normalized).where('hidden', '=', 0),
      ).executeTakeFirst();
      if (!inviter) throw Errors.senderNotFound();
      if (!SENDER_STATUSES.has(inviter.status)) {
        throw Errors.senderNotAllowed(inviter.status);
      }
      const taken = await trx
        .selectFrom('testers')
        .select('id')
        .where('beta_id', '=', beta.id)
        .where('email_normalized', '=', recipient.normalized)
        .executeTakeFirst();
      if (taken) throw Errors.recipientAlreadyInvited();
      const counted = await trx
        .updateTable('testers')
        .set((eb) => ({ friend_invitations_count: eb('friend_invitations_count', '+', 1), updated_at: now }))
        .where('id', '=', inviter.id)
        .where((eb) => eb('friend_invitations_count', '<', eb.ref('friend_invitations_allowed')))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) throw Errors.noInvitationsLeft();
      const invitee = await this.testers.insertInvitee(trx, beta, recipient.email, hidden, now).catch((error: unknown) => {
        // A concurrent signup took the address between the check above and this insert.
        if (error instanceof ApiError && error.is(Errors.testerExists)) throw Errors.recipientAlreadyInvited();
        throw error;
      });
      const invitation = await trx
        .insertInto('friend_invitations')
        .values({ beta_id: beta.id, inviter_id: inviter.id, invitee_id: invitee.id, message: input.message?.trim() || null, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.events.raise(trx, 'tester_updated', beta.id, [inviter.id], now);
      if (!invitee.hidden) {
        await this.emails.friendInvited(trx, { betaId: beta.id, inviteeId: invitee.id, senderId: inviter.id, message: invitation.message, now });
      }
      if (invitee.hidden) return { invitation, views: null };
      // Rendered as committed: a sender deleted right after the commit has still sent this invitation.
      const inviterNow = await trx.selectFrom('testers').selectAll().where('id', '=', inviter.id).executeTakeFirstOrThrow();
      return { invitation, views: await this.testers.reducedViews(trx, beta, [inviterNow, invitee]) };
    });
    if (!created.views) throw Errors.testerHidden();
    const [inviter, invitee] = created.views;
    return { invitation: created.invitation, inviter, invitee };
  }
}
