// A tester's progress (docs/decisions.md, "Leaderboard and progress"): where they stand, where one
// more credited referral would put them, and the beta's milestone rewards on the way. The position
// with one more referral is the tester's key raised as the credit would raise it, ranked in the
// standings index (Standings.standingWithMore): no rows are counted, at any length of the waitlist.
import type { Db } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { InvitationSchedulesService } from '../invitation-schedules/invitation-schedules.service.ts';
import { milestonesOf, type Milestone } from '../rewards/reward-definitions.service.ts';
import type { Standing, Standings } from '../waitlist/standings.ts';

export interface NextReward extends Milestone {
  referrals_needed: number;
}

export interface Progress extends Standing {
  tester_id: number;
  position_with_one_more_referral: number | null;
  /** When the tester can expect their invitation (invitation-estimate.ts); null when nothing says. */
  estimated_invitation_at: Date | null;
  share_signups_count: number;
  points: number;
  /** Every milestone reward of the beta, fewest referrals first. */
  milestones: readonly Milestone[];
  /** The milestones the tester has not reached yet, with the referrals each still needs. */
  next_rewards: NextReward[];
}

/** What progress reads of the tester's row. */
export const PROGRESS_COLUMNS = ['id', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'] as const;
export type ProgressTester = Pick<TesterRow, (typeof PROGRESS_COLUMNS)[number]>;

/**
 * What one more credited referral adds to the value the beta's waitlist is ranked by: one referral,
 * or in points order the beta's referral_points (a reward the credit may also earn is not counted).
 */
export function oneMoreReferral(beta: Beta): number {
  return beta.settings.waitlist_order === 'points' ? beta.settings.referral_points : 1;
}

export async function progressOf(
  db: Db,
  standings: Standings,
  invitations: Pick<InvitationSchedulesService, 'estimatedInvitationAt'>,
  beta: Beta,
  tester: ProgressTester,
): Promise<Progress> {
  const [{ standing, positionWithMore }, milestones] = await Promise.all([
    standings.standingWithMore(beta, tester, oneMoreReferral(beta)),
    milestonesOf(db, beta.id),
  ]);
  const estimated = await invitations.estimatedInvitationAt(beta, standing.waitlist_position);
  const referrals = tester.share_signups_count;
  return {
    tester_id: tester.id,
    ...standing,
    position_with_one_more_referral: positionWithMore,
    estimated_invitation_at: estimated,
    share_signups_count: referrals,
    points: tester.points,
    milestones,
    next_rewards: milestones
      .filter((milestone) => milestone.referrals_required > referrals)
      .map((milestone) => ({ ...milestone, referrals_needed: milestone.referrals_required - referrals })),
  };
}
