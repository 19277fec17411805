// Testers and what hangs on each: answers, checkins, points, moves, the standing feed, erasures.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
export type TesterRow = Selectable<TestersTable>;
export type NewTester = Insertable<TestersTable>;
export type TesterUpdate = Updateable<TestersTable>;

export interface TesterResponsesTable {
  id: Generated<number>;
  tester_id: number;
  question_id: number;
  answer: string; // the chosen option's text, several joined by ", ", or the typed text
  created_at: string;
  updated_at: string;
}

export interface CheckinsTable {
  id: Generated<number>;
  beta_id: number;
  tester_id: number;
  date: string; // YYYY-MM-DD (UTC)
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
export type PointRow = Selectable<PointsTable>;

export interface FriendInvitationsTable {
  id: Generated<number>;
  beta_id: number;
  inviter_id: number | null;
  invitee_id: number | null;
  message: string | null;
  created_at: string;
}
export type FriendInvitationRow = Selectable<FriendInvitationsTable>;

/**
 * The standing feed (migration 014, modules/waitlist/standing-feed.ts): one row per change of a
 * tester that is or was on the waitlist, written by triggers on testers in the changing transaction.
 */
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
