// Companies, their API keys, console members and Idempotency-Keys.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated, Selectable } from 'kysely';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  max_testers: number | null;
  created_at: string;
  updated_at: string;
}
export type CompanyRow = Selectable<CompaniesTable>;

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
export type ApiKeyRow = Selectable<ApiKeysTable>;

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
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

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
export type MemberRow = Selectable<MembersTable>;

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
export type MemberSessionRow = Selectable<MemberSessionsTable>;

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
