import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { BetaParams } from '../../http/schemas.ts';
import { FriendInvitationBody, FriendInvitationSchema } from './friend-invitations.schemas.ts';
import { presentFriendInvitation } from './friend-invitations.presenter.ts';
import type { FriendInvitationInput, FriendInvitationsService } from './friend-invitations.service.ts';

export function friendInvitationsRoutes(app: App, service: FriendInvitationsService): void {
  app.post('/api/v2/betas/:beta_id/friend_invitations', {
    config: { permission: 'testers:write', series: 'friendInvitations' },
    schema: {
      operationId: 'createFriendInvitation',
      tags: ['Friend invitations'],
      summary: 'Send a friend invitation',
      description: 'The recipient becomes a tester at once, invited with an invitation code; the sender has one invitation fewer.',
      params: BetaParams,
      body: FriendInvitationBody,
      response: { 201: FriendInvitationSchema },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const input: FriendInvitationInput = body.friend_invitation ?? body;
      const sent = await service.create(principalOf(request).companyId, request.params.beta_id, {
        sender_email: input.sender_email,
        recipient_email: input.recipient_email,
        message: input.message,
      });
      return reply.status(201).send(presentFriendInvitation(sent));
    },
  });
}
