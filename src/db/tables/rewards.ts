// Reward definitions, their rules, and the rewards testers earned.
// Conventions (timestamps, booleans) in ../types.ts.
import type { Generated, Selectable } from 'kysely';

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
export type RewardDefinitionRow = Selectable<RewardDefinitionsTable>;

export interface RewardRulesTable {
  id: Generated<number>;
  beta_id: number;
  event: string;
  definition_id: number;
  created_at: string;
}
export type RewardRuleRow = Selectable<RewardRulesTable>;

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
export type RewardRow = Selectable<RewardsTable>;
