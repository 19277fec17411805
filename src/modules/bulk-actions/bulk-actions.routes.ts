import Type from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { BetaParams } from '../../http/schemas.ts';
import { MAX_SELECTED_IDS } from '../testers/selected-ids.ts';
import { presentBulkAction } from './bulk-actions.presenter.ts';
import { BulkActionCreateBody, BulkActionListQuery, BulkActionParams, BulkActionSchema, BulkPreviewSchema } from './bulk-actions.schemas.ts';
import type { BulkActionsService } from './bulk-actions.service.ts';

export function bulkActionsRoutes(app: App, bulkActions: BulkActionsService): void {
  const series = 'testers' as const;

  app.post('/api/v2/betas/:beta_id/bulk_actions', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'createBulkAction',
      tags: ['Bulk actions'],
      summary: 'Preview or start a bulk action',
      description:
        'Invites the first `top` testers of the waitlist (action invite), or acts on every tester matching `filters` (the tester list\'s query parameters): ' +
        'invites them, moves them to `status` (set_status), adds `group` to their groups or takes it out (add_to_group, remove_from_group), or deletes them ' +
        '(delete, with `confirm_total`), each exactly as update or delete tester would: its e-mail and webhook events follow. Testers picked one by one are ' +
        `the filter \`ids\` (their ids, comma-separated, at most ${MAX_SELECTED_IDS}); "every tester matching" is the list's filters themselves. With \`dry_run\` answers 200 with the ` +
        'preview (testers, changes, e-mails, webhook deliveries) and creates nothing; otherwise answers 202 with the action, queued, run in the background ' +
        'in batches. A tester already in the status, or whose move the status rules do not permit, is skipped and counted. A "top" selection is fixed ' +
        `when the action is created. Anything wrong with the request: 422 (${Errors.testersGeneral.code}).`,
      'x-extension': true,
      params: BetaParams,
      body: BulkActionCreateBody,
      response: { 200: BulkPreviewSchema, 202: BulkActionSchema },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body ?? {};
      if (body.dry_run) return reply.status(200).send(await bulkActions.preview(principal.companyId, request.params.beta_id, body));
      return reply.status(202).send(presentBulkAction(await bulkActions.create(principal, request.params.beta_id, body)));
    },
  });

  app.get('/api/v2/betas/:beta_id/bulk_actions', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'listBulkActions',
      tags: ['Bulk actions'],
      summary: 'List bulk actions',
      description: "The beta's bulk actions, newest first, with their progress.",
      'x-extension': true,
      params: BetaParams,
      querystring: BulkActionListQuery,
      response: { 200: Type.Array(BulkActionSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await bulkActions.list(principalOf(request).companyId, request.params.beta_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentBulkAction) });
    },
  });

  app.get('/api/v2/betas/:beta_id/bulk_actions/:bulk_action_id', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'showBulkAction',
      tags: ['Bulk actions'],
      summary: 'Show bulk action',
      description: 'The action with its progress: testers processed, changed and skipped out of the total.',
      'x-extension': true,
      params: BulkActionParams,
      response: { 200: BulkActionSchema },
    },
    handler: async (request) => presentBulkAction(await bulkActions.show(principalOf(request).companyId, request.params.beta_id, request.params.bulk_action_id)),
  });

  app.post('/api/v2/betas/:beta_id/bulk_actions/:bulk_action_id/cancel', {
    config: { permission: 'testers:write', series },
    schema: {
      operationId: 'cancelBulkAction',
      tags: ['Bulk actions'],
      summary: 'Cancel bulk action',
      description:
        'Stops a queued or running action after its current batch (rolled back); testers moved by earlier batches stay moved. ' +
        `Cancelling again answers the action; a completed or failed one is 422 (${Errors.testersGeneral.code}).`,
      'x-extension': true,
      params: BulkActionParams,
      response: { 200: BulkActionSchema },
    },
    handler: async (request) => presentBulkAction(await bulkActions.cancel(principalOf(request).companyId, request.params.beta_id, request.params.bulk_action_id)),
  });
}
