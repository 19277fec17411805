// Table shapes as Kysely sees them. Timestamps are ISO-8601 UTC text with milliseconds
// ("2026-11-22T09:15:00.123Z") on both dialects: they sort as text and need no driver conversion.
// Booleans are integers 0/1 on both dialects for the same reason.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  max_testers: number | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  key_hash: string;
  key_prefix: string;
  permissions: string; // JSON array of permission names
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface BetasTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  homepage_url: string;
  /** The public signup page's name (/b/{slug}); null = reached by id only. */
  slug: Generated<string | null>;
  settings: string; // JSON object, see modules/betas/beta-settings.ts
  /** JSON object, see modules/betas/beta-page.ts (migration 028). */
  page: Generated<string>;
  /** The beta this one is the sandbox of (migration 041); null for a beta of its own. */
  sandbox_of: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** A beta's logo and hero image (migration 028), served by the digest of their bytes. */
export interface BetaImagesTable {
  beta_id: number;
  kind: 'logo' | 'hero';
  /** SHA-256 of the bytes, hex. */
  digest: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

/**
 * A beta's counters (migration 015, modules/betas/beta-counters.ts), spread over several rows
 * ("slots") that a reader adds up: a writer adds to one slot, so writers rarely wait for each other.
 */
export interface BetaCountersTable {
  beta_id: number;
  slot: number;
  testers_count: Generated<number>;
  impressions_count: Generated<number>;
  share_clicks_count: Generated<number>;
  share_signups_count: Generated<number>;
  imported_testers_count: Generated<number>;
  unconfirmed_testers_count: Generated<number>;
  applied_testers_count: Generated<number>;
  invited_testers_count: Generated<number>;
  active_testers_count: Generated<number>;
  rejected_testers_count: Generated<number>;
  suspended_testers_count: Generated<number>;
  idle_testers_count: Generated<number>;
}

/** Clicks on a beta's share links per channel (migration 030), counted as share_clicks_count is. */
export interface ShareChannelClicksTable {
  beta_id: number;
  channel: string;
  clicks: Generated<number>;
}

export interface TestersTable {
  id: Generated<number>;
  uuid: string;
  beta_id: number;
  email: string;
  email_normalized: string;
  status: string;
  status_before_suspension: string | null;
  hidden: Generated<number>;
  invitation_code: string;
  referral_code: string;
  referrer_id: number | null;
  referral_credited_at: string | null;
  share_clicks_count: Generated<number>;
  share_signups_count: Generated<number>;
  friend_invitations_allowed: number;
  friend_invitations_count: Generated<number>;
  points: Generated<number>;
  groups: string;
  name_search: string; // lower(first_name + ' ' + last_name), for the name filter
  first_name: string | null;
  last_name: string | null;
  employer: string | null;
  jobtitle: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  locale: string | null;
  telephone: string | null;
  gender: string | null;
  age: string | null;
  facebook_username: string | null;
  twitter_username: string | null;
  linkedin_username: string | null;
  browser_name: string | null;
  browser_version: string | null;
  os_name: string | null;
  os_version: string | null;
  ip: string | null;
  user_agent: string | null;
  custom_var1: string | null;
  custom_var2: string | null;
  custom_var3: string | null;
  http_referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  imported_at: string | null;
  applied_at: string | null;
  invited_at: string | null;
  joined_at: string | null;
  unsubscribed_at: string | null;
  last_checkin_at: string | null;
  last_active_at: string | null;
  // Fraud signals (migration 008, modules/fraud): the address's mailbox, what the signup sent,
  // its flags (JSON array, null for none), and whether its referral waits for the owner.
  email_alias_key: string | null;
  signup_ip: string | null;
  signup_user_agent: string | null;
  /** The signup's IPv4 /24 or IPv6 /48 (migration 047), for the subnet burst signal. */
  signup_subnet: string | null;
  fraud_flags: string | null;
  referral_held: Generated<number>;
  referral_accepted_at: string | null;
  /** When the owner reversed the credited referral (migration 045): never credited again. */
  referral_reversed_at: string | null;
  /** The owner's review of its flags (migration 022): approve, reject, or null while undecided. */
  fraud_decision: string | null;
  /** The public name on the leaderboard and status page (migration 029); null: the masked address is shown. */
  leaderboard_name: string | null;
  /** The owner's manual priority (migration 051): ranks before the counts; 0 is the earned place. */
  priority: Generated<number>;
  /** When the person's data was erased (migration 018): the row stays, anonymized, for the beta's counts. */
  erased_at: string | null;
  /** The share channel of the link a referred signup came through (migration 030), null for none. */
  referral_channel: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  beta_id: number;
  kind: string;
  prompt: string;
  choices: string; // JSON array of strings
  required: number;
  created_at: string;
}

export interface TesterResponsesTable {
  id: Generated<number>;
  tester_id: number;
  question_id: number;
  answer: string; // the chosen option's text, several joined by ", ", or the typed text
  created_at: string;
  updated_at: string;
}

export interface InvitationCodesTable {
  id: Generated<number>;
  beta_id: number;
  code: string;
  code_normalized: string;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
  created_at: string;
}

export interface CheckinsTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  date: string; // YYYY-MM-DD (UTC)
  created_at: string;
}

