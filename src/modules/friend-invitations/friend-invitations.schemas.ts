import Type from 'typebox';
import { Timestamp } from '../../http/schemas.ts';
import { TesterSchema } from '../testers/testers.schemas.ts';

const { waitlist_position, waitlist_ahead, waitlist_behind, waitlist_length, friend_invitations_allowed, responses, ...reducedFields } =
  TesterSchema.properties;

/** The v2 interface's tester objects of a friend invitation: no waitlist fields, no friend_invitations_allowed. */
const ReducedTesterSchema = Type.Object(reducedFields);

export const FriendInvitationSchema = Type.Object(
  { id: Type.Integer(), created_at: Timestamp, inviter: ReducedTesterSchema, invitee: ReducedTesterSchema },
  { $id: 'FriendInvitation' },
);

const FriendInvitationFields = Type.Partial(
  Type.Object({
    sender_email: Type.String({ maxLength: 320, description: 'An existing tester of the beta' }),
    recipient_email: Type.String({ maxLength: 320 }),
    message: Type.String({ maxLength: 2000, description: 'Personal message for the invitation e-mail' }),
  }),
);

export const FriendInvitationBody = Type.Object({
  friend_invitation: Type.Optional({ ...FriendInvitationFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...FriendInvitationFields.properties,
});
