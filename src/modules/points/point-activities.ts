// What a point is earned for: the ledger, its schemas and its presenter all name these, and the
// ledger renders through the presenter.

export const PointActivities = ['bonus', 'signup', 'share', 'referral', 'reward', 'friend_reward'] as const;
export type PointActivity = (typeof PointActivities)[number];
