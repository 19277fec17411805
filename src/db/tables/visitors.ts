// The public side's guard: visitor salts, spent challenges, subnet signups.
// Conventions (timestamps, booleans) in ../types.ts.

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

/** Random salts of visitor hashes (migration 007): "day:YYYY-MM-DD" per UTC day, and "share-points". */
export interface VisitorSaltsTable {
  name: string;
  salt: string;
  created_at: string;
}