export interface OutboxJobsTable {
  id: Generated<number>;
  kind: string;
  payload: string; // JSON
  run_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  /** The process whose lease locked_until is (jobs/holders.ts); null when nobody holds the job. */
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
}

export interface PointsTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  quantity: number;
  activity: string; // bonus, signup, share, referral, reward, friend_reward
  reason: string | null;
  reward_id: number | null;
  dedupe_key: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RewardDefinitionsTable {
  id: Generated<number>;
  beta_id: number;
  descriptor: string;
  name: string;
  friend_name: string | null;
  type: string; // SingleSided, DoubleSided, Milestone
  max_quantity_per_user: number;
  referrals_required: number | null;
  points: number;
  created_at: string;
  updated_at: string;
}

export interface RewardRulesTable {
  id: Generated<number>;
  beta_id: number;
  event: string;
  definition_id: number;
  created_at: string;
}

export interface RewardsTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  definition_id: number | null;
  descriptor: string;
  name: string;
  type: string;
  user_role: string; // referrer or friend
  status: string; // earned, delivered, revoked
  source: string; // manual, trigger, signup, milestone
  earned_at: string;
  delivered_at: string | null;
  revoked_at: string | null;
}

export interface SuppressionsTable {
  id: Generated<number>;
  beta_id: number;
  email: string;
  email_normalized: string;
  tester_id: number | null;
  reason: string; // Manual, Unsubscribe, HardBounce, SpamComplaint
  suppressed_at: string;
}

export interface FriendInvitationsTable {
  id: Generated<number>;
  beta_id: number;
  inviter_id: number | null;
  invitee_id: number | null;
  message: string | null;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  beta_id: number;
  url: string;
  secret: string;
  events: string | null; // JSON array of event types; null = every type
  enabled: Generated<number>;
  disabled_reason: string | null;
  /** Also sign with the original service's X-Prefinery-Signature (0/1). */
  prefinery_signature: Generated<number>;
  /** standard, slack or discord (migration 036). */
  format: Generated<string>;
  /** HH:MM local to digest_time_zone; null = no daily digest. */
  digest_at: string | null;
  digest_time_zone: string | null;
  /** When the next digest is due; null = none. */
  digest_next_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  public_id: string; // evt_…
  beta_id: number;
  type: string;
  payload: string; // JSON: the body as sent
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  attempt: number;
  status: string; // succeeded, failed
  response_status: number | null;
  error: string | null;
  duration_ms: number;
  next_attempt_at: string | null;
  created_at: string;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  beta_id: number;
  occasion: string; // see modules/emails/email-templates.ts
  subject: string | null; // null = the default
  body: string | null; // null = the default
  html_body: string | null; // null = the default; '' = no HTML part
  enabled: number | null; // null = the occasion's default
  created_at: string;
  updated_at: string;
}

export interface EmailMessagesTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number | null;
  to_address: string;
  email_normalized: string;
  occasion: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string; // queued, sent, captured, suppressed, failed
  error: string | null;
  unsubscribe_token: string;
  provider_message_id: string | null;
  created_at: string;
  sent_at: string | null;
  /** 1: a template's test send to a member's chosen address, for a sample tester (migration 025). */
  test: Generated<number>;
  /** When the SMTP server accepted the message or refused its recipient: a send (migration 040). */
  attempted_at: string | null;
  /** hard_bounce or complaint: what the sending breaker counts against the beta (migration 040). */
  problem: string | null;
}

