// What leaves after commit: the outbox, its leases, webhooks and e-mail.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated, Selectable } from 'kysely';

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
export type OutboxJobRow = Selectable<OutboxJobsTable>;

export interface SuppressionsTable {
  id: Generated<number>;
  beta_id: number;
  email: string;
  email_normalized: string;
  tester_id: number | null;
  reason: string; // Manual, Unsubscribe, HardBounce, SpamComplaint
  suppressed_at: string;
}
export type SuppressionRow = Selectable<SuppressionsTable>;

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
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export interface WebhookEventsTable {
  id: Generated<number>;
  public_id: string; // evt_…
  beta_id: number;
  type: string;
  payload: string; // JSON: the body as sent
  created_at: string;
}
export type WebhookEventRow = Selectable<WebhookEventsTable>;

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
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

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
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;

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
export type EmailMessageRow = Selectable<EmailMessagesTable>;

export interface EmailConfirmationsTable {
  id: Generated<number>;
  token: string;
  tester_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Leases held on periodic work (migration 013, jobs/leases.ts): a row while someone holds one. */
export interface LeasesTable {
  name: string;
  /** Which process holds it: host, pid and a random part. */
  holder: string;
  /** When it runs out unless renewed; a lease past it may be taken over. */
  locked_until: string;
}

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
