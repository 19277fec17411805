import type { Static } from 'typebox';
import type { BulkActionRow } from '../../db/tables/owner-work.ts';
import { apiTime } from '../../primitives/time.ts';
import type { UpdateStatus } from '../testers/tester-status.ts';
import type { BulkActions, BulkActionSchema, BulkStates } from './bulk-actions.schemas.ts';

export function presentBulkAction(row: BulkActionRow): Static<typeof BulkActionSchema> {
  return {
    id: row.id,
    action: row.action as (typeof BulkActions)[number],
    // '' for the actions that ask no status (migration 044).
    status: row.target_status === '' ? null : (row.target_status as UpdateStatus),
    group: row.group_name,
    state: row.state as (typeof BulkStates)[number],
    top: row.top_n,
    filters: row.filters === null ? null : (JSON.parse(row.filters) as Record<string, string>),
    total: row.total,
    processed: row.processed,
    changed: row.changed,
    skipped: row.skipped,
    progress: row.state === 'completed' ? 100 : row.total === 0 ? 0 : Math.min(100, Math.floor((row.processed * 100) / row.total)),
    requested_by: { member_id: row.requested_by_member_id, api_key_id: row.requested_by_key_id },
    failure: row.failure,
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
    finished_at: apiTime(row.finished_at),
  };
}
