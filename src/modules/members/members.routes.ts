// The company's members through the management API: listed with members:read, added, changed
// and removed with members:manage (an owner's, or a key's that holds it).
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { presentMember } from './members.presenter.ts';
import { CreateMemberBody, MemberParams, MemberSchema, UpdateMemberBody } from './members.schemas.ts';
import type { MembersService } from './members.service.ts';

function memberId(text: string): number {
  const id = parseId(text);
  if (id === null) throw Errors.notFound('Member not found');
  return id;
}

export function membersRoutes(app: App, members: MembersService): void {
  const tags = ['Members'];
  // Another company's member (or none) is 404 before the body is read, as a beta's resources are.
  const exists = async (request: FastifyRequest) => {
    await members.find(principalOf(request).companyId, memberId((request.params as { member_id: string }).member_id));
  };
  app.get('/api/v2/members', {
    config: { permission: 'members:read', series: 'members' },
    schema: { operationId: 'listMembers', tags, summary: "List the company's members", 'x-extension': true, response: { 200: Type.Array(MemberSchema) } },
    handler: async (request) => (await members.list(principalOf(request).companyId)).map(presentMember),
  });

  app.post('/api/v2/members', {
    config: { permission: 'members:manage', series: 'members' },
    schema: {
      operationId: 'createMember',
      tags,
      summary: 'Add a member',
      description: 'Without a password, the member is e-mailed a link (valid 7 days, once) to choose one.',
      'x-extension': true,
      body: CreateMemberBody,
      response: { 201: MemberSchema },
    },
    handler: async (request, reply) => {
      const member = await members.create({ companyId: principalOf(request).companyId, ...request.body });
      return reply.status(201).send(presentMember(member));
    },
  });

  app.patch('/api/v2/members/:member_id', {
    preValidation: exists,
    config: { permission: 'members:manage', series: 'members' },
    schema: { operationId: 'updateMember', tags, summary: "Change a member's role", 'x-extension': true, params: MemberParams, body: UpdateMemberBody, response: { 200: MemberSchema } },
    handler: async (request) =>
      presentMember(await members.changeRole(principalOf(request).companyId, memberId(request.params.member_id), request.body.role)),
  });

  app.delete('/api/v2/members/:member_id', {
    preValidation: exists,
    config: { permission: 'members:manage', series: 'members' },
    schema: { operationId: 'deleteMember', tags, summary: 'Remove a member', description: 'Answers with the member as they were; their sessions end.', 'x-extension': true, params: MemberParams, response: { 200: MemberSchema } },
    handler: async (request) => presentMember(await members.remove(principalOf(request).companyId, memberId(request.params.member_id))),
  });
}
