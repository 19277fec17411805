import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { BetaExportQuery } from '../testers/testers.schemas.ts';
import { GROUP_NAME_MAX_LENGTH } from '../testers/group-name.ts';
import { UpdateStatuses } from '../testers/tester-status.ts';

export const BulkActions = ['invite', 'set_status', 'add_to_group', 'remove_from_group', 'delete'] as const;
/** The actions that ask no status of the testers. */
export const ActionsWithoutStatus: readonly (typeof BulkActions)[number][] = ['add_to_group', 'remove_from_group', 'delete'];
export const BulkStates = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
/** The most testers a "top N" selection may name. */
export const MAX_TOP = 1_000_000;

/** The tester list's filters, as its query parameters (the same schema: whatever filters the list takes). */
const Filters = Type.Object(BetaExportQuery.properties, {
  description: 'The filters of list testers (its query parameters): every visible tester matching them all; {} for every tester',
});

export const BulkActionCreateBody = Type.Object({
  action: Type.Optional(
    Type.Enum(BulkActions, {
      description:
        'Required. invite: move the testers to invited (their invitation e-mail); set_status: move them to `status`; add_to_group, remove_from_group: ' +
        'add `group` to their groups or take it out; delete: delete them, as delete tester does (with `confirm_total`)',
    }),
  ),
  status: Type.Optional(Type.Enum(UpdateStatuses, { description: 'For set_status: the status asked of each tester, as update tester asks it' })),
  group: Type.Optional(Type.String({ maxLength: 1000, description: `For add_to_group and remove_from_group: one group name (no comma, at most ${GROUP_NAME_MAX_LENGTH} characters)` })),
  confirm_total: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'For delete, required unless dry_run: how many testers the selection holds (the preview\'s `testers`); when it holds another number now, 422 and nothing is deleted',
    }),
  ),
  top: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_TOP, description: 'Select the first N testers of the waitlist in its current order, fixed when the action is created' }),
  ),
  filters: Type.Optional(Filters),
  dry_run: Type.Optional(Type.Boolean({ description: 'Answer the preview (200) and create nothing', default: false })),
});

/** The first testers a preview lists. */
export const PREVIEW_TESTERS = 25;

export const PreviewTesterSchema = Type.Object({
  id: Type.Integer(),
  position: Nullable(Type.Integer({ description: 'Place on the waitlist now; null off it' })),
  name: Nullable(Type.String({ description: 'First and last name, when the tester gave one' })),
  masked_email: Type.String({ description: 'The address masked as the public pages mask it (j***@e***.com): a preview is often shown or shared' }),
});

export const BulkPreviewSchema = Type.Object(
  {
    action: Type.Enum(BulkActions),
    status: Nullable(Type.Enum(UpdateStatuses, { description: 'The status asked of each tester; null for a group change or a deletion' })),
    group: Type.Optional(Type.String({ description: 'The group added or taken out (add_to_group, remove_from_group only)' })),
    testers: Type.Integer({ description: 'Testers selected' }),
    changes: Type.Integer({ description: 'Testers that would change: their status, their groups, or deleted' }),
    skipped: Type.Integer({ description: 'Testers selected that would be left as they are: already in the status (or the group, or out of it), or a move the status rules do not permit' }),
    emails: Type.Integer({ description: "E-mails that would be sent: the status's message is switched on, for testers whose address is not suppressed or unsubscribed" }),
    suppressed_emails: Type.Integer({ description: 'Messages recorded as suppressed instead of sent' }),
    webhook_deliveries: Type.Integer({
      description:
        'Deliveries of tester_updated events (tester_deleted for a deletion) to the enabled endpoints subscribed to them: one per changed tester and per referrer credited',
    }),
    referral_credits: Type.Integer({
      description: 'Referrals credited because the tester joins the campaign; each may also earn its referrer points and rewards (their own events)',
    }),
    first_testers: Type.Array(PreviewTesterSchema, {
      description: `The first ${PREVIEW_TESTERS} testers selected: in waitlist order for a top selection, by id for a filter's`,
    }),
  },
  { $id: 'BulkActionPreview' },
);

export const BulkActionSchema = Type.Object(
  {
    id: Type.Integer(),
    action: Type.Enum(BulkActions),
    status: Nullable(Type.Enum(UpdateStatuses, { description: 'The status asked of each tester; null for a group change or a deletion' })),
    group: Nullable(Type.String({ description: 'The group added or taken out; null for the other actions' })),
    state: Type.Enum(BulkStates, { description: 'queued, running, completed, failed or cancelled' }),
    top: Nullable(Type.Integer({ description: 'The first N of the waitlist, when selected so' })),
    filters: Nullable(Type.Record(Type.String(), Type.String(), { description: 'The list filters, when selected so' })),
    total: Type.Integer({ description: 'Testers selected when the action was created' }),
    processed: Type.Integer({ description: 'Testers done so far: changed + skipped' }),
    changed: Type.Integer({ description: 'Testers moved to the status, regrouped or deleted' }),
    skipped: Type.Integer({ description: 'Testers left as they were: already in the status (or the group, or out of it), not permitted, or deleted since' }),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: 'processed out of total, in per cent' }),
    requested_by: Type.Object({
      member_id: Nullable(Type.Integer({ description: 'The console member who asked for it' })),
      api_key_id: Nullable(Type.Integer({ description: 'The API key that asked for it' })),
    }),
    failure: Nullable(Type.String({ description: 'Why a failed action stopped' })),
    created_at: Timestamp,
    updated_at: Timestamp,
    finished_at: NullableTimestamp,
  },
  { $id: 'BulkAction' },
);

export const BulkActionListQuery = Type.Object({ ...PaginationQuery });

export const BulkActionParams = Type.Object({
  ...BetaParams.properties,
  bulk_action_id: Type.String({ maxLength: 40, description: 'Bulk action id' }),
});