export interface EmailConfirmationsTable {
  id: Generated<number>;
  token: string;
  tester_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * The standing feed (migration 014, modules/waitlist/standing-feed.ts): one row per change of a
 * tester that is or was on the waitlist, written by triggers on testers in the changing transaction.
 */
/** A beta's dashboard figure over its visible testers, kept by the fold (modules/stats/rollups.ts). */
export interface TesterRollupsTable {
  beta_id: number;
  /**
   * day (of signup; value YYYY-MM-DD, UTC), country, source ('' for none given), channel, or the
   * day a stage was reached: confirmed_day, invited_day, active_day (migration 050).
   */
  kind: string;
  value: string;
  testers: number;
  /** Of those, the testers with a referrer. */
  referred: number;
  /** Of those, the testers ever confirmed, invited and active (migration 050). */
  confirmed: number;
  invited: number;
  active: number;
}

/** A visible tester's row added to (delta 1) or taken from (-1) the rollups, not yet folded (triggers write it). */
export interface TesterRollupChangesTable {
  seq: Generated<number>;
  beta_id: number;
  day: string;
  country: string | null;
  source: string | null;
  channel: string | null;
  referred: number;
  /** The UTC days the tester was first confirmed, invited and active, null before (migration 050). */
  confirmed_day: string | null;
  invited_day: string | null;
  active_day: string | null;
  delta: number;
}

export interface TesterChangesTable {
  seq: Generated<number>;
  beta_id: number;
  tester_id: number;
  /** What the tester had before an update (null for an insert). */
  old_referrals: number | null;
  old_points: number | null;
  old_applied_at: string | null;
  /** Null for an insert, and in rows written before migration 051. */
  old_priority: number | null;
  /** Seconds since the epoch, by the database's clock. */
  created_at: Generated<number>;
  /** PostgreSQL only: the writing transaction (xid8, read as text). */
  xid?: Generated<string>;
}

/** Random salts of visitor hashes (migration 007): "day:YYYY-MM-DD" per UTC day, and "share-points". */
/** A proof-of-work challenge solved and used once: refused again until it would have expired. */
export interface SpentChallengesTable {
  beta_id: number;
  nonce: string;
  expires_at: string;
}

/** A public signup let through from a visitor subnet (IPv4 /24, IPv6 /48); kept for an hour. */
export interface SubnetSignupsTable {
  beta_id: number;
  token: string;
  subnet: string;
  created_at: string;
}

/** A beta's figure of one minute for the launch panel, added up from every process (migration 046). */
export interface LaunchFiguresTable {
  beta_id: number;
  minute: string;
  figure: string;
  count: number | string;
}

export interface VisitorSaltsTable {
  name: string;
  salt: string;
  created_at: string;
}

/** Visits counted once per visitor per day: a form impression (target = beta) or a share click (target = tester). */
export interface DailyVisitsTable {
  kind: string; // impression, click
  target_id: number;
  day: string; // YYYY-MM-DD (UTC)
  visitor: string; // salted hash of ip and user agent
  beta_id: number;
}

/** Leases held on periodic work (migration 013, jobs/leases.ts): a row while someone holds one. */
export interface LeasesTable {
  name: string;
  /** Which process holds it: host, pid and a random part. */
  holder: string;
  /** When it runs out unless renewed; a lease past it may be taken over. */
  locked_until: string;
}

/**
 * An Idempotency-Key a company used (migration 017, modules/idempotency): claimed by the first
 * request that sent it, then holding that request's answer for replays, for 24 hours.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  company_id: number;
  idempotency_key: string;
  /** SHA-256 (hex) of the request: method, path, query and body. */
  fingerprint: string;
  /** While the first request runs, until when its claim holds; null once answered. */
  locked_until: string | null;
  /** The answer; null while the first request runs. */
  response_status: number | null;
  response_headers: string | null; // JSON object of the headers replayed
  response_body: string | null;
  created_at: string;
}

/** A beta's random key for the hashes of erased addresses (migration 018), made by its first erasure. */
export interface ErasureSaltsTable {
  beta_id: number;
  salt: string;
  created_at: string;
}

