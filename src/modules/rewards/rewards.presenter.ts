// The reward object of spec 2.3, in answers and event bodies.
import type { RewardRow } from '../../db/types.ts';
import { apiTime } from '../../time.ts';
import type { RewardRole, RewardStatus, RewardType } from './reward-engine.ts';

/** The reward object of spec 2.3: a whitelist of the row's fields. */
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
