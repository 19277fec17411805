// Work an owner starts on many testers: imports, bulk actions, invitation schedules, fraud review.
// Conventions (timestamps, booleans) in ../types.ts.
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A status change asked of many testers, run in batches (migration 021, modules/bulk-actions). */
export interface BulkActionsTable {
  id: Generated<number>;
  beta_id: number;
  action: string;
  target_status: string;
  selection: string;
  top_n: number | null;
  filters: string | null; // JSON: TesterFilters
  max_tester_id: number | null;
  requested_by_member_id: number | null;
  requested_by_key_id: number | null;
  state: string;
  total: Generated<number>;
  processed: Generated<number>;
  changed: Generated<number>;
  skipped: Generated<number>;
  cursor: Generated<number>;
  failure: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** The group of add_to_group and remove_from_group (migration 044); null for the others. */
  group_name: ColumnType<string | null, string | null | undefined, string | null>;
}
export type BulkActionRow = Selectable<BulkActionsTable>;

/** Invitation waves an owner plans for a beta (migration 032, modules/invitation-schedules). */
export interface InvitationSchedulesTable {
  id: Generated<number>;
  beta_id: number;
  kind: string; // top, referrals
  count: number | null;
  every: string | null; // day, week
  weekday: string | null; // monday … sunday
  at: string | null; // HH:MM
  time_zone: string | null;
  threshold: number | null;
  paused: Generated<number>;
  skip_next: Generated<number>;
  next_run_at: string;
  created_at: string;
  updated_at: string;
}
export type InvitationScheduleRow = Selectable<InvitationSchedulesTable>;

/** Proposed fraud and signup settings replayed over a beta's testers (migration 043, modules/fraud). */
export interface FraudSimulationsTable {
  id: Generated<number>;
  beta_id: number;
  settings: string; // JSON: SimulatedSettings (modules/fraud/fraud-simulation.ts)
  status: string; // running, completed, failed
  max_tester_id: number;
  testers_total: number;
  testers_read: Generated<number>;
  testers_checked: Generated<number>;
  result: string | null; // JSON: SimulationResult
  failure: string | null;
  requested_by_member_id: number | null;
  requested_by_key_id: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export type FraudSimulationRow = Selectable<FraudSimulationsTable>;

/** A schedule's wave: due, then run as a bulk action or skipped. */
export interface InvitationWavesTable {
  id: Generated<number>;
  beta_id: number;
  schedule_id: number;
  due_at: string;
  started_at: string;
  skipped: Generated<number>;
  bulk_action_id: number | null;
  selected: Generated<number>;
  first_position: number | null;
  last_position: number | null;
}
export type InvitationWaveRow = Selectable<InvitationWavesTable>;

/** The testers of a "top N" bulk action, by waitlist position when it was created. */
export interface BulkActionItemsTable {
  bulk_action_id: number;
  position: number;
  tester_id: number;
}

/** The owner's decision on a flagged tester (migration 022, modules/fraud). */
export interface FraudDecisionsTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  decision: string;
  note: string | null;
  member_id: number | null;
  api_key_id: number | null;
  decided_by: string;
  created_at: string;
}
export type FraudDecisionRow = Selectable<FraudDecisionsTable>;

/** A CSV import of testers (migration 019, modules/imports). */
export interface ImportsTable {
  id: Generated<number>;
  beta_id: number;
  status: string;
  dry_run: number;
  send_emails: number;
  columns: string; // JSON: ImportColumn[]
  bytes: Generated<number>;
  rows_total: Generated<number>;
  rows_accepted: Generated<number>;
  rows_rejected: Generated<number>;
  rows_duplicate: Generated<number>;
  referrals_linked: Generated<number>;
  errors: Generated<string>; // JSON: {line, message}[], the first ones
  warnings: Generated<string>;
  warnings_count: Generated<number>;
  failure: string | null;
  cursor_chunk: Generated<number>;
  cursor_offset: Generated<number>;
  cursor_line: Generated<number>;
  phase: Generated<string>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export type ImportRow = Selectable<ImportsTable>;

/** The imported file, in order, while its import runs. */
export interface ImportChunksTable {
  import_id: number;
  seq: number;
  data: string;
}

/** A referrer named by a later line of the file: resolved after the last line. */
export interface ImportReferrersTable {
  import_id: number;
  tester_id: number;
  line: number;
  reference: string;
}
