// The database as Kysely sees it; each table's shape is in tables/, one file per area.
// Timestamps are ISO-8601 UTC text with milliseconds
// ("2026-11-22T09:15:00.123Z") on both dialects: they sort as text and need no driver conversion.
// Booleans are integers 0/1 on both dialects for the same reason.
import type { ApiKeysTable, CompaniesTable, IdempotencyKeysTable, MemberEmailsTable, MemberLinksTable, MemberSessionsTable, MembersTable } from './tables/accounts.ts';
import type { BetaImagesTable, BetasTable, InvitationCodesTable, QuestionsTable } from './tables/betas.ts';
import type { CheckinsTable, ErasureSaltsTable, ErasuresTable, FriendInvitationsTable, PointsTable, PositionChangeWindowsTable, TesterChangesTable, TesterMovesTable, TesterResponsesTable, TestersTable } from './tables/testers.ts';
import type { RewardDefinitionsTable, RewardRulesTable, RewardsTable } from './tables/rewards.ts';
import type { EmailConfirmationsTable, EmailMessagesTable, EmailSendWindowsTable, EmailSendingPausesTable, EmailTemplatesTable, LeasesTable, OutboxJobsTable, SuppressionsTable, WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable } from './tables/effects.ts';
import type { BetaCountersTable, DailyVisitsTable, LaunchFiguresTable, ShareChannelClicksTable, TesterRollupChangesTable, TesterRollupsTable } from './tables/figures.ts';
import type { SpentChallengesTable, SubnetSignupsTable, VisitorSaltsTable } from './tables/visitors.ts';
import type { BulkActionItemsTable, BulkActionsTable, FraudDecisionsTable, FraudSimulationsTable, ImportChunksTable, ImportReferrersTable, ImportsTable, InvitationSchedulesTable, InvitationWavesTable } from './tables/owner-work.ts';

export interface Database {
  companies: CompaniesTable;
  api_keys: ApiKeysTable;
  betas: BetasTable;
  beta_counters: BetaCountersTable;
  beta_images: BetaImagesTable;
  testers: TestersTable;
  share_channel_clicks: ShareChannelClicksTable;
  questions: QuestionsTable;
  tester_responses: TesterResponsesTable;
  invitation_codes: InvitationCodesTable;
  checkins: CheckinsTable;
  outbox_jobs: OutboxJobsTable;
  points: PointsTable;
  reward_definitions: RewardDefinitionsTable;
  reward_rules: RewardRulesTable;
  rewards: RewardsTable;
  suppressions: SuppressionsTable;
  friend_invitations: FriendInvitationsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  email_templates: EmailTemplatesTable;
  email_messages: EmailMessagesTable;
  email_confirmations: EmailConfirmationsTable;
  tester_changes: TesterChangesTable;
  tester_rollups: TesterRollupsTable;
  tester_rollup_changes: TesterRollupChangesTable;
  visitor_salts: VisitorSaltsTable;
  daily_visits: DailyVisitsTable;
  leases: LeasesTable;
  idempotency_keys: IdempotencyKeysTable;
  erasure_salts: ErasureSaltsTable;
  erasures: ErasuresTable;
  imports: ImportsTable;
  import_chunks: ImportChunksTable;
  import_referrers: ImportReferrersTable;
  members: MembersTable;
  member_sessions: MemberSessionsTable;
  member_links: MemberLinksTable;
  member_emails: MemberEmailsTable;
  bulk_actions: BulkActionsTable;
  bulk_action_items: BulkActionItemsTable;
  fraud_decisions: FraudDecisionsTable;
  invitation_schedules: InvitationSchedulesTable;
  invitation_waves: InvitationWavesTable;
  spent_challenges: SpentChallengesTable;
  subnet_signups: SubnetSignupsTable;
  tester_moves: TesterMovesTable;
  position_change_windows: PositionChangeWindowsTable;
  email_send_windows: EmailSendWindowsTable;
  email_sending_pauses: EmailSendingPausesTable;
  fraud_simulations: FraudSimulationsTable;
  launch_figures: LaunchFiguresTable;
}
