// What the domain asks of e-mail: messages are rendered and recorded in the caller's transaction
// (outbox) and sent after commit by the workers. The domain names the occasion; which template,
// whether it is enabled, and whether the address may be written to are the e-mail module's rules.
import type { Executor } from '../../db/executor.ts';
import type { TesterStatus } from '../testers/tester-status.ts';

/** The status a tester moved into, or `unsuspended` for a suspension lifted. */
export type StatusEmailTrigger = TesterStatus | 'unsuspended';

export interface StatusChange {
  betaId: number;
  testerId: number;
  status: StatusEmailTrigger;
  /** Stored time of the change. */
  now: string;
}

export interface FriendInvitationSent {
  betaId: number;
  inviteeId: number;
  senderId: number;
  message: string | null;
  now: string;
}

/** A tester who moved up the waitlist (modules/moves/position-changes.ts). */
export interface PositionChange {
  betaId: number;
  testerId: number;
  positionBefore: number;
  positionAfter: number;
  now: string;
}

export interface EmailQueue {
  /**
   * A tester reached a status (created in it, or moved into it): invited → the invitation,
   * unconfirmed → the double opt-in confirmation, applied, active, rejected, suspended and
   * unsuspended → the status messages the beta has switched on. Others send nothing.
   */
  statusChanged(trx: Executor, change: StatusChange): Promise<void>;
  /** The invitee of a friend invitation gets the beta's invite-a-friend message. */
  friendInvited(trx: Executor, invitation: FriendInvitationSent): Promise<void>;
  /** Whether the beta's "You moved up" message is on, read from memory: asked before any work for it. */
  positionEmailOn(trx: Executor, betaId: number): Promise<boolean>;
  /** The tester moved up the waitlist: the beta's "You moved up" message, when on. */
  positionChanged(trx: Executor, change: PositionChange): Promise<void>;
  /**
   * A new confirmation link for a tester still unconfirmed, in its own transaction: sent, refused
   * as too soon after the last one, or not needed (not unconfirmed, hidden or gone).
   */
  resendConfirmation(testerId: number): Promise<'sent' | 'too_soon' | 'not_needed'>;
}
