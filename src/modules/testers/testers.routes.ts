import Type from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import { RESEND_INTERVAL_SECONDS } from '../emails/emails.service.ts';
import type { App } from '../../http/app-type.ts';
import { actingMemberOf, actorOf, principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { Accepted, BetaParams, sendAccepted } from '../../http/schemas.ts';
import {
  CheckinBody,
  CheckinSchema,
  DeleteQuery,
  ResponseSchema,
  TesterCreateBody,
  TesterListQuery,
  TesterParams,
  TesterSchema,
  TesterUpdateBody,
  VerifyQuery,
} from './testers.schemas.ts';
import type { TestersService } from './testers.service.ts';
import { ErasureReceiptSchema, StoredEventSchema, TesterExportSchema } from './personal-data.schemas.ts';
import { EVENTS_LISTED, EVENTS_SCANNED } from './data-export.ts';


/** `queue` is a boolean flag: present (or true/1/yes) queues; false/0/no/off does not. */
function wantsQueue(queue: string | undefined): boolean {
  return queue !== undefined && !/^(false|0|no|off)$/i.test(queue.trim());
}

export function testersRoutes(app: App, service: TestersService): void {
  const series = 'testers' as const;

  app.get('/api/v2/betas/:beta_id/testers', {
    config: { permission: 'testers:read', series, rateLimit: 'listTesters' },
    schema: {
      operationId: 'listTesters',
      tags: ['Testers'],
      summary: 'List testers',
      description:
        'Paginated (X-Pagination, Link). A filtered list counts its matches exactly up to 10,000; past that, total_count is an estimate and X-Pagination has "total_estimated": true.',
      params: BetaParams,
      querystring: TesterListQuery,
      response: { 200: Type.Array(TesterSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await service.list(principalOf(request).companyId, request.params.beta_id, request.query, page);
      return sendPage(request, reply, page, result);
    },
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'showTester',
      tags: ['Testers'],
      summary: 'Show tester',
      params: TesterParams,
      response: { 200: TesterSchema },
    },
    handler: async (request) => service.show(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/responses', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listTesterResponses',
      tags: ['Testers'],
      'x-extension': true,
      summary: "List a tester's answers",
      description: 'Every answer of the tester to the beta\'s questions, by question id (as create and update answer them).',
      params: TesterParams,
      response: { 200: Type.Array(ResponseSchema) },
    },
    handler: async (request) => service.responses(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/webhook_events', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listTesterWebhookEvents',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'List webhook events about a tester',
      description:
        `The webhook events about the tester (their own and their points' and rewards'), newest first, with their deliveries: at most ${EVENTS_LISTED}, ` +
        `looked for among the beta's newest ${EVENTS_SCANNED.toLocaleString('en')} events so that the answer is quick whatever the beta's history. ` +
        'The data export ("Export a tester\'s data") reads every event.',
      params: TesterParams,
      response: { 200: Type.Array(StoredEventSchema) },
    },
    handler: async (request) => service.webhookEvents(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.post('/api/v2/betas/:beta_id/testers', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'createTester',
      tags: ['Testers'],
      summary: 'Create tester',
      params: BetaParams,
      body: TesterCreateBody,
      response: { 201: TesterSchema },
    },
    handler: async (request, reply) => {
      const tester = await service.create(principalOf(request).companyId, request.params.beta_id, request.body?.tester);
      return reply.status(201).send(tester);
    },
  });

  app.put('/api/v2/betas/:beta_id/testers/:tester_id', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'updateTester',
      tags: ['Testers'],
      summary: 'Update tester',
      params: TesterParams,
      body: TesterUpdateBody,
      response: { 200: TesterSchema },
    },
    handler: async (request) =>
      service.update(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, request.body?.tester, actorOf(request)),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/move_to_front', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'moveTesterToFront',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'Move a tester to the front of the waitlist',
      description:
        "Sets the tester's `priority` one above every other tester's, so that they rank first on the waitlist whatever the counts (a tester above every other priority already is left as they are). " +
        'Update tester with `priority` 0 puts them back in their earned place. A move that changes the position is recorded as `moved_by_owner`, with the member or API key that asked. ' +
        `A tester not on the waitlist answers ${Errors.testersGeneral.code}.`,
      params: TesterParams,
      response: { 200: TesterSchema },
    },
    handler: async (request) => service.moveToFront(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, actorOf(request)),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/accept_referral', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'acceptReferral',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'Accept a held referral',
      description:
        'Credits a referral held because the tester has fraud flags (`fraud.referral` is `held`), as an unflagged referral is credited: ' +
        `at once when the tester has joined, else when they do. Accepting again answers the tester unchanged; a referral never held is 422 (${Errors.testersGeneral.code}).`,
      params: TesterParams,
      response: { 200: TesterSchema },
    },
    handler: async (request) =>
      service.acceptReferral(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, actingMemberOf(request)),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/reverse_referral', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'reverseReferral',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'Take back a credited referral',
      description:
        'Takes back the credit this tester\'s referral gave its referrer (`fraud.referral` is `credited`): the referrer\'s and the beta\'s `share_signups_count` ' +
        'fall by one, the referral\'s points are revoked, and the referrer\'s move `referral_reversed` is recorded. Rewards the credit earned stay. The referral is ' +
        `never credited again (\`fraud.referral\` becomes \`reversed\`). Reversing again answers the tester unchanged; a referral not credited is 422 (${Errors.testersGeneral.code}).`,
      params: TesterParams,
      response: { 200: TesterSchema },
    },
    handler: async (request) =>
      service.reverseReferral(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, actingMemberOf(request)),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/resend_confirmation', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'resendConfirmation',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'Resend the confirmation link',
      description:
        'A new double opt-in confirmation link and e-mail for an unconfirmed tester, as the signup sent: 202, no body. ' +
        `At most one per ${RESEND_INTERVAL_SECONDS / 60} minutes per tester; sooner, or a tester not unconfirmed, is 422 (${Errors.testersGeneral.code}).`,
      params: TesterParams,
      response: { 202: Accepted },
    },
    handler: async (request, reply) => {
      await service.resendConfirmation(principalOf(request).companyId, request.params.beta_id, request.params.tester_id);
      return sendAccepted(reply);
    },
  });

  app.delete('/api/v2/betas/:beta_id/testers/:tester_id', {
    config: { permission: 'testers:delete', series },
    schema: {
      operationId: 'deleteTester',
      tags: ['Testers'],
      summary: 'Delete tester',
      description: 'Deletes at once (200, with the tester as it was), or with `queue` queues the deletion (202).',
      params: TesterParams,
      querystring: DeleteQuery,
      response: { 200: TesterSchema, 202: Accepted },
    },
    handler: async (request, reply) => {
      const { companyId } = principalOf(request);
      const { beta_id, tester_id } = request.params;
      if (wantsQueue(request.query.queue)) {
        await service.queueDelete(companyId, beta_id, tester_id);
        return sendAccepted(reply);
      }
      return service.delete(companyId, beta_id, tester_id);
    },
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/export', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'exportTester',
      tags: ['Testers'],
      'x-extension': true,
      summary: "Export a tester's data",
      description:
        'Everything stored about one person, for a data request: the tester as "show tester" renders it (a tester hidden by the plan limit too), ' +
        'the stored fields it does not show, answers, referrals made (by id), points, rewards, friend invitations, e-mails sent, ' +
        'confirmation links, webhook events about them with their deliveries, share-link visits per day and suppressions. docs/privacy.md lists each section.',
      params: TesterParams,
      response: { 200: TesterExportSchema },
    },
    handler: async (request) => service.export(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/erase', {
    config: { permission: 'testers:delete', series },
    schema: {
      operationId: 'eraseTester',
      tags: ['Testers'],
      'x-extension': true,
      summary: "Erase a tester's personal data",
      description:
        "Removes the person's personal data everywhere it is stored and keeps the tester anonymized, so the beta's counts, standings and the referrals they made stay. " +
        'Their share link and status link stop working, and their address is kept from import and e-mail as a salted hash. ' +
        'Answers a receipt: rows deleted and anonymized, by table. Erasing an erased tester answers 200 with `already_erased` and nothing counted. ' +
        'docs/privacy.md says exactly what is removed, replaced and kept.',
      params: TesterParams,
      response: { 200: ErasureReceiptSchema },
    },
    handler: async (request) => service.erase(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/verify', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'verifyInvitationCode',
      tags: ['Testers'],
      summary: 'Verify invitation code',
      params: TesterParams,
      querystring: VerifyQuery,
      response: { 200: TesterSchema },
    },
    handler: async (request) =>
      service.verify(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, request.query.invitation_code),
  });

  app.post('/api/v2/betas/:beta_id/testers/:tester_id/checkin', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'checkinTester',
      tags: ['Checkins'],
      summary: 'Check in tester by id',
      description: 'Sets the tester active and records the day\'s checkin. 202, no body.',
      params: TesterParams,
      response: { 202: Accepted },
    },
    handler: async (request, reply) => {
      await service.checkin(principalOf(request).companyId, request.params.beta_id, request.params.tester_id);
      return sendAccepted(reply);
    },
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/checkins', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listCheckins',
      tags: ['Checkins'],
      summary: 'List checkins of a tester',
      description: 'The last 60 checkins, newest first; one is recorded per day.',
      params: TesterParams,
      response: { 200: Type.Array(CheckinSchema) },
    },
    handler: async (request) =>
      service.listCheckins(principalOf(request).companyId, request.params.beta_id, request.params.tester_id),
  });

  app.post('/api/v2/betas/:beta_id/checkins', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'checkinTesterByEmail',
      tags: ['Checkins'],
      summary: 'Check in tester by e-mail',
      params: BetaParams,
      description: 'Body {"checkin":{"email":…}} (or unwrapped). 202, no body.',
      body: CheckinBody,
      response: { 202: Accepted },
    },
    handler: async (request, reply) => {
      const { checkin, email } = request.body;
      await service.checkinByEmail(principalOf(request).companyId, request.params.beta_id, checkin?.email ?? email);
      return sendAccepted(reply);
    },
  });
}
