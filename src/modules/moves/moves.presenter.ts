// A tester's moves as the API and the pages show them.
import type { TesterMoveRow } from '../../db/tables/testers.ts';
import { apiTime } from '../../primitives/time.ts';
import type { MoveCause } from './record-moves.ts';

const REFERRAL_CAUSES: readonly string[] = ['referral_credited', 'referral_held', 'referral_accepted', 'referral_reversed'];
const POINT_CAUSES: readonly string[] = ['points_awarded', 'points_revoked'];

export function presentMove(row: TesterMoveRow) {
  return {
    id: row.id,
    at: apiTime(row.at),
    cause: row.cause as MoveCause,
    position_before: row.position_before,
    position: row.position,
    referrals: row.referrals,
    points: row.points,
    referred_tester_id: REFERRAL_CAUSES.includes(row.cause) ? row.source_id : null,
    point_id: POINT_CAUSES.includes(row.cause) ? row.source_id : null,
    member_id: row.member_id,
    api_key_id: row.api_key_id,
  };
}
