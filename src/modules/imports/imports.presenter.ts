import type { Static } from 'typebox';
import type { ImportRow } from '../../db/tables/owner-work.ts';
import { apiTime } from '../../primitives/time.ts';
import type { ImportSchema, ImportStatuses } from './imports.schemas.ts';

export function presentImport(row: ImportRow): Static<typeof ImportSchema> {
  return {
    id: row.id,
    status: row.status as (typeof ImportStatuses)[number],
    dry_run: row.dry_run === 1,
    send_emails: row.send_emails === 1,
    rows_total: row.rows_total,
    rows_accepted: row.rows_accepted,
    rows_rejected: row.rows_rejected,
    rows_duplicate: row.rows_duplicate,
    referrals_linked: row.referrals_linked,
    errors: JSON.parse(row.errors),
    errors_count: row.rows_rejected,
    warnings: JSON.parse(row.warnings),
    warnings_count: row.warnings_count,
    failure: row.failure,
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
    finished_at: apiTime(row.finished_at),
  };
}
