// A friend invitation as the API shows it: the invitation with its sender and the new tester.
import { apiTime } from '../../primitives/time.ts';
import type { SentFriendInvitation } from './friend-invitations.service.ts';

export function presentFriendInvitation({ invitation, inviter, invitee }: SentFriendInvitation) {
  return { id: invitation.id, created_at: apiTime(invitation.created_at), inviter, invitee };
}
