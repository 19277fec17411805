// The leaderboard and a tester's progress as the API and the public endpoint show them: whitelists,
// timestamps in the API's format. Visitors get names only; the owner gets who each entry is.
import { apiTime, storedTime } from '../../primitives/time.ts';
import type { Beta } from '../betas/betas.service.ts';
import { publicName, type Board, type PublicBoard } from './leaderboard.service.ts';
import type { Progress } from './progress.ts';

export function presentProgress(progress: Progress) {
  const { tester_id, waitlist_position, waitlist_length, position_with_one_more_referral, share_signups_count, points, next_rewards } = progress;
  const estimated_invitation_at = progress.estimated_invitation_at && apiTime(storedTime(progress.estimated_invitation_at));
  return { tester_id, waitlist_position, waitlist_length, position_with_one_more_referral, estimated_invitation_at, share_signups_count, points, next_rewards };
}

export function presentOwnerBoard(beta: Beta, board: Board) {
  return {
    enabled: beta.settings.leaderboard_enabled,
    size: beta.settings.leaderboard_size,
    updated_at: apiTime(board.updatedAt),
    entries: board.entries.map((entry) => ({
      rank: entry.rank,
      tester_id: entry.testerId,
      email: entry.email,
      leaderboard_name: entry.leaderboardName,
      name: publicName({ leaderboard_name: entry.leaderboardName, email: entry.email }),
      waitlist_position: entry.waitlistPosition,
      referrals: entry.referrals,
      points: entry.points,
    })),
  };
}

/** What visitors read: no tester id, no address. */
export function presentPublicBoard(board: PublicBoard) {
  return {
    entries: board.entries.map(({ rank, name, referrals, points }) => ({ rank, name, referrals, points })),
    updated_at: apiTime(board.updatedAt),
  };
}
