// A beta's counted figures: counters, dashboard rollups, launch figures, visits and share clicks.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated } from 'kysely';

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

/** A beta's figure of one minute for the launch panel, added up from every process (migration 046). */
export interface LaunchFiguresTable {
  beta_id: number;
  minute: string;
  figure: string;
  count: number | string;
}

/** Visits counted once per visitor per day: a form impression (target = beta) or a share click (target = tester). */
export interface DailyVisitsTable {
  kind: string; // impression, click
  target_id: number;
  day: string; // YYYY-MM-DD (UTC)
  visitor: string; // salted hash of ip and user agent
  beta_id: number;
}
