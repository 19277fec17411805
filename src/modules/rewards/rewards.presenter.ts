// Rewards as the API shows them: the v2 interface's reward object (in answers and event bodies), and
// the beta's reward definitions and rules (management extension).
import type { RewardDefinitionRow, RewardRow } from '../../db/tables/rewards.ts';
import { apiTime } from '../../primitives/time.ts';
import type { RewardRuleView } from './reward-definitions.service.ts';
import type { RewardRole, RewardStatus, RewardType } from './reward-kinds.ts';

/** The v2 interface's reward object: a whitelist of the row's fields. */
export function presentReward(row: RewardRow) {
  return {
    id: row.id,
    descriptor: row.descriptor,
    name: row.name,
    type: row.type as RewardType,
    user_role: row.user_role as RewardRole,
    user_id: row.tester_id,
    status: row.status as RewardStatus,
    earned_at: apiTime(row.earned_at),
    delivered_at: apiTime(row.delivered_at),
    revoked_at: apiTime(row.revoked_at),
  };
}

export function presentDefinition(row: RewardDefinitionRow) {
  return {
    id: row.id,
    descriptor: row.descriptor,
    name: row.name,
    type: row.type as RewardType,
    friend_name: row.friend_name,
    max_quantity_per_user: row.max_quantity_per_user,
    referrals_required: row.referrals_required,
    points: row.points,
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
  };
}

export function presentRule(rule: RewardRuleView) {
  return { ...rule, created_at: apiTime(rule.created_at) };
}