/** An erased address, as the hex HMAC-SHA256 of its lower-cased form under the beta's salt (migration 018). */
export interface ErasuresTable {
  id: Generated<number>;
  beta_id: number;
  email_hash: string;
  created_at: string;
}

/** A member of a company: who signs in to the console (migration 020, modules/members). */
export interface MembersTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  email_normalized: string;
  /** modules/members/passwords.ts; null until the member sets one. */
  password_hash: string | null;
  role: string; // owner, admin, viewer
  created_at: string;
  updated_at: string;
}

export interface MemberSessionsTable {
  id: Generated<number>;
  member_id: number;
  /** SHA-256 (hex) of the cookie's value. */
  token_hash: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** A one-time link that sets a password: setup (the first owner), invitation or reset. */
export interface MemberLinksTable {
  id: Generated<number>;
  kind: string;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  member_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An e-mail to a member (invitation, reset), sent by the outbox or captured without SMTP. */
export interface MemberEmailsTable {
  id: Generated<number>;
  member_id: number | null;
  to_address: string;
  occasion: string;
  subject: string;
  text_body: string;
  status: string; // queued, sent, captured, failed
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

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

export type ImportRow = Selectable<ImportsTable>;
export type BulkActionRow = Selectable<BulkActionsTable>;
export type FraudSimulationRow = Selectable<FraudSimulationsTable>;
export type InvitationScheduleRow = Selectable<InvitationSchedulesTable>;
export type InvitationWaveRow = Selectable<InvitationWavesTable>;
export type FraudDecisionRow = Selectable<FraudDecisionsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type BetaRow = Selectable<BetasTable>;
export type TesterRow = Selectable<TestersTable>;
export type NewTester = Insertable<TestersTable>;
export type TesterUpdate = Updateable<TestersTable>;
export type QuestionRow = Selectable<QuestionsTable>;
export type InvitationCodeRow = Selectable<InvitationCodesTable>;
export type OutboxJobRow = Selectable<OutboxJobsTable>;
export type PointRow = Selectable<PointsTable>;
export type RewardDefinitionRow = Selectable<RewardDefinitionsTable>;
export type RewardRuleRow = Selectable<RewardRulesTable>;
export type RewardRow = Selectable<RewardsTable>;
export type SuppressionRow = Selectable<SuppressionsTable>;
export type FriendInvitationRow = Selectable<FriendInvitationsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type EmailMessageRow = Selectable<EmailMessagesTable>;
export type MemberRow = Selectable<MembersTable>;
export type MemberSessionRow = Selectable<MemberSessionsTable>;

/** A change of a tester's own standing and its cause (migration 034, modules/moves). */
export interface TesterMovesTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  at: string;
  cause: string;
  /** The referred tester or the point that caused it, by cause. */
  source_id: number | null;
  position_before: number | null;
  position: number | null;
  referrals: number;
  points: number;
  /** The console member whose action caused it; null for the API, the tester or the service. */
  member_id: number | null;
  /** The API key whose request moved the tester by hand (migration 051); null otherwise. */
  api_key_id: number | null;
}
export type TesterMoveRow = Selectable<TesterMovesTable>;

/** A tester's open window of position changes (migration 039, modules/moves/position-changes.ts). */
export interface PositionChangeWindowsTable {
  beta_id: number;
  tester_id: number;
  position_before: number | null;
  cause: string;
  moves: number;
  opened_at: string;
}
export type PositionChangeWindowRow = Selectable<PositionChangeWindowsTable>;

/** Sends per minute and scope, for the e-mail caps (migration 040, modules/emails/send-caps.ts). */
export interface EmailSendWindowsTable {
  /** 'server', or 'beta:{id}'. */
  scope: string;
  window_start: string;
  sends: number;
}

/** A beta's sending paused by the breaker (migration 040, modules/emails/sending-breaker.ts). */
export interface EmailSendingPausesTable {
  id: Generated<number>;
  beta_id: number;
  paused_at: string;
  reason: string;
  problems: number;
  sends: number;
  /** Null while the pause is in force. */
  resumed_at: string | null;
  resumed_by: string | null;
}
export type EmailSendingPauseRow = Selectable<EmailSendingPausesTable>;
